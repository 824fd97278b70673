//! RULES.md §14.6, §14.9: the deal refusals the core decides, as the
//! contract places and words them.

use crate::refusal::{listed, one_wording_one_pointer_named, player_1_stack};
use serde_json::{json, Value};
use showdown_contract::deal::{prepare, DealRequest};
use showdown_core::{ChipAmount, ChipsRefusal, DealRefusal as R, MAX_AMOUNT};

/// The problems of a deal of three changed by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = json!({
        "method": "icm", "prizes": [300, 200, 100],
        "players": [{"id": "a", "stack": 3}, {"id": "b", "stack": 2}, {"id": "c", "stack": 1}]
    });
    edit(&mut body);
    let req: DealRequest = serde_json::from_value(body).unwrap();
    listed(prepare(&req).unwrap_err())
}

/// `n` players of one chip each.
fn players(n: usize) -> Value {
    (0..n)
        .map(|i| json!({"id": format!("p{i}"), "stack": 1}))
        .collect()
}

/// The request refused for `r` and its pointer. The match has no
/// wildcard: a refusal the core adds fails to compile until it is
/// listed here, with its pointer.
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::TooFewPlayers(n) | R::TooManyForIcm(n) => {
            (problems(|b| b["players"] = players(n)), "/players")
        }
        R::TooManyPlayers { got, .. } => (
            problems(|b| {
                b["method"] = json!("equal");
                b["players"] = players(got);
            }),
            "/players",
        ),
        R::NoChips(_) => (problems(player_1_stack(None)), "/players/1/stack"),
        R::Stack { refusal, .. } => (problems(player_1_stack(Some(refusal))), "/players/1/stack"),
        R::StacksTotal(_) => (
            problems(|b| {
                b["players"][0]["stack"] = json!(MAX_AMOUNT);
                b["players"][1]["stack"] = json!(MAX_AMOUNT);
            }),
            "/players",
        ),
        R::MorePrizesThanPlayers { .. } => {
            (problems(|b| b["prizes"] = json!([4, 3, 2, 1])), "/prizes")
        }
        R::SetAsideNotMultiple { aside, unit } => (
            problems(|b| {
                b["prizes"] = json!([300, 200, 100]);
                b["prizeUnit"] = json!(unit);
                b["setAside"] = json!(aside);
            }),
            "/setAside",
        ),
        R::SetAsideTooLarge { aside, .. } => {
            (problems(|b| b["setAside"] = json!(aside)), "/setAside")
        }
    }
}

/// RULES.md §14.6, §14.9: each of the core's deal refusals has one
/// wording, the core's, at one pointer; no two share a wording.
#[test]
fn rules_14_9_every_deal_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::TooFewPlayers(1),
        R::TooManyForIcm(21),
        R::TooManyPlayers {
            got: 10_001,
            max: 10_000,
        },
        R::NoChips(1),
        R::Stack {
            index: 1,
            refusal: ChipsRefusal::TooLarge(ChipAmount::Stack, MAX_AMOUNT + 1),
        },
        R::StacksTotal(2 * MAX_AMOUNT + 1),
        R::MorePrizesThanPlayers {
            prizes: 4,
            players: 3,
        },
        R::SetAsideNotMultiple {
            aside: 25,
            unit: 50,
        },
        R::SetAsideTooLarge {
            aside: 101,
            first: 300,
            second: 200,
        },
    ];
    one_wording_one_pointer_named(&all, case);
}
