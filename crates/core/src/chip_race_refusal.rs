//! The chip races a request may not ask for (RULES.md §6): the
//! denominations, the small blind the convention reads, and a race of
//! nobody, each decided and worded once, here. The contract only places
//! each refusal (a pointer); the race's own guard refuses by the same
//! rules.

use crate::guard::MAX_AMOUNT;

/// Why a chip race is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ChipRaceRefusal {
    #[error("a chip race needs at least one player")]
    NoPlayers,
    #[error("the removed denomination must be 1 or more")]
    RemovedZero,
    #[error("{0} is over 2^53 - 1")]
    RemovedTooLarge(u64),
    #[error("colorUpTo {color_up_to} must be larger than removedDenomination {removed} and at most 2^53 - 1")]
    NotLarger { removed: u64, color_up_to: u64 },
    #[error("colorUpTo {color_up_to} must be a multiple of removedDenomination {removed}")]
    NotAMultiple { removed: u64, color_up_to: u64 },
    #[error("the standard convention deals from the small blind of the next hand: smallBlindSeat is required")]
    SmallBlindMissing,
    /// `named`: the request named the convention `tda`; else it took the
    /// default, and is told how to deal from the small blind instead.
    #[error("{}", if *named {
        "TDA 23 races from seat 1: smallBlindSeat is not used, leave it out"
    } else {
        "the default convention tda races from seat 1: set convention \"standard\" to deal from the small blind"
    })]
    SmallBlindNotUsed { named: bool },
}

/// Where a denomination's refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Denomination {
    /// `removedDenomination`.
    Removed,
    /// `colorUpTo`.
    ColorUpTo,
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
/// it, TDA 23 from seat 1 (`named`: the request named the convention). A
/// seat numbered 0 is every seat's rule, not this one's.
pub fn small_blind_refusal(
    standard: bool,
    named: bool,
    small_blind_seat: Option<u32>,
) -> Option<ChipRaceRefusal> {
    match (standard, small_blind_seat) {
        (true, None) => Some(ChipRaceRefusal::SmallBlindMissing),
        (false, Some(_)) => Some(ChipRaceRefusal::SmallBlindNotUsed { named }),
        _ => None,
    }
}
