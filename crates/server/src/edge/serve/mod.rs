//! The listener and its connections: hyper's HTTP/1.1 connection builder
//! with explicit limits (header time and size, idle time, open connections)
//! and a drain on SIGTERM/SIGINT.
//!
//! `axum::serve` has no header timeout, idle timeout or connection cap, so
//! the accept loop is ours, as in axum's `serve-with-hyper` example. The
//! drain is ours too (hyper-util's `GracefulShutdown` closes idle
//! connections at once, which loses a request a keep-alive client has just
//! sent, and it never closes a connection that has not finished its first
//! request's headers).
//!
//! Its length (about 700 lines, half of them tests) is one concern: the
//! accept loop, the connection cap and the drain share the counters and
//! the shutdown signal, and split apart they would pass them around.

use crate::edge::config::LogEvery;
use crate::edge::state::AppState;
use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Response};
use axum::Router;
use hyper::body::{Body as HttpBody, Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{watch, Notify, Semaphore};
use tokio::time::Instant;

/// Connection-level limits (flags and `SHOWDOWN_*` variables in `cli.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeConfig {
    /// Longest wait for a request's headers, counted from when the
    /// connection opens or its previous response was sent (hyper's timer).
    pub header_timeout: Duration,
    /// A connection that has sent nothing and has no request in progress
    /// for this long is closed.
    pub idle_timeout: Duration,
    /// Largest request head (request line and headers) in bytes; hyper
    /// answers 431 beyond it. At least 8 KiB (hyper's smallest buffer).
    pub max_header_bytes: usize,
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

pub const DEFAULT_HEADER_TIMEOUT_MS: u64 = 10_000;
pub const DEFAULT_IDLE_TIMEOUT_MS: u64 = 5_000;
pub const DEFAULT_MAX_HEADER_BYTES: usize = 32 * 1024;
/// The smallest request-head limit: hyper's read buffer cannot be smaller
/// (it panics below it), so a smaller `--max-header-bytes` is refused.
pub const MIN_HEADER_BYTES: usize = 8192;
pub const DEFAULT_MAX_CONNECTIONS: usize = 10_000;
/// File descriptors kept free below the open-file limit (logs, the
/// listener, the admin listener, a shed connection being answered).
const FD_RESERVE: u64 = 64;
/// The largest cap accepted (a semaphore's permits are bounded, and far
/// more connections than this would exhaust memory first).
pub const MAX_CONNECTIONS_CEILING: usize = 1 << 20;
/// Under the connection cap, connections quiet for this long are closed to
/// make room for new ones.
const EVICT_QUIET: Duration = Duration::from_secs(1);
/// The same for a connection that has sent nothing at all since it opened
/// (a client sends its request as soon as it connects).
const EVICT_SILENT: Duration = Duration::from_millis(100);
/// The answer to a connection over the cap: written without waiting (a
/// full socket buffer just drops it) and the connection closed.
const SHED_RESPONSE: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/problem+json\r\nretry-after: 1\r\nconnection: close\r\ncontent-length: 117\r\n\r\n{\"type\":\"about:blank\",\"title\":\"Service Unavailable\",\"status\":503,\"detail\":\"too many open connections: retry shortly\"}";

impl Default for ServeConfig {
    fn default() -> Self {
        ServeConfig {
            header_timeout: Duration::from_millis(DEFAULT_HEADER_TIMEOUT_MS),
            idle_timeout: Duration::from_millis(DEFAULT_IDLE_TIMEOUT_MS),
            max_header_bytes: DEFAULT_MAX_HEADER_BYTES,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            shutdown_grace: Duration::from_secs(30),
            drain_linger: Duration::from_millis(500),
        }
    }
}

/// Why serving failed.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(
        "cannot listen on {addr}: the address is in use (choose another with {flag} or {var})"
    )]
    AddrInUse {
        addr: String,
        flag: &'static str,
        var: &'static str,
    },
    #[error("cannot listen on {addr}: {source} (set another address with {flag} or {var})")]
    Bind {
        addr: String,
        flag: &'static str,
        var: &'static str,
        source: std::io::Error,
    },
    #[error("cannot install the signal handlers: {0}")]
    Signals(std::io::Error),
}

/// Bind `addr`; the error names the address and the flag and variable that set it.
pub async fn bind(
    addr: &str,
    flag: &'static str,
    var: &'static str,
) -> Result<TcpListener, ServeError> {
    TcpListener::bind(addr).await.map_err(|source| {
        if source.kind() == std::io::ErrorKind::AddrInUse {
            ServeError::AddrInUse {
                addr: addr.to_string(),
                flag,
                var,
            }
        } else {
            ServeError::Bind {
                addr: addr.to_string(),
                flag,
                var,
                source,
            }
        }
    })
}

