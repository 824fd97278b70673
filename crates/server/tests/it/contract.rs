//! The contract's rules for every route (issue 37): requests are JSON
//! objects all the way down, `null` is an absent optional field, values
//! outside a closed set are refused by one rule with a hint, and the
//! messages say what is wrong in a client's words.

use crate::common::*;
use axum::body::Body;
use axum::http::{header, Request};
use serde_json::{json, Value};

/// A golden request of `dir` (a folder of tests/) by name.
fn request(dir: &str, name: &str) -> Value {
    let path = format!(
        "{}/../../tests/{dir}/{name}.request.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_slice(&std::fs::read(path).expect("golden request")).expect("JSON")
}

fn chip_race() -> Value {
    json!({"removedDenomination": 5, "colorUpTo": 25, "seed": 7, "players": [
        {"id": "a", "seat": 1, "leftoverChips": 4, "otherChips": 1000},
        {"id": "b", "seat": 2, "leftoverChips": 3, "otherChips": 500}
    ]})
}

fn draw() -> Value {
    json!({"purpose": "button", "dealerSeat": 1, "players": [
        {"id": "a", "seat": 1, "card": "Kh"}, {"id": "b", "seat": 2, "card": "9c"}
    ]})
}

/// A valid request of every route, and a pointer to an object inside it.
fn every_route() -> Vec<(&'static str, Value, &'static str)> {
    vec![
        ("/v1/settle", api_example(), "/players/1"),
        (
            "/v1/equity",
            request("golden-equity", "api-md-example"),
            "/players/0",
        ),
        ("/v1/chip-race", chip_race(), "/players/1"),
        ("/v1/draw", draw(), "/players/0"),
        (
            "/v1/tables",
            request("golden-tables", "rules-13-2-big-blind-goes-round-the-table"),
            "/tables/0",
        ),
        (
            "/v1/prizes",
            request("golden-prizes", "api-md-example"),
            "/players/0",
        ),
        (
            "/v1/deals",
            request("golden-deals", "rules-14-4-icm-three-players"),
            "/players/0",
        ),
    ]
}

async fn post(path: &str, body: &Value) -> Reply {
    post_json(
        showdown_server::app(showdown_server::AppState::default()),
        path,
        body,
    )
    .await
}

/// Sends `body` as it is, JSON or not.
async fn post_raw(path: &str, body: impl Into<String>) -> Reply {
    let req = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.into()))
        .unwrap();
    send(
        showdown_server::app(showdown_server::AppState::default()),
        req,
    )
    .await
}

/// The object at `pointer` written as a list of its values, as serde's
/// positional form would read it.
fn as_list(body: &mut Value, pointer: &str) {
    let target = body.pointer_mut(pointer).expect("pointer in the request");
    let values: Vec<Value> = target
        .as_object()
        .expect("an object")
        .values()
        .cloned()
        .collect();
    *target = Value::Array(values);
}

const LIST: &str = "expected an object, got a list: fields are given by name, never by position";

#[tokio::test]
async fn every_valid_example_is_answered_200() {
    for (path, body, _) in every_route() {
        let r = post(path, &body).await;
        assert_eq!(
            r.status,
            200,
            "{path}: {}",
            String::from_utf8_lossy(&r.body)
        );
    }
}

#[tokio::test]
async fn a_request_written_as_a_list_is_a_400_at_the_root_on_every_route() {
    for (path, body, _) in every_route() {
        for list in [
            json!([]),
            body.as_object().unwrap().values().cloned().collect(),
        ] {
            let r = post(path, &list).await;
            assert_problem(&r, 400);
            assert_eq!(r.errors(), [(String::new(), LIST.to_string())], "{path}");
        }
    }
}

#[tokio::test]
async fn a_nested_object_written_as_a_list_is_a_400_at_its_pointer_on_every_route() {
    for (path, mut body, pointer) in every_route() {
        as_list(&mut body, pointer);
        let r = post(path, &body).await;
        assert_problem(&r, 400);
        assert_eq!(
            r.errors(),
            [(pointer.to_string(), LIST.to_string())],
            "{path}"
        );
        assert!(
            r.json()["detail"].as_str().unwrap().ends_with(LIST),
            "{path}"
        );
    }
}

