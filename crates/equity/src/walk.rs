//! The enumeration: boards dealt by nested loops over the undealt deck,
//! each card's key added once per level, and a leaf per board (or per class
//! of boards that no player can tell apart) that ranks every player and
//! tallies every pot.
//!
//! Isomorphism (OMPEval's): a suit in which no player can make a flush any
//! more, whatever the rest of the runout, is *irrelevant*; cards of the same
//! rank in irrelevant suits give every player the same hand, so they are
//! dealt once, weighted by the number of ways to choose them. Preflop in
//! hold'em with one or two suits held this cuts the boards about threefold.

use showdown_cards::eval::hooks::{card_key, empty_key, suit_rank_bit};
use showdown_cards::Card;

use crate::high::{self, HighTable};
use crate::omaha::{self, OmahaPlayer, OmahaTable};
use crate::{Equity, Game, PlayerEquity, PotEquity, PotMask, Spot, D, MAX_PLAYERS};

/// A suit's count that can never reach a flush (Omaha suits no player holds
/// two of).
const NEVER: i32 = -16;

/// `C(n, k)` for the weights of irrelevant cards (at most four of a rank).
const BINOM: [[u64; 5]; 5] = [
    [1, 0, 0, 0, 0],
    [1, 1, 0, 0, 0],
    [1, 2, 1, 0, 0],
    [1, 3, 3, 1, 0],
    [1, 4, 6, 4, 1],
];

/// Every card's key and suit-rank bit, by index.
struct Cards {
    key: [u64; 52],
    bit: [u64; 52],
}

impl Cards {
    fn new() -> Cards {
        let mut key = [0; 52];
        let mut bit = [0; 52];
        for i in 0..52u8 {
            key[i as usize] = card_key(Card::from_index(i));
            bit[i as usize] = suit_rank_bit(Card::from_index(i));
        }
        Cards { key, bit }
    }
}

/// What a walk does with each complete board (`key`, `bits`) of `weight`
/// runouts: a method rather than a closure so that it can be forced inline
/// into the walk's innermost loop.
trait Leaf {
    fn leaf(&mut self, key: u64, bits: u64, weight: u64);

    /// A board on which no player can hold a flush.
    #[inline(always)]
    fn leaf_without_flush(&mut self, key: u64, bits: u64, weight: u64) {
        self.leaf(key, bits, weight)
    }
}

/// The board walk's state that stays the same through it.
struct Walk<'a, F> {
    deck: Vec<u8>,
    cards: &'a Cards,
    /// Per suit: the most cards of it any player can use with the board so
    /// far (hole cards that can play plus board cards); a suit is irrelevant
    /// when this plus the cards still to come is under five.
    suit_counts: [i32; 4],
    /// How many suits have a count of four or more: with one card to come,
    /// a flush is possible only if some do. Kept as the counts change, so
    /// the river loop reads one scalar, not the four counts just written.
    near_flush: u32,
    leaf: F,
}