/// The connection cap actually used: the configured one, lowered to what
/// the open-file limit leaves (1,024 is a common container default), so the
/// cap is reached, and sheds, before `accept` starts failing.
pub fn effective_max_connections(configured: usize) -> usize {
    let configured = configured.min(MAX_CONNECTIONS_CEILING);
    let limit = open_file_limit().map(|n| n.saturating_sub(FD_RESERVE).max(1));
    match limit {
        Some(n) => configured
            .min(usize::try_from(n).unwrap_or(usize::MAX))
            .max(1),
        None => configured.max(1),
    }
}

/// The soft open-file limit from `/proc/self/limits` (Linux), without `libc`.
fn open_file_limit() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = text.lines().find(|l| l.starts_with("Max open files"))?;
    line["Max open files".len()..]
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Serve `app` on the public listener (and `admin` on its own, if any)
/// until SIGTERM/SIGINT, then drain in the usual order, with no
/// orchestrator's help: `/readyz` answers 503 at once while the listener
/// keeps accepting for the linger (so a load balancer sees it and stops
/// sending; responses say `Connection: close`), then the listener closes
/// and requests in flight have the grace to finish. A second signal, in
/// either wait, stops at once.
/// `signals` are made by the caller before it binds, so a signal that
/// comes while the server starts is a graceful stop, never the default kill.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    admin: Option<(TcpListener, Router)>,
    state: AppState,
    config: ServeConfig,
    mut signals: Signals,
) -> Result<(), ServeError> {
    let config = Arc::new(config);
    let (stop_tx, stop_rx) = watch::channel(false);
    let draining = Arc::new(AtomicBool::new(false));
    let public = Listener::new("public", &config, draining.clone(), state.clone());
    let mut tasks = vec![public.clone()];
    let public_loop = tokio::spawn(public.accept_loop(listener, app, stop_rx.clone()));
    let mut loops = vec![public_loop];
    if let Some((admin_listener, admin_app)) = admin {
        let admin = Listener::new("admin", &config, draining.clone(), state.clone());
        tasks.push(admin.clone());
        loops.push(tokio::spawn(admin.accept_loop(
            admin_listener,
            admin_app,
            stop_rx.clone(),
        )));
    }
    let name = signals.next().await;
    state.ready.store(false, Ordering::Relaxed);
    draining.store(true, Ordering::Relaxed);
    let linger_ms = u64::try_from(config.drain_linger.as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        signal = name,
        linger_ms,
        "shutdown: not ready; still accepting for the linger"
    );
    let forced = tokio::select! {
        _ = tokio::time::sleep(config.drain_linger) => false,
        name = signals.next() => {
            tracing::warn!(signal = name, "second signal: closing every connection now");
            true
        }
    };
    let _ = stop_tx.send(true);
    for l in loops {
        let _ = l.await;
    }
    if forced {
        tracing::info!("stopped");
        return Ok(());
    }
    tracing::info!(
        grace_secs = config.shutdown_grace.as_secs(),
        "shutdown: listener closed; finishing requests in flight"
    );
    let drained = async {
        for t in &tasks {
            t.closed().await;
        }
    };
    tokio::select! {
        _ = drained => tracing::info!("every connection closed"),
        _ = tokio::time::sleep(config.shutdown_grace) => {
            tracing::warn!(grace_secs = config.shutdown_grace.as_secs(), "grace period over: closing remaining connections");
        }
        name = signals.next() => {
            tracing::warn!(signal = name, "second signal: closing remaining connections");
        }
    }
    tracing::info!("stopped");
    Ok(())
}

/// One listening socket's connections: its cap, and the signal that asks
/// quiet connections to make room.
#[derive(Clone)]
struct Listener {
    /// `public` or `admin`, the label of its connections gauge.
    name: &'static str,
    config: Arc<ServeConfig>,
    max: usize,
    slots: Arc<Semaphore>,
    pressure: Arc<Notify>,
    draining: Arc<AtomicBool>,
    state: AppState,
}

impl Listener {
    fn new(
        name: &'static str,
        config: &Arc<ServeConfig>,
        draining: Arc<AtomicBool>,
        state: AppState,
    ) -> Listener {
        let max = effective_max_connections(config.max_connections);
        Listener {
            name,
            config: config.clone(),
            max,
            slots: Arc::new(Semaphore::new(max)),
            pressure: Arc::new(Notify::new()),
            draining,
            state,
        }
    }

    /// Every connection of this listener has closed.
    async fn closed(&self) {
        let all = u32::try_from(self.max).unwrap_or(u32::MAX);
        let _ = self.slots.acquire_many(all).await;
    }

