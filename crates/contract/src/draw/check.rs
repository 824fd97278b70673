//! The draw request checked, every problem with its JSON Pointer: the
//! number of players, the dealer seat, the seed or the cards.

use super::dto::DrawRequest;
use crate::problems::{seat_from_1, seating, Problems};
use showdown_cards::Card;
use showdown_core::draw::draw_count_refusal;

/// Every problem of the request: the number of players, the dealer seat,
/// the seed or a card for each player, and the cards; the cards parsed, by
/// request index.
pub(super) fn request(p: &mut Problems, req: &DrawRequest) -> Vec<Option<Card>> {
    if let Some(refusal) = draw_count_refusal(req.players.len()) {
        p.push("/players", refusal.to_string());
    }
    if req.dealer_seat == Some(0) {
        p.push("/dealerSeat", seat_from_1());
    }
    p.seed(req.seed);
    let ids: Vec<&str> = req.players.iter().map(|pl| pl.id.as_str()).collect();
    let seats: Vec<u32> = req.players.iter().map(|pl| pl.seat).collect();
    p.seating(&mut seating(&ids, &seats), usize::MAX);
    for (i, pl) in req.players.iter().enumerate() {
        match (&pl.card, req.seed) {
            (Some(_), Some(_)) => p.push(
                format!("/players/{i}/card"),
                "give either a seed or the cards dealt, not both",
            ),
            (None, None) => p.push(
                format!("/players/{i}/card"),
                "no seed: give the card dealt to every player",
            ),
            _ => {}
        }
    }
    let pointed: Vec<(String, &str)> = req
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, pl)| Some((format!("/players/{i}/card"), pl.card.as_deref()?)))
        .collect();
    p.cards(&pointed)
}
