//! RULES.md §1, §8 and API.md: the refusals of a hand's chips, table and
//! house terms the core decides, as the settle route places and words them.

use crate::refusal::{listed, one_wording_one_pointer_named, settle_problems};
use serde_json::{json, Value};
use showdown_contract::draw::{draw_request, DrawRequest};
use showdown_core::{
    ChipAmount, ChipsRefusal, EchoRefusal, HandRefusal, RakeRefusal, Unit, MAX_AMOUNT,
};

/// The problems of a two-handed hold'em hand changed by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = json!({
        "variant": "holdem", "buttonSeat": 1,
        "players": [
            {"id": "a", "seat": 1, "stack": 100, "committed": 10, "cards": ["Ah", "Kd"]},
            {"id": "b", "seat": 2, "stack": 100, "committed": 10, "cards": ["2c", "3c"]}
        ]
    });
    edit(&mut body);
    settle_problems(body)
}

/// Where the amount `what` sits in that hand, and how to set it. The
/// match has no wildcard: an amount the core adds fails to compile
/// until it is listed here, with its pointer.
fn place(what: ChipAmount) -> (&'static str, fn(&mut Value, u64)) {
    match what {
        ChipAmount::Stack => ("/players/0/stack", |b, v| {
            b["players"][0]["stack"] = json!(v)
        }),
        ChipAmount::Committed => ("/players/0/committed", |b, v| {
            b["players"][0]["committed"] = json!(v)
        }),
        ChipAmount::Dead => ("/players/0/dead", |b, v| b["players"][0]["dead"] = json!(v)),
        ChipAmount::DeadMoney => ("/deadMoney", |b, v| b["deadMoney"] = json!(v)),
        ChipAmount::JackpotAmount => ("/jackpot/amount", |b, v| {
            b["jackpot"] = json!({"amount": v})
        }),
        ChipAmount::MinPot => ("/jackpot/minPot", |b, v| {
            b["jackpot"] = json!({"amount": 0, "minPot": v})
        }),
        ChipAmount::Cap => ("/rake/cap", |b, v| {
            b["rake"] = json!({"percentBp": 500, "cap": v})
        }),
        ChipAmount::Pool => {
            (
                "/badBeat/pool",
                |b, v| {
                    b["badBeat"] =
                        json!({"pool": v, "minLosingHand": ["Ah", "Ad", "Ac", "Kh", "Kd"]})
                },
            )
        }
    }
}

/// Where the unit `what` sits in that hand, and how to set it (no
/// wildcard, as above).
fn unit_place(what: Unit) -> (&'static str, fn(&mut Value, u64)) {
    match what {
        Unit::Chip => ("/chipUnit", |b, v| b["chipUnit"] = json!(v)),
        Unit::Bounty => ("/tournament/bountyUnit", |b, v| {
            b["tournament"] = json!({ "bountyUnit": v })
        }),
        Unit::Prize => ("/tournament/prizeUnit", |b, v| {
            b["tournament"] = json!({ "prizeUnit": v })
        }),
    }
}

/// The request refused for `r` and the pointer it must get (the match
/// has no wildcard, as above).
fn case(r: ChipsRefusal) -> (Vec<(String, String)>, &'static str) {
    match r {
        ChipsRefusal::TooLarge(what, value) => {
            let (pointer, set) = place(what);
            (problems(|b| set(b, value)), pointer)
        }
        ChipsRefusal::NotMultiple(what, value, unit) => {
            let (pointer, set) = place(what);
            let edit = |b: &mut Value| {
                b["chipUnit"] = json!(unit);
                for p in ["stack", "committed"] {
                    for i in 0..2 {
                        b["players"][i][p] = json!(unit * 10);
                    }
                }
                set(b, value);
            };
            (problems(edit), pointer)
        }
        ChipsRefusal::UnitZero(what) => {
            let (pointer, set) = unit_place(what);
            (problems(|b| set(b, 0)), pointer)
        }
        ChipsRefusal::UnitTooLarge(what, value) => {
            let (pointer, set) = unit_place(what);
            (problems(|b| set(b, value)), pointer)
        }
        ChipsRefusal::HandTotal => (
            problems(|b| {
                for i in 0..2 {
                    b["players"][i]["stack"] = json!(MAX_AMOUNT);
                    b["players"][i]["committed"] = json!(MAX_AMOUNT / 2 + 1);
                }
            }),
            "/players",
        ),
        ChipsRefusal::OverStack { dead, .. } => (
            problems(|b| b["players"][0]["dead"] = json!(dead)),
            "/players/0/committed",
        ),
    }
}

