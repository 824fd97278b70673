//! High hands: the best five of five to seven cards.
//!
//! Rank-mask evaluation: one 13-bit mask per suit, bit-sliced rank counts,
//! then the category in order from the top. With at most seven cards a flush
//! excludes quads and full houses (five cards of one suit leave two others),
//! so a flush ends the search at once.

use super::{names, pick, rank_hi, table, unpack, Masks, Wanted, RANKS13};
use crate::card::{Card, Rank, Suit};
use crate::hand::HandRank;

pub(crate) use super::masks::{value_of_masks, HighOrder};

/// The value of the best standard high hand of five to seven cards: the
/// cheap path for hot loops and benches (no allocation).
#[inline]
pub fn high_value(cards: &[Card]) -> u32 {
    value_by_table(cards, HighOrder::Standard)
}

/// [`high_value`] of exactly seven cards (hold'em, stud): the same value,
/// by a path with no length to test and a fixed, unrolled key sum. For
/// batches of hands held as arrays.
#[inline]
pub fn high_value_7(cards: &[Card; 7]) -> u32 {
    value_of_7(cards, HighOrder::Standard)
}

#[inline(always)]
pub(crate) fn value_of_7(cards: &[Card; 7], order: HighOrder) -> u32 {
    table::lookup(table::key7(cards), |s| flush_row(cards, s), order)
}

/// [`high_value_7`] of `N` hands at once, in order: all `N` rank-table
/// reads are issued before any hand is tested for a flush. One hand in 33
/// holds a flush, a branch no predictor learns; taken hand by hand, each
/// miss discards the reads already under way for the hands after it, and
/// those reads are most of the work. For batches, e.g. the slice's
/// `as_chunks::<8>()` (groups of 4 and 8 did equally well on the 2-core
/// EPYC VM, 12 worse), or the players of one board.
#[inline]
pub fn high_values_7<const N: usize>(hands: &[[Card; 7]; N]) -> [u32; N] {
    let t = table::tables();
    let keys: [u64; N] = std::array::from_fn(|i| table::key7(&hands[i]));
    let mut values = keys.map(|k| table::rank_value(t, k, HighOrder::Standard));
    for ((v, &k), h) in values.iter_mut().zip(&keys).zip(hands) {
        if let Some(s) = table::flush_suit(k) {
            *v = table::flush_value(t, flush_row(h, s), HighOrder::Standard);
        }
    }
    values
}

/// The flush suit's rank mask, out of line (one hand in 33): inlined, it
/// kept all seven card indices live across the flush test, and a loop over
/// a batch of hands spilled its table pointers to the stack.
#[inline(never)]
fn flush_row(cards: &[Card], suit: u32) -> u16 {
    table::suit_mask(cards, suit)
}

/// The table path for at most seven cards (the rank-mask path beyond).
#[inline(always)]
pub(crate) fn value_by_table(cards: &[Card], order: HighOrder) -> u32 {
    if cards.len() > 7 {
        return value_beyond_seven(cards, order);
    }
    // Seven cards take the unrolled sum: a key summed over a slice whose
    // length the compiler cannot see becomes, with `-C target-cpu=native`
    // on AVX-512, a masked gather that ran this path at half speed on the
    // AMD EPYC VM (README.md, "Against OMPEval").
    if let Ok(seven) = <&[Card; 7]>::try_from(cards) {
        return value_of_7(seven, order);
    }
    table::lookup(table::key(cards), |s| flush_row(cards, s), order)
}

/// More than seven cards (rare: the table covers seven): out of line, so the
/// inlined table path stays small.
#[cold]
#[inline(never)]
fn value_beyond_seven(cards: &[Card], order: HighOrder) -> u32 {
    value_of_masks(Masks::of(cards), order)
}

/// The best standard high hand of five to seven cards, with its name and cards.
pub fn high_rank(cards: &[Card]) -> HandRank {
    let m = Masks::of(cards);
    describe(
        value_of_masks(m, HighOrder::Standard),
        m,
        cards,
        HighOrder::Standard,
    )
}

