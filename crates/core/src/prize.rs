//! Prize money by finishing place (RULES.md §14.1-14.4): the places a
//! hand's busts take and what each is paid, shared places divided to the
//! prize unit. It reads who busted with what stack and never touches chips.
//!
//! Prize money is not chips: every amount here is a whole number of the
//! prize unit, and sums of places are taken in `u128`.

use crate::chips_refusal::{unit_refusal, ChipsRefusal};
pub use crate::prize_refusal::MAX_PRIZES;
use crate::prize_refusal::{prize_table_problems, PrizeTableRefusal};
use crate::term::{Names, Unit, Worded};

/// RULES.md §14.3: how players who bust with equal stacks finish.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum TiedPlaces {
    /// Equal stacks share their places and the sum of their prizes
    /// (PokerStars; the default).
    #[default]
    Split,
    /// Equal stacks finish in seat order, one place each (GGPoker).
    Seat,
}

/// Why a prize table or a finish cannot be worked out. The contract
/// validates first (RULES.md §14.9), with the table's refusals decided in
/// `prize_refusal`, so these are the core's guard rails.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PrizeError {
    /// The unit, refused by every unit's rule.
    #[error("{0}")]
    Unit(ChipsRefusal),
    /// The first of the table's refusals (`prize_table_problems`).
    #[error(transparent)]
    Table(#[from] PrizeTableRefusal),
    #[error("{busts} players cannot finish in a field of {players_left}")]
    PlayersLeft { busts: u64, players_left: u64 },
    #[error("two players share one tie rank: the seat order must be total")]
    Rank,
}

/// The contract words a guard's refusal as its checks do.
impl Worded for PrizeError {
    fn worded(&self, names: &dyn Names) -> String {
        match self {
            PrizeError::Unit(refusal) => refusal.worded(names),
            PrizeError::Table(refusal) => refusal.worded(names),
            PrizeError::PlayersLeft { .. } | PrizeError::Rank => self.to_string(),
        }
    }
}

/// RULES.md §14.1: a checked prize table, place 1 first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrizeTable {
    prizes: Vec<u64>,
    unit: u64,
}

impl PrizeTable {
    /// A table of `prizes` (place 1 first) in multiples of `unit`, never
    /// rising, adding up to at most 2^53 - 1.
    pub fn new(prizes: Vec<u64>, unit: u64) -> Result<Self, PrizeError> {
        if let Some(refusal) = unit_refusal(Unit::Prize, unit) {
            return Err(PrizeError::Unit(refusal));
        }
        if let Some(first) = prize_table_problems(&prizes, Some(unit)).first() {
            return Err(first.refusal.into());
        }
        Ok(Self { prizes, unit })
    }

    /// The prize of `place` (1 is the winner's); places past the table pay 0.
    pub fn place(&self, place: u64) -> u64 {
        usize::try_from(place)
            .ok()
            .and_then(|p| p.checked_sub(1))
            .and_then(|i| self.prizes.get(i))
            .copied()
            .unwrap_or(0)
    }

    /// The places the table pays.
    pub fn paid_places(&self) -> u64 {
        self.prizes.len() as u64
    }

    /// The smallest amount of prize money.
    pub fn unit(&self) -> u64 {
        self.unit
    }

    /// The sum of the prizes of places `from..=to` (those past the table
    /// pay 0), so only the paid part of the range is walked.
    fn range(&self, from: u64, to: u64) -> u128 {
        let last = to.min(self.paid_places());
        (from..=last).map(|p| u128::from(self.place(p))).sum()
    }
}

/// One player who busts in the hand, as finishing needs them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bust {
    /// Chips at the start of the hand: the larger finishes better.
    pub stack: u64,
    /// The player's position in the house's order of equal stacks (seat
    /// order after the button, or `tieBreak` then id): lower is met first.
    /// Distinct for every bust.
    pub rank: u64,
}

/// Where one bust finishes and what they are paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Finish {
    /// 1 for this hand's best finish; with `split`, equal stacks share it.
    pub order: u64,
    /// The places `[from, to]` the player takes (shared with `split`).
    pub places: (u64, u64),
    /// Prize money paid for those places (0 without a table).
    pub prize: u64,
    /// 1 when the player got one of a shared prize's left-over units.
    pub odd_units: u64,
    /// The players the places are shared with, this one included (1 alone).
    pub sharers: u64,
}

