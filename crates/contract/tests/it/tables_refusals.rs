//! RULES.md §13.8, §13.9: the tables refusals the core decides, as the
//! contract places and words them.

use crate::refusal::{listed, one_wording_one_pointer_named};
use serde_json::{json, Value};
use showdown_contract::tables::{tables_request, TablesRequest};
use showdown_core::{
    Names, SeatField, TablesIdRefusal, TablesRefusal as R, MAX_TABLES, MAX_TABLE_PLAYERS,
};

/// The problems of one 6-seat table of three changed by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = json!({
        "tables": [{"id": "t1", "seats": 6, "buttonSeat": 1, "smallBlindSeat": 2,
            "bigBlindSeat": 3, "players": [
                {"id": "p1", "seat": 1}, {"id": "p2", "seat": 2}, {"id": "p3", "seat": 3}]}]
    });
    edit(&mut body);
    let req: TablesRequest = serde_json::from_value(body).unwrap();
    listed(tables_request(&req).unwrap_err())
}

/// The table's seat field as the request names it.
fn name(field: SeatField) -> &'static str {
    showdown_contract::RequestNames.term(field.term())
}

/// The request refused for `r` and its pointer. The match has no
/// wildcard: a refusal the core adds fails to compile until it is listed
/// here, with its pointer.
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::MaxDifferenceZero => (
            problems(|b| b["maxDifference"] = json!(0)),
            "/maxDifference",
        ),
        R::HaltNotAbove { halt, .. } => (
            problems(|b| b["haltDifference"] = json!(halt)),
            "/haltDifference",
        ),
        R::TooManyTables(n) => (
            problems(|b| {
                let t = b["tables"][0].clone();
                b["tables"] = (0..n)
                    .map(|i| {
                        let mut t = t.clone();
                        t["id"] = json!(format!("t{i}"));
                        t["players"] = json!([]);
                        t
                    })
                    .collect();
                b["tables"][0]["players"] = json!([{"id": "p1", "seat": 1}]);
            }),
            "/tables",
        ),
        R::TooManyPlayers(n) => (
            problems(|b| {
                b["tables"][0]["players"] = (0..n)
                    .map(|i| json!({"id": format!("p{i}"), "seat": 1 + i % 6}))
                    .collect();
            }),
            "/tables",
        ),
        R::NoPlayers => (
            problems(|b| b["tables"][0]["players"] = json!([])),
            "/tables",
        ),
        R::SeatsOutside { seats, .. } => (
            problems(|b| b["tables"][0]["seats"] = json!(seats)),
            "/tables/0/seats",
        ),
        R::SeatOutside { field, seat, .. } => {
            let found = problems(|b| b["tables"][0][name(field)] = json!(seat));
            (found, "/tables/0/smallBlindSeat")
        }
        r @ (R::ForwardNeedsButton { .. }
        | R::BlindsOnOneSeat { .. }
        | R::BlindWithFirstHand { .. }
        | R::FirstHandNeedsButton { .. }
        | R::ButtonHasNoPlayer { .. }) => button_case(r),
        R::PlayerSeatOutside { seat, .. } => (
            problems(|b| b["tables"][0]["players"][2]["seat"] = json!(seat)),
            "/tables/0/players/2/seat",
        ),
        R::SeatTakenTwice { seat, .. } => (
            problems(|b| b["tables"][0]["players"][2]["seat"] = json!(seat)),
            "/tables/0/players/2/seat",
        ),
    }
}

