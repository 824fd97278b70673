//! Splitting a pot in whole chip units (RULES.md §4).

use crate::guard::sub;
use crate::types::{Half, SettleError, Share};

/// Who gets the units left over when a high-low pot's low half is split
/// (RULES.md §4, API.md `hiLoOddChips`): rooms differ, so it is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum HiLoOddChips {
    /// TDA 19: each half's leftover units go to that half's own winners.
    #[default]
    Tda,
    /// Bovada: every leftover unit of a halved pot goes to the high half's
    /// winners, the low half keeping only what splits evenly.
    High,
}

impl HiLoOddChips {
    /// The units of a low half of `low_amount` chips that its `winners`
    /// give up to the high half: its leftover under `High`, none under `Tda`.
    pub(crate) fn to_high(self, low_amount: u64, unit: u64, winners: usize) -> u64 {
        match (self, u64::try_from(winners)) {
            (HiLoOddChips::High, Ok(k)) if k > 0 && unit > 0 => low_amount / unit % k,
            _ => 0,
        }
    }
}

/// RULES.md §4, Robert's 3.7.4, rules 1–2 of the odd-chip house rules: a pot of `n` units
/// (`n = amount / chipUnit`, TDA 19: odd chips are broken down to the
/// smallest denomination) among `k` tied winners gives each `n div k` units
/// and one more to the first `n mod k` winners in odd-chip order, so nobody
/// gets more than one odd chip from one split. `winners` must already be in
/// odd-chip order; shares of zero chips are left out.
pub(crate) fn divide(
    amount: u64,
    unit: u64,
    winners: &[usize],
    half: Half,
) -> Result<Vec<Share>, SettleError> {
    divide_with(amount, unit, winners, half, 0)
}

/// [`divide`] with `extra` units more to hand out (the low half's leftover
/// under `hiLoOddChips: high`): they join the split's own leftover units,
/// which go one each in odd-chip order, round again from the first winner
/// when each has had one. Every leftover unit a share gets is an odd chip.
pub(crate) fn divide_with(
    amount: u64,
    unit: u64,
    winners: &[usize],
    half: Half,
    extra: u64,
) -> Result<Vec<Share>, SettleError> {
    let k = u64::try_from(winners.len()).map_err(|_| SettleError::Overflow)?;
    if k == 0 || unit == 0 {
        return Err(SettleError::Overflow);
    }
    let units = amount / unit;
    let left = (units % k)
        .checked_add(extra)
        .ok_or(SettleError::Overflow)?;
    let (base, rounds, odd) = (units / k, left / k, left % k);
    let mut shares = Vec::with_capacity(winners.len());
    for (i, &player) in winners.iter().enumerate() {
        let odd_chips = rounds + u64::from((i as u64) < odd);
        let amount = base
            .checked_add(odd_chips)
            .and_then(|u| u.checked_mul(unit))
            .ok_or(SettleError::Overflow)?;
        if amount > 0 {
            shares.push(Share {
                player,
                half,
                amount,
                odd_chips,
            });
        }
    }
    Ok(shares)
}

/// TDA 19 ("the odd chip in the total pot goes to the high side"), Robert's
/// 3.7.5.c: halving a pot of odd units gives the extra unit to the high half.
/// Returns `(high, low)`.
pub(crate) fn halve(amount: u64, unit: u64) -> Result<(u64, u64), SettleError> {
    if unit == 0 {
        return Err(SettleError::Overflow);
    }
    let low = (amount / unit / 2)
        .checked_mul(unit)
        .ok_or(SettleError::Overflow)?;
    Ok((sub(amount, low)?, low))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn amounts(shares: &[Share]) -> Vec<(usize, u64, u64)> {
        shares
            .iter()
            .map(|s| (s.player, s.amount, s.odd_chips))
            .collect()
    }

    #[test]
    fn roberts_3_7_4_at_most_one_odd_chip_each_in_order() {
        let shares = divide(101, 1, &[7, 3, 5], Half::Whole).unwrap();
        assert_eq!(amounts(&shares), vec![(7, 34, 1), (3, 34, 1), (5, 33, 0)]);
    }

    #[test]
    fn tda_19_odd_chips_are_whole_chip_units() {
        // 5 units of 25 among 2: 75 and 50, never 62.5 each.
        let shares = divide(125, 25, &[0, 1], Half::Low).unwrap();
        assert_eq!(amounts(&shares), vec![(0, 75, 1), (1, 50, 0)]);
        assert!(shares.iter().all(|s| s.half == Half::Low));
    }

    #[test]
    fn even_split_has_no_odd_chips() {
        let shares = divide(66, 1, &[0, 1], Half::Whole).unwrap();
        assert_eq!(amounts(&shares), vec![(0, 33, 0), (1, 33, 0)]);
    }

    #[test]
    fn zero_chip_shares_are_left_out() {
        let shares = divide(1, 1, &[4, 2], Half::Whole).unwrap();
        assert_eq!(amounts(&shares), vec![(4, 1, 1)]);
    }

    #[test]
    fn tda_19_odd_unit_of_halved_pot_goes_high() {
        assert_eq!(halve(5, 1), Ok((3, 2)));
        assert_eq!(halve(66, 1), Ok((33, 33)));
        assert_eq!(halve(75, 25), Ok((50, 25)));
    }

    #[test]
    fn rules_4_hi_lo_odd_chips_high_gives_the_low_leftover_to_high() {
        // A low half of 47 between two: 23 each, 1 unit to the high half.
        assert_eq!(HiLoOddChips::High.to_high(47, 1, 2), 1);
        assert_eq!(HiLoOddChips::Tda.to_high(47, 1, 2), 0);
        assert_eq!(HiLoOddChips::High.to_high(125, 25, 3), 2);
        assert_eq!(HiLoOddChips::High.to_high(47, 1, 0), 0);
        // One high winner takes the 48 and the extra unit as an odd chip.
        let shares = divide_with(48, 1, &[2], Half::High, 1).unwrap();
        assert_eq!(amounts(&shares), vec![(2, 49, 1)]);
        // Leftovers past one each go round again from the first winner.
        let shares = divide_with(7, 1, &[0, 1], Half::High, 2).unwrap();
        assert_eq!(amounts(&shares), vec![(0, 5, 2), (1, 4, 1)]);
    }

    #[test]
    fn no_winners_is_an_error_not_a_panic() {
        assert_eq!(divide(10, 1, &[], Half::Whole), Err(SettleError::Overflow));
        assert_eq!(halve(10, 0), Err(SettleError::Overflow));
    }
}
