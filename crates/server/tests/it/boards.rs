//! Several boards at the HTTP contract (RULES.md §9, API.md "several
//! boards"): each 422 of `boards` with its pointer, one board sent as
//! `boards` answered exactly as `board`, the variant table, and no panic on
//! any boards (duplicate and malformed cards included).

use crate::common;

use common::settle;
use proptest::prelude::*;
use serde_json::{json, Value};
use showdown_cards::{Card, VariantId};
use showdown_contract::settle::SettleRequest;

/// Two players at a Hold'em showdown, with `boards`.
fn holdem(boards: Value) -> Value {
    json!({"variant": "holdem", "buttonSeat": 2, "boards": boards, "players": [
        {"id": "A", "seat": 1, "stack": 100, "committed": 10, "cards": ["2c", "3d"]},
        {"id": "B", "seat": 2, "stack": 100, "committed": 10, "cards": ["2d", "3c"]}
    ]})
}

/// The 422's `(pointer, message)` pairs.
async fn problems(body: &Value) -> Vec<(String, String)> {
    let r = settle(body).await;
    assert_eq!(
        r.status.as_u16(),
        422,
        "{}",
        String::from_utf8_lossy(&r.body)
    );
    r.errors()
}

async fn pointers(body: &Value) -> Vec<String> {
    problems(body).await.into_iter().map(|(p, _)| p).collect()
}

fn flop_and(turn: &str, river: &str) -> Value {
    json!(["Ah", "Kd", "Qs", turn, river])
}

