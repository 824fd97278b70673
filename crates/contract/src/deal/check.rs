//! The deal request checked, every problem of RULES.md §14.9 with its
//! JSON Pointer: the method, the players and their stacks, the prizes
//! and the amount set aside.

use super::dto::DealRequest;
use crate::problems::{earlier_equal, Problems};
use showdown_core::{
    player_count_refusal, prize_count_refusal, set_aside_refusals, stack_refusal,
    stacks_total_refusal, DealAt, DealMethod, DealRefusal,
};

/// The methods, as the request names them.
const METHODS: [&str; 3] = ["icm", "chipChop", "equal"];

/// `method`, one of three (a closed set: a hint when it is off).
pub(super) fn method(name: &str, p: &mut Problems) -> Option<DealMethod> {
    match name {
        "icm" => Some(DealMethod::Icm),
        "chipChop" => Some(DealMethod::ChipChop),
        "equal" => Some(DealMethod::Equal),
        other => {
            p.push(
                "/method",
                showdown_json::closed_set::unknown("method", other, &METHODS),
            );
            None
        }
    }
}

/// How many players, their ids and stacks (RULES.md §14.6).
pub(super) fn players(req: &DealRequest, method: Option<DealMethod>, p: &mut Problems) {
    let n = req.players.len();
    push(p, player_count_refusal(method, n));
    let first = earlier_equal(n, |i| req.players[i].id.as_str());
    for (i, pl) in req.players.iter().enumerate() {
        p.id(i, &pl.id, first(i).filter(|_| !pl.id.is_empty()));
        push(p, stack_refusal(i, pl.stack));
    }
    let stacks: Vec<u64> = req.players.iter().map(|pl| pl.stack).collect();
    push(p, stacks_total_refusal(&stacks));
}

/// The prize table and the amount set aside (RULES.md §14.1, §14.5).
pub(super) fn prizes(req: &DealRequest, unit: Option<u64>, p: &mut Problems) {
    crate::validate::prize::check_prizes("", &req.prizes, unit, p);
    push(p, prize_count_refusal(req.prizes.len(), req.players.len()));
    if let Some(aside) = req.set_aside {
        for refusal in set_aside_refusals(aside, &req.prizes, unit) {
            push(p, Some(refusal));
        }
    }
}

/// The core's refusal, if any, at its pointer.
fn push(p: &mut Problems, refusal: Option<DealRefusal>) {
    if let Some(r) = refusal {
        p.push(pointer(r.at()), r.to_string());
    }
}

/// The JSON Pointer of a deal refusal's place.
pub(super) fn pointer(at: DealAt) -> String {
    match at {
        DealAt::Players => "/players".to_string(),
        DealAt::Stack(i) => format!("/players/{i}/stack"),
        DealAt::Prizes => "/prizes".to_string(),
        DealAt::SetAside => "/setAside".to_string(),
    }
}

#[cfg(test)]
mod tests {
    use crate::deal::{prepare, DealRequest};
    use crate::refusal_tests::{listed, one_wording_one_pointer};
    use serde_json::{json, Value};
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
            R::NoChips(_) => (
                problems(|b| b["players"][1]["stack"] = json!(0)),
                "/players/1/stack",
            ),
            R::Stack { refusal, .. } => {
                let ChipsRefusal::TooLarge(_, v) = refusal else {
                    unreachable!("a stack is judged in chips only")
                };
                let found = problems(|b| b["players"][1]["stack"] = json!(v));
                (found, "/players/1/stack")
            }
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
        one_wording_one_pointer(&all, case);
    }
}
