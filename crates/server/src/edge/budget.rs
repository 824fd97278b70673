//! The memory budget for request bodies: the bytes of bodies the service
//! holds at once, over every connection, are bounded by `--body-budget`.
//! A body takes its bytes from the budget before it is read (its declared
//! `Content-Length`, or, for a chunked body, as its bytes arrive) and gives
//! them back when its request has been answered; a body the budget cannot
//! hold now is refused at once with 503 and `Retry-After`.
//!
//! Ours, not a library's: tower-http's `RequestBodyLimit` and hyper bound
//! one body, and nothing in them bounds the bodies of every connection
//! together, so the budget is a `tokio::sync::Semaphore` whose permits are
//! bytes, held for the life of the buffered body.

use std::sync::Arc;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// A body larger than this is large: large bodies together may hold at
/// most [`LARGE_SHARE`] of the budget, so the rest is always there for
/// small requests (a settle is a few hundred bytes) while an attack of
/// large bodies is refused. 64 KiB, what a hand of API.md takes at most.
pub const SMALL_BODY: usize = 64 * 1024;

/// The share of the budget large bodies may hold together, in quarters.
pub const LARGE_SHARE: (usize, usize) = (3, 4);

/// The budget: every body's bytes, and the large bodies' share of them.
#[derive(Debug)]
pub struct BodyBudget {
    total: usize,
    all: Arc<Semaphore>,
    large: Arc<Semaphore>,
}

impl BodyBudget {
    /// A budget of `bytes` (at most `u32::MAX`, the settings' bound, so a
    /// body's bytes are always one acquisition).
    pub fn new(bytes: usize) -> BodyBudget {
        let bytes = bytes.min(Semaphore::MAX_PERMITS);
        let large = bytes / LARGE_SHARE.1 * LARGE_SHARE.0;
        BodyBudget {
            total: bytes,
            all: Arc::new(Semaphore::new(bytes)),
            large: Arc::new(Semaphore::new(large)),
        }
    }

    /// The budget in bytes.
    pub fn total(&self) -> usize {
        self.total
    }

    /// Bytes of bodies held now.
    pub fn held(&self) -> usize {
        self.total - self.all.available_permits()
    }

    /// A hold of `bytes` (none taken for an empty body), or `None` when the
    /// budget cannot give them now.
    pub fn hold(&self, bytes: usize) -> Option<Hold> {
        let mut hold = Hold {
            all: self.all.clone(),
            large: self.large.clone(),
            permits: None,
            large_permits: None,
            bytes: 0,
        };
        hold.grow_to(bytes).then_some(hold)
    }
}

/// Bytes held against the budget, given back when dropped.
#[derive(Debug)]
pub struct Hold {
    all: Arc<Semaphore>,
    large: Arc<Semaphore>,
    permits: Option<OwnedSemaphorePermit>,
    large_permits: Option<OwnedSemaphorePermit>,
    bytes: usize,
}

impl Hold {
    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.bytes
    }

    /// Hold `bytes` in all (nothing changes when it already holds as
    /// many); `false`, holding what it held, when the budget cannot give
    /// the rest now.
    pub fn grow_to(&mut self, bytes: usize) -> bool {
        if bytes <= self.bytes {
            return true;
        }
        let Some(more) = take(&self.all, bytes - self.bytes) else {
            return false;
        };
        if bytes > SMALL_BODY {
            let had = self.large_permits.as_ref().map_or(0, |p| p.num_permits());
            let Some(large) = take(&self.large, bytes - had) else {
                return false;
            };
            merge(&mut self.large_permits, large);
        }
        merge(&mut self.permits, more);
        self.bytes = bytes;
        true
    }
}

/// `n` permits of `sem` now, or `None`.
fn take(sem: &Arc<Semaphore>, n: usize) -> Option<OwnedSemaphorePermit> {
    let n = u32::try_from(n).ok()?;
    sem.clone().try_acquire_many_owned(n).ok()
}

fn merge(held: &mut Option<OwnedSemaphorePermit>, more: OwnedSemaphorePermit) {
    match held {
        Some(p) => p.merge(more),
        None => *held = Some(more),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_hold_bytes_until_dropped_and_large_ones_leave_a_quarter() {
        let mib = 1024 * 1024;
        let budget = BodyBudget::new(4 * mib);
        // Large bodies take three quarters at most.
        let a = budget.hold(mib).expect("room");
        let b = budget.hold(2 * mib).expect("room");
        assert_eq!(budget.held(), 3 * mib);
        assert!(budget.hold(mib).is_none(), "past the large share");
        assert!(budget.hold(SMALL_BODY + 1).is_none());
        // The last quarter is the small bodies'.
        let small: Vec<Hold> = (0..16).map(|_| budget.hold(SMALL_BODY).unwrap()).collect();
        assert_eq!(budget.held(), 4 * mib);
        assert!(budget.hold(1).is_none(), "the budget is spent");
        drop(small);
        drop(a);
        assert_eq!(budget.held(), 2 * mib);
        let empty = budget.hold(0).unwrap();
        assert_eq!((empty.bytes(), budget.held()), (0, 2 * mib));
        drop(b);
        assert_eq!(budget.held(), 0);
    }

    #[test]
    fn a_chunked_body_grows_its_hold_and_becomes_large_past_64_kib() {
        let budget = BodyBudget::new(400 * 1024);
        let mut h = budget.hold(0).unwrap();
        assert!(h.grow_to(1000));
        assert!(h.grow_to(SMALL_BODY + 1));
        assert!(h.grow_to(300 * 1024), "within the large share");
        assert_eq!((h.bytes(), budget.held()), (300 * 1024, 300 * 1024));
        assert!(!h.grow_to(301 * 1024), "past the large share of 300 KiB");
        assert_eq!(h.bytes(), 300 * 1024, "keeps what it held");
        drop(h);
        assert_eq!(budget.held(), 0);
    }
}
