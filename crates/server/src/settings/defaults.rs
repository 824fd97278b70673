//! The defaults that make `showdown` alone a working service (API.md's
//! where it names them), and the limits a setting cannot pass.

/// Where the service listens.
pub(crate) const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// Largest request body in bytes (API.md: 64 KiB).
pub(crate) const DEFAULT_BODY_LIMIT: usize = 64 * 1024;
/// Bytes of request bodies and answers held at once over every
/// connection, 24 MiB: 18 bodies of 1 MiB at most (large bodies may hold
/// three quarters, `edge::budget`) and the rest for small ones. Answers
/// share it (`edge::answer`): an answer is held from when it is made until
/// it is written, so bodies and answers waiting on slow clients together
/// stay within these 24 MiB of the pod's memory.
///
/// The defaults fit a pod of 128 MiB (`docker/k8s/base/deployment.yaml`), as
/// measured in tests/attack/README.md: 34 MiB idle, plus 32 KiB a
/// connection (hyper's buffers, its request's head and state) times
/// [`DEFAULT_MAX_CONNECTIONS`] = 40 MiB, plus this budget = 24 MiB, plus
/// the work on the bodies being answered, about 6 times the largest route
/// limit (1 MiB) on each of 2 cores = 12 MiB: 110 MiB in all, 18 MiB to
/// spare (a head over 8 KiB costs up to `--max-header-bytes` more).
/// [`DEFAULT_CONCURRENCY`] adds nothing: a request holds a slot only once
/// its body is read and in the budget, one request a connection, and only
/// as many run at once as there are cores.
pub(crate) const DEFAULT_BODY_BUDGET: usize = 24 * 1024 * 1024;
/// The largest answer, in bytes, whatever its request (`--answer-limit`):
/// 8 MiB. The largest legitimate answers are far below it: the tables
/// route's 10,000 players at 1,000 tables, its largest request, are
/// answered in 554 KB (1.7 times the body), a deal of 10,000 players in
/// 850 KB (1.5 times); a golden settle answer is 7 KB at most. Three
/// quarters of the default body budget hold two answers this large.
pub(crate) const DEFAULT_ANSWER_LIMIT: usize = 8 * 1024 * 1024;
/// An answer may be this many times its request's body: an `explain` of
/// nine players and three boards is 17 to 21 times its body (ids of 1 to
/// 128 characters, measured), so 32 leaves room; the 991 KB settle of
/// issue 57 (100 KB ids), answered in 20.7 MB, is refused at 8 MiB...
pub(crate) const ANSWER_BODY_MULTIPLE: usize = 32;
/// ... or this many bytes, whichever is more (1 MiB: every answer of a
/// small request passes, an `explain` of a hand with long ids included),
/// and never more than `--answer-limit`.
pub(crate) const ANSWER_FLOOR: usize = 1024 * 1024;
/// Milliseconds an answer's writing may make no progress (its client reads
/// nothing) before the connection is cut.
pub(crate) const DEFAULT_WRITE_STALL_MS: u64 = 5_000;
/// Milliseconds an answer's writing may wait on its client in all (a
/// client reading a trickle) before the connection is cut: 8 MiB, the
/// largest answer, in 30 s is 280 KB/s.
pub(crate) const DEFAULT_WRITE_TIMEOUT_MS: u64 = 30_000;
/// Bytes the kernel may queue for a client that has not read them yet
/// (`SO_SNDBUF`; Linux doubles it for its own bookkeeping). Left to the
/// kernel, each connection grows to 4 MiB: twenty clients that never read
/// held 80 MiB outside the process. 64 KiB still fills a 50 ms path at
/// 1.3 MB/s, and most answers are a few KB.
pub(crate) const DEFAULT_SEND_BUFFER_BYTES: usize = 64 * 1024;
/// Longest a request may take, in milliseconds; then 408.
pub(crate) const DEFAULT_TIMEOUT_MS: u64 = 10_000;
/// API requests handled at once; more are refused with 503. No more than
/// the connection cap (one request a connection); its memory is counted in
/// the connections' and the body budget's (see [`DEFAULT_BODY_BUDGET`]).
pub(crate) const DEFAULT_CONCURRENCY: usize = 1024;

/// Longest wait for a request's headers, in milliseconds.
pub(crate) const DEFAULT_HEADER_TIMEOUT_MS: u64 = 10_000;
/// Longest a connection may send nothing between requests, in milliseconds.
pub(crate) const DEFAULT_IDLE_TIMEOUT_MS: u64 = 5_000;
/// Largest request line and headers, in bytes.
pub(crate) const DEFAULT_MAX_HEADER_BYTES: usize = 32 * 1024;
/// The smallest request-head limit: hyper's read buffer cannot be smaller
/// (it panics below it), so a smaller `--max-header-bytes` is refused.
pub(crate) const MIN_HEADER_BYTES: usize = 8192;
/// Open connections at most: 1,280 at about 32 KiB each is 40 MiB (see
/// [`DEFAULT_BODY_BUDGET`]). It was 10,000, which is 312 MiB of buffers
/// alone, over the pod's 128 MiB: a pod is scaled out by replicas, not by
/// holding more connections than its memory can. Above the 1,100 of
/// make attack's floods, so its probes still find room.
pub(crate) const DEFAULT_MAX_CONNECTIONS: usize = 1280;
/// The largest cap accepted (a semaphore's permits are bounded, and far
/// more connections than this would exhaust memory first).
pub(crate) const MAX_CONNECTIONS_CEILING: usize = 1 << 20;
/// Seconds requests in flight have to finish once the listener has closed.
pub(crate) const DEFAULT_SHUTDOWN_GRACE_SECS: u64 = 30;
/// Milliseconds the listener keeps accepting after the signal.
pub(crate) const DEFAULT_DRAIN_LINGER_MS: u64 = 500;
