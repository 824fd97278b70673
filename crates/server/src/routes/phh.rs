//! `POST /v1/settle/phh`: one hand in the Poker Hand History format,
//! replayed and settled like `POST /v1/settle`.

use crate::edge::compute::off_workers;
use crate::edge::problem_response::{compute_problem, from_bytes_rejection, ApiResult};
use crate::edge::route_terms::RouteTerms;
use crate::edge::state::AppState;
use crate::routes::settle::{json_answer, settled_event};
use axum::body::Bytes;
use axum::extract::{FromRequest, Request, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use showdown_contract::settle::HandCompleteEvent;
use showdown_history::ohh::answer::BettingAnswer;
use showdown_history::ohh::record::{record_by, Record};
use showdown_history::phh::as_ohh::{as_ohh, ohh_id, writes, AsOhhError};
use showdown_history::phh::betting::{betting_answer, betting_steps};
use showdown_history::phh::{parse_one, replay_hand, PhhError, PhhHand, EXAMPLE_HAND};
use showdown_json::FieldError;
use showdown_json::Problem;
use std::sync::atomic::AtomicBool;

/// The media types a PHH body may come as: TOML, or plain text.
pub(crate) fn is_phh(headers: &HeaderMap) -> bool {
    crate::edge::extract::media_type(headers)
        .is_some_and(|essence| matches!(essence.as_str(), "application/toml" | "text/plain"))
}

/// A PHH problem as problem+json: a text that is not a PHH hand is 400
/// (like a body that is not the JSON shape), a hand this replay cannot
/// settle (unknown variant, hidden cards at a showdown) is 422. Pointers
/// name the PHH field (`/actions/12` is the 13th action).
pub(crate) fn phh_problem(e: &PhhError) -> Problem {
    let message = e.to_string();
    let pointer = match e {
        PhhError::Toml(_) | PhhError::Unsupported(_) => String::new(),
        PhhError::Field { field, .. } => format!("/{field}"),
        PhhError::Action { index, .. } => format!("/actions/{index}"),
    };
    let errors = vec![FieldError {
        pointer,
        message: message.clone(),
    }];
    match e {
        PhhError::Unsupported(_) => {
            let mut p = Problem::invalid(showdown_json::Invalid::new(errors));
            p.detail = format!("the hand cannot be settled: {message}");
            p
        }
        _ => Problem::malformed(format!("the body is not a PHH hand: {message}"), errors),
    }
}

/// The edge's terms for `/v1/settle/phh`: the default body limit, behind the tokens.
pub(crate) const TERMS: RouteTerms = RouteTerms::new("/v1/settle/phh");

/// Settle one hand given in the Poker Hand History format.
///
/// The body is one PHH hand (TOML, github.com/uoftcprg/phh-std): variants
/// NT, FT, NS, PO, FO/8, F7S, F7S/8, FR, F2L3D, N2L1D, FB. Its actions are
/// replayed into a settle request (index 0 is seat 1, the first seat left
/// of the button; the last index is the button; a big-blind ante is dead
/// money) and settled as `POST /v1/settle` would: the answer is the same
/// `hand_complete` event, players named `p1`, `p2`, ... as in the actions.
/// A 422 from the settlement points into that generated request. A hand
/// with decimal amounts (`1259450.25`) is settled in hundredths (or the
/// finest decimal it uses): the answer's amounts are in that unit.
/// With `?record=ohh` the answer adds `record`, the hand written as OHH
/// and completed as `POST /v1/settle/ohh` completes it.
#[utoipa::path(
    post,
    path = "/v1/settle/phh",
    tag = "settle",
    operation_id = "settlePhh",
    params(
        ("record" = inline(Option<RecordFormat>), Query, description = "`ohh`: add `record`, the hand written as Open Hand History and completed (flop games; a stud or draw hand is a 422 at `/variant`)"),
        ("explain" = Option<bool>, Query, description = "`true`: add `explanation` as `POST /v1/settle` does with `explain`, a `betting-finding` step first for each finding on the betting")
    ),
    request_body(
        content(
            (String = "application/toml", example = json!(EXAMPLE_HAND)),
            (String = "text/plain", example = json!(EXAMPLE_HAND))
        ),
        description = "One PHH hand, as TOML text (UTF-8)"),
    responses(
        (status = 200, description = "The hand_complete event and the verdict on the betting", body = PhhSettled, content_type = "application/json"),
        (status = 400, description = "The body is not a PHH hand (TOML, fields, actions), or the query is not one the route takes", body = Problem, content_type = "application/problem+json"),
        (status = 422, description = "The hand cannot be settled, or (`?record=ohh`) has no OHH record", body = Problem, content_type = "application/problem+json")
    )
)]
pub(crate) async fn settle_phh(State(state): State<AppState>, req: Request) -> ApiResult<Response> {
    let query = PhhQuery::of(req.uri().query()).map_err(query_problem)?;
    let text = phh_text(&state, req).await?;
    // A long hand's replay takes milliseconds: off the async workers.
    off_workers(move || settled_phh(&state, &text, query))
        .await
        .map_err(compute_problem)?
}

