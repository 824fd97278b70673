//! RULES.md §15.7: the showdown's refusals the core decides, as the
//! settle route places and words them.

use crate::refusal::{one_wording_one_pointer, settle_problems, showdown_hand};
use serde_json::{json, Value};
use showdown_cards::VariantId;
use showdown_core::{CardsRefusal, ShowdownError, ShowdownRefusal as R};

/// The problems of a two-handed hold'em showdown with `showdown`, changed
/// by `edit`.
fn problems(edit: impl FnOnce(&mut Value)) -> Vec<(String, String)> {
    let mut body = showdown_hand();
    body["showdown"] = json!({});
    edit(&mut body);
    settle_problems(body)
}

/// The request refused for `r` and its pointer (no wildcard: a refusal
/// the core adds fails to compile until it is listed here).
fn case(r: R) -> (Vec<(String, String)>, String) {
    match r {
        R::FoldedShows(i) => (
            problems(|b| {
                b["players"][i]["folded"] = json!(true);
                b["players"][i]["shows"] = json!(true);
            }),
            format!("/players/{i}/shows"),
        ),
        R::UnknownAggressor => (
            problems(|b| b["showdown"]["lastAggressor"] = json!("z")),
            "/showdown/lastAggressor".into(),
        ),
        R::FoldedAggressor => (
            problems(|b| {
                b["players"][1]["folded"] = json!(true);
                b["showdown"]["lastAggressor"] = json!("b");
            }),
            "/showdown/lastAggressor".into(),
        ),
        R::RunOut(n) => {
            assert_eq!(n, 2, "the hand has two players, neither all in");
            (
                problems(|b| b["showdown"]["runOut"] = json!(true)),
                "/showdown/runOut".into(),
            )
        }
    }
}

/// RULES.md §15.7: each of the core's refusals of a showdown's inputs has
/// one wording, the core's, at one pointer.
#[test]
fn rules_15_7_every_showdown_refusal_has_one_wording_and_one_pointer() {
    let all = [
        R::FoldedShows(1),
        R::UnknownAggressor,
        R::FoldedAggressor,
        R::RunOut(2),
    ];
    one_wording_one_pointer(&all, case);
}

/// `shows` on a folded player is refused without `showdown` too.
#[test]
fn rules_15_7_shows_on_a_folded_player_is_refused_without_showdown() {
    let mut body = showdown_hand();
    body["players"][0]["folded"] = json!(true);
    body["players"][0]["shows"] = json!(true);
    let found = settle_problems(body);
    let want = (
        "/players/0/shows".to_string(),
        R::FoldedShows(0).to_string(),
    );
    assert!(found.contains(&want), "{found:?}");
}

/// RULES.md §15.7: a live player's cards that cannot be read at a
/// showdown are the cards' refusals (`cards_refusals.rs`): none at all,
/// and a stud hand short of the seven its up cards are read from. The
/// core's guard for a live player without a hand words it alike.
#[test]
fn rules_15_7_unreadable_cards_at_a_showdown_are_the_cards_refusals() {
    let none = problems(|b| b["players"][1]["cards"] = json!([]));
    let without = CardsRefusal::LiveWithoutCards { player: 1 };
    let want = ("/players/1/cards".to_string(), without.to_string());
    assert!(none.contains(&want), "{none:?}");
    assert_eq!(
        ShowdownError::MissingHand(1).to_string(),
        without.to_string()
    );
    let stud = problems(|b| {
        b["variant"] = json!("stud");
        b.as_object_mut().unwrap().remove("buttonSeat");
        b.as_object_mut().unwrap().remove("board");
        b["players"][0]["cards"] = json!(["Ah", "Kh", "Qh", "Jh", "Th", "9h"]);
        b["players"][1]["cards"] = json!(["2c", "3c", "4c", "5c", "7d", "8d", "9d"]);
    });
    let short = CardsRefusal::HoleAtShowdown {
        player: 0,
        variant: VariantId::Stud.as_str(),
        want: 7,
        got: 6,
    };
    let want = ("/players/0/cards".to_string(), short.to_string());
    assert_eq!(stud, [want]);
}
