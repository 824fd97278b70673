//! ICM (RULES.md §14.5), first by fixed point with a proven error bound.
//!
//! Exact fractions are out of reach at 20 players: the shares' denominators
//! are products of thousands of different sums of stacks, millions of bits.
//! So every probability is kept as a 127-bit fixed-point lower bound, each
//! step rounding down by at most two units of the last place, and the bound
//! below says how far, at most, each share lies above what was computed.
//! A unit is decided only where that interval cannot cross it; where it
//! could (an exact share of 485 dollars, two remainders that tie), the
//! exact computation of [`super::exact`] decides instead. Players with equal
//! stacks have equal exact shares by symmetry, so each group takes its
//! first member's figure and their remainders tie exactly.

use super::fixed::Fixed;
use super::{binomial, remainder_order, Floors, Units};
use num_bigint::BigUint;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// Fixed point: 1 is 2^127, so a probability fits a `u128`.
const ONE_BITS: u32 = <u128 as Fixed>::ONE_BITS;
const ONE: u128 = 1 << ONE_BITS;
/// How many sets pass between two looks at the stop flag: about a
/// millisecond of work.
pub(crate) const STOP_EVERY: usize = 1 << 14;

/// The prize table as ICM divides it: when every place pays, each player is
/// sure of the last place's prize, which is then paid to all and taken off
/// every place (so a table of equal prizes is exact, not a near tie).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    /// Paid to every player: the last place's prize when there are as many
    /// places as players, else 0.
    pub(crate) base: u64,
    /// What each place pays above `base`, the places that pay nothing above
    /// it left out (so their number bounds the work).
    pub(crate) prizes: Vec<u64>,
    /// D in units.
    pub(crate) total: u64,
}

impl Table {
    pub(crate) fn new(units: &Units, players: usize) -> Table {
        let base = if units.prizes.len() == players {
            units.prizes.last().copied().unwrap_or(0)
        } else {
            0
        };
        let prizes = units
            .prizes
            .iter()
            .map(|p| p - base)
            .take_while(|&p| p > 0)
            .collect();
        Table {
            base,
            prizes,
            total: units.total,
        }
    }
}

/// The floors and the order of the left-over units, when the interval
/// decides them all; `None` when some unit needs the exact computation.
pub(crate) fn decide(stacks: &[u64], table: &Table, stop: &AtomicBool) -> Option<Floors> {
    let n = stacks.len();
    let k = table.prizes.len();
    let probability: Vec<u128> = place_probabilities(stacks, k, stop)?;
    let bound = error_bound(n, &table.prizes);
    let group = first_of_group(stacks);
    let mut floors = vec![0u64; n];
    let mut remainders = vec![0u128; n];
    for i in 0..n {
        let g = group[i];
        if g < i {
            floors[i] = floors[g];
            remainders[i] = remainders[g];
            continue;
        }
        let share: BigUint = (0..k)
            .map(|m| BigUint::from(probability[i * k + m]) * table.prizes[m])
            .sum();
        let whole = u64::try_from(&share >> ONE_BITS).ok()?;
        let rest = u128::try_from(share & BigUint::from(ONE - 1)).ok()?;
        // The exact share lies in [rest, rest + bound] above the whole
        // units: the next unit must be out of reach.
        if rest.checked_add(bound)? >= ONE {
            return None;
        }
        floors[i] = table.base + whole;
        remainders[i] = rest;
    }
    let order = remainder_order(stacks, |a, b| remainders[b].cmp(&remainders[a]));
    let paid: u64 = floors.iter().sum();
    let left = table.total.checked_sub(paid)? as usize;
    if left >= n {
        return None;
    }
    // Each player given a unit must be surely ahead of each player not
    // given one: their intervals apart, or equal stacks (an exact tie,
    // which the order given breaks).
    let (given, rest) = order.split_at(left);
    for &a in given {
        for &b in rest {
            if stacks[a] != stacks[b] && remainders[a] <= remainders[b].checked_add(bound)? {
                return None;
            }
        }
    }
    Some((floors, order))
}

/// For each player, the first player with the same stack.
pub(crate) fn first_of_group(stacks: &[u64]) -> Vec<usize> {
    let mut first: HashMap<u64, usize> = HashMap::new();
    stacks
        .iter()
        .enumerate()
        .map(|(i, &s)| *first.entry(s).or_insert(i))
        .collect()
}

/// `p[i * k + m]`: a lower bound of 2^ONE_BITS × the chance that player
/// `i` finishes in place `m + 1`, for the first `k` places
/// (Malmuth–Harville); `None` when `stop` was raised on the way.
///
/// `f[S]` is the chance that the players of the set S finish first, in some
/// order; the next to finish is `i` outside S with chance
/// `stack(i) / chips(outside S)`. Each set is visited once, after every set
/// it grows from (a subset is a smaller number), and only sets of fewer
/// than `k` players: the places below pay nothing.
pub(crate) fn place_probabilities<F: Fixed>(
    stacks: &[u64],
    k: usize,
    stop: &AtomicBool,
) -> Option<Vec<F>> {
    let n = stacks.len();
    let mut p = vec![F::default(); n * k];
    if k == 0 {
        return Some(p);
    }
    let size = 1usize << n;
    let all = size - 1;
    let mut outside = vec![0u64; size];
    outside[0] = stacks.iter().sum();
    let mut f = vec![F::default(); size];
    f[0] = F::one();
    for set in 0..size {
        if set % STOP_EVERY == 0 && stop.load(Relaxed) {
            return None;
        }
        let m = set.count_ones() as usize;
        if m >= k {
            continue;
        }
        if set != 0 {
            let low = set.trailing_zeros() as usize;
            outside[set] = outside[set & (set - 1)] - stacks[low];
        }
        let g = f[set].per_chip(outside[set]);
        let mut free = all & !set;
        while free != 0 {
            let i = free.trailing_zeros() as usize;
            free &= free - 1;
            // At most f[set], so at most one.
            let t = F::times(g, stacks[i]);
            p[i * k + m] += t;
            if m + 1 < k {
                f[set | 1 << i] += t;
            }
        }
    }
    Some(p)
}

/// How far, at most, a share lies above its computed lower bound, in units
/// of 2^-127 of a unit of money.
///
/// Each term `t` is at most 2 below its value computed from `f[S]` (one
/// for `g`, scaled by stack / chips < 1, and one for `t` itself), and an
/// error in `f[S]` passes to its terms in the proportions stack / chips
/// outside S, which add up to 1. So the errors of the sets of m players add
/// up to at most `mass[m]` = twice the terms from all smaller sets, and
/// player i's chance of place m + 1 is short by at most `mass[m]` plus 2
/// for each set of m others.
pub(crate) fn error_bound(n: usize, prizes: &[u64]) -> u128 {
    let mut mass: u128 = 0;
    let mut bound: u128 = 0;
    for (m, &prize) in prizes.iter().enumerate() {
        bound += prize as u128 * (mass + 2 * binomial(n - 1, m));
        mass += 2 * binomial(n, m) * (n - m) as u128;
    }
    bound
}
