//! Badugi: the largest set of cards of different ranks and different suits
//! (four at most), then the lowest, compared from the highest card down.
//! Ace low for badugi, badacey and razzdugi; ace high for badeucy.
//!
//! Value layout: `n << 13 | !mask`, `n` the number of cards in the set and
//! `mask` their ranks (complemented so that a lower set is a higher value).
//! `HandRank.category` of a badugi hand is `n` (1 to 4).

use super::{names, RANKS13};
use crate::card::{Card, Rank};
use crate::hand::HandRank;

#[inline(always)]
fn rank_bit(c: Card, ace_low: bool) -> u16 {
    let i = c.rank() as u8 - 2;
    if ace_low {
        1 << ((i + 1) % 13)
    } else {
        1 << i
    }
}

/// Call `f(subset, value)` for every valid badugi set (beyond four cards,
/// only those of the largest size that has one: a larger set always wins),
/// the subset as a bitmask of
/// indices into `cards` (at most eight cards).
#[inline(always)]
fn for_each_set(cards: &[Card], ace_low: bool, mut f: impl FnMut(usize, u32)) {
    // One rank bit and one suit bit per card: a set has different ranks and
    // different suits exactly when no two of its cards share a bit.
    let n = cards.len().min(8);
    let mut bits = [0u32; 8];
    for (b, c) in bits.iter_mut().zip(&cards[..n]) {
        *b = rank_bit(*c, ace_low) as u32 | 1 << (13 + c.suit() as u32);
    }
    if n <= 4 {
        // Badugi proper: the 15 subsets of four cards, each from the subset
        // without its lowest card (no recursion, no branches to mispredict).
        let mut or = [0u32; 16];
        let mut sum = [0u32; 16];
        for s in 1usize..1 << n {
            let rest = s & (s - 1);
            let b = bits[s.trailing_zeros() as usize];
            or[s] = or[rest] | b;
            sum[s] = sum[rest] + b;
            if or[s] == sum[s] {
                f(s, (SIZE[s] << 13) | (!or[s] & RANKS13 as u32));
            }
        }
        return;
    }
    for size in (1..=4).rev() {
        let mut walk = Walk {
            bits: &bits[..n],
            size,
            f: &mut f,
        };
        if walk.sets(0, size, 0, 0) {
            return;
        }
    }
}

/// Number of cards in each subset of four.
const SIZE: [u32; 16] = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

/// One walk over the sets of `size` cards: what stays the same at every
/// depth, so each step of the walk carries only where it is.
struct Walk<'b, F> {
    bits: &'b [u32],
    size: u32,
    f: &'b mut F,
}

impl<F: FnMut(usize, u32)> Walk<'_, F> {
    /// Depth-first over the sets of `left` more cards from `start`, the
    /// cards so far making `or` and `set`; true if any.
    #[inline]
    fn sets(&mut self, start: usize, left: u32, or: u32, set: usize) -> bool {
        if left == 0 {
            (self.f)(set, (self.size << 13) | (!or & RANKS13 as u32));
            return true;
        }
        let mut found = false;
        let bits = self.bits;
        for (i, &b) in bits.iter().enumerate().skip(start) {
            if or & b == 0 {
                found |= self.sets(i + 1, left - 1, or | b, set | 1 << i);
            }
        }
        found
    }
}

/// The value of the best badugi in `cards` (four to seven cards).
#[inline]
pub fn badugi_value(cards: &[Card], ace_low: bool) -> u32 {
    let mut best = 0;
    for_each_set(cards, ace_low, |_, v| best = best.max(v));
    best
}

/// The best badugi in `cards` with its name and cards. Where several sets
/// make the same value, the set whose highest card has the highest suit is
/// tabled: the most favourable for a stud odd chip (razzdugi, TDA 19).
pub fn badugi_rank(cards: &[Card], ace_low: bool) -> HandRank {
    let best = badugi_value(cards, ace_low);
    let mut chosen: Option<Vec<Card>> = None;
    let order = |c: &Card| {
        (
            if ace_low && c.rank() == Rank::Ace {
                1
            } else {
                c.rank() as u8
            },
            c.suit(),
        )
    };
    for_each_set(cards, ace_low, |s, v| {
        if v != best {
            return;
        }
        let mut set: Vec<Card> = (0..cards.len())
            .filter(|i| s & (1 << i) != 0)
            .map(|i| cards[i])
            .collect();
        set.sort_by_key(|c| std::cmp::Reverse(order(c)));
        if chosen
            .as_ref()
            .is_none_or(|c| order(&set[0]) > order(&c[0]))
        {
            chosen = Some(set);
        }
    });
    let set = chosen.unwrap_or_default();
    let n = (best >> 13) as u8;
    let (name, description) = names::badugi(n, !(best as u16) & RANKS13, ace_low);
    HandRank {
        category: n,
        name,
        description,
        value: best as u64,
        cards: set,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cards;

    #[test]
    fn badugi_four_cards_beat_any_three() {
        let four = badugi_rank(&cards("Ks Qh Jd Tc"), true);
        let three = badugi_rank(&cards("As 2h 3d 4d"), true);
        assert_eq!(four.category, 4);
        assert_eq!(three.category, 3);
        assert!(four.value > three.value);
    }

    #[test]
    fn badugi_is_read_from_the_highest_card_down() {
        let a = badugi_rank(&cards("7s 4h 3d 2c"), true);
        let b = badugi_rank(&cards("7s 5h 2d Ac"), true);
        assert!(
            a.value > b.value,
            "7-4-3-2 beats 7-5-2-A: the 4 is lower than the 5"
        );
        assert_eq!(a.description, "4-card badugi, 7 high");
    }

    #[test]
    fn badugi_pairs_and_suited_cards_do_not_play() {
        let h = badugi_rank(&cards("As Ah 2h 3d"), true);
        assert_eq!(h.category, 3);
        assert_eq!(h.cards.len(), 3);
    }

    #[test]
    fn badeucy_badugi_plays_the_ace_high() {
        let ace = badugi_rank(&cards("As 2h 3d 4c"), false);
        let five = badugi_rank(&cards("5s 2h 3d 4c"), false);
        assert!(five.value > ace.value);
        assert_eq!(ace.description, "4-card badugi, A high");
    }

    #[test]
    fn razzdugi_badugi_takes_the_best_four_of_seven() {
        let h = badugi_rank(&cards("Ks Kh 2s 3h 4d 5c 9d"), true);
        assert_eq!(h.category, 4);
        assert_eq!(h.description, "4-card badugi, 5 high");
    }
}
