//! Building the pots (RULES.md §2): uncalled bet, layers cut at the live
//! players' commitments, dead money, folded chips.

use crate::guard::{add, sub};
use crate::hand_refusal::{folded_uncalled, HandRefusal};
use crate::types::{PlayerInput, SettleError, Uncalled};

/// A pot before it is awarded: its chips and who may win them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Layer {
    pub amount: u64,
    /// Indices of the live players who committed at least this layer's cut.
    pub eligible: Vec<usize>,
}

/// RULES.md §2.1 (uncalled bet): if one player alone committed the most, the
/// part above the second-largest commitment was never called and goes back
/// to that player. Only live commitments count; `dead` matches no bet.
/// A folded player holding that bet is an impossible hand
/// ([`folded_uncalled`]'s refusal): someone must have bet past them.
pub(crate) fn uncalled_bet(players: &[PlayerInput]) -> Result<Option<Uncalled>, SettleError> {
    if let Some(r) = folded_uncalled(players.iter().map(|p| (p.committed, p.folded))) {
        return Err(SettleError::Hand(r));
    }
    let Some((top, top_amount)) = players
        .iter()
        .enumerate()
        .map(|(i, p)| (i, p.committed))
        .max_by_key(|&(_, c)| c)
    else {
        return Ok(None);
    };
    let mut second = 0u64;
    for (i, p) in players.iter().enumerate() {
        if i == top {
            continue;
        }
        if p.committed == top_amount {
            return Ok(None); // called in full: nobody alone committed the most
        }
        second = second.max(p.committed);
    }
    let amount = sub(top_amount, second)?;
    if amount == 0 {
        return Ok(None);
    }
    Ok(Some(Uncalled {
        player: top,
        amount,
    }))
}

/// Each player's commitment once the uncalled bet is given back.
pub(crate) fn called_commitments(
    players: &[PlayerInput],
    uncalled: Option<Uncalled>,
) -> Result<Vec<u64>, SettleError> {
    let mut committed = Vec::with_capacity(players.len());
    for (i, p) in players.iter().enumerate() {
        committed.push(match uncalled {
            Some(u) if u.player == i => sub(p.committed, u.amount)?,
            _ => p.committed,
        });
    }
    Ok(committed)
}

/// RULES.md §2.2 (layers): the distinct commitments of the live players,
/// ascending, are the cuts between pots. Folded players make no cut.
pub(crate) fn live_cuts(players: &[PlayerInput], committed: &[u64]) -> Vec<u64> {
    let mut cuts: Vec<u64> = players
        .iter()
        .zip(committed)
        .filter(|(p, _)| !p.folded)
        .map(|(_, &c)| c)
        .collect();
    cuts.sort_unstable();
    cuts.dedup();
    cuts
}

/// RULES.md §2.2: layer `(prev, cut]` holds, from every player (folded ones
/// too), the part of their commitment between the previous cut and this one.
pub(crate) fn layer_chips(committed: &[u64], prev: u64, cut: u64) -> Result<u64, SettleError> {
    committed
        .iter()
        .try_fold(0u64, |sum, &c| add(sum, c.min(cut).saturating_sub(prev)))
}

/// RULES.md §2.2: the eligible players of a layer are the live players who
/// committed at least its cut (TDA 20: each side pot is split separately,
/// among those who contested it).
pub(crate) fn layer_eligible(players: &[PlayerInput], committed: &[u64], cut: u64) -> Vec<usize> {
    players
        .iter()
        .zip(committed)
        .enumerate()
        .filter(|(_, (p, &c))| !p.folded && reaches(c, cut))
        .map(|(i, _)| i)
        .collect()
}

/// RULES.md §2.2: a live player's commitment reaches the pot cut at
/// `cut` when it is at least that cut. Their commitment as bet works as
/// well as the one after the uncalled bet: only the one player who
/// committed the most gets chips back, and they reach every pot either way.
pub(crate) fn reaches(committed: u64, cut: u64) -> bool {
    committed >= cut
}

/// RULES.md §2.2: every player's `dead` (big-blind ante, dead small blind)
/// and the hand's `deadMoney` go into the main pot: they match no bet.
pub(crate) fn main_pot_dead(players: &[PlayerInput], dead_money: u64) -> Result<u64, SettleError> {
    players
        .iter()
        .try_fold(dead_money, |sum, p| add(sum, p.dead))
}

/// RULES.md §2.2: chips that folded players put in above the highest live
/// commitment go into the last pot (they were called by nobody still in,
/// yet no one of them alone holds them as an uncalled bet).
pub(crate) fn folded_above_top(committed: &[u64], top: u64) -> Result<u64, SettleError> {
    committed
        .iter()
        .try_fold(0u64, |sum, &c| add(sum, c.saturating_sub(top)))
}

/// RULES.md §2.2–2.3: the pots, main first. A layer with no chips makes no
/// pot. `committed` is after the uncalled bet was given back. The tests'
/// view of [`cut_layers`] (the settlement calls that directly, so a hand
/// builds its pots once).
#[cfg(test)]
pub(crate) fn build_layers(
    players: &[PlayerInput],
    committed: &[u64],
    dead_money: u64,
) -> Result<Vec<Layer>, SettleError> {
    Ok(cut_layers(players, committed, dead_money)?
        .into_iter()
        .map(|(_, layer)| layer)
        .collect())
}

