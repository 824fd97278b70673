//! The prize tables a request may not carry (RULES.md §14.1, §14.9), all
//! of them at once, each placed where a 422 can point at it.
//!
//! The core decides each refusal and words it once, here; the contract
//! only turns each [`PrizeTableAt`] into a pointer under the object that
//! holds the table (the settle route's `tournament`, `POST /v1/prizes`,
//! `POST /v1/deals`) and names the terms ([`Worded`]), and
//! [`crate::PrizeTable::new`] refuses by the same
//! list. The unit itself is every unit's rule (`chipUnit`, `bountyUnit`,
//! `prizeUnit`), judged before the table.

use crate::chips_refusal::{chip_amount_refusal, ChipsRefusal};
use crate::guard::MAX_AMOUNT;
use crate::term::{ChipAmount, Names, Place, Plain, Term, Unit, Worded};
use crate::tournament_refusal::TournamentRefusal;
use std::collections::HashMap;

/// RULES.md §14.1: the longest prize table a request may carry.
pub const MAX_PRIZES: usize = 10_000;

/// Where a problem lies in a prize table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PrizeTableAt {
    /// The list as a whole (`prizes`).
    Prizes,
    /// One prize, by its index in the list (`prizes/{index}`; place
    /// `index + 1`).
    Prize(usize),
}

/// Why a prize table is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum PrizeTableRefusal {
    #[error("a prize table has at most {MAX_PRIZES} places, got {0}")]
    TooManyPlaces(usize),
    #[error("{}", self.worded(&Plain))]
    NotMultiple { prize: u64, unit: u64 },
    #[error("prize {prize} of place {place} is above {before} of place {}: prizes never rise", place - 1)]
    Rising {
        prize: u64,
        place: usize,
        before: u64,
    },
    #[error("the prizes add up to more than 2^53 - 1 ({MAX_AMOUNT})")]
    Total,
}

impl Worded for PrizeTableRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        match *self {
            PrizeTableRefusal::NotMultiple { prize, unit } => format!(
                "prize {prize} is not a multiple of {} {unit}",
                names.term(Term::Unit(Unit::Prize))
            ),
            PrizeTableRefusal::TooManyPlaces(_)
            | PrizeTableRefusal::Rising { .. }
            | PrizeTableRefusal::Total => self.to_string(),
        }
    }
}

/// One refused point of a prize table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrizeTableProblem {
    pub at: PrizeTableAt,
    pub refusal: PrizeTableRefusal,
}

/// Every reason RULES.md §14.9 refuses `prizes` in multiples of `unit`
/// (`None` when the unit is itself refused: multiples are then not
/// judged); empty when none applies.
///
/// Order: a table over [`MAX_PRIZES`] places alone (nothing else is
/// looked at); else each prize in place order, not a multiple before
/// rising; then the total.
pub fn prize_table_problems(prizes: &[u64], unit: Option<u64>) -> Vec<PrizeTableProblem> {
    let mut problems = Vec::new();
    let mut push = |at, refusal| problems.push(PrizeTableProblem { at, refusal });
    if prizes.len() > MAX_PRIZES {
        push(
            PrizeTableAt::Prizes,
            PrizeTableRefusal::TooManyPlaces(prizes.len()),
        );
        return problems;
    }
    let mut total: u128 = 0;
    for (i, &prize) in prizes.iter().enumerate() {
        total += u128::from(prize);
        if let Some(unit) = unit.filter(|&u| u > 0 && prize % u != 0) {
            push(
                PrizeTableAt::Prize(i),
                PrizeTableRefusal::NotMultiple { prize, unit },
            );
        }
        if let Some(&before) = i.checked_sub(1).map(|j| &prizes[j]) {
            if prize > before {
                let place = i + 1;
                push(
                    PrizeTableAt::Prize(i),
                    PrizeTableRefusal::Rising {
                        prize,
                        place,
                        before,
                    },
                );
            }
        }
    }
    if total > u128::from(MAX_AMOUNT) {
        push(PrizeTableAt::Prizes, PrizeTableRefusal::Total);
    }
    problems
}

/// The most players one hand for hand (`POST /v1/prizes`) may list.
pub const MAX_PRIZE_PLAYERS: usize = 10_000;

/// One player knocked out in a hand dealt hand for hand, as RULES.md
/// §14.9 judges them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Knocked {
    /// Chips at the start of the hand.
    pub stack: u64,
    /// The house's order among equal stacks, when given.
    pub tie_break: Option<u64>,
}

/// Where a hand for hand's refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandForHandAt {
    Players,
    PlayersLeft,
    Stack(usize),
    TieBreak(usize),
}

