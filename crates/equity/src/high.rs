//! Hold'em and short deck at a leaf: a hand's strength as a 16-bit ordinal
//! (1 the weakest seven-card hand; ordinals order as values do), read from
//! tables built here from the cards crate's look-up. Half the bytes of the
//! crate's `u32` values, so more of the table stays in cache while a walk
//! reads it once per player per board.

use std::sync::OnceLock;

use showdown_cards::eval::hooks::{
    card_key, empty_key, high_value_of_key, rank_slot, short_deck_value_of_key, suit_rank_bit,
    RANK_SLOTS,
};
use showdown_cards::{Card, Rank, Suit};

use crate::scorer::Scorer;
use crate::tally::Tally;
use crate::MAX_PLAYERS;

/// Ordinals of seven-card hands by rank slot (no flush) and by the flush
/// suit's rank mask.
pub(crate) struct HighTable {
    ranks: Box<[u16; RANK_SLOTS]>,
    flush: Box<[u16; 8192]>,
    /// The lowest flush's ordinal: a hand without a flush that reaches it
    /// is a full house or better (quads in short deck).
    lowest_flush: u16,
}

impl HighTable {
    /// The ordinal of seven cards that hold no flush.
    #[inline(always)]
    pub(crate) fn rank_ordinal(&self, key: u64) -> u16 {
        self.ranks[rank_slot(key)]
    }

    /// The ordinal of the flush of one suit's ranks `mask` (five to seven).
    #[inline(always)]
    pub(crate) fn flush_ordinal(&self, mask: u16) -> u16 {
        self.flush[usize::from(mask) & 0x1FFF]
    }
}

/// Hold'em and short deck on the rank-pattern walk: each player's
/// no-flush ordinal from the board's ranks plus the hole's, and a flush's
/// ordinal where the suited board and the hole hold five of a suit.
pub(crate) struct HighScorer<'a> {
    table: &'a HighTable,
    n: usize,
    /// The rank part of each player's hole key.
    hole_key: [u64; MAX_PLAYERS],
    /// Each player's hole ranks per suit.
    hole_suited: [[u16; 4]; MAX_PLAYERS],
    /// The ordinals without a flush on the ranked board.
    plain: [u32; MAX_PLAYERS],
    /// The players whose hand without a flush beats every flush.
    beats_flush: u16,
    tally: Tally,
}

impl<'a> HighScorer<'a> {
    pub(crate) fn new(table: &'a HighTable, hands: &[&[Card]], tally: Tally) -> HighScorer<'a> {
        let mut s = HighScorer {
            table,
            n: hands.len(),
            hole_key: [0; MAX_PLAYERS],
            hole_suited: [[0; 4]; MAX_PLAYERS],
            plain: [0; MAX_PLAYERS],
            beats_flush: 0,
            tally,
        };
        for (p, h) in hands.iter().enumerate() {
            for &c in *h {
                s.hole_key[p] += card_key(c) & 0xFFFF_FFFF;
                s.hole_suited[p][usize::from(c.index() & 3)] |= 1 << (c.index() >> 2);
            }
        }
        s
    }

    pub(crate) fn into_tally(self) -> Tally {
        self.tally
    }
}

impl Scorer for HighScorer<'_> {
    #[inline(always)]
    fn rank(&mut self, key: u64, _ranks: u16) {
        self.beats_flush = 0;
        for p in 0..self.n {
            let v = self.table.rank_ordinal(key + self.hole_key[p]);
            self.plain[p] = u32::from(v);
            self.beats_flush |= u16::from(v >= self.table.lowest_flush) << p;
        }
    }

    #[inline(always)]
    fn plain(&mut self, weight: u64) {
        self.tally.high(&self.plain, weight);
    }

    #[inline(always)]
    fn flush_wins(&self, player: usize) -> bool {
        self.beats_flush & !(1 << player) == 0
    }

    #[inline(always)]
    fn flush_win(&mut self, player: usize, weight: u64) {
        let mut values = self.plain;
        values[player] = u32::MAX;
        self.tally.high(&values, weight);
    }

    #[inline(always)]
    fn suited(&mut self, suit: usize, suited: u16, flushers: u16, weight: u64) {
        let mut values = self.plain;
        let mut m = flushers;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            let flush = self.table.flush_ordinal(suited | self.hole_suited[p][suit]);
            values[p] = values[p].max(u32::from(flush));
        }
        self.tally.high(&values, weight);
    }
}

