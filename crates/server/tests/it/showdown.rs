//! RULES.md §15 through the contract: the worked examples as requests,
//! the answer's `showdown`, `audience: table`, and every refusal of
//! §15.7 a 422 with its pointer.

use crate::common::{rejects, settle};
use serde_json::{json, Value};
use showdown_contract::settle_request;

const BOARD: [&str; 5] = ["Kd", "9s", "8c", "7h", "2d"];

/// Worked example 15.1's table (button seat 1): A two pair, B a pair,
/// C a straight, 300 each.
pub fn three_handed(showdown: Value) -> Value {
    json!({"variant": "holdem", "buttonSeat": 1, "board": BOARD,
        "players": [
            {"id": "A", "seat": 2, "stack": 1000, "committed": 300, "cards": ["Ks", "9h"]},
            {"id": "B", "seat": 4, "stack": 1000, "committed": 300, "cards": ["Qc", "Qd"]},
            {"id": "C", "seat": 6, "stack": 1000, "committed": 300, "cards": ["Tc", "6c"]}],
        "showdown": showdown})
}

/// Worked example 15.3's table: A all in for 100 with the straight; B
/// (two pair) and C (a pair) bet on, B bet the river.
pub fn all_in(showdown: Value) -> Value {
    json!({"variant": "holdem", "buttonSeat": 1, "board": BOARD,
        "players": [
            {"id": "A", "seat": 2, "stack": 100, "committed": 100, "cards": ["Tc", "6c"]},
            {"id": "B", "seat": 4, "stack": 1000, "committed": 300, "cards": ["Ks", "9h"]},
            {"id": "C", "seat": 6, "stack": 1000, "committed": 300, "cards": ["Qc", "Qd"]}],
        "showdown": showdown})
}

/// The answer's `showdown` as (agentId, shown, why).
fn shows(body: &Value) -> Vec<(String, bool, String)> {
    let req = serde_json::from_value(body.clone()).unwrap();
    let ev = settle_request(&req).unwrap();
    ev.data
        .showdown
        .unwrap()
        .iter()
        .map(|e| (e.agent_id.to_string(), e.shown, e.why.to_string()))
        .collect()
}

fn want(entries: &[(&str, bool, &str)]) -> Vec<(String, bool, String)> {
    entries
        .iter()
        .map(|&(id, shown, why)| (id.to_string(), shown, why.to_string()))
        .collect()
}

#[test]
fn rules_15_1_worked_example_checked_river_a_first_b_mucks_c_contends() {
    let got = shows(&three_handed(json!({})));
    assert_eq!(
        got,
        want(&[
            ("A", true, "first"),
            ("B", false, "beaten"),
            ("C", true, "contends")
        ])
    );
}

#[test]
fn rules_15_2_worked_example_c_bets_a_and_b_muck_unless_a_shows() {
    let mut body = three_handed(json!({"lastAggressor": "C"}));
    let got = shows(&body);
    assert_eq!(
        got,
        want(&[
            ("C", true, "first"),
            ("A", false, "beaten"),
            ("B", false, "beaten")
        ])
    );
    body["players"][0]["shows"] = json!(true);
    let got = shows(&body);
    assert_eq!(
        got,
        want(&[
            ("C", true, "first"),
            ("A", true, "chose"),
            ("B", false, "beaten")
        ])
    );
}

#[test]
fn rules_15_3_worked_example_face_up_all_in_or_an_ordinary_showdown() {
    let got = shows(&all_in(json!({"lastAggressor": "B"})));
    assert_eq!(
        got,
        want(&[
            ("B", true, "allIn"),
            ("C", true, "allIn"),
            ("A", true, "allIn")
        ])
    );
    let ordinary = want(&[
        ("B", true, "first"),
        ("C", false, "beaten"),
        ("A", true, "contends"),
    ]);
    for face_up in ["bettingOver", "runOut"] {
        for order in ["action", "pots"] {
            let sd = json!({"lastAggressor": "B", "faceUp": face_up, "order": order});
            assert_eq!(shows(&all_in(sd)), ordinary, "{face_up} {order}");
        }
    }
}

#[test]
fn rules_15_4_worked_example_by_seat_b_opens_the_side_pot() {
    let sd = json!({"lastAggressor": "B", "faceUp": "bettingOver", "order": "seat"});
    let got = shows(&all_in(sd));
    assert_eq!(
        got,
        want(&[
            ("A", true, "first"),
            ("B", true, "opens"),
            ("C", false, "beaten")
        ])
    );
}

#[test]
fn rules_15_5_a_shown_hand_has_its_cards_and_rank_a_mucked_one_none() {
    let req = serde_json::from_value(three_handed(json!({"lastAggressor": "C"}))).unwrap();
    let ev = settle_request(&req).unwrap();
    let sd = ev.data.showdown.unwrap();
    assert_eq!(
        sd[0].cards.as_deref(),
        Some(&["Tc".into(), "6c".into()][..])
    );
    assert_eq!(sd[0].hand_rank.as_ref().unwrap().name, "Straight");
    assert!(sd[1].cards.is_none() && sd[1].hand_rank.is_none());
    assert!(sd[2].cards.is_none() && sd[2].hand_rank.is_none());
}