    async fn accept_loop(
        self,
        listener: TcpListener,
        app: Router,
        mut stop: watch::Receiver<bool>,
    ) {
        let accept_errors = LogEvery::new(Duration::from_secs(10), 1);
        let sheds = LogEvery::new(Duration::from_secs(10), 1);
        loop {
            let accepted = tokio::select! {
                _ = stop.wait_for(|s| *s) => return,
                r = listener.accept() => r,
            };
            let stream = match accepted {
                Ok((stream, _)) => stream,
                Err(e) => {
                    // Out of file descriptors or memory: wait a little
                    // rather than spin; the connections' own timeouts free
                    // descriptors.
                    if let Some(skipped) = accept_errors.allow() {
                        tracing::warn!(error = %e, skipped, "accept failed");
                    }
                    tokio::time::sleep(Duration::from_millis(20)).await;
                    continue;
                }
            };
            match self.slot().await {
                Some(permit) => {
                    let open = self.state.metrics.connection_opened(self.name);
                    let conn = Connection {
                        config: self.config.clone(),
                        pressure: self.pressure.clone(),
                        draining: self.draining.clone(),
                        stop: stop.clone(),
                        state: self.state.clone(),
                    };
                    tokio::spawn(conn.run(stream, app.clone(), (permit, open)));
                }
                None => {
                    self.state
                        .record_unavailable(crate::edge::metrics::Unavailable::ConnectionCap);
                    if let Some(skipped) = sheds.allow() {
                        tracing::warn!(
                            max_connections = self.max,
                            skipped,
                            "connection cap reached: new connection answered 503"
                        );
                    }
                    let _ = stream.try_write(SHED_RESPONSE);
                }
            }
        }
    }

    /// A connection slot: a free one, else one a quiet connection gives up
    /// within a few milliseconds, else none (the new connection is shed).
    async fn slot(&self) -> Option<tokio::sync::OwnedSemaphorePermit> {
        if let Ok(p) = self.slots.clone().try_acquire_owned() {
            return Some(p);
        }
        self.pressure.notify_waiters();
        tokio::time::timeout(Duration::from_millis(5), self.slots.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
    }
}

/// What a connection's task, its I/O and its service share.
#[derive(Default)]
struct ConnStats {
    /// Requests whose response has not been fully handed to hyper yet.
    in_flight: AtomicUsize,
    /// Requests begun on this connection.
    started: AtomicU64,
    /// Bytes read from the client.
    bytes_in: AtomicU64,
}

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

struct Connection {
    config: Arc<ServeConfig>,
    pressure: Arc<Notify>,
    draining: Arc<AtomicBool>,
    stop: watch::Receiver<bool>,
    /// For the metrics: connections hyper ends on a protocol error or a timeout.
    state: AppState,
}

impl Connection {
    async fn run(
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

/// The router as a hyper service that counts requests in flight (until
/// their response body is done) and says `Connection: close` while draining.
#[derive(Clone)]
struct ConnService {
    app: Router,
    stats: Arc<ConnStats>,
    draining: Arc<AtomicBool>,
    /// `--max-header-bytes`: hyper refuses a head over it only when the
    /// head arrives in pieces (it parses a whole head in its buffer before
    /// it checks the size), so a head that came at once is measured here.
    max_head: usize,
}

/// The bytes of a request's line and headers as sent (CRLFs included).
fn head_len<B>(req: &Request<B>) -> usize {
    let line = req.method().as_str().len()
        + req.uri().path_and_query().map_or(1, |p| p.as_str().len())
        + " HTTP/1.1\r\n ".len();
    let headers: usize = req
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    line + headers + 2
}

/// 431 for a head over `max` bytes, as a problem the edge never saw (like
/// hyper's own 431, it comes before a request id is made).
fn head_too_large(max: usize) -> Response<Body> {
    let body = format!(
        "{{\"type\":\"about:blank\",\"title\":\"Request Header Fields Too Large\",\"status\":431,\"detail\":\"the request line and headers are over the limit of {max} bytes (--max-header-bytes)\"}}"
    );
    let mut res = Response::new(Body::from(body));
    *res.status_mut() = axum::http::StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE;
    res.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/problem+json"),
    );
    res.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    res
}

type BoxFuture<T> = Pin<Box<dyn Future<Output = T> + Send>>;

impl hyper::service::Service<Request<Incoming>> for ConnService {
    type Response = Response<Tracked>;
    type Error = Infallible;
    type Future = BoxFuture<Result<Response<Tracked>, Infallible>>;

