//! Service settings: from flags or `SHOWDOWN_*` variables (see `cli.rs`),
//! with defaults that make `showdown` alone a working service.

use std::time::Duration;

/// The settings the router needs (the listener's address lives in the CLI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppConfig {
    /// Largest request body in bytes (API.md: 64 KiB by default); larger is 413.
    pub body_limit: usize,
    /// Longest a request may take, body upload included; then 408.
    pub request_timeout: Duration,
    /// Requests handled at once; more wait for a slot up to the timeout, then 503.
    pub concurrency_limit: usize,
}

pub const DEFAULT_ADDR: &str = "127.0.0.1:8080";
pub const DEFAULT_BODY_LIMIT: usize = 64 * 1024;
pub const DEFAULT_TIMEOUT_MS: u64 = 10_000;
pub const DEFAULT_CONCURRENCY: usize = 1024;

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            body_limit: DEFAULT_BODY_LIMIT,
            request_timeout: Duration::from_millis(DEFAULT_TIMEOUT_MS),
            concurrency_limit: DEFAULT_CONCURRENCY,
        }
    }
}

/// How logs are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One JSON object a line (for log shippers).
    Json,
    /// Human-readable, for a terminal.
    Pretty,
}

/// Install the global tracing subscriber. The filter comes from `RUST_LOG`
/// (default `info`); logs go to stderr so `showdown settle` keeps stdout
/// for its JSON.
pub fn init_tracing(format: LogFormat) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
        LogFormat::Pretty => builder.pretty().try_init(),
    };
}
