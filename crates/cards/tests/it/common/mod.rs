//! Shared by the property tests, the benches and the cross-check dump:
//! seeded random deals and the conversion to `aya_poker`'s cards.
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use showdown_cards::{Card, Rank};

/// The 52-card deck, or the 36-card short deck (6 to A).
pub fn deck(short: bool) -> Vec<Card> {
    (0..52)
        .map(Card::from_index)
        .filter(|c| !short || c.rank() >= Rank::Six)
        .collect()
}

/// Deals distinct cards from a seeded shuffle, reshuffling per deal.
pub struct Dealer {
    rng: ChaCha8Rng,
    deck: Vec<Card>,
}

impl Dealer {
    pub fn new(seed: u64, short: bool) -> Dealer {
        Dealer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            deck: deck(short),
        }
    }

    /// `n` distinct cards (a fresh deal each call).
    pub fn deal(&mut self, n: usize) -> Vec<Card> {
        self.deck.partial_shuffle(&mut self.rng, n).0.to_vec()
    }
}

/// The same card in `aya_poker` (both index rank-major, clubs first).
pub fn aya(c: Card) -> aya_poker::base::Card {
    aya_poker::base::CARDS[c.index() as usize]
}

pub fn aya_hand(cards: &[Card]) -> aya_poker::base::Hand {
    cards.iter().map(|&c| aya(c)).collect()
}