#[tokio::test]
async fn the_settle_hand_of_the_issue_written_positionally_is_refused() {
    let body = json!([
        "g1",
        5,
        "holdem",
        "tda",
        1,
        1,
        ["Ah", "Kh", "9h", "7h", "2h"],
        0,
        [
            ["a", null, 1, 1000, 300, 0, false, ["3c", "4d"], null],
            ["b", null, 2, 1000, 300, 0, false, ["5s", "6d"], null]
        ]
    ]);
    let r = post("/v1/settle", &body).await;
    assert_problem(&r, 400);
    assert_eq!(r.errors()[0], (String::new(), LIST.to_string()));
}

#[tokio::test]
async fn null_is_absent_for_folded_and_explain() {
    let mut body = api_example();
    body["explain"] = Value::Null;
    body["players"][0]["folded"] = Value::Null;
    let r = settle(&body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let plain = settle(&api_example()).await;
    assert_eq!(r.body, plain.body, "null answers as absent");
}

/// Every optional field of a settle request that the example leaves out,
/// given as null, answers as the example.
#[tokio::test]
async fn null_is_absent_for_every_optional_settle_field() {
    let base = api_example();
    let mut body = base.clone();
    for field in [
        "gameId",
        "handNumber",
        "rules",
        "chipUnit",
        "deadMoney",
        "buttonSeat",
        "rake",
        "jackpot",
        "badBeat",
        "boards",
        "explain",
        "cashOuts",
        "tournament",
    ] {
        if base.get(field).is_none() {
            body[field] = Value::Null;
        }
    }
    for p in body["players"].as_array_mut().unwrap() {
        for field in ["name", "dead", "folded", "bounty"] {
            if p.get(field).is_none() {
                p[field] = Value::Null;
            }
        }
    }
    assert_ne!(body, base, "some field is null");
    let r = settle(&body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.body, settle(&base).await.body);
}

/// The problem's only error: (pointer, message).
fn only_error(r: &Reply) -> (String, String) {
    let errors = r.errors();
    assert_eq!(errors.len(), 1, "{}", r.json());
    errors[0].clone()
}

#[tokio::test]
async fn a_stack_past_the_64_bit_range_is_too_large_not_a_fraction() {
    let text =
        api_example()
            .to_string()
            .replacen("\"stack\":1000", "\"stack\":18446744073709551616", 1);
    let r = post_raw("/v1/settle", text).await;
    assert_problem(&r, 400);
    let (pointer, message) = only_error(&r);
    assert_eq!(pointer, "/players/0/stack");
    assert!(message.ends_with(": too large"), "{message}");
    assert!(!message.contains("fraction"), "{message}");
}

#[tokio::test]
async fn bounty_money_and_basis_points_are_not_called_chips() {
    let mut tournament = golden_request("rules-12-2a-chopped-bounty-2501-odd-unit-left-of-button");
    tournament["players"][0]["bounty"] = json!(2.5);
    let mut raked = api_example();
    raked["rake"] = json!({"percentBp": 2.5});
    for (body, pointer) in [
        (tournament, "/players/0/bounty"),
        (raked, "/rake/percentBp"),
    ] {
        let r = settle(&body).await;
        assert_problem(&r, 400);
        let (at, message) = only_error(&r);
        assert_eq!(at, pointer);
        assert_eq!(
            message,
            "expected a whole number, 0 or more, got 2.5 (whole numbers only: no fractions)"
        );
    }
}

#[tokio::test]
async fn a_raked_tournament_hand_is_refused_in_plain_grammar() {
    let mut body = golden_request("rules-12-2a-chopped-bounty-2501-odd-unit-left-of-button");
    body["rake"] = json!({"percentBp": 500});
    let r = settle(&body).await;
    assert_problem(&r, 422);
    assert_eq!(
        only_error(&r),
        (
            "/rake".to_string(),
            "a tournament hand has no rake: leave it out, or leave out tournament".to_string()
        )
    );
}

#[tokio::test]
async fn one_board_card_in_a_game_without_a_board_is_one_card() {
    let mut body = golden_request("variant-stud");
    body["board"] = json!(["2c"]);
    let r = settle(&body).await;
    assert_problem(&r, 422);
    let (pointer, message) = only_error(&r);
    assert_eq!(pointer, "/board");
    assert!(message.ends_with("has no board, got 1 card"), "{message}");
}

#[tokio::test]
async fn a_field_given_twice_points_at_the_field() {
    let text = r#"{"variant":"holdem","players":[
        {"id":"a","seat":1,"stack":5,"stack":6,"committed":1},
        {"id":"b","seat":2,"stack":5,"committed":1}]}"#;
    let r = post_raw("/v1/settle", text).await;
    assert_problem(&r, 400);
    assert_eq!(
        only_error(&r),
        (
            "/players/0/stack".to_string(),
            "the field \"stack\" is given twice".to_string()
        )
    );
}

