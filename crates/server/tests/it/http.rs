//! Every status code of API.md through `app(state)` with `oneshot`; the
//! 422 causes, each with the JSON Pointer it must name, are in `http_422`.

use crate::common;

use axum::body::Body;
use axum::http::{header, Request, StatusCode};
use common::*;
use serde_json::{json, Value};
use showdown_server::config::AppConfig;
use showdown_server::{app, AppState};

#[tokio::test]
async fn api_md_example_settles_to_the_documented_answer() {
    let r = settle(&api_example()).await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.content_type(), "application/json");
    let d = &r.json()["data"];
    assert_eq!(r.json()["type"], "hand_complete");
    assert_eq!(d["winnerId"], "agent-b");
    assert_eq!(d["tie"], true);
    assert_eq!(d["totalWinners"], 2);
    assert_eq!(d["potBreakdown"][0]["amount"], 301);
    assert_eq!(d["potBreakdown"][1]["amount"], 300);
    assert_eq!(d["pots"][0]["amount"], 601);
    assert_eq!(
        d["pots"][0]["shares"][0],
        json!({"agentId": "agent-b", "half": "whole", "amount": 301, "oddChips": 1})
    );
    assert_eq!(
        d["finalChipStacks"],
        json!({"agent-a": 1000, "agent-b": 1001})
    );
    assert_eq!(d["winningHand"]["name"], "Flush");
}

#[tokio::test]
async fn request_id_is_echoed_from_the_client() {
    let req = Request::get("/nope")
        .header("x-request-id", "client-id-42")
        .body(Body::empty())
        .unwrap();
    let r = send(app(AppState::default()), req).await;
    assert_problem(&r, 404);
    assert_eq!(r.headers["x-request-id"], "client-id-42");
    assert_eq!(r.json()["requestId"], "client-id-42");
}

#[tokio::test]
async fn request_id_is_made_when_absent() {
    let r = get("/healthz").await;
    assert_eq!(r.status, StatusCode::OK);
    assert!(!r.headers["x-request-id"].is_empty());
}

#[tokio::test]
async fn status_400_for_a_body_that_is_not_json() {
    let req = Request::post("/v1/settle")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from("{\"variant\": "))
        .unwrap();
    let r = send(app(AppState::default()), req).await;
    assert_problem(&r, 400);
}

#[tokio::test]
async fn status_400_for_trailing_garbage_after_the_json() {
    let mut body = serde_json::to_vec(&api_example()).unwrap();
    body.extend_from_slice(b" x");
    let req = Request::post("/v1/settle")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .unwrap();
    assert_problem(&send(app(AppState::default()), req).await, 400);
}

/// A 400 problem; its pointers.
async fn malformed(body: &Value) -> Vec<String> {
    let r = settle(body).await;
    assert_problem(&r, 400);
    assert_eq!(r.json()["type"], "urn:showdown:problem:malformed-request");
    r.pointers()
}

#[tokio::test]
async fn status_400_for_an_unknown_field_names_it() {
    let b = with(|b| b["players"][1]["colour"] = json!("red"));
    assert_eq!(malformed(&b).await, vec!["/players/1/colour"]);
}

#[tokio::test]
async fn status_400_for_a_wrong_type_names_the_field() {
    let b = with(|b| b["players"][0]["stack"] = json!("1000"));
    assert_eq!(malformed(&b).await, vec!["/players/0/stack"]);
}

#[tokio::test]
async fn status_400_for_a_negative_amount() {
    let b = with(|b| b["players"][0]["committed"] = json!(-5));
    assert_eq!(malformed(&b).await, vec!["/players/0/committed"]);
}

#[tokio::test]
async fn status_400_for_a_missing_required_field() {
    let mut body = api_example();
    body.as_object_mut().unwrap().remove("variant");
    assert_problem(&settle(&body).await, 400);
}

