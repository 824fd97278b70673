//! The chip race request checked step by step, every problem with its
//! JSON Pointer: the denominations, the convention, each player's chips
//! and the cards the deal needs.

use super::dto::ChipRaceRequest;
use crate::deck::Deck;
use crate::problems::Problems;
use crate::request_names::{field, worded};
use showdown_cards::{Card, CardAt};
use showdown_core::chip_race::Convention;
use showdown_core::{
    denominations, race_player_refusals, small_blind_refusal, RaceAt, RaceChips, RaceSeat,
    RaceTerms,
};

/// The removed denomination and the one it colors up to: how many removed
/// chips make one new chip, when the two are sound.
pub(super) fn ratio(p: &mut Problems, req: &ChipRaceRequest) -> Option<u64> {
    match denominations(req.removed_denomination, req.color_up_to) {
        Ok(ratio) => Some(ratio),
        Err((at, refusal)) => {
            p.push(format!("/{}", field(at.term())), worded(&refusal));
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
        p.push("/smallBlindSeat", worded(&refusal));
    }
    convention
}

/// Each player's chips and the cards dealt to them (or a seed), then the
/// whole race within one deck: the core's `race_player_refusals`, each
/// at its pointer.
pub(super) fn players(p: &mut Problems, req: &ChipRaceRequest, ratio: Option<u64>) {
    let terms = RaceTerms {
        removed: req.removed_denomination,
        color_up_to: req.color_up_to,
        ratio,
        seeded: req.seed.is_some(),
    };
    let seats: Vec<RaceSeat> = (req.players.iter())
        .map(|pl| RaceSeat {
            leftover: pl.leftover_chips,
            other: pl.other_chips,
            cards: pl.cards.as_ref().map(Vec::len),
        })
        .collect();
    for r in race_player_refusals(&terms, &seats) {
        let pointer = match r.at() {
            RaceAt::Players => "/players".to_string(),
            RaceAt::Player(i) => format!("/players/{i}"),
            RaceAt::Chips(i, RaceChips::Leftover) => format!("/players/{i}/leftoverChips"),
            RaceAt::Chips(i, RaceChips::Other) => format!("/players/{i}/otherChips"),
            RaceAt::Cards(i) => format!("/players/{i}/cards"),
        };
        p.push(pointer, worded(&r));
    }
}

/// The cards given, parsed, each problem at its own pointer; by request
/// index, a player's in the order given.
pub(super) fn cards(p: &mut Problems, req: &ChipRaceRequest) -> Vec<Vec<Card>> {
    let mut deck = Deck::new(false);
    (req.players.iter().enumerate())
        .map(|(player, pl)| {
            let cards = pl.cards.iter().flatten().enumerate();
            let at = |index| CardAt::Hand { player, index };
            cards.filter_map(|(j, s)| deck.take(p, at(j), s)).collect()
        })
        .collect()
}