#[tokio::test]
async fn an_empty_body_is_called_empty_on_every_route() {
    for (path, _, _) in every_route() {
        for body in ["", "  \n"] {
            let r = post_raw(path, body).await;
            assert_problem(&r, 400);
            assert_eq!(
                r.json()["detail"],
                "the body is empty: send the request as a JSON object",
                "{path}"
            );
        }
    }
}

/// Sends `body` to `path` and returns its only error, asserting a 422.
async fn refused_422(path: &str, body: &Value) -> (String, String) {
    let r = post(path, body).await;
    assert_problem(&r, 422);
    only_error(&r)
}

#[tokio::test]
async fn a_variant_outside_the_set_is_a_422_with_a_hint() {
    for (variant, hint) in [
        ("Holdem", "did you mean \"holdem\"?"),
        ("texas-holdem", "did you mean \"holdem\"?"),
        ("omaha-hilo", "did you mean \"omaha-hi-lo\"?"),
        ("plo", "use one of \"holdem\", \"short-deck\""),
    ] {
        let mut body = api_example();
        body["variant"] = json!(variant);
        let (pointer, message) = refused_422("/v1/settle", &body).await;
        assert_eq!(pointer, "/variant");
        assert!(
            message.starts_with(&format!("unknown variant {variant:?}: {hint}")),
            "{message}"
        );
        let mut body = request("golden-equity", "api-md-example");
        body["variant"] = json!(variant);
        let (pointer, message) = refused_422("/v1/equity", &body).await;
        assert_eq!(pointer, "/variant");
        assert!(message.contains(hint), "{message}");
    }
}

#[tokio::test]
async fn every_closed_set_field_refuses_with_a_422_and_a_hint() {
    let mut rules = golden_request("variant-stud");
    rules["rules"] = json!("Roberts");
    let mut rounding = api_example();
    rounding["rake"] = json!({"percentBp": 500, "rounding": "halfeven"});
    let mut attribution = api_example();
    attribution["rake"] = json!({"percentBp": 500, "attribution": "everyone"});
    let mut card = api_example();
    card["players"][0]["cards"][0] = json!("10c");
    let mut convention = chip_race();
    convention["convention"] = json!("TDA");
    let mut button_rule = request("golden-tables", "rules-13-2-big-blind-goes-round-the-table");
    button_rule["buttonRule"] = json!("moving");
    for (path, body, pointer, message) in [
        ("/v1/settle", rules, "/rules", "unknown rules \"Roberts\": did you mean \"roberts\"?"),
        ("/v1/settle", rounding, "/rake/rounding", "unknown rounding \"halfeven\": did you mean \"halfEven\"?"),
        ("/v1/settle", attribution, "/rake/attribution",
            "unknown attribution \"everyone\": use one of \"weightedContributed\", \"contributed\", \"dealt\""),
        ("/v1/settle", card, "/players/0/cards/0",
            "malformed card \"10c\": a card is two characters, rank then suit (e.g. \"Ah\"), got \"10c\"; did you mean \"Tc\"?"),
        ("/v1/chip-race", convention, "/convention", "unknown convention \"TDA\": did you mean \"tda\"?"),
        ("/v1/tables", button_rule, "/buttonRule", "unknown buttonRule \"moving\": use \"dead\" or \"forward\""),
    ] {
        assert_eq!(
            refused_422(path, &body).await,
            (pointer.to_string(), message.to_string()),
            "{path}"
        );
    }
}