/// The PHH route's answer to a hand's text, once read.
fn settled_phh(state: &AppState, text: &str, query: PhhQuery) -> ApiResult<Response> {
    let refused = |e: PhhError| {
        state.metrics.record_rejection();
        phh_problem(&e)
    };
    let hand = parse_one(text, "body").map_err(refused)?;
    if query.record.is_some() {
        // Refused before settling: a stud or draw hand has no OHH streets.
        writes(&hand.variant).map_err(|e| as_ohh_problem(state, &e))?;
    }
    let replayed = replay_hand(&hand).map_err(refused)?;
    let mut request = replayed.request;
    // The label is only "body": nothing to echo.
    request.game_id = None;
    // A PHH hand asks for no run-outs: nothing here to give up.
    request.explain = query.explain;
    let mut event = settled_event(state, &request, &AtomicBool::new(false))?;
    if let Some(steps) = event.data.explanation.as_mut() {
        // The betting came before the pots: its findings explain first.
        steps.splice(0..0, betting_steps(&hand, &request.players));
    }
    let record = if query.record.is_some() {
        Some(ohh_record(state, &hand, &event, replayed.scale)?)
    } else {
        None
    };
    json_answer(&PhhSettled {
        event,
        betting: betting_answer(&hand),
        record,
    })
}

/// The hand written as OHH and completed with its settlement, as the OHH
/// route completes its own (`?record=ohh`).
fn ohh_record(
    state: &AppState,
    hand: &PhhHand,
    event: &HandCompleteEvent<'_>,
    scale: u32,
) -> ApiResult<Record> {
    let ohh = as_ohh(hand).map_err(|e| as_ohh_problem(state, &e))?;
    Ok(record_by(&ohh, &event.data, scale, &ohh_id))
}

/// A hand that has no OHH record: 422 at its pointer into the PHH hand.
fn as_ohh_problem(state: &AppState, e: &AsOhhError) -> Problem {
    state.metrics.record_rejection();
    let message = e.to_string();
    let mut p = Problem::invalid(showdown_json::Invalid::new(vec![FieldError {
        pointer: e.at(),
        message: message.clone(),
    }]));
    p.detail = format!("the hand has no OHH record: {message}");
    p
}

/// The record `?record=` writes: `ohh`, the hand as Open Hand History
/// 1.4.7, alone; another value is a 400, as the query's other faults.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub(crate) enum RecordFormat {
    /// The hand written as Open Hand History 1.4.7.
    Ohh,
}

/// What `POST /v1/settle/phh` takes in its query string; any other
/// parameter or value is a 400, so a typo never passes unnoticed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct PhhQuery {
    /// `record=ohh`: add `record`, the hand written as OHH.
    record: Option<RecordFormat>,
    /// `explain=true`: add `explanation`, as `POST /v1/settle`'s `explain`.
    explain: bool,
}

impl PhhQuery {
    /// The query read, or the words of its fault.
    fn of(query: Option<&str>) -> Result<PhhQuery, String> {
        let mut out = PhhQuery::default();
        let mut seen = Vec::new();
        for pair in query.unwrap_or("").split('&').filter(|p| !p.is_empty()) {
            let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
            if seen.contains(&key) {
                return Err(format!("`{key}` is given twice"));
            }
            seen.push(key);
            match (key, value) {
                ("record", "ohh") => out.record = Some(RecordFormat::Ohh),
                ("explain", "true" | "false") => out.explain = value == "true",
                ("explain", other) => {
                    return Err(format!(
                        "`explain={other}`: `explain` is `true` or `false`"
                    ))
                }
                ("record", other) => {
                    return Err(format!(
                        "`record={other}`: the one record written is `ohh`"
                    ))
                }
                (other, _) => {
                    return Err(format!(
                        "`{other}` is not a query parameter of this route (it takes `record=ohh`, `explain=true`)"
                    ))
                }
            }
        }
        Ok(out)
    }
}

