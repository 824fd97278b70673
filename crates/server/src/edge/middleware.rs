//! The edge every route sits behind: tower-http's request id, body limit
//! and catch-panic layers, and one axum middleware of ours ([`edge`]) for
//! what the contract needs beyond them: every error as problem+json with
//! the request id, the request timeout, the API's concurrency limit, the
//! metrics and the access log.

use super::body;
use super::problem_response::HttpProblem;
use super::request_id::acceptable_id;
use super::route_terms::RouteTable;
use super::state::AppState;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, MatchedPath, Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;
use showdown_json::problem::PROBLEM_JSON;
use showdown_json::Problem;
use std::time::Instant;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};

/// `x-request-id`: taken from the request when given, made otherwise.
pub(crate) static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// Seconds a shed request is told to wait (`Retry-After`): requests take
/// microseconds, so a slot is free again almost at once.
const RETRY_AFTER_SECS: &str = "1";

/// tower-http's `SetRequestId` asks this for the id of a request that
/// came without one.
#[derive(Clone)]
struct MakeId(AppState);

impl MakeRequestId for MakeId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        HeaderValue::try_from(self.0.request_ids.next_id())
            .ok()
            .map(RequestId::new)
    }
}

/// The layers every route gets, outermost first: request id set (a
/// client's unacceptable one replaced) and propagated, the request's span
/// (`trace_context.rs`), the body limit extractors honour, [`edge`] (which
/// asks the bearer gate, `bearer.rs`, before it reads a body), then
/// catch-panic (the last guard: validation should make it unreachable).
/// Public so tests and examples can put a route of their own behind them.
pub fn with_layers(router: Router<AppState>, state: AppState, routes: RouteTable) -> Router {
    let body_limit = routes.largest_body_limit(&state.config);
    let edge_state = EdgeState {
        app: state.clone(),
        routes,
    };
    router.fallback(not_found).with_state(state.clone()).layer(
        tower::ServiceBuilder::new()
            .map_request(drop_unacceptable_id)
            .layer(SetRequestIdLayer::new(
                X_REQUEST_ID.clone(),
                MakeId(state.clone()),
            ))
            .layer(PropagateRequestIdLayer::new(X_REQUEST_ID.clone()))
            .layer(super::trace_context::layer(routes))
            .layer(DefaultBodyLimit::max(body_limit))
            .layer(axum::middleware::from_fn_with_state(edge_state, edge))
            .layer(CatchPanicLayer::custom(panic_response)),
    )
}

/// The admin address's layers: a path it does not serve is a 404, and a
/// wrong method a 405, each problem+json with its request id, as on the
/// public address. Without the API's gate, limits, metrics and access
/// log: a scrape needs no token and counts as no request.
pub(crate) fn admin_layers(router: Router<AppState>, state: AppState) -> Router {
    router
        .fallback(not_found)
        .with_state(state.clone())
        .layer(axum::middleware::from_fn_with_state(state, admin_edge))
}

/// The admin address's one middleware: its errors as problems.
async fn admin_edge(State(state): State<AppState>, mut req: Request, next: Next) -> Response {
    let id = request_id(&state, &mut req);
    let method = req.method().clone();
    let uri = req.uri().clone();
    let res = next.run(req).await;
    let status = res.status();
    let mut res = if status.is_client_error() || status.is_server_error() {
        let limit = state.config.body_limit;
        as_problem(res, &id, &method, uri.path(), limit).await.0
    } else {
        res
    };
    if let Ok(v) = HeaderValue::try_from(id) {
        res.headers_mut().insert(X_REQUEST_ID.clone(), v);
    }
    res
}

/// A client's `x-request-id` that is not acceptable is dropped, so the
/// next layer makes one and the span, the logs and the answer share it.
fn drop_unacceptable_id<B>(mut req: axum::http::Request<B>) -> axum::http::Request<B> {
    if req
        .headers()
        .get(&X_REQUEST_ID)
        .is_some_and(|v| acceptable_id(v).is_none())
    {
        req.headers_mut().remove(&X_REQUEST_ID);
    }
    req
}

/// `Router::fallback`: no route has this path.
async fn not_found(method: Method, uri: axum::http::Uri) -> HttpProblem {
    HttpProblem::from(Problem::from_status(
        StatusCode::NOT_FOUND,
        format!("no route for {method} {}", uri.path()),
    ))
}

