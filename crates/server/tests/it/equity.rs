//! `POST /v1/equity` over HTTP (API.md; RULES.md §10.1–10.4): the API.md
//! example, worked example 10.1, every refusal as a 422 with its pointer,
//! and the compute pool's 503.

use crate::common;

use common::{assert_problem, fill_compute_pool, post_json};
use serde_json::{json, Value};

async fn equity(body: &Value) -> common::Reply {
    post_json(
        showdown_server::app(showdown_server::AppState::default()),
        "/v1/equity",
        body,
    )
    .await
}

fn api_md() -> Value {
    json!({"variant": "holdem", "board": ["Qh", "7h", "2c"], "dead": [],
           "players": [{"id": "a", "cards": ["Ah", "Kh"]}, {"id": "b", "cards": ["Qs", "Qd"]}]})
}

/// API.md's example answer, to the byte's meaning.
#[tokio::test]
async fn api_md_example_answers_as_documented() {
    let r = equity(&api_md()).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(
        r.json(),
        json!({"variant": "holdem", "runouts": 990, "players": [
            {"id": "a", "equity": {"numerator": 23, "denominator": 90}, "percent": "25.5556", "wins": 253, "ties": 0},
            {"id": "b", "equity": {"numerator": 67, "denominator": 90}, "percent": "74.4444", "wins": 737, "ties": 0}]})
    );
}

/// Worked example 10.1 before the flop: 1,712,304 runouts, A 197833/428076.
#[tokio::test]
async fn worked_example_10_1_preflop_aks_against_queens() {
    let mut body = api_md();
    body["board"] = json!([]);
    let r = equity(&body).await;
    assert_eq!(r.status, 200);
    let j = r.json();
    assert_eq!(j["runouts"], json!(1_712_304));
    assert_eq!(
        j["players"][0]["equity"],
        json!({"numerator": 197_833, "denominator": 428_076})
    );
    assert_eq!(j["players"][0]["percent"], json!("46.2145"));
}

/// API.md: cards twice, a wrong count, a board of 1, 2 or 5 cards, a game
/// outside §10.1, too many players: 422 with pointers, all at once.
#[tokio::test]
async fn status_422_every_problem_with_its_pointer() {
    let mut body = api_md();
    body["board"] = json!(["Qh", "7h"]);
    body["dead"] = json!(["Ah"]);
    body["players"][1]["cards"] = json!(["Qs", "Qd", "Qc"]);
    let r = equity(&body).await;
    assert_problem(&r, 422);
    assert_eq!(r.pointers(), ["/board", "/players/1/cards", "/dead/0"]);

    for n in [1, 2, 5] {
        let mut body = api_md();
        body["board"] = json!(["2s", "3s", "4s", "5s", "6s"][..n]);
        assert_eq!(equity(&body).await.pointers(), ["/board"], "{n}");
    }

    let mut body = api_md();
    body["variant"] = json!("razz");
    assert_eq!(equity(&body).await.pointers(), ["/variant"]);

    let mut body = api_md();
    body["players"] = json!([{"id": "a", "cards": ["Ah", "Kh"]}]);
    assert_eq!(equity(&body).await.pointers(), ["/players"]);

    // Nine Omaha-6 hands need 54 cards: the deck runs out.
    let deck: Vec<String> = "23456789TJQKA"
        .chars()
        .flat_map(|r| "shdc".chars().map(move |s| format!("{r}{s}")))
        .collect();
    let players: Vec<Value> = (0..8)
        .map(|i| json!({"id": format!("p{i}"), "cards": deck[i * 6..i * 6 + 6]}))
        .collect();
    let r = equity(&json!({"variant": "omaha-6", "players": players})).await;
    assert_eq!(r.pointers(), ["/players"], "{}", r.json());
}

/// A short-deck card below six is not in the deck.
#[tokio::test]
async fn status_422_short_deck_card_below_six() {
    let mut body = api_md();
    body["variant"] = json!("short-deck");
    body["board"] = json!(["Qh", "7h", "6c"]);
    body["players"][0]["cards"] = json!(["Ah", "2h"]);
    assert_eq!(equity(&body).await.pointers(), ["/players/0/cards/1"]);
}

/// With every enumeration slot taken the route refuses at once.
#[tokio::test]
async fn status_503_with_retry_after_when_the_pool_is_full() {
    let state = showdown_server::AppState::default();
    let held = fill_compute_pool(&state);
    let app = showdown_server::app(state);
    let r = post_json(app.clone(), "/v1/equity", &api_md()).await;
    assert_problem(&r, 503);
    assert_eq!(r.headers.get("retry-after").unwrap(), "1");
    drop(held);
    assert_eq!(post_json(app, "/v1/equity", &api_md()).await.status, 200);
}

/// A heads-up spot before the flop is a table look-up answered without the
/// pool: with every slot taken it still answers, the same as when the pool
/// is free, while a flop spot of the same hands is refused.
#[tokio::test]
async fn heads_up_preflop_answers_with_the_pool_full() {
    let mut preflop = api_md();
    preflop["board"] = json!([]);
    let free = equity(&preflop).await;
    assert_eq!(free.status, 200, "{}", String::from_utf8_lossy(&free.body));
    let state = showdown_server::AppState::default();
    let held = fill_compute_pool(&state);
    let app = showdown_server::app(state);
    let r = post_json(app.clone(), "/v1/equity", &preflop).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json(), free.json());
    assert_eq!(r.json()["runouts"], 1_712_304);
    assert_problem(&post_json(app, "/v1/equity", &api_md()).await, 503);
    drop(held);
}

fn golden_cases() -> Vec<(String, std::path::PathBuf, std::path::PathBuf)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden-equity");
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let p = e.unwrap().path();
            let name = p
                .file_name()?
                .to_str()?
                .strip_suffix(".request.json")?
                .to_string();
            let answer = dir.join(format!("{name}.response.json"));
            Some((name, p, answer))
        })
        .collect();
    out.sort();
    out
}

/// tests/golden-equity: each request answers its file over HTTP, and
/// `showdown equity` prints its bytes (the same pipeline).
#[tokio::test]
async fn every_equity_golden_answer_matches() {
    let cases = golden_cases();
    assert!(cases.len() >= 8, "{}", cases.len());
    for (name, request, answer) in cases {
        let body: Value = serde_json::from_slice(&std::fs::read(&request).unwrap()).unwrap();
        let want: Value = serde_json::from_slice(&std::fs::read(&answer).unwrap()).unwrap();
        let r = equity(&body).await;
        assert_eq!(r.status, 200, "{name}");
        assert_eq!(r.json(), want, "{name}");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_showdown"))
            .arg("equity")
            .arg(&request)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}");
        assert_eq!(out.stdout, std::fs::read(&answer).unwrap(), "{name}");
    }
}

/// RULES.md §10.4: the equities of a pot add up to one, on every golden.
#[test]
fn rules_10_4_equities_of_a_pot_add_up_to_one() {
    for (name, _, answer) in golden_cases() {
        let a: Value = serde_json::from_slice(&std::fs::read(&answer).unwrap()).unwrap();
        // Σ n_i / d_i = 1, over a common denominator in u128.
        let (mut num, mut den) = (0u128, 1u128);
        for p in a["players"].as_array().unwrap() {
            let n = u128::from(p["equity"]["numerator"].as_u64().unwrap());
            let d = u128::from(p["equity"]["denominator"].as_u64().unwrap());
            num = num * d + n * den;
            den *= d;
            let g = gcd(num, den);
            (num, den) = (num / g, den / g);
        }
        assert_eq!((num, den), (1, 1), "{name}");
    }
}

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}
