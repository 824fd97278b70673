//! Answers held until written: an answer's [`AnswerHold`] (`edge::answer`)
//! is given back once the connection has written its bytes after those of
//! the point hyper took its body (and of the answers queued before it), or
//! when the connection is gone (the holds go with its stats).
//!
//! Ours: hyper drops a response body once it has queued its last frame,
//! before a byte of it is written, and says nothing of its writes, so only
//! the socket's count of bytes written tells when an answer has left.
//! The count runs from when hyper takes the body, so an answer is given
//! back as its last few hundred bytes (its head's size) are still queued.

use crate::edge::answer::AnswerHold;
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
    /// `hold`'s answer is queued to be written after the `out` bytes the
    /// connection has written so far.
    pub(super) fn push(&self, out: u64, hold: AnswerHold) {
        let mut held = self.held.lock().unwrap_or_else(PoisonError::into_inner);
        // Answers are written in order: this one after those still held
        // (pipelined requests' answers queued before it).
        let after = held.back().map_or(out, |(at, _)| (*at).max(out));
        let at = after.saturating_add(hold.bytes() as u64);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::edge::budget::BodyBudget;

    #[test]
    fn an_answer_is_given_back_once_its_bytes_and_those_before_it_are_written() {
        let budget = BodyBudget::new(1 << 20);
        let hold = |n| AnswerHold::new(budget.hold(n).unwrap());
        let written = Written::default();
        written.push(100, hold(1000));
        // Pipelined: queued after the first, whatever the socket has taken.
        written.push(100, hold(500));
        assert_eq!((written.held(), budget.held()), (1500, 1500));
        written.wrote(1099);
        assert_eq!(budget.held(), 1500, "one byte of the first is still queued");
        written.wrote(1100);
        assert_eq!(budget.held(), 500);
        written.wrote(1599);
        assert_eq!(budget.held(), 500);
        written.wrote(1600);
        assert_eq!((written.held(), budget.held()), (0, 0));
        written.push(2000, hold(10));
        drop(written);
        assert_eq!(budget.held(), 0, "a connection gone gives back its holds");
    }
}
