//! Answers held until written: an answer's [`AnswerHold`] (`edge::answer`)
//! is given back once the connection has written its bytes after those of
//! the point hyper took its body (and of the answers queued before it), or
//! when the connection is gone (the holds go with its stats).
//!
//! Ours: hyper drops a response body once it has queued its last frame,
//! before a byte of it is written, and says nothing of its writes, so only
//! the socket's count of bytes written tells when an answer has left.
//! The count runs from when hyper takes the body, and an answer's head
//! goes out before it: the head's bytes as hyper writes them ([`head_bytes`])
//! are counted too, so an answer is held until its last byte has gone.

use crate::edge::answer::AnswerHold;
use axum::http::response::Parts;
use axum::http::{header, StatusCode};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// The holds of a connection's answers not yet written.
pub(super) struct Written {
    /// The bytes written that give the first back (`u64::MAX`: none held),
    /// so a write that gives nothing back reads one atomic.
    release_at: AtomicU64,
    held: Mutex<VecDeque<(u64, AnswerHold)>>,
}

impl Default for Written {
    fn default() -> Written {
        Written {
            release_at: AtomicU64::new(u64::MAX),
            held: Mutex::new(VecDeque::new()),
        }
    }
}

impl Written {
    /// `hold`'s answer, `head` bytes of head then its body, is queued to be
    /// written after the `out` bytes the connection has written so far.
    pub(super) fn push(&self, out: u64, head: usize, hold: AnswerHold) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        // Answers are written in order: this one after those still held
        // (pipelined requests' answers queued before it).
        let after = held.back().map_or(out, |(at, _)| (*at).max(out));
        let at = after.saturating_add((head + hold.bytes()) as u64);
        held.push_back((at, hold));
        if held.len() == 1 {
            self.release_at.store(at, Ordering::Relaxed);
        }
    }

    /// The connection has written `out` bytes in all: the answers they
    /// cover are given back.
    pub(super) fn wrote(&self, out: u64) {
        if out < self.release_at.load(Ordering::Relaxed) {
            return;
        }
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        while held.front().is_some_and(|(at, _)| *at <= out) {
            held.pop_front();
        }
        let next = held.front().map_or(u64::MAX, |(at, _)| *at);
        self.release_at.store(next, Ordering::Relaxed);
    }

    /// Bytes of answers held now.
    #[cfg(test)]
    pub(super) fn held(&self) -> usize {
        let held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        held.iter().map(|(_, h)| h.bytes()).sum()
    }
}

/// The bytes of a response head as hyper 1 writes it to an HTTP/1.1
/// client with its default settings: the status line, each header as
/// `name: value`, the `content-length` of a `body` of known length and the
/// `date` it adds when the response has none, and the blank line. (An
/// HTTP/1.0 client's `connection: keep-alive` is not counted: its answer
/// is given back that many bytes early, as before.)
pub(super) fn head_bytes(parts: &Parts, body: Option<u64>) -> usize {
    let line = match parts.status {
        StatusCode::OK => "HTTP/1.1 200 OK\r\n".len(),
        s => "HTTP/1.1 000 \r\n".len() + s.canonical_reason().unwrap_or("<none>").len(),
    };
    let headers: usize = parts
        .headers
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + ": \r\n".len())
        .sum();
    let length = match body {
        Some(n) if !parts.headers.contains_key(header::CONTENT_LENGTH) => {
            // The length's decimal digits, without formatting it.
            "content-length: \r\n".len() + n.checked_ilog10().map_or(1, |d| d as usize + 1)
        }
        _ => 0,
    };
    // `date: ` and the 29 bytes of an IMF-fixdate.
    let date = if parts.headers.contains_key(header::DATE) {
        0
    } else {
        "date: \r\n".len() + 29
    };
    line + headers + length + date + "\r\n".len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(status: u16, headers: &[(&str, &str)]) -> Parts {
        let mut b = axum::http::Response::builder().status(status);
        for (k, v) in headers {
            b = b.header(*k, *v);
        }
        b.body(()).unwrap().into_parts().0
    }

    /// A status, its headers, a body's length and the head hyper wrote.
    type Case = (u16, &'static [(&'static str, &'static str)], u64, String);

    #[test]
    fn a_head_counts_the_bytes_hyper_writes() {
        // Heads as hyper wrote them to a client of the service (curl -D -);
        // another status has its reason, and a length or date already
        // there is counted once.
        let date = "date: Fri, 04 Dec 2026 19:43:30 GMT\r\n";
        let cases: [Case; 2] = [
            (
                200,
                &[("content-type", "application/json"), ("x-request-id", "4d4e0663d16f498c-01")],
                1630,
                format!("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nx-request-id: 4d4e0663d16f498c-01\r\ncontent-length: 1630\r\n{date}\r\n"),
            ),
            (
                422,
                &[("content-length", "9"), ("date", "Fri, 04 Dec 2026 19:43:30 GMT")],
                9,
                format!("HTTP/1.1 422 Unprocessable Entity\r\ncontent-length: 9\r\n{date}\r\n"),
            ),
        ];
        for (status, headers, body, written) in cases {
            assert_eq!(
                head_bytes(&parts(status, headers), Some(body)),
                written.len(),
                "{written}"
            );
        }
    }

    #[test]
    fn an_answer_is_held_until_its_head_and_body_are_written() {
        let budget = BodyBudget::new(1 << 20);
        let written = Written::default();
        written.push(100, 150, AnswerHold::new(budget.hold(1000).unwrap()));
        written.wrote(1249);
        assert_eq!(budget.held(), 1000, "the last byte is still queued");
        written.wrote(1250);
        assert_eq!(budget.held(), 0);
    }
    use crate::edge::budget::BodyBudget;

    #[test]
    fn an_answer_is_given_back_once_its_bytes_and_those_before_it_are_written() {
        let budget = BodyBudget::new(1 << 20);
        let hold = |n| AnswerHold::new(budget.hold(n).unwrap());
        let written = Written::default();
        written.push(100, 0, hold(1000));
        // Pipelined: queued after the first, whatever the socket has taken.
        written.push(100, 0, hold(500));
        assert_eq!((written.held(), budget.held()), (1500, 1500));
        written.wrote(1099);
        assert_eq!(budget.held(), 1500, "one byte of the first is still queued");
        written.wrote(1100);
        assert_eq!(budget.held(), 500);
        written.wrote(1599);
        assert_eq!(budget.held(), 500);
        written.wrote(1600);
        assert_eq!((written.held(), budget.held()), (0, 0));
        written.push(2000, 0, hold(10));
        drop(written);
        assert_eq!(budget.held(), 0, "a connection gone gives back its holds");
    }
}
