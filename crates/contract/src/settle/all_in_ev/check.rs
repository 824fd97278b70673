//! The 422 checks of `allInEv` (RULES.md §17.5): the core lists every
//! refusal with its place, and each becomes a problem with a pointer.

use crate::problems::Problems;
use crate::settle::boards::check::shared_cards;
use crate::settle::dto::SettleRequest;
use showdown_cards::VariantId;
use showdown_core::{all_in_ev_problems, AllInEvAt, AllInEvHand};
use showdown_equity::equity_game;

/// RULES.md §17.5: each of the core's refusals at its pointer.
pub(crate) fn check(req: &SettleRequest, variant: Option<VariantId>, p: &mut Problems) {
    let Some(ask) = &req.all_in_ev else {
        return;
    };
    let live_not_all_in = req
        .players
        .iter()
        .filter(|pl| {
            let dead = pl.dead.unwrap_or(0);
            !pl.folded && !showdown_core::showdown::all_in(pl.stack, pl.committed, dead)
        })
        .count();
    let hand = AllInEvHand {
        game_allowed: variant.is_none_or(|v| equity_game(v).is_some()),
        board_cards: ask.board_cards,
        shared_cards: shared_cards(req),
        live_not_all_in,
    };
    for problem in all_in_ev_problems(&hand) {
        let pointer = match problem.at {
            AllInEvAt::Request => "/allInEv",
            AllInEvAt::BoardCards => "/allInEv/boardCards",
        };
        p.push(pointer.to_string(), problem.refusal.to_string());
    }
}
