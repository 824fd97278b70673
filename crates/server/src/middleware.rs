//! The layers around every route: request id, access log, metrics, problem
//! rendering (`observe`), and the request timeout plus concurrency limit
//! (`guard`).
//!
//! Why hand-written `from_fn` layers instead of tower-http's request-id,
//! timeout and trace layers: the contract needs the request id inside the
//! problem body and every error (including those axum makes itself: 404,
//! 405) rendered as problem+json, and tower's timeout answers with an empty
//! body. Doing it in one place keeps the hot path to one `Instant`, one
//! header lookup and a few atomics.

use crate::problem::{Problem, PROBLEM_JSON};
use crate::routes::AppState;
use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// `x-request-id`: taken from the request when given, made otherwise.
pub static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The request id of the request being handled (a request extension).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestId(pub String);

/// Makes request ids unique within a process and unlikely to repeat across
/// restarts: a per-process prefix (start time and pid) and a counter.
#[derive(Debug)]
pub struct RequestIds {
    prefix: u64,
    next: AtomicU64,
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
            next: AtomicU64::new(1),
        }
    }
}

impl RequestIds {
    pub fn next_id(&self) -> String {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        format!("{:016x}-{n:012x}", self.prefix)
    }
}

/// A client's id is echoed only if it is short and printable, so it can go
/// into a header, a log line and a JSON body unchanged.
fn client_request_id(req: &Request) -> Option<String> {
    let v = req.headers().get(&X_REQUEST_ID)?.to_str().ok()?;
    (!v.is_empty() && v.len() <= 128 && v.bytes().all(|b| b.is_ascii_graphic()))
        .then(|| v.to_string())
}

/// Outermost layer: request id, problem+json for every error, metrics,
/// access log.
pub async fn observe(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let start = Instant::now();
    let id = client_request_id(&req).unwrap_or_else(|| state.request_ids.next_id());
    let route = req.extensions().get::<MatchedPath>().cloned();
    let method = req.method().clone();
    // A Uri clone shares its bytes: no copy on the hot path.
    let uri = req.uri().clone();
    let path = uri.path();
    req.extensions_mut().insert(RequestId(id.clone()));

    let mut res = next.run(req).await;

    let status = res.status();
    if status.is_client_error() || status.is_server_error() {
        res = as_problem(res, &id, &method, path).await;
    }
    if let Ok(v) = HeaderValue::from_str(&id) {
        res.headers_mut().insert(X_REQUEST_ID.clone(), v);
    }
    let elapsed = start.elapsed();
    let route = route
        .as_ref()
        .map_or(crate::metrics::UNMATCHED, MatchedPath::as_str);
    state.metrics.record_request(route, status, elapsed);
    // Access log: errors at warn/error, successes at debug, so the default
    // `info` level costs a 2xx nothing (one formatted line and one write to
    // stderr per request was ~10% of the settle route's throughput).
    // `RUST_LOG=showdown_server=debug` logs every request.
    let latency_us = elapsed.as_micros() as u64;
    let code = status.as_u16();
    if status.is_server_error() {
        tracing::error!(request_id = %id, %method, path, route, status = code, latency_us, "request failed");
    } else if status.is_client_error() {
        tracing::info!(request_id = %id, %method, path, route, status = code, latency_us, "request refused");
    } else {
        tracing::debug!(request_id = %id, %method, path, route, status = code, latency_us, "request");
    }
    res
}

/// Render an error response as problem+json with the request id: a
/// [`Problem`] a handler returned (kept in the extensions), or one made
/// from the status of a response axum or a layer produced.
async fn as_problem(res: Response, id: &str, method: &axum::http::Method, path: &str) -> Response {
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

/// Request timeout and concurrency limit. A request waits for a slot at
/// most the timeout (then 503, the server is busy); once it has one, the
/// handler, body upload included, gets the rest of the timeout (then 408).
/// Either way the client gets a problem+json answer, never a dropped
/// connection.
pub async fn guard(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let timeout = state.config.request_timeout;
    let start = Instant::now();
    let _permit = match state.limiter.clone().try_acquire_owned() {
        Ok(p) => p,
        Err(_) => {
            match tokio::time::timeout(timeout, state.limiter.clone().acquire_owned()).await {
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
            }
        }
    };
    let left = timeout.saturating_sub(start.elapsed());
    match tokio::time::timeout(left, next.run(req)).await {
        Ok(res) => res,
        Err(_) => Problem::from_status(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request did not complete within {} ms",
                timeout.as_millis()
            ),
        )
        .into_response(),
    }
}

/// The catch-panic layer's answer: the last guard, which validation should
/// make unreachable.
pub fn panic_response(_err: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("handler panicked");
    Problem::from_status(StatusCode::INTERNAL_SERVER_ERROR, "internal error").into_response()
}
