//! A final-table deal (RULES.md §14.5-14.7): the prize money still to be
//! paid, divided now by the Independent Chip Model, by chips, or equally,
//! then rounded to the unit so the amounts add up to the pool exactly.
//!
//! Every share is the exact value of §14.5 before rounding: `chipChop` and
//! `equal` are plain integer fractions (products in `u128`); `icm` is
//! decided by a fixed-point computation with a proven error bound
//! ([`icm`]'s module says why). Where its interval cannot decide a unit,
//! a deal of few stack classes is decided in exact integers ([`exact`]),
//! and any other at twice the precision with exact equalities taken from
//! residues modulo primes ([`wide`]): every valid deal is answered, to the
//! unit, in at most 2^n steps and 48 bytes a set of players, and the work
//! stops when the caller raises its stop flag.
//!
//! Players are given in tie order: equal remainders go to the larger stack
//! first, then to the player given first (the caller lists the players in
//! [`tie_order`]).

mod exact;
mod fixed;
mod icm;
mod residue;
#[cfg(test)]
mod tests;
mod wide;

use crate::deal_refusal::{
    player_count_refusal, prize_count_refusal, set_aside_refusals, stack_refusal,
    stacks_total_refusal, DealRefusal,
};
pub use crate::deal_refusal::{DealMethod, MAX_DEAL_PLAYERS, MAX_ICM_PLAYERS};
use crate::prize::{PrizeError, PrizeTable};
use crate::term::{Names, Worded};
use std::cmp::Ordering;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// The terms of a deal: the prizes still to be paid and how to divide them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealTerms {
    pub method: DealMethod,
    /// Places 1 ..= k, never rising, each a multiple of `unit`.
    pub prizes: Vec<u64>,
    /// The smallest amount paid, at least 1.
    pub unit: u64,
    /// Kept back from the winner's prize and played for.
    pub set_aside: u64,
}

/// One player's part of the deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealShare {
    /// Paid now: a multiple of the unit.
    pub amount: u64,
    /// 1 when the player got one of the units left over by rounding down.
    pub odd_units: u64,
}

/// The deal: what it divides, and each player's share in the given order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealOutcome {
    /// D: the prizes less the amount set aside.
    pub total: u64,
    pub shares: Vec<DealShare>,
}

/// Why a deal cannot be made (RULES.md §14.9): the first refusal, by the
/// same rules and words the contract checks a request with.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error(transparent)]
    Refused(#[from] DealRefusal),
    /// The unit or the prize table.
    #[error(transparent)]
    Prizes(#[from] PrizeError),
    /// The caller raised its stop flag (its request timed out or went away).
    #[error("the deal was stopped before it was decided")]
    Stopped,
}

/// The contract words a guard's refusal as its checks do.
impl Worded for DealError {
    fn worded(&self, names: &dyn Names) -> String {
        match self {
            DealError::Refused(refusal) => refusal.worded(names),
            DealError::Prizes(error) => error.worded(names),
            DealError::Stopped => self.to_string(),
        }
    }
}

/// Divides the prizes among `stacks` (RULES.md §14.5-14.7), in tie order.
pub fn deal(stacks: &[u64], terms: &DealTerms) -> Result<DealOutcome, DealError> {
    deal_until(stacks, terms, &AtomicBool::new(false))
}

/// [`deal`], given up with [`DealError::Stopped`] soon after `stop` is
/// raised: an ICM deal of 20 players takes up to about a second.
pub fn deal_until(
    stacks: &[u64],
    terms: &DealTerms,
    stop: &AtomicBool,
) -> Result<DealOutcome, DealError> {
    let units = check(stacks, terms)?;
    let (floors, order) = match terms.method {
        DealMethod::Equal => equal(stacks, units.total),
        DealMethod::ChipChop => chip_chop(stacks, &units),
        DealMethod::Icm => icm_floors(stacks, &units, stop).ok_or(DealError::Stopped)?,
    };
    let shares = round(&floors, &order, units.total, terms.unit);
    Ok(DealOutcome {
        total: units.total * terms.unit,
        shares,
    })
}

/// The prize table in units, as the deal divides it: the first prize less
/// the amount set aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Units {
    /// Places 1 ..= k, in units.
    pub(crate) prizes: Vec<u64>,
    /// D in units.
    pub(crate) total: u64,
}