/// What [`edge`] reads: the shared state, and every route's terms.
#[derive(Clone)]
struct EdgeState {
    app: AppState,
    routes: RouteTable,
}

/// Our middleware around every route: see the module doc.
async fn edge(State(edge): State<EdgeState>, mut req: Request, next: Next) -> Response {
    let state = &edge.app;
    let start = Instant::now();
    let _in_flight = state.metrics.enter();
    let id = request_id(state, &mut req);
    let route = req.extensions().get::<MatchedPath>().cloned();
    let method = req.method().clone();
    // A Uri clone shares its bytes.
    let uri = req.uri().clone();
    // A body follows (a length above zero, or chunks of unknown length).
    let body_declared = !axum::body::HttpBody::is_end_stream(req.body());
    // The API routes read a body and do the work; health, readiness,
    // metrics and the docs answer outside the concurrency limit.
    let api = route
        .as_ref()
        .is_some_and(|r| r.as_str().starts_with("/v1/"));

    let (res, body_read) = within_timeout(&edge, req, next, api).await;
    let status = res.status();
    let path = uri.path();
    let (mut res, refusal) = rendered(&edge, res, &id, &method, path).await;
    // An answer given before the body was read: the rest of the body would
    // be read as the next request, so the connection ends with this one.
    if body_declared && !body_read {
        res.headers_mut()
            .insert(header::CONNECTION, HeaderValue::from_static("close"));
    }
    let elapsed = start.elapsed();
    let route = route.as_ref().map(MatchedPath::as_str);
    state.metrics.record_request(route, status, elapsed);
    access_log(
        &Access {
            id: &id,
            method: &method,
            path,
            route,
            status,
            elapsed,
            every: state.config.log_requests,
        },
        refusal.as_ref(),
    );
    if let Ok(v) = HeaderValue::try_from(id) {
        res.headers_mut().insert(X_REQUEST_ID.clone(), v);
    }
    res
}

/// The request's id: the client's when acceptable, else a new one, which
/// the request then carries.
fn request_id(state: &AppState, req: &mut Request) -> String {
    match req.headers().get(&X_REQUEST_ID).and_then(acceptable_id) {
        Some(id) => id.to_string(),
        None => {
            let id = state.request_ids.next_id();
            if let Ok(v) = HeaderValue::try_from(id.as_str()) {
                req.headers_mut().insert(X_REQUEST_ID.clone(), v);
            }
            id
        }
    }
}

/// The route's answer and whether it read the body, or a 408 when the
/// request did not complete within the timeout.
async fn within_timeout(edge: &EdgeState, req: Request, next: Next, api: bool) -> (Response, bool) {
    let state = &edge.app;
    let timeout = state.config.request_timeout;
    match tokio::time::timeout(timeout, handle(edge, req, next, api)).await {
        Ok(outcome) => outcome,
        Err(_) => (
            HttpProblem::from(Problem::from_status(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request did not complete within {} ms",
                    timeout.as_millis()
                ),
            ))
            .into_response(),
            false,
        ),
    }
}

/// An error answer as a problem with the request's id (a refusal counted),
/// and a 503 with the time to retry after; what the log says of it.
async fn rendered(
    edge: &EdgeState,
    mut res: Response,
    id: &str,
    method: &Method,
    path: &str,
) -> (Response, Option<Refusal>) {
    let state = &edge.app;
    let status = res.status();
    let mut refusal = None;
    if status.is_client_error() || status.is_server_error() {
        let limit = edge.routes.body_limit(&state.config, path);
        let (problem, summary) = as_problem(res, id, method, path, limit).await;
        res = problem;
        if status.is_client_error() {
            state.metrics.record_refusal(status, &summary.kind);
        }
        refusal = Some(summary);
    }
    if status == StatusCode::SERVICE_UNAVAILABLE {
        res.headers_mut().insert(
            header::RETRY_AFTER,
            HeaderValue::from_static(RETRY_AFTER_SECS),
        );
    }
    (res, refusal)
}

/// One request, as the access log writes it.
struct Access<'a> {
    id: &'a str,
    method: &'a Method,
    path: &'a str,
    route: Option<&'a str>,
    status: StatusCode,
    elapsed: std::time::Duration,
    /// Successes at info too (`--log-requests`).
    every: bool,
}

