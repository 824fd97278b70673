//! RULES.md §13 over HTTP: `POST /v1/tables` and `nextHand` in a settle
//! answer. Each worked example 13.1-13.9 and each rule 13.1-13.8 is a test
//! named after it. The tables route's golden files are
//! `tests/golden-tables/<name>.{request,response}.json` (the answer as
//! `showdown tables FILE` prints it); the settle route's are in
//! `tests/golden` (`explain-rules-13-*`, also compared by `golden.rs`).
//! Besides the byte-for-byte comparison every test asserts the seats it is
//! about, worked out by hand from the rules.

use crate::common::{self, post_json, settle, Reply};
use serde_json::{json, Value};
use showdown_contract::settle::HandCompleteEvent;
use showdown_contract::tables::TablesResponse;
use std::path::PathBuf;

fn app() -> axum::Router {
    showdown_server::app(showdown_server::AppState::default())
}

pub(crate) async fn tables(body: &Value) -> Reply {
    post_json(app(), "/v1/tables", body).await
}

pub(crate) fn dir(which: &str) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests")).join(which)
}

/// Posts a golden request of `which` to `path`, compares the answer with
/// its golden response byte for byte (pretty, with a trailing newline)
/// and returns it.
pub(crate) async fn golden_at<T: serde::de::DeserializeOwned + serde::Serialize>(
    which: &str,
    path: &str,
    name: &str,
) -> Value {
    let read = |ext: &str| {
        std::fs::read_to_string(dir(which).join(format!("{name}.{ext}.json")))
            .unwrap_or_else(|e| panic!("{name}.{ext}.json: {e}"))
    };
    let body: Value = serde_json::from_str(&read("request")).unwrap();
    let r = post_json(app(), path, &body).await;
    assert_eq!(
        r.status,
        200,
        "{name}: {}",
        String::from_utf8_lossy(&r.body)
    );
    // Read back into the answer's own type, which keeps the field order.
    let typed: T = serde_json::from_slice(&r.body).unwrap();
    assert_eq!(
        serde_json::to_vec(&typed).unwrap(),
        r.body,
        "{name}: round trip"
    );
    let pretty = serde_json::to_string_pretty(&typed).unwrap() + "\n";
    let answer = r.json();
    assert_eq!(pretty, read("response"), "{name}: the golden response");
    answer
}

pub(crate) async fn golden(name: &str) -> Value {
    golden_at::<TablesResponse>("golden-tables", "/v1/tables", name).await
}

/// (button, small blind, big blind) of table `t`'s next hand.
pub(crate) fn seats(answer: &Value, t: usize) -> (u64, u64, u64) {
    let n = &answer["tables"][t]["nextHand"];
    let seat = |k: &str| n[k].as_u64().unwrap_or_else(|| panic!("{k} in {n}"));
    (
        seat("buttonSeat"),
        seat("smallBlindSeat"),
        seat("bigBlindSeat"),
    )
}

fn flag(answer: &Value, t: usize, k: &str) -> bool {
    answer["tables"][t]["nextHand"][k].as_bool().unwrap()
}

pub(crate) fn moves(answer: &Value) -> Vec<(String, u64, String, u64)> {
    answer["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["agentId"].as_str().unwrap().to_string(),
                m["fromSeat"].as_u64().unwrap(),
                m["toTable"].as_str().unwrap().to_string(),
                m["toSeat"].as_u64().unwrap(),
            )
        })
        .collect()
}

