//! `POST /v1/deals` (API.md; RULES.md §14.5-14.7): a final-table deal, to
//! the unit. The checks run here; an ICM deal (2^n sets of finishers, up to
//! about a second at 20 players) runs on the compute pool, so it never
//! holds up a settlement, and stops when its request is dropped.

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{compute_problem, impossible, unanswered, ApiResult};
use crate::edge::route_terms::RouteTerms;
use crate::edge::state::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use showdown_contract::deal::{answer, compute, compute_until, prepare};
use showdown_contract::deal::{DealRequest, DealResponse};
use showdown_json::Problem;

/// The edge's terms for `/v1/deals`: a deal of 10,000 players and prizes (§14.6) is about 400 KB.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/deals").large_body();

/// Divide the prize money still to be paid among the players left.
///
/// By ICM (Malmuth–Harville: every finishing order weighted by the stacks),
/// by chips after the last place's prize each (chip chop), or equally;
/// `setAside` is kept back from the winner's prize to be played for. Each
/// exact share is rounded down to `prizeUnit`, and the units left over go
/// one each to the largest remainders (equal remainders: larger stack, then
/// id), so the amounts add up to the pool exactly and none is a unit or
/// more from its exact share.
#[utoipa::path(
    post,
    path = "/v1/deals",
    tag = "deals",
    request_body = DealRequest,
    responses(
        (status = 200, description = "Each player's share, largest stack first; the amounts add up to `total`", body = DealResponse),
        (status = 422, description = "The deal is impossible (RULES.md §14.9); every problem with a JSON Pointer", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn deals(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<DealRequest>,
) -> ApiResult<Response> {
    let plan = prepare(&req).map_err(impossible("deal request"))?;
    let out = if plan.is_heavy() {
        let job = plan.clone();
        let outcome = state
            .compute
            .run_until(move |stop| compute_until(&job, stop))
            .await
            .map_err(compute_problem)?;
        outcome.map_err(unanswered("deal request"))?
    } else {
        compute(&plan).map_err(impossible("deal request"))?
    };
    // The answer borrows its ids from the request: it is written out here.
    Ok(Json(answer(&req, &plan, &out)).into_response())
}
