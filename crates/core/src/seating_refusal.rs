//! The seats and ids a list of players may not hold (API.md: seats start
//! at 1, each seat and each id belongs to one player; TDA 19 reads the
//! seats for the odd chip), each decided and worded once, here, with its
//! place. The settle, draw and chip race routes place each refusal with
//! the contract; the core's own guards refuse by the same functions.

use crate::term::{Names, Place, Plain, Worded};

/// Where a seating refusal lies: player `.0`'s id or seat, by the index
/// of the list that was judged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SeatingAt {
    Id(usize),
    Seat(usize),
}

impl SeatingAt {
    /// The player the refusal is about.
    pub fn player(self) -> usize {
        match self {
            SeatingAt::Id(i) | SeatingAt::Seat(i) => i,
        }
    }
}

/// Why a player's seat or id is refused. A repeat names the first holder's
/// field by its index in the list judged ([`Worded`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatingRefusal {
    /// Any seat a request gives: players', the button's, the dealer's.
    #[error("seat numbers start at 1")]
    SeatZero,
    #[error("{}", self.worded(&Plain))]
    DuplicateSeat { seat: u32, first: usize },
    /// Any id a request gives: players', tables'.
    #[error("id must not be empty")]
    EmptyId,
    #[error("{}", self.worded(&Plain))]
    DuplicateId { id: String, first: usize },
}

impl Worded for SeatingRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        match self {
            SeatingRefusal::DuplicateSeat { seat, first } => format!(
                "duplicate seat {seat} (first at {})",
                names.place(Place::PlayerSeat(*first))
            ),
            SeatingRefusal::DuplicateId { id, first } => format!(
                "duplicate id {id:?} (first at {})",
                names.place(Place::PlayerId(*first))
            ),
            SeatingRefusal::SeatZero | SeatingRefusal::EmptyId => self.to_string(),
        }
    }
}

/// Every refusal of the players' `seats`: a seat numbered 0, else a seat
/// an earlier player holds (reported at the later player). In player
/// order.
pub fn seat_refusals(seats: &[u32]) -> Vec<(SeatingAt, SeatingRefusal)> {
    let first = earlier_equal(seats.len(), |i| seats[i]);
    let mut out = Vec::new();
    for (i, &seat) in seats.iter().enumerate() {
        if seat == 0 {
            out.push((SeatingAt::Seat(i), SeatingRefusal::SeatZero));
        } else if let Some(first) = first(i) {
            out.push((
                SeatingAt::Seat(i),
                SeatingRefusal::DuplicateSeat { seat, first },
            ));
        }
    }
    out
}

/// Every refusal of the players' `ids` and `seats` (one each a player):
/// an empty id, else an id an earlier player holds, then the seat's
/// refusal ([`seat_refusals`]). By player, the id's before the seat's.
pub fn seating_refusals(ids: &[&str], seats: &[u32]) -> Vec<(SeatingAt, SeatingRefusal)> {
    let mut out = seat_refusals(seats);
    out.extend(id_refusals(ids));
    // Each place holds one refusal, so the order is the places'.
    out.sort_by_key(|&(at, _)| (at.player(), matches!(at, SeatingAt::Seat(_))));
    out
}

/// Every refusal of the players' `ids`: an empty id, else an id an
/// earlier player holds (reported at the later player). In player order.
pub fn id_refusals(ids: &[&str]) -> Vec<(SeatingAt, SeatingRefusal)> {
    let first = earlier_equal(ids.len(), |i| ids[i]);
    let mut out = Vec::new();
    for (i, &id) in ids.iter().enumerate() {
        if id.is_empty() {
            out.push((SeatingAt::Id(i), SeatingRefusal::EmptyId));
        } else if let Some(first) = first(i) {
            let id = id.to_string();
            out.push((SeatingAt::Id(i), SeatingRefusal::DuplicateId { id, first }));
        }
    }
    out
}

/// For item `i` of `n`, the index of the first earlier item equal to it,
/// if any. A hand has a handful of players: up to 16 the earlier keys are
/// compared when asked, with no allocation; above, one sort up front keeps a
/// huge request O(n log n).
pub fn earlier_equal<K: Ord>(
    n: usize,
    key: impl Fn(usize) -> K,
) -> impl Fn(usize) -> Option<usize> {
    let table = (n > 16).then(|| {
        let mut sorted: Vec<(K, usize)> = (0..n).map(|i| (key(i), i)).collect();
        let mut out = vec![None; n];
        sorted.sort_unstable();
        for w in 1..n {
            if sorted[w].0 == sorted[w - 1].0 {
                // Within a group of equal keys the first has the smallest index.
                out[sorted[w].1] = out[sorted[w - 1].1].or(Some(sorted[w - 1].1));
            }
        }
        out
    });
    move |i| match &table {
        Some(t) => t[i],
        None => (0..i).find(|&j| key(j) == key(i)),
    }
}

#[cfg(test)]
mod tests {
    use super::earlier_equal;
    use proptest::prelude::*;

    proptest! {
        /// Both paths of `earlier_equal` (pairs up to 16 keys, sorting above)
        /// give what the plain definition does.
        #[test]
        fn earlier_equal_is_the_first_earlier_equal_key(keys in prop::collection::vec(0u8..6, 0..40)) {
            let want: Vec<Option<usize>> = (0..keys.len())
                .map(|i| (0..i).find(|&j| keys[j] == keys[i]))
                .collect();
            let got: Vec<Option<usize>> = (0..keys.len()).map(earlier_equal(keys.len(), |i| keys[i])).collect();
            prop_assert_eq!(got, want);
        }
    }
}
