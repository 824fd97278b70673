//! One connection's life: hyper serves it with the header timeout and the
//! head limit; it is closed when quiet for the idle timeout, when asked to
//! make room while quiet, or when the drain reaches it.

use super::config::ServeConfig;
use super::service::{ConnService, ConnStats, Counted};
use crate::edge::state::AppState;
use crate::settings::defaults::MIN_HEADER_BYTES;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::{watch, Notify};
use tokio::time::Instant;

/// How long a connection that is quiet when the drain reaches it waits for
/// a request on its way (a client that has just connected, or has just
/// written its next request, sends it within milliseconds).
const QUIET_WAIT: Duration = Duration::from_secs(1);
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

/// hyper's HTTP/1.1 connection over the counting socket.
type Http = hyper::server::conn::http1::Connection<TokioIo<Counted>, ConnService>;

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
            linger: None,
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
        if self.serve(conn.as_mut(), &stats).await {
            self.drain(conn, &stats).await;
        }
    }

    /// Serving: until the connection ends, goes quiet for the idle
    /// timeout, is asked to make room while quiet, or the drain begins
    /// (then `true`).
    async fn serve(&mut self, mut conn: Pin<&mut Http>, stats: &ConnStats) -> bool {
        let mut quiet = Quiet {
            bytes: 0,
            started: 0,
            since: Instant::now(),
        };
        let tick = (self.config.idle_timeout / 4).max(Duration::from_millis(10));
        let mut ticks = tokio::time::interval(tick);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let close = tokio::select! {
                r = conn.as_mut() => {
                    if r.is_err() {
                        self.state.record_connection_error();
                    }
                    return false;
                }
                _ = ticks.tick() => quiet.sample(stats) >= self.config.idle_timeout,
                _ = self.pressure.notified() => {
                    let silent = stats.bytes_in.load(Ordering::Relaxed) == 0;
                    quiet.sample(stats) >= if silent { EVICT_SILENT } else { EVICT_QUIET }
                }
                _ = self.stop.wait_for(|s| *s) => return true,
            };
            if close {
                if stats.started.load(Ordering::Relaxed) > 0 {
                    // Quiet with a request served: hyper closes it at once.
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(self.config.header_timeout, conn).await;
                }
                return false;
            }
        }
    }

    /// The drain has reached the connection: the listener has closed after
    /// the linger, and every answer now says `Connection: close`. A request
    /// in flight finishes, bounded by the grace in `serve`. A connection
    /// quiet now may still have a request on its way (it was accepted as
    /// the listener closed, or its client wrote just now): it has
    /// [`QUIET_WAIT`] for the request to begin, and that request is
    /// answered; one that sends nothing by then is closed.
    async fn drain(&self, mut conn: Pin<&mut Http>, stats: &ConnStats) {
        if stats.in_flight.load(Ordering::Relaxed) == 0
            && !self.request_begins(conn.as_mut(), stats).await
        {
            return;
        }
        conn.as_mut().graceful_shutdown();
        let _ = tokio::time::timeout(self.config.shutdown_grace, conn).await;
    }

    /// Whether a request begins on the quiet connection within
    /// [`QUIET_WAIT`] (never past the grace); `false` too when the
    /// connection ends by itself.
    async fn request_begins(&self, mut conn: Pin<&mut Http>, stats: &ConnStats) -> bool {
        let started = stats.started.load(Ordering::Relaxed);
        let wait = tokio::time::sleep(QUIET_WAIT.min(self.config.shutdown_grace));
        tokio::pin!(wait);
        let mut ticks = tokio::time::interval(Duration::from_millis(2));
        loop {
            tokio::select! {
                r = conn.as_mut() => {
                    if r.is_err() {
                        self.state.record_connection_error();
                    }
                    return false;
                }
                _ = &mut wait => return false,
                _ = ticks.tick() => {
                    if stats.started.load(Ordering::Relaxed) != started
                        || stats.in_flight.load(Ordering::Relaxed) > 0
                    {
                        return true;
                    }
                }
            }
        }
    }
}
