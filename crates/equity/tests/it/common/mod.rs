//! Seeded random deals for the property tests and the dump example.

#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use showdown_cards::{Card, VariantId};

pub use showdown_equity::GAMES;

pub fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

/// A random deal: hands, the first `k` board cards, `dead` dead cards.
#[derive(Debug, Clone)]
pub struct Deal {
    pub variant: VariantId,
    pub hands: Vec<Vec<Card>>,
    pub board: Vec<Card>,
    pub dead: Vec<Card>,
}

impl Deal {
    pub fn refs(&self) -> Vec<&[Card]> {
        self.hands.iter().map(|h| h.as_slice()).collect()
    }
}

/// Deal `players` hands of `variant`, `k` board cards and `dead` dead
/// cards from a deck shuffled by `seed`. Low-card-heavy decks now and then
/// (odd seeds in hi-lo) so lows, quarters and ties come up.
pub fn deal(variant: VariantId, players: usize, k: usize, dead: usize, seed: u64) -> Deal {
    let v = variant.variant();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let lowest = if v.short_deck { 16 } else { 0 };
    let mut deck: Vec<Card> = (lowest..52).map(Card::from_index).collect();
    deck.shuffle(&mut rng);
    if v.low.is_some() && seed % 2 == 1 {
        // Low cards first: more lows on board and in hand.
        deck.sort_by_key(|c| {
            let r = c.rank() as u8;
            !(r <= 8 || r == 14)
        });
    }
    let mut it = deck.into_iter();
    let hands = (0..players)
        .map(|_| it.by_ref().take(v.hole_cards).collect())
        .collect();
    let board = it.by_ref().take(k).collect();
    let dead = it.by_ref().take(dead).collect();
    Deal {
        variant,
        hands,
        board,
        dead,
    }
}
