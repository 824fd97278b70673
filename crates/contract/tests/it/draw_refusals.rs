//! The draw refusals the core decides, as the contract places and words
//! them.

use crate::refusal::{listed, one_wording_one_pointer};
use serde_json::json;
use showdown_contract::draw::{draw_request, DrawRequest};
use showdown_core::draw::{DrawError, DECK_SIZE};

/// The problems of a seeded draw for `n` players.
fn problems(n: usize) -> Vec<(String, String)> {
    let players: Vec<_> = (0..n)
        .map(|i| json!({"id": format!("p{i}"), "seat": i + 1}))
        .collect();
    let body = json!({"purpose": "button", "seed": 1, "players": players});
    let req: DrawRequest = serde_json::from_value(body).unwrap();
    listed(draw_request(&req).unwrap_err())
}

/// Robert's 3.7: the core's refusals of a draw's player count have one
/// wording, the core's, at one pointer.
#[test]
fn every_draw_count_refusal_has_one_wording_and_one_pointer() {
    let all = [
        DrawError::TooFewPlayers(1),
        DrawError::TooManyPlayers(DECK_SIZE + 1),
    ];
    let case = |r: DrawError| match r {
        DrawError::TooFewPlayers(n) | DrawError::TooManyPlayers(n) => (problems(n), "/players"),
        other => panic!("not a count refusal: {other:?}"),
    };
    one_wording_one_pointer(&all, case);
}
