//! RULES.md §10.6: the cash-out refusals the core decides, as the settle
//! route places and words them.

use crate::refusal::{one_wording_one_pointer_named, settle_problems, showdown_hand};
use serde_json::{json, Value};
use showdown_core::CashOutRefusal as R;

/// The problems of a hold'em showdown with one cash-out by `a` on the
/// flop, changed by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = showdown_hand();
    body["cashOuts"] = json!([{"agentId": "a", "boardCards": 3}]);
    edit(&mut body);
    settle_problems(body)
}

/// The request refused for `r` and its pointer (no wildcard: a refusal
/// the core adds fails to compile until it is listed here).
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    let entry = "/cashOuts/0/agentId";
    match r {
        R::Game => (
            problems(|b| {
                b["variant"] = json!("razz");
                b.as_object_mut().unwrap().remove("buttonSeat");
            }),
            "/cashOuts",
        ),
        R::SeveralBoards(n) => (
            problems(|b| {
                b.as_object_mut().unwrap().remove("board");
                b["boards"] = json!(vec![json!(["2d", "7h", "9s", "Jc", "Qd"]); n]);
            }),
            "/cashOuts",
        ),
        R::BoardCards(k) => (
            problems(|b| b["cashOuts"][0]["boardCards"] = json!(k)),
            "/cashOuts/0/boardCards",
        ),
        R::UnknownPlayer => (
            problems(|b| b["cashOuts"][0]["agentId"] = json!("z")),
            entry,
        ),
        R::NotLive => (problems(|b| b["players"][0]["folded"] = json!(true)), entry),
        R::NoShowdown => (
            problems(|b| {
                b["players"][1]["folded"] = json!(true);
                b["players"][1]["committed"] = json!(0);
            }),
            entry,
        ),
        R::ListedTwice { .. } => (
            problems(|b| {
                let twice = json!({"agentId": "a", "boardCards": 0});
                b["cashOuts"].as_array_mut().unwrap().push(twice);
            }),
            "/cashOuts/1/agentId",
        ),
        R::FeeBp(fee) => (
            problems(|b| b["cashOuts"][0]["feeBp"] = json!(fee)),
            "/cashOuts/0/feeBp",
        ),
        R::LiveWithoutCards => (
            problems(|b| {
                b["players"][1]["folded"] = json!(true);
                b["players"].as_array_mut().unwrap().push(json!(
                    {"id": "c", "seat": 3, "stack": 100, "committed": 10}
                ));
            }),
            "/players/2/cards",
        ),
    }
}

/// RULES.md §10.6: each of the core's refusals of a cash-out has one
/// wording, the core's, at one pointer, whatever number the request sent;
/// an earlier cash-out it names is named by its pointer.
#[test]
fn rules_10_6_every_cash_out_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::Game,
        R::SeveralBoards(2),
        R::BoardCards(300),
        R::UnknownPlayer,
        R::NotLive,
        R::NoShowdown,
        R::ListedTwice { first: 0 },
        R::FeeBp(5_000_000_000),
        R::LiveWithoutCards,
    ];
    one_wording_one_pointer_named(&all, case);
}
