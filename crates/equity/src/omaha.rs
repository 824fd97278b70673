//! Omaha at a leaf: a player's best high hand on a five-card board, from a
//! table of (board rank multiset, hole rank pair) → the best non-flush
//! hand of the pair with three of the board, plus a flush check only when
//! the board holds three of a suit and the player two; and the 8-or-better
//! low from 8-bit rank masks, only when the board has three low ranks.

use std::sync::OnceLock;

use showdown_cards::eval::hooks::{
    card_key, empty_key, flush_value, high_value_of_key, rank_slot, RANK_SLOTS,
};
use showdown_cards::{Card, Rank, Suit};

use crate::scorer::{rank_count, Scorer};
use crate::tally::Tally;
use crate::MAX_PLAYERS;

const PAIRS: usize = 91;

/// The per-board table (1.1 MB of `u16` ordinals, built once, in about
/// 30 ms optimised).
pub(crate) struct OmahaTable {
    /// Rank slot of a five-card board's key to the board's row.
    board_row: Vec<u16>,
    /// Row × 91 + pair index: the ordinal of the pair's best non-flush hand.
    best: Vec<u16>,
    /// The value of each ordinal (ordinals follow values).
    values: Vec<u32>,
    /// The lowest flush's value: a hand without a flush that reaches it is
    /// a full house or better.
    lowest_flush: u32,
}

/// Index of a rank pair (0 … 12 each, any order) among the 91.
fn pair_index(a: usize, b: usize) -> usize {
    let (a, b) = (a.min(b), a.max(b));
    // Pairs (a, b) with a ≤ b in order of a then b.
    a * 13 - a * (a.saturating_sub(1)) / 2 + (b - a)
}

static TABLE: OnceLock<OmahaTable> = OnceLock::new();

pub(crate) fn table() -> &'static OmahaTable {
    TABLE.get_or_init(build)
}

/// Whether the table is already built.
pub(crate) fn built() -> bool {
    TABLE.get().is_some()
}

fn build() -> OmahaTable {
    // One card of each rank in each suit, to make keys with no flush
    // (suits cycle, so five cards never share one).
    let key_of = |ranks: &[usize]| -> u64 {
        ranks.iter().enumerate().fold(empty_key(), |k, (j, &r)| {
            k + card_key(Card::new(Rank::ALL[r], Suit::ALL[j % 4]))
        })
    };
    let mut board_row = vec![u16::MAX; RANK_SLOTS];
    let mut raw = Vec::new();
    let mut boards = 0usize;
    let mut r = [0usize; 5];
    for a in 0..13 {
        r[0] = a;
        for b in a..13 {
            r[1] = b;
            for c in b..13 {
                r[2] = c;
                for d in c..13 {
                    r[3] = d;
                    for e in d..13 {
                        r[4] = e;
                        if a == e {
                            continue; // five of a rank
                        }
                        board_row[rank_slot(key_of(&r))] = boards as u16;
                        boards += 1;
                        for p in 0..13 {
                            for q in p..13 {
                                raw.push(best_of_pair(&r, p, q, &key_of));
                            }
                        }
                    }
                }
            }
        }
    }
    let mut values = raw.clone();
    values.sort_unstable();
    values.dedup();
    let best = raw
        .iter()
        .map(|v| values.binary_search(v).unwrap_or(0) as u16)
        .collect();
    let lowest_flush = (0u16..1 << 13)
        .filter(|m| m.count_ones() == 5)
        .map(flush_value)
        .min()
        .unwrap_or(0);
    OmahaTable {
        board_row,
        best,
        values,
        lowest_flush,
    }
}

/// The best non-flush hand of hole ranks `p`, `q` with three of `board`
/// (0 if the seven cards cannot be dealt: five of a rank).
fn best_of_pair(board: &[usize; 5], p: usize, q: usize, key_of: &impl Fn(&[usize]) -> u64) -> u32 {
    let mut counts = [0u8; 13];
    for &x in board.iter().chain([p, q].iter()) {
        counts[x] += 1;
    }
    if counts.iter().any(|&c| c > 4) {
        return 0;
    }
    let mut best = 0;
    for i in 0..5 {
        for j in i + 1..5 {
            for k in j + 1..5 {
                let key = key_of(&[p, q, board[i], board[j], board[k]]);
                best = best.max(high_value_of_key(key, 0));
            }
        }
    }
    best
}

/// A player's hole cards as the leaf reads them.
pub(crate) struct OmahaPlayer {
    /// Pair indices of the hole cards' rank pairs.
    pairs: [u8; 15],
    n_pairs: usize,
    /// Per suit, the hole cards' ranks (bit 0 the deuce).
    suited: [u16; 4],
    /// The pairs of hole cards of two different low ranks, as 8-bit masks
    /// (bit 0 the ace … bit 7 the eight).
    low_pairs: [u16; 15],
    n_low: usize,
}

