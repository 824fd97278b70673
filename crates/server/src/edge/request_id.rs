//! Request ids: one per request, in the answer, the logs and every problem.

use axum::http::HeaderValue;
use std::sync::atomic::{AtomicU64, Ordering};

/// A client's id is kept only if it is short and printable, so it can go
/// into a header, a log line and a JSON body unchanged.
pub(crate) fn acceptable_id(v: &HeaderValue) -> Option<&str> {
    let v = v.to_str().ok()?;
    (!v.is_empty() && v.len() <= 128 && v.bytes().all(|b| b.is_ascii_graphic())).then_some(v)
}

/// Makes request ids unique within a process and unlikely to repeat across
/// restarts: a per-process prefix (start time and pid) and a counter.
#[derive(Debug)]
pub(crate) struct RequestIds {
    prefix: u64,
    next: AtomicU64,
}

impl Default for RequestIds {
    fn default() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let pid = u64::from(std::process::id());
        // A cheap mix so two processes started in the same instant differ.
        let prefix = (nanos ^ pid.rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        RequestIds {
            prefix,
            next: AtomicU64::new(1),
        }
    }
}

impl RequestIds {
    /// `{prefix:016x}-{n:012x}`.
    pub(crate) fn next_id(&self) -> String {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        format!("{:016x}-{:012x}", self.prefix, n & 0xffff_ffff_ffff)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn client_ids_are_kept_only_when_short_and_printable() {
        for (id, ok) in [
            ("client-42", true),
            ("", false),
            ("with space", false),
            (&"x".repeat(129), false),
        ] {
            let v = HeaderValue::from_str(id).unwrap();
            assert_eq!(acceptable_id(&v).is_some(), ok, "{id:?}");
        }
    }

    #[test]
    fn request_ids_are_unique_across_threads_and_keep_their_format() {
        let ids = std::sync::Arc::new(RequestIds::default());
        let all: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..6)
                .map(|_| {
                    let ids = ids.clone();
                    s.spawn(move || (0..500).map(|_| ids.next_id()).collect::<Vec<_>>())
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        assert_eq!(all.iter().collect::<HashSet<_>>().len(), 3_000);
        for id in &all {
            let (prefix, n) = id.split_once('-').unwrap();
            assert_eq!((prefix.len(), n.len()), (16, 12), "{id}");
            assert!(id
                .bytes()
                .all(|b| b == b'-' || b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
            assert_ne!(u64::from_str_radix(n, 16).unwrap(), 0);
        }
    }
}
