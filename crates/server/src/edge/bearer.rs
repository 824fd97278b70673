//! The bearer-token gate in front of the API (tokens from [`super::auth`]):
//! a request without a valid token is a 401 problem+json with
//! `WWW-Authenticate: Bearer`; `/healthz` and `/readyz` pass without one.

use super::problem_response::HttpProblem;
use super::state::AppState;
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use showdown_json::Problem;

/// The middleware: lets health and readiness through, hides `/metrics` when
/// an admin address serves it, and asks every other request for a token.
pub(crate) async fn require_bearer(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    let auth = &state.config.auth;
    let path = req.uri().path();
    if path == "/healthz" || path == "/readyz" {
        return next.run(req).await;
    }
    if path == "/metrics" && !auth.metrics_public {
        return HttpProblem::from(Problem::from_status(
            StatusCode::NOT_FOUND,
            "metrics are served on the admin address",
        ))
        .into_response();
    }
    if !auth.enabled() {
        return next.run(req).await;
    }
    let given = req
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|v| v.as_bytes().strip_prefix(b"Bearer "));
    match given {
        Some(token) if auth.accepts(token) => next.run(req).await,
        Some(_) => unauthorized(
            "the bearer token is not valid",
            "Bearer realm=\"showdown\", error=\"invalid_token\"",
        ),
        None => unauthorized(
            "an Authorization: Bearer token is required",
            "Bearer realm=\"showdown\"",
        ),
    }
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

    /// API.md Errors, 401: with tokens configured a request needs one;
    /// health and readiness never do; `/metrics` moves to the admin address.
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
        let metrics = status_of(&app, "/metrics", Some("t0ken")).await;
        assert_eq!(metrics.status(), StatusCode::NOT_FOUND);
        // Off by default: no token needed anywhere.
        let open = crate::routes::app(AppState::default());
        let r = status_of(&open, "/v1/variants", None).await;
        assert_eq!(r.status(), StatusCode::OK);
    }
}
