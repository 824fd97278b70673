//! The 422 checks of `showdown` and `players[].shows` (RULES.md §15.7):
//! the core's refusals (`showdown_refusal`) at their pointers, the
//! settings' closed sets, and the settings they read as.

use crate::problems::Problems;
use crate::settle::dto::SettleRequest;
use showdown_core::{
    all_in, last_aggressor_refusal, run_out_refusal, shows_refusal, AllFaceUp, FaceUp, Muck,
    ShowOrder, ShowdownAt, ShowdownRefusal, ShowdownTerms,
};

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

/// RULES.md §15.7: every refusal of the showdown's inputs, the core's
/// (`showdown_refusal`) at their pointers, then the closed sets. `shows`
/// on a folded player is refused with or without `showdown`.
pub(crate) fn check(req: &SettleRequest, p: &mut Problems) -> Option<ShowdownSettings> {
    for (i, pl) in req.players.iter().enumerate() {
        refuse(p, shows_refusal(i, pl.folded, pl.shows));
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
        // RULES.md §15.8: a cash-out is priced with every hand face up;
        // the all-in expectation is counted from every live hand, so it
        // turns them up too (what the answer says of them is theirs).
        all_face_up: if req.cash_outs.as_deref().is_some_and(|c| !c.is_empty()) {
            Some(AllFaceUp::CashOut)
        } else if req.all_in_ev.is_some() {
            Some(AllFaceUp::AllInEv)
        } else {
            None
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

/// A refusal of the showdown's inputs at its pointer.
fn refuse(p: &mut Problems, refusal: Option<ShowdownRefusal>) {
    if let Some(r) = refusal {
        let pointer = match r.at() {
            ShowdownAt::Shows(i) => format!("/players/{i}/shows"),
            ShowdownAt::LastAggressor => "/showdown/lastAggressor".to_string(),
            ShowdownAt::RunOut => "/showdown/runOut".to_string(),
        };
        p.push(pointer, r.to_string());
    }
}

/// `lastAggressor`: the id of a live player of the hand.
fn last_aggressor(req: &SettleRequest, p: &mut Problems) -> Option<usize> {
    let id = req.showdown.as_ref()?.last_aggressor.as_deref()?;
    let at = req.players.iter().position(|pl| pl.id == id);
    let refusal = last_aggressor_refusal(at.map(|i| req.players[i].folded));
    refuse(p, refusal);
    at.filter(|_| refusal.is_none())
}

/// `runOut`: cards dealt after the betting ended (the core's
/// `run_out_refusal`, counting the live players not all in).
fn run_out(req: &SettleRequest, p: &mut Problems) -> bool {
    let run_out = req.showdown.as_ref().is_some_and(|sd| sd.run_out);
    let not_all_in = req
        .players
        .iter()
        .filter(|pl| !pl.folded && !all_in(pl.stack, pl.committed, pl.dead.unwrap_or(0)))
        .count();
    refuse(p, run_out_refusal(run_out, not_all_in));
    run_out
}