/// RULES.md §14.6 and §14.9: every bound, before any arithmetic.
fn check(stacks: &[u64], terms: &DealTerms) -> Result<Units, DealError> {
    let n = stacks.len();
    let refused = player_count_refusal(Some(terms.method), n)
        .or_else(|| prize_count_refusal(terms.prizes.len(), n));
    refused.map_or(Ok(()), Err)?;
    PrizeTable::new(terms.prizes.clone(), terms.unit)?;
    let refused = stacks
        .iter()
        .enumerate()
        .find_map(|(i, &s)| stack_refusal(i, s));
    let refused = refused.or_else(|| stacks_total_refusal(stacks));
    refused.map_or(Ok(()), Err)?;
    let unit = terms.unit;
    let refused = set_aside_refusals(terms.set_aside, &terms.prizes, Some(unit));
    refused.first().copied().map_or(Ok(()), Err)?;
    let mut prizes: Vec<u64> = terms.prizes.iter().map(|p| p / unit).collect();
    if let Some(p) = prizes.first_mut() {
        *p -= terms.set_aside / unit;
    }
    let sum: u64 = terms.prizes.iter().sum();
    Ok(Units {
        total: (sum - terms.set_aside) / unit,
        prizes,
    })
}

/// What rounding needs of the exact shares: each one's whole units, and
/// every player in the order the left-over units go (largest remainder
/// first, then larger stack, then the order given).
type Floors = (Vec<u64>, Vec<usize>);

/// `equal`: D / n each; every remainder is the same, so the left-over units
/// go by stack, then the order given.
fn equal(stacks: &[u64], total: u64) -> Floors {
    let each = total / stacks.len() as u64;
    let order = remainder_order(stacks, |_, _| Ordering::Equal);
    (vec![each; stacks.len()], order)
}

/// `chipChop`: L + (D − n·L) × stack / chips, exactly: the remainders are
/// integers over the same denominator, the stacks together.
fn chip_chop(stacks: &[u64], units: &Units) -> Floors {
    let n = stacks.len();
    // L: the prize of place n; 0 when the table is shorter.
    let last = if units.prizes.len() == n {
        units.prizes[n - 1]
    } else {
        0
    };
    let chips: u128 = stacks.iter().map(|&s| s as u128).sum();
    // n·L <= D since L is the smallest prize; D <= 2^53, so the products
    // below stay under 2^106.
    let rest = (units.total - n as u64 * last) as u128;
    let parts: Vec<(u64, u128)> = stacks
        .iter()
        .map(|&s| {
            let num = rest * s as u128;
            (last + (num / chips) as u64, num % chips)
        })
        .collect();
    let floors = parts.iter().map(|p| p.0).collect();
    let order = remainder_order(stacks, |a, b| parts[b].1.cmp(&parts[a].1));
    (floors, order)
}

/// RULES.md §14.7's tie order of the players (`(stack, id)`): largest
/// stack first, then id in byte order; `deal` takes the stacks in it.
pub fn tie_order(players: &[(u64, &str)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..players.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (players[a], players[b]);
        pb.0.cmp(&pa.0)
            .then_with(|| pa.1.as_bytes().cmp(pb.1.as_bytes()))
    });
    order
}

/// Every player, largest remainder first; equal remainders by larger stack,
/// then the order given. `by_remainder(a, b)` is `Less` when `a`'s
/// remainder is the larger.
pub(crate) fn remainder_order(
    stacks: &[u64],
    by_remainder: impl Fn(usize, usize) -> Ordering,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..stacks.len()).collect();
    order.sort_by(|&a, &b| {
        by_remainder(a, b)
            .then(stacks[b].cmp(&stacks[a]))
            .then(a.cmp(&b))
    });
    order
}

/// `icm`: the interval's decision where it decides; else the exact one
/// when the stacks fall in few classes, the wide one otherwise. `None`
/// when `stop` was raised.
fn icm_floors(stacks: &[u64], units: &Units, stop: &AtomicBool) -> Option<Floors> {
    let table = icm::Table::new(units, stacks.len());
    if let Some(decided) = icm::decide(stacks, &table, stop) {
        return Some(decided);
    }
    if stop.load(Relaxed) {
        return None;
    }
    if exact::states(stacks) <= exact::MAX_STATES {
        return Some(exact::decide(stacks, &table));
    }
    wide::decide(stacks, &table, stop)
}

/// RULES.md §14.7: each player's whole units, then one left-over unit each
/// to the first in `order`.
fn round(floors: &[u64], order: &[usize], total: u64, unit: u64) -> Vec<DealShare> {
    // Every floor is decided exactly and the exact shares add up to D, so
    // fewer than n units are left over (the interval declines otherwise).
    let paid: u64 = floors.iter().sum();
    let left = (total - paid) as usize;
    debug_assert!(left < floors.len());
    let mut odd = vec![0u64; floors.len()];
    order.iter().take(left).for_each(|&i| odd[i] = 1);
    floors
        .iter()
        .zip(odd)
        .map(|(&f, o)| DealShare {
            amount: (f + o) * unit,
            odd_units: o,
        })
        .collect()
}

/// n choose m, for the interval's error bound (n at most 20).
pub(crate) fn binomial(n: usize, m: usize) -> u128 {
    if m > n {
        return 0;
    }
    (0..m).fold(1u128, |c, j| c * (n - j) as u128 / (j as u128 + 1))
}
