//! The draw request checked, every problem with its JSON Pointer: the
//! number of players, the dealer seat, the seed or the cards.

use super::dto::DrawRequest;
use crate::problems::{Problems, SEAT_FROM_1};
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
        p.push("/dealerSeat", SEAT_FROM_1);
    }
    p.seed(req.seed);
    p.players(req.players.iter().map(|pl| (pl.id.as_str(), pl.seat)));
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

#[cfg(test)]
mod tests {
    use crate::draw::{draw_request, DrawRequest};
    use crate::refusal_tests::{listed, one_wording_one_pointer};
    use serde_json::json;
    use showdown_core::draw::{DrawError, DECK_SIZE};

    /// The problems of a seeded draw for `n` players.
    fn problems(n: usize) -> Vec<(String, String)> {
        let players: Vec<_> = (0..n)
            .map(|i| json!({"id": format!("p{i}"), "seat": i + 1}))
            .collect();
        let body = json!({"purpose": "button", "seed": 1, "players": players});
        let req: DrawRequest = serde_json::from_value(body).unwrap();
        listed(draw_request(&req).unwrap_err())
    }

    /// Robert's 3.7: the core's refusals of a draw's player count have one
    /// wording, the core's, at one pointer.
    #[test]
    fn every_draw_count_refusal_has_one_wording_and_one_pointer() {
        let all = [
            DrawError::TooFewPlayers(1),
            DrawError::TooManyPlayers(DECK_SIZE + 1),
        ];
        let case = |r: DrawError| match r {
            DrawError::TooFewPlayers(n) | DrawError::TooManyPlayers(n) => (problems(n), "/players"),
            other => panic!("not a count refusal: {other:?}"),
        };
        one_wording_one_pointer(&all, case);
    }
}
