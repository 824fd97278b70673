//! Splitting a pot in whole chip units (RULES.md §4).

use crate::guard::sub;
use crate::types::{Half, SettleError, Share};

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
    let k = u64::try_from(winners.len()).map_err(|_| SettleError::Overflow)?;
    if k == 0 || unit == 0 {
        return Err(SettleError::Overflow);
    }
    let units = amount / unit;
    let (base, odd) = (units / k, units % k);
    let mut shares = Vec::with_capacity(winners.len());
    for (i, &player) in winners.iter().enumerate() {
        let odd_chips = u64::from((i as u64) < odd);
        let amount = (base + odd_chips)
            .checked_mul(unit)
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
    fn no_winners_is_an_error_not_a_panic() {
        assert_eq!(divide(10, 1, &[], Half::Whole), Err(SettleError::Overflow));
        assert_eq!(halve(10, 0), Err(SettleError::Overflow));
    }
}
