//! API.md: the refusals of players' seats and ids the core decides, as
//! the settle, draw and chip race routes place and word them.

use crate::refusal::{listed, one_wording_one_pointer_named, settle_problems};
use serde_json::{json, Value};
use showdown_contract::chip_race::{chip_race_request, ChipRaceRequest};
use showdown_contract::draw::{draw_request, DrawRequest};
use showdown_contract::equity::{prepare, EquityRequest};
use showdown_core::{SeatingRefusal, SeatingRefusal as R};

/// The request changed so that its second player is refused for `r`.
fn refused(body: &mut Value, r: &SeatingRefusal) {
    let second = &mut body["players"][1];
    match r {
        R::SeatZero => second["seat"] = json!(0),
        R::DuplicateSeat { seat, .. } => {
            body["players"][0]["seat"] = json!(seat);
            body["players"][1]["seat"] = json!(seat);
        }
        R::EmptyId => second["id"] = json!(""),
        R::DuplicateId { id, .. } => {
            body["players"][0]["id"] = json!(id);
            body["players"][1]["id"] = json!(id);
        }
    }
}

/// Where the refusal of the second player lies (no wildcard: a refusal
/// the core adds fails to compile until it is placed here).
fn pointer(r: &SeatingRefusal) -> &'static str {
    match r {
        R::SeatZero | R::DuplicateSeat { .. } => "/players/1/seat",
        R::EmptyId | R::DuplicateId { .. } => "/players/1/id",
    }
}

/// Every refusal, the repeats naming the first player.
fn all() -> [SeatingRefusal; 4] {
    [
        R::SeatZero,
        R::DuplicateSeat { seat: 3, first: 0 },
        R::EmptyId,
        R::DuplicateId {
            id: "a".into(),
            first: 0,
        },
    ]
}

/// API.md: each of the core's refusals of a hand's seats and ids has one
/// wording, the core's, at one pointer.
#[test]
fn api_every_settle_seating_refusal_has_one_wording_and_one_pointer() {
    let case = |r: SeatingRefusal| {
        let mut body = json!({
            "variant": "holdem", "buttonSeat": 1,
            "players": [
                {"id": "a", "seat": 1, "stack": 100, "committed": 10, "cards": ["Ah", "Kd"]},
                {"id": "b", "seat": 2, "stack": 100, "committed": 10, "cards": ["2c", "3c"]}
            ]
        });
        refused(&mut body, &r);
        (settle_problems(body), pointer(&r))
    };
    one_wording_one_pointer_named(&all(), case);
}

/// Robert's 3.7 and RULES.md §6: a draw and a chip race refuse seats and
/// ids in the same words, at the same pointers.
#[test]
fn api_draws_and_chip_races_refuse_seats_and_ids_alike() {
    let draw = |r: SeatingRefusal| {
        let mut body = json!({"purpose": "button", "seed": 1, "players": [
            {"id": "a", "seat": 1}, {"id": "b", "seat": 2}
        ]});
        refused(&mut body, &r);
        let req: DrawRequest = serde_json::from_value(body).unwrap();
        (listed(draw_request(&req).unwrap_err()), pointer(&r))
    };
    one_wording_one_pointer_named(&all(), draw);
    let race = |r: SeatingRefusal| {
        let mut body = json!({"removedDenomination": 5, "colorUpTo": 25, "seed": 1, "players": [
            {"id": "a", "seat": 1, "leftoverChips": 1, "otherChips": 100},
            {"id": "b", "seat": 2, "leftoverChips": 1, "otherChips": 100}
        ]});
        refused(&mut body, &r);
        let req: ChipRaceRequest = serde_json::from_value(body).unwrap();
        (listed(chip_race_request(&req).unwrap_err()), pointer(&r))
    };
    one_wording_one_pointer_named(&all(), race);
}

/// API.md: an equity request refuses ids in the same words, at the same
/// pointers (it has no seats).
#[test]
fn api_equities_refuse_ids_as_every_route_does() {
    let ids = [
        R::EmptyId,
        R::DuplicateId {
            id: "a".into(),
            first: 0,
        },
    ];
    let equity = |r: SeatingRefusal| {
        let mut body = json!({"variant": "holdem", "players": [
            {"id": "a", "cards": ["Ah", "Kd"]}, {"id": "b", "cards": ["2c", "3c"]}
        ]});
        refused(&mut body, &r);
        let req: EquityRequest = serde_json::from_value(body).unwrap();
        let found = listed(prepare(&req).err().expect("refused"));
        (found, pointer(&r))
    };
    one_wording_one_pointer_named(&ids, equity);
}