    fn call(&self, req: Request<Incoming>) -> Self::Future {
        self.stats.started.fetch_add(1, Ordering::Relaxed);
        self.stats.in_flight.fetch_add(1, Ordering::Relaxed);
        let guard = InFlight(self.stats.clone());
        let draining = self.draining.clone();
        let mut app = self.app.clone();
        let too_large = head_len(&req) > self.max_head;
        let max = self.max_head;
        Box::pin(async move {
            let res = if too_large {
                head_too_large(max)
            } else {
                let Ok(res) = tower::Service::call(&mut app, req.map(SmallCopied)).await;
                res
            };
            let (mut parts, body) = res.into_parts();
            if draining.load(Ordering::Relaxed) {
                parts
                    .headers
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            Ok(Response::from_parts(
                parts,
                Tracked {
                    inner: body,
                    _guard: guard,
                },
            ))
        })
    }
}

/// Data frames shorter than this are copied out of hyper's read buffer.
const COPY_BELOW: usize = 4096;

/// A request body whose small data frames are copied: a frame shares the
/// read buffer it came in (8 KiB or more), so a body sent a byte at a time
/// would otherwise hold a buffer per byte until it is complete (1,100 slow
/// bodies: 191 MiB instead of about 60).
struct SmallCopied(Incoming);

impl HttpBody for SmallCopied {
    type Data = axum::body::Bytes;
    type Error = hyper::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.0).poll_frame(cx).map(|frame| {
            frame.map(|r| {
                r.map(|f| {
                    f.map_data(|d| {
                        if d.len() < COPY_BELOW {
                            axum::body::Bytes::copy_from_slice(&d)
                        } else {
                            d
                        }
                    })
                })
            })
        })
    }

    fn is_end_stream(&self) -> bool {
        self.0.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.0.size_hint()
    }
}

/// Counts a request in flight until dropped.
struct InFlight(Arc<ConnStats>);

impl Drop for InFlight {
    fn drop(&mut self) {
        self.0.in_flight.fetch_sub(1, Ordering::Relaxed);
    }
}

/// A response body that keeps its request counted in flight until hyper
/// has taken all of it.
pub struct Tracked {
    inner: Body,
    _guard: InFlight,
}

impl HttpBody for Tracked {
    type Data = axum::body::Bytes;
    type Error = axum::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut self.inner).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.inner.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.inner.size_hint()
    }
}

/// The socket, counting the bytes the client sends (a connection that sends
/// nothing is idle; one that sends slowly is the header timeout's).
struct Counted {
    inner: TcpStream,
    stats: Arc<ConnStats>,
}

impl AsyncRead for Counted {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<std::io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        let n = buf.filled().len() - before;
        if n > 0 {
            self.stats.bytes_in.fetch_add(n as u64, Ordering::Relaxed);
        }
        r
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<std::io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> Poll<std::io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

/// SIGINT (Ctrl-C) and SIGTERM (docker stop, Kubernetes), registered when
/// made (tokio installs a Unix signal handler on creation, not on first poll).
pub struct Signals {
    #[cfg(unix)]
    term: tokio::signal::unix::Signal,
    #[cfg(unix)]
    int: tokio::signal::unix::Signal,
}

impl Signals {
    pub fn new() -> std::io::Result<Signals> {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            Ok(Signals {
                term: signal(SignalKind::terminate())?,
                int: signal(SignalKind::interrupt())?,
            })
        }
        #[cfg(not(unix))]
        Ok(Signals {})
    }

    /// The name of the next signal received.
    pub async fn next(&mut self) -> &'static str {
        #[cfg(unix)]
        {
            tokio::select! {
                _ = self.term.recv() => "SIGTERM",
                _ = self.int.recv() => "SIGINT",
            }
        }
        #[cfg(not(unix))]
        {
            let _ = tokio::signal::ctrl_c().await;
            "ctrl-c"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shed_response_content_length_matches_its_body() {
        let text = std::str::from_utf8(SHED_RESPONSE).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let declared: usize = head
            .lines()
            .find_map(|l| l.strip_prefix("content-length: "))
            .unwrap()
            .parse()
            .unwrap();
        assert_eq!(declared, body.len());
        let problem: serde_json::Value = serde_json::from_str(body).unwrap();
        assert_eq!(problem["status"], 503);
    }

    #[test]
    fn connection_cap_stays_below_the_open_file_limit() {
        let cap = effective_max_connections(usize::MAX);
        if let Some(limit) = open_file_limit() {
            assert!((cap as u64) < limit);
        }
        assert!(cap >= 1);
        assert_eq!(effective_max_connections(3), 3);
        assert_eq!(effective_max_connections(0), 1);
        assert!(effective_max_connections(usize::MAX) <= MAX_CONNECTIONS_CEILING);
    }
}