static STANDARD: OnceLock<HighTable> = OnceLock::new();
static SHORT_DECK: OnceLock<HighTable> = OnceLock::new();

pub(crate) fn standard() -> &'static HighTable {
    STANDARD.get_or_init(|| build(high_value_of_key))
}

pub(crate) fn short_deck() -> &'static HighTable {
    SHORT_DECK.get_or_init(|| build(short_deck_value_of_key))
}

/// Whether the table is already built (hold'em's, or short deck's).
pub(crate) fn built(short: bool) -> bool {
    if short {
        SHORT_DECK.get()
    } else {
        STANDARD.get()
    }
    .is_some()
}

fn build(value: fn(u64, u64) -> u32) -> HighTable {
    let card = |r: usize, s: usize| Card::new(Rank::ALL[r], Suit::ALL[s]);
    // Every seven-card rank multiset, suits cycling so no suit holds five.
    let mut hands: Vec<(usize, u32)> = Vec::new();
    let mut counts = [0usize; 13];
    fn multisets(
        i: usize,
        left: usize,
        counts: &mut [usize; 13],
        f: &mut impl FnMut(&[usize; 13]),
    ) {
        if i == 13 {
            if left == 0 {
                f(counts);
            }
            return;
        }
        for n in 0..=left.min(4) {
            counts[i] = n;
            multisets(i + 1, left - n, counts, f);
        }
        counts[i] = 0;
    }
    multisets(0, 7, &mut counts, &mut |counts| {
        let (mut key, mut j) = (empty_key(), 0);
        for (r, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                key += card_key(card(r, j % 4));
                j += 1;
            }
        }
        hands.push((rank_slot(key), value(key, 0)));
    });
    // Every flush: five to seven ranks of one suit (the other cards of a
    // seven-card hand cannot raise it).
    let mut flushes: Vec<(usize, u32)> = Vec::new();
    for mask in 0u16..1 << 13 {
        if (5..=7).contains(&mask.count_ones()) {
            let cards: Vec<Card> = (0..13)
                .filter(|r| mask >> r & 1 == 1)
                .map(|r| card(r, 0))
                .collect();
            let key = cards.iter().fold(empty_key(), |k, &c| k + card_key(c));
            let bits = cards.iter().fold(0, |b, &c| b | suit_rank_bit(c));
            flushes.push((mask as usize, value(key, bits)));
        }
    }
    let mut values: Vec<u32> = hands.iter().chain(&flushes).map(|h| h.1).collect();
    values.sort_unstable();
    values.dedup();
    let ordinal = |v: u32| values.binary_search(&v).map_or(0, |i| i as u16 + 1);
    let mut ranks: Box<[u16; RANK_SLOTS]> = vec![0; RANK_SLOTS]
        .into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("RANK_SLOTS long"));
    let mut flush: Box<[u16; 8192]> = Box::new([0; 8192]);
    for (slot, v) in hands {
        ranks[slot] = ordinal(v);
    }
    let mut lowest_flush = u16::MAX;
    for (mask, v) in flushes {
        flush[mask] = ordinal(v);
        lowest_flush = lowest_flush.min(flush[mask]);
    }
    HighTable {
        ranks,
        flush,
        lowest_flush,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use showdown_cards::eval::hooks::flush_suit;
    use showdown_cards::{high_value, short_deck_value};

    #[test]
    fn ordinals_order_seven_card_hands_as_values_do() {
        use rand::seq::SliceRandom;
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let mut hand = || {
            let mut deck: Vec<Card> = (0..52).map(Card::from_index).collect();
            deck.shuffle(&mut rng);
            deck.truncate(7);
            deck
        };
        let of = |t: &HighTable, c: &[Card]| {
            let key = c.iter().fold(empty_key(), |k, &c| k + card_key(c));
            let bits = c.iter().fold(0, |b, &c| b | suit_rank_bit(c));
            match flush_suit(key) {
                Some(s) => t.flush_ordinal((bits >> (16 * s)) as u16),
                None => t.rank_ordinal(key),
            }
        };
        for _ in 0..20_000 {
            let (a, b) = (hand(), hand());
            assert_eq!(
                of(standard(), &a).cmp(&of(standard(), &b)),
                high_value(&a).cmp(&high_value(&b))
            );
            assert_eq!(
                of(short_deck(), &a).cmp(&of(short_deck(), &b)),
                short_deck_value(&a).cmp(&short_deck_value(&b))
            );
            assert!(of(standard(), &a) > 0);
        }
    }
}
