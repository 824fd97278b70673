//! RULES.md §14.4 and §14.9: the refusals of a hand dealt hand for hand
//! the core decides, as `POST /v1/prizes` places and words them.

use crate::refusal::{listed, one_wording_one_pointer_named, player_1_stack};
use serde_json::{json, Value};
use showdown_contract::prizes::{prizes_request, PrizesRequest};
use showdown_core::{
    ChipAmount, ChipsRefusal, HandForHandRefusal as R, MAX_AMOUNT, MAX_PRIZE_PLAYERS,
};

/// The problems of two players knocked out of a field of 5, changed by
/// `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = json!({
        "prizes": [500, 300, 200], "playersLeft": 5, "tiedPlaces": "seat",
        "players": [
            {"id": "a", "stack": 100, "tieBreak": 1},
            {"id": "b", "stack": 100, "tieBreak": 2}
        ]
    });
    edit(&mut body);
    let req: PrizesRequest = serde_json::from_value(body).unwrap();
    listed(prizes_request(&req).expect_err("refused"))
}

/// The request refused for `r` and its pointer (no wildcard: a refusal
/// the core adds fails to compile until it is listed here).
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::NoBusts => (problems(|b| b["players"] = json!([])), "/players"),
        R::TooManyBusts(n) => (
            problems(|b| {
                b["players"] = json!(vec![json!({"id": "x", "stack": 1, "tieBreak": 1}); n])
            }),
            "/players",
        ),
        R::PlayersLeftTooLarge(left)
        | R::PlayersLeftNotAbove {
            players_left: left, ..
        } => (problems(|b| b["playersLeft"] = json!(left)), "/playersLeft"),
        R::NoChips(_) => (problems(player_1_stack(None)), "/players/1/stack"),
        R::Stack { refusal, .. } => (problems(player_1_stack(Some(refusal))), "/players/1/stack"),
        R::NoTieBreak(_) => (
            problems(|b| {
                b["players"][1].as_object_mut().unwrap().remove("tieBreak");
            }),
            "/players/1/tieBreak",
        ),
        R::TieBreakTwice { tie_break, .. } => (
            problems(|b| b["players"][1]["tieBreak"] = json!(tie_break)),
            "/players/1/tieBreak",
        ),
    }
}

/// RULES.md §14.9: each of the core's refusals of a hand for hand has one
/// wording, the core's, at one pointer.
#[test]
fn rules_14_9_every_hand_for_hand_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::NoBusts,
        R::TooManyBusts(MAX_PRIZE_PLAYERS + 1),
        R::PlayersLeftTooLarge(MAX_AMOUNT + 1),
        R::PlayersLeftNotAbove {
            players_left: 2,
            busts: 2,
        },
        R::NoChips(1),
        R::Stack {
            player: 1,
            refusal: ChipsRefusal::TooLarge(ChipAmount::Stack, MAX_AMOUNT + 1),
        },
        R::NoTieBreak(1),
        R::TieBreakTwice {
            player: 1,
            tie_break: 1,
            first: 0,
        },
    ];
    one_wording_one_pointer_named(&all, case);
}
