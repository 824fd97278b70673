//! Low hands: ace-to-five (razz, ace-to-five draw, badacey), its 8-or-better
//! form (stud/8, Omaha/8 in `omaha`), and deuce-to-seven.
//!
//! Ace-to-five: the ace is low, straights and flushes do not count, pairs do.
//! Value layout (higher is better): `(5 - pairing) << 26 | !a << 13 | !b`,
//! with `pairing` 0 no pair, 1 pair, 2 two pair, 3 trips, 4 full house,
//! 5 quads and `a`, `b` ace-low rank masks (the paired ranks, then the
//! others): complementing a mask reverses integer order, and integer order
//! of a mask compares the highest rank first, as a low is read.
//!
//! `HandRank.category` of a low hand is the API `type` of its pairing
//! (0 for no pair, 1 pair, 2 two pair, 3 trips, 6 full house, 7 quads);
//! its `name` is the low itself ("8-6-4-3-2 low", "Wheel") when unpaired.
//!
//! Deuce-to-seven: the ace is high only, straights and flushes count, so
//! the best low is the worst high hand: value = `2^30 - 1 - high value`.

use super::high::{describe, value_by_table, value_of_masks, HighOrder};
use super::{names, pick, rank_lo, table, unpack, Masks, CAT_SHIFT, RANKS13};
use crate::card::Card;
use crate::hand::HandRank;

/// Ace-to-five pairing levels, best first.
const PAIRING_TYPES: [u8; 6] = [0, 1, 2, 3, 6, 7];

pub(crate) use super::masks::{ace_five_of_masks, low8_of_masks, pack_low};

/// The value of the best ace-to-five low of five to seven cards.
#[inline]
pub fn ace_five_value(cards: &[Card]) -> u32 {
    if cards.len() > 7 {
        return ace_five_of_masks(Masks::of(cards));
    }
    let t = table::tables();
    t.ace_five[table::slot(table::key(cards) as u32)]
}

/// The value of the best 8-or-better low of five to seven cards, if any: the
/// best ace-to-five low when it has no pair and nothing above an 8.
#[inline]
pub fn low8_value(cards: &[Card]) -> Option<u32> {
    let v = ace_five_value(cards);
    let unpaired = v >> CAT_SHIFT == 5;
    let eight_or_better = !v & RANKS13 as u32 & !0xFF == 0;
    (unpaired && eight_or_better).then_some(v)
}

/// The value of a five-card deuce-to-seven low.
#[inline]
pub fn deuce_seven_value(cards: &[Card]) -> u32 {
    deuce_seven_of_high(value_by_table(cards, HighOrder::AceOnlyHigh))
}

const DEUCE_SEVEN_TOP: u32 = (1 << 30) - 1;

#[inline(always)]
fn deuce_seven_of_high(v: u32) -> u32 {
    DEUCE_SEVEN_TOP - v
}

/// A packed ace-to-five value as a [`HandRank`] with cards from `cards`.
pub(crate) fn describe_ace_five(v: u32, cards: &[Card]) -> HandRank {
    let (lvl, na, nb) = unpack(v);
    let (a, b) = (!na & RANKS13, !nb & RANKS13);
    let ty = PAIRING_TYPES[(5 - lvl) as usize];
    let count_a = match ty {
        1 | 2 => 2,
        3 | 6 => 3,
        _ => 4,
    };
    let count_b = if ty == 6 { 2 } else { 1 };
    let mut want = super::Wanted::default();
    super::bits_desc(a).for_each(|i| want.push(rank_lo(i), count_a));
    super::bits_desc(b).for_each(|i| want.push(rank_lo(i), count_b));
    let (name, description) = names::ace_five(ty, a, b);
    HandRank {
        category: ty,
        name,
        description,
        value: v as u64,
        cards: pick(cards, want.as_slice(), None),
    }
}

/// The best ace-to-five low of five to seven cards (razz, ace-to-five draw,
/// badacey's five-card hand).
pub fn ace_five_rank(cards: &[Card]) -> HandRank {
    describe_ace_five(ace_five_of_masks(Masks::of(cards)), cards)
}

