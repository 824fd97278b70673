//! `POST /v1/settle/ohh` and `POST /v1/betting` (API.md, "The hand as
//! played"): an Open Hand History hand judged by the betting rules
//! (RULES.md §16), settled from its actions, and written back completed.

use crate::edge::compute::off_workers;
use crate::edge::extract::ApiJson;
use crate::edge::problem_response::{compute_problem, ApiResult};
use crate::edge::route_terms::RouteTerms;
use crate::edge::state::AppState;
use crate::routes::settle::{json_answer, settled_event};
use axum::extract::{FromRequest, Request, State};
use axum::http::{header, HeaderValue};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use showdown_contract::settle::HandCompleteEvent;
use showdown_history::ohh::answer::{betting, finding_steps, next, BettingAnswer, BettingNext};
use showdown_history::ohh::record::{record, Record};
use showdown_history::ohh::request::settle_request as derive_request;
use showdown_history::ohh::schema::ohh_json_schema;
use showdown_history::ohh::{judge, OhhError, OhhRequest};
use showdown_history::phh::betting::betting_next as phh_betting_next;
use showdown_history::phh::parse_one;
use showdown_json::{FieldError, Invalid, Problem};
use std::sync::atomic::AtomicBool;

/// The answer of `POST /v1/settle/ohh`: the `hand_complete` event, the
/// verdict on the betting and the record completed.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub(crate) struct OhhSettled<'a> {
    #[serde(flatten)]
    pub event: HandCompleteEvent<'a>,
    pub betting: BettingAnswer,
    pub record: Record,
}

/// An OHH refusal as a 422 with its pointer into the request.
pub(crate) fn ohh_problem(e: &OhhError, prefix: &str) -> Problem {
    let at = if e.at.starts_with("/settle") {
        e.at.clone()
    } else {
        format!("{prefix}{}", e.at)
    };
    let mut p = Problem::invalid(Invalid::new(vec![FieldError {
        pointer: at,
        message: e.message.clone(),
    }]));
    p.detail = format!("the hand cannot be settled: {}", e.message);
    p
}

/// The edge's terms for `/v1/settle/ohh`: the default body limit, behind the tokens.
pub(crate) const SETTLE_TERMS: RouteTerms = RouteTerms::new("/v1/settle/ohh");