/// What a log line says of an error answer: its problem type, title and
/// first pointer (empty when it has none).
#[derive(Default)]
struct Refusal {
    kind: String,
    title: String,
    pointer: String,
}

impl Refusal {
    fn of(p: &Problem) -> Refusal {
        Refusal {
            kind: p.kind.clone(),
            title: p.title.clone(),
            pointer: p
                .errors
                .first()
                .map(|e| e.pointer.clone())
                .unwrap_or_default(),
        }
    }
}

/// Refusal lines let through a second; the rest are counted (`skipped` on
/// the next line, and `showdown_refusals_total` counts every refusal).
pub(crate) const REFUSALS_LOGGED_PER_SEC: u64 = 20;

/// Access log: server errors at error, refusals (4xx) at info with their
/// problem, successes at debug, or at info with `--log-requests`
/// (`RUST_LOG=showdown_server=debug` logs them too). `/readyz`'s 503 during
/// a drain is expected, so it is info. Each line is in the request's span,
/// which carries the trace id.
fn access_log(a: &Access<'_>, refusal: Option<&Refusal>) {
    let latency_us = u64::try_from(a.elapsed.as_micros()).unwrap_or(u64::MAX);
    let code = a.status.as_u16();
    let path = crate::edge::config::log_path(a.path);
    let route = a.route.unwrap_or(crate::edge::metrics::UNMATCHED);
    let (id, method) = (a.id, a.method);
    let none = Refusal::default();
    let r = refusal.unwrap_or(&none);
    let (problem_type, title, pointer) = (r.kind.as_str(), r.title.as_str(), r.pointer.as_str());
    if a.status == StatusCode::SERVICE_UNAVAILABLE && route == "/readyz" {
        tracing::info!(request_id = %id, %method, path, route, status = code, latency_us, "not ready: draining");
    } else if a.status.is_server_error() {
        tracing::error!(request_id = %id, %method, path, route, status = code, problem_type, title, latency_us, "request failed");
    } else if a.status.is_client_error() {
        // Sampled: a flood of bad requests must not flood the log.
        static REFUSED: std::sync::LazyLock<crate::edge::config::LogEvery> =
            std::sync::LazyLock::new(|| {
                crate::edge::config::LogEvery::new(
                    std::time::Duration::from_secs(1),
                    REFUSALS_LOGGED_PER_SEC,
                )
            });
        if let Some(skipped) = REFUSED.allow() {
            tracing::info!(request_id = %id, %method, path, route, status = code, problem_type, title, pointer, latency_us, skipped, "request refused");
        }
    } else if a.every {
        tracing::info!(request_id = %id, %method, path, route, status = code, latency_us, "request");
    } else {
        tracing::debug!(request_id = %id, %method, path, route, status = code, latency_us, "request");
    }
}

/// The route's answer, and whether the body was read to its end. A
/// `Host` the connection found at fault is refused first, then the gate
/// (bearer tokens) answers, both from the head alone. An API request's
/// body is read next, under its route's limit and within the body budget
/// (413 or 503 at once, before a byte is read, on its declared length),
/// then it takes a slot of the concurrency limit or is shed at once (503):
/// a slow upload never holds a slot, and excess load is refused rather
/// than queued. The body's bytes stay held until the route has answered;
/// then the answer is bounded and held in their place (`answer`).
async fn handle(edge: &EdgeState, req: Request, next: Next, api: bool) -> (Response, bool) {
    let (state, routes) = (&edge.app, edge.routes);
    if let Some(refused) = super::host::refusal(&req) {
        return (refused, false);
    }
    if let Some(refused) = super::bearer::refusal(state, routes, &req) {
        return (refused, false);
    }
    if !api {
        return (next.run(req).await, false);
    }
    let limit = routes.body_limit(&state.config, req.uri().path());
    let declared = body::content_length(req.headers());
    let (parts, body) = req.into_parts();
    let (bytes, hold) = match body::read(&state.body_budget, declared, body, limit).await {
        Ok(read) => read,
        Err(refused) => return (body_refusal(state, refused, limit, &parts), false),
    };
    let Ok(_permit) = state.limiter.try_acquire() else {
        state
            .metrics
            .record_unavailable(crate::edge::metrics::Unavailable::ConcurrencyLimit);
        let busy = Problem::from_status(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy: {} requests in flight; retry later",
                state.config.concurrency_limit
            ),
        );
        return (HttpProblem::from(busy).into_response(), true);
    };
    let body_bytes = bytes.len();
    let res = next
        .run(Request::from_parts(parts, Body::from(bytes)))
        .await;
    // The body is gone with the request; its answer is held instead.
    drop(hold);
    (super::answer::bounded(state, res, body_bytes).await, true)
}

