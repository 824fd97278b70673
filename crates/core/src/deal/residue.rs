//! ICM shares modulo a prime, for the equalities no interval can see: a
//! share that is a whole number of units exactly (14.4's 485 dollars), or
//! two remainders that tie exactly.
//!
//! Every share is a fraction whose denominator is a product of chips left
//! (sums of stacks, below 2^53), so modulo a prime above 2^53 each of them
//! is invertible and the share has one residue. Two different shares
//! differ by a nonzero fraction whose numerator has at most a few million
//! bits, so at most about 2^17 primes of 62 bits divide it, out of about
//! 2^56 such primes: a random one takes an inequality for an equality with
//! a chance below 2^-39, and [`PRIMES`] independent ones below 2^-117.
//! The numbers stay 62 bits wide: no big integer, whatever the stacks.

use super::icm::STOP_EVERY;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

/// How many random primes an equality must hold for.
const PRIMES: usize = 3;

/// Each player's share above the table's base, modulo each prime.
pub(crate) struct Residues {
    primes: Vec<u64>,
    /// `shares[j][i]`: player i's share modulo `primes[j]`.
    shares: Vec<Vec<u64>>,
}

impl Residues {
    /// The shares of `prizes` (above the base) modulo fresh random primes;
    /// `None` when `stop` was raised on the way.
    pub(crate) fn new(stacks: &[u64], prizes: &[u64], stop: &AtomicBool) -> Option<Residues> {
        let primes: Vec<u64> = (0..PRIMES).map(|_| random_prime()).collect();
        let shares = primes
            .iter()
            .map(|&p| shares_mod(stacks, prizes, p, stop))
            .collect::<Option<_>>()?;
        Some(Residues { primes, shares })
    }

    /// Whether player `i`'s share is exactly `units`.
    pub(crate) fn is(&self, i: usize, units: u64) -> bool {
        self.primes
            .iter()
            .zip(&self.shares)
            .all(|(&p, s)| s[i] == units % p)
    }

    /// Whether `E(a) − whole(a)` equals `E(b) − whole(b)` exactly.
    pub(crate) fn tie(&self, (a, whole_a): (usize, u64), (b, whole_b): (usize, u64)) -> bool {
        self.primes.iter().zip(&self.shares).all(|(&p, s)| {
            let left = add(s[a], whole_b % p, p);
            let right = add(s[b], whole_a % p, p);
            left == right
        })
    }
}

/// A random prime in [2^61, 2^62): above every sum of stacks.
fn random_prime() -> u64 {
    loop {
        let candidate = (rand::random::<u64>() >> 2) | 1 << 61 | 1;
        if machine_prime::is_prime(candidate) {
            return candidate;
        }
    }
}

fn mul(a: u64, b: u64, p: u64) -> u64 {
    (a as u128 * b as u128 % p as u128) as u64
}

fn add(a: u64, b: u64, p: u64) -> u64 {
    let s = a as u128 + b as u128;
    (s % p as u128) as u64
}

fn inverse(a: u64, p: u64) -> u64 {
    // Fermat: a^(p-2), a below p and p prime.
    let (mut base, mut e, mut out) = (a, p - 2, 1u64);
    while e > 0 {
        if e & 1 == 1 {
            out = mul(out, base, p);
        }
        base = mul(base, base, p);
        e >>= 1;
    }
    out
}

/// The sets ICM visits (fewer than `k` players finished), with the chips
/// left outside each and their inverses modulo `p` (one inversion for all:
/// prefix products, then back).
fn inverse_chips(stacks: &[u64], k: usize, p: u64) -> Vec<u64> {
    let size = 1usize << stacks.len();
    let mut outside = vec![0u64; size];
    outside[0] = stacks.iter().sum();
    for set in 1..size {
        let low = set.trailing_zeros() as usize;
        outside[set] = outside[set & (set - 1)] - stacks[low];
    }
    let visited = |set: usize| (set.count_ones() as usize) < k;
    // prefix[set]: the product of the visited chips before `set`.
    let mut prefix = vec![1u64; size];
    let mut product = 1u64;
    for set in 0..size {
        prefix[set] = product;
        if visited(set) {
            product = mul(product, outside[set], p);
        }
    }
    let mut rest = inverse(product, p);
    for set in (0..size).rev() {
        if visited(set) {
            let chips = outside[set];
            outside[set] = mul(rest, prefix[set], p);
            rest = mul(rest, chips, p);
        }
    }
    outside
}

/// Each player's share modulo `p`: ICM's recursion over sets of
/// finishers (as [`super::icm::place_probabilities`]), every division a
/// multiplication by an inverse.
fn shares_mod(stacks: &[u64], prizes: &[u64], p: u64, stop: &AtomicBool) -> Option<Vec<u64>> {
    let n = stacks.len();
    let k = prizes.len();
    let mut shares = vec![0u64; n];
    if k == 0 {
        return Some(shares);
    }
    let inverse = inverse_chips(stacks, k, p);
    let size = 1usize << n;
    let mut f = vec![0u64; size];
    f[0] = 1;
    for set in 0..size {
        if set % STOP_EVERY == 0 && stop.load(Relaxed) {
            return None;
        }
        let m = set.count_ones() as usize;
        if m >= k || f[set] == 0 {
            continue;
        }
        let g = mul(f[set], inverse[set], p);
        let prize = prizes[m] % p;
        let mut free = (size - 1) & !set;
        while free != 0 {
            let i = free.trailing_zeros() as usize;
            free &= free - 1;
            let t = mul(g, stacks[i], p);
            shares[i] = add(shares[i], mul(t, prize, p), p);
            if m + 1 < k {
                f[set | 1 << i] = add(f[set | 1 << i], t, p);
            }
        }
    }
    Some(shares)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_14_4_the_share_of_485_dollars_is_seen_exactly() {
        // Above the base of 200 dollars: B's share is 285 dollars exactly,
        // A's and C's are not whole.
        let stop = AtomicBool::new(false);
        let r = Residues::new(&[5_000, 3_000, 2_000], &[70_000, 20_000], &stop).unwrap();
        assert!(r.is(1, 28_500));
        assert!(!r.is(1, 28_499));
        assert!(!r.is(0, 41_785) && !r.is(0, 41_786));
    }

    #[test]
    fn equal_stacks_tie_and_unequal_ones_do_not() {
        let stop = AtomicBool::new(false);
        let r = Residues::new(&[7, 7, 3], &[10, 4], &stop).unwrap();
        assert!(r.tie((0, 5), (1, 5)));
        assert!(!r.tie((0, 5), (2, 5)));
    }

    #[test]
    fn a_raised_stop_ends_the_work() {
        let stop = AtomicBool::new(true);
        assert!(Residues::new(&[7, 7, 3], &[10, 4], &stop).is_none());
    }
}
