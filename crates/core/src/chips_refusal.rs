//! The chip amounts a hand may not carry (RULES.md §1; API.md: `committed`
//! plus `dead` is at most `stack`) and the house's terms it may not set
//! (RULES.md §8), each decided and worded once, here.
//!
//! The contract only places each refusal (a pointer to the amount it
//! judged) and names the terms as its request does ([`Worded`]); the
//! core's guard refuses by the same rules, so the two cannot
//! drift apart in what they accept or in how they say it.

use crate::seating_refusal::earlier_equal;
use crate::term::{ChipAmount, Names, Place, Plain, Term, Unit, Worded};

/// The largest amount a JavaScript consumer reads exactly (RULES.md §1:
/// "Amounts stay at or below 2^53 − 1").
pub const MAX_AMOUNT: u64 = (1 << 53) - 1;

/// Why an amount of chips is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ChipsRefusal {
    /// RULES.md §1: JavaScript reads every amount exactly.
    #[error("{}", self.worded(&Plain))]
    TooLarge(ChipAmount, u64),
    /// RULES.md §1: every amount is a whole number of chip units.
    #[error("{}", self.worded(&Plain))]
    NotMultiple(ChipAmount, u64, u64),
    /// RULES.md §1 / TDA 19: a unit is at least one unit of money.
    #[error("{}", self.worded(&Plain))]
    UnitZero(Unit),
    /// RULES.md §1: a unit is an amount, read exactly by JavaScript.
    #[error("{}", self.worded(&Plain))]
    UnitTooLarge(Unit, u64),
    /// API.md: every chip put in (`committed`, `dead`, `deadMoney`) stays
    /// within 2^53 - 1 in total, so no pot or win can pass it.
    #[error("the chips in the hand add up to more than 2^53 - 1 ({MAX_AMOUNT})")]
    HandTotal,
    /// API.md: a player puts in no more than their stack.
    #[error("{}", self.worded(&Plain))]
    OverStack {
        committed: u64,
        dead: u64,
        stack: u64,
    },
}

impl Worded for ChipsRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use ChipsRefusal as R;
        match *self {
            R::TooLarge(what, value) => over_max(names.term(Term::Amount(what)), value),
            R::NotMultiple(what, value, unit) => format!(
                "{} {value} is not a multiple of {} {unit}",
                names.term(Term::Amount(what)),
                names.term(Term::Unit(Unit::Chip))
            ),
            R::UnitZero(unit) => format!("{} must be at least 1", names.term(Term::Unit(unit))),
            R::UnitTooLarge(unit, value) => over_max(names.term(Term::Unit(unit)), value),
            R::HandTotal => self.to_string(),
            R::OverStack {
                committed,
                dead,
                stack,
            } => format!(
                "{} {committed} plus {} {dead} is over the stack {stack}",
                names.term(Term::Amount(ChipAmount::Committed)),
                names.term(Term::Amount(ChipAmount::Dead))
            ),
        }
    }
}

/// RULES.md §1's refusal of `value`, named `what`, over 2^53 - 1: one
/// sentence for every amount, unit and count JavaScript reads.
pub(crate) fn over_max(what: &str, value: u64) -> String {
    format!("{what} {value} is over 2^53 - 1 ({MAX_AMOUNT})")
}

/// The refusal of `value` as `what`, in multiples of `unit` (`None` when
/// the unit is itself refused: multiples are then not judged).
pub fn chip_amount_refusal(
    what: ChipAmount,
    value: u64,
    unit: Option<u64>,
) -> Option<ChipsRefusal> {
    if value > MAX_AMOUNT {
        return Some(ChipsRefusal::TooLarge(what, value));
    }
    let unit = unit.filter(|&u| u > 0 && !value.is_multiple_of(u))?;
    Some(ChipsRefusal::NotMultiple(what, value, unit))
}

/// The refusal of `total` chips put in a hand.
pub fn hand_total_refusal(total: u64) -> Option<ChipsRefusal> {
    (total > MAX_AMOUNT).then_some(ChipsRefusal::HandTotal)
}

/// The refusal of `value` as the unit `what`.
pub fn unit_refusal(what: Unit, value: u64) -> Option<ChipsRefusal> {
    match value {
        0 => Some(ChipsRefusal::UnitZero(what)),
        v if v > MAX_AMOUNT => Some(ChipsRefusal::UnitTooLarge(what, v)),
        _ => None,
    }
}

