//! The tournament refusals the core decides, as the settle route places
//! and words them.

use crate::refusal::{one_wording_one_pointer_named, settle_problems};
use serde_json::json;
use showdown_core::{TournamentRefusal, MAX_AMOUNT};

/// The problems of a three-handed tournament hand changed by `edit`.
pub fn refused(edit: impl FnOnce(&mut serde_json::Value)) -> Vec<(String, String)> {
    let mut body = json!({
        "variant": "holdem", "buttonSeat": 1, "tournament": {},
        "players": [
            {"id": "a", "seat": 1, "stack": 100, "committed": 10, "cards": ["Ah", "Kd"]},
            {"id": "b", "seat": 2, "stack": 100, "committed": 10, "cards": ["2c", "3c"]},
            {"id": "c", "seat": 3, "stack": 100, "committed": 10, "cards": ["7s", "7d"]}
        ]
    });
    edit(&mut body);
    settle_problems(body)
}

/// The request that makes the core refuse `r`, and the pointer it must
/// get. The match has no wildcard: a refusal the core adds fails to
/// compile until it is listed here, with its pointer.
fn case(r: TournamentRefusal) -> (Vec<(String, String)>, &'static str) {
    use TournamentRefusal as R;
    match r {
        R::Progressive(bp) => (
            refused(|b| b["tournament"]["progressiveBp"] = json!(bp)),
            "/tournament/progressiveBp",
        ),
        R::LiveWithoutChips => (
            refused(|b| {
                b["players"][2]["stack"] = json!(0);
                b["players"][2]["committed"] = json!(0);
            }),
            "/players/2/folded",
        ),
        R::TooFewWithChips(_) => (
            refused(|b| {
                for i in [1, 2] {
                    b["players"][i]["stack"] = json!(0);
                    b["players"][i]["committed"] = json!(0);
                    b["players"][i]["folded"] = json!(true);
                }
            }),
            "/players",
        ),
        R::PlayersLeftTooLarge(left)
        | R::PlayersLeftBelow {
            players_left: left, ..
        } => (
            refused(|b| b["tournament"]["playersLeft"] = json!(left)),
            "/tournament/playersLeft",
        ),
        R::BountyNotMultiple { bounty, unit } => (
            refused(|b| {
                b["tournament"]["bountyUnit"] = json!(unit);
                b["players"][0]["bounty"] = json!(bounty);
            }),
            "/players/0/bounty",
        ),
        R::BountyTotal => (
            refused(|b| {
                b["players"][0]["bounty"] = json!(MAX_AMOUNT);
                b["players"][1]["bounty"] = json!(1);
            }),
            "/players",
        ),
    }
}

/// RULES.md §12.10: each of the core's tournament refusals has one
/// wording, the core's, and one pointer; no two share a wording.
#[test]
fn rules_12_10_every_tournament_refusal_has_one_wording_and_one_pointer() {
    use TournamentRefusal as R;
    let all = [
        R::Progressive(10_001),
        R::LiveWithoutChips,
        R::TooFewWithChips(1),
        R::PlayersLeftTooLarge(MAX_AMOUNT + 1),
        R::PlayersLeftBelow {
            players_left: 2,
            with_chips: 3,
        },
        R::BountyNotMultiple {
            bounty: 5,
            unit: 10,
        },
        R::BountyTotal,
    ];
    one_wording_one_pointer_named(&all, case);
}
