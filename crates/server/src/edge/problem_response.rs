//! A contract [`Problem`] as an HTTP answer: problem+json with its status,
//! and the problem kept as an extension so the outer middleware can add the
//! request id (which it owns) and render it again. Responses that axum or
//! tower make on their own (404, 405, 408, 413, 503, ...) become problems in
//! the same middleware, so no error leaves the service in another format.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use showdown_contract::Unanswered;
use showdown_json::problem::{PROBLEM_JSON, TYPE_INVALID_REQUEST};
use showdown_json::{Invalid, Problem};

/// A handler's error: a [`Problem`], answered over HTTP (`showdown-json`
/// knows no HTTP framework, so the problem cannot answer itself, and the
/// orphan rule keeps axum's `IntoResponse` off it here). Boxed, so a
/// handler's `Result` stays small on the path that answers 200.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct HttpProblem(Box<Problem>);

/// What every handler returns: its answer, or the problem that refuses the
/// request, so a handler's steps chain with `?`.
pub(crate) type ApiResult<T> = Result<T, HttpProblem>;

impl From<Problem> for HttpProblem {
    fn from(p: Problem) -> HttpProblem {
        HttpProblem(Box::new(p))
    }
}

/// The 422 of a route other than settle, whose problem `type` is
/// `invalid-request` and whose title names `subject` ("draw", "deal
/// request"): `.map_err(impossible("draw"))?`.
pub(crate) fn impossible(subject: &'static str) -> impl FnOnce(Invalid) -> HttpProblem {
    move |invalid| HttpProblem::from(Problem::impossible(TYPE_INVALID_REQUEST, subject, invalid))
}

/// A stoppable job's refusal: the 422 of `subject`, as [`impossible`], or
/// the job given up ([`stopped`]).
pub(crate) fn unanswered(subject: &'static str) -> impl FnOnce(Unanswered) -> HttpProblem {
    move |e| match e {
        Unanswered::Invalid(invalid) => impossible(subject)(invalid),
        Unanswered::Stopped => HttpProblem::from(stopped()),
    }
}

/// The answer of a job given up once its request timed out or its client
/// went away: nobody reads it, and like a refused job it is a 503.
pub(crate) fn stopped() -> Problem {
    Problem::from_status(
        StatusCode::SERVICE_UNAVAILABLE,
        "the enumeration was given up: its request timed out or its client went away",
    )
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
        res.extensions_mut().insert(*self.0);
        res
    }
}

/// A body that could not be read: 413 when it ran over the limit, else 400
/// (the client broke off or sent a malformed chunk).
pub(crate) fn unreadable_body(e: &axum::Error) -> Problem {
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
pub(crate) fn from_bytes_rejection(e: axum::extract::rejection::BytesRejection) -> HttpProblem {
    HttpProblem::from(match e.status() {
        StatusCode::PAYLOAD_TOO_LARGE => Problem::too_large(),
        status => Problem::from_status(status, e.body_text()),
    })
}

/// The answer to a job the compute pool did not run: 503 when every slot
/// was taken (the edge adds `Retry-After`), 500 when it failed.
pub(crate) fn compute_problem(e: super::compute::ComputeError) -> Problem {
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