/// The five ranks of a straight topped by `top` (ace-high bit index), wheel
/// ace last.
fn straight_ranks(top: u8, order: HighOrder) -> Wanted {
    let lowest_top = if matches!(order, HighOrder::ShortDeck) {
        7
    } else {
        3
    };
    let n = if top == lowest_top { 4 } else { 5 };
    let mut w = Wanted::default();
    for k in 0..n {
        w.push(rank_hi(top - k), 1);
    }
    if n == 4 {
        w.push(Rank::Ace, 1);
    }
    w
}

/// A packed high value (of `order`) as a [`HandRank`], choosing its cards
/// from `cards`.
pub(crate) fn describe(v: u32, m: Masks, cards: &[Card], order: HighOrder) -> HandRank {
    let (slot, a, b) = unpack(v);
    let ty = order.type_of(slot);
    // The ranks of `a` (n copies each), then of `b` (k copies each).
    let ranks = |(a, n): (u16, usize), (b, k): (u16, usize)| {
        let mut w = Wanted::default();
        super::bits_desc(a).for_each(|i| w.push(rank_hi(i), n));
        super::bits_desc(b).for_each(|i| w.push(rank_hi(i), k));
        w
    };
    let flush_suit = Suit::ALL
        .into_iter()
        .find(|s| m.0[*s as usize].count_ones() >= 5);
    let (want, suit) = match ty {
        0 => (ranks((0, 0), (b, 1)), None),
        1 | 2 => (ranks((a, 2), (b, 1)), None),
        3 => (ranks((a, 3), (b, 1)), None),
        4 => (straight_ranks(b.trailing_zeros() as u8, order), None),
        5 => (ranks((0, 0), (b, 1)), flush_suit),
        6 => (ranks((a, 3), (b, 2)), None),
        7 => (ranks((a, 4), (b, 1)), None),
        _ => (straight_ranks(b.trailing_zeros() as u8, order), flush_suit),
    };
    let ty = if ty == 8 && b == 1 << 12 { 9 } else { ty };
    let (name, description) = names::high(ty, a & RANKS13, b);
    HandRank {
        category: ty,
        name,
        description,
        value: v as u64,
        cards: pick(cards, want.as_slice(), suit),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cards;

    fn rank(s: &str) -> HandRank {
        high_rank(&cards(s))
    }

    #[test]
    fn a_group_with_flushes_values_each_hand_as_alone() {
        let hands = [
            "Ah Kh 9h 7h 2h 3c 4d",
            "9s 8s 7s 6s 5s Ad Ah",
            "As Ad 9h 9c 2s 3d Jh",
            "As Ks Qs Js Ts Ad Ah",
            "2c 3c 4c 5c 7c 7d 7h",
            "As Kd 9h 7c 2s 3d 4h",
        ]
        .map(|s| <[Card; 7]>::try_from(cards(s)).unwrap());
        let alone = hands.map(|h| high_rank(&h).value as u32);
        assert_eq!(high_values_7(&hands), alone);
        assert_eq!(hands.map(|h| high_value_7(&h)), alone);
    }

    #[test]
    fn api_type_numbering_from_high_card_to_royal_flush() {
        let cases = [
            ("As Kd 9h 7c 2s 3d 4h", 0, "High Card"),
            ("As Ad 9h 7c 2s 3d Jh", 1, "Pair"),
            ("As Ad 9h 9c 2s 3d Jh", 2, "Two Pair"),
            ("As Ad Ah 9c 2s 3d Jh", 3, "Three of a Kind"),
            ("As 2d 3h 4c 5s Kd Jh", 4, "Straight"),
            ("Ah Kh 9h 7h 2h", 5, "Flush"),
            ("As Ad Ah 9c 9s 3d Jh", 6, "Full House"),
            ("As Ad Ah Ac 9s 3d Jh", 7, "Four of a Kind"),
            ("9s 8s 7s 6s 5s Ad Ah", 8, "Straight Flush"),
            ("As Ks Qs Js Ts Ad Ah", 9, "Royal Flush"),
        ];
        let mut last = 0;
        for (cards, ty, name) in cases {
            let h = rank(cards);
            assert_eq!(h.category, ty, "{cards}");
            assert_eq!(h.name, name, "{cards}");
            assert_eq!(h.cards.len(), 5, "{cards}");
            assert!(h.value > last, "{cards} should beat the previous category");
            last = h.value;
        }
    }

    #[test]
    fn every_category_has_its_description_api_md() {
        for (cards, description) in [
            ("As Kd 9h 7c 2s 3d 4h", "High Card, A-K-9-7-4"),
            ("As Ad 9h 7c 2s 3d Jh", "Pair of Aces, J-9-7 kickers"),
            ("As Ad 9h 9c 2s 3d Jh", "Two Pair, Aces and Nines, J kicker"),
            ("As Ad Ah 9c 2s 3d Jh", "Three of a Kind, Aces, J-9 kickers"),
            ("6s 2d 3h 4c 5s Kd Jh", "Straight, 6 high"),
            ("As Ad Ah 9c 9s 3d Jh", "Full House, Aces full of Nines"),
            ("As Ad Ah Ac 9s 3d Jh", "Four of a Kind, Aces, J kicker"),
            ("9s 8s 7s 6s 5s Ad Ah", "Straight Flush, 9 high"),
            ("As Ks Qs Js Ts Ad Ah", "Royal Flush"),
        ] {
            assert_eq!(rank(cards).description, description, "{cards}");
        }
    }

    #[test]
    fn flush_description_names_its_high_card() {
        let h = rank("Ah Kh 9h 7h 2h 3c 4d");
        assert_eq!(h.description, "Flush, A high");
        assert_eq!(h.cards, cards("Ah Kh 9h 7h 2h"));
    }

    #[test]
    fn wheel_is_the_lowest_straight_and_plays_the_ace_last() {
        let wheel = rank("As 2d 3h 4c 5s Kd Jh");
        let six = rank("6s 2d 3h 4c 5s Kd Jh");
        assert!(six.value > wheel.value);
        assert_eq!(wheel.description, "Straight, 5 high");
        assert_eq!(wheel.cards.last().unwrap().rank(), Rank::Ace);
    }

    #[test]
    fn seventh_card_kicker_counts_and_sixth_does_not_beyond_five() {
        // Board plays: same five cards, tie.
        assert_eq!(
            rank("2c 3d Ah Kh Qs Js 9d").value,
            rank("2h 4d Ah Kh Qs Js 9d").value
        );
        // A better kicker wins.
        assert!(rank("Tc 3d Ah Ad Qs Js 9d").value > rank("8c 3d Ah Ad Qs Js 9d").value);
    }

    #[test]
    fn three_pairs_play_the_best_two_and_the_best_kicker() {
        let h = rank("Ks Kd 8h 8c 7s 7d 2h");
        assert_eq!(h.category, 2);
        assert_eq!(h.description, "Two Pair, Kings and Eights, 7 kicker");
        assert_eq!(h.cards[4], "7s".parse().unwrap());
    }

    #[test]
    fn two_trips_make_a_full_house_of_the_higher() {
        let h = rank("Ks Kd Kh 8c 8s 8d 2h");
        assert_eq!(h.description, "Full House, Kings full of Eights");
    }

    #[test]
    fn suits_never_break_a_tie_robert_3_7_1() {
        assert_eq!(
            rank("As Ks Qs Js 9d 2c 3c").value,
            rank("Ah Kh Qh Jh 9c 2d 3d").value
        );
    }

    #[test]
    fn odd_chip_set_takes_the_highest_suits_tda_19() {
        // Straight 9 high with two nines: the 9s is tabled.
        let h = rank("9s 9c 8d 7h 6c 5d 2c");
        assert_eq!(h.cards[0], "9s".parse().unwrap());
    }
}
