//! Every 422 cause of API.md through `app(state)`, each with the JSON
//! Pointer it must name (the other statuses are in `http`).

use crate::common;
use crate::http::with;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};

async fn invalid(body: &Value) -> Vec<String> {
    let r = settle(body).await;
    assert_problem(&r, 422);
    assert_eq!(r.json()["type"], "urn:showdown:problem:invalid-hand");
    r.pointers()
}

#[tokio::test]
async fn status_422_duplicate_card_points_at_the_second_copy() {
    let b = with(|b| b["players"][1]["cards"][1] = json!("Ah"));
    assert_eq!(invalid(&b).await, vec!["/players/1/cards/1"]);
}

#[tokio::test]
async fn status_422_duplicate_id() {
    let b = with(|b| b["players"][1]["id"] = json!("agent-a"));
    assert_eq!(invalid(&b).await, vec!["/players/1/id"]);
}

#[tokio::test]
async fn status_422_duplicate_seat() {
    let b = with(|b| b["players"][1]["seat"] = json!(1));
    assert_eq!(invalid(&b).await, vec!["/players/1/seat"]);
}

#[tokio::test]
async fn status_422_seat_zero() {
    let b = with(|b| b["players"][0]["seat"] = json!(0));
    assert_eq!(invalid(&b).await, vec!["/players/0/seat"]);
}

#[tokio::test]
async fn status_422_malformed_cards() {
    let b = with(|b| {
        b["players"][0]["cards"][1] = json!("1d");
        b["board"][4] = json!("Ahh");
        b["players"][1]["cards"][0] = json!("5x");
    });
    assert_eq!(
        invalid(&b).await,
        vec!["/board/4", "/players/0/cards/1", "/players/1/cards/0"]
    );
}

#[tokio::test]
async fn status_422_short_deck_has_no_deuces_to_fives() {
    let b = with(|b| {
        b["variant"] = json!("short-deck");
        b["board"] = json!(["Ah", "Kh", "9h", "7h", "6h"]);
        b["players"][0]["cards"] = json!(["Tc", "Td"]);
        b["players"][1]["cards"] = json!(["5s", "Jd"]);
    });
    assert_eq!(invalid(&b).await, vec!["/players/1/cards/0"]);
}

#[tokio::test]
async fn status_422_hole_card_count_wrong_for_the_variant() {
    let b = with(|b| b["variant"] = json!("omaha"));
    assert_eq!(
        invalid(&b).await,
        vec!["/players/0/cards", "/players/1/cards"]
    );
}

#[tokio::test]
async fn status_422_board_count_wrong_for_the_variant() {
    let b = with(|b| b["board"] = json!(["Ah", "Kh", "9h"]));
    assert_eq!(invalid(&b).await, vec!["/board"]);
}

#[tokio::test]
async fn status_422_board_in_a_game_without_one() {
    let b = with(|b| {
        b["variant"] = json!("five-card-draw");
        b["players"][0]["cards"] = json!(["3c", "4d", "5c", "6d", "Ts"]);
        b["players"][1]["cards"] = json!(["5s", "6s", "7d", "8d", "Qc"]);
    });
    assert_eq!(invalid(&b).await, vec!["/board"]);
}

#[tokio::test]
async fn status_422_committed_plus_dead_over_the_stack() {
    let b = with(|b| {
        b["players"][0]["committed"] = json!(900);
        b["players"][0]["dead"] = json!(200);
    });
    assert_eq!(invalid(&b).await, vec!["/players/0/committed"]);
}

#[tokio::test]
async fn status_422_amount_not_a_multiple_of_the_chip_unit() {
    let b = with(|b| {
        b["chipUnit"] = json!(25);
        b["deadMoney"] = json!(0);
        b["players"][0]["stack"] = json!(1000);
        b["players"][0]["committed"] = json!(310);
        b["players"][1]["committed"] = json!(300);
        b["players"][1]["dead"] = json!(5);
    });
    assert_eq!(
        invalid(&b).await,
        vec!["/players/0/committed", "/players/1/dead"]
    );
}

#[tokio::test]
async fn status_422_amount_over_2_pow_53_minus_1() {
    let b = with(|b| {
        b["players"][0]["stack"] = json!(1u64 << 53);
        b["deadMoney"] = json!(u64::MAX);
    });
    assert_eq!(invalid(&b).await, vec!["/deadMoney", "/players/0/stack"]);
}

#[tokio::test]
async fn status_422_chip_unit_zero() {
    let b = with(|b| b["chipUnit"] = json!(0));
    assert_eq!(invalid(&b).await, vec!["/chipUnit"]);
}

#[tokio::test]
async fn status_422_no_live_player() {
    let b = with(|b| {
        b["players"][0]["folded"] = json!(true);
        b["players"][1]["folded"] = json!(true);
    });
    assert_eq!(invalid(&b).await, vec!["/players"]);
}

#[tokio::test]
async fn status_422_fewer_than_two_players() {
    let b = with(|b| {
        b["players"].as_array_mut().unwrap().pop();
    });
    assert_eq!(invalid(&b).await, vec!["/players"]);
}

