//! Omaha hands: exactly two hole cards and three board cards (4, 5 or 6
//! hole cards, a five-card board), high and 8-or-better low.
//!
//! High, fast path: without a flush, a five-card hand's value depends only on
//! its ranks, so a table indexed by (the ranks of two hole cards, the ranks of
//! three board cards) holds it: 91 rank pairs × 455 rank triples. From it, a
//! second table holds, for each of the 6,175 rank multisets of a five-card
//! board and each of the 91 rank pairs, the best over the board's ten
//! triples (1.1 MB, built once): a call then costs one board look-up (the
//! perfect hash of `table.rs`) and one read per pair of hole cards, in one
//! 182-byte row. Flushes are checked apart, only when the board has three
//! cards of a suit and the hole two.

use std::sync::OnceLock;

use super::high::{describe, value_of_masks, HighOrder};
use super::low::{describe_ace_five, pack_low};
use super::{combinations, table, Masks};
use crate::card::Card;
use crate::hand::HandRank;

const TRIPLES: usize = 455;
const PAIRS: usize = 91;

struct Tables {
    /// Rank pair (r1*13 + r2, either order) to pair index 0..91.
    pair: [u8; 169],
    /// Rank triple (r1*169 + r2*13 + r3, any order) to triple index 0..455.
    triple: Vec<u16>,
    /// Non-flush value of pair index × 455 + triple index, as its ordinal
    /// among the distinct non-flush five-card values (u16 halves the table
    /// to 83 KB, so it stays in cache)...
    ordinals: Vec<u16>,
    /// ...and the value of each ordinal.
    values: Vec<u32>,
}

/// The per-board table, apart from [`Tables`] so that the full path (which
/// needs only the pair × triple table, built in well under a millisecond)
/// never pays for building it.
struct BoardTables {
    /// Rank-hash slot of a five-card board (`table::slot`) to its index.
    board_index: Vec<u16>,
    /// Best ordinal of board index × 91 + pair index.
    by_board: Vec<u16>,
}

fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let mut pair = [0u8; 169];
        let mut pairs = Vec::new();
        for a in 0..13u8 {
            for b in a..13u8 {
                pair[(a * 13 + b) as usize] = pairs.len() as u8;
                pair[(b * 13 + a) as usize] = pairs.len() as u8;
                pairs.push([a, b]);
            }
        }
        let mut triple = vec![0u16; 13 * 13 * 13];
        let mut triples = Vec::new();
        for a in 0..13usize {
            for b in a..13 {
                for c in b..13 {
                    for [x, y, z] in [
                        [a, b, c],
                        [a, c, b],
                        [b, a, c],
                        [b, c, a],
                        [c, a, b],
                        [c, b, a],
                    ] {
                        triple[x * 169 + y * 13 + z] = triples.len() as u16;
                    }
                    triples.push([a as u8, b as u8, c as u8]);
                }
            }
        }
        debug_assert_eq!(triples.len(), TRIPLES);
        debug_assert_eq!(pairs.len(), PAIRS);
        let mut values = vec![0u32; pairs.len() * TRIPLES];
        for (pi, p) in pairs.iter().enumerate() {
            for (ti, t) in triples.iter().enumerate() {
                // Give the copies of a rank different suits and keep five
                // different ranks off one suit, so no flush is made; five of
                // one rank cannot be dealt (value 0).
                let mut m = Masks::default();
                let mut seen = [0usize; 13];
                let mut ok = true;
                for &r in p.iter().chain(t.iter()) {
                    let s = seen[r as usize];
                    if s == 4 {
                        ok = false;
                        break;
                    }
                    m.0[s] |= 1 << r;
                    seen[r as usize] += 1;
                }
                if m.0[0].count_ones() == 5 {
                    // Five different ranks: move one so they are not suited.
                    let l = super::low1(m.0[0]);
                    m.0[0] ^= l;
                    m.0[1] |= l;
                }
                if ok {
                    values[pi * TRIPLES + ti] = value_of_masks(m, HighOrder::Standard);
                }
            }
        }
        let mut distinct = values.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let ordinals: Vec<u16> = values
            .iter()
            .map(|v| distinct.binary_search(v).unwrap_or(0) as u16)
            .collect();
        Tables {
            pair,
            triple,
            ordinals,
            values: distinct,
        }
    })
}

