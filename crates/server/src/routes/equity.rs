//! `POST /v1/equity` (API.md; RULES.md §10.1–10.4): each all-in player's
//! exact equity. The checks run here; the enumeration runs on the compute
//! pool, so a burst of equities never slows a settlement down.

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{compute_problem, impossible, unanswered, ApiResult};
use crate::edge::route_terms::RouteTerms;
use crate::edge::state::AppState;
use axum::extract::State;
use axum::Json;
use showdown_contract::equity::{compute, compute_until, prepare, EquityRequest, EquityResponse};
use showdown_json::Problem;

/// The edge's terms for `/v1/equity`: the default body limit, behind the tokens.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/equity");

/// Each player's exact equity in one pot.
///
/// Every runout that completes the board is enumerated (1,712,304 for two
/// hold'em hands before the flop); the answer gives each equity as a
/// fraction in lowest terms, with a percentage for display and the runouts
/// won and tied. Enumerations run apart from settlements, a few at a time:
/// past that limit the answer is 503 with `Retry-After`.
#[utoipa::path(
    post,
    path = "/v1/equity",
    tag = "equity",
    request_body = EquityRequest,
    responses(
        (status = 200, description = "Each player's equity, in request order", body = EquityResponse),
        (status = 422, description = "The request is impossible; every problem with a JSON Pointer", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn equity(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<EquityRequest>,
) -> ApiResult<Json<EquityResponse>> {
    let prepared = prepare(&req).map_err(impossible("equity request"))?;
    // Heads-up before the flop is a table look-up (microseconds, like a
    // settle): answered here, without the hop to the pool and back.
    if prepared.is_lookup() {
        let answer = compute(&req, &prepared).map_err(impossible("equity request"))?;
        return Ok(Json(answer));
    }
    // Given up when the request is dropped (timed out, client gone).
    let answer = state
        .compute
        .run_until(move |stop| compute_until(&req, &prepared, stop))
        .await
        .map_err(compute_problem)?;
    Ok(Json(answer.map_err(unanswered("equity request"))?))
}
