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

use showdown_cards::eval::hooks::{
    card_key, empty_key, high_value_of_key, short_deck_value_of_key, suit_rank_bit,
};
use showdown_cards::Card;

use crate::omaha::{self, OmahaPlayer};
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

/// The board walk's state that stays the same through it.
struct Walk<'a, F> {
    deck: Vec<u8>,
    cards: &'a Cards,
    /// Per suit: the most cards of it any player can use with the board so
    /// far (hole cards that can play plus board cards); a suit is irrelevant
    /// when this plus the cards still to come is under five.
    suit_counts: [i32; 4],
    leaf: F,
}

impl<F: FnMut(u64, u64, u64)> Walk<'_, F> {
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
                        (self.leaf)(k, b, w);
                    } else {
                        self.deal(i + irrelevant, left - repeats as u32, k, b, w);
                    }
                }
                i += irrelevant;
            } else {
                let d = c as usize;
                self.suit_counts[suit] += 1;
                self.deal(
                    i + 1,
                    left - 1,
                    key + self.cards.key[d],
                    bits | self.cards.bit[d],
                    weight,
                );
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
        if self.suit_counts.iter().all(|&s| s < 4) {
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
                (self.leaf)(key + cards.key[c], bits | cards.bit[c], weight * mult);
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
                (self.leaf)(key + cards.key[c], bits | cards.bit[c], weight * mult);
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
    by_winners: Vec<Vec<u64>>,
    split: Vec<[PlayerEquity; MAX_PLAYERS]>,
}

impl Tally {
    fn new(n: usize, pots: &[PotMask]) -> Tally {
        Tally {
            pots: pots.iter().map(|p| p.0).collect(),
            by_winners: vec![vec![0; 1 << n]; pots.len()],
            split: vec![[PlayerEquity::default(); MAX_PLAYERS]; pots.len()],
        }
    }

    #[inline(always)]
    fn high(&mut self, values: &[u32; MAX_PLAYERS], weight: u64) {
        for (p, &pot) in self.pots.iter().enumerate() {
            let h = best_set(values, pot);
            self.by_winners[p][h as usize] += weight;
        }
    }

    #[inline(always)]
    fn high_low(&mut self, high: &[u32; MAX_PLAYERS], low: &[u32; MAX_PLAYERS], weight: u64) {
        for (p, &pot) in self.pots.iter().enumerate() {
            let h = best_set(high, pot);
            let l = best_set(low, pot);
            if l == 0 {
                self.by_winners[p][h as usize] += weight;
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

    fn finish(self, n: usize, runouts: u64) -> Equity {
        let pots = self
            .pots
            .iter()
            .zip(self.by_winners)
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
    let mut tally = Tally::new(n, pots);
    let left = spot.left as u32;
    match spot.game {
        Game::Holdem | Game::ShortDeck => {
            let mut hk = [0u64; MAX_PLAYERS];
            let mut hb = [0u64; MAX_PLAYERS];
            for (p, h) in hands.iter().enumerate() {
                for c in *h {
                    hk[p] += cards.key[c.index() as usize];
                    hb[p] |= cards.bit[c.index() as usize];
                }
            }
            let mut values = [0u32; MAX_PLAYERS];
            if spot.game == Game::Holdem {
                let leaf = |key: u64, bits: u64, w: u64| {
                    for i in 0..n {
                        values[i] = high_value_of_key(key + hk[i], bits | hb[i]);
                    }
                    tally.high(&values, w);
                };
                walk(spot, &cards, suit_counts, left, key, bits, leaf);
            } else {
                let leaf = |key: u64, bits: u64, w: u64| {
                    for i in 0..n {
                        values[i] = short_deck_value_of_key(key + hk[i], bits | hb[i]);
                    }
                    tally.high(&values, w);
                };
                walk(spot, &cards, suit_counts, left, key, bits, leaf);
            }
        }
        Game::Omaha => {
            let table = omaha::table();
            let players: Vec<OmahaPlayer> = hands.iter().map(|h| OmahaPlayer::new(h)).collect();
            let mut values = [0u32; MAX_PLAYERS];
            let leaf = |key: u64, bits: u64, w: u64| {
                table.high_values(&players, key, bits, &mut values);
                tally.high(&values, w);
            };
            walk(spot, &cards, suit_counts, left, key, bits, leaf);
        }
        Game::OmahaHiLo => {
            let table = omaha::table();
            let players: Vec<OmahaPlayer> = hands.iter().map(|h| OmahaPlayer::new(h)).collect();
            let mut values = [0u32; MAX_PLAYERS];
            let mut lows = [0u32; MAX_PLAYERS];
            let leaf = |key: u64, bits: u64, w: u64| {
                table.high_values(&players, key, bits, &mut values);
                if omaha::low_values(&players, bits, &mut lows) {
                    tally.high_low(&values, &lows, w);
                } else {
                    tally.high(&values, w);
                }
            };
            walk(spot, &cards, suit_counts, left, key, bits, leaf);
        }
    }
    tally.finish(n, spot.runouts)
}

fn walk<F: FnMut(u64, u64, u64)>(
    spot: &Spot,
    cards: &Cards,
    suit_counts: [i32; 4],
    left: u32,
    key: u64,
    bits: u64,
    leaf: F,
) {
    let mut w = Walk {
        deck: spot.deck.clone(),
        cards,
        suit_counts,
        leaf,
    };
    w.deal(0, left, key, bits, 1);
}
