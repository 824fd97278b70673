//! The table evaluators' key and look-up steps, public for callers that
//! enumerate many boards (the equity engine): they add each board card's key
//! once per board and then pay one look-up per player, where the slice
//! functions would rebuild every player's seven-card key on every board.
//!
//! A key (see `table.rs`) is a sum: the empty key plus each card's key, in
//! any order; its low 32 bits are the rank part. `suit_ranks` below is the
//! cards' rank masks per suit, 16 bits a suit (bit `16 * suit + rank - 2`).

use super::masks::HighOrder;
use super::table;
use crate::card::Card;

/// The key of no cards (the start of every sum).
pub fn empty_key() -> u64 {
    table::key(&[])
}

/// One card's part of a key.
pub fn card_key(c: Card) -> u64 {
    table::key(&[c]) - table::key(&[])
}

/// One card's bit in a `suit_ranks` set.
#[inline(always)]
pub fn suit_rank_bit(c: Card) -> u64 {
    1 << (16 * (c.index() as u64 % 4) + c.index() as u64 / 4)
}

/// The standard high value of the cards (five to seven) whose key is `key`
/// and whose per-suit rank masks are `suit_ranks`; as [`crate::high_value`].
#[inline(always)]
pub fn high_value_of_key(key: u64, suit_ranks: u64) -> u32 {
    table::lookup(
        key,
        |s| (suit_ranks >> (16 * s)) as u16 & 0x1FFF,
        HighOrder::Standard,
    )
}

/// The short-deck value of the cards of `key`; as [`crate::short_deck_value`].
#[inline(always)]
pub fn short_deck_value_of_key(key: u64, suit_ranks: u64) -> u32 {
    table::lookup(
        key,
        |s| (suit_ranks >> (16 * s)) as u16 & 0x1FFF,
        HighOrder::ShortDeck,
    )
}

/// The standard value of a flush of the five or more ranks of `mask` (bit 0
/// the deuce), straight flushes included.
#[inline(always)]
pub fn flush_value(mask: u16) -> u32 {
    table::tables().flush_standard[mask as usize & 0x1FFF]
}

/// The suit (0 clubs … 3 spades) of which a key of at most seven cards
/// holds five or more, if any.
#[inline(always)]
pub fn flush_suit(key: u64) -> Option<u32> {
    const FLUSH_BITS: u64 = 0x8888 << 32;
    let f = key & FLUSH_BITS;
    (f != 0).then(|| (f >> 32).trailing_zeros() / 4)
}

/// How many slots [`rank_slot`] can return (it never returns more).
pub const RANK_SLOTS: usize = table::SLOTS;

/// The perfect-hash slot of the rank part of a key (at most seven cards):
/// different rank multisets have different slots.
#[inline(always)]
pub fn rank_slot(key: u64) -> usize {
    table::slot(key as u32)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cards;

    #[test]
    fn hooks_give_the_slice_functions_values() {
        for hand in [
            "Ah Kh Qh Jh Th 2c 3d",
            "As Ad Ac Ks Kd 6c 8d",
            "9s 8s 7s 6s 2s Ad Ah",
            "2c 3d 4h 5s 7c 9d Jh",
            "Ah 6h 7h 8h 9c Kd Kc",
        ] {
            let c = cards(hand);
            let key = c.iter().fold(empty_key(), |k, &c| k + card_key(c));
            let bits = c.iter().fold(0, |b, &c| b | suit_rank_bit(c));
            assert_eq!(
                high_value_of_key(key, bits),
                crate::high_value(&c),
                "{hand}"
            );
            assert_eq!(
                short_deck_value_of_key(key, bits),
                crate::short_deck_value(&c),
                "{hand}"
            );
            assert!(rank_slot(key) < RANK_SLOTS);
            let suits = c.iter().fold([0; 4], |mut n, c| {
                n[c.suit() as usize] += 1;
                n
            });
            assert_eq!(
                flush_suit(key),
                (0..4).find(|&s| suits[s as usize] >= 5),
                "{hand}"
            );
        }
        assert_eq!(
            flush_value(0b1_1111),
            crate::high_value(&cards("2h 3h 4h 5h 6h"))
        );
    }
}