pub(crate) fn counts(answer: &Value) -> Vec<u64> {
    answer["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["players"].as_u64().unwrap())
        .collect()
}

#[tokio::test]
async fn worked_13_1_nobody_busts() {
    let a = golden("worked-13-1-nobody-busts").await;
    assert_eq!(seats(&a, 0), (1, 2, 3));
    assert_eq!(a["tables"][0]["nextHand"]["smallBlind"], "s2");
    assert_eq!(a["tables"][0]["nextHand"]["bigBlind"], "s3");
}

#[tokio::test]
async fn worked_13_2_small_blind_busts() {
    let a = golden("worked-13-2-small-blind-busts").await;
    assert_eq!(seats(&a, 0), (1, 2, 3));
    assert!(flag(&a, 0, "buttonDead"));
}

#[tokio::test]
async fn worked_13_3_big_blind_busts() {
    let a = golden("worked-13-3a-big-blind-busts").await;
    assert_eq!(seats(&a, 0), (1, 2, 3));
    assert!(flag(&a, 0, "smallBlindDead"));
    assert!(a["tables"][0]["nextHand"].get("smallBlind").is_none());
    let after = golden("worked-13-3b-the-hand-after").await;
    assert_eq!(seats(&after, 0), (2, 3, 4));
    assert!(flag(&after, 0, "buttonDead"));
}

#[tokio::test]
async fn worked_13_4_both_blinds_bust() {
    let a = golden("worked-13-4-both-blinds-bust").await;
    assert_eq!(seats(&a, 0), (1, 2, 3));
    assert!(flag(&a, 0, "buttonDead") && flag(&a, 0, "smallBlindDead"));
}

#[tokio::test]
async fn worked_13_5_heads_up_from_three() {
    let a = golden("worked-13-5a-heads-up-button-busts").await;
    assert_eq!(seats(&a, 0), (7, 7, 5));
    assert!(flag(&a, 0, "headsUp"));
    let b = golden("worked-13-5b-heads-up-small-blind-busts").await;
    assert_eq!(seats(&b, 0), (7, 7, 2));
}

#[tokio::test]
async fn worked_13_6_seats_that_wait() {
    let a = golden("worked-13-6a-arrivals-in-seats-2-and-3-wait").await;
    assert_eq!(a["tables"][0]["waiting"], json!(["s2", "s3"]));
    assert_eq!(seats(&a, 0), (1, 4, 6));
    let b = golden("worked-13-6b-arrival-in-seat-5-posts-the-big-blind").await;
    assert_eq!(b["tables"][0]["waiting"], json!([]));
    assert_eq!(seats(&b, 0), (1, 4, 5));
    assert_eq!(b["tables"][0]["nextHand"]["bigBlind"], "s5");
}

#[tokio::test]
async fn worked_13_7_balancing() {
    let a = golden("worked-13-7a-nine-and-six").await;
    assert_eq!(a["halted"], json!(["b"]));
    assert_eq!(moves(&a), [("a4".into(), 4, "b".into(), 7)]);
    assert_eq!(counts(&a), [8, 7]);
    let b = golden("worked-13-7b-nine-nine-and-seven").await;
    assert_eq!(b["halted"], json!([]));
    assert_eq!(moves(&b), [("a4".into(), 4, "c".into(), 8)]);
    assert_eq!(counts(&b), [8, 9, 8]);
    let c = golden("worked-13-7c-nine-and-five").await;
    assert_eq!(
        moves(&c),
        [
            ("a4".into(), 4, "b".into(), 6),
            ("a5".into(), 5, "b".into(), 7)
        ]
    );
    assert_eq!(counts(&c), [7, 7]);
}

#[tokio::test]
async fn worked_13_8_breaking() {
    let a = golden("worked-13-8-breaking").await;
    assert_eq!(a["moves"], json!([]));
    assert_eq!(a["breaking"]["table"], "b");
    assert_eq!(a["breaking"]["players"], json!(["b1", "b2", "b3", "b4"]));
    let open: Vec<u64> = a["breaking"]["openSeats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            assert_eq!(s["table"], "a");
            s["seat"].as_u64().unwrap()
        })
        .collect();
    assert_eq!(open, [6, 7, 8, 9]);
}

#[tokio::test]
async fn worked_13_9_forward_button() {
    let a = golden("worked-13-9a-forward-big-blind-busts").await;
    assert_eq!(seats(&a, 0), (1, 3, 4));
    let b = golden("worked-13-9b-forward-small-blind-busts").await;
    assert_eq!(seats(&b, 0), (2, 3, 4));
    let c = golden("worked-13-9c-forward-heads-up-to-six").await;
    assert_eq!(seats(&c, 0), (1, 2, 3));
    assert_eq!(c["tables"][0]["waiting"], json!([]));
    let d = golden("worked-13-9d-dead-heads-up-to-six-all-wait").await;
    assert_eq!(seats(&d, 0), (1, 1, 2));
    assert_eq!(d["tables"][0]["waiting"], json!(["s3", "s4", "s5", "s6"]));
}

