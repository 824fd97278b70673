//! The edge's settings (from flags or `SHOWDOWN_*` variables, see `cli`;
//! their defaults and bounds are in `settings`) and its logs.

use crate::settings::defaults::{
    DEFAULT_ANSWER_LIMIT, DEFAULT_BODY_BUDGET, DEFAULT_BODY_LIMIT, DEFAULT_CONCURRENCY,
    DEFAULT_TIMEOUT_MS,
};
use std::time::Duration;

/// The settings the router needs (the listener's address lives in the CLI).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AppConfig {
    /// Largest request body in bytes (API.md: 64 KiB by default); larger is 413.
    pub body_limit: usize,
    /// Bytes of request bodies and answers held at once over every
    /// connection; a body or an answer past it is refused at once with 503
    /// (`edge::budget`, `edge::answer`).
    pub body_budget: usize,
    /// The largest answer in bytes, whatever its request; an answer is also
    /// bounded by a multiple of its request's body (`edge::answer`).
    pub answer_limit: usize,
    /// Longest a request may take, body upload included; then 408.
    pub request_timeout: Duration,
    /// API requests handled at once; more are refused at once with 503 (not queued).
    pub concurrency_limit: usize,
    /// Bearer tokens the API asks for (none: open, the default), and
    /// whether `/metrics` is served on this router (not when an admin
    /// address serves it).
    pub auth: crate::edge::auth::AuthConfig,
    /// Threads that run enumerations (equity, cash-outs), apart from the
    /// async workers that settle.
    pub compute_threads: usize,
    /// Enumerations running or waiting at once; more are refused at once
    /// with 503.
    pub compute_limit: usize,
    /// Every request logged at info (else only refusals and failures).
    pub log_requests: bool,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            body_limit: DEFAULT_BODY_LIMIT,
            body_budget: DEFAULT_BODY_BUDGET,
            answer_limit: DEFAULT_ANSWER_LIMIT,
            request_timeout: Duration::from_millis(DEFAULT_TIMEOUT_MS),
            concurrency_limit: DEFAULT_CONCURRENCY,
            auth: crate::edge::auth::AuthConfig::default(),
            compute_threads: crate::edge::compute::default_threads(),
            compute_limit: crate::edge::compute::default_limit(
                crate::edge::compute::default_threads(),
            ),
            log_requests: false,
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

impl LogFormat {
    /// The name the flag takes.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            LogFormat::Json => "json",
            LogFormat::Pretty => "pretty",
        }
    }
}

/// Log lines buffered for the writer thread; beyond them lines are dropped
/// (a stalled log reader costs lines, never requests). A line is under
/// 1 KiB (paths cut by [`log_path`], request ids at most 128 bytes), so the
/// queue holds a few MiB at most.
pub(crate) const LOG_BUFFER_LINES: usize = 4096;

/// The log filter in force: `RUST_LOG` when it parses, else `info`.
pub(crate) fn log_filter() -> tracing_subscriber::EnvFilter {
    tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info"))
}

/// Install the global tracing subscriber. The filter comes from `RUST_LOG`
/// (default `info`); logs go to stderr so `showdown settle` keeps stdout
/// for its JSON. Lines go through a bounded, lossy queue to a writer
/// thread, so a stderr nobody reads never blocks a request; keep the
/// returned guard alive for the process (dropping it flushes and stops the
/// writer). Colour codes are written only when stderr is a terminal, so a
/// file or a log shipper gets plain text. A JSON line inside a request has
/// the request's span (`span`: request id, trace id, span id). With `otlp`,
/// the request spans are exported too, whatever `RUST_LOG` says.
pub fn init_tracing(
    format: LogFormat,
    otlp: Option<&crate::edge::otlp::Otlp>,
) -> tracing_appender::non_blocking::WorkerGuard {
    use std::io::IsTerminal;
    use tracing_subscriber::layer::SubscriberExt;
    use tracing_subscriber::util::SubscriberInitExt;
    use tracing_subscriber::Layer;
    let (writer, guard) = tracing_appender::non_blocking::NonBlockingBuilder::default()
        .lossy(true)
        .buffered_lines_limit(LOG_BUFFER_LINES)
        .thread_name("showdown-log")
        .finish(std::io::stderr());
    let lines = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::stderr().is_terminal())
        .with_writer(writer);
    let lines = match format {
        LogFormat::Json => lines
            .json()
            .flatten_event(true)
            .with_span_list(false)
            .boxed(),
        LogFormat::Pretty => lines.pretty().boxed(),
    };
    let spans = otlp.map(|o| {
        tracing_opentelemetry::layer()
            .with_tracer(o.tracer())
            .with_filter(
                tracing_subscriber::filter::Targets::new()
                    .with_target("showdown_server::edge::trace_context", tracing::Level::INFO),
            )
    });
    let installed = tracing_subscriber::registry()
        .with(lines.with_filter(log_filter()))
        .with(spans)
        .try_init()
        .is_ok();
    if let (true, Some(o)) = (installed, otlp) {
        o.started();
    }
    guard
}

