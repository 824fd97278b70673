//! Which pot gives what of a hand's rake and jackpot drop (RULES.md §8.5):
//! the total is fixed first (`rake`), the spreads here only share it out,
//! each part at most what its pot holds.
//!
//! Products such as `r × a_k` can pass 2^64 when amounts are near 2^53, so
//! they are taken in `u128`.

use std::cmp::Reverse;

use crate::guard::{add, sub};
use crate::types::SettleError;

/// Largest remainder (RULES.md §8.5 and §8.7): `total` units shared in
/// proportion to `sizes`, `floor(total × size / Σsizes)` each, then the units
/// still missing one each to the largest remainders; equal remainders go by
/// `rank` (lower first). `total` must be at most `Σsizes` unless every size
/// is zero and `total` is too.
pub(crate) fn spread(total: u64, sizes: &[u64], rank: &[usize]) -> Result<Vec<u64>, SettleError> {
    let sum: u128 = sizes.iter().map(|&s| u128::from(s)).sum();
    if sum == 0 {
        return match total {
            0 => Ok(vec![0; sizes.len()]),
            _ => Err(SettleError::Overflow),
        };
    }
    let total_wide = u128::from(total);
    let mut parts = Vec::with_capacity(sizes.len());
    let mut remainders = Vec::with_capacity(sizes.len());
    let mut given: u128 = 0;
    for (k, &size) in sizes.iter().enumerate() {
        let product = total_wide * u128::from(size);
        let part = product / sum;
        given += part;
        parts.push(u64::try_from(part).map_err(|_| SettleError::Overflow)?);
        remainders.push((Reverse(product % sum), rank.get(k).copied().unwrap_or(k), k));
    }
    let missing = usize::try_from(total_wide.checked_sub(given).ok_or(SettleError::Overflow)?)
        .map_err(|_| SettleError::Overflow)?;
    // Fewer units are missing than sizes have a remainder (Σ remainders is
    // `missing × Σsizes`, each below Σsizes), so none reaches a zero size.
    remainders.sort_unstable();
    for &(_, _, k) in remainders.iter().take(missing) {
        parts[k] = parts[k].checked_add(1).ok_or(SettleError::Overflow)?;
    }
    Ok(parts)
}

/// RULES.md §8.5, `proportional`: the rake `r` over the pots by their
/// sizes (units), then the drop `j` over what each pot has left.
pub(crate) fn proportional(
    sizes: &[u64],
    r: u64,
    j: u64,
) -> Result<(Vec<u64>, Vec<u64>), SettleError> {
    let pot_rank: Vec<usize> = (0..sizes.len()).collect();
    let rake_parts = spread(r, sizes, &pot_rank)?;
    let mut left = Vec::with_capacity(sizes.len());
    for (&a, &rk) in sizes.iter().zip(&rake_parts) {
        left.push(sub(a, rk)?);
    }
    let jackpot_parts = spread(j, &left, &pot_rank)?;
    Ok((rake_parts, jackpot_parts))
}

/// RULES.md §8.5, `mainFirst` and `lastFirst`: the pots taken one after
/// another in `order`, each giving the rake due on the pots taken so far,
/// itself included, less what those before it gave; then the drop `j` in
/// the same order, each pot giving what is left of it up to what the pot
/// still holds. `due` is monotone, so no part is negative; a part over its
/// pot would be a broken rule and is an error, never a wrap.
pub(crate) fn in_order(
    sizes: &[u64],
    order: impl Iterator<Item = usize>,
    due: impl Fn(u64) -> u64,
    j: u64,
) -> Result<(Vec<u64>, Vec<u64>), SettleError> {
    let mut rake_parts = vec![0; sizes.len()];
    let mut jackpot_parts = vec![0; sizes.len()];
    let (mut before, mut due_before, mut drop_left) = (0u64, 0u64, j);
    for k in order {
        let through = add(before, sizes[k])?;
        let due_through = due(through);
        rake_parts[k] = sub(due_through, due_before)?;
        let room = sub(sizes[k], rake_parts[k])?;
        jackpot_parts[k] = drop_left.min(room);
        drop_left -= jackpot_parts[k];
        (before, due_before) = (through, due_through);
    }
    Ok((rake_parts, jackpot_parts))
}

