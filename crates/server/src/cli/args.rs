//! The settings of each subcommand, from flags or `SHOWDOWN_*` variables,
//! and `serve`'s checked against their bounds.

use crate::edge::auth::{AuthConfig, AuthError};
use crate::edge::config::{AppConfig, LogFormat};
use crate::edge::serve::{ServeConfig, ServeError};
use crate::settings::bounds::{
    answer_limit, body_budget, ms_bound, BODY_LIMIT, CONCURRENCY, EQUITY_LIMIT, EQUITY_THREADS,
    GRACE_SECS, MAX_CONNS, MAX_HEADER, SEND_BUFFER,
};
use crate::settings::defaults::{
    DEFAULT_ADDR, DEFAULT_ANSWER_LIMIT, DEFAULT_BODY_BUDGET, DEFAULT_BODY_LIMIT,
    DEFAULT_CONCURRENCY, DEFAULT_DRAIN_LINGER_MS, DEFAULT_HEADER_TIMEOUT_MS,
    DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_HEADER_BYTES,
    DEFAULT_SEND_BUFFER_BYTES, DEFAULT_SHUTDOWN_GRACE_SECS, DEFAULT_TIMEOUT_MS,
    DEFAULT_WRITE_STALL_MS, DEFAULT_WRITE_TIMEOUT_MS,
};
use crate::settings::{Bound, SettingError};
use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Debug, Clone, Args)]
pub(crate) struct ServeArgs {
    /// Address to listen on (`host:port`; a name such as `localhost:8080` is resolved).
    /// Kept as text until `serve` runs, so a bad value never stops `settle`.
    #[arg(long, env = "SHOWDOWN_ADDR", default_value = DEFAULT_ADDR)]
    pub addr: String,
    /// Log format (on stderr; RUST_LOG sets the level, `info` by default).
    #[arg(long, env = "SHOWDOWN_LOG_FORMAT", value_enum, default_value = "json")]
    pub log_format: LogFormat,
    /// Largest request body, in bytes (larger is 413); at least 1.
    #[arg(long, env = "SHOWDOWN_BODY_LIMIT", default_value_t = DEFAULT_BODY_LIMIT)]
    pub body_limit: usize,
    /// Bytes of request bodies and answers held at once over every
    /// connection (an answer from when it is made until it is written); a
    /// body or an answer past it is refused at once with 503 and
    /// Retry-After (at least the largest body a route takes).
    #[arg(long, env = "SHOWDOWN_BODY_BUDGET", default_value_t = DEFAULT_BODY_BUDGET)]
    pub body_budget: usize,
    /// Largest answer in bytes (larger is 422); an answer is also bounded by
    /// 32 times its request's body or 1 MiB, whichever is more. At least
    /// 64 KiB, at most three quarters of --body-budget.
    #[arg(long, env = "SHOWDOWN_ANSWER_LIMIT", default_value_t = DEFAULT_ANSWER_LIMIT)]
    pub answer_limit: usize,
    /// Request timeout in milliseconds (then 408).
    #[arg(long, env = "SHOWDOWN_REQUEST_TIMEOUT_MS", default_value_t = DEFAULT_TIMEOUT_MS)]
    pub request_timeout_ms: u64,
    /// API requests handled at once; more are refused at once with 503 (not
    /// queued); at least 1.
    #[arg(long, env = "SHOWDOWN_CONCURRENCY_LIMIT", default_value_t = DEFAULT_CONCURRENCY)]
    pub concurrency_limit: usize,
    /// Seconds requests in flight have to finish once the listener has
    /// closed (after the drain linger); 0 stops at once.
    #[arg(long, env = "SHOWDOWN_SHUTDOWN_GRACE_SECS", default_value_t = DEFAULT_SHUTDOWN_GRACE_SECS)]
    pub shutdown_grace_secs: u64,
    /// Milliseconds a client has to send a request's headers, counted from
    /// when the connection opens or its previous response was sent.
    #[arg(long, env = "SHOWDOWN_HEADER_TIMEOUT_MS", default_value_t = DEFAULT_HEADER_TIMEOUT_MS)]
    pub header_timeout_ms: u64,
    /// Milliseconds a connection may send nothing, with no request in
    /// progress, before it is closed.
    #[arg(long, env = "SHOWDOWN_IDLE_TIMEOUT_MS", default_value_t = DEFAULT_IDLE_TIMEOUT_MS)]
    pub idle_timeout_ms: u64,
    /// Milliseconds an answer's writing may make no progress (its client
    /// reads nothing) before the connection is cut.
    #[arg(long, env = "SHOWDOWN_WRITE_STALL_MS", default_value_t = DEFAULT_WRITE_STALL_MS)]
    pub write_stall_ms: u64,
    /// Milliseconds an answer's writing may wait on its client in all (a
    /// client that reads a trickle) before the connection is cut.
    #[arg(long, env = "SHOWDOWN_WRITE_TIMEOUT_MS", default_value_t = DEFAULT_WRITE_TIMEOUT_MS)]
    pub write_timeout_ms: u64,
    /// Bytes the kernel may queue on a connection for a client that has
    /// not read them (SO_SNDBUF, 4096 to 4 MiB; Linux doubles it).
    #[arg(long, env = "SHOWDOWN_SEND_BUFFER_BYTES", default_value_t = DEFAULT_SEND_BUFFER_BYTES)]
    pub send_buffer_bytes: usize,
    /// Largest request line and headers, in bytes (at least 8192; larger is 431).
    #[arg(long, env = "SHOWDOWN_MAX_HEADER_BYTES", default_value_t = DEFAULT_MAX_HEADER_BYTES)]
    pub max_header_bytes: usize,
    /// Open connections at most (lowered to fit the open-file limit); a
    /// connection over it is answered 503 and closed at once.
    #[arg(long, env = "SHOWDOWN_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,
    /// Milliseconds the listener keeps accepting after SIGTERM/SIGINT while
    /// /readyz answers 503 (so a load balancer sees it and stops sending;
    /// responses then say `Connection: close`); then it closes. 0: at once.
    #[arg(long, env = "SHOWDOWN_DRAIN_LINGER_MS", default_value_t = DEFAULT_DRAIN_LINGER_MS)]
    pub drain_linger_ms: u64,
    /// A file of bearer tokens (one a line, `#` comments); with tokens the
    /// API answers 401 without one. Health and readiness never need one.
    #[arg(long, env = "SHOWDOWN_AUTH_TOKENS_FILE")]
    pub auth_tokens_file: Option<PathBuf>,
    /// Bearer tokens, separated by commas or spaces (prefer the file: a
    /// variable shows in the process environment).
    #[arg(long, env = "SHOWDOWN_AUTH_TOKENS", hide_env_values = true)]
    pub auth_tokens: Option<String>,
    /// Serve `/metrics` on this address (`host:port`) instead of the public one.
    #[arg(long, env = "SHOWDOWN_ADMIN_ADDR")]
    pub admin_addr: Option<String>,
    /// Threads that run equity and cash-out enumerations, apart from
    /// settlements (default: half the cores, at least 1).
    #[arg(long, env = "SHOWDOWN_EQUITY_THREADS")]
    pub equity_threads: Option<usize>,
    /// Enumerations running or waiting at once (default: 64 a thread);
    /// more are refused at once with 503.
    #[arg(long, env = "SHOWDOWN_EQUITY_LIMIT")]
    pub equity_limit: Option<usize>,
    /// Log every request at info, with its trace id (by default only
    /// refused and failed ones are; successes at debug).
    #[arg(long, env = "SHOWDOWN_LOG_REQUESTS")]
    pub log_requests: bool,
}