/// Longest path a log line carries, in bytes.
pub(crate) const LOG_PATH_MAX: usize = 256;

/// `path` cut to [`LOG_PATH_MAX`] bytes on a character boundary, so a
/// client's 60 KB path costs the log 256 bytes.
pub(crate) fn log_path(path: &str) -> &str {
    if path.len() <= LOG_PATH_MAX {
        return path;
    }
    let mut end = LOG_PATH_MAX;
    while !path.is_char_boundary(end) {
        end -= 1;
    }
    &path[..end]
}

/// Lets `burst` log lines through per period and counts the ones it holds
/// back, so a flood of refused requests or connections costs a few lines a
/// period, while the usual trickle is logged in full.
#[derive(Debug)]
pub(crate) struct LogEvery {
    period_ms: u64,
    burst: u64,
    origin: std::time::Instant,
    /// The period (milliseconds since `origin` / `period_ms`) being counted.
    window: std::sync::atomic::AtomicU64,
    /// Lines let through in that period.
    used: std::sync::atomic::AtomicU64,
    skipped: std::sync::atomic::AtomicU64,
}

impl LogEvery {
    pub(crate) fn new(period: Duration, burst: u64) -> LogEvery {
        LogEvery {
            period_ms: u64::try_from(period.as_millis()).unwrap_or(u64::MAX).max(1),
            burst,
            origin: std::time::Instant::now(),
            window: std::sync::atomic::AtomicU64::new(0),
            used: std::sync::atomic::AtomicU64::new(0),
            skipped: std::sync::atomic::AtomicU64::new(0),
        }
    }

    /// `Some(lines held back since the last one let through)` when a line
    /// may be written now, else `None` (and the line is counted as held back).
    pub(crate) fn allow(&self) -> Option<u64> {
        use std::sync::atomic::Ordering::Relaxed;
        let now = u64::try_from(self.origin.elapsed().as_millis()).unwrap_or(u64::MAX);
        let window = now / self.period_ms;
        let seen = self.window.load(Relaxed);
        if window != seen
            && self
                .window
                .compare_exchange(seen, window, Relaxed, Relaxed)
                .is_ok()
        {
            self.used.store(0, Relaxed);
        }
        if self.used.fetch_add(1, Relaxed) < self.burst {
            return Some(self.skipped.swap(0, Relaxed));
        }
        self.skipped.fetch_add(1, Relaxed);
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_path_cuts_long_paths_on_a_char_boundary() {
        assert_eq!(log_path("/v1/settle"), "/v1/settle");
        let long = "/".to_string() + &"é".repeat(1000);
        let cut = log_path(&long);
        assert!(cut.len() <= LOG_PATH_MAX && cut.len() >= LOG_PATH_MAX - 1);
        assert!(long.starts_with(cut));
        let exact = "a".repeat(LOG_PATH_MAX + 10);
        assert_eq!(log_path(&exact).len(), LOG_PATH_MAX);
    }

    #[test]
    fn log_every_lets_a_burst_a_period_through_and_counts_the_rest() {
        let every = LogEvery::new(Duration::from_secs(3600), 2);
        assert_eq!(every.allow(), Some(0));
        assert_eq!(every.allow(), Some(0));
        assert_eq!(every.allow(), None);
        assert_eq!(every.allow(), None);
        let never = LogEvery::new(Duration::ZERO, 0);
        assert_eq!(never.allow(), None);
        let next = LogEvery::new(Duration::from_millis(200), 1);
        let _ = next.allow();
        let _ = next.allow();
        std::thread::sleep(Duration::from_millis(450));
        // A new period lets a line through and reports what was held back
        // (one line, or two if the first two calls straddled a period).
        assert!(matches!(next.allow(), Some(0..=1)));
    }
}
