//! The layer around every route ([`Edge`]): request id, problem+json for
//! every error, metrics, access log, request timeout and concurrency limit,
//! in one hand-written tower service (catch-panic is tower-http's, inside it).
//!
//! Why hand-written instead of tower-http's request-id, timeout, trace and
//! catch-panic layers, or axum `from_fn` layers: the contract needs the
//! request id inside the problem body and every error (including those axum
//! makes itself: 404, 405) rendered as problem+json, and tower's timeout
//! answers with an empty body. One service instead of four layers is also
//! what `make load` asked for: each `from_fn` layer cloned the state and the
//! inner route and boxed a future per request, and the four together cost
//! about 10 us of CPU a request over a bare axum server on the 2-core load
//! machine (README, Operations). Here a request costs one clone of `Edge`
//! (axum clones the route: the state's one `Arc` and the boxed inner route),
//! one boxed future, a few relaxed atomics on this thread's own cache
//! lines, and no timer unless the handler has to wait.

use crate::problem::{Problem, PROBLEM_JSON};
use crate::routes::AppState;
use axum::body::{Body, Bytes, HttpBody};
use axum::extract::{MatchedPath, Request};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::BoxError;
use std::convert::Infallible;
use std::future::{poll_fn, Future};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Instant;
use tower::{Layer, Service};

/// `x-request-id`: taken from the request when given, made otherwise.
pub static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Makes request ids unique within a process and unlikely to repeat across
/// restarts: a per-process prefix (start time and pid) and a counter. The
/// counter is striped by worker thread (`crate::metrics::shard`), each
/// stripe on its own cache line, so two cores never contend for it; stripe
/// `s` hands out `s, s + SHARDS, s + 2 * SHARDS, ...`.
#[derive(Debug)]
pub struct RequestIds {
    prefix: u64,
    next: Box<[crate::metrics::Padded<AtomicU64>]>,
}

impl Default for RequestIds {
    fn default() -> Self {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let pid = u64::from(std::process::id());
        // A cheap mix so two processes started in the same instant differ.
        let prefix = (nanos ^ pid.rotate_left(32)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        RequestIds {
            prefix,
            next: (0..crate::metrics::SHARDS)
                .map(|_| crate::metrics::Padded(AtomicU64::new(0)))
                .collect(),
        }
    }
}

impl RequestIds {
    /// `{prefix:016x}-{n:012x}`, written without `format!`.
    pub fn next_id(&self) -> String {
        let s = crate::metrics::shard();
        let k = self.next[s].0.fetch_add(1, Ordering::Relaxed);
        let n = k * crate::metrics::SHARDS as u64 + s as u64 + 1;
        let mut out = String::with_capacity(29);
        push_hex(&mut out, self.prefix, 16);
        out.push('-');
        push_hex(&mut out, n, 12);
        out
    }
}

/// The low `digits` hex digits of `v`, zero-padded.
fn push_hex(out: &mut String, v: u64, digits: u32) {
    for i in (0..digits).rev() {
        let d = ((v >> (4 * i)) & 0xF) as u8;
        out.push(char::from(if d < 10 { b'0' + d } else { b'a' + d - 10 }));
    }
}

/// A client's id is echoed only if it is short and printable, so it can go
/// into a header, a log line and a JSON body unchanged.
fn client_request_id(req: &Request) -> Option<String> {
    let v = req.headers().get(&X_REQUEST_ID)?.to_str().ok()?;
    (!v.is_empty() && v.len() <= 128 && v.bytes().all(|b| b.is_ascii_graphic()))
        .then(|| v.to_string())
}

/// The [`Edge`] service around each route (`Router::layer`, so the matched
/// route is known for the metrics).
#[derive(Clone)]
pub struct EdgeLayer {
    state: AppState,
}

impl EdgeLayer {
    pub fn new(state: AppState) -> EdgeLayer {
        EdgeLayer { state }
    }
}

impl<S> Layer<S> for EdgeLayer {
    type Service = Edge<S>;

