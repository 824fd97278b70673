//! The 422 checks of `showdown` and `players[].shows` (RULES.md §15.7),
//! each with its pointer, and the settings they read as.

use crate::problems::Problems;
use crate::settle::SettleRequest;
use showdown_core::{FaceUp, Muck, ShowOrder, ShowdownTerms};

/// A request's `showdown`, checked: the core's terms, and who the answer
/// is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowdownSettings {
    /// The core's terms, but `last_aggressor` is a request index.
    pub terms: ShowdownTerms,
    /// `audience: table`: no card or rank of a hand not shown in the answer.
    pub table: bool,
}

const ORDERS: [(&str, ShowOrder); 3] = [
    ("action", ShowOrder::Action),
    ("pots", ShowOrder::Pots),
    ("seat", ShowOrder::Seat),
];

/// RULES.md §15.7: every refusal of the showdown's inputs. `shows` on a
/// folded player is refused with or without `showdown`.
pub(super) fn check(req: &SettleRequest, p: &mut Problems) -> Option<ShowdownSettings> {
    for (i, pl) in req.players.iter().enumerate() {
        if pl.shows && pl.folded {
            p.push(
                format!("/players/{i}/shows"),
                format!("player {:?} folded: a folded hand cannot be shown", pl.id),
            );
        }
    }
    let sd = req.showdown.as_ref()?;
    let muck = [("losers", Muck::Losers), ("none", Muck::None)];
    let face_up = [
        ("allIn", FaceUp::AllIn),
        ("bettingOver", FaceUp::BettingOver),
        ("runOut", FaceUp::RunOut),
    ];
    let audience = [("house", false), ("table", true)];
    let field = |name: &str| format!("/showdown/{name}");
    let terms = ShowdownTerms {
        last_aggressor: last_aggressor(req, p),
        run_out: run_out(req, p),
        muck: p.pick(&field("muck"), "muck", sd.muck.as_deref(), &muck)?,
        face_up: p.pick(&field("faceUp"), "faceUp", sd.face_up.as_deref(), &face_up)?,
        order: p.pick(&field("order"), "order", sd.order.as_deref(), &ORDERS)?,
        face_up_order: match sd.face_up_order.as_deref() {
            None => None,
            Some(o) => p.pick(&field("faceUpOrder"), "faceUpOrder", Some(o), &ORDERS),
        },
    };
    Some(ShowdownSettings {
        terms,
        table: p.pick(
            &field("audience"),
            "audience",
            sd.audience.as_deref(),
            &audience,
        )?,
    })
}

/// `lastAggressor`: the id of a live player of the hand.
fn last_aggressor(req: &SettleRequest, p: &mut Problems) -> Option<usize> {
    let id = req.showdown.as_ref()?.last_aggressor.as_deref()?;
    let at = req.players.iter().position(|pl| pl.id == id);
    match at {
        Some(i) if !req.players[i].folded => Some(i),
        Some(_) => {
            p.push(
                "/showdown/lastAggressor",
                format!("player {id:?} folded: the last aggressor is a live player"),
            );
            None
        }
        None => {
            p.push(
                "/showdown/lastAggressor",
                format!("no player has the id {id:?}: the last aggressor is a live player"),
            );
            None
        }
    }
}

/// `runOut`: cards dealt after the betting ended, so at most one live
/// player can still have chips behind (RULES.md §15.1: all in is
/// `committed + dead = stack`).
fn run_out(req: &SettleRequest, p: &mut Problems) -> bool {
    let run_out = req.showdown.as_ref().is_some_and(|sd| sd.run_out);
    let not_all_in = req
        .players
        .iter()
        .filter(|pl| !pl.folded && pl.committed.saturating_add(pl.dead.unwrap_or(0)) != pl.stack)
        .count();
    if run_out && not_all_in >= 2 {
        p.push(
            "/showdown/runOut",
            format!("{not_all_in} live players are not all in: the betting had not ended, so nothing was run out"),
        );
    }
    run_out
}
