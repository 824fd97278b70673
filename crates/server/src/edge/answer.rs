//! Bounded answers: an API answer's size is bounded, and its bytes are
//! held against the body budget (`super::budget`, shared with the request
//! bodies) from when it is made until it is written.
//!
//! An answer may be [`ANSWER_BODY_MULTIPLE`] times its request's body or
//! [`ANSWER_FLOOR`], whichever is more, and never more than
//! `--answer-limit`. Past it the request is answered 422: the request is
//! the cause (its body is within its limit, so not 413) and sending it
//! again will not help, asking for less will (no `explain`, fewer boards,
//! shorter ids), so not a 5xx. An answer the budget cannot hold now is 503
//! with `Retry-After`, as a body is.
//!
//! Answers share the body budget rather than have one of their own: bodies
//! and answers are the same memory, one bound keeps the pod's arithmetic
//! (`settings::defaults::DEFAULT_BODY_BUDGET`) whole, and its large share
//! keeps a quarter free for small requests and their small answers while
//! clients that never read hold large ones.
//!
//! The hold travels in the response's extensions as an [`AnswerHold`]: the
//! connection (`serve::service`) takes it and gives it back once the
//! answer's bytes have gone to the socket, or when the connection is gone;
//! a response served another way (a test's `oneshot`) holds it until the
//! response is dropped.

use super::budget::Hold;
use super::problem_response::HttpProblem;
use super::state::AppState;
use crate::settings::defaults::{ANSWER_BODY_MULTIPLE, ANSWER_FLOOR};
use axum::body::{Body, HttpBody};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use showdown_json::Problem;
use std::sync::Arc;

/// An answer's bytes held against the budget, given back when the last
/// clone is dropped (an extension must be `Clone`; the connection keeps
/// the only one).
#[derive(Clone, Debug)]
pub(crate) struct AnswerHold(Arc<Hold>);

impl AnswerHold {
    pub(crate) fn new(hold: Hold) -> AnswerHold {
        AnswerHold(Arc::new(hold))
    }

    /// Bytes held.
    pub(crate) fn bytes(&self) -> usize {
        self.0.bytes()
    }
}

/// The largest answer to a request whose body had `body_bytes`.
pub(crate) fn limit(answer_limit: usize, body_bytes: usize) -> usize {
    body_bytes
        .saturating_mul(ANSWER_BODY_MULTIPLE)
        .max(ANSWER_FLOOR)
        .min(answer_limit)
}

/// The route's answer, bounded and held: itself with its [`AnswerHold`],
/// or the 422 of an answer over its limit, or the 503 of one the budget
/// cannot hold now. A body of unknown length (no route makes one) is read
/// whole under the limit first, so it is measured like the others.
pub(super) async fn bounded(state: &AppState, res: Response, body_bytes: usize) -> Response {
    let max = limit(state.config.answer_limit, body_bytes);
    let (mut parts, body) = res.into_parts();
    let (body, len) = match body.size_hint().exact() {
        Some(n) => (body, usize::try_from(n).unwrap_or(usize::MAX)),
        None => match axum::body::to_bytes(body, max).await {
            Ok(bytes) => {
                let n = bytes.len();
                (Body::from(bytes), n)
            }
            Err(_) => return too_large(max, None, body_bytes),
        },
    };
    if len > max {
        return too_large(max, Some(len), body_bytes);
    }
    if len == 0 {
        return Response::from_parts(parts, body);
    }
    let Some(hold) = state.body_budget.hold(len) else {
        return over_budget(state, len);
    };
    parts.extensions.insert(AnswerHold::new(hold));
    Response::from_parts(parts, body)
}

