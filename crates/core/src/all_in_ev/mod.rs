//! The all-in expectation (RULES.md §17): what each live player was due
//! from the pots when the betting ended with the board still to come,
//! against what the cards gave them.
//!
//! Like the cash-out it sits beside, this only reads a hand already
//! settled; the equities come in as exact counts from an enumeration done
//! elsewhere, so the core deals no card and uses no float. Every product
//! (`net × S`, up to 2^53 × 2^34) is taken in checked `u128`/`i128`.

mod fraction;
mod refusal;
#[cfg(test)]
mod tests;

pub use fraction::{Exact, SignedFraction};
pub use refusal::{all_in_ev_problems, AllInEvAt, AllInEvHand, AllInEvProblem, AllInEvRefusal};

use crate::cash_out::{CashOutOutcome, MAX_RUNOUTS, SHARE_UNITS_PER_RUNOUT};
use crate::odd_chip::button_key;
use crate::types::{HandInput, OddChipOrder, Settlement};

/// Every live player's share of every pot over the run-outs, as one
/// enumeration counts them: `share_units[pot][player]` (core indices,
/// zero where the player is not eligible) adds up, over a pot's players,
/// to `runouts × D` (§10.3).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunoutShares {
    /// `N`: the run-outs, all equally likely; 1 when no card is to come.
    pub runouts: u64,
    pub share_units: Vec<Vec<u64>>,
}

impl RunoutShares {
    /// The shares of a hand with nothing left to deal: each pot is wholly
    /// its winner's, as settled. Used for an uncontested hand, whose one
    /// live player was due every pot.
    pub fn settled(settlement: &Settlement, players: usize) -> RunoutShares {
        let share_units = settlement
            .pots
            .iter()
            .map(|p| {
                let mut row = vec![0; players];
                if let [only] = p.eligible[..] {
                    row[only] = SHARE_UNITS_PER_RUNOUT;
                }
                row
            })
            .collect();
        RunoutShares {
            runouts: 1,
            share_units,
        }
    }
}

/// One live player's expectation (API.md `allInEv[]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Expectation {
    /// Core index of the player.
    pub player: usize,
    /// `Σ net_p × E_p` over the pots the player is eligible for.
    pub expected: Exact,
    /// What the pots paid the player (odd chips included, uncalled bets
    /// not), or their cash-out amount (§17.4).
    pub won: u64,
    /// `won − expected`.
    pub luck: Exact,
}

/// Why an expectation cannot be counted. The contract refuses a bad
/// request first ([`all_in_ev_problems`]), so these are guard rails.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AllInEvError {
    #[error("the run-outs must be 1 to 2598960")]
    Runouts,
    #[error("the shares of pot {0} are not one per player, or do not add up to the whole pot")]
    Shares(usize),
    #[error("the expectation overflows")]
    Overflow,
}

/// RULES.md §17.2-17.4: every live player's expectation, in seat order
/// from the first seat left of the button (§14.3), stud games by seat.
/// `cash_outs` replace what a cashed-out player's hand won by the amount
/// they were paid; the expectations themselves do not change.
pub fn all_in_expectation(
    input: &HandInput,
    settlement: &Settlement,
    shares: &RunoutShares,
    cash_outs: &[CashOutOutcome],
) -> Result<Vec<Expectation>, AllInEvError> {
    let n = input.players.len();
    if !(1..=MAX_RUNOUTS).contains(&shares.runouts) {
        return Err(AllInEvError::Runouts);
    }
    let whole = u128::from(shares.runouts) * u128::from(SHARE_UNITS_PER_RUNOUT);
    check_shares(settlement, shares, n, whole)?;
    let mut live: Vec<usize> = (0..n).filter(|&k| !input.players[k].folded).collect();
    if let OddChipOrder::Button { button_seat } = input.order {
        live.sort_by_key(|&k| button_key(input.players[k].seat, button_seat));
    }
    let nets: Vec<u128> = settlement
        .pots
        .iter()
        .map(net_of)
        .collect::<Result<_, _>>()?;
    live.into_iter()
        .map(|k| {
            let mut due: u128 = 0;
            for (p, &net) in nets.iter().enumerate() {
                let s = u128::from(shares.share_units[p][k]);
                due = net
                    .checked_mul(s)
                    .and_then(|x| due.checked_add(x))
                    .ok_or(AllInEvError::Overflow)?;
            }
            let won = cash_outs
                .iter()
                .find(|c| c.player == k)
                .map_or(settlement.won[k], |c| c.amount);
            let due = i128::try_from(due).map_err(|_| AllInEvError::Overflow)?;
            let expected = SignedFraction::new(due, whole).ok_or(AllInEvError::Overflow)?;
            let luck = expected
                .subtracted_from(won)
                .ok_or(AllInEvError::Overflow)?;
            Ok(Expectation {
                player: k,
                expected: Exact::rounded(expected, input.chip_unit),
                won,
                luck: Exact::rounded(luck, input.chip_unit),
            })
        })
        .collect()
}

/// A pot after the house's take: what its winners share (§10.5.2).
fn net_of(pot: &crate::types::Pot) -> Result<u128, AllInEvError> {
    pot.amount
        .checked_sub(pot.rake)
        .and_then(|x| x.checked_sub(pot.jackpot))
        .map(u128::from)
        .ok_or(AllInEvError::Overflow)
}

/// Every pot's shares: one per player, nobody outside the pot's eligible
/// players, and the whole pot shared (so the expectations add up to the
/// pots' net total exactly).
fn check_shares(
    settlement: &Settlement,
    shares: &RunoutShares,
    players: usize,
    whole: u128,
) -> Result<(), AllInEvError> {
    if shares.share_units.len() != settlement.pots.len() {
        return Err(AllInEvError::Shares(settlement.pots.len()));
    }
    for (p, (pot, row)) in settlement.pots.iter().zip(&shares.share_units).enumerate() {
        let outside = row
            .iter()
            .enumerate()
            .any(|(k, &s)| s > 0 && !pot.eligible.contains(&k));
        let total: u128 = row.iter().map(|&s| u128::from(s)).sum();
        if row.len() != players || outside || total != whole {
            return Err(AllInEvError::Shares(p));
        }
    }
    Ok(())
}
