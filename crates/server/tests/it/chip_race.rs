//! `POST /v1/chip-race` and `POST /v1/draw` through the real router.

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use serde_json::{json, Value};
use showdown_server::{app, AppState};
use tower::ServiceExt;

async fn post(path: &str, body: Value) -> (StatusCode, String, Value) {
    let req = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let res = app(AppState::default()).oneshot(req).await.unwrap();
    let status = res.status();
    let ct = res
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let bytes = to_bytes(res.into_body(), 1 << 20).await.unwrap();
    (status, ct, serde_json::from_slice(&bytes).unwrap())
}

fn pointers(problem: &Value) -> Vec<&str> {
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["pointer"].as_str().unwrap())
        .collect()
}

/// The chip-race guide's worked numbers over HTTP: 15 leftover $5 chips among six
/// players make three $25 chips, to the three highest single cards.
#[tokio::test]
async fn chip_race_guide_fifteen_5_chips_among_six_color_up_to_three_25s() {
    let body = json!({
        "removedDenomination": 5, "colorUpTo": 25,
        "convention": "standard", "smallBlindSeat": 4,
        "players": [
            {"id": "f", "seat": 6, "leftoverChips": 1, "otherChips": 300, "cards": ["Th"]},
            {"id": "a", "seat": 1, "leftoverChips": 4, "otherChips": 1000, "cards": ["2c", "7d", "Jh", "3s"]},
            {"id": "b", "seat": 2, "leftoverChips": 3, "otherChips": 500, "cards": ["Ad", "4c", "9s"]},
            {"id": "c", "seat": 3, "leftoverChips": 2, "otherChips": 750, "cards": ["Kc", "Qs"]},
            {"id": "d", "seat": 4, "leftoverChips": 2, "otherChips": 250, "cards": ["5h", "6h"]},
            {"id": "e", "seat": 5, "leftoverChips": 3, "otherChips": 1500, "cards": ["Kh", "8c", "2d"]}
        ]
    });
    let (status, _, r) = post("/v1/chip-race", body).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["valueRemoved"], 75);
    assert_eq!(r["coloredUpChips"], 3);
    assert_eq!(r["dealOrder"], json!(["d", "e", "f", "a", "b", "c"]));
    let awarded: Vec<&str> = r["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["id"].as_str().unwrap())
        .collect();
    assert_eq!(awarded, vec!["b", "e", "c"]);
    assert_eq!(r["players"][0]["id"], "a", "players come back by seat");
    assert_eq!(r["finalChipStacks"]["b"], 525);
    assert_eq!(r["finalChipStacks"]["a"], 1000);
}

/// TDA 23: nobody is raced out; a seeded deal is echoed and replays as an
/// audit with the same outcome.
#[tokio::test]
async fn tda_23_nobody_is_raced_out_and_a_seeded_race_replays() {
    let players = json!([
        {"id": "a", "seat": 1, "leftoverChips": 2, "otherChips": 100},
        {"id": "b", "seat": 2, "leftoverChips": 2, "otherChips": 0},
        {"id": "c", "seat": 3, "leftoverChips": 3, "otherChips": 0}
    ]);
    let body = json!({"removedDenomination": 25, "colorUpTo": 100, "seed": 99, "players": players});
    let (status, _, r) = post("/v1/chip-race", body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["seed"], 99);
    assert_eq!(r["convention"], "tda");
    assert_eq!(r["coloredUpChips"], 2); // 7 x 25 = 175: one chip + 75 > 50
    for p in r["players"].as_array().unwrap() {
        if p["racedOut"] == true {
            assert_ne!(p["chipsAfter"], 0, "{p}");
        }
    }
    assert_eq!(
        post("/v1/chip-race", body).await.2,
        r,
        "same seed, same bytes"
    );

    let mut audit = json!({"removedDenomination": 25, "colorUpTo": 100, "players": players});
    for (k, p) in r["players"].as_array().unwrap().iter().enumerate() {
        audit["players"][k]["cards"] = p["cards"].clone();
    }
    let (status, _, replay) = post("/v1/chip-race", audit).await;
    assert_eq!(status, StatusCode::OK, "{replay}");
    assert_eq!(replay["awards"], r["awards"]);
    assert_eq!(replay["finalChipStacks"], r["finalChipStacks"]);
}

