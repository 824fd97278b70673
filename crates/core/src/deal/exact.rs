//! ICM (RULES.md §14.5) in exact integers, by stack class, for the deals
//! whose units the fixed-point interval cannot decide (an exact share such
//! as 485 dollars, equal stacks whose shares are D / n exactly, remainders
//! that tie exactly).
//!
//! Players with the same stack are one class: who of them has finished
//! does not change anyone's chances, only how many. So a state is how many
//! of each class have finished, the chance that class j is next is
//! (its players left) × stack / chips left, and each player of a class
//! takes an equal part of the class's share. Equal stacks are one class
//! and n + 1 states; twenty distinct stacks are the 2^20 sets of the
//! subset computation, which the interval decides unless a share is exact.
//!
//! The chances of the states of one level (m players finished) share one
//! denominator: the product, over the levels below, of the least common
//! multiple of the chips left in each state of that level. Numerators are
//! then whole numbers and every remainder is an exact integer. Their size
//! grows with the states (each level's multiple has up to 53 bits a
//! state), so this path takes only deals of at most [`MAX_STATES`] states:
//! a few hundred kilobytes of integers at most. The others go to
//! [`super::wide`].

use super::icm::Table;
use super::{remainder_order, Floors};
use num_bigint::BigUint;
use num_integer::Integer;
use std::collections::BTreeMap;

/// The most states the exact integers are used for: 2^8, eight distinct
/// stacks or thirteen equal ones and some others.
pub(crate) const MAX_STATES: u64 = 1 << 8;

/// How many states the classes of `stacks` have: the product over the
/// distinct stacks of (players holding it + 1), capped above `MAX_STATES`.
pub(crate) fn states(stacks: &[u64]) -> u64 {
    Classes::new(stacks)
        .members
        .iter()
        .try_fold(1u64, |acc, &(_, count)| {
            let next = acc.saturating_mul(count + 1);
            (next <= MAX_STATES).then_some(next)
        })
        .unwrap_or(MAX_STATES + 1)
}

/// Players grouped by stack: each distinct stack with how many hold it.
struct Classes {
    /// (stack, players) for each distinct stack.
    members: Vec<(u64, u64)>,
    /// The class of each player.
    class_of: Vec<usize>,
    /// Mixed-radix weights: a state is Σ finished(j) × radix[j].
    radix: Vec<u64>,
}

impl Classes {
    fn new(stacks: &[u64]) -> Classes {
        let mut members: Vec<(u64, u64)> = Vec::new();
        let class_of = stacks
            .iter()
            .map(|&s| match members.iter().position(|&(v, _)| v == s) {
                Some(j) => {
                    members[j].1 += 1;
                    j
                }
                None => {
                    members.push((s, 1));
                    members.len() - 1
                }
            })
            .collect();
        let mut radix = Vec::with_capacity(members.len());
        let mut weight = 1u64;
        for &(_, count) in &members {
            radix.push(weight);
            weight *= count + 1;
        }
        Classes {
            members,
            class_of,
            radix,
        }
    }

    /// How many of class `j` have finished in `state`.
    fn finished(&self, state: u64, j: usize) -> u64 {
        state / self.radix[j] % (self.members[j].1 + 1)
    }

    /// The chips still in play in `state`.
    fn chips_left(&self, state: u64) -> u64 {
        self.members
            .iter()
            .enumerate()
            .map(|(j, &(stack, count))| (count - self.finished(state, j)) * stack)
            .sum()
    }
}

/// The floors and the order of the left-over units, decided exactly.
pub(crate) fn decide(stacks: &[u64], table: &Table) -> Floors {
    let classes = Classes::new(stacks);
    let (class_shares, denominator) = class_shares(&classes, &table.prizes);
    // A player's share is the class's over (denominator × its players).
    let parts: Vec<(u64, BigUint, u64)> = classes
        .members
        .iter()
        .zip(&class_shares)
        .map(|(&(_, count), share)| {
            let (whole, rest) = share.div_rem(&(&denominator * count));
            let whole = u64::try_from(whole).expect("a share is at most D, below 2^53");
            (table.base + whole, rest, count)
        })
        .collect();
    let class_of = &classes.class_of;
    let floors = class_of.iter().map(|&j| parts[j].0).collect();
    let order = remainder_order(stacks, |a, b| {
        let (_, ra, na) = &parts[class_of[a]];
        let (_, rb, nb) = &parts[class_of[b]];
        // rb / (d·nb) against ra / (d·na), crosswise.
        (rb * *na).cmp(&(ra * *nb))
    });
    (floors, order)
}

/// Every class's share above the base (all its players together), as
/// numerators over one common denominator.
fn class_shares(classes: &Classes, prizes: &[u64]) -> (Vec<BigUint>, BigUint) {
    let mut shares = vec![BigUint::default(); classes.members.len()];
    let mut denominator = BigUint::from(1u32);
    // The states of m players finished, with their chance's numerator.
    let mut level: BTreeMap<u64, BigUint> = BTreeMap::from([(0, BigUint::from(1u32))]);
    for (m, &prize) in prizes.iter().enumerate() {
        let step = lcm(level.keys().map(|&state| classes.chips_left(state)));
        denominator *= &step;
        shares.iter_mut().for_each(|s| *s *= &step);
        let mut next: BTreeMap<u64, BigUint> = BTreeMap::new();
        for (state, numerator) in level {
            let scaled = numerator * (&step / classes.chips_left(state));
            for (j, &(stack, count)) in classes.members.iter().enumerate() {
                let left = count - classes.finished(state, j);
                if left == 0 {
                    continue;
                }
                let t = &scaled * (left * stack);
                shares[j] += &t * prize;
                if m + 1 < prizes.len() {
                    *next.entry(state + classes.radix[j]).or_default() += t;
                }
            }
        }
        level = next;
    }
    (shares, denominator)
}

/// The least common multiple of `values`.
fn lcm(values: impl Iterator<Item = u64>) -> BigUint {
    let mut values: Vec<u64> = values.collect();
    values.sort_unstable();
    values.dedup();
    let mut l = BigUint::from(1u32);
    for v in values {
        let r = u64::try_from(&l % v).expect("a remainder of v fits v");
        l *= v / r.gcd(&v);
    }
    l
}
