//! A table's first hand (RULES.md §13.9): nothing was played there yet, so
//! the button is the seat the draw gave it and the blinds follow it, and
//! [`Before`], what a table's next hand follows, is either that or the
//! hand just played (§13.1).
//!
//! Kept apart from `next_hand.rs` because a first hand has none of the
//! moving parts of the rules after it: no seat is dead and nobody waits.

use crate::next_hand::{
    button_and_small_blind, next_hand_sorted, ButtonRule, HandPlayed, NextHand, Seated,
    SeatedTable, TableNext,
};

/// What a table's next hand follows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Before {
    /// The hand just played there (§13.1).
    Played(HandPlayed),
    /// Nothing yet: the next hand is the table's first, its button on the
    /// drawn seat (§13.9).
    FirstHand { button: u32 },
}

impl From<HandPlayed> for Before {
    fn from(hand: HandPlayed) -> Self {
        Before::Played(hand)
    }
}

impl Before {
    /// The next hand at a table whose players are sorted by seat.
    pub(crate) fn next_sorted(&self, players: &[Seated], rule: ButtonRule) -> TableNext {
        match self {
            Before::Played(hand) => next_hand_sorted(hand, players, rule),
            Before::FirstHand { button } => first_hand_sorted(*button, players),
        }
    }

    /// The seat after which a moved player's worst position is looked for
    /// (§13.6): the next small blind as the rule finds it before heads-up
    /// (§13.3); with fewer than two players, seat `b`, or at a first hand
    /// the button's seat.
    pub(crate) fn small_blind_before_heads_up(&self, players: &[Seated], rule: ButtonRule) -> u32 {
        match self {
            Before::Played(hand) if players.len() < 2 => hand.big_blind,
            Before::Played(hand) => {
                button_and_small_blind(hand, players, rule).map_or(hand.big_blind, |(_, sb)| sb)
            }
            Before::FirstHand { button } => SeatedTable { players }
                .first_after(*button, |_| true)
                .map_or(*button, |p| p.seat),
        }
    }
}

/// RULES.md §13.9: a table's first hand. The button is the drawn seat, the
/// small blind the first player after it, the big blind the next;
/// heads-up, the button posts the small blind (§13.3). Every player is
/// dealt in, arrived or not. `players` may come in any order, one a seat.
pub fn first_hand(button: u32, players: &[Seated]) -> TableNext {
    let mut sorted = players.to_vec();
    sorted.sort_unstable_by_key(|p| p.seat);
    first_hand_sorted(button, &sorted)
}

fn first_hand_sorted(button: u32, players: &[Seated]) -> TableNext {
    let table = SeatedTable { players };
    let after = |x: u32| table.first_after(x, |_| true).map_or(x, |p| p.seat);
    let next = match players.len() {
        0 | 1 => None,
        2 => {
            // The contract puts a player on the drawn seat and balancing
            // never moves the button's player; should the seat be empty
            // anyway, the button goes to the first player after it.
            let on_button = table.at(button).map_or_else(|| after(button), |p| p.seat);
            Some(NextHand {
                button: on_button,
                small_blind: on_button,
                big_blind: after(on_button),
                button_dead: false,
                small_blind_dead: false,
                heads_up: true,
            })
        }
        _ => {
            let small_blind = after(button);
            Some(NextHand {
                button,
                small_blind,
                big_blind: after(small_blind),
                button_dead: table.at(button).is_none(),
                small_blind_dead: false,
                heads_up: false,
            })
        }
    };
    TableNext {
        next,
        waiting: Vec::new(),
    }
}
