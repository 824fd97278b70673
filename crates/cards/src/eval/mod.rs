//! Hand evaluators, one module per kind of hand.
//!
//! Every evaluator has two paths:
//! - a value-only path (`*_value`) that works on 13-bit rank masks per suit,
//!   with no allocation, for hot loops (Omaha's combinations, benches);
//! - a full path (`*_rank`) that returns a [`HandRank`] with the readable
//!   name and the cards, built once for the final best hand.
//!
//! Values of one kind compare with `>`: higher is better, equal is a tie.
//! They all stay below 2^30, far under the 2^53 of the contract.

pub mod badugi;
pub mod high;
pub mod hooks;
pub mod low;
pub mod omaha;
pub mod short_deck;
pub mod table;

pub(crate) mod masks;
pub(crate) mod names;

use crate::card::{Card, Rank, Suit};

/// Build every value table now (about 50 ms on the 2-core EPYC VM) rather
/// than in the first requests that need them: the value paths of a settle
/// request touch them all, so a server can call this before it takes
/// traffic and keep that cost out of its first answers.
pub fn build_tables() {
    table::tables();
    omaha::build_tables();
}

/// Where the category of a packed value starts: `category << 26 | a << 13 | b`,
/// `a` and `b` being 13-bit rank masks (the ranks that make the category, then
/// the kickers), so integer order is hand order.
pub(crate) const CAT_SHIFT: u32 = 26;
pub(crate) const FIELD: u32 = 13;
pub(crate) const RANKS13: u16 = 0x1FFF;

/// Per-suit rank masks, bit 0 = deuce … bit 12 = ace, indexed by `Suit as usize`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Masks(pub [u16; 4]);

impl Masks {
    #[inline(always)]
    pub(crate) fn of(cards: &[Card]) -> Masks {
        let mut m = [0u16; 4];
        for c in cards {
            m[c.suit() as usize] |= 1 << (c.rank() as u8 - 2);
        }
        Masks(m)
    }

    #[inline(always)]
    pub(crate) fn any(&self) -> u16 {
        self.0[0] | self.0[1] | self.0[2] | self.0[3]
    }

    /// The same masks with the ace moved to bit 0 (ace-low order: A, 2 … K).
    #[inline(always)]
    pub(crate) fn ace_low(&self) -> Masks {
        Masks(self.0.map(ace_low))
    }

    /// Bit-sliced rank counts: `(ones, twos, fours)` such that a rank's count
    /// is `ones + 2*twos + 4*fours` at its bit.
    #[inline(always)]
    pub(crate) fn counts(&self) -> Counts {
        let (mut b0, mut b1, mut b2) = (0u16, 0u16, 0u16);
        for s in self.0 {
            let c0 = b0 & s;
            b0 ^= s;
            let c1 = b1 & c0;
            b1 ^= c0;
            b2 |= c1;
        }
        Counts {
            any: b0 | b1 | b2,
            ge2: b1 | b2,
            ge3: (b0 & b1) | b2,
            four: b2,
            pair: b1 & !b0,
        }
    }
}

/// Ranks by how many of them a hand holds (at most 7 cards).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Counts {
    pub any: u16,
    pub ge2: u16,
    pub ge3: u16,
    pub four: u16,
    pub pair: u16,
}

/// Ace-high rank mask to ace-low (ace to bit 0, deuce to bit 1 … king to bit 12).
#[inline(always)]
pub(crate) fn ace_low(m: u16) -> u16 {
    ((m << 1) | (m >> 12)) & RANKS13
}

/// The highest set bit alone (0 for 0).
#[inline(always)]
pub(crate) fn top1(m: u16) -> u16 {
    if m == 0 {
        0
    } else {
        1 << (15 - m.leading_zeros())
    }
}

/// The lowest set bit alone.
#[inline(always)]
pub(crate) fn low1(m: u16) -> u16 {
    m & m.wrapping_neg()
}

/// Keep the `n` highest set bits.
#[inline(always)]
pub(crate) fn keep_top(mut m: u16, n: u32) -> u16 {
    while m.count_ones() > n {
        m &= m - 1;
    }
    m
}

