//! The defaults that make `showdown` alone a working service (API.md's
//! where it names them), and the limits a setting cannot pass.

/// Where the service listens.
pub(crate) const DEFAULT_ADDR: &str = "127.0.0.1:8080";
/// Largest request body in bytes (API.md: 64 KiB).
pub(crate) const DEFAULT_BODY_LIMIT: usize = 64 * 1024;
/// Longest a request may take, in milliseconds; then 408.
pub(crate) const DEFAULT_TIMEOUT_MS: u64 = 10_000;
/// API requests handled at once; more are refused with 503.
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
/// Open connections at most.
pub(crate) const DEFAULT_MAX_CONNECTIONS: usize = 10_000;
/// The largest cap accepted (a semaphore's permits are bounded, and far
/// more connections than this would exhaust memory first).
pub(crate) const MAX_CONNECTIONS_CEILING: usize = 1 << 20;
/// Seconds requests in flight have to finish once the listener has closed.
pub(crate) const DEFAULT_SHUTDOWN_GRACE_SECS: u64 = 30;
/// Milliseconds the listener keeps accepting after the signal.
pub(crate) const DEFAULT_DRAIN_LINGER_MS: u64 = 500;
