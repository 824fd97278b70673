//! `POST /v1/tables` (API.md; RULES.md §13): a tournament's tables between
//! hands: every table's next button and blinds, who waits, the halted
//! tables, the balancing moves or the table that breaks.

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{impossible, ApiResult};
use crate::edge::route_terms::RouteTerms;
use axum::response::{IntoResponse, Response};
use axum::Json;
use showdown_contract::tables::{check_required, tables_request, TablesRequest, TablesResponse};
use showdown_json::Problem;

/// The edge's terms for `/v1/tables`: RULES.md §13.8 allows 10,000 players at 1,000 tables, about 400 KB.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/tables").large_body();

/// Seat the next hand at every table.
///
/// From each table's hand just played (small and big blind seats, and the
/// button's under the forward rule), or its drawn button before its first
/// hand (`firstHand`, RULES.md §13.9), and who sits there now: the next
/// button and blinds by the dead button (TDA 31) or the forward button,
/// heads-up by TDA 33, arrivals that wait (TDA 9); then the tables halted
/// (TDA 10 D) and either the last table breaking (TDA 9, 10 C) or the
/// balancing moves (TDA 10 A), each the source's next big blind to the
/// destination's worst position.
#[utoipa::path(
    post,
    path = "/v1/tables",
    tag = "tables",
    request_body = TablesRequest,
    responses(
        (status = 200, description = "Every table's next hand, the halted tables, the moves or the table that breaks", body = TablesResponse),
        (status = 422, description = "The tables are impossible (RULES.md §13.8); every problem with a JSON Pointer", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn tables(ApiJson(req): ApiJson<TablesRequest>) -> ApiResult<Response> {
    check_required(&req)?;
    let answer = tables_request(&req).map_err(impossible("tables request"))?;
    // The answer borrows its ids from the request: it is written out here.
    Ok(Json(answer).into_response())
}
