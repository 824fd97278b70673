//! The deals a request may not ask for (RULES.md §14.6, §14.9): how many
//! players, their stacks, how many prizes and the amount set aside, each
//! decided and worded once, here, with its place.
//!
//! The contract only turns each [`DealAt`] into a pointer and names the
//! terms ([`Worded`]); [`crate::deal`]
//! refuses by the same functions, so the two cannot drift apart. The prize
//! table and its unit are every table's rules (`prize_refusal`).

use crate::chips_refusal::{chip_amount_refusal, ChipsRefusal};
use crate::guard::MAX_AMOUNT;
use crate::prize_refusal::MAX_PRIZES;
use crate::term::{ChipAmount, Names, Plain, Term, Unit, Worded};

/// The most players an ICM deal takes (RULES.md §14.6): 2^20 subsets.
pub const MAX_ICM_PLAYERS: usize = 20;
/// The most players a chip-chop or equal deal takes (§14.6).
pub const MAX_DEAL_PLAYERS: usize = 10_000;

/// How the pool is divided (RULES.md §14.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DealMethod {
    /// Malmuth–Harville: each finishing order weighted by the stacks.
    Icm,
    /// The last place's prize each, the rest by chips.
    ChipChop,
    /// The pool over the number of players.
    Equal,
}

impl DealMethod {
    /// The most players the method takes.
    pub fn max_players(self) -> usize {
        match self {
            DealMethod::Icm => MAX_ICM_PLAYERS,
            DealMethod::ChipChop | DealMethod::Equal => MAX_DEAL_PLAYERS,
        }
    }
}

/// Where a deal's refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DealAt {
    /// The players as a whole (`players`).
    Players,
    /// One player's stack, by its index in the request.
    Stack(usize),
    /// The prize list as a whole (`prizes`).
    Prizes,
    /// `setAside`.
    SetAside,
}

/// Why a deal is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DealRefusal {
    #[error("a deal needs at least 2 players, got {0}")]
    TooFewPlayers(usize),
    #[error("{}", self.worded(&Plain))]
    TooManyForIcm(usize),
    #[error("a deal takes at most {max} players, got {got}")]
    TooManyPlayers { got: usize, max: usize },
    /// Player `.0` has no chips.
    #[error("{}", self.worded(&Plain))]
    NoChips(usize),
    /// Player `index`'s stack alone, by every amount's rule.
    #[error("{}", self.worded(&Plain))]
    Stack { index: usize, refusal: ChipsRefusal },
    #[error("the stacks add up to {0}, over 2^53 - 1 ({MAX_AMOUNT})")]
    StacksTotal(u64),
    #[error("{prizes} prizes for {players} players: list the places still to be paid, at most one a player")]
    MorePrizesThanPlayers { prizes: usize, players: usize },
    #[error("{}", self.worded(&Plain))]
    SetAsideNotMultiple { aside: u64, unit: u64 },
    #[error("{}", self.worded(&Plain))]
    SetAsideTooLarge { aside: u64, first: u64, second: u64 },
}

impl Worded for DealRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use DealRefusal as R;
        let name = |term| names.term(term);
        let set_aside = name(Term::SetAside);
        match *self {
            R::TooManyForIcm(n) => format!(
                "{} takes at most {MAX_ICM_PLAYERS} players (its work doubles with each one), got {n}: use {} or {}, or deal with fewer players left",
                name(Term::Icm),
                name(Term::ChipChop),
                name(Term::Equal)
            ),
            R::NoChips(_) => format!(
                "{} must be at least 1: a player without chips is out of the tournament",
                name(Term::Amount(ChipAmount::Stack))
            ),
            R::Stack { refusal, .. } => refusal.worded(names),
            R::SetAsideNotMultiple { aside, unit } => format!(
                "{set_aside} {aside} is not a multiple of {} {unit}",
                name(Term::Unit(Unit::Prize))
            ),
            R::SetAsideTooLarge {
                aside,
                first,
                second,
            } => format!(
                "{set_aside} {aside} is above the first prize less the second ({first} - {second} = {}): the winner's prize must stay at least the runner-up's",
                first.saturating_sub(second)
            ),
            R::TooFewPlayers(_)
            | R::TooManyPlayers { .. }
            | R::StacksTotal(_)
            | R::MorePrizesThanPlayers { .. } => self.to_string(),
        }
    }
}

impl DealRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> DealAt {
        match self {
            DealRefusal::TooFewPlayers(_)
            | DealRefusal::TooManyForIcm(_)
            | DealRefusal::TooManyPlayers { .. }
            | DealRefusal::StacksTotal(_) => DealAt::Players,
            DealRefusal::NoChips(i) | DealRefusal::Stack { index: i, .. } => DealAt::Stack(*i),
            DealRefusal::MorePrizesThanPlayers { .. } => DealAt::Prizes,
            DealRefusal::SetAsideNotMultiple { .. } | DealRefusal::SetAsideTooLarge { .. } => {
                DealAt::SetAside
            }
        }
    }
}

/// RULES.md §14.6: 2 players or more, at most as many as the method takes
/// (`None`: the method is itself refused, so the longest list any takes).
pub fn player_count_refusal(method: Option<DealMethod>, n: usize) -> Option<DealRefusal> {
    let max = method.map_or(MAX_PRIZES, DealMethod::max_players);
    if n < 2 {
        Some(DealRefusal::TooFewPlayers(n))
    } else if n <= max {
        None
    } else if method == Some(DealMethod::Icm) {
        Some(DealRefusal::TooManyForIcm(n))
    } else {
        Some(DealRefusal::TooManyPlayers { got: n, max })
    }
}

/// Player `index`'s stack: at least 1 and readable by JavaScript.
pub fn stack_refusal(index: usize, stack: u64) -> Option<DealRefusal> {
    if stack == 0 {
        return Some(DealRefusal::NoChips(index));
    }
    chip_amount_refusal(ChipAmount::Stack, stack, None)
        .map(|refusal| DealRefusal::Stack { index, refusal })
}

/// The stacks together within 2^53 - 1; not judged when a stack alone is
/// over (its own refusal says so).
pub fn stacks_total_refusal(stacks: &[u64]) -> Option<DealRefusal> {
    if stacks.iter().any(|&s| s > MAX_AMOUNT) {
        return None;
    }
    let chips = stacks.iter().fold(0u64, |c, &s| c.saturating_add(s));
    (chips > MAX_AMOUNT).then_some(DealRefusal::StacksTotal(chips))
}

/// At most one prize a player (a table over [`MAX_PRIZES`] places is the
/// table's own refusal).
pub fn prize_count_refusal(prizes: usize, players: usize) -> Option<DealRefusal> {
    (prizes > players && prizes <= MAX_PRIZES)
        .then_some(DealRefusal::MorePrizesThanPlayers { prizes, players })
}

/// RULES.md §14.5: `setAside` a multiple of the unit (`None` when the unit
/// is itself refused) and at most the first prize less the second, so the
/// table it leaves never rises; every refusal that applies.
pub fn set_aside_refusals(aside: u64, prizes: &[u64], unit: Option<u64>) -> Vec<DealRefusal> {
    let mut out = Vec::new();
    if let Some(unit) = unit.filter(|&u| u > 0 && !aside.is_multiple_of(u)) {
        out.push(DealRefusal::SetAsideNotMultiple { aside, unit });
    }
    let first = prizes.first().copied().unwrap_or(0);
    let second = prizes.get(1).copied().unwrap_or(0);
    if aside > first.saturating_sub(second) {
        out.push(DealRefusal::SetAsideTooLarge {
            aside,
            first,
            second,
        });
    }
    out
}
