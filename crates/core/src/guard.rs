//! Guard rails on the input: the server validates first, so these checks
//! exist so that `settle` never panics and never wraps, whatever it is given.

use crate::chips_refusal::{chip_amount_refusal, over_stack, unit_refusal};
use crate::hand_refusal::hand_refusals;
use crate::seating_refusal::{seat_refusals, SeatingRefusal};
use crate::term::{ChipAmount, Unit};
use crate::types::{HandInput, SettleError};

pub use crate::chips_refusal::MAX_AMOUNT;

/// RULES.md §1 / TDA 19: `chipUnit` is the smallest denomination in play, so
/// it is at least one unit of money.
pub(crate) fn check_chip_unit(input: &HandInput) -> Result<u64, SettleError> {
    match unit_refusal(Unit::Chip, input.chip_unit) {
        Some(refusal) => Err(SettleError::Chips {
            player: None,
            refusal,
        }),
        None => Ok(input.chip_unit),
    }
}

/// A showdown needs somebody to settle against, and somebody live (API.md:
/// "fewer than 2 players" is an impossible hand; `hand_refusal`'s rules).
pub(crate) fn check_player_count(input: &HandInput) -> Result<(), SettleError> {
    let live = input.players.iter().filter(|p| !p.folded).count();
    if let Some(&first) = hand_refusals(input.players.len(), live).first() {
        return Err(SettleError::Hand(first));
    }
    Ok(())
}

/// Seats decide odd chips (TDA 19), so each must be unique
/// (`seat_refusals`' rule). Settling only orders the seats, so a seat
/// numbered 0 is the contract's refusal alone.
pub(crate) fn check_unique_seats(input: &HandInput) -> Result<(), SettleError> {
    // The service hands players over in seat order: then rising is unique.
    if input.players.windows(2).all(|w| w[0].seat < w[1].seat) {
        return Ok(());
    }
    let seats: Vec<u32> = input.players.iter().map(|p| p.seat).collect();
    let duplicate = seat_refusals(&seats)
        .into_iter()
        .find(|(_, r)| matches!(r, SeatingRefusal::DuplicateSeat { .. }));
    match duplicate {
        Some((at, refusal)) => Err(SettleError::Seating { at, refusal }),
        None => Ok(()),
    }
}

/// RULES.md §1: every amount is a whole number of `chipUnit`s and at most
/// 2^53 − 1; API.md: `committed` plus `dead` is at most `stack` (the rules
/// of `chips_refusal`, the contract's too).
pub(crate) fn check_amounts(input: &HandInput, unit: u64) -> Result<(), SettleError> {
    let refused = |player, refusal| SettleError::Chips { player, refusal };
    for (i, p) in input.players.iter().enumerate() {
        let amounts = [
            (ChipAmount::Stack, p.stack),
            (ChipAmount::Committed, p.committed),
            (ChipAmount::Dead, p.dead),
        ];
        for (what, amount) in amounts {
            if let Some(r) = chip_amount_refusal(what, amount, Some(unit)) {
                return Err(refused(Some(i), r));
            }
        }
        if let Some(r) = over_stack(p.stack, p.committed, p.dead) {
            return Err(refused(Some(i), r));
        }
    }
    if let Some(r) = chip_amount_refusal(ChipAmount::DeadMoney, input.dead_money, Some(unit)) {
        return Err(refused(None, r));
    }
    Ok(())
}

/// RULES.md §1: every sum of chips the result reports stays at or below
/// 2^53 − 1; a larger one is reported as [`SettleError::Overflow`].
pub(crate) fn bounded(amount: u64) -> Result<u64, SettleError> {
    if amount > MAX_AMOUNT {
        Err(SettleError::Overflow)
    } else {
        Ok(amount)
    }
}

/// Checked sum (never wraps), bounded by [`MAX_AMOUNT`].
pub(crate) fn add(a: u64, b: u64) -> Result<u64, SettleError> {
    bounded(a.checked_add(b).ok_or(SettleError::Overflow)?)
}

/// Checked difference: a negative result means the input contradicts itself.
pub(crate) fn sub(a: u64, b: u64) -> Result<u64, SettleError> {
    a.checked_sub(b).ok_or(SettleError::Overflow)
}

/// Runs every guard of this module, in the order the errors are reported.
pub(crate) fn check_input(input: &HandInput) -> Result<u64, SettleError> {
    let unit = check_chip_unit(input)?;
    check_player_count(input)?;
    check_unique_seats(input)?;
    check_amounts(input, unit)?;
    Ok(unit)
}
