//! Issue 18: the reason for every chip, as ordered steps derived from the
//! core's settlement (the core is not asked, so it cannot disagree). Here
//! the order of a hand's steps and the pots' own: the uncalled bets, the
//! dead money, each side pot, then each pot's take (house_take/explain.rs)
//! and award (award.rs, or boards/explain.rs on several boards); what a
//! hand adds on top, each feature explains in its own folder.
//!
//! Which amounts add up to what (the tests check it on every golden hand):
//! - the *paying* steps (`single-eligible`, `showdown-winner`, `split`,
//!   `odd-chip-*`, `board-share`) are one per pot share and sum to
//!   Σ `potBreakdown[].amount`;
//! - `uncalled-bet` steps sum to Σ `uncalled[].amount`;
//! - `rake` and `jackpot` steps sum to `rake.amount` and `jackpot.amount`;
//! - `side-pot` steps give each side pot's gross size, `dead-money` the dead
//!   chips of the hand, `no-qualifying-low` and `same-winners-split-once`
//!   the pot awarded whole, `halved-odd-unit-high` the one unit the high
//!   half gets over the low half: these explain, they pay nobody.

use super::award::explain_pot;
use crate::settle::boards::explain::board_shares;
use crate::settle::explain_step::{step, ExplainRule, ExplainStep};
use crate::settle::hand::Hand;
use crate::settle::house_take::explain::house_steps;
use crate::settle::names::pot_label;
use showdown_core::{Pot, Uncalled};

/// The steps for one settled hand, in the order the chips moved: the
/// uncalled bets, the dead money, then each pot (its size when a side
/// pot, the house's take, and its award on one board or on several).
pub(crate) fn explain(cx: &Hand) -> Vec<ExplainStep> {
    let (bs, s) = (cx.settled, cx.settlement());
    let mut out: Vec<ExplainStep> = s.uncalled.iter().map(|u| uncalled(cx, u)).collect();
    out.extend(dead_money(cx));
    for (idx, pot) in s.pots.iter().enumerate() {
        if idx > 0 {
            out.push(side_pot(cx, idx, pot));
        }
        house_steps(cx, &s.pots, idx, &mut out);
        match bs.pots.get(idx) {
            Some(parts) => out.extend(board_shares(cx, idx, pot, parts)),
            None => explain_pot(cx, idx, pot, &mut out),
        }
    }
    out
}

/// RULES.md §2: a bet nobody called goes back before the pots are formed.
fn uncalled(cx: &Hand, u: &Uncalled) -> ExplainStep {
    step(
        ExplainRule::UncalledBet,
        "RULES.md §2",
        None,
        vec![cx.id(u.player).into_owned()],
        u.amount,
        format!(
            "{} gets back the uncalled {} before the pots are formed (RULES.md §2).",
            cx.name(u.player),
            u.amount
        ),
    )
}

/// TDA 2013 Rule 20: the hand's dead money, when there is any.
fn dead_money(cx: &Hand) -> Option<ExplainStep> {
    let dead: u64 =
        cx.v.players()
            .iter()
            .map(|p| p.dead.unwrap_or(0))
            .fold(cx.v.dead_money, u64::saturating_add);
    (dead > 0).then(|| step(
        ExplainRule::DeadMoney,
        "TDA 2013 Rule 20",
        Some(0),
        Vec::new(),
        dead,
        format!("{dead} in dead money goes into the pots; it belongs to no live player (TDA 2013 Rule 20)."),
    ))
}

/// TDA 2013 Rule 20: a side pot's size and who contests it.
fn side_pot(cx: &Hand, idx: usize, pot: &Pot) -> ExplainStep {
    step(
        ExplainRule::SidePot,
        "TDA 2013 Rule 20",
        Some(idx),
        pot.eligible
            .iter()
            .map(|&k| cx.id(k).into_owned())
            .collect(),
        pot.amount,
        format!(
            "{} of {} is contested only by {}, who covered the all-in (TDA 2013 Rule 20).",
            pot_label(idx),
            pot.amount,
            cx.names(&pot.eligible)
        ),
    )
}