fn low_bit(c: Card) -> u16 {
    match c.rank() as u8 {
        14 => 1,
        r @ 2..=8 => 1 << (r - 1),
        _ => 0,
    }
}

impl OmahaPlayer {
    pub(crate) fn new(hole: &[Card]) -> OmahaPlayer {
        let mut p = OmahaPlayer {
            pairs: [0; 15],
            n_pairs: 0,
            suited: [0; 4],
            low_pairs: [0; 15],
            n_low: 0,
        };
        let rank = |c: &Card| c.rank() as usize - 2;
        for (i, a) in hole.iter().enumerate() {
            p.suited[a.suit() as usize] |= 1 << rank(a);
            for b in &hole[i + 1..] {
                p.pairs[p.n_pairs] = pair_index(rank(a), rank(b)) as u8;
                p.n_pairs += 1;
                let m = low_bit(*a) | low_bit(*b);
                if m.count_ones() == 2 && !p.low_pairs[..p.n_low].contains(&m) {
                    p.low_pairs[p.n_low] = m;
                    p.n_low += 1;
                }
            }
        }
        // Equal rank pairs read the same entry: keep one.
        let mut pairs = p.pairs[..p.n_pairs].to_vec();
        pairs.sort_unstable();
        pairs.dedup();
        p.n_pairs = pairs.len();
        p.pairs[..pairs.len()].copy_from_slice(&pairs);
        p
    }
}

impl OmahaTable {
    /// Every player's best high without a flush on the five-card board
    /// whose rank part is in `key`.
    #[inline(always)]
    fn pair_values(&self, players: &[OmahaPlayer], key: u64, out: &mut [u32; MAX_PLAYERS]) {
        let row = self.board_row[rank_slot(key)] as usize;
        let row = &self.best[row * PAIRS..][..PAIRS];
        for (o, p) in out.iter_mut().zip(players) {
            let mut best = 0;
            for &i in &p.pairs[..p.n_pairs] {
                best = best.max(row[i as usize]);
            }
            *o = self.values[best as usize];
        }
    }
}

/// The ten straights as rank masks (bit 0 the deuce), the wheel last.
const STRAIGHTS: [u16; 10] = [
    0x1F00, 0x0F80, 0x07C0, 0x03E0, 0x01F0, 0x00F8, 0x007C, 0x003E, 0x001F, 0x100F,
];

/// The `k` highest bits of `m`.
fn highest(mut m: u16, k: usize) -> u16 {
    while rank_count(m) > k {
        m &= m - 1;
    }
    m
}

/// The best flush of exactly two of the hole's ranks and three of the
/// board's, one suit's (disjoint masks): a straight flush where one fits,
/// else the hole's two highest with the board's three highest, which no
/// other plain flush of them beats.
fn best_flush(hole: u16, board: u16) -> u32 {
    let mut best = flush_value(highest(hole, 2) | highest(board, 3));
    for w in STRAIGHTS {
        if w & !(hole | board) == 0 && rank_count(w & hole) == 2 {
            best = best.max(flush_value(w));
        }
    }
    best
}

/// Omaha and Omaha hi-lo on the rank-pattern walk: the pair table once per
/// multiset of board ranks, a flush only where the suited board holds three
/// and the hole two, and the low (ranks alone) once per multiset.
pub(crate) struct OmahaScorer<'a> {
    table: &'a OmahaTable,
    players: Vec<OmahaPlayer>,
    high_low: bool,
    /// The highs without a flush on the ranked board.
    plain: [u32; MAX_PLAYERS],
    lows: [u32; MAX_PLAYERS],
    /// Whether the ranked board gives anyone a low (hi-lo only).
    has_low: bool,
    /// The players whose high without a flush beats every flush.
    beats_flush: u16,
    tally: Tally,
}

impl<'a> OmahaScorer<'a> {
    pub(crate) fn new(
        table: &'a OmahaTable,
        hands: &[&[Card]],
        high_low: bool,
        tally: Tally,
    ) -> OmahaScorer<'a> {
        OmahaScorer {
            table,
            players: hands.iter().map(|h| OmahaPlayer::new(h)).collect(),
            high_low,
            plain: [0; MAX_PLAYERS],
            lows: [0; MAX_PLAYERS],
            has_low: false,
            beats_flush: 0,
            tally,
        }
    }

    pub(crate) fn into_tally(self) -> Tally {
        self.tally
    }

    #[inline(always)]
    fn tally_highs(&mut self, highs: &[u32; MAX_PLAYERS], weight: u64) {
        if self.has_low {
            self.tally.high_low(highs, &self.lows, weight);
        } else {
            self.tally.high(highs, weight);
        }
    }
}

