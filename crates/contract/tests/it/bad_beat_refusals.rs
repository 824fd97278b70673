//! RULES.md §11.5: the bad-beat refusals the core decides, as the settle
//! route places and words them.

use crate::refusal::{one_wording_one_pointer_named, settle_problems, showdown_hand};
use serde_json::{json, Value};
use showdown_cards::{NotInShortDeck, VariantId};
use showdown_core::BadBeatRefusal as R;

/// The problems of a two-handed showdown with a bad-beat jackpot, changed
/// by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = showdown_hand();
    body["badBeat"] = json!({"pool": 1000, "minLosingHand": ["Ah", "Ad", "Ac", "Kh", "Kd"]});
    edit(&mut body);
    settle_problems(body)
}

/// The request refused for `r` and its pointer (no wildcard: a refusal
/// the core adds fails to compile until it is listed here).
fn case(r: R) -> (Vec<(String, String)>, &'static str) {
    match r {
        R::Game(_) => (
            problems(|b| {
                b["variant"] = json!("omaha-hi-lo");
                b["players"][0]["cards"] = json!(["Ah", "Kd", "Qs", "Jc"]);
                b["players"][1]["cards"] = json!(["2c", "3c", "4h", "5h"]);
            }),
            "/badBeat",
        ),
        R::Shares(total) => (
            problems(|b| b["badBeat"]["tableBp"] = json!(total - 7_500)),
            "/badBeat",
        ),
        R::PlayersDealt { dealt, .. } => (
            problems(|b| b["badBeat"]["playersDealt"] = json!(dealt)),
            "/badBeat/playersDealt",
        ),
        R::MinPlayersDealt(m) => (
            problems(|b| b["badBeat"]["minPlayersDealt"] = json!(m)),
            "/badBeat/minPlayersDealt",
        ),
    }
}

/// RULES.md §11.5: each of the core's refusals of a jackpot's terms has
/// one wording, the core's, at one pointer.
#[test]
fn rules_11_5_every_bad_beat_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::Game(VariantId::OmahaHiLo),
        R::Shares(10_001),
        R::PlayersDealt {
            players: 2,
            dealt: 1,
        },
        R::MinPlayersDealt(u64::from(u32::MAX) + 1),
    ];
    one_wording_one_pointer_named(&all, case);
}

/// A card of the minimum losing hand is refused as a card of any list:
/// a card the short deck lacks in the cards crate's words (a card given
/// twice: `card_twice_refusals.rs`).
#[test]
fn rules_11_5_a_minimum_losing_hand_refuses_cards_as_every_card_list_does() {
    let short = problems(|b| {
        b["variant"] = json!("short-deck");
        b["badBeat"]["minLosingHand"] = json!(["2d", "Ad", "Ac", "Kh", "Kd"]);
    });
    let lacks = NotInShortDeck("2d".parse().unwrap()).to_string();
    for at in ["/board/0", "/badBeat/minLosingHand/0"] {
        assert!(
            short.contains(&(at.into(), lacks.clone())),
            "{at}: {short:?}"
        );
    }
}
