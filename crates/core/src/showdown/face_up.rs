//! When the showdown is face up (RULES.md §15.2, TDA 15): every live hand
//! is turned up, so nobody mucks.

use super::{FaceUp, ShowdownTerms};
use crate::types::{HandInput, PlayerInput};

/// RULES.md §15.1: a player is all in when every chip they started with
/// went in, live or dead (`committed + dead = stack`).
pub fn is_all_in(p: &PlayerInput) -> bool {
    all_in(p.stack, p.committed, p.dead)
}

/// [`is_all_in`] on a player's chips alone, for the contract's checks
/// before there is a [`PlayerInput`].
pub fn all_in(stack: u64, committed: u64, dead: u64) -> bool {
    committed.checked_add(dead) == Some(stack)
}

/// Whether the house's `faceUp` turns this showdown face up: any live
/// player all in (TDA 15), at most one live player left to bet
/// (PokerStars, 888), or only after a run-out (Bovada, Full Tilt); and
/// always when a player cashes out (RULES.md §15.8).
pub fn is_face_up(input: &HandInput, terms: &ShowdownTerms) -> bool {
    let live = input.players.iter().filter(|p| !p.folded);
    let (live, not_all_in) = live.fold((0, 0), |(n, b), p| (n + 1, b + usize::from(!is_all_in(p))));
    face_up_when(terms, live, not_all_in)
}

/// [`is_face_up`] from the counts both showdown paths make in their one
/// pass over the players: `live` players, `not_all_in` of them not all in.
/// A cash-out or the all-in expectation turns every hand up (§15.8).
pub(super) fn face_up_when(terms: &ShowdownTerms, live: usize, not_all_in: usize) -> bool {
    if terms.all_face_up.is_some() {
        return true;
    }
    match terms.face_up {
        FaceUp::AllIn => not_all_in < live,
        FaceUp::BettingOver => not_all_in <= 1,
        FaceUp::RunOut => terms.run_out,
    }
}
