//! `POST /v1/deals` (API.md; RULES.md §14.5-14.7): a final-table deal, to
//! the unit. The checks run here; an ICM deal of many players (2^n sets of
//! finishers, up to tens of milliseconds) runs on the compute pool, so it
//! never holds up a settlement.

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{compute_problem, HttpProblem};
use crate::edge::state::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use showdown_contract::deal::{answer, compute, prepare};
use showdown_contract::deal::{DealRequest, DealResponse};
use showdown_json::problem::{Problem, TYPE_INVALID_REQUEST};
use showdown_json::Invalid;

fn impossible(e: Invalid) -> Response {
    HttpProblem(Problem::impossible(TYPE_INVALID_REQUEST, "deal request", e)).into_response()
}

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
pub async fn deals(State(state): State<AppState>, ApiJson(req): ApiJson<DealRequest>) -> Response {
    let plan = match prepare(&req) {
        Ok(plan) => plan,
        Err(e) => return impossible(e),
    };
    let outcome = if plan.is_heavy() {
        let job = plan.clone();
        match state.compute.run(move || compute(&job)).await {
            Ok(outcome) => outcome,
            Err(e) => return HttpProblem(compute_problem(e)).into_response(),
        }
    } else {
        compute(&plan)
    };
    // The answer borrows its ids from the request: it is written out here.
    match outcome {
        Ok(out) => Json(answer(&req, &plan, &out)).into_response(),
        Err(e) => impossible(e),
    }
}
