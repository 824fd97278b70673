//! The two fixed-point widths ICM's interval is computed in: 127 bits
//! (`u128`, every deal) and 254 bits (`ruint`'s 320-bit integers, the deals
//! whose units 127 bits cannot place). Both round every step down by at
//! most two units of the last place, so one error bound serves both
//! ([`super::icm::error_bound`]).

use ruint::aliases::U320;
use std::ops::AddAssign;

/// A probability as a fixed-point lower bound: 1 is `2^ONE_BITS`.
pub(crate) trait Fixed: Copy + Default + AddAssign + Ord {
    const ONE_BITS: u32;
    /// `f / chips`, kept to 64 more bits than `f`.
    type PerChip: Copy;
    fn one() -> Self;
    fn per_chip(self, chips: u64) -> Self::PerChip;
    /// `floor(per_chip × stack / 2^64)`: at most the `f` it came from when
    /// `stack <= chips`.
    fn times(per_chip: Self::PerChip, stack: u64) -> Self;
}

impl Fixed for u128 {
    const ONE_BITS: u32 = 127;
    /// `q1·2^64 + q0`.
    type PerChip = (u128, u128);

    fn one() -> u128 {
        1 << Self::ONE_BITS
    }

    fn per_chip(self, chips: u64) -> (u128, u128) {
        let chips = chips as u128;
        (self / chips, ((self % chips) << 64) / chips)
    }

    fn times((q1, q0): (u128, u128), stack: u64) -> u128 {
        let s = stack as u128;
        q1 * s + ((q0 * s) >> 64)
    }
}

impl Fixed for U320 {
    /// 254 fractional bits, so `f × 2^64` (at most 2^318) fits 320.
    const ONE_BITS: u32 = 254;
    type PerChip = U320;

    fn one() -> U320 {
        U320::from(1u64) << Self::ONE_BITS as usize
    }

    fn per_chip(self, chips: u64) -> U320 {
        (self << 64usize) / U320::from(chips)
    }

    fn times(per_chip: U320, stack: u64) -> U320 {
        // per_chip × stack <= f × 2^64 <= 2^318.
        (per_chip * U320::from(stack)) >> 64usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Both widths give the same chance, to their precision, and a lower
    /// bound of it: 3/7 of 1.
    fn three_sevenths<F: Fixed>() -> F {
        F::times(F::one().per_chip(7), 3)
    }

    #[test]
    fn both_widths_round_down_by_less_than_two_units() {
        let narrow = U320::from(three_sevenths::<u128>());
        let exact = (U320::from(3u64) << 127usize) / U320::from(7u64);
        assert!(narrow <= exact && exact - narrow < U320::from(2u64));
        let wide = three_sevenths::<U320>();
        let exact = (U320::from(3u64) << 254usize) / U320::from(7u64);
        assert!(wide <= exact && exact - wide < U320::from(2u64));
    }
}
