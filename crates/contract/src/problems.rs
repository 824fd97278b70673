//! The contract's own checks on top of the shared accumulator: amounts in
//! chips, units, ids, seats and seeds, each rule in one wording (the
//! core's, with the request's names).

use crate::request_names::{pointer, worded};
use showdown_core::{
    chip_amount_refusal, echo_refusal, seating_refusals, unit_refusal, ChipAmount, ChipsRefusal,
    EchoRefusal, Place, SeatingAt, SeatingRefusal, Unit,
};
use showdown_json::{Invalid, Problems as Found};
use std::ops::{Deref, DerefMut};

/// The core's seating refusals, in the order they are listed.
pub(crate) type Seating = std::iter::Peekable<std::vec::IntoIter<(SeatingAt, SeatingRefusal)>>;

/// The refusals of players' `ids` and `seats`, to list with [`Problems::seating`].
pub(crate) fn seating(ids: &[&str], seats: &[u32]) -> Seating {
    seating_refusals(ids, seats).into_iter().peekable()
}

/// The problems found so far (`showdown_json::Problems`: pushed, picked
/// from closed sets, capped), with the checks of chips and seats; `over`
/// is set once an amount alone is over 2^53 - 1, so a total is not
/// reported a second time. It derefs to the shared accumulator so a check
/// pushes as any validation does.
#[derive(Default)]
pub(crate) struct Problems {
    found: Found,
    pub(crate) over: bool,
}

impl Deref for Problems {
    type Target = Found;
    fn deref(&self) -> &Found {
        &self.found
    }
}

impl DerefMut for Problems {
    fn deref_mut(&mut self) -> &mut Found {
        &mut self.found
    }
}

impl Problems {
    /// `Ok` when nothing was found, else every problem.
    pub(crate) fn finish(self) -> Result<(), Invalid> {
        self.found.finish()
    }

    /// Every problem found.
    pub(crate) fn into_invalid(self) -> Invalid {
        self.found.into_invalid()
    }

    /// An amount must be a whole number of chip units and readable by
    /// JavaScript (RULES.md §1): the core decides and words the refusal
    /// (`chip_amount_refusal`), this places it. The pointer is made only
    /// when there is a problem (hot path).
    pub(crate) fn amount(
        &mut self,
        pointer: impl FnOnce() -> String,
        what: ChipAmount,
        value: u64,
        unit: Option<u64>,
    ) {
        if let Some(refusal) = chip_amount_refusal(what, value, unit) {
            self.over |= matches!(refusal, ChipsRefusal::TooLarge(..));
            self.push(pointer(), worded(&refusal));
        }
    }

    /// A unit of money (`chipUnit`, `bountyUnit`, `prizeUnit`): 1 when
    /// left out, else as the core's `unit_refusal` allows; `None` when it
    /// is not usable.
    pub(crate) fn unit(&mut self, pointer: &str, what: Unit, value: Option<u64>) -> Option<u64> {
        let value = value.unwrap_or(1);
        match unit_refusal(what, value) {
            Some(refusal) => {
                self.push(pointer, worded(&refusal));
                None
            }
            None => Some(value),
        }
    }

    /// The core's refusals of the players' ids and seats
    /// (`showdown_core::seating_refusals`) at their pointers, those of
    /// players up to `through` (so a route lists them beside each
    /// player's other problems).
    pub(crate) fn seating(&mut self, refused: &mut Seating, through: usize) {
        while let Some((at, r)) = refused.next_if(|(at, _)| at.player() <= through) {
            let place = match at {
                SeatingAt::Id(i) => Place::PlayerId(i),
                SeatingAt::Seat(i) => Place::PlayerSeat(i),
            };
            self.push(pointer(place), worded(&r));
        }
    }

    /// A seed the response echoes (the core's `echo_refusal`).
    pub(crate) fn seed(&mut self, seed: Option<u64>) {
        if let Some(r) = seed.and_then(|s| echo_refusal(s, EchoRefusal::Seed)) {
            self.push("/seed", worded(&r));
        }
    }
}

/// Request indices in seat order.
pub(crate) fn seat_order(seats: impl Iterator<Item = u32>) -> Vec<usize> {
    let seats: Vec<u32> = seats.collect();
    let mut order: Vec<usize> = (0..seats.len()).collect();
    order.sort_by_key(|&i| seats[i]);
    order
}