impl<F: Leaf> Walk<'_, F> {
    /// Deal `left` more cards from `deck[start..]` onto the board of key
    /// `key` and suit-rank bits `bits`, every board weighing `weight`.
    fn deal(&mut self, start: usize, left: u32, key: u64, bits: u64, weight: u64) {
        if left == 1 {
            return self.last(start, key, bits, weight);
        }
        let n = self.deck.len();
        let mut i = start;
        while i < n {
            let c = self.deck[i];
            let suit = (c & 3) as usize;
            if self.suit_counts[suit] + (left as i32) < 5 {
                // Irrelevant: gather this rank's other irrelevant cards
                // right after it, deal 1 … of them as one class.
                let rank = c >> 2;
                let mut irrelevant = 1;
                let mut j = i + 1;
                while j < n && self.deck[j] >> 2 == rank {
                    let s2 = (self.deck[j] & 3) as usize;
                    if self.suit_counts[s2] + (left as i32) < 5 {
                        self.deck.swap(j, i + irrelevant);
                        irrelevant += 1;
                    }
                    j += 1;
                }
                let (mut k, mut b) = (key, bits);
                let ways = &BINOM[irrelevant][1..=irrelevant.min(left as usize)];
                for (repeats, &ways) in (1..).zip(ways) {
                    let d = self.deck[i + repeats - 1] as usize;
                    k += self.cards.key[d];
                    b |= self.cards.bit[d];
                    let w = weight * ways;
                    if repeats == left as usize {
                        self.leaf.leaf(k, b, w);
                    } else {
                        self.deal(i + irrelevant, left - repeats as u32, k, b, w);
                    }
                }
                i += irrelevant;
            } else {
                let d = c as usize;
                self.suit_counts[suit] += 1;
                self.near_flush += u32::from(self.suit_counts[suit] == 4);
                self.deal(
                    i + 1,
                    left - 1,
                    key + self.cards.key[d],
                    bits | self.cards.bit[d],
                    weight,
                );
                self.near_flush -= u32::from(self.suit_counts[suit] == 4);
                self.suit_counts[suit] -= 1;
                i += 1;
            }
        }
    }

    /// The last card: one leaf per card, or per rank among irrelevant suits.
    #[inline(always)]
    fn last(&mut self, start: usize, key: u64, bits: u64, weight: u64) {
        let n = self.deck.len();
        let deck = &self.deck;
        let cards = self.cards;
        if self.near_flush == 0 {
            let mut i = start;
            while i < n {
                let c = deck[i] as usize;
                let rank = c >> 2;
                let mut mult = 1;
                i += 1;
                while i < n && deck[i] as usize >> 2 == rank {
                    mult += 1;
                    i += 1;
                }
                self.leaf.leaf_without_flush(
                    key + cards.key[c],
                    bits | cards.bit[c],
                    weight * mult,
                );
            }
        } else {
            let mut last_rank = usize::MAX;
            for i in start..n {
                let c = deck[i] as usize;
                let mut mult = 1;
                if self.suit_counts[c & 3] < 4 {
                    let rank = c >> 2;
                    if rank == last_rank {
                        continue;
                    }
                    for &d in &deck[i + 1..] {
                        if d as usize >> 2 != rank {
                            break;
                        }
                        if self.suit_counts[(d & 3) as usize] < 4 {
                            mult += 1;
                        }
                    }
                    last_rank = rank;
                }
                self.leaf
                    .leaf(key + cards.key[c], bits | cards.bit[c], weight * mult);
            }
        }
    }
}

/// The players of a pot with the best value (0 is no hand: never best).
#[inline(always)]
fn best_set(values: &[u32; MAX_PLAYERS], pot: u16) -> u16 {
    let (mut best, mut set) = (0, 0);
    let mut m = pot;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        let v = values[i];
        if v > best {
            best = v;
            set = 1 << i;
        } else if v == best && v != 0 {
            set |= 1 << i;
        }
    }
    set
}

/// Per pot: weighted runouts by the set of players who share the whole pot
/// (resolved into shares at the end), and per-player sums for runouts
/// split between a high and a low.
struct Tally {
    pots: Vec<u16>,
    /// Pot `p`'s count for the set `h` at `p << players + h`.
    by_winners: Vec<u64>,
    players: usize,
    /// Every player, as a set.
    everyone: u16,
    split: Vec<[PlayerEquity; MAX_PLAYERS]>,
}

impl Tally {
    fn new(n: usize, pots: &[PotMask]) -> Tally {
        Tally {
            pots: pots.iter().map(|p| p.0).collect(),
            by_winners: vec![0; pots.len() << n],
            players: n,
            everyone: PotMask::all(n).0,
            split: vec![[PlayerEquity::default(); MAX_PLAYERS]; pots.len()],
        }
    }

    /// The best of a pot: the best of all players who are in it, when some
    /// are (one pass for every pot that holds a best hand), else its own.
    #[inline(always)]
    fn best_in(values: &[u32; MAX_PLAYERS], best_of_all: u16, pot: u16) -> u16 {
        if best_of_all & pot != 0 {
            best_of_all & pot
        } else {
            best_set(values, pot)
        }
    }

    #[inline(always)]
    fn high(&mut self, values: &[u32; MAX_PLAYERS], weight: u64) {
        self.high_given(values, best_set(values, self.everyone), weight);
    }

    /// [`Tally::high`] given the set of players with the best value of all.
    #[inline(always)]
    fn high_given(&mut self, values: &[u32; MAX_PLAYERS], all: u16, weight: u64) {
        for (p, &pot) in self.pots.iter().enumerate() {
            let h = Tally::best_in(values, all, pot);
            self.by_winners[(p << self.players) + h as usize] += weight;
        }
    }