    fn layer(&self, inner: S) -> Edge<S> {
        Edge {
            inner,
            state: self.state.clone(),
        }
    }
}

/// Request id, problem+json for every error, metrics and access log; the
/// request timeout and concurrency limit.
#[derive(Clone)]
pub struct Edge<S> {
    inner: S,
    state: AppState,
}

type BoxFuture = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

impl<S, B> Service<Request> for Edge<S>
where
    S: Service<Request, Response = axum::http::Response<B>, Error = Infallible>
        + Clone
        + Send
        + 'static,
    S::Future: Send + 'static,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    type Response = Response;
    type Error = Infallible;
    type Future = BoxFuture;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: Request) -> BoxFuture {
        // The clone that was made ready is the one called (tower's rule).
        let clone = self.inner.clone();
        let inner = std::mem::replace(&mut self.inner, clone);
        let state = self.state.clone();
        Box::pin(async move { Ok(edge(state, inner, req).await) })
    }
}

async fn edge<S, B>(state: AppState, mut inner: S, req: Request) -> Response
where
    S: Service<Request, Response = axum::http::Response<B>, Error = Infallible>,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    let start = Instant::now();
    let id = client_request_id(&req).unwrap_or_else(|| state.request_ids.next_id());
    // The route's counters if it has any already (a lock-free scan); a route
    // is only added once its first request has finished, so /metrics never
    // shows a route with nothing counted.
    let matched = req.extensions().get::<MatchedPath>();
    let known = state.metrics.find(matched.map(MatchedPath::as_str));
    let first = known.is_none().then(|| matched.cloned()).flatten();
    let method = req.method().clone();
    // A Uri clone shares its bytes: no copy on the hot path.
    let uri = req.uri().clone();

    let mut res = guarded(&state, &mut inner, req, start).await;

    let path = uri.path();
    let status = res.status();
    if status.is_client_error() || status.is_server_error() {
        res = as_problem(res, &id, &method, path).await;
    }
    let elapsed = start.elapsed();
    let route =
        known.unwrap_or_else(|| state.metrics.route(first.as_ref().map(MatchedPath::as_str)));
    route.record(status, elapsed);
    // Access log: errors at warn/error, successes at debug, so the default
    // `info` level costs a 2xx nothing (one formatted line and one write to
    // stderr per request was ~10% of the settle route's throughput).
    // `RUST_LOG=showdown_server=debug` logs every request.
    let latency_us = elapsed.as_micros() as u64;
    let code = status.as_u16();
    let path = crate::config::log_path(path);
    let route = route.name();
    if status.is_server_error() {
        tracing::error!(request_id = %id, %method, path, route, status = code, latency_us, "request failed");
    } else if status.is_client_error() {
        // Sampled: a flood of bad requests must not flood the log.
        static REFUSED: std::sync::LazyLock<crate::config::LogEvery> =
            std::sync::LazyLock::new(|| {
                crate::config::LogEvery::new(std::time::Duration::from_secs(1), 20)
            });
        if let Some(skipped) = REFUSED.allow() {
            tracing::info!(request_id = %id, %method, path, route, status = code, latency_us, skipped, "request refused");
        }
    } else {
        tracing::debug!(request_id = %id, %method, path, route, status = code, latency_us, "request");
    }
    if let Ok(v) = HeaderValue::try_from(id) {
        res.headers_mut().insert(X_REQUEST_ID.clone(), v);
    }
    res
}