impl Scorer for OmahaScorer<'_> {
    #[inline(always)]
    fn rank(&mut self, key: u64, ranks: u16) {
        self.table.pair_values(&self.players, key, &mut self.plain);
        self.beats_flush = 0;
        for (p, &v) in self.plain[..self.players.len()].iter().enumerate() {
            self.beats_flush |= u16::from(v >= self.table.lowest_flush) << p;
        }
        self.has_low = self.high_low && low_values(&self.players, ranks, &mut self.lows);
    }

    #[inline(always)]
    fn plain(&mut self, weight: u64) {
        let plain = self.plain;
        self.tally_highs(&plain, weight);
    }

    #[inline(always)]
    fn flush_wins(&self, player: usize) -> bool {
        self.beats_flush & !(1 << player) == 0
    }

    #[inline(always)]
    fn flush_win(&mut self, player: usize, weight: u64) {
        let mut values = self.plain;
        values[player] = u32::MAX;
        self.tally_highs(&values, weight);
    }

    #[inline(always)]
    fn suited(&mut self, suit: usize, suited: u16, flushers: u16, weight: u64) {
        let mut values = self.plain;
        let mut m = flushers;
        while m != 0 {
            let p = m.trailing_zeros() as usize;
            m &= m - 1;
            let flush = best_flush(self.players[p].suited[suit], suited);
            values[p] = values[p].max(flush);
        }
        self.tally_highs(&values, weight);
    }
}

/// Every player's 8-or-better low on the board of distinct ranks `ranks`
/// (bit 0 the deuce) as a score (higher is better, 0 no low); `false`, and
/// nothing written, when the board has fewer than three low ranks, so no
/// one has a low.
#[inline(always)]
fn low_values(players: &[OmahaPlayer], ranks: u16, out: &mut [u32; MAX_PLAYERS]) -> bool {
    let any = ranks & 0x1FFF;
    let board = ((any << 1) | (any >> 12)) & 0xFF;
    if rank_count(board) < 3 {
        return false;
    }
    for (o, p) in out.iter_mut().zip(players) {
        // The best low with a pair: the pair and the board's three lowest
        // other ranks; lows compare as their masks, lower is better.
        let mut best = u16::MAX;
        for &pair in &p.low_pairs[..p.n_low] {
            let rest = board & !pair;
            if rank_count(rest) >= 3 {
                let mut above = rest;
                above &= above - 1;
                above &= above - 1;
                above &= above - 1;
                best = best.min(pair | (rest ^ above));
            }
        }
        *o = if best == u16::MAX {
            0
        } else {
            0x100 - u32::from(best)
        };
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definition: every two of the hole with every three of the board.
    /// Bits of `m`, lowest first.
    fn bits(mut m: u16) -> impl Iterator<Item = u16> {
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let b = m & m.wrapping_neg();
                m ^= b;
                b
            })
        })
    }

    /// The best flush of two of the hole's ranks and three of the board's (one
    /// suit's ranks each).
    fn best_flush_by_trying_all(hole: u16, board: u16) -> u32 {
        let mut best = 0;
        for a in bits(hole) {
            for b in bits(hole & !(a | (a - 1))) {
                for c in bits(board) {
                    for d in bits(board & !(c | (c - 1))) {
                        for e in bits(board & !(d | (d - 1))) {
                            best = best.max(flush_value(a | b | c | d | e));
                        }
                    }
                }
            }
        }
        best
    }

    #[test]
    fn best_flush_equals_trying_every_two_and_three() {
        // Every hole of two or three ranks against every board of three to
        // five other ranks, and four-rank holes against boards of three.
        for hole in 0u16..1 << 13 {
            let h = hole.count_ones();
            if !(2..=4).contains(&h) {
                continue;
            }
            for board in 0u16..1 << 13 {
                let b = board.count_ones();
                if board & hole != 0 || !(3..=5).contains(&b) || (h == 4 && b > 3) {
                    continue;
                }
                assert_eq!(
                    best_flush(hole, board),
                    best_flush_by_trying_all(hole, board),
                    "{hole:#x} {board:#x}"
                );
            }
        }
    }

    #[test]
    fn pair_indices_are_the_91_in_order() {
        let mut n = 0;
        for a in 0..13 {
            for b in a..13 {
                assert_eq!(pair_index(a, b), n);
                assert_eq!(pair_index(b, a), n);
                n += 1;
            }
        }
    }
}
