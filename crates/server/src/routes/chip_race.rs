//! `POST /v1/chip-race` (API.md; RULES.md §6): a color-up's chip race by
//! TDA 23 or the chip-race guide's convention, from the cards dealt or a seed.

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{impossible, ApiResult};
use crate::edge::route_terms::RouteTerms;
use axum::Json;
use showdown_contract::chip_race::{chip_race_request, ChipRaceRequest, ChipRaceResponse};
use showdown_json::Problem;

/// The edge's terms for `/v1/chip-race`: the default body limit, behind the tokens.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/chip-race");

/// Run a chip race.
///
/// Leftover chips of the removed denomination are raced: one card per chip,
/// all of a player's cards together, from seat 1 (`tda`) or the next small
/// blind (`standard`); the leftover value becomes colored-up chips (plus one
/// when the remainder is more than half a chip), one to each of the highest
/// single cards; nobody is raced out.
#[utoipa::path(
    post,
    path = "/v1/chip-race",
    tag = "chip-race",
    request_body = ChipRaceRequest,
    responses(
       (status = 200, description = "The race: cards, awards and every player's chips after it", body = ChipRaceResponse),
       (status = 422, description = "The race is impossible; every problem with a JSON Pointer", body = Problem, content_type = "application/problem+json")
   )
)]
pub(crate) async fn chip_race(
    ApiJson(req): ApiJson<ChipRaceRequest>,
) -> ApiResult<Json<ChipRaceResponse>> {
    let answer = chip_race_request(&req).map_err(impossible("chip race"))?;
    Ok(Json(answer))
}
