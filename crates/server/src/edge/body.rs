//! Reading an API request's body, once its head has passed the gate: under
//! its route's limit (a declared length over it is 413 before a byte is
//! read; http-body-util's `Limited`, which tower-http's body limit is made
//! of, counts a chunked one) and within the body budget ([`super::budget`]:
//! the declared length is held before a byte is read, a chunked body's
//! bytes as they arrive; past the budget, 503 at once).

use super::budget::{BodyBudget, Hold};
use super::problem_response::unreadable_body;
use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, StatusCode};
use http_body_util::BodyExt;
use showdown_json::Problem;

/// A chunked body's hold grows by this much at a time, so a body sent in
/// small frames does not ask the budget once a frame. Also how much of a
/// body must have come before its buffer is sized for all of it at once:
/// a body sent a byte at a time costs what has come, not what it declares.
const GROW_STEP: usize = 16 * 1024;

/// Why a body was not read.
#[derive(Debug)]
pub(super) enum Refused {
    /// Over the route's limit (413).
    TooLarge,
    /// The budget cannot hold it now (503): `bytes` it asked for in all.
    OverBudget { bytes: usize },
    /// The client broke off or sent a malformed chunk (400), or a chunked
    /// body ran past the limit (413): the problem to answer.
    Unreadable(Problem),
}

/// The body's declared length, if it has a valid one.
pub(super) fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .parse()
        .ok()
}

/// The body, read whole under `limit` and held against `budget`; the
/// [`Hold`] gives its bytes back when dropped, after the request's answer.
pub(super) async fn read(
    budget: &BodyBudget,
    declared: Option<u64>,
    body: Body,
    limit: usize,
) -> Result<(Bytes, Hold), Refused> {
    let declared = match declared.map(usize::try_from) {
        Some(Ok(n)) if n <= limit => Some(n),
        Some(_) => return Err(Refused::TooLarge),
        None => None,
    };
    let Some(mut hold) = budget.hold(declared.unwrap_or(0)) else {
        return Err(Refused::OverBudget {
            bytes: declared.unwrap_or(0),
        });
    };
    let mut body = http_body_util::Limited::new(body, limit);
    let mut first: Option<Bytes> = None;
    let mut rest: Vec<u8> = Vec::new();
    let mut len = 0usize;
    let mut sized = false;
    while let Some(frame) = body.frame().await {
        let frame =
            frame.map_err(|e| Refused::Unreadable(unreadable_body(&axum::Error::new(e))))?;
        let Ok(data) = frame.into_data() else {
            continue;
        };
        len += data.len();
        if len > hold.bytes() && !hold.grow_to(len.next_multiple_of(GROW_STEP).min(limit)) {
            return Err(Refused::OverBudget { bytes: len });
        }
        match first.take() {
            // One frame is the whole body of most requests: kept as it is.
            None if rest.is_empty() => first = Some(data),
            kept => {
                if len >= GROW_STEP && !sized {
                    rest.reserve(declared.unwrap_or(len).max(len).saturating_sub(rest.len()));
                    sized = true;
                }
                if let Some(kept) = kept {
                    rest.extend_from_slice(&kept);
                }
                rest.extend_from_slice(&data);
            }
        }
    }
    let bytes = first.unwrap_or_else(|| Bytes::from(rest));
    Ok((bytes, hold))
}

/// The 503 of a body the budget cannot hold now (the edge adds
/// `Retry-After`).
pub(super) fn over_budget(bytes: usize, budget: &BodyBudget) -> Problem {
    Problem::from_status(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "the server is holding {} of its {} bytes of request bodies and answers and cannot take this one ({bytes} bytes) now; retry later (--body-budget or SHOWDOWN_BODY_BUDGET)",
            budget.held(),
            budget.total()
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunked(parts: &[&'static [u8]]) -> Body {
        let frames: Vec<Result<Bytes, std::io::Error>> =
            parts.iter().map(|p| Ok(Bytes::from_static(p))).collect();
        Body::from_stream(futures_util::stream::iter(frames))
    }

    #[tokio::test]
    async fn a_body_is_read_whole_and_held_until_its_hold_drops() {
        let budget = BodyBudget::new(1024 * 1024);
        let (bytes, hold) = read(&budget, Some(5), Body::from("hello"), 64)
            .await
            .unwrap();
        assert_eq!(
            (&bytes[..], hold.bytes(), budget.held()),
            (&b"hello"[..], 5, 5)
        );
        drop(hold);
        let (bytes, hold) = read(&budget, None, chunked(&[b"ab", b"cd", b"e"]), 64)
            .await
            .unwrap();
        assert_eq!(&bytes[..], b"abcde");
        assert_eq!(
            hold.bytes(),
            64,
            "a chunked body's hold grows by steps, within the limit"
        );
        drop(hold);
        assert_eq!(budget.held(), 0);
    }

    #[tokio::test]
    async fn over_the_limit_is_too_large_and_over_the_budget_is_refused() {
        let budget = BodyBudget::new(100);
        let r = read(&budget, Some(65), Body::from("x"), 64).await;
        assert!(matches!(r, Err(Refused::TooLarge)), "{r:?}");
        let r = read(&budget, None, chunked(&[&[b'x'; 40], &[b'x'; 40]]), 64).await;
        match r {
            Err(Refused::Unreadable(p)) => assert_eq!(p.status, 413),
            other => panic!("{other:?}"),
        }
        let _held = budget.hold(60).unwrap();
        let r = read(&budget, Some(50), Body::from("x"), 64).await;
        assert!(matches!(r, Err(Refused::OverBudget { bytes: 50 })), "{r:?}");
        let r = read(&budget, None, chunked(&[&[b'x'; 50]]), 64).await;
        assert!(matches!(r, Err(Refused::OverBudget { bytes: 50 })), "{r:?}");
        assert_eq!(budget.held(), 60, "a refused body gives back what it took");
    }
}