fn board_tables() -> &'static BoardTables {
    static T: OnceLock<BoardTables> = OnceLock::new();
    T.get_or_init(|| {
        let t = tables();
        let mut board_index = vec![0u16; table::TABLE_LEN];
        let mut by_board = Vec::new();
        let boards = table::rank_multisets()
            .into_iter()
            .filter(|c| c.iter().sum::<u8>() == 5);
        for (bi, counts) in boards.enumerate() {
            board_index[table::slot(table::rank_key(&counts))] = bi as u16;
            let ranks: Vec<usize> = (0..13)
                .flat_map(|r| std::iter::repeat_n(r, counts[r] as usize))
                .collect();
            let tris: Vec<usize> = combinations(5, 3)
                .iter()
                .map(|c| t.triple[ranks[c[0]] * 169 + ranks[c[1]] * 13 + ranks[c[2]]] as usize)
                .collect();
            for p in 0..PAIRS {
                by_board.push(
                    tris.iter()
                        .map(|&ti| t.ordinals[p * TRIPLES + ti])
                        .max()
                        .unwrap_or(0),
                );
            }
        }
        BoardTables {
            board_index,
            by_board,
        }
    })
}

/// Build the Omaha tables now rather than on first use.
pub(crate) fn build_tables() {
    board_tables();
}

/// The value of the best Omaha high hand: two of `hole` (2 to 6 cards) and
/// three of `board` (3 to 5 cards). Same scale as [`super::high::high_value`].
#[inline]
pub fn omaha_high_value(hole: &[Card], board: &[Card]) -> u32 {
    let t = tables();
    let hr: [usize; 6] =
        std::array::from_fn(|i| hole.get(i).map_or(0, |c| (c.rank() as u8 - 2) as usize));
    let nh = hole.len().min(6);
    let nb = board.len().min(5);
    let mut best_ordinal = 0;
    if nb == 5 {
        let bt = board_tables();
        let bi = bt.board_index[table::slot(table::key(board) as u32)] as usize;
        let row = &bt.by_board[bi * PAIRS..][..PAIRS];
        for i in 0..nh {
            for &hj in &hr[i + 1..nh] {
                best_ordinal = best_ordinal.max(row[t.pair[hr[i] * 13 + hj] as usize]);
            }
        }
    } else {
        let br: [usize; 5] =
            std::array::from_fn(|i| board.get(i).map_or(0, |c| (c.rank() as u8 - 2) as usize));
        let mut tri = [0u16; 10];
        let mut nt = 0;
        for i in 0..nb {
            for j in i + 1..nb {
                let ij = br[i] * 169 + br[j] * 13;
                for &bk in &br[j + 1..nb] {
                    tri[nt] = t.triple[ij + bk];
                    nt += 1;
                }
            }
        }
        for i in 0..nh {
            for &hj in &hr[i + 1..nh] {
                let row = &t.ordinals[t.pair[hr[i] * 13 + hj] as usize * TRIPLES..][..TRIPLES];
                for &ti in &tri[..nt] {
                    best_ordinal = best_ordinal.max(row[ti as usize]);
                }
            }
        }
    }
    let mut best = t.values[best_ordinal as usize];
    // Flushes: at most one suit has three board cards.
    let mut bs = [0u8; 4];
    for c in &board[..nb] {
        bs[c.suit() as usize] += 1;
    }
    if let Some(s) = (0..4).find(|&s| bs[s] >= 3) {
        let (mut bm, mut nbm) = ([0u16; 5], 0);
        for c in board[..nb].iter().filter(|c| c.suit() as usize == s) {
            bm[nbm] = 1 << (c.rank() as u8 - 2);
            nbm += 1;
        }
        let (mut hm, mut nhm) = ([0u16; 6], 0);
        for c in hole[..nh].iter().filter(|c| c.suit() as usize == s) {
            hm[nhm] = 1 << (c.rank() as u8 - 2);
            nhm += 1;
        }
        if nhm >= 2 {
            best = best.max(flush_best(&hm[..nhm], &bm[..nbm]));
        }
    }
    best
}

#[cold]
fn flush_best(hole: &[u16], board: &[u16]) -> u32 {
    let mut best = 0;
    for (i, a) in hole.iter().enumerate() {
        for b in &hole[i + 1..] {
            for (x, c) in board.iter().enumerate() {
                for (y, d) in board[x + 1..].iter().enumerate() {
                    for e in &board[x + y + 2..] {
                        let m = Masks([a | b | c | d | e, 0, 0, 0]);
                        best = best.max(value_of_masks(m, HighOrder::Standard));
                    }
                }
            }
        }
    }
    best
}

