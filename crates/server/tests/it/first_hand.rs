//! RULES.md §13.9 over HTTP: `tables[].firstHand` on `POST /v1/tables`.
//! Each golden pair is `tests/golden-tables/rules-13-9-first-hand-*`;
//! besides the byte-for-byte answer, every test asserts the seats it is
//! about, worked out by hand from the rule.

use crate::tables::{counts, golden, moves, seats, tables};
use serde_json::{json, Value};

fn next(answer: &Value, t: usize) -> &Value {
    &answer["tables"][t]["nextHand"]
}

#[tokio::test]
async fn rules_13_9_first_hand_button_as_drawn_blinds_follow_nobody_waits() {
    // Seats 1, 2, 4, 5, 7, 9; the draw gave seat 7 the button: small blind
    // 9, big blind 1. Seats 2 and 4 are sent as arrivals, and still play.
    let a = golden("rules-13-9-first-hand-button-as-drawn").await;
    assert_eq!(seats(&a, 0), (7, 9, 1));
    assert_eq!(next(&a, 0)["smallBlind"], "t9");
    assert_eq!(next(&a, 0)["bigBlind"], "t1");
    assert_eq!(next(&a, 0)["buttonDead"], false);
    assert_eq!(next(&a, 0)["smallBlindDead"], false);
    assert_eq!(a["tables"][0]["waiting"], json!([]));
}

#[tokio::test]
async fn rules_13_9_first_hand_heads_up_the_button_posts_the_small_blind() {
    let a = golden("rules-13-9-first-hand-heads-up").await;
    assert_eq!(seats(&a, 0), (8, 8, 3));
    assert_eq!(next(&a, 0)["headsUp"], true);
    assert_eq!(next(&a, 0)["smallBlind"], "t8");
    assert_eq!(next(&a, 0)["bigBlind"], "t3");
}

#[tokio::test]
async fn rules_13_9_first_hand_balancing_moves_the_first_big_blind() {
    // 9, 8 and 6 players; c halts. a's first big blind (seat 7: button 5,
    // small blind 6) moves to c's first empty seat after its small blind
    // (seat 2): seat 3, c's big blind at once.
    let a = golden("rules-13-9-first-hand-balancing").await;
    assert_eq!(a["halted"], json!(["c"]));
    assert_eq!(moves(&a), [("a7".to_string(), 7, "c".to_string(), 3)]);
    assert_eq!(counts(&a), [8, 8, 7]);
    assert_eq!(seats(&a, 0), (5, 6, 8));
    assert_eq!(seats(&a, 1), (2, 3, 4));
    assert_eq!(seats(&a, 2), (1, 2, 3));
    assert_eq!(next(&a, 2)["bigBlind"], "a7");
    assert_eq!(a["tables"][2]["waiting"], json!([]));
}

#[tokio::test]
async fn rules_13_9_first_hand_breaking_lists_the_first_hands() {
    let a = golden("rules-13-9-first-hand-breaking").await;
    let b = &a["breaking"];
    assert_eq!(b["table"], "b");
    assert_eq!(b["players"], json!(["b2", "b4", "b6", "b8"]));
    let open: Vec<u64> = b["openSeats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"].as_u64().unwrap())
        .collect();
    assert_eq!(open, [2, 4, 6, 8]);
    assert_eq!(a["moves"], json!([]));
    assert_eq!(seats(&a, 0), (3, 5, 7));
    assert_eq!(seats(&a, 1), (8, 2, 4));
}

#[tokio::test]
async fn rules_13_9_first_hand_beside_a_table_that_has_played() {
    // a played button 6, small blind 1, big blind 2 and keeps 8; b is new
    // with 5, button drawn to 9. a's next big blind (seat 3) moves to b's
    // seat 2, the first empty after b's first small blind (seat 1).
    let a = golden("rules-13-9-first-hand-beside-a-table-that-has-played").await;
    assert_eq!(a["halted"], json!(["b"]));
    assert_eq!(moves(&a), [("a3".to_string(), 3, "b".to_string(), 2)]);
    assert_eq!(seats(&a, 0), (1, 2, 4));
    assert_eq!(seats(&a, 1), (9, 1, 2));
    assert_eq!(next(&a, 1)["bigBlind"], "a3");
}

fn first_hand_table(id: &str) -> Value {
    json!({"id": id, "seats": 6, "firstHand": true, "buttonSeat": 2, "players": [
        {"id": format!("{id}1"), "seat": 1}, {"id": format!("{id}2"), "seat": 2},
        {"id": format!("{id}4"), "seat": 4}]})
}

#[tokio::test]
async fn rules_13_9_first_hand_refusals_point_at_the_field() {
    let mut t: Vec<Value> = ["a", "b", "c", "d", "e"]
        .iter()
        .map(|id| first_hand_table(id))
        .collect();
    t[0]["smallBlindSeat"] = json!(4);
    t[1]["bigBlindSeat"] = json!(1);
    t[2].as_object_mut().unwrap().remove("buttonSeat");
    t[3]["buttonSeat"] = json!(3);
    let r = tables(&json!({ "tables": t })).await;
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(
        r.pointers(),
        [
            "/tables/0/smallBlindSeat",
            "/tables/1/bigBlindSeat",
            "/tables/2/buttonSeat",
            "/tables/3/buttonSeat",
        ]
    );
    // A button off the table is refused once, as off the table.
    t = vec![first_hand_table("a")];
    t[0]["buttonSeat"] = json!(7);
    let r = tables(&json!({ "tables": t })).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.pointers(), ["/tables/0/buttonSeat"]);
}

#[tokio::test]
async fn rules_13_9_without_first_hand_the_blinds_are_required_400() {
    let mut t = vec![first_hand_table("a"), first_hand_table("b")];
    t[1]["firstHand"] = json!(false);
    let r = tables(&json!({ "tables": t })).await;
    assert_eq!(r.status, 400, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.pointers(), ["/tables/1", "/tables/1"]);
    let words: Vec<String> = r.errors().into_iter().map(|(_, m)| m).collect();
    assert!(words[0].contains("\"smallBlindSeat\""), "{words:?}");
    assert!(words[1].contains("\"bigBlindSeat\""), "{words:?}");
    // Given its blinds, the same table is a hand just played again.
    t[1]["smallBlindSeat"] = json!(4);
    t[1]["bigBlindSeat"] = json!(1);
    let r = tables(&json!({ "tables": t })).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let a = r.json();
    assert_eq!(seats(&a, 0), (2, 4, 1));
    // The dead button after button 2, small blind 4, big blind 1: big
    // blind 2, small blind 1, button 4.
    assert_eq!(seats(&a, 1), (4, 1, 2));
}