/// 400 for a query the route does not take; the pointer is empty, as the
/// fault is in the request's target, not in its body.
fn query_problem(message: String) -> Problem {
    Problem::malformed(
        format!("the query is not one this route takes: {message}"),
        vec![FieldError {
            pointer: String::new(),
            message,
        }],
    )
}

/// The answer of `POST /v1/settle/phh`: the `hand_complete` event and,
/// for the games the betting rules read (flop games), their verdict.
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub(crate) struct PhhSettled<'a> {
    #[serde(flatten)]
    pub event: HandCompleteEvent<'a>,
    /// The verdict on the betting (RULES.md §16.6), findings at
    /// `/actions/{i}`; left out for a hand the betting cannot replay.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub betting: Option<BettingAnswer>,
    /// With `?record=ohh`: the hand written as OHH and completed, as
    /// `POST /v1/settle/ohh` answers it (flop games).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub record: Option<Record>,
}

/// A PHH body as text: 415 unless it comes as TOML or plain text, 400
/// unless it is UTF-8.
pub(crate) async fn phh_text(state: &AppState, req: Request) -> ApiResult<String> {
    if !is_phh(req.headers()) {
        return Err(Problem::from_status(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "the body must be a PHH hand: send Content-Type: application/toml or text/plain",
        )
        .into());
    }
    let bytes = Bytes::from_request(req, state)
        .await
        .map_err(from_bytes_rejection)?;
    String::from_utf8(bytes.to_vec())
        .map_err(|_| Problem::malformed("the body is not UTF-8 text", Vec::new()).into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::header;
    use tower::ServiceExt;

    async fn post(ct: &str, body: &str) -> (StatusCode, String, serde_json::Value) {
        let req = axum::http::Request::post("/v1/settle/phh")
            .header(header::CONTENT_TYPE, ct)
            .body(Body::from(body.to_string()))
            .unwrap();
        let res = crate::routes::app(crate::edge::state::AppState::default())
            .oneshot(req)
            .await
            .unwrap();
        let status = res.status();
        let ct = res
            .headers()
            .get(header::CONTENT_TYPE)
            .map(|v| v.to_str().unwrap().to_string())
            .unwrap_or_default();
        let bytes = axum::body::to_bytes(res.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, ct, serde_json::from_slice(&bytes).unwrap())
    }

    #[tokio::test]
    async fn rules_2_phh_route_settles_big_blind_ante_as_dead_money() {
        let (status, ct, v) = post("application/toml", EXAMPLE_HAND).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert!(ct.starts_with("application/json"), "{ct}");
        let d = &v["data"];
        assert_eq!(d["variant"], "deuce-to-seven");
        assert_eq!(d["reason"], "uncontested");
        assert_eq!(d["winnerId"], "p4");
        assert_eq!(d["handNumber"], 12);
        assert_eq!(d["uncalled"][0]["amount"], 20);
        assert_eq!(d["finalChipStacks"]["p4"], 660);
        assert_eq!(d["finalChipStacks"]["p2"], 750);
    }

    #[tokio::test]
    async fn phh_route_accepts_text_plain_and_refuses_json() {
        let (status, _, _) = post("text/plain; charset=utf-8", EXAMPLE_HAND).await;
        assert_eq!(status, StatusCode::OK);
        let (status, ct, v) = post("application/json", EXAMPLE_HAND).await;
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(ct.starts_with("application/problem+json"), "{ct}");
        assert_eq!(v["status"], 415);
    }

    #[tokio::test]
    async fn phh_route_errors_are_problems_with_pointers() {
        let (status, ct, v) = post("application/toml", "variant = ").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert!(ct.starts_with("application/problem+json"), "{ct}");

        let bad_action = EXAMPLE_HAND.replace("'p5 f'", "'p5 zz'");
        let (status, _, v) = post("application/toml", &bad_action).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
        assert_eq!(v["errors"][0]["pointer"], "/actions/7");

        let hidden = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [10, 10]\n\
            actions = ['d dh p1 ????', 'd dh p2 AsAd', 'p2 cc', 'p1 cc', 'd db 2c3c4d5h9s']\n";
        let (status, _, v) = post("application/toml", hidden).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        assert_eq!(v["status"], 422);
    }
}