#[test]
fn rules_15_5_uncontested_winner_is_not_shown_unless_they_show() {
    let mut body = three_handed(json!({"muck": "none"}));
    body["players"][0]["folded"] = json!(true);
    body["players"][1]["folded"] = json!(true);
    body["players"][2]["committed"] = json!(300);
    assert_eq!(shows(&body), want(&[("C", false, "uncontested")]));
    body["players"][2]["shows"] = json!(true);
    assert_eq!(shows(&body), want(&[("C", true, "chose")]));
}

#[test]
fn rules_15_6_audience_table_hides_the_mucked_hands_ranks_and_cards() {
    let body = three_handed(json!({"lastAggressor": "C", "audience": "table"}));
    let mut body = body;
    body["explain"] = json!(true);
    let req = serde_json::from_value(body).unwrap();
    let text = serde_json::to_string(&settle_request(&req).unwrap()).unwrap();
    for card in ["Ks", "9h", "Qc", "Qd"] {
        assert!(!text.contains(&format!("\"{card}\"")), "{card} in {text}");
    }
    assert!(
        !text.contains("Two Pair") && !text.contains("Pair of"),
        "{text}"
    );
}

#[test]
fn rules_15_6_several_boards_table_keeps_only_shown_hands_on_each_board() {
    let mut body = three_handed(json!({"lastAggressor": "C", "audience": "table"}));
    body.as_object_mut().unwrap().remove("board");
    body["boards"] = json!([BOARD, ["Kd", "9s", "8c", "3h", "3d"]]);
    let req = serde_json::from_value(body).unwrap();
    let ev = settle_request(&req).unwrap();
    let sd = ev.data.showdown.as_ref().unwrap();
    let shown: Vec<&str> = sd
        .iter()
        .filter(|e| e.shown)
        .map(|e| &*e.agent_id)
        .collect();
    for board in ev.data.boards.as_ref().unwrap() {
        let ids: Vec<&str> = board.hands.iter().map(|h| &*h.agent_id).collect();
        assert!(ids.iter().all(|id| shown.contains(id)), "{ids:?} {shown:?}");
    }
    let first = &sd[0];
    assert_eq!(first.hand_ranks.as_ref().map(Vec::len), Some(2));
    assert!(first.hand_rank.is_none());
}

#[tokio::test]
async fn rules_15_7_last_aggressor_must_be_a_live_player() {
    let mut body = three_handed(json!({"lastAggressor": "Z"}));
    rejects(&body, &["/showdown/lastAggressor"]).await;
    body["showdown"]["lastAggressor"] = json!("B");
    body["players"][1]["folded"] = json!(true);
    rejects(&body, &["/showdown/lastAggressor"]).await;
}

#[tokio::test]
async fn rules_15_7_closed_sets_are_refused_outside_their_values() {
    let body = three_handed(json!({"muck": "all", "faceUp": "always", "order": "random",
        "faceUpOrder": "button", "audience": "world"}));
    rejects(
        &body,
        &[
            "/showdown/muck",
            "/showdown/faceUp",
            "/showdown/order",
            "/showdown/faceUpOrder",
            "/showdown/audience",
        ],
    )
    .await;
}

#[tokio::test]
async fn rules_15_7_run_out_needs_at_most_one_player_not_all_in() {
    rejects(
        &three_handed(json!({"runOut": true})),
        &["/showdown/runOut"],
    )
    .await;
    let mut body = all_in(json!({"runOut": true}));
    assert_eq!(settle(&body).await.status, 422);
    body["players"][1]["stack"] = json!(300);
    assert_eq!(settle(&body).await.status, 200);
}

#[tokio::test]
async fn rules_15_7_shows_on_a_folded_player_is_refused() {
    let mut body = three_handed(json!({}));
    body["players"][1]["folded"] = json!(true);
    body["players"][1]["shows"] = json!(true);
    rejects(&body, &["/players/1/shows"]).await;
}

#[tokio::test]
async fn rules_15_7_a_stud_showdown_needs_seven_cards_a_live_player() {
    let body = json!({"variant": "stud", "players": [
        {"id": "A", "seat": 1, "stack": 100, "committed": 50, "cards": ["Ah", "Kh", "Qh", "Jh", "Th", "9h"]},
        {"id": "B", "seat": 2, "stack": 100, "committed": 50, "cards": ["2c", "3c", "4c", "5c", "7d", "8d", "9d"]}],
        "showdown": {}});
    rejects(&body, &["/players/0/cards"]).await;
}

#[test]
fn rules_15_4_stud_the_best_four_up_cards_show_first_cards_as_dealt() {
    // Nobody bet seventh street: B's pair of kings showing goes first;
    // A's pair of queens in the hole is beaten.
    let body = json!({"variant": "stud", "players": [
        {"id": "A", "seat": 1, "stack": 100, "committed": 50, "cards": ["Qh", "Qd", "2c", "7d", "9s", "Jh", "3c"]},
        {"id": "B", "seat": 3, "stack": 100, "committed": 50, "cards": ["4h", "5d", "Kc", "Kd", "8s", "6h", "2d"]}],
        "showdown": {}});
    let got = shows(&body);
    assert_eq!(got, want(&[("B", true, "first"), ("A", false, "beaten")]));
    let req = serde_json::from_value(body).unwrap();
    let ev = settle_request(&req).unwrap();
    let b = &ev.data.showdown.unwrap()[0];
    assert_eq!(b.cards.as_ref().unwrap().len(), 7);
    assert_eq!(b.cards.as_ref().unwrap()[2], "Kc");
}