/// Settle one hand given as Open Hand History.
///
/// The body is `{"ohh": <an OHH 1.4.7 hand>, "settle": {<the house's
/// terms>}}`. The actions are checked by the betting rules (RULES.md §16:
/// `betting`), the settle request they give is settled as `POST
/// /v1/settle` would, and `record` is the hand completed with the pots;
/// where the hand carried the room's own `pots`, `record.differences`
/// lists every place they differ. Amounts of the event count the hand's
/// smallest decimal place; the record's are in its own decimals.
#[utoipa::path(
    post,
    path = "/v1/settle/ohh",
    tag = "settle",
    operation_id = "settleOhh",
    request_body(content = OhhRequest, content_type = "application/json",
        example = json!(showdown_history::ohh::examples::settle_ohh_request())),
    responses(
        (status = 200, description = "The hand_complete event, the verdict and the record", body = OhhSettled, content_type = "application/json",
            example = json!(showdown_history::ohh::examples::settle_ohh_answer())),
        (status = 400, description = "The body is not the shape of the request", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "The hand cannot be settled", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn settle_ohh(
    State(state): State<AppState>,
    ApiJson(req): ApiJson<OhhRequest>,
) -> ApiResult<Response> {
    // Cash-outs and the all-in expectation enumerate run-outs, given up
    // when the request is dropped.
    if req.settle.enumerates() {
        let pool_state = state.clone();
        return state
            .compute
            .run_until(move |stop| settled(&pool_state, &req, stop))
            .await
            .map_err(compute_problem)?;
    }
    // Judging a long hand's actions takes milliseconds.
    off_workers(move || settled(&state, &req, &AtomicBool::new(false)))
        .await
        .map_err(compute_problem)?
}

fn settled(state: &AppState, req: &OhhRequest, stop: &AtomicBool) -> ApiResult<Response> {
    let refused = |e: OhhError| {
        state.metrics.record_rejection();
        ohh_problem(&e, "/ohh")
    };
    let judged = judge(req).map_err(refused)?;
    let request = derive_request(req, &judged).map_err(refused)?;
    let mut event = settled_event(state, &request, stop)?;
    if let Some(steps) = event.data.explanation.as_mut() {
        // The betting came before the pots: its findings explain first.
        let at = |s: usize| format!("/ohh{}", judged.read.pointer(s));
        let findings = finding_steps(&judged.replay.verdict, &request.players, &at);
        steps.splice(0..0, findings);
    }
    let answer = OhhSettled {
        betting: betting(&judged.replay.verdict, &judged.read, "/ohh"),
        record: record(&req.ohh, &event.data, judged.read.scale),
        event,
    };
    json_answer(&answer)
}

/// The edge's terms for `/v1/betting`: the default body limit, behind the tokens.
pub(crate) const BETTING_TERMS: RouteTerms = RouteTerms::new("/v1/betting");

/// Who is to act in a hand in progress, and what they may do.
///
/// The body is the hand so far, as `POST /v1/settle/ohh` takes it (its
/// rounds up to now), or a PHH hand so far (`Content-Type:
/// application/toml`). The answer is the verdict on the actions so far
/// and `next`: the player to act, the chips to call, the pot and the
/// options with their round totals, or why nobody is to act.
#[utoipa::path(
    post,
    path = "/v1/betting",
    tag = "settle",
    operation_id = "betting",
    request_body(content = OhhRequest, content_type = "application/json",
        example = json!(showdown_history::ohh::examples::betting_request())),
    responses(
        (status = 200, description = "The verdict and the next action", body = BettingNext, content_type = "application/json",
            example = json!(showdown_history::ohh::examples::betting_answer())),
        (status = 400, description = "The body is not the shape of the request", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "An action cannot be applied", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn betting_next(
    State(state): State<AppState>,
    req: Request,
) -> ApiResult<Response> {
    if crate::routes::phh::is_phh(req.headers()) {
        return phh_betting(&state, req).await;
    }
    let ApiJson(req) = ApiJson::<OhhRequest>::from_request(req, &state).await?;
    // Judging a long hand's actions takes milliseconds.
    off_workers(move || next_of(&state, &req))
        .await
        .map_err(compute_problem)?
}

/// `POST /v1/betting`'s answer to an OHH hand so far.
fn next_of(state: &AppState, req: &OhhRequest) -> ApiResult<Response> {
    let judged = judge(req).map_err(|e| {
        state.metrics.record_rejection();
        ohh_problem(&e, "/ohh")
    })?;
    json_answer(&BettingNext {
        betting: betting(&judged.replay.verdict, &judged.read, "/ohh"),
        next: next(judged.read.betting.game, &judged.replay.next, &|p| {
            req.ohh
                .players
                .get(p)
                .map_or(serde_json::Value::Null, |pl| pl.id.into())
        }),
    })
}

/// `POST /v1/betting` of a PHH hand so far: players `p1`, `p2`, ... and
/// findings at `/actions/{i}`, as the PHH route points.
async fn phh_betting(state: &AppState, req: Request) -> ApiResult<Response> {
    let text = crate::routes::phh::phh_text(state, req).await?;
    let state = state.clone();
    off_workers(move || phh_next_of(&state, &text))
        .await
        .map_err(compute_problem)?
}

/// `POST /v1/betting`'s answer to a PHH hand so far.
fn phh_next_of(state: &AppState, text: &str) -> ApiResult<Response> {
    let refused = |at: String, message: String| {
        state.metrics.record_rejection();
        ohh_problem(&OhhError::new(at, message), "")
    };
    let hand = parse_one(text, "body").map_err(|e| crate::routes::phh::phh_problem(&e))?;
    let answer = phh_betting_next(&hand).map_err(|(at, why)| refused(at, why))?;
    json_answer(&answer)
}

/// The edge's terms for `/v1/schemas/ohh.json`: the default body limit, behind the tokens.
pub(crate) const SCHEMA_TERMS: RouteTerms = RouteTerms::new("/v1/schemas/ohh.json");

/// The JSON Schema of Open Hand History 1.4.7 as the OHH routes read it.
///
/// JSON Schema draft 2020-12, derived from the types the routes parse:
/// the `ohh` of `POST /v1/settle/ohh` and `POST /v1/betting`, and the
/// answer's `record.ohh`, are documents of it.
#[utoipa::path(
    get,
    path = "/v1/schemas/ohh.json",
    tag = "settle",
    operation_id = "ohhSchema",
    responses(
        (status = 200, description = "The JSON Schema of an OHH document", body = Object, content_type = "application/schema+json")
    )
)]
pub(crate) async fn ohh_schema() -> Response {
    // Built once: the schema is a function of the types alone.
    static SCHEMA: std::sync::LazyLock<Vec<u8>> =
        std::sync::LazyLock::new(|| serde_json::to_vec(&ohh_json_schema()).unwrap_or_default());
    let kind = HeaderValue::from_static("application/schema+json");
    ([(header::CONTENT_TYPE, kind)], SCHEMA.as_slice()).into_response()
}
