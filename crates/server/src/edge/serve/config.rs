//! The connections' settings: header and idle time, head size, the
//! connection cap, how long an answer's writing may wait on its client,
//! and the drain's two waits.

use crate::settings::defaults::{
    DEFAULT_DRAIN_LINGER_MS, DEFAULT_HEADER_TIMEOUT_MS, DEFAULT_IDLE_TIMEOUT_MS,
    DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_HEADER_BYTES, DEFAULT_SEND_BUFFER_BYTES,
    DEFAULT_SHUTDOWN_GRACE_SECS, DEFAULT_WRITE_STALL_MS, DEFAULT_WRITE_TIMEOUT_MS,
};
use std::time::Duration;

/// Connection-level limits (flags and `SHOWDOWN_*` variables in `cli`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ServeConfig {
    /// Longest wait for a request's headers, counted from when the
    /// connection opens or its previous response was sent (hyper's timer).
    pub header_timeout: Duration,
    /// A connection that has sent nothing and has no request in progress
    /// for this long is closed.
    pub idle_timeout: Duration,
    /// Largest request head (request line and headers) in bytes; hyper
    /// answers 431 beyond it. At least 8 KiB (hyper's smallest buffer).
    pub max_header_bytes: usize,
    /// A connection whose answer makes no write progress (its client reads
    /// nothing) for this long is cut.
    pub write_stall: Duration,
    /// A connection whose answer's writing has waited on its client this
    /// long in all (a client reading a trickle) is cut.
    pub write_timeout: Duration,
    /// Bytes the kernel may queue on a connection for its client
    /// (`SO_SNDBUF`), so unread answers cost little outside the process.
    pub send_buffer_bytes: usize,
    /// Open connections at most; more are answered 503 and closed at once.
    pub max_connections: usize,
    /// Longest requests in flight may take, once the listener has closed,
    /// before the process exits.
    pub shutdown_grace: Duration,
    /// How long the listener keeps accepting after the signal while
    /// `/readyz` answers 503 (responses then say `Connection: close`), so a
    /// load balancer sees the service leave before its port closes.
    pub drain_linger: Duration,
}

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            header_timeout: Duration::from_millis(DEFAULT_HEADER_TIMEOUT_MS),
            idle_timeout: Duration::from_millis(DEFAULT_IDLE_TIMEOUT_MS),
            max_header_bytes: DEFAULT_MAX_HEADER_BYTES,
            write_stall: Duration::from_millis(DEFAULT_WRITE_STALL_MS),
            write_timeout: Duration::from_millis(DEFAULT_WRITE_TIMEOUT_MS),
            send_buffer_bytes: DEFAULT_SEND_BUFFER_BYTES,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            shutdown_grace: Duration::from_secs(DEFAULT_SHUTDOWN_GRACE_SECS),
            drain_linger: Duration::from_millis(DEFAULT_DRAIN_LINGER_MS),
        }
    }
}
