//! The chip races a request may not ask for (RULES.md §6): the
//! denominations, the small blind the convention reads, a race of
//! nobody, each player's chips and cards, and a race past one deck, each
//! decided and worded once, here. The contract only places each refusal
//! (a pointer) and names the terms a refusal speaks of as its
//! request does ([`Worded`]); the race's own guard
//! refuses by the same rules.

use crate::draw::{DrawError, DECK_SIZE};
use crate::guard::MAX_AMOUNT;
use crate::seating_refusal::SeatingRefusal;
use crate::term::{Names, Plain, Term, Worded};

/// Why a chip race is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ChipRaceRefusal {
    #[error("a chip race needs at least one player")]
    NoPlayers,
    #[error("the removed denomination must be 1 or more")]
    RemovedZero,
    #[error("{0} is over 2^53 - 1")]
    RemovedTooLarge(u64),
    #[error("{}", self.worded(&Plain))]
    NotLarger { removed: u64, color_up_to: u64 },
    #[error("{}", self.worded(&Plain))]
    NotAMultiple { removed: u64, color_up_to: u64 },
    #[error("{}", self.worded(&Plain))]
    SmallBlindMissing,
    /// `named`: the request named the convention `tda`; else it took the
    /// default, and is told how to deal from the small blind instead.
    #[error("{}", self.worded(&Plain))]
    SmallBlindNotUsed { named: bool },
    /// Every seat's rule ([`SeatingRefusal::SeatZero`]), in its words.
    #[error("{}", SeatingRefusal::SeatZero)]
    SmallBlindSeatZero,
    /// A count of chips (`field` of player `player`) JavaScript could not
    /// read exactly.
    #[error("{value} is over 2^53 - 1")]
    ChipsTooLarge {
        player: usize,
        field: RaceChips,
        value: u64,
    },
    /// The player's chips with the chip the race may add.
    #[error("the player's chips, counted in value, are over 2^53 - 1")]
    ValueTooLarge { player: usize },
    /// Every deal's rule, in the draw's words.
    #[error("{}", DrawError::SeedAndCard { player: *player })]
    SeedAndCards { player: usize },
    #[error("{leftover} leftover chips race {raced} card(s) (full sets of {ratio} are exchanged at equal value), got {got}")]
    CardCount {
        player: usize,
        leftover: u64,
        raced: u64,
        ratio: u64,
        got: usize,
    },
    #[error("no seed: give the {raced} card(s) dealt for this player's leftover chips")]
    NoCards { player: usize, raced: u64 },
    /// One deck, never two: a second deck's cards could tie.
    #[error("the race needs {needed} cards, more than one deck of {DECK_SIZE}: race in two rounds (one deck only, so no two cards can tie)")]
    TooManyCards { needed: u64 },
}

impl Worded for ChipRaceRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use ChipRaceRefusal as R;
        let (removed_is, color_up_is) = (
            names.term(Term::RemovedDenomination),
            names.term(Term::ColorUpTo),
        );
        let small_blind = names.term(Term::SmallBlindSeat);
        match *self {
            R::NotLarger {
                removed,
                color_up_to,
            } => format!(
                "{color_up_is} {color_up_to} must be larger than {removed_is} {removed} and at most 2^53 - 1"
            ),
            R::NotAMultiple {
                removed,
                color_up_to,
            } => format!("{color_up_is} {color_up_to} must be a multiple of {removed_is} {removed}"),
            R::SmallBlindMissing => format!(
                "the standard convention deals from the small blind of the next hand: {small_blind} is required"
            ),
            R::SmallBlindNotUsed { named: true } => {
                format!("TDA 23 races from seat 1: {small_blind} is not used, leave it out")
            }
            R::SmallBlindNotUsed { named: false } => "the default convention tda races from seat 1: set convention \"standard\" to deal from the small blind".to_string(),
            R::NoPlayers
            | R::RemovedZero
            | R::RemovedTooLarge(_)
            | R::SmallBlindSeatZero
            | R::ChipsTooLarge { .. }
            | R::ValueTooLarge { .. }
            | R::SeedAndCards { .. }
            | R::CardCount { .. }
            | R::NoCards { .. }
            | R::TooManyCards { .. } => self.to_string(),
        }
    }
}

/// A player's count of chips, by its name in API.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceChips {
    /// `leftoverChips`: chips of the removed denomination.
    Leftover,
    /// `otherChips`: the value of every other chip.
    Other,
}

/// Where a player's refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RaceAt {
    /// The players as a whole.
    Players,
    /// Player `.0` as a whole.
    Player(usize),
    /// A count of player `.0`'s chips.
    Chips(usize, RaceChips),
    /// Player `.0`'s cards.
    Cards(usize),
}

impl ChipRaceRefusal {
    /// Where a refusal of the players lies (the terms' refusals are
    /// placed by [`denominations`] and the convention).
    pub fn at(&self) -> RaceAt {
        use ChipRaceRefusal as R;
        match *self {
            R::ChipsTooLarge { player, field, .. } => RaceAt::Chips(player, field),
            R::ValueTooLarge { player } => RaceAt::Player(player),
            R::SeedAndCards { player }
            | R::CardCount { player, .. }
            | R::NoCards { player, .. } => RaceAt::Cards(player),
            _ => RaceAt::Players,
        }
    }
}

