//! The contract's own checks on top of the shared accumulator: amounts in
//! chips, units, ids, seats, seeds and cards, each rule in one wording.

use showdown_cards::{read_card, Card};
use showdown_core::{
    chip_amount_refusal, echo_refusal, seating_refusals, unit_refusal, ChipAmount, ChipsRefusal,
    EchoRefusal, SeatingAt, SeatingRefusal, Unit,
};
use showdown_json::{Invalid, Problems as Found};
use std::collections::HashMap;
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
            self.push(pointer(), refusal.to_string());
        }
    }

    /// A unit of money (`chipUnit`, `bountyUnit`, `prizeUnit`): 1 when
    /// left out, else as the core's `unit_refusal` allows; `None` when it
    /// is not usable.
    pub(crate) fn unit(&mut self, pointer: &str, what: Unit, value: Option<u64>) -> Option<u64> {
        let value = value.unwrap_or(1);
        match unit_refusal(what, value) {
            Some(refusal) => {
                self.push(pointer, refusal.to_string());
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
            let pointer = match at {
                SeatingAt::Id(i) => format!("/players/{i}/id"),
                SeatingAt::Seat(i) => format!("/players/{i}/seat"),
            };
            self.push(pointer, r.to_string());
        }
    }

    /// A seed the response echoes (the core's `echo_refusal`).
    pub(crate) fn seed(&mut self, seed: Option<u64>) {
        if let Some(r) = seed.and_then(|s| echo_refusal(s, EchoRefusal::Seed)) {
            self.push("/seed", r.to_string());
        }
    }

    /// Parse cards, each given by its pointer; report malformed and repeated
    /// cards. `None` where a card is malformed.
    pub(crate) fn cards(&mut self, cards: &[(String, &str)]) -> Vec<Option<Card>> {
        let mut seen: HashMap<Card, &str> = HashMap::new();
        cards
            .iter()
            .map(|(pointer, s)| match read_card(s) {
                Ok(c) => {
                    if let Some(first) = seen.get(&c) {
                        self.push(pointer.clone(), card_twice(c, first));
                    } else {
                        seen.insert(c, pointer);
                    }
                    Some(c)
                }
                Err(e) => {
                    self.push(pointer.clone(), e.to_string());
                    None
                }
            })
            .collect()
    }
}

/// Request indices in seat order.
pub(crate) fn seat_order(seats: impl Iterator<Item = u32>) -> Vec<usize> {
    let seats: Vec<u32> = seats.collect();
    let mut order: Vec<usize> = (0..seats.len()).collect();
    order.sort_by_key(|&i| seats[i]);
    order
}

/// A card given twice in one request, at the later copy, naming the first
/// by its pointer: every route's one wording.
pub(crate) fn card_twice(card: Card, first: &str) -> String {
    format!("card {card} appears more than once (first at {first})")
}