#[derive(Debug, Clone, Args)]
pub(crate) struct SettleArgs {
    /// A request JSON file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// One request a line in, one response (or problem) a line out on
    /// stdout, in order: answer N is for line N, a blank line included (a
    /// problem stays in its place there and is also said on stderr).
    #[arg(long)]
    pub ndjson: bool,
    /// Ask every request for its `explanation` (a request's own `explain`
    /// field is passed through either way).
    #[arg(long)]
    pub explain: bool,
}

#[derive(Debug, Clone, Args)]
pub(crate) struct EquityArgs {
    /// A request JSON file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub(crate) struct HealthcheckArgs {
    /// Address of the service (`host:port`). When absent: the `--addr` of
    /// the `showdown serve` that is PID 1 (the process of a container),
    /// else `SHOWDOWN_ADDR`, else the default, as `serve` reads them.
    #[arg(long)]
    pub addr: Option<String>,
    /// Give up after this many milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub timeout_ms: u64,
}

impl ServeArgs {
    /// The router's settings, each checked against its bounds (a refused
    /// value stops the start; none is raised or lowered silently).
    pub(crate) fn app_config(&self) -> Result<AppConfig, ServeFailed> {
        let mut auth = AuthConfig::load(
            self.auth_tokens_file.as_deref(),
            self.auth_tokens.as_deref(),
        )?;
        auth.metrics_public = self.admin_addr.is_none();
        let threads = EQUITY_THREADS.check(
            self.equity_threads
                .unwrap_or_else(crate::edge::compute::default_threads),
        )?;
        let timeout = ms_bound("--request-timeout-ms", "SHOWDOWN_REQUEST_TIMEOUT_MS", 1);
        let body_limit = BODY_LIMIT.check(self.body_limit)?;
        let largest = body_limit.max(crate::edge::route_terms::LARGE_BODY_LIMIT);
        let budget = body_budget(largest as u64).check(self.body_budget)?;
        Ok(AppConfig {
            body_limit,
            body_budget: budget,
            answer_limit: answer_limit(budget as u64).check(self.answer_limit)?,
            request_timeout: Duration::from_millis(timeout.check(self.request_timeout_ms)?),
            concurrency_limit: CONCURRENCY.check(self.concurrency_limit)?,
            auth,
            compute_threads: threads,
            compute_limit: EQUITY_LIMIT.check(
                self.equity_limit
                    .unwrap_or_else(|| crate::edge::compute::default_limit(threads)),
            )?,
            log_requests: self.log_requests,
        })
    }

