//! The tournament hands a request may not describe (RULES.md §12.10), all
//! of them at once, each placed where a 422 can point at it.
//!
//! The core decides each refusal and words it once, here; the contract
//! only turns each [`TournamentAt`] into a pointer and names the terms
//! ([`Worded`]), and the core's own
//! guard refuses by the same list. What is not the hand's own (a unit,
//! which every unit's rule judges; the house's takes a tournament has no
//! room for; the answer's size) stays with the contract.

use crate::chips_refusal::over_max;
use crate::guard::MAX_AMOUNT;
use crate::term::{Names, Plain, Term, Unit, Worded};

/// The most basis points a progressive share can be (100 %).
pub(crate) const ALL_BP: u64 = 10_000;

/// What §12.10 needs to know about the hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentHand<'a> {
    /// Per player (by index: the request's, or the core's seat order).
    pub players: &'a [TournamentSeat],
    /// `progressiveBp` as sent (0 when left out).
    pub progressive_bp: u64,
    /// `playersLeft`, when sent.
    pub players_left: Option<u64>,
    /// The bounty unit, `None` when it is itself refused (bounties are
    /// then not judged against it).
    pub bounty_unit: Option<u64>,
}

/// One player, as far as the tournament cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentSeat {
    /// Chips at the start of the hand.
    pub stack: u64,
    /// Not folded.
    pub live: bool,
    /// The bounty on the player's head (0 without one).
    pub bounty: u64,
}

/// A field of one player: in API.md's names `folded` and `bounty`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentField {
    Folded,
    Bounty,
}

/// Where a problem lies in the request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentAt {
    /// The players as a whole (`/players`).
    Players,
    /// One field of one player (`/players/{index}/{field}`).
    Player {
        index: usize,
        field: TournamentField,
    },
    /// `tournament.progressiveBp`.
    ProgressiveBp,
    /// `tournament.playersLeft`.
    PlayersLeft,
}

/// Why a tournament hand is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TournamentRefusal {
    #[error("{}", self.worded(&Plain))]
    Progressive(u64),
    #[error("a player with no chips is out of the tournament: they cannot be live in a hand")]
    LiveWithoutChips,
    #[error("a tournament hand needs 2 or more players with chips, got {0}")]
    TooFewWithChips(u64),
    #[error("{}", self.worded(&Plain))]
    PlayersLeftTooLarge(u64),
    #[error("{}", self.worded(&Plain))]
    PlayersLeftBelow { players_left: u64, with_chips: u64 },
    #[error("{}", self.worded(&Plain))]
    BountyNotMultiple { bounty: u64, unit: u64 },
    #[error("the bounties add up to more than 2^53 - 1 ({MAX_AMOUNT})")]
    BountyTotal,
}

impl Worded for TournamentRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use TournamentRefusal as R;
        let players_left = names.term(Term::PlayersLeft);
        match *self {
            R::Progressive(bp) => format!(
                "{} {bp} is over 10000 (all of the bounty)",
                names.term(Term::ProgressiveBp)
            ),
            R::PlayersLeftTooLarge(left) => over_max(players_left, left),
            R::PlayersLeftBelow {
                players_left: left,
                with_chips,
            } => format!(
                "{players_left} {left} is below the {with_chips} players of the request who start the hand with chips"
            ),
            R::BountyNotMultiple { bounty, unit } => format!(
                "bounty {bounty} is not a multiple of {} {unit}",
                names.term(Term::Unit(Unit::Bounty))
            ),
            R::LiveWithoutChips | R::TooFewWithChips(_) | R::BountyTotal => self.to_string(),
        }
    }
}

/// One refused point of a tournament hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentProblem {
    pub at: TournamentAt,
    pub refusal: TournamentRefusal,
}

/// Every reason RULES.md §12.10 refuses the tournament `hand`; empty when
/// none applies.
///
/// Order: `progressiveBp`; each live player without chips, by index; too
/// few players with chips (judged with two players or more: fewer is the
/// hand's own refusal); `playersLeft`; each bounty off the unit, by index;
/// the bounties' total.
pub fn tournament_problems(hand: &TournamentHand<'_>) -> Vec<TournamentProblem> {
    let mut problems = Vec::new();
    let mut push = |at, refusal| problems.push(TournamentProblem { at, refusal });
    if hand.progressive_bp > ALL_BP {
        push(
            TournamentAt::ProgressiveBp,
            TournamentRefusal::Progressive(hand.progressive_bp),
        );
    }
    let field = |index, field| TournamentAt::Player { index, field };
    // A player without chips is out of the event: never live in a hand,
    // so chips only ever pass between players who started with some.
    for (i, p) in hand.players.iter().enumerate() {
        if p.stack == 0 && p.live {
            push(
                field(i, TournamentField::Folded),
                TournamentRefusal::LiveWithoutChips,
            );
        }
    }
    let with_chips = hand.players.iter().filter(|p| p.stack > 0).count() as u64;
    if with_chips < 2 && hand.players.len() >= 2 {
        push(
            TournamentAt::Players,
            TournamentRefusal::TooFewWithChips(with_chips),
        );
    }
    match hand.players_left {
        Some(left) if left > MAX_AMOUNT => push(
            TournamentAt::PlayersLeft,
            TournamentRefusal::PlayersLeftTooLarge(left),
        ),
        Some(left) if left < with_chips => push(
            TournamentAt::PlayersLeft,
            TournamentRefusal::PlayersLeftBelow {
                players_left: left,
                with_chips,
            },
        ),
        _ => {}
    }
    let mut total: u128 = 0;
    for (i, p) in hand.players.iter().enumerate() {
        total += u128::from(p.bounty);
        if let Some(unit) = hand.bounty_unit.filter(|&u| u > 0 && p.bounty % u != 0) {
            push(
                field(i, TournamentField::Bounty),
                TournamentRefusal::BountyNotMultiple {
                    bounty: p.bounty,
                    unit,
                },
            );
        }
    }
    if total > u128::from(MAX_AMOUNT) {
        push(TournamentAt::Players, TournamentRefusal::BountyTotal);
    }
    problems
}
