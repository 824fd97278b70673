//! The order players show in (RULES.md §15.4): TDA 16's last aggressor
//! then clockwise, PokerStars' pot by pot, or by seat.

use super::face_up::is_all_in;
use super::{ShowEntries, ShowEntry, ShowOrder, ShowdownError, ShowdownHand, ShowdownTerms, Why};
use crate::types::OddChipOrder;

/// Every live player in the order they show or muck (at a face-up
/// showdown in `faceUpOrder`), each entry not yet decided (`beaten`, not
/// shown). One allocation, the answer's: the order is built in it and
/// turned in place.
pub fn show_order(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
    face_up: bool,
) -> Result<ShowEntries, ShowdownError> {
    let players = &hand.input.players;
    // Sized once: a filter's collect would grow it a few times.
    let mut live = ShowEntries::with_capacity(players.len());
    live.extend(
        (0..players.len())
            .filter(|&k| !players[k].folded)
            .map(|player| ShowEntry {
                player,
                shown: false,
                why: Why::Beaten,
            }),
    );
    arrange(hand, terms, face_up, live, false)
}

/// [`show_order`] on `order`, the live players in the order of `players`
/// (`by_seat` when that is already seat order), rearranged in place.
pub(super) fn arrange(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
    face_up: bool,
    mut order: ShowEntries,
    by_seat: bool,
) -> Result<ShowEntries, ShowdownError> {
    let players = &hand.input.players;
    // The settle route sends players by seat; the core takes any order.
    let seat = |e: &ShowEntry| players[e.player].seat;
    if !by_seat && !order.is_sorted_by_key(seat) {
        order.sort_unstable_by_key(seat);
    }
    let kind = match (face_up, terms.face_up_order) {
        (true, Some(o)) => o,
        _ => terms.order,
    };
    match kind {
        ShowOrder::Seat => {}
        ShowOrder::Action => {
            let first = match terms.last_aggressor {
                Some(a) => a,
                None => first_to_act(hand, &order, true)?,
            };
            turn_to(&mut order, first);
        }
        ShowOrder::Pots => by_pots(hand, terms, &mut order)?,
    }
    Ok(order)
}

/// Turns `among` (in seat order) round so it starts at `first`, the later
/// seats next, then the earlier ones. Seats rise clockwise.
fn turn_to(among: &mut [ShowEntry], first: usize) {
    let at = among.iter().position(|e| e.player == first).unwrap_or(0);
    among.rotate_left(at);
}

/// TDA 16 without a bet on the last round: in button games the first of
/// `among` (in seat order) clockwise from the button (the first seat after
/// it), passing over the all in when `skip_all_in` and someone is not; in
/// stud the best hand showing on the up cards, the lower seat among equals.
fn first_to_act(
    hand: &ShowdownHand,
    among: &[ShowEntry],
    skip_all_in: bool,
) -> Result<usize, ShowdownError> {
    let players = &hand.input.players;
    let Some(lowest) = among.first().map(|e| e.player) else {
        return Err(ShowdownError::Showing);
    };
    match (hand.input.order, hand.showing) {
        (OddChipOrder::Button { button_seat }, _) => {
            let after = among
                .iter()
                .position(|e| players[e.player].seat > button_seat)
                .unwrap_or(0);
            let round = among[after..].iter().chain(&among[..after]);
            let acting = round.clone().find(|e| !is_all_in(&players[e.player]));
            Ok(acting
                .filter(|_| skip_all_in)
                .or(among.get(after))
                .map_or(lowest, |e| e.player))
        }
        (OddChipOrder::Stud, Some(showing)) => {
            let mut best: Option<(u64, usize)> = None;
            for k in among.iter().map(|e| e.player) {
                let v = *showing.get(k).ok_or(ShowdownError::Showing)?;
                // Strictly greater: an equal hand stays with the lower seat.
                if best.is_none_or(|(b, _)| v > b) {
                    best = Some((v, k));
                }
            }
            Ok(best.map_or(lowest, |(_, k)| k))
        }
        (OddChipOrder::Stud, None) => Err(ShowdownError::Showing),
    }
}

/// PokerStars (RULES.md §15.4 `pots`): from the last side pot down to
/// the main pot, each pot's players not yet placed, from the last
/// aggressor if among them, else from the first of them to act; at a
/// run-out nobody bet last, so each pot goes from the first clockwise
/// from the button. Live players in no pot come last, clockwise.
/// `order` holds the live players by seat and is rewritten in place.
fn by_pots(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
    order: &mut [ShowEntry],
) -> Result<(), ShowdownError> {
    let seat = |e: &ShowEntry| hand.input.players[e.player].seat;
    let mut placed = 0;
    for pot in hand.pots.iter().rev() {
        let start = placed;
        // Bring this pot's unplaced players forward, keeping seat order.
        for &k in &pot.eligible {
            if let Some(at) = order[placed..].iter().position(|e| e.player == k) {
                order[placed..=placed + at].rotate_right(1);
                placed += 1;
            }
        }
        if placed == start {
            continue;
        }
        let waiting = &mut order[start..placed];
        waiting.sort_unstable_by_key(seat);
        let aggressor = terms
            .last_aggressor
            .filter(|&a| !terms.run_out && waiting.iter().any(|e| e.player == a));
        let first = match aggressor {
            Some(a) => a,
            None => first_to_act(hand, waiting, false)?,
        };
        turn_to(waiting, first);
    }
    order[placed..].sort_unstable_by_key(seat);
    Ok(())
}
