//! The hand as recorded: seats, stacks and the steps in order (§16.1).
//! Amounts are the round's total the player has put in after the action.

use super::structure::{Game, Structure};
use showdown_cards::Card;

/// A forced bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Forced {
    Ante,
    BringIn,
    SmallBlind,
    BigBlind,
    Straddle,
}

/// What a player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Act {
    /// A forced bet of `amount` chips; `dead` when posted dead (§2).
    Post {
        forced: Forced,
        amount: u64,
        dead: bool,
    },
    Fold,
    Check,
    /// Calls to a round total of `to`.
    Call {
        to: u64,
    },
    /// Bets to a round total of `to`.
    Bet {
        to: u64,
    },
    /// Raises to a round total of `to`.
    Raise {
        to: u64,
    },
    /// Stud: completes the bring-in to a round total of `to`.
    Complete {
        to: u64,
    },
    /// Draw games: discards and draws (not judged).
    Draw,
    /// Shows the hand.
    Show,
    /// Mucks at the showdown.
    Muck,
}

impl Act {
    /// The round total a betting action names, `None` for the others.
    pub fn to(&self) -> Option<u64> {
        match *self {
            Act::Call { to } | Act::Bet { to } | Act::Raise { to } | Act::Complete { to } => {
                Some(to)
            }
            _ => None,
        }
    }

    /// Fold, check, call, bet, raise or complete: what the betting judges.
    pub fn is_betting(&self) -> bool {
        matches!(self, Act::Fold | Act::Check) || self.to().is_some()
    }
}

/// One player's action; `player` indexes [`BettingHand::seats`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Action {
    pub player: usize,
    pub act: Act,
    /// Flagged all in by the record (informative: the stack decides).
    pub all_in: bool,
}

impl Action {
    /// `player` does `act`, not flagged all in.
    pub fn new(player: usize, act: Act) -> Action {
        Action {
            player,
            act,
            all_in: false,
        }
    }
}

/// Who the dealer's cards go to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dealt {
    Board,
    /// Face down to a player.
    Down(usize),
    /// Face up to a player (stud).
    Up(usize),
}

/// One recorded step: a player's action or the dealer's cards.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    Act(Action),
    Deal { to: Dealt, cards: Vec<Card> },
}

/// A player before the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seat {
    /// Seat number, rising clockwise.
    pub seat: u32,
    /// Chips before the hand.
    pub stack: u64,
    /// At the table but not dealt in (OHH's `is_sitting_out`): no cards,
    /// no turn, nothing put in; the settlement lists them folded.
    pub sitting_out: bool,
}

/// The hand as played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BettingHand {
    pub seats: Vec<Seat>,
    /// The button's seat number (flop and draw games; may be empty).
    pub button: Option<u32>,
    pub game: Game,
    pub structure: Structure,
    /// The smallest chip: every amount is a whole number of it.
    pub chip_unit: u64,
    pub steps: Vec<Step>,
    /// Stud: per round, per player, the value of the hand showing on the
    /// up cards (greater acts first, §16.2); `None` in button games.
    /// Third street's row says who brings in (greater first).
    pub showing: Option<Vec<Vec<u64>>>,
    /// Stud: the bring-in's amount (0 in other games), offered to the
    /// player who brings in before they post it (§16.3, §16.7).
    pub bring_in: u64,
}