#[tokio::test]
async fn status_422_button_seat_missing_in_a_button_game() {
    let b = with(|b| {
        b.as_object_mut().unwrap().remove("buttonSeat");
    });
    assert_eq!(invalid(&b).await, vec!["/buttonSeat"]);
}

#[tokio::test]
async fn status_422_button_seat_given_in_a_stud_game() {
    let b = with(|b| {
        b["variant"] = json!("stud");
        b.as_object_mut().unwrap().remove("board");
        b["players"][0]["cards"] = json!(["2c", "3c", "4c", "5c", "7d", "8d", "9s"]);
        b["players"][1]["cards"] = json!(["2d", "3d", "4d", "5d", "7h", "8h", "9h"]);
    });
    assert_eq!(invalid(&b).await, vec!["/buttonSeat"]);
}

#[tokio::test]
async fn status_422_folded_player_holding_the_uncalled_bet() {
    let b = with(|b| {
        b["players"][0]["committed"] = json!(500);
        b["players"][0]["folded"] = json!(true);
    });
    assert_eq!(invalid(&b).await, vec!["/players/0/folded"]);
}

#[tokio::test]
async fn status_422_contested_live_player_without_cards() {
    let b = with(|b| {
        b["players"][1].as_object_mut().unwrap().remove("cards");
    });
    assert_eq!(invalid(&b).await, vec!["/players/1/cards"]);
}

#[tokio::test]
async fn status_422_unknown_variant_and_rules() {
    let b = with(|b| {
        b["variant"] = json!("pineapple");
        b["rules"] = json!("wsop");
    });
    assert_eq!(invalid(&b).await, vec!["/variant", "/rules"]);
}

#[tokio::test]
async fn status_422_lists_every_problem_not_only_the_first() {
    let b = with(|b| {
        b["players"][1]["id"] = json!("agent-a");
        b["players"][1]["seat"] = json!(1);
        b["players"][0]["cards"][0] = json!("Kh");
        b.as_object_mut().unwrap().remove("buttonSeat");
    });
    let mut got = invalid(&b).await;
    got.sort();
    assert_eq!(
        got,
        vec![
            "/buttonSeat",
            "/players/0/cards/0",
            "/players/1/id",
            "/players/1/seat"
        ]
    );
}

#[tokio::test]
async fn uncontested_hand_needs_no_cards_and_may_have_a_short_board() {
    let b = with(|b| {
        b["board"] = json!(["Ah", "Kh", "9h"]);
        b["players"][0]["folded"] = json!(true);
        b["players"][0]["committed"] = json!(100);
        b["players"][0].as_object_mut().unwrap().remove("cards");
        b["players"][1].as_object_mut().unwrap().remove("cards");
    });
    let r = settle(&b).await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&r.body)
    );
    let d = &r.json()["data"];
    assert_eq!(d["reason"], "uncontested");
    assert_eq!(d["winnerId"], "agent-b");
    assert_eq!(d["winningHand"], Value::Null);
    // 100 called by B's 300? No: B alone committed most; 200 is uncalled.
    assert_eq!(
        d["uncalled"],
        json!([{"agentId": "agent-b", "amount": 200}])
    );
    assert_eq!(
        d["finalChipStacks"],
        json!({"agent-a": 900, "agent-b": 1101})
    );
}

#[tokio::test]
async fn status_422_chips_in_the_hand_add_up_over_2_pow_53_minus_1() {
    let max = (1u64 << 53) - 1;
    let b = with(|b| {
        for i in 0..2 {
            b["players"][i]["stack"] = json!(max);
            b["players"][i]["committed"] = json!(max);
        }
    });
    assert_eq!(invalid(&b).await, vec!["/players"]);
}

/// RULES.md §2.1 with nothing called: every chip goes back, no pot is
/// made, and the winner named is the best live hand (API.md needs one).
#[tokio::test]
async fn rules_2_1_uncalled_bet_with_no_pot_names_the_best_live_hand() {
    let b = with(|b| {
        b["deadMoney"] = json!(0);
        b["players"][0]["committed"] = json!(0);
        b["players"][1]["committed"] = json!(100);
        b["players"][0]["cards"] = json!(["Qh", "4d"]);
    });
    let r = settle(&b).await;
    assert_eq!(
        r.status,
        StatusCode::OK,
        "{}",
        String::from_utf8_lossy(&r.body)
    );
    let d = &r.json()["data"];
    assert_eq!(d["pots"], json!([]));
    assert_eq!(d["potBreakdown"], json!([]));
    assert_eq!(
        d["uncalled"],
        json!([{"agentId": "agent-b", "amount": 100}])
    );
    assert_eq!(d["totalWinners"], 0);
    // agent-a's Qh improves the board's flush (A-K-Q-9-7); agent-b plays the board.
    assert_eq!(d["winnerId"], "agent-a");
    assert_eq!(
        d["finalChipStacks"],
        json!({"agent-a": 1000, "agent-b": 1000})
    );
}
