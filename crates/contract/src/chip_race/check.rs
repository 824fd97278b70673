//! The chip race request checked step by step, every problem with its
//! JSON Pointer: the denominations, the convention, each player's chips
//! and the cards the deal needs.

use super::dto::ChipRaceRequest;
use crate::problems::{seat_from_1, Problems};
use showdown_cards::Card;
use showdown_core::chip_race::Convention;
use showdown_core::draw::DECK_SIZE;
use showdown_core::{denominations, small_blind_refusal, Denomination, MAX_AMOUNT};

/// The removed denomination and the one it colors up to: how many removed
/// chips make one new chip, when the two are sound.
pub(super) fn ratio(p: &mut Problems, req: &ChipRaceRequest) -> Option<u64> {
    match denominations(req.removed_denomination, req.color_up_to) {
        Ok(ratio) => Some(ratio),
        Err((at, refusal)) => {
            let pointer = match at {
                Denomination::Removed => "/removedDenomination",
                Denomination::ColorUpTo => "/colorUpTo",
            };
            p.push(pointer, refusal.to_string());
            None
        }
    }
}

/// Where the deal starts: the convention, and the small blind seat that
/// only the standard convention reads.
pub(super) fn convention(p: &mut Problems, req: &ChipRaceRequest) -> Convention {
    let convention = match req.convention.as_deref() {
        None | Some("tda") => Convention::Tda,
        Some("standard") => Convention::Standard,
        Some(other) => {
            p.push(
                "/convention",
                showdown_json::closed_set::unknown("convention", other, &["tda", "standard"]),
            );
            Convention::Tda
        }
    };
    let standard = convention == Convention::Standard;
    let (named, seat) = (req.convention.is_some(), req.small_blind_seat);
    if let Some(refusal) = small_blind_refusal(standard, named, seat) {
        p.push("/smallBlindSeat", refusal.to_string());
    } else if standard && seat == Some(0) {
        p.push("/smallBlindSeat", seat_from_1());
    }
    convention
}

/// Each player's chips in range, and the cards dealt to them (or a seed)
/// matching the chips they race; then the whole race within one deck.
pub(super) fn players(p: &mut Problems, req: &ChipRaceRequest, ratio: Option<u64>) {
    let mut needed = 0u64;
    for i in 0..req.players.len() {
        chips(p, req, i);
        let Some(ratio) = ratio else { continue };
        needed = needed.saturating_add(dealt(p, req, i, ratio));
    }
    if needed > DECK_SIZE as u64 {
        p.push(
            "/players",
            format!("the race needs {needed} cards, more than one deck of {DECK_SIZE}: race in two rounds (one deck only, so no two cards can tie)"),
        );
    }
}

/// Player `i`'s chips: each count, and their whole value with the chip the
/// race may add, within 2^53 - 1.
fn chips(p: &mut Problems, req: &ChipRaceRequest, i: usize) {
    let pl = &req.players[i];
    for (field, v) in [
        ("leftoverChips", pl.leftover_chips),
        ("otherChips", pl.other_chips),
    ] {
        if v > MAX_AMOUNT {
            p.push(
                format!("/players/{i}/{field}"),
                format!("{v} is over 2^53 - 1"),
            );
        }
    }
    let value = pl
        .leftover_chips
        .checked_mul(req.removed_denomination)
        .and_then(|v| v.checked_add(pl.other_chips))
        .and_then(|v| v.checked_add(req.color_up_to));
    if value.is_none_or(|v| v > MAX_AMOUNT) {
        p.push(
            format!("/players/{i}"),
            "the player's chips, counted in value, are over 2^53 - 1",
        );
    }
}

/// Player `i`'s deal: a seed or one card per chip raced, never both; the
/// number of cards the player races.
fn dealt(p: &mut Problems, req: &ChipRaceRequest, i: usize, ratio: u64) -> u64 {
    let pl = &req.players[i];
    let raced = pl.leftover_chips % ratio;
    match (&pl.cards, req.seed) {
        (Some(_), Some(_)) => p.push(
            format!("/players/{i}/cards"),
            "give either a seed or the cards dealt, not both",
        ),
        (Some(cards), None) if cards.len() as u64 != raced => p.push(
            format!("/players/{i}/cards"),
            format!(
                "{} leftover chips race {raced} card(s) (full sets of {ratio} are exchanged at equal value), got {}",
                pl.leftover_chips,
                cards.len()
            ),
        ),
        (None, None) if raced > 0 => p.push(
            format!("/players/{i}/cards"),
            format!("no seed: give the {raced} card(s) dealt for this player's leftover chips"),
        ),
        _ => {}
    }
    raced
}

/// The cards given, parsed, each problem at its own pointer; by request
/// index, a player's in the order given.
pub(super) fn cards(p: &mut Problems, req: &ChipRaceRequest) -> Vec<Vec<Card>> {
    let pointed: Vec<(String, &str)> = req
        .players
        .iter()
        .enumerate()
        .flat_map(|(i, pl)| {
            pl.cards
                .iter()
                .flatten()
                .enumerate()
                .map(move |(j, c)| (format!("/players/{i}/cards/{j}"), c.as_str()))
        })
        .collect();
    let mut parsed = p.cards(&pointed).into_iter().flatten();
    req.players
        .iter()
        .map(|pl| {
            parsed
                .by_ref()
                .take(pl.cards.as_ref().map_or(0, Vec::len))
                .collect()
        })
        .collect()
}
