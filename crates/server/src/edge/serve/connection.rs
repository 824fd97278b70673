//! One connection's life: hyper serves it with the header timeout and the
//! head limit; it is closed when quiet for the idle timeout, when asked to
//! make room while quiet, or when the drain reaches it; it is cut (reset)
//! when its answer waits on a client that reads too slowly (`Writing`);
//! after an answer that refused a body unread, the bare socket lingers
//! (`linger`); a client that opened with HTTP/2's preface is answered in
//! HTTP/2's frames that the service speaks HTTP/1.1 (`http2`).
//!
//! The write limits are ours: hyper has none, and tokio-io-timeout bounds
//! one stalled write but not an answer's whole write, so both are checked
//! where the connection's task already samples its counters each tick,
//! which costs a write one atomic add and no timer.

use super::config::ServeConfig;
use super::service::{ConnService, ConnStats, Counted};
use super::{http2, linger};
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
    /// How long the connection has had no request in progress, no answer
    /// waiting on its client and read nothing, as of now.
    fn sample(&mut self, stats: &ConnStats) -> Duration {
        let now = Instant::now();
        let bytes = stats.bytes_in.load(Ordering::Relaxed);
        let started = stats.started.load(Ordering::Relaxed);
        if stats.in_flight.load(Ordering::Relaxed) > 0
            || stats.write_waiting.load(Ordering::Relaxed)
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

/// Tracks an answer waiting on its client to read, sampled by its task:
/// since when it has waited, and when the client last took a byte.
struct Writing {
    bytes: u64,
    progress: Instant,
    since: Option<Instant>,
}

impl Writing {
    /// Why the connection must be cut now: its answer has made no write
    /// progress for `--write-stall-ms`, or has waited on its client for
    /// `--write-timeout-ms` in all; `None` while it may go on.
    fn sample(&mut self, stats: &ConnStats, config: &ServeConfig) -> Option<&'static str> {
        let now = Instant::now();
        if !stats.write_waiting.load(Ordering::Relaxed) {
            self.since = None;
            return None;
        }
        let out = stats.bytes_out.load(Ordering::Relaxed);
        let since = match self.since {
            Some(since) if out == self.bytes => since,
            Some(since) => {
                (self.bytes, self.progress) = (out, now);
                since
            }
            None => {
                (self.bytes, self.progress, self.since) = (out, now, Some(now));
                now
            }
        };
        if now - self.progress >= config.write_stall {
            Some("write_stall")
        } else if now - since >= config.write_timeout {
            Some("write_timeout")
        } else {
            None
        }
    }
}

/// A connection cut off for reading too slowly: counted with the
/// connection errors, and said in a warning, a few lines a second.
fn cut_off(state: &AppState, reason: &'static str, stats: &ConnStats) {
    state.record_connection_error();
    static CUT: std::sync::LazyLock<crate::edge::config::LogEvery> =
        std::sync::LazyLock::new(|| crate::edge::config::LogEvery::new(Duration::from_secs(1), 5));
    if let Some(skipped) = CUT.allow() {
        tracing::warn!(
            reason,
            bytes_out = stats.bytes_out.load(Ordering::Relaxed),
            skipped,
            "connection cut: its answer waited too long on a client that reads too slowly"
        );
    }
}

/// A client that opened with HTTP/2's preface: counted with the
/// connection errors (as any protocol error), and said in a warning a few
/// times a second, so a client set up for HTTP/2 is seen.
fn refused_http2(state: &AppState) {
    state.record_connection_error();
    static REFUSED: std::sync::LazyLock<crate::edge::config::LogEvery> =
        std::sync::LazyLock::new(|| crate::edge::config::LogEvery::new(Duration::from_secs(1), 5));
    if let Some(skipped) = REFUSED.allow() {
        tracing::warn!(
            skipped,
            "HTTP/2 preface refused with GOAWAY HTTP_1_1_REQUIRED: this service speaks HTTP/1.1"
        );
    }
}

/// hyper's HTTP/1.1 connection over the counting socket.
type Http = hyper::server::conn::http1::Connection<TokioIo<Counted>, ConnService>;