/// Keep the `n` lowest set bits.
#[inline(always)]
pub(crate) fn keep_bottom(mut m: u16, n: u32) -> u16 {
    while m.count_ones() > n {
        m ^= top1(m);
    }
    m
}

#[inline(always)]
pub(crate) fn pack(cat: u32, a: u16, b: u16) -> u32 {
    (cat << CAT_SHIFT) | ((a as u32) << FIELD) | b as u32
}

#[inline(always)]
pub(crate) fn unpack(v: u32) -> (u32, u16, u16) {
    (
        v >> CAT_SHIFT,
        ((v >> FIELD) as u16) & RANKS13,
        (v as u16) & RANKS13,
    )
}

/// Bit indices of `m`, highest first.
pub(crate) fn bits_desc(m: u16) -> impl Iterator<Item = u8> {
    (0..13u8).rev().filter(move |i| m & (1 << i) != 0)
}

/// Rank of an ace-high bit index (0 = deuce … 12 = ace).
pub(crate) fn rank_hi(i: u8) -> Rank {
    Rank::ALL[i as usize]
}

/// Rank of an ace-low bit index (0 = ace, 1 = deuce … 12 = king).
pub(crate) fn rank_lo(i: u8) -> Rank {
    if i == 0 {
        Rank::Ace
    } else {
        Rank::ALL[(i - 1) as usize]
    }
}

/// The cards that make a hand: for each `(rank, count)` wanted, in order, the
/// `count` cards of that rank with the highest suits (restricted to `suit`
/// for flushes). Choosing the highest suits is the set "most favourable" for
/// a stud odd chip (RULES.md §4, TDA 19: the player tables the best five),
/// and changes nothing else since suits never rank a hand.
pub(crate) fn pick(cards: &[Card], want: &[(Rank, usize)], suit: Option<Suit>) -> Vec<Card> {
    // The cards as a 52-bit set: membership is a bit test, not a scan.
    let held = cards.iter().fold(0u64, |m, c| m | 1 << c.index());
    let mut out = Vec::with_capacity(5);
    for &(rank, n) in want {
        let mut got = 0;
        for s in Suit::ALL.iter().rev() {
            if got == n {
                break;
            }
            if suit.is_some_and(|f| f != *s) {
                continue;
            }
            let c = Card::new(rank, *s);
            if held & (1 << c.index()) != 0 {
                out.push(c);
                got += 1;
            }
        }
    }
    out
}

/// The ranks a made hand is picked by, with how many cards of each (at
/// most five entries): on the stack, since every winning hand is described.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Wanted {
    ranks: [(Rank, usize); 5],
    len: usize,
}

impl Default for Wanted {
    fn default() -> Wanted {
        Wanted {
            ranks: [(Rank::Two, 0); 5],
            len: 0,
        }
    }
}

impl Wanted {
    pub(crate) fn push(&mut self, rank: Rank, n: usize) {
        if self.len < 5 {
            self.ranks[self.len] = (rank, n);
            self.len += 1;
        }
    }

    pub(crate) fn as_slice(&self) -> &[(Rank, usize)] {
        &self.ranks[..self.len]
    }
}

/// All `k`-subsets of `0..n` as index lists (k ≤ 5), for the full paths.
pub(crate) fn combinations(n: usize, k: usize) -> Vec<[usize; 5]> {
    let mut out = Vec::new();
    let mut idx = [0usize; 5];
    fn rec(
        start: usize,
        depth: usize,
        n: usize,
        k: usize,
        idx: &mut [usize; 5],
        out: &mut Vec<[usize; 5]>,
    ) {
        if depth == k {
            out.push(*idx);
            return;
        }
        for i in start..n {
            idx[depth] = i;
            rec(i + 1, depth + 1, n, k, idx, out);
        }
    }
    rec(0, 0, n, k, &mut idx, &mut out);
    out
}

/// Cards from a space-separated string, for the unit tests.
#[cfg(test)]
pub(crate) fn cards(s: &str) -> Vec<Card> {
    crate::card::parse_cards(&s.split_whitespace().collect::<Vec<_>>()).unwrap()
}
