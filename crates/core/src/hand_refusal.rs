//! The hands that cannot have been dealt (API.md: fewer than two players,
//! or nobody live, is an impossible hand; RULES.md §2.1: a folded player
//! cannot own the uncalled bet), each decided and worded once, here: the
//! contract only places each refusal and names the button's seat
//! ([`Worded`]), and the core's guard refuses by the
//! same rules.

/// Where a hand's refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandAt {
    /// The players as a whole (`players`).
    Players,
    /// Player `.0`'s `folded`.
    Folded(usize),
    ButtonSeat,
}

use crate::seating_refusal::SeatingRefusal;
use crate::term::{Names, Plain, Term, Worded};

/// Why a hand's table is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HandRefusal {
    #[error("a hand needs at least 2 players, got {0}")]
    TooFewPlayers(usize),
    #[error("no live player: every player folded")]
    NoLivePlayer,
    /// Folding to no bet is impossible: somebody bet past the player.
    #[error("a folded player alone committed the most ({committed}): nobody called that bet")]
    FoldedUncalled { player: usize, committed: u64 },
    /// RULES.md §4: button games give odd chips from the button.
    #[error("{}", self.worded(&Plain))]
    ButtonRequired(&'static str),
    /// Stud games have no button: their odd chips go by the cards.
    #[error("{}", self.worded(&Plain))]
    NoButton(&'static str),
    /// Every seat's rule ([`SeatingRefusal::SeatZero`]), in its words.
    #[error("{}", SeatingRefusal::SeatZero)]
    ButtonSeatZero,
}

impl Worded for HandRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        let button = names.term(Term::ButtonSeat);
        match *self {
            HandRefusal::ButtonRequired(game) => {
                format!("{game} is a button game: {button} is required")
            }
            HandRefusal::NoButton(game) => format!("{game} has no button: leave {button} out"),
            HandRefusal::TooFewPlayers(_)
            | HandRefusal::NoLivePlayer
            | HandRefusal::FoldedUncalled { .. }
            | HandRefusal::ButtonSeatZero => self.to_string(),
        }
    }
}

impl HandRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> HandAt {
        match self {
            HandRefusal::TooFewPlayers(_) | HandRefusal::NoLivePlayer => HandAt::Players,
            HandRefusal::FoldedUncalled { player, .. } => HandAt::Folded(*player),
            HandRefusal::ButtonRequired(_)
            | HandRefusal::NoButton(_)
            | HandRefusal::ButtonSeatZero => HandAt::ButtonSeat,
        }
    }
}

/// The refusal of a hand of `players` players, `live` of them not folded.
/// Fewer than two players is the first refusal; nobody live is judged
/// only when there is somebody at all.
pub fn hand_refusals(players: usize, live: usize) -> Vec<HandRefusal> {
    let mut out = Vec::new();
    if players < 2 {
        out.push(HandRefusal::TooFewPlayers(players));
    }
    if players > 0 && live == 0 {
        out.push(HandRefusal::NoLivePlayer);
    }
    out
}

/// RULES.md §2.1: the uncalled part of the largest bet goes back to its
/// owner, so the one player who alone committed the most (`bets`: each
/// player's committed chips and whether they folded) may not have folded.
/// Judged with two players or more (fewer is its own refusal).
pub fn folded_uncalled(bets: impl Iterator<Item = (u64, bool)> + Clone) -> Option<HandRefusal> {
    let committed = bets.clone().map(|(c, _)| c).max()?;
    let mut at_max = bets
        .clone()
        .enumerate()
        .filter(|(_, (c, _))| *c == committed);
    match (at_max.next(), at_max.next()) {
        (Some((player, (_, true))), None) if bets.count() >= 2 => {
            Some(HandRefusal::FoldedUncalled { player, committed })
        }
        _ => None,
    }
}

/// The button's seat in the game `game` (its id, and whether it has a
/// button; `None` when unknown): required in a button game, left out in
/// the others, numbered from 1.
pub fn button_refusal(
    game: Option<(&'static str, bool)>,
    seat: Option<u32>,
) -> Option<HandRefusal> {
    match (game, seat) {
        (Some((id, true)), None) => Some(HandRefusal::ButtonRequired(id)),
        (Some((id, false)), Some(_)) => Some(HandRefusal::NoButton(id)),
        (_, Some(0)) => Some(HandRefusal::ButtonSeatZero),
        _ => None,
    }
}
