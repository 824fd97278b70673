//! The bearer-token gate in front of the API (tokens from [`super::auth`]):
//! a request without a valid token is a 401 problem+json with
//! `WWW-Authenticate: Bearer`; a route declared open (the probes,
//! `/healthz` and `/readyz`) passes without one.
//!
//! The edge asks the gate as soon as a request's headers are read, before
//! it reads a byte of the body, so a client without a token cannot make
//! the service hold its body (a 401 with a body behind it also closes the
//! connection, see `middleware`).

use super::problem_response::HttpProblem;
use super::route_terms::RouteTable;
use super::state::AppState;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use showdown_json::Problem;

/// The gate's answer when the request may not pass: `/metrics` hidden when
/// an admin address serves it, and a 401 for a request that needs a token
/// and has no valid one. `None`: let it through. Only the head is read.
pub(super) fn refusal(state: &AppState, routes: RouteTable, req: &Request) -> Option<Response> {
    let auth = &state.config.auth;
    let path = req.uri().path();
    if !routes.needs_token(path) {
        return None;
    }
    if path == "/metrics" && !auth.metrics_public {
        return Some(
            HttpProblem::from(Problem::from_status(
                StatusCode::NOT_FOUND,
                "metrics are served on the admin address",
            ))
            .into_response(),
        );
    }
    if !auth.enabled() {
        return None;
    }
    let given = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| bearer_token(v.as_bytes()));
    match given {
        Some(token) if auth.accepts(token) => None,
        Some(_) => Some(unauthorized(
            "the bearer token is not valid",
            "Bearer realm=\"showdown\", error=\"invalid_token\"",
        )),
        None => Some(unauthorized(
            "an Authorization: Bearer token is required",
            "Bearer realm=\"showdown\"",
        )),
    }
}

/// The token of an `Authorization: Bearer` value: the scheme is
/// case-insensitive (RFC 9110 §11.1) and followed by one or more spaces
/// (`1*SP`, RFC 6750 §2.1). Ours, as tower-http's bearer check compares
/// the whole value, scheme's case included, with one token.
fn bearer_token(value: &[u8]) -> Option<&[u8]> {
    const SCHEME: &[u8] = b"bearer";
    let (scheme, rest) = value.split_at_checked(SCHEME.len())?;
    if !scheme.eq_ignore_ascii_case(SCHEME) || rest.first() != Some(&b' ') {
        return None;
    }
    let token = rest.trim_ascii_start();
    (!token.is_empty()).then_some(token)
}

fn unauthorized(detail: &str, challenge: &'static str) -> Response {
    let mut res =
        HttpProblem::from(Problem::from_status(StatusCode::UNAUTHORIZED, detail)).into_response();
    res.headers_mut().insert(
        header::WWW_AUTHENTICATE,
        HeaderValue::from_static(challenge),
    );
    res
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::auth::AuthConfig;

    async fn status_of(app: &axum::Router, path: &str, token: Option<&str>) -> Response {
        use tower::ServiceExt;
        let mut req = axum::http::Request::get(path);
        if let Some(t) = token {
            req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        app.clone()
            .oneshot(req.body(axum::body::Body::empty()).unwrap())
            .await
            .unwrap()
    }

    async fn status_of_with(app: &axum::Router, path: &str, authorization: &str) -> Response {
        use tower::ServiceExt;
        let req = axum::http::Request::get(path).header(header::AUTHORIZATION, authorization);
        app.clone()
            .oneshot(req.body(axum::body::Body::empty()).unwrap())
            .await
            .unwrap()
    }

    /// API.md Errors, 401: with tokens configured a request needs one;
    /// health and readiness never do; `/metrics` moves to the admin address.
    /// The scheme's case is free (RFC 9110 §11.1), one space or more.
    #[tokio::test]
    async fn api_401_without_a_valid_bearer_token_health_and_readiness_exempt() {
        let mut auth = AuthConfig::load(None, Some("t0ken")).unwrap();
        auth.metrics_public = false;
        let config = crate::edge::config::AppConfig {
            auth,
            ..Default::default()
        };
        let app = crate::routes::app(AppState::new(config));
        let none = status_of(&app, "/v1/variants", None).await;
        assert_eq!(none.status(), StatusCode::UNAUTHORIZED);
        assert_eq!(
            none.headers()[header::WWW_AUTHENTICATE],
            "Bearer realm=\"showdown\""
        );
        assert_eq!(
            none.headers()[header::CONTENT_TYPE],
            showdown_json::problem::PROBLEM_JSON
        );
        let wrong = status_of(&app, "/v1/variants", Some("t0kem")).await;
        assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
        let right = status_of(&app, "/v1/variants", Some("t0ken")).await;
        assert_eq!(right.status(), StatusCode::OK);
        for open in ["/healthz", "/readyz"] {
            assert_eq!(status_of(&app, open, None).await.status(), StatusCode::OK);
        }
        for scheme in ["bearer", "BEARER", "bEaReR", "Bearer  "] {
            let r = status_of_with(&app, "/v1/variants", &format!("{scheme} t0ken")).await;
            assert_eq!(r.status(), StatusCode::OK, "{scheme:?}");
        }
        for wrong in [
            "Bearert0ken",
            "Basic t0ken",
            "Bearer",
            "Bearer ",
            "Bear t0ken",
        ] {
            let r = status_of_with(&app, "/v1/variants", wrong).await;
            assert_eq!(r.status(), StatusCode::UNAUTHORIZED, "{wrong:?}");
        }
        let metrics = status_of(&app, "/metrics", Some("t0ken")).await;
        assert_eq!(metrics.status(), StatusCode::NOT_FOUND);
        // Off by default: no token needed anywhere.
        let open = crate::routes::app(AppState::default());
        let r = status_of(&open, "/v1/variants", None).await;
        assert_eq!(r.status(), StatusCode::OK);
    }
}