/// Request timeout and concurrency limit around the handler, which runs
/// under catch-panic. A request waits for a slot at most the timeout (then
/// 503, the server is busy); once it has one, the handler, body upload
/// included, gets the rest of the timeout (then 408). Either way the client
/// gets a problem+json answer, never a dropped connection.
///
/// No timer is armed for a handler that finishes on its first poll (a
/// settle whose body came with its headers is CPU work only): the timeout
/// only matters to one that has to wait, and arming a tokio timer for every
/// request was a measurable part of the layer's cost under load.
async fn guarded<S, B>(state: &AppState, inner: &mut S, req: Request, start: Instant) -> Response
where
    S: Service<Request, Response = axum::http::Response<B>, Error = Infallible>,
    B: HttpBody<Data = Bytes> + Send + 'static,
    B::Error: Into<BoxError>,
{
    let timeout = state.config.request_timeout;
    let _permit = match state.limiter.try_acquire() {
        Ok(p) => p,
        Err(_) => match tokio::time::timeout(timeout, state.limiter.acquire()).await {
            Ok(Ok(p)) => p,
            _ => {
                return Problem::from_status(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "the server is busy: {} requests in flight; retry later",
                        state.config.concurrency_limit
                    ),
                )
                .into_response()
            }
        },
    };
    let mut handler = pin!(inner.call(req));
    let first = poll_fn(|cx| Poll::Ready(handler.as_mut().poll(cx))).await;
    let outcome = match first {
        Poll::Ready(outcome) => outcome,
        Poll::Pending => {
            let left = timeout.saturating_sub(start.elapsed());
            match tokio::time::timeout(left, handler).await {
                Ok(outcome) => outcome,
                Err(_) => {
                    return Problem::from_status(
                        StatusCode::REQUEST_TIMEOUT,
                        format!(
                            "the request did not complete within {} ms",
                            timeout.as_millis()
                        ),
                    )
                    .into_response()
                }
            }
        }
    };
    match outcome {
        Ok(res) => res.map(Body::new),
        Err(never) => match never {},
    }
}

/// The catch-panic layer's answer (tower-http's `CatchPanicLayer`, inside
/// [`Edge`]): the last guard, which validation should make unreachable.
pub fn panic_response(_err: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("handler panicked");
    Problem::from_status(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}

/// Render an error response as problem+json with the request id: a
/// [`Problem`] a handler returned (kept in the extensions), or one made
/// from the status of a response axum or a layer produced.
async fn as_problem(res: Response, id: &str, method: &Method, path: &str) -> Response {
    let (mut parts, body) = res.into_parts();
    let mut problem = match parts.extensions.remove::<Problem>() {
        Some(p) => p,
        None => {
            let already = parts
                .headers
                .get(header::CONTENT_TYPE)
                .is_some_and(|v| v.as_bytes().starts_with(PROBLEM_JSON.as_bytes()));
            if already {
                return Response::from_parts(parts, body);
            }
            let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&text).trim().to_string();
            let detail = match parts.status {
                StatusCode::NOT_FOUND => format!("no route for {method} {path}"),
                StatusCode::METHOD_NOT_ALLOWED => {
                    format!("{method} is not allowed on {path}; the Allow header lists the methods that are")
                }
                _ if !text.is_empty() => text,
                s => s.canonical_reason().unwrap_or("error").to_string(),
            };
            Problem::from_status(parts.status, detail)
        }
    };
    problem.request_id = Some(id.to_string());
    let body = serde_json::to_vec(&problem).unwrap_or_default();
    parts
        .headers
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(body))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn request_ids_are_unique_across_threads_and_keep_their_format() {
        let ids = std::sync::Arc::new(RequestIds::default());
        let all: Vec<String> = std::thread::scope(|s| {
            let handles: Vec<_> = (0..6)
                .map(|_| {
                    let ids = ids.clone();
                    s.spawn(move || (0..500).map(|_| ids.next_id()).collect::<Vec<_>>())
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        assert_eq!(all.iter().collect::<HashSet<_>>().len(), 3_000);
        for id in &all {
            let (prefix, n) = id.split_once('-').unwrap();
            assert_eq!((prefix.len(), n.len()), (16, 12), "{id}");
            assert!(id
                .bytes()
                .all(|b| b == b'-' || b.is_ascii_digit() || (b'a'..=b'f').contains(&b)));
            assert_ne!(u64::from_str_radix(n, 16).unwrap(), 0);
        }
    }

    #[test]
    fn push_hex_pads_and_truncates_to_its_width() {
        let mut s = String::new();
        push_hex(&mut s, 0xab, 4);
        push_hex(&mut s, 0x1234_5678, 4);
        assert_eq!(s, "00ab5678");
    }
}
