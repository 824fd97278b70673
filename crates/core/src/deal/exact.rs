//! ICM (RULES.md §14.5) in exact integers, for the few deals whose units
//! the fixed-point interval cannot decide (an exact share such as 485
//! dollars, remainders that tie exactly).
//!
//! The chances of the sets of m players who finish first share one
//! denominator: the product, over the levels below m, of the least common
//! multiple of the chips left outside each set of that level. Numerators
//! are then whole numbers and a share's remainder is an exact integer over
//! that denominator. Its size is what bounds the work: it stays small when
//! the stacks share factors (as they do whenever a share can come out
//! exact), and the computation is refused past [`MAX_EDGES`] steps or
//! [`MAX_BITS`] bits rather than run long.

use super::icm::Table;
use super::{binomial, remainder_order, Floors};
use num_bigint::BigUint;
use num_integer::Integer;
use std::collections::BTreeMap;

/// The most (set, next player) steps the exact computation takes.
pub(crate) const MAX_EDGES: u128 = 1 << 15;
/// The most bits its common denominator may reach.
pub(crate) const MAX_BITS: u64 = 1 << 16;

/// The floors and the order of the left-over units, exactly; `None` when
/// that is over the work bound.
pub(crate) fn decide(stacks: &[u64], table: &Table) -> Option<Floors> {
    let n = stacks.len();
    let k = table.prizes.len();
    let edges: u128 = (0..k).map(|m| binomial(n, m) * (n - m) as u128).sum();
    if edges > MAX_EDGES {
        return None;
    }
    let (shares, denominator) = shares(stacks, &table.prizes)?;
    let mut floors = Vec::with_capacity(n);
    let mut remainders = Vec::with_capacity(n);
    for share in shares {
        let (whole, rest) = share.div_rem(&denominator);
        floors.push(table.base.checked_add(u64::try_from(whole).ok()?)?);
        remainders.push(rest);
    }
    let order = remainder_order(stacks, |a, b| remainders[b].cmp(&remainders[a]));
    Some((floors, order))
}

/// Every player's share above the base, as numerators over one common
/// denominator; `None` past [`MAX_BITS`].
fn shares(stacks: &[u64], prizes: &[u64]) -> Option<(Vec<BigUint>, BigUint)> {
    let n = stacks.len();
    let chips: u64 = stacks.iter().sum();
    let outside = |set: u32| chips - members(set).map(|i| stacks[i]).sum::<u64>();
    let mut shares = vec![BigUint::default(); n];
    let mut denominator = BigUint::from(1u32);
    // The sets of m players who finish first, with their chance's numerator.
    let mut level: BTreeMap<u32, BigUint> = BTreeMap::from([(0, BigUint::from(1u32))]);
    for (m, &prize) in prizes.iter().enumerate() {
        let step = lcm(level.keys().map(|&set| outside(set)), &denominator)?;
        denominator *= &step;
        shares.iter_mut().for_each(|s| *s *= &step);
        let mut next: BTreeMap<u32, BigUint> = BTreeMap::new();
        let all = (1u32 << n) - 1;
        for (set, numerator) in level {
            let scaled = numerator * (&step / outside(set));
            for i in members(all & !set) {
                let t = &scaled * stacks[i];
                shares[i] += &t * prize;
                if m + 1 < prizes.len() {
                    *next.entry(set | 1 << i).or_default() += t;
                }
            }
        }
        level = next;
    }
    Some((shares, denominator))
}

/// The players of a set, by index.
fn members(set: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |&i| set >> i & 1 == 1)
}

/// The least common multiple of `values`; `None` when it and `so_far`
/// together pass [`MAX_BITS`].
fn lcm(values: impl Iterator<Item = u64>, so_far: &BigUint) -> Option<BigUint> {
    let mut values: Vec<u64> = values.collect();
    values.sort_unstable();
    values.dedup();
    let mut l = BigUint::from(1u32);
    for v in values {
        let r = u64::try_from(&l % v).ok()?;
        l *= v / r.gcd(&v);
        if l.bits() + so_far.bits() > MAX_BITS {
            return None;
        }
    }
    Some(l)
}
