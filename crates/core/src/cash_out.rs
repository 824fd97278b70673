//! The all-in cash-out (RULES.md §10.5): a player takes their equity in
//! chips, less a fee, and what their hand goes on to win belongs to the
//! house.
//!
//! The hand is settled first exactly as without cash-outs; this module only
//! reads that [`Settlement`] and adds to it. The equities come in as exact
//! counts from an enumeration of every runout, done elsewhere: the core never
//! deals a card, and never uses a float. `net × S × (10000 − feeBp)` passes
//! 2^64 for large pots, so every product is taken in checked `u128`.

use crate::cash_out_refusal::{
    board_cards_refusal, fee_refusal, CashOutAt, CashOutField, CashOutProblem, CashOutRefusal,
};
pub use crate::cash_out_terms::{CashOutTerms, FeeRounding, DEFAULT_FEE_BP};
use crate::chips_refusal::{unit_refusal, ChipsRefusal};
use crate::guard::MAX_AMOUNT;
use crate::term::Unit;
use crate::types::{Reason, Settlement};

/// `D` of RULES.md §10.3: twice the least common multiple of 1 to 9, so that
/// `D × share` is whole for any split of one runout among up to nine
/// players, halves included.
pub const SHARE_UNITS_PER_RUNOUT: u64 = 5040;

/// The most runouts any hand has: every five-card board from a full deck,
/// C(52, 5). A larger count cannot come from an enumeration, and the bound
/// keeps `N × D` and every product below well inside `u128`.
pub const MAX_RUNOUTS: u64 = 2_598_960;

/// A player's equity in one pot, as the enumeration counts it: over
/// `runouts` (`N`) runouts the player's shares, each times `D`, add up to
/// `share_units` (`S`), so the equity is `S / (N × D)` exactly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PotEquity {
    /// Index of the pot in [`Settlement::pots`], main pot 0.
    pub pot: usize,
    pub share_units: u64,
    pub runouts: u64,
}

/// One cash-out to apply: the terms and the player's equity in every pot
/// they are eligible for (and in no other), in any order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashOut {
    pub terms: CashOutTerms,
    pub equities: Vec<PotEquity>,
}

/// A fraction in lowest terms; zero is `0/1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fraction {
    pub numerator: u64,
    pub denominator: u64,
}

/// One pot's part in a cash-out's value (API.md `cashOuts[].pots[]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashOutPot {
    /// Index of the pot, main pot 0.
    pub index: usize,
    /// The pot after the house's take: `amount − rake − jackpot`.
    pub net: u64,
    /// The player's equity in this pot.
    pub equity: Fraction,
}

/// What one cash-out came to (API.md `cashOuts[]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashOutOutcome {
    pub player: usize,
    pub board_cards: u64,
    pub fee_bp: u64,
    pub fee_rounding: FeeRounding,
    /// `N`, the runouts the equities were counted over.
    pub runouts: u64,
    /// The pots the player was eligible for, main pot first.
    pub pots: Vec<CashOutPot>,
    /// `V` rounded down to the chip unit, before the fee: for display.
    pub value: u64,
    /// `A`, paid to the player: under `down` the largest multiple of the
    /// chip unit not above `V × (10000 − feeBp) / 10000`, under `nearest`
    /// `value` less its fee rounded to the nearest unit.
    pub amount: u64,
    /// `value − amount`: what the house charged, booked apart from the
    /// forfeited winnings.
    pub fee: u64,
    /// What the player's hand won from the pots, which the house keeps.
    pub forfeited: u64,
}

/// The cash-outs of a hand applied to its settlement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CashOutSettlement {
    /// One per cash-out, in the order they were given.
    pub cash_outs: Vec<CashOutOutcome>,
    /// `Σ forfeited − Σ amount`, the house's result on the cash-outs; may be
    /// negative.
    pub balance: i64,
    /// Per player (by index): the settlement's final stack, with each
    /// cashed-out player's winnings replaced by their cash-out amount.
    pub final_stacks: Vec<u64>,
}

/// Why cash-outs cannot be applied. The server refuses a bad request first
/// (see [`crate::cash_out_problems`]), so these are the core's guard rails:
/// never a panic, never a wrapped number. `usize` fields name the cash-out
/// by its index in the list given.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CashOutError {
    /// The chip unit, refused by every unit's rule.
    #[error("{0}")]
    ChipUnit(ChipsRefusal),
    /// A cash-out's terms, refused by the rule the contract's 422 words
    /// too (`cash_out_problems`), with its place.
    #[error("{}", .0.refusal)]
    Refused(CashOutProblem),
    #[error("cash-out {0}: the player is eligible for no pot")]
    NoPot(usize),
    #[error("cash-out {0}: equities not one for each pot the player is eligible for")]
    EquityPots(usize),
    #[error("cash-out {0}: runouts must be 1 to 2598960 and the same for every pot")]
    Runouts(usize),
    #[error("cash-out {0}: an equity above 1")]
    ShareOverWhole(usize),
    #[error("cash-out {0}: an amount overflows")]
    Overflow(usize),
}

