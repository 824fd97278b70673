//! `GET /metrics` (API.md, Operations): Prometheus text (OpenMetrics).

use crate::edge::route_terms::RouteTerms;
use crate::edge::state::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

/// The edge's terms for `/metrics`: behind the tokens; scraped too often
/// to export its spans.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/metrics").logged_only();

/// Prometheus metrics.
///
/// Requests by route and status, a latency histogram per route,
/// settlements by variant, ties, odd chips and connection errors; the
/// build, refusals by problem type, 503s by reason, requests in flight,
/// the concurrency limit's and the equity pool's saturation, the bytes of
/// request bodies held against the body budget, and the standard
/// `process_*` figures.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    operation_id = "metrics",
    responses((status = 200, description = "Prometheus text in the OpenMetrics 1.0 format", body = String, content_type = "application/openmetrics-text; version=1.0.0; charset=utf-8"))
)]
pub(crate) async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    state.metrics.observe(state.saturation());
    (
        [(header::CONTENT_TYPE, crate::edge::metrics::CONTENT_TYPE)],
        state.metrics.render(),
    )
}
