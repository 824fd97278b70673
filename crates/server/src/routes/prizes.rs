//! `POST /v1/prizes` (API.md; RULES.md §14.4): the places and prize money
//! of one hand dealt hand for hand at several tables.

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{impossible, ApiResult};
use crate::edge::route_terms::RouteTerms;
use axum::response::{IntoResponse, Response};
use axum::Json;
use showdown_contract::prizes::prizes_request;
use showdown_contract::prizes::{PrizesRequest, PrizesResponse};
use showdown_json::Problem;

/// The edge's terms for `/v1/prizes`: hand for hand at 10,000 players (§14.4) is about 400 KB.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/prizes").large_body();

/// Place and pay one hand-for-hand hand's busts.
///
/// Every player the hand knocked out, at every table, finishes together:
/// the larger stack better; equal stacks share their places and the sum of
/// their prizes (`split`, PokerStars), or finish by the house's `tieBreak`
/// one place each (`seat`, GGPoker). A shared prize divides in units of
/// `prizeUnit`, the odd units by `tieBreak`, then id.
#[utoipa::path(
    post,
    path = "/v1/prizes",
    tag = "prizes",
    request_body = PrizesRequest,
    responses(
        (status = 200, description = "Every bust's places and prize, best finish first", body = PrizesResponse),
        (status = 422, description = "The prize table or the busts are impossible (RULES.md §14.9); every problem with a JSON Pointer", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn prizes(ApiJson(req): ApiJson<PrizesRequest>) -> ApiResult<Response> {
    let answer = prizes_request(&req).map_err(impossible("prizes request"))?;
    // The answer borrows its ids from the request: it is written out here.
    Ok(Json(answer).into_response())
}
