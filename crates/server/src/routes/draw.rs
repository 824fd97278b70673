//! `POST /v1/draw`: a high-card draw for the button or a seat move
//! (Robert's 3.7.1–3.7.2), from the cards dealt or a seed.

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{impossible, ApiResult};
use crate::edge::route_terms::RouteTerms;
use axum::Json;
use showdown_contract::draw::{draw_request, DrawRequest, DrawResponse};
use showdown_json::Problem;

/// The edge's terms for `/v1/draw`: the default body limit, behind the tokens.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/draw");

/// Run a high-card draw.
///
/// One card each, dealt clockwise from the first seat left of the dealer (or
/// from seat 1 with no dealer); the highest card wins, rank first, then suit
/// spades > hearts > diamonds > clubs.
#[utoipa::path(
    post,
    path = "/v1/draw",
    tag = "chip-race",
    request_body = DrawRequest,
    responses(
        (status = 200, description = "Every player's card and the winner", body = DrawResponse),
        (status = 422, description = "The draw is impossible; every problem with a JSON Pointer", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn draw(ApiJson(req): ApiJson<DrawRequest>) -> ApiResult<Json<DrawResponse>> {
    let answer = draw_request(&req).map_err(impossible("draw"))?;
    Ok(Json(answer))
}