/// Every problem at once, each with a JSON Pointer, as problem+json.
#[tokio::test]
async fn chip_race_problems_are_422_with_pointers() {
    let body = json!({
        "removedDenomination": 25, "colorUpTo": 60, "convention": "standard",
        "players": [
            {"id": "a", "seat": 1, "leftoverChips": 1, "otherChips": 0, "cards": ["Zz"]},
            {"id": "a", "seat": 1, "leftoverChips": 1, "otherChips": 0}
        ]
    });
    let (status, ct, p) = post("/v1/chip-race", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(ct, "application/problem+json");
    assert_eq!(p["type"], "urn:showdown:problem:invalid-request");
    assert_eq!(p["title"], "Unprocessable chip race", "not a hand");
    assert!(p["detail"]
        .as_str()
        .unwrap()
        .starts_with("the chip race is impossible: "));
    let ptrs = pointers(&p);
    for want in [
        "/colorUpTo",
        "/smallBlindSeat",
        "/players/1/id",
        "/players/1/seat",
        "/players/0/cards/0",
    ] {
        assert!(ptrs.contains(&want), "{want} missing in {ptrs:?}");
    }
}

#[tokio::test]
async fn chip_race_card_counts_duplicates_and_the_one_deck_limit() {
    let body = json!({
        "removedDenomination": 5, "colorUpTo": 25,
        "players": [
            {"id": "a", "seat": 1, "leftoverChips": 7, "otherChips": 0, "cards": ["As"]},
            {"id": "b", "seat": 2, "leftoverChips": 1, "otherChips": 0, "cards": ["As"]},
            {"id": "c", "seat": 3, "leftoverChips": 1, "otherChips": 0}
        ]
    });
    let (status, _, p) = post("/v1/chip-race", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        pointers(&p),
        vec!["/players/0/cards", "/players/2/cards", "/players/1/cards/0"]
    );

    let players: Vec<Value> = (1..=7)
        .map(|s| json!({"id": format!("p{s}"), "seat": s, "leftoverChips": 9, "otherChips": 5000}))
        .collect();
    let body =
        json!({"removedDenomination": 100, "colorUpTo": 1000, "seed": 1, "players": players});
    let (status, _, p) = post("/v1/chip-race", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(pointers(&p), vec!["/players"]);
    assert!(p["errors"][0]["message"]
        .as_str()
        .unwrap()
        .contains("63 cards"));
}

#[tokio::test]
async fn chip_race_unknown_field_is_400() {
    let body = json!({"removedDenomination": 5, "colorUpTo": 25, "players": [], "colour": 1});
    let (status, ct, _) = post("/v1/chip-race", body).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(ct, "application/problem+json");
}

/// Robert's 3.7.1–3.7.2 over HTTP: dealt from the first seat left of the
/// dealer, the highest card wins by rank then suit.
#[tokio::test]
async fn roberts_3_7_2_draw_for_the_button() {
    let body = json!({
        "purpose": "button", "dealerSeat": 4,
        "players": [
            {"id": "b", "seat": 4, "card": "Ks"},
            {"id": "a", "seat": 1, "card": "Kh"},
            {"id": "c", "seat": 6, "card": "9c"}
        ]
    });
    let (status, _, r) = post("/v1/draw", body).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["dealOrder"], json!(["c", "a", "b"]));
    assert_eq!(r["winnerId"], "b");
    assert_eq!(r["winningCard"], "Ks");
    assert_eq!(r["players"][0]["place"], 2);
    assert_eq!(r["purpose"], "button");
}

#[tokio::test]
async fn draw_from_a_seed_is_echoed_and_reproducible() {
    let body = json!({"seed": 7, "players": [{"id": "a", "seat": 2}, {"id": "b", "seat": 5}]});
    let (status, _, r) = post("/v1/draw", body.clone()).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["seed"], 7);
    assert_eq!(post("/v1/draw", body).await.2, r);
}

#[tokio::test]
async fn draw_problems_are_422_with_pointers() {
    let body = json!({
        "dealerSeat": 0, "seed": 9007199254740992u64,
        "players": [{"id": "a", "seat": 1, "card": "As"}]
    });
    let (status, ct, p) = post("/v1/draw", body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(ct, "application/problem+json");
    assert_eq!(p["type"], "urn:showdown:problem:invalid-request");
    assert_eq!(p["title"], "Unprocessable draw");
    assert_eq!(p["detail"], "the draw is impossible: 4 problems");
    assert_eq!(
        pointers(&p),
        vec!["/players", "/dealerSeat", "/seed", "/players/0/card"]
    );
}

#[tokio::test]
async fn both_routes_are_in_the_openapi_document_with_examples() {
    let doc = serde_json::to_value(showdown_server::openapi()).unwrap();
    for path in ["/v1/chip-race", "/v1/draw"] {
        assert!(doc["paths"][path]["post"].is_object(), "{path} missing");
    }
    for schema in [
        "ChipRaceRequest",
        "ChipRaceResponse",
        "DrawRequest",
        "DrawResponse",
    ] {
        let s = &doc["components"]["schemas"][schema];
        assert!(
            !s["examples"].is_null() || !s["example"].is_null(),
            "{schema} has no example: {s}"
        );
    }
}

fn schema_example(doc: &Value, name: &str) -> Value {
    let s = &doc["components"]["schemas"][name];
    match &s["examples"] {
        Value::Array(list) => list[0].clone(),
        Value::Null => s["example"].clone(),
        other => other.clone(),
    }
}

/// The chip race's examples are real: the request example is an audit
/// (the cards dealt given), and the answer example is its TDA race
/// (`docs_examples` pairs every route's examples the same way); the
/// seeded race of the chip-race guide, 15 $5 chips, colors up to 3.
#[tokio::test]
async fn chip_race_examples_are_what_the_service_answers() {
    let doc = serde_json::to_value(showdown_server::openapi()).unwrap();
    let (status, _, r) = post("/v1/chip-race", schema_example(&doc, "ChipRaceRequest")).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r, schema_example(&doc, "ChipRaceResponse"));

    let seeded = json!({
        "removedDenomination": 5, "colorUpTo": 25, "convention": "standard",
        "smallBlindSeat": 3, "seed": 20260522,
        "players": [
            {"id": "agent-a", "seat": 1, "leftoverChips": 4, "otherChips": 1000},
            {"id": "agent-b", "seat": 2, "leftoverChips": 3, "otherChips": 500},
            {"id": "agent-c", "seat": 3, "leftoverChips": 2, "otherChips": 750},
            {"id": "agent-d", "seat": 4, "leftoverChips": 2, "otherChips": 250},
            {"id": "agent-e", "seat": 5, "leftoverChips": 3, "otherChips": 1500},
            {"id": "agent-f", "seat": 6, "leftoverChips": 1, "otherChips": 0}
        ]
    });
    let (status, _, r) = post("/v1/chip-race", seeded).await;
    assert_eq!(status, StatusCode::OK, "{r}");
    assert_eq!(r["coloredUpChips"], 3, "15 $5 chips make 3 $25 chips");
    assert_eq!(r["seed"], 20260522);
}