#[inline(always)]
fn low_bit(c: &Card) -> u16 {
    match c.rank() as u8 {
        14 => 1,
        r @ 2..=8 => 1 << (r - 1),
        _ => 0,
    }
}

/// The value of the best Omaha 8-or-better low (two of `hole`, three of
/// `board`, five different ranks of 8 or lower, ace low), if any. Same scale
/// as [`super::low::low8_value`].
#[inline]
pub fn omaha_low8_value(hole: &[Card], board: &[Card]) -> Option<u32> {
    let nb = board.len().min(5);
    let nh = hole.len().min(6);
    let bl: [u16; 5] = std::array::from_fn(|i| board.get(i).map_or(0, low_bit));
    let hl: [u16; 6] = std::array::from_fn(|i| hole.get(i).map_or(0, low_bit));
    let mut tri = [0u16; 10];
    let mut nt = 0;
    for i in 0..nb {
        for j in i + 1..nb {
            for &k in &bl[j + 1..nb] {
                let m = bl[i] | bl[j] | k;
                if m.count_ones() == 3 {
                    tri[nt] = m;
                    nt += 1;
                }
            }
        }
    }
    if nt == 0 {
        return None;
    }
    let mut best = u16::MAX;
    for i in 0..nh {
        for j in i + 1..nh {
            let p = hl[i] | hl[j];
            if p.count_ones() != 2 {
                continue;
            }
            for &m in &tri[..nt] {
                if p & m == 0 {
                    best = best.min(p | m);
                }
            }
        }
    }
    (best != u16::MAX).then(|| pack_low(0, 0, best))
}

/// The best Omaha high hand with its name and the five cards that make it.
///
/// The hand tabled is the last of the best in the order hole pairs, then
/// board triples within each, are dealt (always the same cards for the same
/// value). The value comes first from [`omaha_high_value`]; the hands are
/// then visited from the last, and the first that makes it is the one. A
/// hand's value is one read of the pair × triple table unless all five cards
/// share a suit. No allocation until the one [`HandRank`] is described.
pub fn omaha_high_rank(hole: &[Card], board: &[Card]) -> HandRank {
    let t = tables();
    let r = |c: &Card| (c.rank() as u8 - 2) as usize;
    let value = |h: &[Card; 5]| {
        let [a, b, c, d, e] = h;
        if a.suit() == b.suit() && [c.suit(), d.suit(), e.suit()] == [a.suit(); 3] {
            value_of_masks(Masks::of(h), HighOrder::Standard)
        } else {
            let row = t.pair[r(a) * 13 + r(b)] as usize * TRIPLES;
            t.values[t.ordinals[row + t.triple[r(c) * 169 + r(d) * 13 + r(e)] as usize] as usize]
        }
    };
    let (nh, nb) = (hole.len(), board.len());
    if (2..=6).contains(&nh) && (3..=5).contains(&nb) {
        let best = omaha_high_value(hole, board);
        // With a five-card board, one read of the per-board row gives a
        // pair's best hand without a flush; a pair whose best is lower, and
        // that could not make a flush (two suits), cannot make `best`: its
        // ten triples are skipped. (A five-card hand is never worth less
        // than its ranks alone, so the row never exceeds `best`.)
        let row = (nb == 5).then(|| {
            let bt = board_tables();
            let bi = bt.board_index[table::slot(table::key(board) as u32)] as usize;
            &bt.by_board[bi * PAIRS..][..PAIRS]
        });
        for i in (0..nh).rev() {
            for j in (i + 1..nh).rev() {
                if let Some(row) = row {
                    let pair_best =
                        t.values[row[t.pair[r(&hole[i]) * 13 + r(&hole[j])] as usize] as usize];
                    if pair_best != best && hole[i].suit() != hole[j].suit() {
                        continue;
                    }
                }
                for x in (0..nb).rev() {
                    for y in (x + 1..nb).rev() {
                        for z in (y + 1..nb).rev() {
                            let h = [hole[i], hole[j], board[x], board[y], board[z]];
                            if value(&h) == best {
                                return describe(best, Masks::of(&h), &h, HighOrder::Standard);
                            }
                        }
                    }
                }
            }
        }
    }
    // Other card counts (never dealt by a variant): the forward search.
    let mut found: Option<(u32, [Card; 5])> = None;
    for (i, a) in hole.iter().enumerate() {
        for b in &hole[i + 1..] {
            for (x, c) in board.iter().enumerate() {
                for (y, d) in board[x + 1..].iter().enumerate() {
                    for e in &board[x + y + 2..] {
                        let h = [*a, *b, *c, *d, *e];
                        let v = value(&h);
                        if found.is_none_or(|(bv, _)| v >= bv) {
                            found = Some((v, h));
                        }
                    }
                }
            }
        }
    }
    let (v, h) = found.unwrap_or((0, [Card::from_index(0); 5]));
    describe(v, Masks::of(&h), &h, HighOrder::Standard)
}

