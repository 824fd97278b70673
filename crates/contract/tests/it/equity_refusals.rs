//! RULES.md §10.1 and API.md: the equity refusals the equity crate
//! decides, as the contract places and words them.

use crate::refusal::{listed, one_wording_one_pointer};
use serde_json::{json, Value};
use showdown_cards::VariantId;
use showdown_contract::equity::{prepare, EquityRequest};
use showdown_equity::{EquityRefusal as R, MAX_REQUEST_PLAYERS};

/// The problems of a heads-up hold'em equity changed by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = json!({
        "variant": "holdem",
        "players": [{"id": "a", "cards": ["Ah", "Kd"]}, {"id": "b", "cards": ["2c", "3c"]}]
    });
    edit(&mut body);
    let req: EquityRequest = serde_json::from_value(body).unwrap();
    listed(prepare(&req).err().expect("refused"))
}

/// `n` hands of `k` cards from one deck, in order (twos first).
fn hands(n: usize, k: usize) -> Value {
    let deck: Vec<String> = "23456789TJQKA"
        .chars()
        .flat_map(|r| "cdhs".chars().map(move |s| format!("{r}{s}")))
        .collect();
    let hands = deck.chunks(k).take(n).enumerate();
    let players = hands.map(|(i, c)| json!({"id": format!("p{i}"), "cards": c}));
    json!(players.collect::<Vec<_>>())
}

/// The request refused for `r` and its pointer. The match has no
/// wildcard: a refusal the crate adds fails to compile until it is
/// listed here, with its pointer.
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::Game(v) => (problems(|b| b["variant"] = json!(v.as_str())), "/variant"),
        R::BoardCards(n) => (
            problems(|b| b["board"] = json!(["4d", "5d", "6d", "7d", "8d"][..n])),
            "/board",
        ),
        R::Players(n) => (problems(|b| b["players"] = hands(n, 2)), "/players"),
        R::HoleCards { got, .. } => (
            problems(|b| b["players"][1]["cards"] = json!(["2c", "3c", "4c"][..got])),
            "/players/1/cards",
        ),
        R::DeckRunsOut { .. } => (
            problems(|b| {
                b["variant"] = json!("omaha-6");
                b["players"] = hands(8, 6);
                b["board"] = json!(["Ac", "Ad", "Ah", "As"]);
            }),
            "/players",
        ),
    }
}

/// RULES.md §10.1 and API.md: each refusal of an equity request has one
/// wording, the equity crate's, at one pointer; no two share a wording.
#[test]
fn rules_10_1_every_equity_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::Game(VariantId::Razz),
        R::BoardCards(5),
        R::Players(MAX_REQUEST_PLAYERS + 1),
        R::HoleCards {
            player: 1,
            variant: VariantId::Holdem,
            want: 2,
            got: 3,
        },
        R::DeckRunsOut {
            known: 52,
            size: 52,
            need: 1,
        },
    ];
    one_wording_one_pointer(&all, case);
}
