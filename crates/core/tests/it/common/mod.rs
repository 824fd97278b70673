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