/// The best Omaha 8-or-better low with its name and cards, or `None`.
///
/// Same visiting order as [`omaha_high_rank`] (the last of the best is
/// tabled); a hand qualifies when its five low bits are five different ranks.
pub fn omaha_low8_rank(hole: &[Card], board: &[Card]) -> Option<HandRank> {
    if hole.len() > 6 || board.len() > 5 {
        // Card counts no variant deals: the plain search, every hand.
        return low8_search(hole, board);
    }
    // The value first (no low: done), then the hands from the last, the
    // first that makes it being the last of the best; low bits read once.
    let best = omaha_low8_value(hole, board)?;
    let (nh, nb) = (hole.len(), board.len());
    let hl: [u16; 6] = std::array::from_fn(|i| hole.get(i).map_or(0, low_bit));
    let bl: [u16; 5] = std::array::from_fn(|i| board.get(i).map_or(0, low_bit));
    for i in (0..nh).rev() {
        for j in (i + 1..nh).rev() {
            let p = hl[i] | hl[j];
            if p.count_ones() != 2 {
                continue;
            }
            for x in (0..nb).rev() {
                for y in (x + 1..nb).rev() {
                    for z in (y + 1..nb).rev() {
                        let m = p | bl[x] | bl[y] | bl[z];
                        if m.count_ones() == 5 && pack_low(0, 0, m) == best {
                            let h = [hole[i], hole[j], board[x], board[y], board[z]];
                            return Some(describe_ace_five(best, &h));
                        }
                    }
                }
            }
        }
    }
    None
}