/// The best 8-or-better low of five to seven cards (stud/8), or `None`
/// when no five different ranks of 8 or lower are there.
pub fn low8_rank(cards: &[Card]) -> Option<HandRank> {
    low8_of_masks(Masks::of(cards)).map(|v| describe_ace_five(v, cards))
}

/// A five-card deuce-to-seven low (deuce-to-seven draw, badeucy).
pub fn deuce_seven_rank(cards: &[Card]) -> HandRank {
    let m = Masks::of(cards);
    let high = value_of_masks(m, HighOrder::AceOnlyHigh);
    let mut h = describe(high, m, cards, HighOrder::AceOnlyHigh);
    let (_, a, b) = unpack(high);
    (h.name, h.description) = names::deuce_seven(h.category, a, b);
    h.value = deuce_seven_of_high(high) as u64;
    h
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cards;

    #[test]
    fn ace_to_five_wheel_is_the_best_low_and_straights_flushes_do_not_count() {
        let wheel = ace_five_rank(&cards("Ah 2h 3h 4h 5h"));
        assert_eq!(wheel.name, "Wheel");
        assert_eq!(wheel.category, 0);
        assert!(wheel.value > ace_five_rank(&cards("6h 2c 3h 4h 5h")).value);
    }

    #[test]
    fn ace_to_five_compares_the_highest_card_first() {
        let a = ace_five_rank(&cards("7s 5c 4h 3d 2s"));
        let b = ace_five_rank(&cards("7h 6c 3s 2d Ac"));
        assert!(a.value > b.value);
        assert_eq!(a.name, "7-5-4-3-2 low");
        assert_eq!(b.description, "7-6-3-2-A low");
    }

    #[test]
    fn ace_to_five_pairs_count_against_a_low() {
        let pair = ace_five_rank(&cards("As Ad 2c 3h 4s"));
        let king_low = ace_five_rank(&cards("Ks Qd Jc Th 9s"));
        assert_eq!(pair.category, 1);
        assert!(king_low.value > pair.value);
    }

    #[test]
    fn razz_takes_the_best_five_of_seven() {
        let h = ace_five_rank(&cards("Kc Ks 8d 5h 4c 2s Ah"));
        assert_eq!(h.name, "8-5-4-2-A low");
        assert_eq!(h.cards.len(), 5);
        let paired = ace_five_rank(&cards("Kc Ks 5d 5h 4c 4s Ah"));
        assert_eq!(paired.description, "Pair of Fours, K-5-A kickers");
    }

    #[test]
    fn eight_or_better_needs_five_different_ranks_of_eight_or_lower() {
        assert!(low8_rank(&cards("9c 8s 7d 6h 4c Ks Kh")).is_none());
        assert!(low8_rank(&cards("8c 8s 7d 6h 6c 2s Kh")).is_none());
        let h = low8_rank(&cards("8c 6s 4d 3h 2c Ks Kh")).unwrap();
        assert_eq!(h.name, "8-6-4-3-2 low");
    }

    #[test]
    fn deuce_to_seven_a2345_is_not_a_straight() {
        let h = deuce_seven_rank(&cards("As 2d 3h 4c 5s"));
        assert_eq!(h.category, 0);
        assert_eq!(h.name, "A-5-4-3-2 low");
        assert!(
            deuce_seven_rank(&cards("Ks Qd Jh 9c 8s")).value > h.value,
            "an ace is high in 2-7"
        );
    }

    #[test]
    fn deuce_to_seven_straights_and_flushes_count() {
        let number_one = deuce_seven_rank(&cards("7s 5d 4h 3c 2s"));
        assert_eq!(number_one.name, "7-5-4-3-2 low");
        let straight = deuce_seven_rank(&cards("6s 5d 4h 3c 2s"));
        let flush = deuce_seven_rank(&cards("7s 5s 4s 3s 2s"));
        assert_eq!(straight.category, 4);
        assert_eq!(flush.category, 5);
        assert!(number_one.value > straight.value);
        assert!(number_one.value > flush.value);
        assert!(deuce_seven_rank(&cards("As Kd Qh Jc 9s")).value > straight.value);
    }
}
