//! The order players show in (RULES.md §15.4): TDA 16's last aggressor
//! then clockwise, PokerStars' pot by pot, or by seat.

use super::{is_all_in, ShowOrder, ShowdownError, ShowdownHand, ShowdownTerms};
use crate::types::OddChipOrder;

/// Every live player (core index) in the order they show or muck; at a
/// face-up showdown in `faceUpOrder`.
pub fn show_order(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
    face_up: bool,
) -> Result<Vec<usize>, ShowdownError> {
    let players = &hand.input.players;
    // Core players are by seat, so index order is seat order.
    let live: Vec<usize> = (0..players.len()).filter(|&k| !players[k].folded).collect();
    let kind = match (face_up, terms.face_up_order) {
        (true, Some(o)) => o,
        _ => terms.order,
    };
    Ok(match kind {
        ShowOrder::Seat => live,
        ShowOrder::Action => {
            let first = match terms.last_aggressor {
                Some(a) => a,
                None => first_to_act(hand, &live, true)?,
            };
            clockwise_from(&live, first)
        }
        ShowOrder::Pots => by_pots(hand, terms, &live)?,
    })
}

/// `among` (in seat order) going round from `first`: `first`, then the
/// later seats, then the earlier ones. Seats rise clockwise.
fn clockwise_from(among: &[usize], first: usize) -> Vec<usize> {
    let at = among.iter().position(|&k| k == first).unwrap_or(0);
    among[at..].iter().chain(&among[..at]).copied().collect()
}

/// TDA 16 without a bet on the last round: in button games the first of
/// `among` clockwise from the button (the first seat after it), passing
/// over the all in when `skip_all_in` and someone is not; in stud the best
/// hand showing on the up cards, the lower seat among equals.
fn first_to_act(
    hand: &ShowdownHand,
    among: &[usize],
    skip_all_in: bool,
) -> Result<usize, ShowdownError> {
    let players = &hand.input.players;
    let Some(&lowest) = among.first() else {
        return Err(ShowdownError::Showing);
    };
    match (hand.input.order, hand.showing) {
        (OddChipOrder::Button { button_seat }, _) => {
            let round = clockwise_after(hand, among, button_seat);
            let acting = round.iter().find(|&&k| !is_all_in(&players[k]));
            Ok(*acting
                .filter(|_| skip_all_in)
                .or(round.first())
                .unwrap_or(&lowest))
        }
        (OddChipOrder::Stud, Some(showing)) => {
            let best = among
                .iter()
                .map(|&k| showing.get(k).map(|&v| (v, std::cmp::Reverse(k), k)))
                .collect::<Option<Vec<_>>>()
                .ok_or(ShowdownError::Showing)?;
            Ok(best.into_iter().max().map_or(lowest, |(_, _, k)| k))
        }
        (OddChipOrder::Stud, None) => Err(ShowdownError::Showing),
    }
}

/// `among` going round from the first seat after `button_seat`.
fn clockwise_after(hand: &ShowdownHand, among: &[usize], button_seat: u32) -> Vec<usize> {
    let players = &hand.input.players;
    let first = among
        .iter()
        .copied()
        .find(|&k| players[k].seat > button_seat)
        .or(among.first().copied());
    match first {
        Some(f) => clockwise_from(among, f),
        None => Vec::new(),
    }
}

/// PokerStars (RULES.md §15.4 `pots`): from the last side pot down to
/// the main pot, each pot's players not yet placed, from the last
/// aggressor if among them, else from the first of them to act; at a
/// run-out nobody bet last, so each pot goes from the first clockwise
/// from the button. Live players in no pot come last, clockwise.
fn by_pots(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
    live: &[usize],
) -> Result<Vec<usize>, ShowdownError> {
    let mut placed: Vec<usize> = Vec::with_capacity(live.len());
    for pot in hand.pots.iter().rev() {
        let waiting: Vec<usize> = pot
            .eligible
            .iter()
            .copied()
            .filter(|k| !placed.contains(k))
            .collect();
        if waiting.is_empty() {
            continue;
        }
        let aggressor = terms
            .last_aggressor
            .filter(|a| !terms.run_out && waiting.contains(a));
        let first = match aggressor {
            Some(a) => a,
            None => first_to_act(hand, &waiting, false)?,
        };
        placed.extend(clockwise_from(&waiting, first));
    }
    let rest: Vec<usize> = live
        .iter()
        .copied()
        .filter(|k| !placed.contains(k))
        .collect();
    if let Some(&f) = rest.first() {
        placed.extend(clockwise_from(&rest, f));
    }
    Ok(placed)
}