/// Every two of `hole` with every three of `board`, the last of the best
/// low kept: for card counts beyond what the fast path reads.
#[cold]
fn low8_search(hole: &[Card], board: &[Card]) -> Option<HandRank> {
    let mut best: Option<(u32, [Card; 5])> = None;
    for (i, a) in hole.iter().enumerate() {
        for b in &hole[i + 1..] {
            for (x, c) in board.iter().enumerate() {
                for (y, d) in board[x + 1..].iter().enumerate() {
                    for e in &board[x + y + 2..] {
                        let m = low_bit(a) | low_bit(b) | low_bit(c) | low_bit(d) | low_bit(e);
                        let v = pack_low(0, 0, m);
                        if m.count_ones() == 5 && best.is_none_or(|(bv, _)| v >= bv) {
                            best = Some((v, [*a, *b, *c, *d, *e]));
                        }
                    }
                }
            }
        }
    }
    best.map(|(v, h)| describe_ace_five(v, &h))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cards;

    /// The plain search the full paths replaced: every hand into a `Vec`,
    /// the full mask evaluation of each, the last of the best kept.
    fn reference(hole: &[Card], board: &[Card]) -> (HandRank, Option<HandRank>) {
        let mut hands = Vec::new();
        for h in combinations(hole.len(), 2) {
            for b in combinations(board.len(), 3) {
                hands.push([
                    hole[h[0]],
                    hole[h[1]],
                    board[b[0]],
                    board[b[1]],
                    board[b[2]],
                ]);
            }
        }
        let (v, h) = hands
            .iter()
            .map(|h| (value_of_masks(Masks::of(h), HighOrder::Standard), *h))
            .max_by_key(|(v, _)| *v)
            .unwrap();
        let low = hands
            .iter()
            .filter_map(|h| super::super::low::low8_of_masks(Masks::of(h)).map(|v| (v, *h)))
            .max_by_key(|(v, _)| *v)
            .map(|(v, h)| describe_ace_five(v, &h));
        (describe(v, Masks::of(&h), &h, HighOrder::Standard), low)
    }

    #[test]
    fn omaha_full_paths_table_the_same_cards_as_the_plain_search_tda_19() {
        // The tabled cards reach the response and the stud odd-chip key, so
        // the cheap search must choose exactly the hand the plain one did.
        let mut state = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for n in 0..20_000 {
            let (nh, nb) = (4 + n % 3, 3 + (n / 3) % 3);
            let mut deck: Vec<u8> = (0..52).collect();
            let mut dealt = Vec::new();
            for _ in 0..nh + nb {
                let k = (next() % deck.len() as u64) as usize;
                dealt.push(Card::from_index(deck.swap_remove(k)));
            }
            // Few suits and ranks now and then, so flushes and ties abound.
            if n % 2 == 0 {
                for c in &mut dealt {
                    *c = Card::from_index(c.index() % 16 + 36);
                }
                dealt.sort_unstable_by_key(|c| c.index());
                dealt.dedup();
                if dealt.len() < nh + nb {
                    continue;
                }
            }
            let (hole, board) = dealt.split_at(nh);
            let (high, low) = reference(hole, board);
            assert_eq!(omaha_high_rank(hole, board), high, "{hole:?} {board:?}");
            assert_eq!(omaha_low8_rank(hole, board), low, "{hole:?} {board:?}");
        }
    }

    #[test]
    fn omaha_uses_exactly_two_hole_cards_no_board_flush() {
        // Four hearts on board and one in hand: no flush in Omaha.
        let h = omaha_high_rank(&cards("Ah Kc Qd Js"), &cards("2h 5h 8h 9h Tc"));
        assert_ne!(h.category, 5);
        assert_eq!(
            h.value,
            omaha_high_value(&cards("Ah Kc Qd Js"), &cards("2h 5h 8h 9h Tc")) as u64
        );
    }

    #[test]
    fn omaha_short_board_takes_the_triple_path_and_agrees_with_the_full_path() {
        for (hole, board) in [("Ah Kc Qd Js", "Ad Kd 9h"), ("2c 2d 7h 9s", "2h 2s 9c 8d")] {
            let (hole, board) = (cards(hole), cards(board));
            assert_eq!(
                omaha_high_value(&hole, &board) as u64,
                omaha_high_rank(&hole, &board).value
            );
        }
    }

    #[test]
    fn omaha_low_reads_every_card_beyond_the_dealt_counts() {
        // Seven hole cards (no variant deals them): the seventh makes the low.
        let hole = cards("Kc Kd Ks Qc Qd 7s 2c");
        let board = cards("Ah 3d 4s Kh Qh");
        assert!(omaha_low8_rank(&hole[..6], &board).is_none());
        let seven = omaha_low8_rank(&hole, &board).expect("7s 2c make a low");
        assert!(seven.cards.contains(&cards("2c")[0]), "{seven:?}");
        assert_eq!(seven.cards.len(), 5);
    }

    #[test]
    fn omaha_board_quads_do_not_play() {
        let h = omaha_high_rank(&cards("2c 3d 7h 9s"), &cards("Ks Kh Kd Kc As"));
        assert_eq!(h.category, 3, "trip kings only: two hole cards must play");
    }

    #[test]
    fn omaha_two_suited_hole_cards_make_the_flush() {
        let hole = cards("Ah 3h Kc Kd");
        let board = cards("2h 5h 9h Ts Jc");
        let h = omaha_high_rank(&hole, &board);
        assert_eq!(h.description, "Flush, A high");
        assert_eq!(omaha_high_value(&hole, &board) as u64, h.value);
    }

    #[test]
    fn omaha_eight_or_better_low_needs_two_low_hole_cards() {
        assert!(omaha_low8_rank(&cards("Ac Kd Qs Jh"), &cards("2h 3d 4s 8c Kc")).is_none());
        let h = omaha_low8_rank(&cards("Ac 2d Qs Jh"), &cards("3h 4d 5s Kc Kd")).unwrap();
        assert_eq!(h.name, "Wheel");
        assert_eq!(
            omaha_low8_value(&cards("Ac 2d Qs Jh"), &cards("3h 4d 5s Kc Kd")),
            Some(h.value as u32)
        );
    }
}