    /// The connections' settings, checked like [`ServeArgs::app_config`]'s.
    pub(crate) fn serve_config(&self) -> Result<ServeConfig, SettingError> {
        let ms = |b: Bound, v: u64| b.check(v).map(Duration::from_millis);
        Ok(ServeConfig {
            header_timeout: ms(
                ms_bound("--header-timeout-ms", "SHOWDOWN_HEADER_TIMEOUT_MS", 1),
                self.header_timeout_ms,
            )?,
            idle_timeout: ms(
                ms_bound("--idle-timeout-ms", "SHOWDOWN_IDLE_TIMEOUT_MS", 1),
                self.idle_timeout_ms,
            )?,
            max_header_bytes: MAX_HEADER.check(self.max_header_bytes)?,
            write_stall: ms(
                ms_bound("--write-stall-ms", "SHOWDOWN_WRITE_STALL_MS", 1),
                self.write_stall_ms,
            )?,
            write_timeout: ms(
                ms_bound("--write-timeout-ms", "SHOWDOWN_WRITE_TIMEOUT_MS", 1),
                self.write_timeout_ms,
            )?,
            send_buffer_bytes: SEND_BUFFER.check(self.send_buffer_bytes)?,
            max_connections: MAX_CONNS.check(self.max_connections)?,
            shutdown_grace: Duration::from_secs(GRACE_SECS.check(self.shutdown_grace_secs)?),
            drain_linger: ms(
                ms_bound("--drain-linger-ms", "SHOWDOWN_DRAIN_LINGER_MS", 0),
                self.drain_linger_ms,
            )?,
        })
    }
}

/// Why `serve` stopped with an error.
#[derive(Debug, thiserror::Error)]
pub(crate) enum ServeFailed {
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Setting(#[from] SettingError),
    #[error(transparent)]
    Serve(#[from] ServeError),
    #[error(transparent)]
    Otlp(#[from] crate::edge::otlp::OtlpError),
}