/// The button and blinds refusals of [`case`], by the same rule.
fn button_case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::ForwardNeedsButton { .. } => (
            problems(|b| {
                b["buttonRule"] = json!("forward");
                b["tables"][0].as_object_mut().unwrap().remove("buttonSeat");
            }),
            "/tables/0/buttonSeat",
        ),
        R::BlindsOnOneSeat { big, .. } => (
            problems(|b| {
                b["tables"][0]["smallBlindSeat"] = json!(big);
                b["tables"][0]["bigBlindSeat"] = json!(big);
            }),
            "/tables/0/bigBlindSeat",
        ),
        R::BlindWithFirstHand { .. } => (
            problems(|b| {
                b["tables"][0]["firstHand"] = json!(true);
                b["tables"][0]
                    .as_object_mut()
                    .unwrap()
                    .remove("bigBlindSeat");
            }),
            "/tables/0/smallBlindSeat",
        ),
        R::FirstHandNeedsButton { .. } => (
            problems(|b| {
                let t = b["tables"][0].as_object_mut().unwrap();
                t.insert("firstHand".into(), json!(true));
                for f in ["buttonSeat", "smallBlindSeat", "bigBlindSeat"] {
                    t.remove(f);
                }
            }),
            "/tables/0/buttonSeat",
        ),
        R::ButtonHasNoPlayer { seat, .. } => (
            problems(|b| {
                let t = b["tables"][0].as_object_mut().unwrap();
                t.insert("firstHand".into(), json!(true));
                t.insert("buttonSeat".into(), json!(seat));
                t.remove("smallBlindSeat");
                t.remove("bigBlindSeat");
            }),
            "/tables/0/buttonSeat",
        ),
        other => unreachable!("{other:?} is not a button or blind refusal"),
    }
}

/// RULES.md §13.8, §13.9: each of the core's tables refusals has one
/// wording, the core's, at one pointer; no two share a wording.
#[test]
fn rules_13_8_every_tables_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::MaxDifferenceZero,
        R::HaltNotAbove { halt: 1, max: 1 },
        R::TooManyTables(MAX_TABLES + 1),
        R::TooManyPlayers(MAX_TABLE_PLAYERS + 1),
        R::NoPlayers,
        R::SeatsOutside {
            table: 0,
            seats: 24,
        },
        R::SeatOutside {
            table: 0,
            field: SeatField::SmallBlind,
            seat: 7,
            seats: 6,
        },
        R::ForwardNeedsButton { table: 0 },
        R::BlindsOnOneSeat { table: 0, big: 3 },
        R::BlindWithFirstHand {
            table: 0,
            field: SeatField::SmallBlind,
        },
        R::FirstHandNeedsButton { table: 0 },
        R::ButtonHasNoPlayer { table: 0, seat: 5 },
        R::PlayerSeatOutside {
            table: 0,
            player: 2,
            seat: 7,
            seats: 6,
        },
        R::SeatTakenTwice {
            table: 0,
            player: 2,
            seat: 1,
            first: 0,
        },
    ];
    one_wording_one_pointer_named(&all, case);
}

/// RULES.md §13.8: each id given twice is refused once, in the core's
/// words, at the later id.
#[test]
fn rules_13_8_every_repeated_id_has_one_wording_and_one_pointer() {
    let all = [
        TablesIdRefusal::TableTwice {
            table: 1,
            id: "t1".into(),
            first: 0,
        },
        TablesIdRefusal::PlayerTwice {
            table: 1,
            player: 0,
            id: "p2".into(),
            first: (0, 1),
        },
    ];
    let case = |r: TablesIdRefusal| {
        let found = problems(|b| {
            let mut second = b["tables"][0].clone();
            second["id"] = json!("t2");
            for (j, id) in ["q1", "q2", "q3"].into_iter().enumerate() {
                second["players"][j]["id"] = json!(id);
            }
            match &r {
                TablesIdRefusal::TableTwice { id, .. } => second["id"] = json!(id),
                TablesIdRefusal::PlayerTwice { id, .. } => second["players"][0]["id"] = json!(id),
            }
            b["tables"].as_array_mut().unwrap().push(second);
        });
        let pointer = match r {
            TablesIdRefusal::TableTwice { .. } => "/tables/1/id",
            TablesIdRefusal::PlayerTwice { .. } => "/tables/1/players/0/id",
        };
        (found, pointer)
    };
    one_wording_one_pointer_named(&all, case);
}