    #[inline(always)]
    fn high_low(&mut self, high: &[u32; MAX_PLAYERS], low: &[u32; MAX_PLAYERS], weight: u64) {
        let (all_high, all_low) = (best_set(high, self.everyone), best_set(low, self.everyone));
        for (p, &pot) in self.pots.iter().enumerate() {
            let h = Tally::best_in(high, all_high, pot);
            let l = if all_low == 0 {
                0 // no one has a low
            } else {
                Tally::best_in(low, all_low, pot)
            };
            if l == 0 {
                self.by_winners[(p << self.players) + h as usize] += weight;
                continue;
            }
            let hu = D / 2 / u64::from(h.count_ones());
            let lu = D / 2 / u64::from(l.count_ones());
            let mut m = h | l;
            while m != 0 {
                let i = m.trailing_zeros() as usize;
                m &= m - 1;
                let units =
                    if h >> i & 1 == 1 { hu } else { 0 } + if l >> i & 1 == 1 { lu } else { 0 };
                let e = &mut self.split[p][i];
                e.share_units += units * weight;
                if units == D {
                    e.wins += weight;
                } else {
                    e.ties += weight;
                }
            }
        }
    }

    fn finish(self, runouts: u64) -> Equity {
        let n = self.players;
        let pots = self
            .pots
            .iter()
            .zip(self.by_winners.chunks(1 << n))
            .zip(self.split)
            .map(|((&pot, hist), split)| {
                let mut players = split[..n].to_vec();
                for (set, &count) in hist.iter().enumerate() {
                    if count == 0 {
                        continue;
                    }
                    let k = (set as u32).count_ones() as u64;
                    for (i, e) in players.iter_mut().enumerate() {
                        if set >> i & 1 == 1 {
                            e.share_units += count * (D / k);
                            if k == 1 {
                                e.wins += count;
                            } else {
                                e.ties += count;
                            }
                        }
                    }
                }
                PotEquity {
                    eligible: PotMask(pot),
                    players,
                }
            })
            .collect();
        Equity { runouts, pots }
    }
}

/// Hold'em and short deck: hole keys added to the board's at the leaf.
struct HighLeaf<'a> {
    table: &'a HighTable,
    n: usize,
    hole_key: [u64; MAX_PLAYERS],
    hole_bits: [u64; MAX_PLAYERS],
    /// A single pot of every player.
    one_pot: bool,
    values: [u32; MAX_PLAYERS],
    tally: Tally,
}

impl HighLeaf<'_> {
    #[inline(always)]
    fn eval<const FLUSH: bool>(&mut self, key: u64, bits: u64, weight: u64) {
        let ordinal = |i: usize| {
            let key = key + self.hole_key[i];
            u32::from(if FLUSH {
                self.table.ordinal(key, bits | self.hole_bits[i])
            } else {
                self.table.rank_ordinal(key)
            })
        };
        if self.one_pot && self.n == 2 {
            // Heads-up, branch-free: 1 or 2 for the winner, 3 for a tie.
            let (a, b) = (ordinal(0), ordinal(1));
            let set = usize::from(a >= b) | usize::from(b >= a) << 1;
            self.tally.by_winners[set] += weight;
        } else if self.one_pot && self.n == 3 {
            let (a, b, c) = (ordinal(0), ordinal(1), ordinal(2));
            let best = a.max(b).max(c);
            let set =
                usize::from(a == best) | usize::from(b == best) << 1 | usize::from(c == best) << 2;
            self.tally.by_winners[set] += weight;
        } else if self.one_pot {
            // The usual case: winners straight into the histogram.
            // Branch-free: the best, then who holds it.
            let mut best = 0;
            for i in 0..self.n {
                self.values[i] = ordinal(i);
                best = best.max(self.values[i]);
            }
            let mut set = 0usize;
            for i in 0..self.n {
                set |= usize::from(self.values[i] == best) << i;
            }
            self.tally.by_winners[set] += weight;
        } else {
            let mut best = 0;
            for i in 0..self.n {
                self.values[i] = ordinal(i);
                best = best.max(self.values[i]);
            }
            let mut all = 0;
            for i in 0..self.n {
                all |= u16::from(self.values[i] == best) << i;
            }
            self.tally.high_given(&self.values, all, weight);
        }
    }
}

impl Leaf for HighLeaf<'_> {
    #[inline(always)]
    fn leaf(&mut self, key: u64, bits: u64, weight: u64) {
        self.eval::<true>(key, bits, weight)
    }

    #[inline(always)]
    fn leaf_without_flush(&mut self, key: u64, bits: u64, weight: u64) {
        self.eval::<false>(key, bits, weight)
    }
}

/// The Omaha games: the per-board table, and the low when it may exist.
struct OmahaLeaf<'a> {
    table: &'a OmahaTable,
    players: Vec<OmahaPlayer>,
    high_low: bool,
    values: [u32; MAX_PLAYERS],
    lows: [u32; MAX_PLAYERS],
    tally: Tally,
}

