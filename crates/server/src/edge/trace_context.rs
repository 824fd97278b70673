//! W3C trace context: tower-http's trace layer opens one span a request,
//! carrying its trace id (the caller's, from `traceparent`, else a new
//! one), its own span id and the request id, so every log line of the
//! request names them. When spans are exported (`edge::otlp`) it is the
//! server span, a child of the caller's, with the route and the status.

use super::config::log_path;
use super::otlp::exporting;
use super::route_terms::RouteTable;
use axum::extract::MatchedPath;
use axum::http::{HeaderMap, HeaderName, Request, Response};
use opentelemetry::propagation::TextMapPropagator;
use opentelemetry::trace::TraceContextExt;
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::{IdGenerator, RandomIdGenerator};
use std::time::Duration;
use tower_http::classify::{ServerErrorsAsFailures, SharedClassifier};
use tower_http::trace::{MakeSpan, OnResponse, TraceLayer};
use tracing::field::{display, Empty};
use tracing::Span;
use tracing_opentelemetry::OpenTelemetrySpanExt;

/// The layer, with tower-http's own request, response and failure lines
/// off: the edge's access log says those once, in the span.
pub type RequestTraceLayer = TraceLayer<
    SharedClassifier<ServerErrorsAsFailures>,
    MakeRequestSpan,
    (),
    RecordStatus,
    (),
    (),
    (),
>;

/// The trace layer every route sits behind.
pub fn layer(routes: RouteTable) -> RequestTraceLayer {
    TraceLayer::new_for_http()
        .make_span_with(MakeRequestSpan { routes })
        .on_request(())
        .on_response(RecordStatus)
        .on_body_chunk(())
        .on_eos(())
        .on_failure(())
}

/// The W3C header of the caller's span.
static TRACEPARENT: HeaderName = HeaderName::from_static("traceparent");
/// The request id, set by the layers outside this one (and acceptable by then).
static X_REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The caller's span from a valid `traceparent` (and its `tracestate`);
/// a malformed one is ignored, as W3C Trace Context asks.
fn caller(headers: &HeaderMap) -> Option<opentelemetry::Context> {
    if !headers.contains_key(&TRACEPARENT) {
        return None;
    }
    let cx = TraceContextPropagator::new().extract(&opentelemetry_http::HeaderExtractor(headers));
    cx.span().span_context().is_valid().then_some(cx)
}

/// Opens the request's span.
#[derive(Debug, Clone, Copy)]
pub struct MakeRequestSpan {
    /// Which routes' spans are exported (each route's terms).
    routes: RouteTable,
}

impl<B> MakeSpan<B> for MakeRequestSpan {
    fn make_span(&mut self, req: &Request<B>) -> Span {
        let parent = caller(req.headers());
        let request_id = req
            .headers()
            .get(&X_REQUEST_ID)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default();
        let route = req
            .extensions()
            .get::<MatchedPath>()
            .map(MatchedPath::as_str);
        if exporting() && self.routes.exports_spans(route) {
            exported_span(req, route, request_id, parent)
        } else {
            logged_span(request_id, parent)
        }
    }
}

/// The span when nothing is exported: the ids for the log lines alone.
fn logged_span(request_id: &str, parent: Option<opentelemetry::Context>) -> Span {
    let ids = RandomIdGenerator::default();
    let trace_id = parent
        .map(|cx| cx.span().span_context().trace_id())
        .unwrap_or_else(|| ids.new_trace_id());
    tracing::info_span!(
        "request",
        request_id,
        trace_id = %trace_id,
        span_id = %ids.new_span_id()
    )
}

/// The server span, started at once as a child of the caller's, so its
/// ids are known to the log lines.
fn exported_span<B>(
    req: &Request<B>,
    route: Option<&str>,
    request_id: &str,
    parent: Option<opentelemetry::Context>,
) -> Span {
    let method = req.method().as_str();
    // `{method} {route}`, or the method alone when no route matched.
    let name = route.map_or_else(|| method.to_string(), |r| format!("{method} {r}"));
    let span = tracing::info_span!(
        "request",
        otel.name = name.as_str(),
        otel.kind = "server",
        http.request.method = method,
        http.route = Empty,
        url.path = log_path(req.uri().path()),
        request_id,
        trace_id = Empty,
        span_id = Empty,
        http.response.status_code = Empty,
        otel.status_code = Empty,
    );
    if let Some(route) = route {
        span.record("http.route", route);
    }
    if let Some(cx) = parent {
        // Only fails when the span is disabled or already started.
        let _ = span.set_parent(cx);
    }
    let cx = span.context();
    let ids = cx.span().span_context().clone();
    span.record("trace_id", display(ids.trace_id()));
    span.record("span_id", display(ids.span_id()));
    span
}

/// Records the answer's status on an exported span (and marks a 5xx an
/// error); a logged-only span has the status in the access log line.
#[derive(Debug, Clone, Copy)]
pub struct RecordStatus;

impl<B> OnResponse<B> for RecordStatus {
    fn on_response(self, res: &Response<B>, _latency: Duration, span: &Span) {
        if !exporting() {
            return;
        }
        let status = res.status();
        // As an i64: the OTLP attribute is then an integer, as the
        // semantic conventions ask (a u64 would be sent as text).
        span.record("http.response.status_code", i64::from(status.as_u16()));
        if status.is_server_error() {
            span.record("otel.status_code", "error");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(traceparent: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("traceparent", traceparent.parse().unwrap());
        h
    }

    #[test]
    fn a_valid_traceparent_is_continued_and_a_malformed_one_ignored() {
        let cx = caller(&headers(
            "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
        ))
        .expect("valid");
        let sc = cx.span().span_context().clone();
        assert_eq!(
            sc.trace_id().to_string(),
            "4bf92f3577b34da6a3ce929d0e0e4736"
        );
        assert_eq!(sc.span_id().to_string(), "00f067aa0ba902b7");
        assert!(sc.is_remote() && sc.is_sampled());
        for bad in [
            "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
            "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01",
            "zz-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
            "not a traceparent",
        ] {
            assert!(caller(&headers(bad)).is_none(), "{bad}");
        }
        assert!(caller(&HeaderMap::new()).is_none());
    }

    #[test]
    fn probes_and_scrapes_are_not_exported() {
        use crate::edge::route_terms::RouteTerms;
        const ROUTES: RouteTable = RouteTable(&[
            RouteTerms::new("/v1/settle"),
            RouteTerms::new("/healthz").logged_only(),
            RouteTerms::new("/readyz").logged_only(),
            RouteTerms::new("/metrics").logged_only(),
        ]);
        let routes = ROUTES;
        for (route, exported) in [
            (Some("/v1/settle"), true),
            (None, true),
            (Some("/healthz"), false),
            (Some("/readyz"), false),
            (Some("/metrics"), false),
        ] {
            assert_eq!(routes.exports_spans(route), exported, "{route:?}");
        }
    }
}