/// Why a hand for hand is refused (RULES.md §14.4, §14.9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HandForHandRefusal {
    #[error("a hand for hand needs at least 1 player knocked out, got 0")]
    NoBusts,
    #[error("at most {MAX_PRIZE_PLAYERS} players a request, got {0}")]
    TooManyBusts(usize),
    /// Every `playersLeft`'s rule, in the tournament's words.
    #[error("{}", self.worded(&Plain))]
    PlayersLeftTooLarge(u64),
    #[error("{}", self.worded(&Plain))]
    PlayersLeftNotAbove { players_left: u64, busts: usize },
    #[error("{}", self.worded(&Plain))]
    NoChips(usize),
    /// Player `player`'s stack, by every amount's rule.
    #[error("{}", self.worded(&Plain))]
    Stack {
        player: usize,
        refusal: ChipsRefusal,
    },
    #[error("{}", self.worded(&Plain))]
    NoTieBreak(usize),
    #[error("{}", self.worded(&Plain))]
    TieBreakTwice {
        player: usize,
        tie_break: u64,
        first: usize,
    },
}

impl Worded for HandForHandRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use HandForHandRefusal as R;
        let (players_left, tie_break) = (names.term(Term::PlayersLeft), names.term(Term::TieBreak));
        match *self {
            R::PlayersLeftTooLarge(left) => TournamentRefusal::PlayersLeftTooLarge(left).worded(names),
            R::PlayersLeftNotAbove {
                players_left: left,
                busts,
            } => format!(
                "{players_left} {left} must be above the {busts} players knocked out: someone is left with chips"
            ),
            R::NoChips(_) => format!(
                "{} must be at least 1: a player knocked out started the hand with chips",
                names.term(Term::Amount(ChipAmount::Stack))
            ),
            R::Stack { refusal, .. } => refusal.worded(names),
            R::NoTieBreak(_) => format!(
                "{} needs a {tie_break} on every player: the house's order of equal stacks",
                names.term(Term::SeatOrder)
            ),
            R::TieBreakTwice {
                tie_break: value,
                first,
                ..
            } => format!(
                "{tie_break} {value} is also that of {}, with the same stack: equal stacks need distinct tie breaks",
                names.place(Place::Player(first))
            ),
            R::NoBusts | R::TooManyBusts(_) => self.to_string(),
        }
    }
}

impl HandForHandRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> HandForHandAt {
        use HandForHandRefusal as R;
        match *self {
            R::NoBusts | R::TooManyBusts(_) => HandForHandAt::Players,
            R::PlayersLeftTooLarge(_) | R::PlayersLeftNotAbove { .. } => HandForHandAt::PlayersLeft,
            R::NoChips(i) | R::Stack { player: i, .. } => HandForHandAt::Stack(i),
            R::NoTieBreak(i) | R::TieBreakTwice { player: i, .. } => HandForHandAt::TieBreak(i),
        }
    }
}

/// Every refusal of the players knocked out together (`busts`) in a field
/// of `players_left`, with `seat_order` (`tiedPlaces: seat`) a tie break
/// on each and none shared by two equal stacks. A list over
/// [`MAX_PRIZE_PLAYERS`] is refused alone; then the field, then each
/// player's stack and tie break.
pub fn hand_for_hand_refusals(
    busts: &[Knocked],
    players_left: u64,
    seat_order: bool,
) -> Vec<HandForHandRefusal> {
    use HandForHandRefusal as R;
    let n = busts.len();
    if n > MAX_PRIZE_PLAYERS {
        return vec![R::TooManyBusts(n)];
    }
    let mut out = Vec::new();
    if n == 0 {
        out.push(R::NoBusts);
    }
    if players_left > MAX_AMOUNT {
        out.push(R::PlayersLeftTooLarge(players_left));
    } else if players_left <= n as u64 {
        out.push(R::PlayersLeftNotAbove {
            players_left,
            busts: n,
        });
    }
    let mut breaks: HashMap<(u64, u64), usize> = HashMap::new();
    for (player, k) in busts.iter().enumerate() {
        out.extend(
            match chip_amount_refusal(ChipAmount::Stack, k.stack, None) {
                _ if k.stack == 0 => Some(R::NoChips(player)),
                refusal => refusal.map(|refusal| R::Stack { player, refusal }),
            },
        );
        out.extend(match k.tie_break {
            None if seat_order => Some(R::NoTieBreak(player)),
            Some(tie_break) if seat_order => {
                breaks
                    .insert((k.stack, tie_break), player)
                    .map(|first| R::TieBreakTwice {
                        player,
                        tie_break,
                        first,
                    })
            }
            _ => None,
        });
    }
    out
}