/// API.md and RULES.md §2.1: each of the core's refusals of a hand's table has one
/// wording, the core's, at one pointer.
#[test]
fn api_every_hand_refusal_has_one_wording_and_one_pointer() {
    let all = [
        HandRefusal::TooFewPlayers(1),
        HandRefusal::NoLivePlayer,
        HandRefusal::FoldedUncalled {
            player: 1,
            committed: 30,
        },
        HandRefusal::ButtonRequired("holdem"),
        HandRefusal::NoButton("razz"),
        HandRefusal::ButtonSeatZero,
    ];
    // No wildcard: a refusal the core adds fails to compile until it is
    // listed here, with its pointer.
    let case = |r: HandRefusal| match r {
        HandRefusal::TooFewPlayers(_) => (
            problems(|b| {
                b["players"].as_array_mut().unwrap().pop();
            }),
            "/players",
        ),
        HandRefusal::NoLivePlayer => (
            problems(|b| {
                for i in 0..2 {
                    b["players"][i]["folded"] = json!(true);
                }
            }),
            "/players",
        ),
        HandRefusal::FoldedUncalled { player, committed } => (
            problems(|b| {
                b["players"][player]["committed"] = json!(committed);
                b["players"][player]["folded"] = json!(true);
            }),
            "/players/1/folded",
        ),
        HandRefusal::ButtonRequired(_) => (
            problems(|b| {
                b.as_object_mut().unwrap().remove("buttonSeat");
            }),
            "/buttonSeat",
        ),
        HandRefusal::NoButton(_) => (problems(|b| b["variant"] = json!("razz")), "/buttonSeat"),
        HandRefusal::ButtonSeatZero => (problems(|b| b["buttonSeat"] = json!(0)), "/buttonSeat"),
    };
    one_wording_one_pointer_named(&all, case);
}

/// RULES.md §8: each of the core's refusals of the house's terms has
/// one wording, the core's, at one pointer.
#[test]
fn rules_8_every_rake_refusal_has_one_wording_and_one_pointer() {
    let all = [
        RakeRefusal::PercentBp(10_001),
        RakeRefusal::PlayersDealt {
            dealt: 1,
            players: 2,
        },
        RakeRefusal::CapTwice {
            step: 1,
            min_players: 2,
            first: 0,
        },
    ];
    // No wildcard: a refusal the core adds fails to compile until it is
    // listed here, with its pointer.
    let case = |r: RakeRefusal| match r {
        RakeRefusal::PercentBp(bp) => (
            problems(|b| b["rake"] = json!({ "percentBp": bp })),
            "/rake/percentBp",
        ),
        RakeRefusal::PlayersDealt { dealt, .. } => (
            problems(|b| b["rake"] = json!({"percentBp": 500, "playersDealt": dealt})),
            "/rake/playersDealt",
        ),
        RakeRefusal::CapTwice { min_players, .. } => {
            let step = json!({"minPlayers": min_players, "cap": 5});
            let rake = json!({"percentBp": 500, "capsByPlayersDealt": [step, step]});
            (
                problems(|b| b["rake"] = rake),
                "/rake/capsByPlayersDealt/1/minPlayers",
            )
        }
    };
    one_wording_one_pointer_named(&all, case);
}

/// RULES.md §1 and API.md: each of the core's refusals of a chip amount
/// or a unit has one wording, the core's, at one pointer (the core's guard refuses
/// with the same values, so in the same words).
#[test]
fn rules_1_every_chip_amount_refusal_has_one_wording_and_one_pointer() {
    use ChipAmount as A;
    let amounts = [
        A::Stack,
        A::Committed,
        A::Dead,
        A::DeadMoney,
        A::JackpotAmount,
        A::MinPot,
        A::Cap,
        A::Pool,
    ];
    let mut all: Vec<ChipsRefusal> = Vec::new();
    for what in amounts {
        all.push(ChipsRefusal::TooLarge(what, MAX_AMOUNT + 1));
        all.push(ChipsRefusal::NotMultiple(what, 7, 5));
    }
    for what in [Unit::Chip, Unit::Bounty, Unit::Prize] {
        all.push(ChipsRefusal::UnitZero(what));
        all.push(ChipsRefusal::UnitTooLarge(what, MAX_AMOUNT + 1));
    }
    all.push(ChipsRefusal::HandTotal);
    all.push(ChipsRefusal::OverStack {
        committed: 10,
        dead: 95,
        stack: 100,
    });
    one_wording_one_pointer_named(&all, case);
}

/// RULES.md §1: each refusal of a number the answer echoes has one
/// wording, the core's, at one pointer.
#[test]
fn rules_1_every_echoed_number_refusal_has_one_wording_and_one_pointer() {
    let all = [
        EchoRefusal::HandNumber(MAX_AMOUNT + 1),
        EchoRefusal::Seed(MAX_AMOUNT + 2),
    ];
    let case = |r: EchoRefusal| match r {
        EchoRefusal::HandNumber(n) => (problems(|b| b["handNumber"] = json!(n)), "/handNumber"),
        EchoRefusal::Seed(seed) => {
            let body = json!({"purpose": "button", "seed": seed, "players": [
                {"id": "a", "seat": 1}, {"id": "b", "seat": 2}]});
            let req: DrawRequest = serde_json::from_value(body).unwrap();
            (listed(draw_request(&req).unwrap_err()), "/seed")
        }
    };
    one_wording_one_pointer_named(&all, case);
}
