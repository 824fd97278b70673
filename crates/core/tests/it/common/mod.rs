//! Builders shared by the integration tests.
#![allow(dead_code)]

use showdown_core::{HandStrength, Hands, PlayerInput};

/// A hand's strength: `value` (higher wins) and stud `chip_key`.
pub fn hs(value: u64, chip_key: u32) -> HandStrength {
    HandStrength { value, chip_key }
}

/// A live player with 1,000 chips at the start of the hand.
pub fn live(
    seat: u32,
    committed: u64,
    high: HandStrength,
    low: Option<HandStrength>,
) -> PlayerInput {
    PlayerInput {
        seat,
        stack: 1_000,
        committed,
        dead: 0,
        folded: false,
        hands: Some(Hands { high, low }),
    }
}

/// A folded player with 1,000 chips at the start of the hand.
pub fn folded(seat: u32, committed: u64) -> PlayerInput {
    PlayerInput {
        seat,
        stack: 1_000,
        committed,
        dead: 0,
        folded: true,
        hands: None,
    }
}

/// Cards from a space-separated string (`"Ah Kh"`).
pub fn cards(s: &str) -> Vec<showdown_cards::Card> {
    showdown_cards::parse_cards(&s.split_whitespace().collect::<Vec<_>>()).unwrap()
}

/// The high value of `hole` on `board` in `variant`, by the cards crate.
pub fn high(variant: showdown_cards::VariantId, hole: &str, board: &str) -> u64 {
    showdown_cards::showdown_values(variant, &cards(hole), &cards(board))
        .unwrap()
        .0
}

/// A live hold'em player holding `hole` on `board`.
pub fn holdem(seat: u32, stack: u64, committed: u64, hole: &str, board: &str) -> PlayerInput {
    PlayerInput {
        stack,
        ..live(
            seat,
            committed,
            hs(high(showdown_cards::VariantId::Holdem, hole, board), seat),
            None,
        )
    }
}
