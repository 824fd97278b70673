//! The per-pot equity over the run-outs, the one home of what cash-outs
//! (RULES.md §10.5) and the all-in expectation (§17) both read: every live
//! hand enumerated once from the final board's first `k` cards, every pot
//! tallied at once among its eligible hands.

use crate::settle::hand::Hand;
use crate::settle::validated::Validated;
use showdown_cards::Card;
use showdown_core::RunoutShares;
use showdown_equity::{enumerate_until, Equity, EquityError, PotMask};
use std::sync::atomic::AtomicBool;

/// The hands the enumeration knows: every live player's (§10.2), by core
/// index, whether or not a pot is theirs (folded players' cards stay in
/// the deck); and each pot's eligible hands among them.
pub(crate) struct Live<'v> {
    /// Core indices of the live hands, rising.
    live: Vec<usize>,
    hands: Vec<&'v [Card]>,
    masks: Vec<PotMask>,
}

impl<'v> Live<'v> {
    pub(crate) fn of(hand: &Hand<'_, 'v>) -> Live<'v> {
        let (v, order) = (hand.v, hand.order());
        let live: Vec<usize> = (0..order.len())
            .filter(|&k| !hand.player(k).folded && !v.hole(order[k]).is_empty())
            .collect();
        let hands = live.iter().map(|&k| v.hole(order[k])).collect();
        let mut out = Live {
            live,
            hands,
            masks: Vec::new(),
        };
        out.masks = hand
            .settlement()
            .pots
            .iter()
            .map(|p| {
                PotMask::of(
                    &p.eligible
                        .iter()
                        .filter_map(|&k| out.hand_of(k))
                        .collect::<Vec<_>>(),
                )
            })
            .collect();
        out
    }

    /// Every run-out from the first `board_cards` cards of the (first)
    /// board, each pot tallied among its hands; given up once `stop` is
    /// raised.
    pub(crate) fn enumerate(
        &self,
        v: &Validated,
        board_cards: u64,
        stop: &AtomicBool,
    ) -> Result<Equity, EquityError> {
        let k = usize::try_from(board_cards).unwrap_or(usize::MAX);
        let board = &v.board()[..k.min(v.board().len())];
        enumerate_until(v.variant, &self.hands, board, &[], &self.masks, stop)
    }

    /// The enumeration's index of core player `k`'s hand.
    fn hand_of(&self, k: usize) -> Option<usize> {
        self.live.binary_search(&k).ok()
    }

    /// Core player `k`'s share units in `pot` (`S` of §10.3), 0 for a
    /// player without a live hand.
    pub(crate) fn share_units(&self, eq: &Equity, pot: usize, k: usize) -> u64 {
        self.hand_of(k)
            .map_or(0, |h| eq.pots[pot].players[h].share_units)
    }

    /// Every core player's share units in every pot, as the core's
    /// expectation reads them.
    pub(crate) fn shares(&self, eq: &Equity, players: usize) -> RunoutShares {
        RunoutShares {
            runouts: eq.runouts,
            share_units: (0..eq.pots.len())
                .map(|pot| (0..players).map(|k| self.share_units(eq, pot, k)).collect())
                .collect(),
        }
    }
}