#[tokio::test]
async fn rules_13_1_the_table_is_who_keeps_chips() {
    // On the settle route, the players who keep chips after the hand.
    let a = golden_at::<HandCompleteEvent>(
        "golden",
        "/v1/settle",
        "explain-rules-13-3-big-blind-busts-dead-small-blind-next",
    )
    .await;
    let n = &a["data"]["nextHand"];
    assert_eq!(
        (
            n["buttonSeat"].clone(),
            n["smallBlindSeat"].clone(),
            n["bigBlindSeat"].clone()
        ),
        (json!(1), json!(2), json!(3))
    );
    assert_eq!(n["smallBlindDead"], true);
    assert_eq!(n["bigBlind"], "cat");
    let step = a["data"]["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["rule"] == "next-hand")
        .expect("a next-hand step");
    let text = step["text"].as_str().unwrap();
    assert!(
        text.starts_with("Seat 2 (Bob) busted in the big blind"),
        "{text}"
    );
    assert!(text.contains("no small blind this hand"), "{text}");
    // The order of the players never matters.
    let mut req =
        common::golden_request("explain-rules-13-3-big-blind-busts-dead-small-blind-next");
    req["players"].as_array_mut().unwrap().reverse();
    assert_eq!(settle(&req).await.json()["data"]["nextHand"], *n);
}

#[tokio::test]
async fn rules_13_2_dead_button_goes_round_the_table() {
    let a = golden("rules-13-2-big-blind-goes-round-the-table").await;
    assert_eq!(seats(&a, 0), (8, 9, 2));
}

#[tokio::test]
async fn rules_13_3_heads_up() {
    let a = golden("rules-13-3-heads-up-from-four").await;
    assert_eq!(seats(&a, 0), (3, 3, 4));
    let s = golden_at::<HandCompleteEvent>(
        "golden",
        "/v1/settle",
        "explain-rules-13-5-heads-up-from-three-button-busts",
    )
    .await;
    let n = &s["data"]["nextHand"];
    assert_eq!(n["headsUp"], true);
    assert_eq!(
        (n["smallBlind"].clone(), n["bigBlind"].clone()),
        (json!("gus"), json!("eve"))
    );
}

#[tokio::test]
async fn rules_13_4_nobody_waits_when_two_would_not_be_dealt() {
    let a = golden("rules-13-4-nobody-waits-when-two-would-not-be-dealt").await;
    assert_eq!(a["tables"][0]["waiting"], json!([]));
    assert_eq!(seats(&a, 0), (4, 4, 2));
}

#[tokio::test]
async fn rules_13_5_forward_button() {
    let a = golden("rules-13-5-forward-arrivals-wait").await;
    assert_eq!(seats(&a, 0), (2, 5, 6));
    assert_eq!(a["tables"][0]["waiting"], json!(["s3", "s4"]));
    let s = golden_at::<HandCompleteEvent>(
        "golden",
        "/v1/settle",
        "explain-rules-13-9-forward-small-blind-busts",
    )
    .await;
    let n = &s["data"]["nextHand"];
    assert_eq!(
        (n["buttonSeat"].clone(), n["bigBlindSeat"].clone()),
        (json!(2), json!(4))
    );
    assert_eq!(n["buttonDead"], false);
}

#[tokio::test]
async fn rules_13_6_worst_position() {
    let a = golden("rules-13-6-worst-position-is-the-big-blind").await;
    assert_eq!(moves(&a), [("a4".into(), 4, "b".into(), 4)]);
    assert_eq!(seats(&a, 1).2, 4);
    assert_eq!(a["tables"][1]["nextHand"]["bigBlind"], "a4");
}

#[tokio::test]
async fn rules_13_7_tables_without_players_are_left_out() {
    let a = golden("rules-13-7-tables-without-players-are-left-out").await;
    let ids: Vec<&str> = a["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["a", "b"]);
    assert!(a.get("breaking").is_none());
}

fn table(id: &str, seats: u64, players: Value) -> Value {
    json!({"id": id, "seats": seats, "smallBlindSeat": 1, "bigBlindSeat": 2, "players": players})
}

async fn refused(body: &Value, pointers: &[&str]) {
    let r = tables(body).await;
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.pointers(), pointers, "{}", r.json());
}

#[tokio::test]
async fn rules_13_8_tables_refusals_point_at_the_field() {
    let p = |id: &str, seat: u64| json!({"id": id, "seat": seat});
    // Duplicate ids point at the later one; seats off the table or twice.
    let body = json!({"tables": [
        table("t", 9, json!([p("a", 1), p("b", 10), p("c", 1)])),
        table("t", 9, json!([p("a", 2)]))]});
    refused(
        &body,
        &[
            "/tables/0/players/1/seat",
            "/tables/0/players/2/seat",
            "/tables/1/id",
            "/tables/1/players/0/id",
        ],
    )
    .await;
    // The table's size and blinds, the house's settings, the rule.
    let mut bad = table("t", 24, json!([p("a", 1), p("b", 2)]));
    bad["smallBlindSeat"] = json!(0);
    bad["bigBlindSeat"] = json!(0);
    let body =
        json!({"buttonRule": "forwards", "maxDifference": 0, "haltDifference": 0, "tables": [bad]});
    refused(
        &body,
        &[
            "/buttonRule",
            "/maxDifference",
            "/haltDifference",
            "/tables/0/seats",
            "/tables/0/smallBlindSeat",
            "/tables/0/bigBlindSeat",
            "/tables/0/bigBlindSeat",
        ],
    )
    .await;
    // Forward needs each table's button, on the table.
    let mut t2 = table("u", 6, json!([p("b", 2)]));
    t2["buttonSeat"] = json!(7);
    let body = json!({"buttonRule": "forward", "tables": [table("t", 6, json!([p("a", 1)])), t2]});
    refused(&body, &["/tables/0/buttonSeat", "/tables/1/buttonSeat"]).await;
    // No player anywhere; a halt not above the balance.
    let body = json!({"maxDifference": 3, "tables": [table("t", 6, json!([]))]});
    refused(&body, &["/haltDifference", "/tables"]).await;
    // More than 1,000 tables.
    let many: Vec<Value> = (0..1001)
        .map(|i| table(&format!("t{i}"), 2, json!([])))
        .collect();
    let r = tables(&json!({"tables": many})).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.errors()[0].0, "/tables");
    assert!(
        r.errors()[0].1.contains("at most 1000 tables"),
        "{:?}",
        r.errors()
    );
}

