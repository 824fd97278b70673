//! `POST /v1/settle` (API.md).

use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{compute_problem, stopped, ApiResult};
use crate::edge::route_terms::RouteTerms;
use crate::edge::state::AppState;
use axum::extract::State;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use showdown_contract::settle::{odd_chips, settle_request_until, to_json};
use showdown_contract::settle::{HandCompleteEvent, SettleRequest};
use showdown_contract::Unanswered;
use showdown_json::Problem;
use std::sync::atomic::AtomicBool;

/// The edge's terms for `/v1/settle`: its largest request, a tournament hand with a 10,000-place prize table, is over 64 KiB.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/settle").large_body();

/// Settle one finished hand.
///
/// Builds the main and side pots, returns uncalled bets, ranks the live
/// hands for the variant, splits each pot among its best hands and gives
/// odd chips by the rulebook. The same request gives the same bytes back,
/// whatever the order of `players`.
#[utoipa::path(
    post,
    path = "/v1/settle",
    tag = "settle",
    operation_id = "settle",
    request_body(content = SettleRequest, content_type = "application/json", examples(
        ("API.md" = (summary = "A two-way tie with one odd chip (API.md)", value = json!(showdown_contract::settle::settle_example()))),
        ("raked" = (summary = "Raked: 5 % capped at 300, a jackpot drop, a side pot (RULES.md §8)", value = json!(showdown_contract::settle::raked_settle_example()))),
                ("run-it-twice" = (summary = "Hold'em run twice after an all-in on the flop", value = json!(showdown_contract::settle::example_run_it_twice()))),
        ("double-board-omaha-hi-lo" = (summary = "Omaha hi-lo on two boards", value = json!(showdown_contract::settle::example_double_board_omaha_hi_lo()))),
        ("tournament" = (summary = "A tournament hand: two players knocked out, their places and bounties (RULES.md §12)", value = json!(showdown_contract::settle::example_tournament())))
    )),
    responses(
        (status = 200, description = "The hand_complete event", body = HandCompleteEvent, content_type = "application/json"),
        (status = 422, description = "The hand is impossible; `errors` lists every problem with a JSON Pointer", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn settle(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<SettleRequest>,
) -> ApiResult<Response> {
    // A cash-out or an all-in expectation enumerates runouts (millions
    // before the flop): it runs on the compute pool like an equity, and is
    // given up when the request is dropped.
    if req.enumerates() {
        let pool_state = state.clone();
        return state
            .compute
            .run_until(move |stop| settle_response(&pool_state, &req, stop))
            .await
            .map_err(compute_problem)?;
    }
    settle_response(&state, &req, &AtomicBool::new(false))
}

/// Settle a parsed request and answer it, counting it in the metrics:
/// the 200 event or the 422 problem. Shared by every route that settles.
fn settle_response(
    state: &AppState,
    req: &SettleRequest,
    stop: &AtomicBool,
) -> ApiResult<Response> {
    json_response(&settled_event(state, req, stop)?)
}

/// The event of a settled request, counted in the metrics (a 422 as a
/// rejection): the one step every route that settles shares. `stop` gives
/// up the run-outs of cash-outs and the all-in expectation.
pub(crate) fn settled_event<'r>(
    state: &AppState,
    req: &'r SettleRequest,
    stop: &AtomicBool,
) -> ApiResult<HandCompleteEvent<'r>> {
    let event = settle_request_until(req, stop).map_err(|e| match e {
        Unanswered::Invalid(invalid) => {
            state.metrics.record_rejection();
            Problem::invalid(invalid)
        }
        Unanswered::Stopped => stopped(),
    })?;
    state
        .metrics
        .record_settlement(event.data.variant, event.data.tie, odd_chips(&event));
    Ok(event)
}

/// Any other answer as the 200's JSON body; a DTO that fails to serialize
/// is our bug, answered 500.
pub(crate) fn json_answer<T: serde::Serialize>(answer: &T) -> ApiResult<Response> {
    let body = serde_json::to_vec(answer).map_err(|e| {
        tracing::error!(error = %e, "answer did not serialize");
        Problem::from_status(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    })?;
    let json = HeaderValue::from_static("application/json");
    Ok(([(header::CONTENT_TYPE, json)], body).into_response())
}

/// The event as the 200's JSON body (`settle::to_json`); a DTO that fails
/// to serialize is our bug, answered 500 rather than a broken 200.
fn json_response(event: &HandCompleteEvent) -> ApiResult<Response> {
    let body = to_json(event).map_err(|e| {
        tracing::error!(error = %e, "hand_complete did not serialize");
        Problem::from_status(StatusCode::INTERNAL_SERVER_ERROR, "internal error")
    })?;
    let json = HeaderValue::from_static("application/json");
    Ok(([(header::CONTENT_TYPE, json)], body).into_response())
}