impl Leaf for OmahaLeaf<'_> {
    #[inline(always)]
    fn leaf(&mut self, key: u64, bits: u64, weight: u64) {
        self.table
            .high_values(&self.players, key, bits, &mut self.values);
        if self.high_low && omaha::low_values(&self.players, bits, &mut self.lows) {
            self.tally.high_low(&self.values, &self.lows, weight);
        } else {
            self.tally.high(&self.values, weight);
        }
    }
}

/// Enumerate a checked spot.
pub(crate) fn run(spot: &Spot, hands: &[&[Card]], board: &[Card], pots: &[PotMask]) -> Equity {
    let cards = Cards::new();
    let n = hands.len();
    let mut key = empty_key();
    let mut bits = 0;
    let mut board_suits = [0i32; 4];
    for c in board {
        key += cards.key[c.index() as usize];
        bits |= cards.bit[c.index() as usize];
        board_suits[c.index() as usize & 3] += 1;
    }
    let mut held = [[0i32; 4]; MAX_PLAYERS];
    for (p, h) in hands.iter().enumerate() {
        for c in *h {
            held[p][c.index() as usize & 3] += 1;
        }
    }
    let omaha = matches!(spot.game, Game::Omaha | Game::OmahaHiLo);
    let suit_counts: [i32; 4] = std::array::from_fn(|s| {
        let most = held[..n].iter().map(|h| h[s]).max().unwrap_or(0);
        if omaha {
            if most >= 2 {
                board_suits[s] + 2
            } else {
                NEVER
            }
        } else {
            board_suits[s] + most
        }
    });
    let tally = Tally::new(n, pots);
    let left = spot.left as u32;
    let tally = if omaha {
        walk(
            spot,
            &cards,
            suit_counts,
            left,
            key,
            bits,
            OmahaLeaf {
                table: omaha::table(),
                players: hands.iter().map(|h| OmahaPlayer::new(h)).collect(),
                high_low: spot.game == Game::OmahaHiLo,
                values: [0; MAX_PLAYERS],
                lows: [0; MAX_PLAYERS],
                tally,
            },
        )
    } else {
        let mut leaf = HighLeaf {
            table: if spot.game == Game::Holdem {
                high::standard()
            } else {
                high::short_deck()
            },
            n,
            hole_key: [0; MAX_PLAYERS],
            hole_bits: [0; MAX_PLAYERS],
            one_pot: pots.len() == 1 && pots[0] == PotMask::all(n),
            values: [0; MAX_PLAYERS],
            tally,
        };
        for (p, h) in hands.iter().enumerate() {
            for c in *h {
                leaf.hole_key[p] += cards.key[c.index() as usize];
                leaf.hole_bits[p] |= cards.bit[c.index() as usize];
            }
        }
        walk(spot, &cards, suit_counts, left, key, bits, leaf)
    };
    tally.finish(spot.runouts)
}

/// Walk every runout of `spot` into `leaf`; its tally.
fn walk<L: Leaf + Into<Tally>>(
    spot: &Spot,
    cards: &Cards,
    suit_counts: [i32; 4],
    left: u32,
    key: u64,
    bits: u64,
    leaf: L,
) -> Tally {
    let mut w = Walk {
        deck: spot.deck.clone(),
        cards,
        suit_counts,
        near_flush: suit_counts.iter().filter(|&&s| s >= 4).count() as u32,
        leaf,
    };
    w.deal(0, left, key, bits, 1);
    w.leaf.into()
}

impl From<HighLeaf<'_>> for Tally {
    fn from(l: HighLeaf<'_>) -> Tally {
        l.tally
    }
}

impl From<OmahaLeaf<'_>> for Tally {
    fn from(l: OmahaLeaf<'_>) -> Tally {
        l.tally
    }
}

/// A heads-up result from the table (runouts won by player 0, won by
/// player 1, tied) shared into `pots` by the same tally a walk ends with,
/// so the answer is the walk's to the byte: each runout's set of winners is
/// `{0}`, `{1}` or both, and a pot takes its players among them, or its own
/// player when none of them is in it.
pub(crate) fn heads_up(counts: [u64; 3], pots: &[PotMask], runouts: u64) -> Equity {
    let mut tally = Tally::new(2, pots);
    for (p, &pot) in tally.pots.iter().enumerate() {
        for (set, &count) in (1u16..=3).zip(&counts) {
            // `Tally::best_in` with every player holding a hand: a pot of
            // one player not among the winners is that player's.
            let h = if set & pot != 0 { set & pot } else { pot };
            tally.by_winners[(p << 2) + h as usize] += count;
        }
    }
    tally.finish(runouts)
}