#[tokio::test]
async fn rules_13_8_more_than_10000_players_are_refused() {
    let tables_: Vec<Value> = (0..500)
        .map(|i| {
            let players: Vec<Value> = (1..=21)
                .map(|s| json!({"id": format!("p{i}-{s}"), "seat": s}))
                .collect();
            table(&format!("t{i}"), 23, json!(players))
        })
        .collect();
    let r = tables(&json!({"tables": tables_})).await;
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.pointers(), ["/tables"]);
    assert!(r.errors()[0].1.contains("10500"), "{:?}", r.errors());
}

#[tokio::test]
async fn rules_13_8_malformed_or_missing_fields_are_400() {
    for body in [
        json!({"tables": [{"id": "t", "seats": 9, "smallBlindSeat": 1, "players": []}]}),
        json!({"tables": [{"id": "t", "seats": "9", "smallBlindSeat": 1, "bigBlindSeat": 2, "players": []}]}),
        json!({"tables": [{"seats": 9, "smallBlindSeat": 1, "bigBlindSeat": 2, "players": [{"seat": 1}]}]}),
        json!({"tables": [], "extra": 1}),
    ] {
        let r = tables(&body).await;
        assert_eq!(
            r.status,
            400,
            "{body}: {}",
            String::from_utf8_lossy(&r.body)
        );
        assert!(!r.pointers().is_empty());
    }
}

#[tokio::test]
async fn rules_13_8_settle_refusals_point_under_tournament() {
    let base = common::golden_request("explain-rules-13-3-big-blind-busts-dead-small-blind-next");
    let with = |t: Value| {
        let mut b = base.clone();
        b["tournament"] = t;
        b
    };
    common::rejects(
        &with(json!({"smallBlindSeat": 1})),
        &["/tournament/bigBlindSeat"],
    )
    .await;
    common::rejects(
        &with(json!({"bigBlindSeat": 2})),
        &["/tournament/smallBlindSeat"],
    )
    .await;
    common::rejects(
        &with(json!({"buttonRule": "dead"})),
        &["/tournament/buttonRule"],
    )
    .await;
    common::rejects(
        &with(json!({"smallBlindSeat": 2, "bigBlindSeat": 2})),
        &["/tournament/bigBlindSeat"],
    )
    .await;
    // Seat 7 holds nobody; an unknown rule.
    common::rejects(
        &with(json!({"smallBlindSeat": 1, "bigBlindSeat": 7, "buttonRule": "moving"})),
        &["/tournament/buttonRule", "/tournament/bigBlindSeat"],
    )
    .await;
    // A stud game has no blinds.
    let stud = json!({"variant": "stud", "tournament": {"smallBlindSeat": 1, "bigBlindSeat": 2},
        "players": [
            {"id": "a", "seat": 1, "stack": 100, "committed": 10, "cards": ["Ah", "Ad", "2c", "3d", "7h", "8s", "Kc"]},
            {"id": "b", "seat": 2, "stack": 100, "committed": 10, "cards": ["Kh", "Kd", "4c", "5d", "9h", "Ts", "Qc"]}]});
    common::rejects(
        &stud,
        &["/tournament/smallBlindSeat", "/tournament/bigBlindSeat"],
    )
    .await;
}