/// Four players, four shape mistakes: a float stack, a misspelt
/// `committed`, a negative committed, a missing seat.
fn four_mistakes() -> Value {
    json!({"variant": "holdem", "buttonSeat": 1, "players": [
        {"id": "a", "seat": 1, "stack": 100.5, "committed": 10},
        {"id": "b", "seat": 2, "stack": 100, "commited": 10},
        {"id": "c", "seat": 3, "stack": 100, "committed": -10},
        {"id": "d", "stack": 100, "committed": 10}
    ]})
}

/// A 400's errors as (pointer, message).
fn shape_errors(r: &Reply) -> Vec<(String, String)> {
    assert_problem(r, 400);
    assert_eq!(r.json()["type"], "urn:showdown:problem:malformed-request");
    r.errors()
}

#[tokio::test]
async fn status_400_names_every_shape_problem_with_its_pointer() {
    let r = settle(&four_mistakes()).await;
    assert_eq!(
        shape_errors(&r),
        [
            (
                "/players/0/stack",
                "expected a whole number, 0 or more, got 100.5 (whole numbers only: no fractions)"
            ),
            (
                "/players/1/commited",
                "unknown field \"commited\": did you mean \"committed\"?"
            ),
            (
                "/players/2/committed",
                "expected a whole number, 0 or more, got -10"
            ),
            ("/players/3", "the required field \"seat\" is missing"),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
    // `detail` names the first problem, as it did before every one was listed.
    assert_eq!(
        r.json()["detail"],
        "the body is not the shape of the request: expected a whole number, 0 or more, got 100.5 (whole numbers only: no fractions)"
    );
}

#[tokio::test]
async fn status_400_shape_problems_do_not_depend_on_the_order_of_players() {
    // Each problem as (the player's id, the rest of the pointer, message).
    async fn by_id(body: &Value) -> std::collections::BTreeSet<(String, String, String)> {
        let ids: Vec<String> = body["players"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["id"].as_str().unwrap().to_string())
            .collect();
        shape_errors(&settle(body).await)
            .into_iter()
            .map(|(pointer, message)| {
                let rest = pointer.strip_prefix("/players/").unwrap();
                let (i, field) = rest.split_once('/').unwrap_or((rest, ""));
                (
                    ids[i.parse::<usize>().unwrap()].clone(),
                    field.to_string(),
                    message,
                )
            })
            .collect()
    }
    let body = four_mistakes();
    let want = by_id(&body).await;
    assert_eq!(want.len(), 4);
    for order in [[3, 2, 1, 0], [1, 3, 0, 2], [2, 0, 3, 1]] {
        let mut shuffled = body.clone();
        shuffled["players"] =
            Value::Array(order.iter().map(|&i| body["players"][i].clone()).collect());
        assert_eq!(by_id(&shuffled).await, want, "{order:?}");
    }
}

#[tokio::test]
async fn status_400_a_body_too_large_to_walk_for_every_problem_says_more_may_follow() {
    let players = vec![json!({"c": 1}); 7_000];
    let r = settle(&json!({"players": players})).await;
    assert_eq!(shape_errors(&r)[0].0, "/players/0/c");
    let detail = r.json()["detail"].as_str().unwrap().to_string();
    assert!(detail.ends_with("more may follow"), "{detail}");
}

#[tokio::test]
async fn status_400_a_64_kib_body_of_bad_players_lists_the_cap_and_counts_the_rest() {
    let body = json!({"variant": "holdem", "players": vec![1; 30_000]});
    assert!(serde_json::to_vec(&body).unwrap().len() < 64 * 1024);
    let r = settle(&body).await;
    let errors = shape_errors(&r);
    assert_eq!(errors.len(), 50);
    assert_eq!(
        errors[0],
        (
            "/players/0".to_string(),
            "expected an object, got 1".to_string()
        )
    );
    assert_eq!(errors[49].0, "/players/49");
    assert_eq!(
        r.json()["detail"],
        "the body is not the shape of the request: expected an object, got 1; 30000 problems, the first 50 listed, 29950 more not listed"
    );
    // What it costs is bounded by the walks it takes, not timed here:
    // shape_problems' unit test counts them for this body.
}

#[tokio::test]
async fn status_400_chip_race_and_draw_name_every_shape_problem() {
    let chip_race = json!({"removedDenomination": 5.5, "colorUpTo": -25,
        "players": [{"id": "a", "seat": 1, "leftoverChips": 2, "otherChips": 1, "cards": "Ah"}]});
    let r = post_json(app(AppState::default()), "/v1/chip-race", &chip_race).await;
    assert_eq!(
        r.pointers(),
        ["/colorUpTo", "/players/0/cards", "/removedDenomination"]
    );
    let draw =
        json!({"dealerSeat": "4", "players": [{"id": "a", "seat": 1, "crad": "Kh"}, {"seat": 2}]});
    let r = post_json(app(AppState::default()), "/v1/draw", &draw).await;
    assert_eq!(
        shape_errors(&r),
        [
            (
                "/dealerSeat",
                "expected a whole number, 0 or more, got string \"4\""
            ),
            (
                "/players/0/crad",
                "unknown field \"crad\": did you mean \"card\"?"
            ),
            ("/players/1", "the required field \"id\" is missing"),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
}

#[tokio::test]
async fn status_404_for_an_unknown_path() {
    assert_problem(&get("/v2/settle").await, 404);
}

#[tokio::test]
async fn status_405_for_a_wrong_method() {
    let r = get("/v1/settle").await;
    assert_problem(&r, 405);
    assert_eq!(r.headers[header::ALLOW], "POST");
}

#[tokio::test]
async fn status_413_over_the_64_kib_default_body_limit() {
    let mut body = api_example();
    body["gameId"] = json!("x".repeat(70 * 1024));
    let r = post_json(app(AppState::default()), "/v1/equity", &body).await;
    assert_problem(&r, 413);
    assert!(r.json()["detail"].as_str().unwrap().contains("65536"));
}

/// The settle route takes every request its contract allows: a hand with a
/// prize table of 10,000 places (RULES.md §14.1) is over 64 KiB, so its
/// limit is 1 MiB, as the tables, prizes and deals routes' (API.md).
/// A JSON body padded with spaces after its object to `bytes` in all
/// (no string may pass 256 bytes, API.md, so padding is whitespace).
fn padded(body: &Value, bytes: usize) -> axum::http::Request<axum::body::Body> {
    let mut text = body.to_string();
    text.push_str(&" ".repeat(bytes.saturating_sub(text.len())));
    axum::http::Request::post("/v1/settle")
        .header("content-type", "application/json")
        .body(axum::body::Body::from(text))
        .unwrap()
}

#[tokio::test]
async fn status_413_on_the_settle_route_only_past_1_mib() {
    let body = api_example();
    let r = common::send(app(AppState::default()), padded(&body, 1000 * 1024)).await;
    assert_eq!(r.status, 200);
    let r = common::send(app(AppState::default()), padded(&body, 1024 * 1024 + 1)).await;
    assert_problem(&r, 413);
    assert!(r.json()["detail"].as_str().unwrap().contains("1048576"));
}

#[tokio::test]
async fn status_413_follows_the_configured_body_limit() {
    let config = |body_limit| AppConfig {
        body_limit,
        ..AppConfig::default()
    };
    let r = post_json(
        app(AppState::new(config(100))),
        "/v1/equity",
        &api_example(),
    )
    .await;
    assert_problem(&r, 413);
    // A configured limit above 1 MiB raises the settle route's too.
    let body = padded(&api_example(), 1100 * 1024);
    let r = common::send(app(AppState::new(config(2 << 20))), body).await;
    assert_eq!(r.status, 200);
}

/// API.md "Strings": every string of a JSON body is at most 256 bytes, so
/// an answer, which repeats ids and names, stays within a small multiple
/// of its body; a longer one is a 400 pointing at it, on every route.
#[tokio::test]
async fn status_400_for_a_string_over_256_bytes_with_its_pointer() {
    let mut body = api_example();
    body["players"][1]["name"] = json!("n".repeat(256));
    assert_eq!(settle(&body).await.status, 200);
    body["players"][1]["name"] = json!("n".repeat(257));
    let r = settle(&body).await;
    assert_problem(&r, 400);
    assert_eq!(r.json()["errors"][0]["pointer"], "/players/1/name");
    let r = post_json(app(AppState::default()), "/v1/equity", &body).await;
    assert_problem(&r, 400);
}

#[tokio::test]
async fn status_415_for_a_body_that_is_not_declared_json() {
    for ct in [
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        None,
    ] {
        let mut req = Request::post("/v1/settle");
        if let Some(ct) = ct {
            req = req.header(header::CONTENT_TYPE, ct);
        }
        let req = req
            .body(Body::from(serde_json::to_vec(&api_example()).unwrap()))
            .unwrap();
        assert_problem(&send(app(AppState::default()), req).await, 415);
    }
}

#[tokio::test]
async fn content_type_with_charset_is_json() {
    let req = Request::post("/v1/settle")
        .header(header::CONTENT_TYPE, "application/json; charset=utf-8")
        .body(Body::from(serde_json::to_vec(&api_example()).unwrap()))
        .unwrap();
    assert_eq!(
        send(app(AppState::default()), req).await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn status_503_when_every_slot_is_taken_for_the_whole_timeout() {
    let state = AppState::new(AppConfig {
        concurrency_limit: 1,
        request_timeout: std::time::Duration::from_millis(50),
        ..AppConfig::default()
    });
    // Hold the only slot, as a request in flight would.
    let _held = state.limiter.clone().try_acquire_owned().unwrap();
    let app = app(state);
    assert_problem(&post_json(app, "/v1/settle", &api_example()).await, 503);
}

#[tokio::test]
async fn readyz_is_200_then_503_once_shutdown_begins() {
    let state = AppState::new(AppConfig::default());
    let app = app(state.clone());
    let r = send(
        app.clone(),
        Request::get("/readyz").body(Body::empty()).unwrap(),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK);
    state
        .ready
        .store(false, std::sync::atomic::Ordering::Relaxed);
    assert_problem(
        &send(app, Request::get("/readyz").body(Body::empty()).unwrap()).await,
        503,
    );
}

#[tokio::test]
async fn variants_lists_the_19_ids_of_api_md() {
    let r = get("/v1/variants").await;
    assert_eq!(r.status, StatusCode::OK);
    let ids: Vec<String> = r.json()["variants"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["id"].as_str().unwrap().to_string())
        .collect();
    for id in [
        "holdem",
        "short-deck",
        "omaha",
        "omaha-5",
        "omaha-6",
        "omaha-hi-lo",
        "omaha-5-hi-lo",
        "stud",
        "stud-hi-lo",
        "razz",
        "five-card-draw",
        "deuce-to-seven",
        "ace-to-five",
        "badugi",
        "badacey",
        "badeucy",
        "razzdugi",
        "dramaha",
        "sohe",
    ] {
        assert!(ids.contains(&id.to_string()), "{id} missing from {ids:?}");
    }
    assert_eq!(ids.len(), 19);
    let stud = r.json()["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"] == "stud")
        .cloned()
        .unwrap();
    assert_eq!(stud["button"], false);
    assert_eq!(stud["holeCards"], 7);
}

#[tokio::test]
async fn metrics_count_requests_settlements_ties_and_odd_chips() {
    let state = AppState::new(AppConfig::default());
    let app = app(state);
    assert_eq!(
        post_json(app.clone(), "/v1/settle", &api_example())
            .await
            .status,
        StatusCode::OK
    );
    let r = send(app, Request::get("/metrics").body(Body::empty()).unwrap()).await;
    assert_eq!(r.status, StatusCode::OK);
    let text = String::from_utf8(r.body).unwrap();
    assert!(
        text.contains("showdown_http_requests_total{route=\"/v1/settle\",status=\"200\"} 1"),
        "{text}"
    );
    assert!(text.contains("showdown_http_request_duration_seconds_count{route=\"/v1/settle\"} 1"));
    assert!(text.contains("showdown_settlements_total{variant=\"holdem\"} 1"));
    assert!(text.contains("showdown_ties_total 1"));
    assert!(text.contains("showdown_odd_chips_total 1"));
}

#[tokio::test]
async fn a_panicking_handler_is_a_500_problem_not_a_dropped_connection() {
    async fn boom() -> &'static str {
        panic!("a bug")
    }
    let state = AppState::new(AppConfig::default());
    let router = axum::Router::new().route("/boom", axum::routing::get(boom));
    let app = showdown_server::with_layers(router, state, showdown_server::RouteTable::default());
    let r = send(app, Request::get("/boom").body(Body::empty()).unwrap()).await;
    assert_problem(&r, 500);
    assert_eq!(r.json()["detail"], "internal error", "no internals leak");
}

#[tokio::test]
async fn health_and_readiness_answer_while_every_api_slot_is_taken() {
    let state = AppState::new(AppConfig {
        concurrency_limit: 1,
        ..AppConfig::default()
    });
    let _held = state.limiter.clone().try_acquire_owned().unwrap();
    let app = app(state);
    for path in ["/healthz", "/readyz", "/metrics"] {
        let r = send(app.clone(), Request::get(path).body(Body::empty()).unwrap()).await;
        assert_eq!(r.status, StatusCode::OK, "{path}");
    }
}

#[tokio::test]
async fn status_503_is_shed_at_once_with_retry_after() {
    let state = AppState::new(AppConfig {
        concurrency_limit: 1,
        request_timeout: std::time::Duration::from_secs(30),
        ..AppConfig::default()
    });
    let _held = state.limiter.clone().try_acquire_owned().unwrap();
    let start = std::time::Instant::now();
    let r = post_json(app(state), "/v1/settle", &api_example()).await;
    assert_problem(&r, 503);
    assert_eq!(r.headers[header::RETRY_AFTER], "1");
    assert!(
        start.elapsed() < std::time::Duration::from_secs(5),
        "shed, not queued: {:?}",
        start.elapsed()
    );
    // The body was read before the slot was asked for: the connection lives.
    assert!(r.headers.get(header::CONNECTION).is_none());
}

#[tokio::test]
async fn status_413_at_once_for_a_declared_length_over_the_limit() {
    // The body never comes: only the declared length can answer in time.
    let stream = futures_util::stream::pending::<Result<axum::body::Bytes, std::io::Error>>();
    let req = Request::post("/v1/settle")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_LENGTH, "2000000")
        .body(Body::from_stream(stream))
        .unwrap();
    let r = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        send(app(AppState::default()), req),
    )
    .await
    .expect("answered before the body");
    assert_problem(&r, 413);
    assert_eq!(r.headers[header::CONNECTION], "close");
}

#[tokio::test]
async fn early_answers_on_an_unread_body_close_the_connection() {
    let body = || Body::from(vec![b'x'; 60_000]);
    let cases = [
        (Request::post("/nope").body(body()).unwrap(), 404),
        (Request::post("/healthz").body(body()).unwrap(), 405),
        (
            Request::post("/v1/equity")
                .header(header::CONTENT_TYPE, "application/json")
                .header(header::CONTENT_LENGTH, "70000")
                .body(Body::from(vec![b' '; 70_000]))
                .unwrap(),
            413,
        ),
    ];
    for (req, status) in cases {
        let r = send(app(AppState::default()), req).await;
        assert_problem(&r, status);
        assert_eq!(r.headers[header::CONNECTION], "close", "{status}");
    }
    // A refusal after the body was read keeps the connection.
    let req = Request::post("/v1/settle")
        .header(header::CONTENT_TYPE, "text/plain")
        .body(body())
        .unwrap();
    let r = send(app(AppState::default()), req).await;
    assert_problem(&r, 415);
    assert!(r.headers.get(header::CONNECTION).is_none());
}

#[tokio::test]
async fn root_points_to_the_docs() {
    let r = get("/").await;
    assert_eq!(r.status, StatusCode::OK);
    assert_eq!(r.json()["docs"], "/docs");
}

/// The API.md example with `f` applied to it.
pub(crate) fn with(f: impl FnOnce(&mut Value)) -> Value {
    let mut b = api_example();
    f(&mut b);
    b
}
