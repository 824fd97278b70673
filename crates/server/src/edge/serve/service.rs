//! What hyper calls for each request of a connection: the router, with the
//! request counted in flight until its response body is sent, the head
//! measured, its `Host` checked (`edge::host`), its answer's hold kept
//! until written (`written`), and `Connection: close` said while
//! draining; and the socket, counting the bytes the client sends and the
//! bytes written to it.

use super::written::{head_bytes, Written};
use crate::edge::answer::AnswerHold;
use axum::body::Body;
use axum::http::{header, HeaderValue, Request, Response};
use axum::Router;
use hyper::body::{Body as HttpBody, Frame, Incoming, SizeHint};
use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

/// What a connection's task, its I/O and its service share.
#[derive(Default)]
pub(super) struct ConnStats {
    /// Requests whose response has not been fully handed to hyper yet.
    pub(super) in_flight: AtomicUsize,
    /// Requests begun on this connection.
    pub(super) started: AtomicU64,
    /// Bytes read from the client.
    pub(super) bytes_in: AtomicU64,
    /// Bytes written to the client.
    pub(super) bytes_out: AtomicU64,
    /// The last write left bytes unwritten (the socket was full): an
    /// answer is waiting on its client to read.
    pub(super) write_waiting: AtomicBool,
    /// The holds of answers hyper has taken and not yet written.
    pub(super) written: Written,
    /// The last answer closes the connection before its request's body
    /// was read (a 401, 413 or 503 on the head alone): once hyper has
    /// closed its side, the socket drains the rest for a moment
    /// (`super::linger`).
    pub(super) linger: AtomicBool,
}

/// The router as a hyper service that counts requests in flight (until
/// their response body is done) and says `Connection: close` while draining.
#[derive(Clone)]
pub(super) struct ConnService {
    pub(super) app: Router,
    pub(super) stats: Arc<ConnStats>,
    pub(super) draining: Arc<AtomicBool>,
    /// `--max-header-bytes`: hyper refuses a head over it only when the
    /// head arrives in pieces (it parses a whole head in its buffer before
    /// it checks the size), so a head that came at once is measured here.
    pub(super) max_head: usize,
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

    fn call(&self, mut req: Request<Incoming>) -> Self::Future {
        self.stats.started.fetch_add(1, Ordering::Relaxed);
        self.stats.in_flight.fetch_add(1, Ordering::Relaxed);
        let guard = InFlight(self.stats.clone());
        let draining = self.draining.clone();
        let mut app = self.app.clone();
        let too_large = head_len(&req) > self.max_head;
        if let Some(fault) = crate::edge::host::fault(&req) {
            req.extensions_mut().insert(fault);
        }
        let max = self.max_head;
        let has_body = !req.body().is_end_stream();
        let stats = self.stats.clone();
        Box::pin(async move {
            let res = if too_large {
                head_too_large(max)
            } else {
                let Ok(res) = tower::Service::call(&mut app, req.map(SmallCopied)).await;
                res
            };
            let (mut parts, body) = res.into_parts();
            let hold = parts.extensions.remove::<AnswerHold>();
            if draining.load(Ordering::Relaxed) {
                parts
                    .headers
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            if has_body
                && parts
                    .headers
                    .get(header::CONNECTION)
                    .is_some_and(|v| v == "close")
            {
                stats.linger.store(true, Ordering::Relaxed);
            }
            // Measured as the head is final: an answer is held until its
            // head and body have both gone to the socket.
            let head = hold
                .as_ref()
                .map_or(0, |_| head_bytes(&parts, body.size_hint().exact()));
            Ok(Response::from_parts(
                parts,
                Tracked {
                    inner: body,
                    hold,
                    head,
                    guard,
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
/// has taken all of it, and then hands its answer's hold to the
/// connection, which gives it back once the answer is written.
pub(crate) struct Tracked {
    inner: Body,
    hold: Option<AnswerHold>,
    /// The bytes of the answer's head, written before the body.
    head: usize,
    guard: InFlight,
}

impl Drop for Tracked {
    fn drop(&mut self) {
        if let Some(hold) = self.hold.take() {
            let stats = &self.guard.0;
            let out = stats.bytes_out.load(Ordering::Relaxed);
            stats.written.push(out, self.head, hold);
        }
    }
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
/// nothing is idle; one that sends slowly is the header timeout's) and the
/// bytes written to it (an answer that waits on its client too long is cut
/// off, `connection`; a written answer's hold is given back, `written`).
pub(super) struct Counted {
    pub(super) inner: TcpStream,
    pub(super) stats: Arc<ConnStats>,
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

impl Counted {
    /// Counts a write of `offered` bytes: what it wrote, whether it left
    /// some waiting, and the answers it has given back.
    fn wrote(&self, r: &Poll<std::io::Result<usize>>, offered: usize) {
        match r {
            Poll::Ready(Ok(n)) => {
                let out = self.stats.bytes_out.fetch_add(*n as u64, Ordering::Relaxed) + *n as u64;
                self.stats
                    .write_waiting
                    .store(*n < offered, Ordering::Relaxed);
                self.stats.written.wrote(out);
            }
            Poll::Pending => self.stats.write_waiting.store(true, Ordering::Relaxed),
            Poll::Ready(Err(_)) => {}
        }
    }
}

impl AsyncWrite for Counted {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<std::io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.wrote(&r, buf.len());
        r
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
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.wrote(&r, bufs.iter().map(|b| b.len()).sum());
        r
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}
