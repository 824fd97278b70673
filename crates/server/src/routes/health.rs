//! `GET /healthz` and `GET /readyz` (API.md, Operations).

use crate::edge::problem_response::ApiResult;
use crate::edge::route_terms::RouteTerms;
use crate::edge::state::AppState;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use showdown_contract::variants::HealthDto;
use std::sync::atomic::Ordering;

/// The edge's terms for `/healthz`: the probes carry no token, and come
/// too often to export their spans.
pub(crate) const HEALTHZ_TERMS: RouteTerms = RouteTerms::new("/healthz").open().logged_only();

/// Liveness: the process answers.
#[utoipa::path(
    get,
    path = "/healthz",
    tag = "operations",
    operation_id = "healthz",
    responses((status = 200, description = "The process is alive", body = HealthDto))
)]
pub(crate) async fn healthz() -> Json<HealthDto> {
    Json(HealthDto {
        status: "ok".to_string(),
    })
}

/// The edge's terms for `/readyz`: the probes carry no token, and come
/// too often to export their spans.
pub(crate) const READYZ_TERMS: RouteTerms = RouteTerms::new("/readyz").open().logged_only();

/// Readiness: the service takes requests (503 once shutdown has begun).
#[utoipa::path(
    get,
    path = "/readyz",
    tag = "operations",
    operation_id = "readyz",
    responses(
        (status = 200, description = "Ready for traffic", body = HealthDto),
        (status = 503, description = "Shutting down", body = showdown_json::Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn readyz(State(state): State<AppState>) -> ApiResult<Json<HealthDto>> {
    if !state.ready.load(Ordering::Relaxed) {
        state
            .metrics
            .record_unavailable(crate::edge::metrics::Unavailable::Draining);
        let draining =
            showdown_json::Problem::from_status(StatusCode::SERVICE_UNAVAILABLE, "shutting down");
        return Err(draining.into());
    }
    Ok(Json(HealthDto {
        status: "ready".to_string(),
    }))
}
