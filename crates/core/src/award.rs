//! Awarding one pot among its eligible players (RULES.md §3–4).

use crate::cards_refusal::CardsRefusal;
use crate::odd_chip::{self, Side};
use crate::pot::Layer;
use crate::split::{divide, divide_with, halve, HiLoOddChips};
use crate::types::{Half, HandInput, HandStrength, Pot, SettleError, Share};

/// A player's hand on one side, if they have one there.
fn strength(
    input: &HandInput,
    player: usize,
    side: Side,
) -> Result<Option<HandStrength>, SettleError> {
    let hands = input
        .players
        .get(player)
        .and_then(|p| p.hands)
        .ok_or(SettleError::Cards(CardsRefusal::LiveWithoutCards {
            player,
        }))?;
    Ok(match side {
        Side::High => Some(hands.high),
        Side::Low => hands.low,
    })
}

/// TDA 20, Robert's 3.7.5.d, RULES.md §3: a pot is decided among its
/// eligible players only, by hand value; equal values tie (suits never break
/// a tie for a pot, Robert's 3.7.1). Returns the winners on `side` in
/// odd-chip order for that side; empty when nobody has a hand there (no
/// qualifying low).
pub(crate) fn best_hands(
    input: &HandInput,
    eligible: &[usize],
    side: Side,
) -> Result<Vec<usize>, SettleError> {
    let mut best: Option<u64> = None;
    let mut winners = Vec::with_capacity(eligible.len());
    for &i in eligible {
        let Some(s) = strength(input, i, side)? else {
            continue;
        };
        match best {
            Some(b) if s.value < b => {}
            Some(b) if s.value == b => winners.push(i),
            _ => {
                best = Some(s.value);
                winners.clear();
                winners.push(i);
            }
        }
    }
    odd_chip::sort(&input.players, input.order, side, &mut winners);
    Ok(winners)
}

/// RULES.md §4 (split-pot games): the same set of players winning both
/// halves split the pot as one (TDA 19 and its Illustration F, Examples 1
/// and 2: 66 between two identical wheels is 33 and 33).
pub(crate) fn same_winners(high: &[usize], low: &[usize]) -> bool {
    // Each list holds a player at most once, in odd-chip order (which may
    // differ by side): the same set is the same length, one inside the other.
    high.len() == low.len() && high.iter().all(|p| low.contains(p))
}

/// RULES.md §2.3: a pot with one eligible player goes to that player
/// without a showdown.
fn award_unopposed(layer: Layer, player: usize) -> Pot {
    Pot {
        amount: layer.amount,
        eligible: layer.eligible,
        tie: false,
        shares: vec![Share {
            player,
            half: Half::Whole,
            amount: layer.amount,
            odd_chips: 0,
        }],
        rake: 0,
        jackpot: 0,
        cut: None,
    }
}

/// Awards one pot: one eligible player takes it; a one-hand game splits it
/// among the best hands; a split game halves it unless nobody qualifies for
/// low (the high hand scoops) or the same players win both halves (split as
/// one, odd chips in the order of their high hands, RULES.md §4). Halved,
/// `hi_lo` says who gets the low half's leftover units.
pub(crate) fn award_pot(
    input: &HandInput,
    unit: u64,
    layer: Layer,
    hi_lo: HiLoOddChips,
) -> Result<Pot, SettleError> {
    let mut layer = layer;
    layer
        .eligible
        .sort_by_key(|&i| input.players.get(i).map(|p| p.seat));
    if let [only] = layer.eligible[..] {
        return Ok(award_unopposed(layer, only));
    }
    let high = best_hands(input, &layer.eligible, Side::High)?;
    let low = if input.split_game {
        best_hands(input, &layer.eligible, Side::Low)?
    } else {
        Vec::new()
    };
    let (shares, tie) = if low.is_empty() || same_winners(&high, &low) {
        (
            divide(layer.amount, unit, &high, Half::Whole)?,
            high.len() > 1,
        )
    } else {
        let (high_amount, low_amount) = halve(layer.amount, unit)?;
        let moved = hi_lo.to_high(low_amount, unit, low.len());
        let low_amount = moved
            .checked_mul(unit)
            .and_then(|chips| low_amount.checked_sub(chips))
            .ok_or(SettleError::Overflow)?;
        let mut shares = divide_with(high_amount, unit, &high, Half::High, moved)?;
        shares.extend(divide(low_amount, unit, &low, Half::Low)?);
        (shares, high.len() > 1 || low.len() > 1)
    };
    Ok(Pot {
        amount: layer.amount,
        eligible: layer.eligible,
        tie,
        shares,
        rake: 0,
        jackpot: 0,
        cut: None,
    })
}
