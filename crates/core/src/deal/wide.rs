//! ICM (RULES.md §14.5) for the deals that neither 127 bits nor a few stack
//! classes settle: many distinct stacks whose shares sit close to a unit or
//! to each other, or on one exactly.
//!
//! The interval is computed again at 254 bits, which places every unit and
//! every remainder more than about 2^-170 of a unit from its neighbour.
//! What it still cannot separate is asked of [`Residues`]: whether the
//! share is that unit exactly, or whether the two remainders tie exactly.
//! An equality is then taken as one (so 485 dollars is paid as 485); a
//! share closer than 2^-170 to a unit without being on it, which no deal
//! is known to reach, is placed by its lower bound. The work is 2^n sets
//! at both widths, the memory 48 bytes a set: 48 MiB at 20 players.

use super::fixed::Fixed;
use super::icm::{error_bound, first_of_group, place_probabilities, Table};
use super::residue::Residues;
use super::{remainder_order, Floors};
use ruint::aliases::U320;
use std::sync::atomic::AtomicBool;

/// One player's share as the interval sees it.
#[derive(Debug, Clone, Copy)]
struct Share {
    /// Whole units above the base.
    whole: u64,
    /// The remainder's lower bound; zero when it is exactly zero.
    rest: U320,
    /// The remainder is known exactly zero (a whole share).
    exact: bool,
}

/// The floors and the order of the left-over units; `None` only when
/// `stop` was raised.
pub(crate) fn decide(stacks: &[u64], table: &Table, stop: &AtomicBool) -> Option<Floors> {
    let k = table.prizes.len();
    let probability: Vec<U320> = place_probabilities(stacks, k, stop)?;
    let bound = U320::from(error_bound(stacks.len(), &table.prizes));
    let mut shares = intervals(stacks, table, &probability);
    drop(probability);
    let one = <U320 as Fixed>::one();
    let exact = || Residues::new(stacks, &table.prizes, stop);
    let mut residues = None;
    if shares.iter().any(|s| s.rest + bound >= one) {
        let r = residues.insert(exact()?);
        place_whole_shares(&mut shares, bound, r);
    }
    if residues.is_none() && needs_ties(stacks, &shares, bound) {
        residues = Some(exact()?);
    }
    let keys = tie_keys(stacks, &shares, bound, residues.as_ref());
    let mut floors: Vec<u64> = shares.iter().map(|s| table.base + s.whole).collect();
    let order = remainder_order(stacks, |a, b| keys[b].cmp(&keys[a]));
    settle_left_over(&mut floors, &shares, table.total);
    Some((floors, order))
}

/// Each player's whole units and remainder's lower bound; equal stacks
/// share the first one's figures (their exact shares are equal).
fn intervals(stacks: &[u64], table: &Table, probability: &[U320]) -> Vec<Share> {
    let k = table.prizes.len();
    let group = first_of_group(stacks);
    let ones = U320::one() - U320::from(1u64);
    let mut shares: Vec<Share> = Vec::with_capacity(stacks.len());
    for i in 0..stacks.len() {
        if group[i] < i {
            shares.push(shares[group[i]]);
            continue;
        }
        // Each term is at most 2^254 × 2^53: the sum fits 320 bits.
        let total: U320 = (0..k)
            .map(|m| probability[i * k + m] * U320::from(table.prizes[m]))
            .fold(U320::ZERO, |a, b| a + b);
        let whole = total >> <U320 as Fixed>::ONE_BITS as usize;
        shares.push(Share {
            whole: whole.to::<u64>(),
            rest: total & ones,
            exact: false,
        });
    }
    shares
}

/// A share whose interval reaches the next unit is that unit when the
/// residues say it is exactly; else it stays below (its lower bound).
fn place_whole_shares(shares: &mut [Share], bound: U320, residues: &Residues) {
    for (i, share) in shares.iter_mut().enumerate() {
        if share.rest + bound >= <U320 as Fixed>::one() && residues.is(i, share.whole + 1) {
            *share = Share {
                whole: share.whole + 1,
                rest: U320::ZERO,
                exact: true,
            };
        }
    }
}

/// Whether two players of different stacks have remainders the interval
/// cannot order.
fn needs_ties(stacks: &[u64], shares: &[Share], bound: U320) -> bool {
    let n = stacks.len();
    (0..n)
        .any(|a| (a + 1..n).any(|b| stacks[a] != stacks[b] && close(&shares[a], &shares[b], bound)))
}

fn close(a: &Share, b: &Share, bound: U320) -> bool {
    let reach = |s: &Share| if s.exact { s.rest } else { s.rest + bound };
    a.rest <= reach(b) && b.rest <= reach(a)
}

/// The key each player's left-over unit is ordered by: the remainder's
/// lower bound, except that players whose remainders tie exactly share the
/// largest key among them, so the tie goes by stack, then the order given.
fn tie_keys(
    stacks: &[u64],
    shares: &[Share],
    bound: U320,
    residues: Option<&Residues>,
) -> Vec<U320> {
    let n = stacks.len();
    let mut keys: Vec<U320> = shares.iter().map(|s| s.rest).collect();
    let Some(r) = residues else { return keys };
    // Ties are an equivalence: join each close pair that ties, then raise
    // each group to its largest key (a few rounds reach every member).
    let mut tied: Vec<(usize, usize)> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (sa, sb) = (&shares[a], &shares[b]);
            if close(sa, sb, bound) && r.tie((a, sa.whole), (b, sb.whole)) {
                tied.push((a, b));
            }
        }
    }
    for _ in 0..n {
        for &(a, b) in &tied {
            let top = keys[a].max(keys[b]);
            keys[a] = top;
            keys[b] = top;
        }
    }
    keys
}

/// RULES.md §14.7 needs fewer than n units left over. The exact shares add
/// up to D, so this holds unless a share within 2^-170 of a unit was
/// placed below it; then such shares are raised, largest remainder first,
/// until it holds.
fn settle_left_over(floors: &mut [u64], shares: &[Share], total: u64) {
    let n = floors.len();
    let mut by_rest: Vec<usize> = (0..n).collect();
    by_rest.sort_by(|&a, &b| shares[b].rest.cmp(&shares[a].rest));
    let mut raise = by_rest.into_iter();
    while total.saturating_sub(floors.iter().sum::<u64>()) >= n as u64 {
        match raise.next() {
            Some(i) => floors[i] += 1,
            None => break,
        }
    }
}
