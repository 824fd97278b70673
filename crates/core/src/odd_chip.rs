//! Odd-chip order (RULES.md §4, "Odd-chip order"): who gets a leftover unit
//! of a split first.

use std::cmp::{Ordering, Reverse};

use crate::types::{OddChipOrder, PlayerInput};

/// The side of a split game whose hands are being compared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Side {
    High,
    Low,
}

/// TDA 19, Robert's 3.7.5.a: in button games the odd chip goes to the first
/// seat left of the button, then on clockwise; the button seat comes last.
/// Seats rise clockwise and the button may be an empty seat (TDA 31, dead
/// button), so the key only compares seat numbers with the button's.
pub(crate) fn button_key(seat: u32, button_seat: u32) -> (bool, u32) {
    (seat <= button_seat, seat)
}

/// TDA 19, Robert's 3.7.1: in stud games the odd chip goes to the high card
/// by suit; the cards crate folds the rulebook (`tda`: best five cards,
/// `roberts`: all cards, lowest card in stud-low) into `chip_key`, greater
/// first. Equal keys (never from real cards) fall back to the seat so the
/// order is still total.
pub(crate) fn stud_key(player: &PlayerInput, side: Side) -> (Reverse<u32>, u32) {
    let key = player
        .hands
        .and_then(|h| match side {
            Side::High => Some(h.high),
            Side::Low => h.low,
        })
        .map_or(0, |s| s.chip_key);
    (Reverse(key), player.seat)
}

/// Compares two players in odd-chip order on one side: `Less` gets the chip
/// first.
pub(crate) fn compare(
    order: OddChipOrder,
    side: Side,
    a: &PlayerInput,
    b: &PlayerInput,
) -> Ordering {
    match order {
        OddChipOrder::Button { button_seat } => {
            button_key(a.seat, button_seat).cmp(&button_key(b.seat, button_seat))
        }
        OddChipOrder::Stud => stud_key(a, side).cmp(&stud_key(b, side)),
    }
}

/// Sorts player indices into odd-chip order on `side`.
pub(crate) fn sort(
    players: &[PlayerInput],
    order: OddChipOrder,
    side: Side,
    indices: &mut [usize],
) {
    indices.sort_by(|&a, &b| compare(order, side, &players[a], &players[b]));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::{HandStrength, Hands};

    fn at(seat: u32) -> PlayerInput {
        PlayerInput {
            seat,
            stack: 0,
            committed: 0,
            dead: 0,
            folded: false,
            hands: None,
        }
    }

    fn stud(seat: u32, high_key: u32, low_key: Option<u32>) -> PlayerInput {
        let hs = |chip_key| HandStrength { value: 1, chip_key };
        PlayerInput {
            hands: Some(Hands {
                high: hs(high_key),
                low: low_key.map(hs),
            }),
            ..at(seat)
        }
    }

    /// The seats of `seats`, in button odd-chip order for `button_seat`.
    fn button_order(seats: &[u32], button_seat: u32) -> Vec<u32> {
        let players: Vec<_> = seats.iter().copied().map(at).collect();
        let mut idx: Vec<usize> = (0..players.len()).collect();
        sort(
            &players,
            OddChipOrder::Button { button_seat },
            Side::High,
            &mut idx,
        );
        idx.iter().map(|&i| players[i].seat).collect()
    }

    #[test]
    fn tda_19_odd_chip_goes_first_left_of_button_button_last() {
        assert_eq!(button_order(&[1, 2, 3, 5, 8], 3), vec![5, 8, 1, 2, 3]);
    }

    #[test]
    fn tda_31_dead_button_on_empty_seat() {
        assert_eq!(button_order(&[1, 2, 5, 8], 4), vec![5, 8, 1, 2]);
        // A button past the highest seat wraps to seat 1 first.
        assert_eq!(button_order(&[1, 2, 5, 8], 10), vec![1, 2, 5, 8]);
    }

    #[test]
    fn tda_19_stud_odd_chip_by_greater_chip_key_per_side() {
        let players = vec![
            stud(1, 10, Some(90)),
            stud(2, 50, Some(20)),
            stud(3, 30, None),
        ];
        let mut idx = vec![0, 1, 2];
        sort(&players, OddChipOrder::Stud, Side::High, &mut idx);
        assert_eq!(idx, vec![1, 2, 0]);
        sort(&players, OddChipOrder::Stud, Side::Low, &mut idx);
        assert_eq!(idx, vec![0, 1, 2]);
    }
}
