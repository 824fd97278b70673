//! RULES.md §9.1 and API.md: the refusals of a hand's card counts the
//! core decides, as the settle route places and words them.

use crate::refusal::{one_wording_one_pointer, settle_problems, showdown_hand};
use serde_json::{json, Value};
use showdown_core::{CardsAt, CardsRefusal as R, MAX_LISTED_BOARDS};

/// The problems of a two-handed hold'em showdown changed by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = showdown_hand();
    edit(&mut body);
    settle_problems(body)
}

/// `n` boards of `size` hold'em cards each, sharing nothing.
fn boards(n: usize, size: usize) -> Value {
    let deck: Vec<String> = "456789TJ"
        .chars()
        .flat_map(|r| "cdhs".chars().map(move |s| format!("{r}{s}")))
        .collect();
    json!(deck.chunks(size).take(n).collect::<Vec<_>>())
}

/// A razz hand (no board, no button) changed by `edit`.
fn razz(b: &mut Value) {
    b["variant"] = json!("razz");
    b.as_object_mut().unwrap().remove("buttonSeat");
    b.as_object_mut().unwrap().remove("board");
    b["players"][0]["cards"] = json!(["Ah", "2d", "3s", "4c", "5h", "6d", "7s"]);
    b["players"][1]["cards"] = json!(["Kh", "Kd", "Qs", "Qc", "Jh", "Jd", "Ts"]);
}

/// The request refused for `r` and its pointer (no wildcard: a refusal
/// the core adds fails to compile until it is listed here).
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    let board =
        |b: &mut Value, n: usize| b["board"] = boards(1, 5)[0].as_array().unwrap()[..n].into();
    match r {
        R::NoBoard { got, .. } => (
            problems(|b| {
                razz(b);
                b["board"] = json!(["Tc"][..got]);
            }),
            "/board",
        ),
        R::BoardAtShowdown { got, .. } => (problems(|b| board(b, got)), "/board"),
        R::BoardTooLong {
            at: CardsAt::OneBoard(_),
            got,
            ..
        } => (
            problems(|b| {
                b["players"][1]["folded"] = json!(true);
                b.as_object_mut().unwrap().remove("board");
                b["boards"] = json!([boards(2, 5)[0], boards(1, got)[0]]);
            }),
            "/boards/1",
        ),
        R::BoardTooLong { .. } => (
            problems(|b| {
                b["players"][1]["folded"] = json!(true);
                board(b, 4);
                b["board"]
                    .as_array_mut()
                    .unwrap()
                    .extend([json!("Ac"), json!("As")]);
            }),
            "/board",
        ),
        R::LiveWithoutCards { .. } => (
            problems(|b| b["players"][1]["cards"] = json!([])),
            "/players/1/cards",
        ),
        R::HoleAtShowdown { got, .. } => (
            problems(|b| b["players"][1]["cards"] = json!(["2c", "3c", "4c"][..got])),
            "/players/1/cards",
        ),
        R::HoleTooMany { .. } => (
            problems(|b| {
                b["players"][1]["folded"] = json!(true);
                b["players"][1]["cards"] = json!(["2c", "3c", "4c"]);
            }),
            "/players/1/cards",
        ),
        R::BoardAndBoards
        | R::BoardsWithoutBoard(_)
        | R::NoBoards
        | R::TooManyBoards(_)
        | R::BoardsOverDeck { .. } => (boards_case(r), "/boards"),
    }
}

/// The request whose `boards` is refused for `r`.
fn boards_case(r: R) -> Vec<(String, String)> {
    let edit = |b: &mut Value| {
        let boards_only = !matches!(r, R::BoardAndBoards);
        if boards_only {
            b.as_object_mut().unwrap().remove("board");
        }
        b["boards"] = match r {
            R::NoBoards => json!([]),
            R::TooManyBoards(n) => json!(vec![json!([]); n]),
            R::BoardsOverDeck { boards: n, .. } => boards(n, 5),
            _ => boards(2, 5),
        };
        if let R::BoardsWithoutBoard(_) = r {
            razz(b);
        }
        if let R::BoardsOverDeck { players, .. } = r {
            let folded = (3..=players).map(|s| {
                json!({"id": format!("p{s}"), "seat": s, "stack": 100, "committed": 10, "folded": true})
            });
            b["players"].as_array_mut().unwrap().extend(folded);
        }
    };
    problems(edit)
}

/// RULES.md §9.1 and API.md: each of the core's refusals of a hand's
/// card counts has one wording, the core's, at one pointer.
#[test]
fn rules_9_1_every_card_count_refusal_has_one_wording_and_one_pointer() {
    let hold_em = "holdem";
    let all = [
        R::NoBoard {
            variant: "razz",
            got: 1,
        },
        R::BoardAtShowdown {
            at: CardsAt::Board,
            variant: hold_em,
            want: 5,
            got: 3,
        },
        R::BoardTooLong {
            at: CardsAt::Board,
            variant: hold_em,
            want: 5,
            got: 6,
        },
        R::BoardTooLong {
            at: CardsAt::OneBoard(1),
            variant: hold_em,
            want: 5,
            got: 7,
        },
        R::LiveWithoutCards { player: 1 },
        R::HoleAtShowdown {
            player: 1,
            variant: hold_em,
            want: 2,
            got: 1,
        },
        R::HoleTooMany {
            player: 1,
            variant: hold_em,
            want: 2,
            got: 3,
        },
        R::BoardAndBoards,
        R::BoardsWithoutBoard("razz"),
        R::NoBoards,
        R::TooManyBoards(MAX_LISTED_BOARDS + 1),
        R::BoardsOverDeck {
            boards: 4,
            needed: 60,
            players: 20,
            holes: 2,
            deck: 52,
        },
    ];
    one_wording_one_pointer(&all, case);
}
