//! The draw refusals the core decides, as the contract places and words
//! them.

use crate::refusal::{listed, one_wording_one_pointer};
use serde_json::{json, Value};
use showdown_contract::draw::{draw_request, DrawRequest};
use showdown_core::draw::{DrawError, DECK_SIZE};
use showdown_core::SeatingRefusal;

/// The problems of a seeded draw for `n` players, changed by `edit`.
fn problems(n: usize, edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let players: Vec<_> = (0..n)
        .map(|i| json!({"id": format!("p{i}"), "seat": i + 1}))
        .collect();
    let mut body = json!({"purpose": "button", "seed": 1, "players": players});
    edit(&mut body);
    let req: DrawRequest = serde_json::from_value(body).unwrap();
    listed(draw_request(&req).unwrap_err())
}

/// Robert's 3.7: the core's refusals of a draw's table and deal have one
/// wording, the core's, at one pointer.
#[test]
fn every_draw_refusal_has_one_wording_and_one_pointer() {
    let all = [
        DrawError::TooFewPlayers(1),
        DrawError::TooManyPlayers(DECK_SIZE + 1),
        DrawError::DealerSeat(SeatingRefusal::SeatZero),
        DrawError::SeedAndCard { player: 1 },
        DrawError::NoCard { player: 1 },
    ];
    let keep = |_: &mut Value| {};
    let case = |r: DrawError| match r {
        DrawError::TooFewPlayers(n) | DrawError::TooManyPlayers(n) => {
            (problems(n, keep), "/players")
        }
        DrawError::DealerSeat(_) => (problems(2, |b| b["dealerSeat"] = json!(0)), "/dealerSeat"),
        DrawError::SeedAndCard { .. } => (
            problems(2, |b| b["players"][1]["card"] = json!("As")),
            "/players/1/card",
        ),
        DrawError::NoCard { .. } => (
            problems(2, |b| {
                b.as_object_mut().unwrap().remove("seed");
                b["players"][0]["card"] = json!("As");
            }),
            "/players/1/card",
        ),
        other => panic!("not a refusal of the request: {other:?}"),
    };
    one_wording_one_pointer(&all, case);
}