/// RULES.md §8.5, `proportionalMainRest` (Bovada, Ignition): every side
/// pot gives `floor(total × a_k / Σa)`, the main pot all the rest. A main
/// pot holding less than that rest (a few units under many side pots, never
/// a real hand) gives all it holds, and the units over come off the side
/// pots by largest remainder of what they still hold, so no pot gives more
/// than it holds. `total` must be at most `Σsizes`.
fn floors_main_rest(total: u64, sizes: &[u64]) -> Result<Vec<u64>, SettleError> {
    let sum: u128 = sizes.iter().map(|&s| u128::from(s)).sum();
    if u128::from(total) > sum {
        return Err(SettleError::Overflow);
    }
    let Some((&main, sides)) = sizes.split_first() else {
        return Ok(Vec::new());
    };
    let mut parts = Vec::with_capacity(sizes.len());
    parts.push(0);
    let mut given = 0u64;
    for &size in sides {
        // `sum > 0` here: a side pot with chips makes it so, and with none
        // every product is zero.
        let part = (u128::from(total) * u128::from(size))
            .checked_div(sum)
            .unwrap_or(0);
        let part = u64::try_from(part).map_err(|_| SettleError::Overflow)?;
        given = add(given, part)?;
        parts.push(part);
    }
    let rest = sub(total, given)?;
    parts[0] = rest.min(main);
    let over = rest - parts[0];
    if over > 0 {
        let mut room = Vec::with_capacity(sizes.len());
        for (&a, &p) in sizes.iter().zip(&parts) {
            room.push(sub(a, p)?);
        }
        let rank: Vec<usize> = (0..sizes.len()).collect();
        for (part, more) in parts.iter_mut().zip(spread(over, &room, &rank)?) {
            *part = add(*part, more)?;
        }
    }
    Ok(parts)
}

/// RULES.md §8.5, `proportionalMainRest`: the rake `r` off the pots by
/// their sizes, side pots rounded down and the main pot the rest; then the
/// drop `j` the same way over what each pot has left.
pub(crate) fn main_rest(
    sizes: &[u64],
    r: u64,
    j: u64,
) -> Result<(Vec<u64>, Vec<u64>), SettleError> {
    let rake_parts = floors_main_rest(r, sizes)?;
    let mut left = Vec::with_capacity(sizes.len());
    for (&a, &rk) in sizes.iter().zip(&rake_parts) {
        left.push(sub(a, rk)?);
    }
    let jackpot_parts = floors_main_rest(j, &left)?;
    Ok((rake_parts, jackpot_parts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::MAX_AMOUNT;

    #[test]
    fn rules_8_5_largest_remainder_main_pot_first_among_equals() {
        // 1 unit over two equal pots: the main pot gives it.
        assert_eq!(spread(1, &[100, 100], &[0, 1]), Ok(vec![1, 0]));
        // 5 over 300/200: 3 and 2 exactly.
        assert_eq!(spread(5, &[300, 200], &[0, 1]), Ok(vec![3, 2]));
        // 2 over 1/1/1: remainders equal, the first two in rank order.
        assert_eq!(spread(2, &[1, 1, 1], &[2, 0, 1]), Ok(vec![0, 1, 1]));
    }

    #[test]
    fn spread_never_reaches_a_zero_size_and_never_overflows() {
        assert_eq!(
            spread(3, &[0, 2, 0, 2], &[0, 1, 2, 3]),
            Ok(vec![0, 2, 0, 1])
        );
        let big = MAX_AMOUNT;
        let parts = spread(big, &[big, big - 1, 1], &[0, 1, 2]).unwrap();
        assert_eq!(
            parts.iter().map(|&p| u128::from(p)).sum::<u128>(),
            u128::from(big)
        );
        assert_eq!(spread(1, &[0, 0], &[0, 1]), Err(SettleError::Overflow));
        assert_eq!(spread(0, &[0, 0], &[0, 1]), Ok(vec![0, 0]));
    }

    #[test]
    fn rules_8_5_proportional_main_rest_side_pots_round_down() {
        // Pots of 2400 and 16000, rake 200: the side pot gives
        // floor(200 × 16000 / 18400) = 173, the main pot the other 27
        // (proportional: 26 and 174).
        assert_eq!(
            main_rest(&[2400, 16000], 200, 0),
            Ok((vec![27, 173], vec![0, 0]))
        );
        assert_eq!(
            proportional(&[2400, 16000], 200, 0),
            Ok((vec![26, 174], vec![0, 0]))
        );
        // The drop of 100 over 2373 and 15827 left: floor(100 × 15827 /
        // 18200) = 86 from the side pot, 14 from the main pot.
        assert_eq!(
            main_rest(&[2400, 16000], 200, 100),
            Ok((vec![27, 173], vec![14, 86]))
        );
    }

    #[test]
    fn rules_8_5_proportional_main_rest_main_pot_never_gives_more_than_it_holds() {
        // 2 over 1/1/1: each side pot floor(2/3) = 0, the rest of 2 is more
        // than the main pot's 1; the unit over comes off side pot 1.
        assert_eq!(floors_main_rest(2, &[1, 1, 1]), Ok(vec![1, 1, 0]));
        // Everything taken: every pot gives all it holds.
        assert_eq!(floors_main_rest(3, &[1, 1, 1]), Ok(vec![1, 1, 1]));
        assert_eq!(floors_main_rest(0, &[0, 0]), Ok(vec![0, 0]));
        assert_eq!(floors_main_rest(1, &[0, 0]), Err(SettleError::Overflow));
        assert_eq!(floors_main_rest(0, &[]), Ok(vec![]));
        let big = MAX_AMOUNT;
        assert_eq!(floors_main_rest(big, &[1, big - 1]), Ok(vec![1, big - 1]));
    }
}