#[tokio::test]
async fn next_hand_is_absent_when_one_player_keeps_chips() {
    // The heads-up hand that ends the tournament: nobody to deal to.
    let mut req = common::golden_request("explain-rules-13-5-heads-up-from-three-button-busts");
    req["players"] = json!([
        {"id": "bob", "seat": 2, "stack": 200, "committed": 200, "cards": ["4h", "5h"]},
        {"id": "eve", "seat": 5, "stack": 1000, "committed": 200, "cards": ["As", "Ad"]}]);
    req["tournament"] = json!({"smallBlindSeat": 5, "bigBlindSeat": 2});
    let r = settle(&req).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let data = &r.json()["data"];
    assert!(data.get("nextHand").is_none(), "{data}");
    assert_eq!(data["eliminations"][0]["agentId"], "bob");
}

/// The largest request §13.8 allows, over HTTP: 1,000 tables of 23 seats,
/// 10,000 players, unbalanced so that hundreds of moves are made.
#[tokio::test]
async fn the_largest_request_is_answered() {
    let mut left = 10_000;
    let tables_: Vec<Value> = (0..1000)
        .map(|i| {
            let n = if i % 2 == 0 { 15 } else { 5 }.min(left);
            left -= n;
            let players: Vec<Value> = (1..=n)
                .map(|s| json!({"id": format!("p{i}-{s}"), "seat": s}))
                .collect();
            json!({"id": format!("t{i}"), "seats": 23, "smallBlindSeat": 1, "bigBlindSeat": 2, "players": players})
        })
        .collect();
    let r = tables(&json!({"tables": tables_})).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let a = r.json();
    assert!(
        a.get("breaking").is_some(),
        "10,000 players fit at 999 tables of 23"
    );
    // 15 players at 16 seats and 5 at 12: the 20 do not fit at the first
    // table alone, so nothing breaks and they are balanced, 10 and 10.
    let two = json!({"tables": [
        table("a", 16, json!((1..=15).map(|s| json!({"id": format!("a{s}"), "seat": s})).collect::<Vec<_>>())),
        table("b", 12, json!((1..=5).map(|s| json!({"id": format!("b{s}"), "seat": s})).collect::<Vec<_>>()))]});
    let r = tables(&two).await.json();
    assert_eq!(counts(&r), [10, 10]);
    assert_eq!(r["halted"], json!(["b"]));
    assert_eq!(moves(&r).len(), 5);
}

/// The tables route reads up to 1 MiB, and its 413 names that limit; the
/// routes of the 64 KiB default keep theirs.
#[tokio::test]
async fn the_tables_route_has_its_own_body_limit() {
    let raw = |path: &str, body: String| {
        axum::http::Request::post(path)
            .header("content-type", "application/json")
            .body(axum::body::Body::from(body))
            .unwrap()
    };
    let padding = " ".repeat(200 * 1024);
    let body = format!("{{\"tables\": []{padding}}}");
    let r = common::send(app(), raw("/v1/tables", body.clone())).await;
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    let r = common::send(app(), raw("/v1/equity", body)).await;
    assert_eq!(r.status, 413);
    let big = " ".repeat(1024 * 1024 + 1);
    let r = common::send(app(), raw("/v1/tables", big)).await;
    assert_eq!(r.status, 413);
    let detail = r.json()["detail"].as_str().unwrap().to_string();
    assert!(detail.contains("1048576"), "{detail}");
}