/// Apply `cash_outs` to a hand settled as without them (RULES.md §10.5.1):
/// each player's value `V = Σ net_p × E_p` over the pots they are eligible
/// for, the amount `A` after the fee, and what their hand forfeits.
///
/// The settlement itself is not changed (§10.5.6): pots, shares, rake and
/// jackpot stay as they are, and the cash-outs are reported beside them.
pub fn apply_cash_outs(
    settlement: &Settlement,
    chip_unit: u64,
    cash_outs: &[CashOut],
) -> Result<CashOutSettlement, CashOutError> {
    if let Some(refusal) = unit_refusal(Unit::Chip, chip_unit) {
        return Err(CashOutError::ChipUnit(refusal));
    }
    let mut final_stacks = settlement.final_stacks.clone();
    let mut outcomes = Vec::with_capacity(cash_outs.len());
    let mut balance: i64 = 0;
    for (i, cash_out) in cash_outs.iter().enumerate() {
        let player = cash_out.terms.player;
        if let Some(first) = cash_outs[..i].iter().position(|c| c.terms.player == player) {
            let refusal = CashOutRefusal::ListedTwice { first };
            return Err(refused(i, CashOutField::Player, refusal));
        }
        let outcome = one_cash_out(settlement, chip_unit, i, cash_out)?;
        let overflow = || CashOutError::Overflow(i);
        // §10.5.4: stack − committed − dead + returned + A, that is the
        // settled final stack without what the hand won, plus A.
        let stack = final_stacks.get_mut(player).ok_or(overflow())?;
        *stack = stack
            .checked_sub(outcome.forfeited)
            .and_then(|s| s.checked_add(outcome.amount))
            .filter(|&s| s <= MAX_AMOUNT)
            .ok_or(overflow())?;
        // §10.5.6: Σ forfeited − Σ A; both are at most 2^53 − 1.
        let forfeited = i64::try_from(outcome.forfeited).map_err(|_| overflow())?;
        let amount = i64::try_from(outcome.amount).map_err(|_| overflow())?;
        balance = balance
            .checked_add(forfeited)
            .and_then(|b| b.checked_sub(amount))
            .ok_or(overflow())?;
        outcomes.push(outcome);
    }
    Ok(CashOutSettlement {
        cash_outs: outcomes,
        balance,
        final_stacks,
    })
}

/// One cash-out's value, amount and forfeit (RULES.md §10.5.2-4); `i` is
/// its index, for the errors.
fn one_cash_out(
    settlement: &Settlement,
    unit: u64,
    i: usize,
    cash_out: &CashOut,
) -> Result<CashOutOutcome, CashOutError> {
    let CashOutTerms {
        player,
        board_cards,
        fee_bp,
        fee_rounding,
    } = cash_out.terms;
    let forfeited = *settlement.won.get(player).ok_or(refused(
        i,
        CashOutField::Player,
        CashOutRefusal::UnknownPlayer,
    ))?;
    if settlement.reason != Reason::Showdown {
        return Err(refused(i, CashOutField::Player, CashOutRefusal::NoShowdown));
    }
    if let Some(r) = board_cards_refusal(board_cards) {
        return Err(refused(i, CashOutField::BoardCards, r));
    }
    if let Some(r) = fee_refusal(fee_bp) {
        return Err(refused(i, CashOutField::FeeBp, r));
    }
    let equities = equities_by_pot(settlement, i, cash_out)?;
    let runouts = equities[0].runouts;
    if !(1..=MAX_RUNOUTS).contains(&runouts) || equities.iter().any(|e| e.runouts != runouts) {
        return Err(CashOutError::Runouts(i));
    }
    // N × D < 2^34, so it fits u64 and every product below fits u128.
    let whole = runouts * SHARE_UNITS_PER_RUNOUT;
    let overflow = || CashOutError::Overflow(i);
    let mut pots = Vec::with_capacity(equities.len());
    // V × N × D: one common denominator, as N is the same for every pot.
    let mut scaled_value: u128 = 0;
    for e in &equities {
        if e.share_units > whole {
            return Err(CashOutError::ShareOverWhole(i));
        }
        let pot = &settlement.pots[e.pot];
        let net = pot
            .amount
            .checked_sub(pot.rake)
            .and_then(|n| n.checked_sub(pot.jackpot))
            .ok_or(overflow())?;
        scaled_value = u128::from(net)
            .checked_mul(u128::from(e.share_units))
            .and_then(|x| x.checked_add(scaled_value))
            .ok_or(overflow())?;
        pots.push(CashOutPot {
            index: e.pot,
            net,
            equity: lowest_terms(e.share_units, whole),
        });
    }
    let (value, amount) =
        value_and_amount(scaled_value, whole, unit, fee_bp, fee_rounding).ok_or(overflow())?;
    Ok(CashOutOutcome {
        player,
        board_cards,
        fee_bp,
        fee_rounding,
        runouts,
        pots,
        value,
        amount,
        fee: value - amount,
        forfeited,
    })
}

