//! RULES.md §6: the chip race refusals the core decides, as the contract
//! places and words them.

use crate::refusal::{listed, one_wording_one_pointer_named};
use serde_json::{json, Value};
use showdown_contract::chip_race::{chip_race_request, ChipRaceRequest};
use showdown_core::{ChipRaceRefusal as R, RaceChips, MAX_AMOUNT};

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
        R::SmallBlindSeatZero => (
            problems(|b| {
                b["convention"] = json!("standard");
                b["smallBlindSeat"] = json!(0);
            }),
            "/smallBlindSeat",
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
        R::ChipsTooLarge { .. }
        | R::ValueTooLarge { .. }
        | R::SeedAndCards { .. }
        | R::CardCount { .. }
        | R::NoCards { .. }
        | R::TooManyCards { .. } => player_case(r),
    }
}

/// The request refused for `r`, a refusal of the players' chips or
/// cards, and its pointer.
fn player_case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::ChipsTooLarge { field, value, .. } => {
            let (name, pointer) = match field {
                RaceChips::Leftover => ("leftoverChips", "/players/1/leftoverChips"),
                RaceChips::Other => ("otherChips", "/players/1/otherChips"),
            };
            (problems(|b| b["players"][1][name] = json!(value)), pointer)
        }
        R::ValueTooLarge { .. } => (
            problems(|b| b["players"][1]["otherChips"] = json!(MAX_AMOUNT - 10)),
            "/players/1",
        ),
        R::SeedAndCards { .. } => (
            problems(|b| b["players"][1]["cards"] = json!(["2c", "3c", "4c"])),
            "/players/1/cards",
        ),
        R::CardCount { got, .. } => (
            problems(|b| {
                b.as_object_mut().unwrap().remove("seed");
                b["players"][0]["cards"] = json!(["2c", "3c", "4c", "5c"]);
                b["players"][1]["cards"] = json!(["2d", "3d", "4d", "5d", "6d"][..got]);
            }),
            "/players/1/cards",
        ),
        R::NoCards { .. } => (
            problems(|b| {
                b.as_object_mut().unwrap().remove("seed");
                b["players"][0]["cards"] = json!(["2c", "3c", "4c", "5c"]);
            }),
            "/players/1/cards",
        ),
        R::TooManyCards { needed } => (
            problems(|b| {
                b["players"] = json!((1..=needed / 4)
                    .map(|s| json!({"id": format!("p{s}"), "seat": s, "leftoverChips": 4, "otherChips": 0}))
                    .collect::<Vec<_>>());
            }),
            "/players",
        ),
        other => unreachable!("not a refusal of the players: {other:?}"),
    }
}

/// RULES.md §6: each of the core's refusals of a race's terms and players has one
/// wording, the core's with the request's field names, at one pointer; no
/// two share a wording.
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
        R::SmallBlindSeatZero,
        R::SmallBlindNotUsed { named: true },
        R::SmallBlindNotUsed { named: false },
        R::ChipsTooLarge {
            player: 1,
            field: RaceChips::Leftover,
            value: MAX_AMOUNT + 3,
        },
        R::ChipsTooLarge {
            player: 1,
            field: RaceChips::Other,
            value: MAX_AMOUNT + 2,
        },
        R::ValueTooLarge { player: 1 },
        R::SeedAndCards { player: 1 },
        R::CardCount {
            player: 1,
            leftover: 3,
            raced: 3,
            ratio: 5,
            got: 2,
        },
        R::NoCards {
            player: 1,
            raced: 3,
        },
        R::TooManyCards { needed: 56 },
    ];
    one_wording_one_pointer_named(&all, case);
}