/// RULES.md §2.2–2.3: the pots, main first, each with its upper cut (a
/// layer with no chips makes no pot): the pot holds every commitment's part
/// up to that cut. The settlement keeps each cut on its pot (`Pot::cut`),
/// where the showdown (§15) and the bounties (§12.4) read it.
pub(crate) fn cut_layers(
    players: &[PlayerInput],
    committed: &[u64],
    dead_money: u64,
) -> Result<Vec<(u64, Layer)>, SettleError> {
    let cuts = live_cuts(players, committed);
    let Some(&top) = cuts.last() else {
        return Err(SettleError::Hand(HandRefusal::NoLivePlayer));
    };
    let mut layers = Vec::with_capacity(cuts.len());
    let mut prev = 0u64;
    for (k, &cut) in cuts.iter().enumerate() {
        let mut amount = layer_chips(committed, prev, cut)?;
        if k == 0 {
            amount = add(amount, main_pot_dead(players, dead_money)?)?;
        }
        if k + 1 == cuts.len() {
            amount = add(amount, folded_above_top(committed, top)?)?;
        }
        if amount > 0 {
            let eligible = layer_eligible(players, committed, cut);
            layers.push((cut, Layer { amount, eligible }));
        }
        prev = cut;
    }
    Ok(layers)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layer(amount: u64, eligible: &[usize]) -> Layer {
        Layer {
            amount,
            eligible: eligible.to_vec(),
        }
    }

    fn p(seat: u32, committed: u64, folded: bool) -> PlayerInput {
        PlayerInput {
            seat,
            stack: 10_000,
            committed,
            dead: 0,
            folded,
            hands: None,
        }
    }

    #[test]
    fn rules_2_1_uncalled_bet_returned_to_sole_top_committer() {
        let players = [p(1, 100, true), p(2, 100, true), p(3, 300, false)];
        assert_eq!(
            uncalled_bet(&players),
            Ok(Some(Uncalled {
                player: 2,
                amount: 200
            }))
        );
    }

    #[test]
    fn rules_2_1_no_uncalled_bet_when_top_commitment_is_matched() {
        let players = [p(1, 300, false), p(2, 300, false), p(3, 100, false)];
        assert_eq!(uncalled_bet(&players), Ok(None));
    }

    #[test]
    fn rules_2_1_folded_player_cannot_hold_the_uncalled_bet() {
        let players = [p(1, 500, true), p(2, 300, false)];
        let refused = HandRefusal::FoldedUncalled {
            player: 0,
            committed: 500,
        };
        assert_eq!(uncalled_bet(&players), Err(SettleError::Hand(refused)));
    }

    #[test]
    fn rules_2_1_dead_chips_match_no_bet() {
        // A big-blind ante is dead: it makes no uncalled bet and no side pot.
        let mut bb = p(2, 200, false);
        bb.dead = 100;
        let players = [p(1, 200, false), bb];
        assert_eq!(uncalled_bet(&players), Ok(None));
        let layers = build_layers(&players, &[200, 200], 0).unwrap();
        assert_eq!(layers, vec![layer(500, &[0, 1])]);
    }

    #[test]
    fn rules_2_2_layers_cut_at_live_commitments_folded_chips_count() {
        // C all-in 100, A and B 300, D folded after putting in 200.
        let players = [
            p(1, 300, false),
            p(2, 300, false),
            p(3, 100, false),
            p(4, 200, true),
        ];
        let committed = [300, 300, 100, 200];
        let layers = build_layers(&players, &committed, 0).unwrap();
        assert_eq!(layers, vec![layer(400, &[0, 1, 2]), layer(500, &[0, 1])]);
    }

    #[test]
    fn rules_2_2_dead_money_goes_to_main_pot() {
        let mut a = p(1, 100, false);
        a.dead = 25;
        let players = [a, p(2, 200, false), p(3, 200, false)];
        let layers = build_layers(&players, &[100, 200, 200], 7).unwrap();
        assert_eq!(layers[0], layer(332, &[0, 1, 2]));
        assert_eq!(layers[1], layer(200, &[1, 2]));
    }

    #[test]
    fn rules_2_2_folded_chips_above_highest_live_commitment_go_to_last_pot() {
        // Two folded players tied at 500 (no uncalled bet), live at 100 and 300.
        let players = [
            p(1, 500, true),
            p(2, 500, true),
            p(3, 100, false),
            p(4, 300, false),
        ];
        let committed = [500, 500, 100, 300];
        assert_eq!(uncalled_bet(&players), Ok(None));
        let layers = build_layers(&players, &committed, 0).unwrap();
        assert_eq!(layers, vec![layer(400, &[2, 3]), layer(600 + 400, &[3])]);
    }

    #[test]
    fn rules_2_3_layer_with_no_chips_makes_no_pot() {
        // A live player who put nothing in competes only for dead money; with
        // none, the first layer is empty and no pot is made of it.
        let players = [p(1, 0, false), p(2, 50, false), p(3, 50, false)];
        let layers = build_layers(&players, &[0, 50, 50], 0).unwrap();
        assert_eq!(layers, vec![layer(100, &[1, 2])]);
    }

    #[test]
    fn rules_2_overflowing_sums_are_errors_not_wraps() {
        let players = [p(1, u64::MAX, false), p(2, u64::MAX, false)];
        assert_eq!(
            build_layers(&players, &[u64::MAX, u64::MAX], 0),
            Err(SettleError::Overflow)
        );
    }
}