/// Cash-out `index`'s refusal at `field`.
fn refused(index: usize, field: CashOutField, refusal: CashOutRefusal) -> CashOutError {
    CashOutError::Refused(CashOutProblem {
        at: CashOutAt::Field { index, field },
        refusal,
    })
}

/// RULES.md §10.5.3 from `V × N × D` (`scaled_value`, `whole` being `N × D`):
/// `value`, `V` rounded down to the chip unit, and the amount paid, in chips.
/// Under `down` the amount comes from the exact `V`, under `nearest` from
/// `value` less its rounded fee; either way it is at most `value`. `None`
/// when an amount passes 2^53 − 1.
fn value_and_amount(
    scaled_value: u128,
    whole: u64,
    unit: u64,
    fee_bp: u64,
    fee_rounding: FeeRounding,
) -> Option<(u64, u64)> {
    let denominator = u128::from(whole) * u128::from(unit);
    let in_chips = |units: u128| {
        u64::try_from(units)
            .ok()
            .and_then(|u| u.checked_mul(unit))
            .filter(|&c| c <= MAX_AMOUNT)
    };
    // Units of the value rounded down: ⌊V / unit⌋.
    let value_units = scaled_value / denominator;
    let amount_units = match fee_rounding {
        // ⌊V × (10000 − fee) / (10000 × unit)⌋, from the exact V.
        FeeRounding::Down => {
            scaled_value.checked_mul(u128::from(10_000 - fee_bp))? / (denominator * 10_000)
        }
        // G − round(G × fee / 10000), halves up; the fee is at most G.
        FeeRounding::Nearest => {
            let fee_units = (value_units.checked_mul(u128::from(fee_bp))? + 5_000) / 10_000;
            value_units.checked_sub(fee_units)?
        }
    };
    Some((in_chips(value_units)?, in_chips(amount_units)?))
}

/// The cash-out's equities in pot order, after checking that they name each
/// pot the player is eligible for exactly once, and no other.
fn equities_by_pot(
    settlement: &Settlement,
    i: usize,
    cash_out: &CashOut,
) -> Result<Vec<PotEquity>, CashOutError> {
    let player = cash_out.terms.player;
    let eligible: Vec<usize> = (0..settlement.pots.len())
        .filter(|&k| settlement.pots[k].eligible.contains(&player))
        .collect();
    if eligible.is_empty() {
        return Err(CashOutError::NoPot(i));
    }
    let mut equities = cash_out.equities.clone();
    equities.sort_by_key(|e| e.pot);
    if !equities.iter().map(|e| e.pot).eq(eligible.iter().copied()) {
        return Err(CashOutError::EquityPots(i));
    }
    Ok(equities)
}

/// `numerator / denominator` in lowest terms (`denominator` is not zero).
fn lowest_terms(numerator: u64, denominator: u64) -> Fraction {
    let g = gcd(numerator, denominator);
    Fraction {
        numerator: numerator / g,
        denominator: denominator / g,
    }
}

/// Euclid's greatest common divisor; `gcd(0, d)` is `d`.
fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lowest_terms_reduces_and_zero_is_zero_over_one() {
        // Worked example 10.1: B's 737 wins of 990 runouts, times D.
        let f = lowest_terms(737 * 5040, 990 * 5040);
        assert_eq!((f.numerator, f.denominator), (67, 90));
        let z = lowest_terms(0, 990 * 5040);
        assert_eq!((z.numerator, z.denominator), (0, 1));
        let one = lowest_terms(990 * 5040, 990 * 5040);
        assert_eq!((one.numerator, one.denominator), (1, 1));
    }

    #[test]
    fn the_largest_product_fits_u128() {
        // net × S × (10000 − 0) at their bounds, with 64 pots summed.
        let most =
            u128::from(MAX_AMOUNT) * u128::from(MAX_RUNOUTS * SHARE_UNITS_PER_RUNOUT) * 64 * 10_000;
        assert!(most < u128::MAX / 1024);
    }
}
