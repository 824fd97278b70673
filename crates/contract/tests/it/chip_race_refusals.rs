//! RULES.md §6: the chip race refusals the core decides, as the contract
//! places and words them.

use crate::refusal::{listed, one_wording_one_pointer};
use serde_json::{json, Value};
use showdown_contract::chip_race::{chip_race_request, ChipRaceRequest};
use showdown_core::{ChipRaceRefusal as R, MAX_AMOUNT};

/// The problems of a seeded race of two changed by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = json!({
        "removedDenomination": 5, "colorUpTo": 25, "seed": 1,
        "players": [
            {"id": "a", "seat": 1, "leftoverChips": 4, "otherChips": 100},
            {"id": "b", "seat": 2, "leftoverChips": 3, "otherChips": 100}
        ]
    });
    edit(&mut body);
    let req: ChipRaceRequest = serde_json::from_value(body).unwrap();
    listed(chip_race_request(&req).unwrap_err())
}

/// The request refused for `r` and its pointer. The match has no
/// wildcard: a refusal the core adds fails to compile until it is
/// listed here, with its pointer.
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::NoPlayers => (problems(|b| b["players"] = json!([])), "/players"),
        R::RemovedZero | R::RemovedTooLarge(_) => {
            let removed = if r == R::RemovedZero {
                0
            } else {
                MAX_AMOUNT + 1
            };
            let found = problems(|b| b["removedDenomination"] = json!(removed));
            (found, "/removedDenomination")
        }
        R::NotLarger {
            removed,
            color_up_to,
        }
        | R::NotAMultiple {
            removed,
            color_up_to,
        } => (
            problems(|b| {
                b["removedDenomination"] = json!(removed);
                b["colorUpTo"] = json!(color_up_to);
            }),
            "/colorUpTo",
        ),
        R::SmallBlindMissing => (
            problems(|b| b["convention"] = json!("standard")),
            "/smallBlindSeat",
        ),
        R::SmallBlindNotUsed { named } => (
            problems(|b| {
                b["smallBlindSeat"] = json!(2);
                if named {
                    b["convention"] = json!("tda");
                }
            }),
            "/smallBlindSeat",
        ),
    }
}

/// RULES.md §6: each of the core's refusals of a race's terms has one
/// wording, the core's, at one pointer; no two share a wording.
#[test]
fn rules_6_every_chip_race_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::NoPlayers,
        R::RemovedZero,
        R::RemovedTooLarge(MAX_AMOUNT + 1),
        R::NotLarger {
            removed: 25,
            color_up_to: 25,
        },
        R::NotAMultiple {
            removed: 25,
            color_up_to: 60,
        },
        R::SmallBlindMissing,
        R::SmallBlindNotUsed { named: true },
        R::SmallBlindNotUsed { named: false },
    ];
    one_wording_one_pointer(&all, case);
}