/// Why a number the answer echoes is refused: JavaScript reads it
/// exactly, as it reads amounts (RULES.md §1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EchoRefusal {
    #[error("{}", self.worded(&Plain))]
    HandNumber(u64),
    #[error("seed {0} is over 2^53 - 1 ({MAX_AMOUNT}): JavaScript could not echo it exactly")]
    Seed(u64),
}

impl Worded for EchoRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        match *self {
            EchoRefusal::HandNumber(n) => over_max(names.term(Term::HandNumber), n),
            EchoRefusal::Seed(_) => self.to_string(),
        }
    }
}

/// The refusal of an echoed number (`handNumber`, a draw's or a race's
/// `seed`), made by `refusal` when it is over 2^53 - 1.
pub fn echo_refusal(value: u64, refusal: fn(u64) -> EchoRefusal) -> Option<EchoRefusal> {
    (value > MAX_AMOUNT).then(|| refusal(value))
}

/// Why the house's terms are refused (RULES.md §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RakeRefusal {
    #[error("{}", self.worded(&Plain))]
    PercentBp(u64),
    /// RULES.md §8.3: the cap reads the players dealt in, at least those
    /// of the hand.
    #[error("{}", self.worded(&Plain))]
    PlayersDealt { dealt: u32, players: usize },
    /// RULES.md §8.3: the cap ladder gives one cap for each count of
    /// players dealt; step `step` repeats step `first`'s.
    #[error("{}", self.worded(&Plain))]
    CapTwice {
        step: usize,
        min_players: u32,
        first: usize,
    },
}

impl Worded for RakeRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        match *self {
            RakeRefusal::PercentBp(bp) => format!(
                "{} {bp} is outside 0 to 10000 (basis points: 500 is 5 %)",
                names.term(Term::PercentBp)
            ),
            RakeRefusal::PlayersDealt { dealt, players } => format!(
                "{} {dealt} is below the {players} players of the hand",
                names.term(Term::PlayersDealt)
            ),
            RakeRefusal::CapTwice {
                min_players, first, ..
            } => format!(
                "{} {min_players} appears more than once (first at {})",
                names.term(Term::MinPlayers),
                names.place(Place::CapMinPlayers(first))
            ),
        }
    }
}

/// Where a refusal of the house's terms lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RakeAt {
    PercentBp,
    PlayersDealt,
    /// The `minPlayers` of step `.0` of the cap ladder.
    MinPlayers(usize),
}

impl RakeRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> RakeAt {
        match self {
            RakeRefusal::PercentBp(_) => RakeAt::PercentBp,
            RakeRefusal::PlayersDealt { .. } => RakeAt::PlayersDealt,
            RakeRefusal::CapTwice { step, .. } => RakeAt::MinPlayers(*step),
        }
    }
}

/// The refusal of a rake rate over 100 %.
pub fn rake_rate_refusal(percent_bp: u64) -> Option<RakeRefusal> {
    (percent_bp > 10_000).then_some(RakeRefusal::PercentBp(percent_bp))
}

/// The refusal of fewer players dealt in than the hand has.
pub fn players_dealt_refusal(dealt: u32, players: usize) -> Option<RakeRefusal> {
    usize::try_from(dealt)
        .is_ok_and(|d| d < players)
        .then_some(RakeRefusal::PlayersDealt { dealt, players })
}

/// The refusals of a cap ladder's `minPlayers`, step by step: each one a
/// step before it already gives.
pub fn cap_ladder_refusals(min_players: &[u32]) -> Vec<RakeRefusal> {
    let first = earlier_equal(min_players.len(), |k| min_players[k]);
    let refusal = |(step, &min_players)| {
        let first = first(step)?;
        Some(RakeRefusal::CapTwice {
            step,
            min_players,
            first,
        })
    };
    min_players.iter().enumerate().filter_map(refusal).collect()
}

/// The refusal of a player who put in more than their stack.
pub fn over_stack(stack: u64, committed: u64, dead: u64) -> Option<ChipsRefusal> {
    (committed.saturating_add(dead) > stack).then_some(ChipsRefusal::OverStack {
        committed,
        dead,
        stack,
    })
}