/// One player as the race's checks read them: chips, and how many cards
/// the request gives (`None`: none listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceSeat {
    pub leftover: u64,
    pub other: u64,
    pub cards: Option<usize>,
}

/// The race's terms, as far as the players' checks need them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RaceTerms {
    pub removed: u64,
    pub color_up_to: u64,
    /// Removed chips to a new one, when the denominations are sound.
    pub ratio: Option<u64>,
    pub seeded: bool,
}

/// Every refusal of the players (RULES.md §6): each one's chips within
/// 2^53 - 1 and their value with the chip the race may add too; with
/// sound denominations, a seed or one card a chip raced, never both;
/// then the whole race within one deck. Player by player, in that order.
pub fn race_player_refusals(terms: &RaceTerms, players: &[RaceSeat]) -> Vec<ChipRaceRefusal> {
    let mut out = Vec::new();
    let mut needed = 0u64;
    for (player, seat) in players.iter().enumerate() {
        chips_refusals(terms, player, seat, &mut out);
        let Some(ratio) = terms.ratio else { continue };
        let raced = seat.leftover % ratio;
        needed = needed.saturating_add(raced);
        let refusal = match (seat.cards, terms.seeded) {
            (Some(_), true) => Some(ChipRaceRefusal::SeedAndCards { player }),
            (Some(got), false) if got as u64 != raced => Some(ChipRaceRefusal::CardCount {
                player,
                leftover: seat.leftover,
                raced,
                ratio,
                got,
            }),
            (None, false) if raced > 0 => Some(ChipRaceRefusal::NoCards { player, raced }),
            _ => None,
        };
        out.extend(refusal);
    }
    if needed > DECK_SIZE as u64 {
        out.push(ChipRaceRefusal::TooManyCards { needed });
    }
    out
}

/// Player `player`'s counts, and their whole value with the chip the race
/// may add.
fn chips_refusals(
    terms: &RaceTerms,
    player: usize,
    seat: &RaceSeat,
    out: &mut Vec<ChipRaceRefusal>,
) {
    for (field, value) in [
        (RaceChips::Leftover, seat.leftover),
        (RaceChips::Other, seat.other),
    ] {
        if value > MAX_AMOUNT {
            out.push(ChipRaceRefusal::ChipsTooLarge {
                player,
                field,
                value,
            });
        }
    }
    let value = seat
        .leftover
        .checked_mul(terms.removed)
        .and_then(|v| v.checked_add(seat.other))
        .and_then(|v| v.checked_add(terms.color_up_to));
    if value.is_none_or(|v| v > MAX_AMOUNT) {
        out.push(ChipRaceRefusal::ValueTooLarge { player });
    }
}

/// Which denomination a refusal speaks of, and where it lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denomination {
    /// The denomination taken off the table.
    Removed,
    /// The denomination its chips color up to.
    ColorUpTo,
}

impl Denomination {
    /// The term of the request the denomination is.
    pub fn term(self) -> Term {
        match self {
            Denomination::Removed => Term::RemovedDenomination,
            Denomination::ColorUpTo => Term::ColorUpTo,
        }
    }
}

/// The removed denomination and the one it colors up to: how many removed
/// chips make one new chip, or the first refusal and where it lies.
pub fn denominations(
    removed: u64,
    color_up_to: u64,
) -> Result<u64, (Denomination, ChipRaceRefusal)> {
    if removed == 0 {
        return Err((Denomination::Removed, ChipRaceRefusal::RemovedZero));
    }
    if removed > MAX_AMOUNT {
        return Err((
            Denomination::Removed,
            ChipRaceRefusal::RemovedTooLarge(removed),
        ));
    }
    if color_up_to <= removed || color_up_to > MAX_AMOUNT {
        let refusal = ChipRaceRefusal::NotLarger {
            removed,
            color_up_to,
        };
        return Err((Denomination::ColorUpTo, refusal));
    }
    if !color_up_to.is_multiple_of(removed) {
        let refusal = ChipRaceRefusal::NotAMultiple {
            removed,
            color_up_to,
        };
        return Err((Denomination::ColorUpTo, refusal));
    }
    Ok(color_up_to / removed)
}

/// The small blind seat as the convention reads it: `standard` deals from
/// it, TDA 23 from seat 1 (`named`: the request named the convention),
/// and it is numbered from 1.
pub fn small_blind_refusal(
    standard: bool,
    named: bool,
    small_blind_seat: Option<u32>,
) -> Option<ChipRaceRefusal> {
    match (standard, small_blind_seat) {
        (true, None) => Some(ChipRaceRefusal::SmallBlindMissing),
        (true, Some(0)) => Some(ChipRaceRefusal::SmallBlindSeatZero),
        (false, Some(_)) => Some(ChipRaceRefusal::SmallBlindNotUsed { named }),
        _ => None,
    }
}
