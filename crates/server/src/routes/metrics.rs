//! `GET /metrics` (API.md, Operations): Prometheus text.

use super::AppState;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;

/// Prometheus metrics.
///
/// Requests by route and status, a latency histogram per route,
/// settlements by variant, ties and odd chips.
#[utoipa::path(
    get,
    path = "/metrics",
    tag = "operations",
    operation_id = "metrics",
    responses((status = 200, description = "Prometheus text exposition format 0.0.4", body = String, content_type = "text/plain; version=0.0.4"))
)]
pub async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        state.metrics.render(),
    )
}
