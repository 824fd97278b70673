//! `ApiJson<T>`: axum's `Json` with the contract's errors (API.md, Errors).
//!
//! axum's own `Json` answers a wrong shape with 422 and plain text; the
//! contract keeps 422 for impossible hands and wants 400 for "not JSON or
//! not the shape", 413 over the body limit and 415 for another content
//! type, all as problem+json, with a JSON Pointer to the field at fault.

use crate::edge::problem_response::from_bytes_rejection;
use crate::edge::problem_response::HttpProblem;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;
use showdown_json::parse_json;
use showdown_json::Problem;

/// A JSON request body.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct ApiJson<T>(pub T);

/// The media type of a request without its parameters, lowercase
/// (`Application/JSON; charset=utf-8` is `application/json`).
pub(crate) fn media_type(headers: &HeaderMap) -> Option<String> {
    let ct = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    Some(
        ct.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase(),
    )
}

/// `application/json`, or any `+json` type, parameters allowed.
fn is_json(headers: &HeaderMap) -> bool {
    media_type(headers).is_some_and(|essence| {
        essence == "application/json"
            || (essence.starts_with("application/") && essence.ends_with("+json"))
    })
}

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = HttpProblem;

    async fn from_request(req: Request, state: &S) -> Result<Self, HttpProblem> {
        if !is_json(req.headers()) {
            return Err(HttpProblem::from(Problem::from_status(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON: send Content-Type: application/json",
            )));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(from_bytes_rejection)?;
        parse_json(&bytes).map(ApiJson).map_err(HttpProblem::from)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types_with_parameters_and_suffixes_are_json() {
        let mut h = HeaderMap::new();
        for (ct, ok) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("Application/JSON", true),
            ("application/problem+json", true),
            ("text/plain", false),
            ("application/jsonx", false),
        ] {
            h.insert(header::CONTENT_TYPE, ct.parse().unwrap());
            assert_eq!(is_json(&h), ok, "{ct}");
        }
    }
}