/// The answer to a body that was not read: 413 over the route's limit, 400
/// when it broke off, 503 when the budget cannot hold it now (counted, and
/// said in a warning with the figures, a few lines a second at most).
fn body_refusal(
    state: &AppState,
    refused: body::Refused,
    limit: usize,
    parts: &axum::http::request::Parts,
) -> Response {
    match refused {
        body::Refused::TooLarge => HttpProblem::from(too_large(limit)).into_response(),
        body::Refused::Unreadable(problem) => HttpProblem::from(problem).into_response(),
        body::Refused::OverBudget { bytes } => {
            state
                .metrics
                .record_unavailable(crate::edge::metrics::Unavailable::BodyBudget);
            static REFUSED: std::sync::LazyLock<crate::edge::config::LogEvery> =
                std::sync::LazyLock::new(|| {
                    crate::edge::config::LogEvery::new(std::time::Duration::from_secs(1), 5)
                });
            let budget = &state.body_budget;
            if let Some(skipped) = REFUSED.allow() {
                let path = crate::edge::config::log_path(parts.uri.path());
                tracing::warn!(
                    reason = "body_budget",
                    path,
                    body_bytes = bytes,
                    held_bytes = budget.held(),
                    budget_bytes = budget.total(),
                    skipped,
                    "body refused with 503: the body budget cannot hold it now"
                );
            }
            HttpProblem::from(body::over_budget(bytes, budget)).into_response()
        }
    }
}

/// The catch-panic layer's answer: the last guard, which validation should
/// make unreachable.
fn panic_response(_err: Box<dyn std::any::Any + Send + 'static>) -> Response {
    tracing::error!("handler panicked");
    HttpProblem::from(Problem::from_status(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal error",
    ))
    .into_response()
}

/// Render an error response as problem+json with the request id: a
/// [`Problem`] a handler returned (kept in the extensions), or one made
/// from the status of a response axum or a layer produced. A 413 names
/// `body_limit`, the limit in force. Returns the summary the log writes.
async fn as_problem(
    res: Response,
    id: &str,
    method: &Method,
    path: &str,
    body_limit: usize,
) -> (Response, Refusal) {
    let (mut parts, body) = res.into_parts();
    let mut problem = match parts.extensions.remove::<Problem>() {
        Some(p) => p,
        None => {
            let already = parts
                .headers
                .get(header::CONTENT_TYPE)
                .is_some_and(|v| v.as_bytes().starts_with(PROBLEM_JSON.as_bytes()));
            if already {
                let summary = Refusal {
                    kind: "about:blank".to_string(),
                    title: parts.status.canonical_reason().unwrap_or("").to_string(),
                    pointer: String::new(),
                };
                return (Response::from_parts(parts, body), summary);
            }
            let text = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
            let text = String::from_utf8_lossy(&text).trim().to_string();
            let detail = match parts.status {
                StatusCode::METHOD_NOT_ALLOWED => {
                    format!("{method} is not allowed on {path}; the Allow header lists the methods that are")
                }
                _ if !text.is_empty() => text,
                s => s.canonical_reason().unwrap_or("error").to_string(),
            };
            Problem::from_status(parts.status, detail)
        }
    };
    if parts.status == StatusCode::PAYLOAD_TOO_LARGE {
        problem.detail = too_large(body_limit).detail;
    }
    problem.request_id = Some(id.to_string());
    let summary = Refusal::of(&problem);
    let body = serde_json::to_vec(&problem).unwrap_or_default();
    parts
        .headers
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(PROBLEM_JSON));
    parts.headers.remove(header::CONTENT_LENGTH);
    (Response::from_parts(parts, Body::from(body)), summary)
}

/// 413, naming the limit in force and the settings that change it.
pub(crate) fn too_large(limit: usize) -> Problem {
    Problem::from_status(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the body is over the size limit of {limit} bytes (--body-limit or SHOWDOWN_BODY_LIMIT)"
        ),
    )
}
