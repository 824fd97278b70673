//! The prize tables a request may not carry (RULES.md §14.1, §14.9), all
//! of them at once, each placed where a 422 can point at it.
//!
//! The core decides each refusal and words it once, here; the contract
//! only turns each [`PrizeTableAt`] into a pointer under the object that
//! holds the table (the settle route's `tournament`, `POST /v1/prizes`,
//! `POST /v1/deals`), and [`crate::PrizeTable::new`] refuses by the same
//! list. The unit itself is every unit's rule (`chipUnit`, `bountyUnit`,
//! `prizeUnit`), judged before the table.

use crate::guard::MAX_AMOUNT;

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
    #[error("prize {prize} is not a multiple of prizeUnit {unit}")]
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