/// The 422 of an answer over `max` bytes (`len` when known).
fn too_large(max: usize, len: Option<usize>, body_bytes: usize) -> Response {
    let size = len.map_or_else(|| "more".to_string(), |n| n.to_string());
    static REFUSED: std::sync::LazyLock<crate::edge::config::LogEvery> =
        std::sync::LazyLock::new(|| {
            crate::edge::config::LogEvery::new(std::time::Duration::from_secs(1), 5)
        });
    if let Some(skipped) = REFUSED.allow() {
        tracing::warn!(
            reason = "answer_limit",
            answer_bytes = len,
            limit_bytes = max,
            body_bytes,
            skipped,
            "answer refused with 422: over its size limit"
        );
    }
    HttpProblem::from(Problem::from_status(
        StatusCode::UNPROCESSABLE_ENTITY,
        format!(
            "the answer to this request would be {size} bytes, over its limit of {max} bytes ({ANSWER_BODY_MULTIPLE} times the request's body or {ANSWER_FLOOR} bytes, whichever is more, and at most --answer-limit or SHOWDOWN_ANSWER_LIMIT); ask for less: no explain, fewer boards, shorter ids"
        ),
    ))
    .into_response()
}

/// The 503 of an answer the budget cannot hold now (the edge adds
/// `Retry-After`), counted and said in a warning, a few lines a second.
fn over_budget(state: &AppState, len: usize) -> Response {
    state
        .metrics
        .record_unavailable(crate::edge::metrics::Unavailable::BodyBudget);
    static REFUSED: std::sync::LazyLock<crate::edge::config::LogEvery> =
        std::sync::LazyLock::new(|| {
            crate::edge::config::LogEvery::new(std::time::Duration::from_secs(1), 5)
        });
    let budget = &state.body_budget;
    if let Some(skipped) = REFUSED.allow() {
        tracing::warn!(
            reason = "answer_budget",
            answer_bytes = len,
            held_bytes = budget.held(),
            budget_bytes = budget.total(),
            skipped,
            "answer refused with 503: the body budget cannot hold it now"
        );
    }
    HttpProblem::from(Problem::from_status(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "the server is holding {} of its {} bytes of request bodies and answers and cannot take this answer ({len} bytes) now; retry later (--body-budget or SHOWDOWN_BODY_BUDGET)",
            budget.held(),
            budget.total()
        ),
    ))
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::config::AppConfig;

    const MIB: usize = 1024 * 1024;

    #[test]
    fn the_limit_is_32_times_the_body_or_1_mib_and_never_past_the_setting() {
        assert_eq!(limit(8 * MIB, 0), MIB);
        assert_eq!(limit(8 * MIB, 600), MIB);
        assert_eq!(limit(8 * MIB, 100 * 1024), 3200 * 1024);
        assert_eq!(limit(8 * MIB, MIB), 8 * MIB);
        assert_eq!(limit(512 * 1024, 10), 512 * 1024);
    }

    fn answer(bytes: usize) -> Response {
        Response::new(Body::from(vec![b' '; bytes]))
    }

    #[tokio::test]
    async fn an_answer_is_held_until_dropped_and_refused_past_the_budget() {
        let state = AppState::new(AppConfig {
            body_budget: 4 * MIB,
            ..Default::default()
        });
        let held = bounded(&state, answer(MIB), MIB).await;
        assert_eq!(held.status(), StatusCode::OK);
        assert_eq!(held.extensions().get::<AnswerHold>().unwrap().bytes(), MIB);
        assert_eq!(state.body_budget.held(), MIB);
        let more = bounded(&state, answer(2 * MIB), MIB).await;
        assert_eq!(state.body_budget.held(), 3 * MIB, "the large share is full");
        let refused = bounded(&state, answer(100 * 1024), MIB).await;
        assert_eq!(refused.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert!(refused.extensions().get::<AnswerHold>().is_none());
        drop((held, more));
        assert_eq!(state.body_budget.held(), 0, "dropped answers give back");
    }

    #[tokio::test]
    async fn an_answer_over_its_limit_is_422_even_of_unknown_length() {
        let state = AppState::default();
        let r = bounded(&state, answer(MIB + 1), 100).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let chunks: Vec<Result<axum::body::Bytes, std::io::Error>> = (0..17)
            .map(|_| Ok(axum::body::Bytes::from(vec![b' '; 64 * 1024])))
            .collect();
        let stream = Body::from_stream(futures_util::stream::iter(chunks));
        let r = bounded(&state, Response::new(stream), 100).await;
        assert_eq!(r.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(state.body_budget.held(), 0);
    }
}