/// RULES.md §12.3, §14.2-14.3: every bust's place and prize, in the order
/// of `busts`. With `players_left` = L and m busts, they take places
/// L − m + 1 … L, the best to the largest stack.
pub fn finish(
    busts: &[Bust],
    players_left: u64,
    tied: TiedPlaces,
    table: Option<&PrizeTable>,
) -> Result<Vec<Finish>, PrizeError> {
    let m = busts.len() as u64;
    if m > players_left {
        return Err(PrizeError::PlayersLeft {
            busts: m,
            players_left,
        });
    }
    // Best finish first; equal stacks in the house's order.
    let mut by_finish: Vec<usize> = (0..busts.len()).collect();
    by_finish.sort_by_key(|&i| (std::cmp::Reverse(busts[i].stack), busts[i].rank));
    if by_finish
        .windows(2)
        .any(|w| busts[w[0]].rank == busts[w[1]].rank)
    {
        return Err(PrizeError::Rank);
    }
    let first_place = players_left - m + 1;
    let mut out = vec![None; busts.len()];
    let mut start = 0;
    while start < by_finish.len() {
        let stack = busts[by_finish[start]].stack;
        let len = match tied {
            TiedPlaces::Split => by_finish[start..]
                .iter()
                .take_while(|&&i| busts[i].stack == stack)
                .count(),
            TiedPlaces::Seat => 1,
        };
        let group = &by_finish[start..start + len];
        let from = first_place + start as u64;
        let to = from + len as u64 - 1;
        for (&i, (prize, odd_units)) in group.iter().zip(share(table, from, to, len)) {
            out[i] = Some(Finish {
                order: start as u64 + 1,
                places: (from, to),
                prize,
                odd_units,
                sharers: len as u64,
            });
        }
        start += len;
    }
    Ok(out.into_iter().flatten().collect())
}

/// RULES.md §14.2: the prizes of places `from..=to` divided among the `g`
/// players who share them, in units: `total div g` each and one unit more
/// to the first `total mod g` (already in the house's order).
fn share(table: Option<&PrizeTable>, from: u64, to: u64, g: usize) -> Vec<(u64, u64)> {
    let Some(table) = table else {
        return vec![(0, 0); g];
    };
    let unit = u128::from(table.unit());
    let units = table.range(from, to) / unit;
    let g128 = g as u128;
    let (each, odd) = (units / g128, units % g128);
    (0..g128)
        .map(|j| {
            let extra = u128::from(j < odd);
            // At most the table's total, which is at most 2^53 - 1.
            let amount = u64::try_from((each + extra) * unit).unwrap_or(u64::MAX);
            (amount, extra as u64)
        })
        .collect()
}

/// RULES.md §14.2: the winner's prize when a hand leaves one player.
pub fn winner_prize(table: &PrizeTable) -> u64 {
    table.place(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::MAX_AMOUNT;

    fn table(prizes: &[u64]) -> PrizeTable {
        PrizeTable::new(prizes.to_vec(), 1).expect("a valid table")
    }

    #[test]
    fn rules_14_1_places_past_the_table_pay_nothing() {
        let t = table(&[500, 300]);
        assert_eq!((t.place(1), t.place(2), t.place(3)), (500, 300, 0));
        assert_eq!(t.place(0), 0);
        assert_eq!(t.place(u64::MAX), 0);
        assert_eq!(t.range(2, u64::MAX), 300);
    }

    #[test]
    fn rules_14_1_a_table_is_refused_when_it_rises_or_misses_the_unit() {
        use PrizeTableRefusal as R;
        let refused = |prizes: Vec<u64>, unit| PrizeTable::new(prizes, unit).unwrap_err();
        assert_eq!(
            refused(vec![5, 6], 1),
            PrizeError::Table(R::Rising {
                prize: 6,
                place: 2,
                before: 5
            })
        );
        assert_eq!(
            refused(vec![50, 25], 10),
            PrizeError::Table(R::NotMultiple {
                prize: 25,
                unit: 10
            })
        );
        assert_eq!(
            refused(vec![1], 0),
            PrizeError::Unit(ChipsRefusal::UnitZero(Unit::Prize))
        );
        assert_eq!(refused(vec![MAX_AMOUNT, 1], 1), PrizeError::Table(R::Total));
        assert_eq!(
            refused(vec![0; MAX_PRIZES + 1], 1),
            PrizeError::Table(R::TooManyPlaces(MAX_PRIZES + 1))
        );
    }
}
