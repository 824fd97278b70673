//! A contract [`Problem`] as an HTTP answer: problem+json with its status,
//! and the problem kept as an extension so the outer middleware can add the
//! request id (which it owns) and render it again. Responses that axum or
//! tower make on their own (404, 405, 408, 413, 503, ...) become problems in
//! the same middleware, so no error leaves the service in another format.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use showdown_json::problem::PROBLEM_JSON;
use showdown_json::{Invalid, Problem};

/// A handler's error: the contract's problem, answered over HTTP (the
/// contract crate knows no HTTP framework, so it cannot answer itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HttpProblem(pub Problem);

impl From<Problem> for HttpProblem {
    fn from(p: Problem) -> HttpProblem {
        HttpProblem(p)
    }
}

impl From<Invalid> for HttpProblem {
    fn from(invalid: Invalid) -> HttpProblem {
        HttpProblem(Problem::invalid(invalid))
    }
}

/// The response with this problem as its body, without touching extensions.
fn render(p: &Problem) -> Response {
    let body = serde_json::to_vec(p).unwrap_or_default();
    let mut res = (p.status_code(), body).into_response();
    res.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
    res
}

impl IntoResponse for HttpProblem {
    fn into_response(self) -> Response {
        let mut res = render(&self.0);
        res.extensions_mut().insert(self.0);
        res
    }
}

/// A body that could not be read: 413 when it ran over the limit, else 400
/// (the client broke off or sent a malformed chunk).
pub fn unreadable_body(e: &axum::Error) -> Problem {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(e);
    while let Some(err) = source {
        if err.is::<http_body_util::LengthLimitError>() {
            return Problem::too_large();
        }
        source = err.source();
    }
    Problem::malformed(format!("the body could not be read: {e}"), Vec::new())
}

/// An extractor's body rejection, with the same 413 as [`Problem::too_large`].
pub fn from_bytes_rejection(e: axum::extract::rejection::BytesRejection) -> HttpProblem {
    HttpProblem(match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => Problem::too_large(),
        status => Problem::from_status(status, e.body_text()),
    })
}

/// `problem.into_response()` for the contract's [`Problem`], which cannot
/// implement axum's `IntoResponse` itself (neither the type nor the trait
/// is this crate's).
pub trait IntoProblemResponse {
    fn into_response(self) -> Response;
}

impl IntoProblemResponse for Problem {
    fn into_response(self) -> Response {
        HttpProblem(self).into_response()
    }
}

/// The answer to a job the compute pool did not run: 503 when every slot
/// was taken (the edge adds `Retry-After`), 500 when it failed.
pub fn compute_problem(e: super::compute::ComputeError) -> Problem {
    match e {
        super::compute::ComputeError::Busy => Problem::from_status(
            StatusCode::SERVICE_UNAVAILABLE,
            "every enumeration slot is taken; retry later",
        ),
        super::compute::ComputeError::Failed => {
            Problem::from_status(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
        }
    }
}
