//! One connection's life: hyper serves it with the header timeout and the
//! head limit; it is closed when quiet for the idle timeout, when asked to
//! make room while quiet, or when the drain reaches it.

use super::config::ServeConfig;
use super::service::{ConnService, ConnStats, Counted};
use crate::edge::state::AppState;
use crate::settings::defaults::MIN_HEADER_BYTES;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::{watch, Notify};
use tokio::time::Instant;

/// Under the connection cap, connections quiet for this long are closed to
/// make room for new ones.
const EVICT_QUIET: Duration = Duration::from_secs(1);
/// The same for a connection that has sent nothing at all since it opened
/// (a client sends its request as soon as it connects).
const EVICT_SILENT: Duration = Duration::from_millis(100);

/// Tracks when a connection last did anything, sampled by its task.
struct Quiet {
    bytes: u64,
    started: u64,
    since: Instant,
}

impl Quiet {
    /// How long the connection has had no request in progress and read
    /// nothing, as of now.
    fn sample(&mut self, stats: &ConnStats) -> Duration {
        let now = Instant::now();
        let bytes = stats.bytes_in.load(Ordering::Relaxed);
        let started = stats.started.load(Ordering::Relaxed);
        if stats.in_flight.load(Ordering::Relaxed) > 0
            || bytes != self.bytes
            || started != self.started
        {
            self.bytes = bytes;
            self.started = started;
            self.since = now;
        }
        now - self.since
    }
}

pub(super) struct Connection {
    pub(super) config: Arc<ServeConfig>,
    pub(super) pressure: Arc<Notify>,
    pub(super) draining: Arc<AtomicBool>,
    pub(super) stop: watch::Receiver<bool>,
    /// For the metrics: connections hyper ends on a protocol error or a timeout.
    pub(super) state: AppState,
}

impl Connection {
    pub(super) async fn run(
        mut self,
        stream: TcpStream,
        app: Router,
        _held: (
            tokio::sync::OwnedSemaphorePermit,
            crate::edge::metrics::GaugeGuard,
        ),
    ) {
        let _ = stream.set_nodelay(true);
        let stats = Arc::new(ConnStats::default());
        let io = TokioIo::new(Counted {
            inner: stream,
            stats: stats.clone(),
        });
        let service = ConnService {
            app,
            stats: stats.clone(),
            draining: self.draining.clone(),
            max_head: self.config.max_header_bytes,
        };
        let mut builder = hyper::server::conn::http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(self.config.header_timeout)
            .max_buf_size(self.config.max_header_bytes.max(MIN_HEADER_BYTES));
        let conn = builder.serve_connection(io, service);
        tokio::pin!(conn);
        let mut quiet = Quiet {
            bytes: 0,
            started: 0,
            since: Instant::now(),
        };
        let tick = (self.config.idle_timeout / 4).max(Duration::from_millis(10));
        let mut ticks = tokio::time::interval(tick);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        // Serving: until the connection ends, goes quiet for the idle
        // timeout, is asked to make room while quiet, or the drain begins.
        loop {
            let close = tokio::select! {
                r = conn.as_mut() => {
                    if r.is_err() {
                        self.state.record_connection_error();
                    }
                    return;
                }
                _ = ticks.tick() => quiet.sample(&stats) >= self.config.idle_timeout,
                _ = self.pressure.notified() => {
                    let silent = stats.bytes_in.load(Ordering::Relaxed) == 0;
                    quiet.sample(&stats) >= if silent { EVICT_SILENT } else { EVICT_QUIET }
                }
                _ = self.stop.wait_for(|s| *s) => break,
            };
            if close {
                if stats.started.load(Ordering::Relaxed) == 0 {
                    return;
                }
                // Quiet with a request served: hyper closes it at once.
                conn.as_mut().graceful_shutdown();
                let _ = tokio::time::timeout(self.config.header_timeout, conn.as_mut()).await;
                return;
            }
        }
        // The listener has closed after the linger, through which every
        // response said `Connection: close`. A connection with nothing in
        // progress (at most half a header) has nothing to lose; one with a
        // request in flight finishes it, bounded by the grace in `serve`.
        if stats.in_flight.load(Ordering::Relaxed) == 0 {
            return;
        }
        conn.as_mut().graceful_shutdown();
        let _ = tokio::time::timeout(self.config.shutdown_grace, conn).await;
    }
}
