//! What every test of the core's refusals checks: each
//! refusal has one wording (the core's) at one pointer, and no two
//! refusals share a wording.

use serde_json::Value;
use showdown_contract::settle::SettleRequest;
use showdown_contract::RequestNames;
use showdown_core::{ChipsRefusal, Worded};
use showdown_json::Invalid;
use std::fmt::{Debug, Display};

/// Every problem (pointer, message) of the settle request `body`.
pub fn settle_problems(body: Value) -> Vec<(String, String)> {
    let req: SettleRequest = serde_json::from_value(body).unwrap();
    listed(showdown_contract::settle::validate(&req).unwrap_err())
}

/// A two-handed hold'em hand played to a showdown, every card given.
pub fn showdown_hand() -> Value {
    serde_json::json!({
        "variant": "holdem", "buttonSeat": 1,
        "board": ["2d", "7h", "9s", "Jc", "Qd"],
        "players": [
            {"id": "a", "seat": 1, "stack": 100, "committed": 10, "cards": ["Ah", "Kd"]},
            {"id": "b", "seat": 2, "stack": 100, "committed": 10, "cards": ["2c", "3c"]}
        ]
    })
}

/// The edit giving player 1 the stack a stack's refusal names: none
/// (`None`: a player without chips) or the amount refused.
pub fn player_1_stack(refusal: Option<ChipsRefusal>) -> impl FnOnce(&mut Value) {
    let stack = match refusal {
        None => 0,
        Some(ChipsRefusal::TooLarge(_, v)) => v,
        Some(other) => unreachable!("a stack is judged in chips only: {other:?}"),
    };
    move |b: &mut Value| b["players"][1]["stack"] = serde_json::json!(stack)
}

/// Every problem (pointer, message) a refusal lists.
pub fn listed(invalid: Invalid) -> Vec<(String, String)> {
    invalid
        .errors
        .into_iter()
        .map(|e| (e.pointer, e.message))
        .collect()
}

/// For each refusal of `all`, `case` gives the problems of a request
/// refused for it and the pointer it must get: the refusal's wording is
/// found at that pointer and no other, and no two refusals share a wording.
pub fn one_wording_one_pointer<R: Display + Debug + Clone, P: AsRef<str>>(
    all: &[R],
    case: impl Fn(R) -> (Vec<(String, String)>, P),
) {
    one_wording_one_pointer_by(all, ToString::to_string, case);
}

/// [`one_wording_one_pointer`] for the core's refusals that name terms or
/// places of the request: the core's sentence with the request's names
/// ([`RequestNames`]), as the answer gives it.
pub fn one_wording_one_pointer_named<R: Worded + Debug + Clone, P: AsRef<str>>(
    all: &[R],
    case: impl Fn(R) -> (Vec<(String, String)>, P),
) {
    one_wording_one_pointer_by(all, |r| r.worded(&RequestNames), case);
}

/// [`one_wording_one_pointer`] for refusals whose words name a place of
/// the request (a field, an earlier entry): `words` is the core's wording
/// with the request's names, as the test states them.
pub fn one_wording_one_pointer_by<R: Debug + Clone, P: AsRef<str>>(
    all: &[R],
    words: impl Fn(&R) -> String,
    case: impl Fn(R) -> (Vec<(String, String)>, P),
) {
    let mut wordings: Vec<String> = Vec::new();
    for r in all {
        let (found, pointer) = case(r.clone());
        let wording = words(r);
        let at: Vec<&String> = found
            .iter()
            .filter(|(_, m)| *m == wording)
            .map(|(p, _)| p)
            .collect();
        assert_eq!(at, [pointer.as_ref()], "{r:?}: {found:?}");
        wordings.push(wording);
    }
    wordings.sort();
    wordings.dedup();
    assert_eq!(wordings.len(), all.len(), "two refusals share a wording");
}