/// How hyper's part of a connection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Ended {
    /// hyper closed it: every answer flushed, then its FIN sent.
    Closed,
    /// On an error, or closed by a timeout: the socket is dropped as it is.
    Dropped,
    /// Cut off for reading too slowly: the socket is reset.
    Cut,
    /// The drain reached it while it was open (from `serve` only).
    Drain,
    /// Its client opened with HTTP/2's preface: hyper stopped there, and
    /// the socket answers it (`http2`).
    Http2,
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
        bound_send_buffer(&stream, self.config.send_buffer_bytes);
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
        let mut conn = builder.serve_connection(io, service);
        let mut ended = self.serve(Pin::new(&mut conn), &stats).await;
        if ended == Ended::Drain {
            ended = self.drain(Pin::new(&mut conn), &stats).await;
        }
        if ended == Ended::Cut {
            // Reset rather than closed: a close leaves what the kernel has
            // queued for the client (up to the send buffer's 4 MiB, in the
            // pod's memory cgroup) to be sent at the slow reader's pace,
            // minutes after the cut; a reset drops it at once.
            let socket = conn.into_parts().io.into_inner().inner;
            let _ = socket2::SockRef::from(&socket).set_linger(Some(Duration::ZERO));
        } else if ended == Ended::Http2 {
            refused_http2(&self.state);
            let socket = conn.into_parts().io.into_inner().inner;
            http2::refuse(socket, self.config.header_timeout).await;
        } else if ended == Ended::Closed && stats.linger.load(Ordering::Relaxed) {
            // hyper has flushed its last answer and sent its FIN: its
            // state and buffers go now (in a statement of their own, so
            // no temporary keeps its read buffer through the await), and
            // the bare socket lingers.
            let socket = conn.into_parts().io.into_inner().inner;
            linger::drain(socket).await;
        }
    }

    /// Serving: until the connection ends, goes quiet for the idle
    /// timeout, is asked to make room while quiet, its answer waits on its
    /// client too long, or the drain begins.
    async fn serve(&mut self, mut conn: Pin<&mut Http>, stats: &ConnStats) -> Ended {
        let mut quiet = Quiet {
            bytes: 0,
            started: 0,
            since: Instant::now(),
        };
        let mut writing = Writing {
            bytes: 0,
            progress: Instant::now(),
            since: None,
        };
        let c = &self.config;
        let shortest = c.idle_timeout.min(c.write_stall).min(c.write_timeout);
        let tick = (shortest / 4).max(Duration::from_millis(10));
        let mut ticks = tokio::time::interval(tick);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let close = tokio::select! {
                r = conn.as_mut() => return ended(&self.state, r),
                _ = ticks.tick() => {
                    if let Some(reason) = writing.sample(stats, &self.config) {
                        cut_off(&self.state, reason, stats);
                        return Ended::Cut;
                    }
                    quiet.sample(stats) >= self.config.idle_timeout
                }
                _ = self.pressure.notified() => {
                    let silent = stats.bytes_in.load(Ordering::Relaxed) == 0;
                    quiet.sample(stats) >= if silent { EVICT_SILENT } else { EVICT_QUIET }
                }
                _ = self.stop.wait_for(|s| *s) => return Ended::Drain,
            };
            if close {
                if stats.started.load(Ordering::Relaxed) == 0 {
                    return Ended::Dropped;
                }
                // Quiet with a request served: hyper closes it at once.
                conn.as_mut().graceful_shutdown();
                let r = tokio::time::timeout(self.config.header_timeout, conn).await;
                return closed_if(r);
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
    async fn drain(&self, mut conn: Pin<&mut Http>, stats: &ConnStats) -> Ended {
        if stats.in_flight.load(Ordering::Relaxed) == 0 {
            if let Some(ended) = self.request_begins(conn.as_mut(), stats).await {
                return ended;
            }
        }
        conn.as_mut().graceful_shutdown();
        closed_if(tokio::time::timeout(self.config.shutdown_grace, conn).await)
    }

    /// `None` when a request begins on the quiet connection within
    /// [`QUIET_WAIT`] (never past the grace); else how the connection
    /// ended: by itself, or dropped when nothing came.
    async fn request_begins(&self, mut conn: Pin<&mut Http>, stats: &ConnStats) -> Option<Ended> {
        let started = stats.started.load(Ordering::Relaxed);
        let wait = tokio::time::sleep(QUIET_WAIT.min(self.config.shutdown_grace));
        tokio::pin!(wait);
        let mut ticks = tokio::time::interval(Duration::from_millis(2));
        loop {
            tokio::select! {
                r = conn.as_mut() => return Some(ended(&self.state, r)),
                _ = &mut wait => return Some(Ended::Dropped),
                _ = ticks.tick() => {
                    if stats.started.load(Ordering::Relaxed) != started
                        || stats.in_flight.load(Ordering::Relaxed) > 0
                    {
                        return None;
                    }
                }
            }
        }
    }
}

/// How a connection's end that hyper reports is counted: an error (a
/// protocol error or a timeout) in the metrics; the HTTP/2 preface is
/// answered first (`http2`).
fn ended(state: &AppState, r: hyper::Result<()>) -> Ended {
    match r {
        Ok(()) => Ended::Closed,
        Err(e) if e.is_parse_version_h2() => Ended::Http2,
        Err(_) => {
            state.record_connection_error();
            Ended::Dropped
        }
    }
}

/// A close asked of hyper with a time limit: `Closed` when hyper closed the
/// connection in time, else `Dropped` (not counted as an error, as hyper
/// ends a connection it was asked to close).
fn closed_if(r: Result<hyper::Result<()>, tokio::time::error::Elapsed>) -> Ended {
    match r {
        Ok(Ok(())) => Ended::Closed,
        _ => Ended::Dropped,
    }
}

/// Caps what the kernel queues for the client (`SO_SNDBUF`): a client that
/// never reads then holds that much, not the 4 MiB the kernel would grow
/// the buffer to. A refusal leaves the kernel's own setting.
fn bound_send_buffer(stream: &TcpStream, bytes: usize) {
    let _ = socket2::SockRef::from(stream).set_send_buffer_size(bytes);
}

#[cfg(test)]
mod send_buffer_tests {
    use super::bound_send_buffer;

    #[tokio::test]
    async fn an_accepted_connections_send_buffer_is_bounded() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let _client = tokio::net::TcpStream::connect(addr).await.unwrap();
        let (stream, _) = listener.accept().await.unwrap();
        let sock = socket2::SockRef::from(&stream);
        let before = sock.send_buffer_size().unwrap();
        bound_send_buffer(&stream, 8192);
        let after = sock.send_buffer_size().unwrap();
        // Linux reports twice what was set: its bookkeeping's share.
        assert!((8192..=2 * 8192).contains(&after), "{after}");
        assert!(after < before, "{before} -> {after}");
    }
}