#[tokio::test]
async fn rules_9_1_boards_may_share_their_first_cards() {
    let body = holdem(json!([flop_and("Js", "Tc"), flop_and("Jd", "Th")]));
    let r = settle(&body).await;
    assert_eq!(
        r.status.as_u16(),
        200,
        "{}",
        String::from_utf8_lossy(&r.body)
    );
    let boards = r.json()["data"]["boards"].clone();
    assert_eq!(boards[1]["cards"], flop_and("Jd", "Th"));
    assert_eq!(boards[0]["hands"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn rules_9_1_a_card_twice_outside_the_shared_part_is_a_duplicate() {
    // The turn of run 2 repeats the river of run 1.
    let body = holdem(json!([flop_and("Js", "Tc"), flop_and("Tc", "Th")]));
    assert_eq!(
        problems(&body).await,
        [(
            "/boards/1/3".to_string(),
            "card Tc appears more than once (first at /boards/0/4)".to_string()
        )]
    );
    // A card in a hand and on a board.
    let body = holdem(json!([flop_and("Js", "Tc"), flop_and("Jd", "2c")]));
    assert_eq!(
        problems(&body).await,
        [(
            "/players/0/cards/0".to_string(),
            "card 2c appears more than once (first at /boards/1/4)".to_string()
        )]
    );
    // The shared part is the same cards at the same places from the first
    // card on: the same flop in another order shares nothing.
    let body = holdem(json!([
        flop_and("Js", "Tc"),
        ["Kd", "Ah", "Qs", "Jd", "Th"]
    ]));
    assert_eq!(
        pointers(&body).await,
        ["/boards/1/0", "/boards/1/1", "/boards/1/2"]
    );
}

#[tokio::test]
async fn rules_9_1_board_and_boards_together_are_refused() {
    let mut body = holdem(json!([flop_and("Js", "Tc"), flop_and("Jd", "Th")]));
    body["board"] = flop_and("Js", "Tc");
    assert_eq!(pointers(&body).await, ["/boards"]);
}

#[tokio::test]
async fn rules_9_boards_exist_only_in_board_games() {
    for (variant, cards) in [("stud", 7), ("five-card-draw", 5), ("badugi", 4)] {
        let deck: Vec<String> = (0..52u8).map(|i| Card::from_index(i).to_string()).collect();
        let body = json!({"variant": variant, "boards": [["Ah", "Kd", "Qs", "Js", "Tc"]],
        "buttonSeat": if variant == "stud" { Value::Null } else { json!(1) },
        "players": [
            {"id": "A", "seat": 1, "stack": 100, "committed": 10, "cards": deck[20..20 + cards]},
            {"id": "B", "seat": 2, "stack": 100, "committed": 10, "cards": deck[30..30 + cards]}
        ]});
        let mut body = body;
        if variant == "stud" {
            body.as_object_mut().unwrap().remove("buttonSeat");
        }
        assert_eq!(pointers(&body).await, ["/boards"], "{variant}");
    }
}

#[tokio::test]
async fn rules_9_each_board_has_the_variants_size_at_a_showdown() {
    let body = holdem(json!([flop_and("Js", "Tc"), ["Ah", "Kd", "Qs", "Jd"]]));
    let got = problems(&body).await;
    assert_eq!(got.len(), 1);
    assert_eq!(got[0].0, "/boards/1");
    assert_eq!(got[0].1, "holdem needs 5 board cards at a showdown, got 4");
    // Uncontested, the boards may be short, never long.
    let mut body = holdem(json!([["Ah", "Kd", "Qs"], ["Ah", "Kd", "Qs"]]));
    body["players"][1]["folded"] = json!(true);
    body["players"][1]["committed"] = json!(5);
    assert_eq!(settle(&body).await.status.as_u16(), 200);
    body["boards"][0] = json!(["Ah", "Kd", "Qs", "Js", "Tc", "9c"]);
    assert_eq!(pointers(&body).await, ["/boards/0"]);
}

#[tokio::test]
async fn rules_9_no_more_boards_than_the_deck_can_deal() {
    // Two players dealt 2 cards each leave 48: nine run-outs of 5 fit, ten
    // do not (the duplicates the tenth forces are reported too).
    let deck: Vec<String> = (0..52u8)
        .map(|i| Card::from_index(i).to_string())
        .filter(|c| !["2c", "3d", "2d", "3c"].contains(&c.as_str()))
        .collect();
    let boards = |b: usize| -> Vec<Vec<String>> {
        (0..b)
            .map(|k| {
                (0..5)
                    .map(|j| deck[(k * 5 + j) % deck.len()].clone())
                    .collect()
            })
            .collect()
    };
    let body = holdem(json!(boards(9)));
    assert_eq!(settle(&body).await.status.as_u16(), 200);
    let got = problems(&holdem(json!(boards(10)))).await;
    assert!(
        got.iter()
            .any(|(p, m)| p == "/boards" && m.contains("the deck has 52")),
        "{got:?}"
    );
}

#[tokio::test]
async fn rules_9_the_number_of_boards_is_bounded_before_any_is_read() {
    // 17 boards of malformed cards: one problem, no per-card work.
    let body = holdem(json!(vec![vec!["Zz"; 5]; 17]));
    assert_eq!(
        problems(&body).await,
        [(
            "/boards".to_string(),
            "at most 16 boards, got 17".to_string()
        )]
    );
    assert_eq!(pointers(&holdem(json!([]))).await, ["/boards"]);
    let body = holdem(json!([flop_and("Js", "Xx"), flop_and("Jd", "Th")]));
    assert_eq!(pointers(&body).await, ["/boards/0/4"]);
}

/// Every golden request settled on one board sent as `boards`.
fn one_board_requests() -> Vec<(String, SettleRequest)> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden");
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.to_string_lossy().to_string();
        if !name.ends_with(".request.json") {
            continue;
        }
        let req: SettleRequest = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        if req.board.is_some() {
            out.push((name, req));
        }
    }
    out
}

#[test]
fn rules_9_5_one_board_sent_as_boards_is_answered_exactly_as_board() {
    let requests = one_board_requests();
    assert!(requests.len() >= 15, "{}", requests.len());
    for (name, req) in requests {
        let mut as_boards = req.clone();
        as_boards.boards = as_boards.board.take().map(|b| vec![b]);
        let a = serde_json::to_vec(&showdown_contract::settle_request(&req).unwrap()).unwrap();
        let b =
            serde_json::to_vec(&showdown_contract::settle_request(&as_boards).unwrap()).unwrap();
        assert_eq!(
            String::from_utf8(a).unwrap(),
            String::from_utf8(b).unwrap(),
            "{name}"
        );
    }
}

#[tokio::test]
async fn variants_say_which_games_take_several_boards() {
    let r = common::get("/v1/variants").await;
    let v = r.json();
    for entry in v["variants"].as_array().unwrap() {
        let board = entry["family"] == "board";
        assert_eq!(entry["severalBoards"], json!(board), "{}", entry["id"]);
    }
}

/// A request of 1 to 4 boards from a shuffled deck in any variant, damaged
/// by `how`: a malformed card, a card repeated from a hand or another
/// board, a missing or extra card, `board` too, or nothing.
// A test's generator: each argument is one axis the property draws.
#[allow(clippy::too_many_arguments)]
fn boards_request(
    variant: VariantId,
    deck: &[String],
    players: usize,
    boards: usize,
    shared: usize,
    how: u8,
    at: usize,
) -> SettleRequest {
    let t = variant.variant();
    let mut cards = deck.iter().cloned();
    let hole = t.hole_cards.max(2);
    let players_json: Vec<Value> = (0..players)
        .map(|i| {
            json!({"id": format!("p{i}"), "seat": i + 1, "stack": 100, "committed": 10,
                "cards": cards.by_ref().take(hole).collect::<Vec<_>>()})
        })
        .collect();
    let size = t.board_cards.max(5);
    let first: Vec<String> = cards.by_ref().take(shared.min(size)).collect();
    let mut list: Vec<Vec<String>> = (0..boards)
        .map(|_| {
            let mut b = first.clone();
            b.extend(cards.by_ref().take(size - first.len()));
            b
        })
        .collect();
    let b = at % boards;
    let j = at % size;
    let len = list[b].len();
    match how {
        0 => list[b][j % len.max(1)] = "Zz".into(),
        1 => list[b].push(deck[0].clone()),
        2 => {
            list[b].pop();
        }
        3 => list[b][j.min(len.saturating_sub(1))] = deck[(at * 7) % deck.len()].clone(),
        4 => list.push(Vec::new()),
        5 => list[b][0] = "".into(),
        _ => {}
    }
    let mut body = json!({"variant": variant.as_str(), "buttonSeat": 1,
        "players": players_json, "boards": list});
    if !t.button {
        body.as_object_mut().unwrap().remove("buttonSeat");
    }
    if how == 6 {
        body["board"] = json!(first);
    }
    serde_json::from_value(body).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    /// No panic on any boards: every request settles (conserving chips) or
    /// is a list of problems; an undamaged board-game request whose deal
    /// fits the deck settles.
    #[test]
    fn no_boards_request_panics_and_settled_ones_conserve_chips(
        variant in proptest::sample::select(VariantId::ALL.to_vec()),
        deck in Just((0..52u8).map(|i| Card::from_index(i).to_string()).collect::<Vec<_>>()).prop_shuffle(),
        players in 2usize..=4,
        boards in 1usize..=4,
        shared in 0usize..=5,
        how in 0u8..12,
        at in 0usize..40,
    ) {
        let t = variant.variant();
        let req = boards_request(variant, &deck, players, boards, shared, how, at);
        match showdown_contract::settle_request(&req) {
            Ok(ev) => {
                let won: u64 = ev.data.pot_breakdown.iter().map(|e| e.amount).sum();
                let back: u64 = ev.data.uncalled.iter().map(|u| u.amount).sum();
                prop_assert_eq!(won + back, 10 * players as u64);
                prop_assert!(how > 6 || how == 3, "damage {} accepted", how);
            }
            Err(e) => {
                prop_assert!(!e.errors.is_empty());
                let fits = players * t.hole_cards + shared + boards * (5 - shared.min(5)) <= 52;
                let plain = how > 6 && t.board_cards == 5 && !t.short_deck && fits;
                prop_assert!(!plain, "{:?}", e.errors);
            }
        }
    }
}
