//! RULES.md §13.8: the refusals of the next hand's blinds the core
//! decides, as the settle route places and words them.

use crate::refusal::one_wording_one_pointer_named;
use crate::tournament_refusals::refused;
use serde_json::{json, Value};
use showdown_core::{NextHandAt, NextHandRefusal as R};

/// The problems of a three-handed tournament hand whose blinds for the
/// next hand are `blinds` (`smallBlindSeat`, `bigBlindSeat`,
/// `buttonRule`), changed by `edit`.
fn problems(blinds: Value, edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    refused(|b| {
        b["tournament"] = blinds;
        edit(b);
    })
}

/// The request refused for `r` and its pointer (no wildcard: a refusal
/// the core adds fails to compile until it is listed here).
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    let blinds = |sb: u32, bb: u32| json!({"smallBlindSeat": sb, "bigBlindSeat": bb});
    let keep = |_: &mut Value| {};
    match r {
        R::RuleWithoutBlinds => (
            problems(json!({"buttonRule": "dead"}), keep),
            "/tournament/buttonRule",
        ),
        R::NoBigBlind => (
            problems(json!({"smallBlindSeat": 2}), keep),
            "/tournament/bigBlindSeat",
        ),
        R::NoSmallBlind => (
            problems(json!({"bigBlindSeat": 2}), keep),
            "/tournament/smallBlindSeat",
        ),
        R::NoButtonGame { at, .. } => {
            let razz = |b: &mut Value| {
                b["variant"] = json!("razz");
                b.as_object_mut().unwrap().remove("buttonSeat");
            };
            let pointer = match at {
                NextHandAt::SmallBlindSeat => "/tournament/smallBlindSeat",
                _ => "/tournament/bigBlindSeat",
            };
            (problems(blinds(2, 3), razz), pointer)
        }
        R::SmallBlindSeatZero => (problems(blinds(0, 3), keep), "/tournament/smallBlindSeat"),
        R::BlindsOnOneSeat { big } => {
            (problems(blinds(big, big), keep), "/tournament/bigBlindSeat")
        }
        R::BigBlindWithoutChips { big } => {
            (problems(blinds(2, big), keep), "/tournament/bigBlindSeat")
        }
    }
}

/// RULES.md §13.8: each of the core's refusals of the next hand's blinds
/// has one wording, the core's, at one pointer.
#[test]
fn rules_13_8_every_next_hand_refusal_has_one_wording_and_one_pointer() {
    let razz = "razz";
    let all = [
        R::RuleWithoutBlinds,
        R::NoBigBlind,
        R::NoSmallBlind,
        R::NoButtonGame {
            variant: razz,
            at: NextHandAt::SmallBlindSeat,
        },
        R::NoButtonGame {
            variant: razz,
            at: NextHandAt::BigBlindSeat,
        },
        R::SmallBlindSeatZero,
        R::BlindsOnOneSeat { big: 2 },
        R::BigBlindWithoutChips { big: 9 },
    ];
    one_wording_one_pointer_named(&all, case);
}
