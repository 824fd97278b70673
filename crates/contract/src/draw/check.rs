//! The draw request checked, every problem with its JSON Pointer: the
//! number of players, the dealer seat, the seed or the cards.

use super::dto::{DrawPlayerRequest, DrawRequest};
use crate::deck::{card_pointer, Deck};
use crate::problems::{seating, Problems};
use showdown_cards::{Card, CardAt};
use showdown_core::draw::{draw_refusals, DrawAt};

/// Every problem of the request: the number of players, the dealer seat,
/// the seed or a card for each player, and the cards; the cards parsed, by
/// request index.
pub(super) fn request(p: &mut Problems, req: &DrawRequest) -> Vec<Option<Card>> {
    let cards: Vec<bool> = req.players.iter().map(|pl| pl.card.is_some()).collect();
    let refusals = draw_refusals(req.dealer_seat, req.seed.is_some(), &cards);
    let mut refusals = refusals.into_iter().peekable();
    // The table's refusals, the seed and the seats, then each player's.
    while let Some(r) = refusals.next_if(|r| !matches!(r.at(), DrawAt::Card(_))) {
        let pointer = if r.at() == DrawAt::DealerSeat {
            "/dealerSeat"
        } else {
            "/players"
        };
        p.push(pointer, r.to_string());
    }
    p.seed(req.seed);
    let ids: Vec<&str> = req.players.iter().map(|pl| pl.id.as_str()).collect();
    let seats: Vec<u32> = req.players.iter().map(|pl| pl.seat).collect();
    p.seating(&mut seating(&ids, &seats), usize::MAX);
    for r in refusals {
        if let DrawAt::Card(i) = r.at() {
            p.push(format!("/players/{i}/card"), r.to_string());
        }
    }
    // A draw deals one card a player: `card`, not `cards`.
    let mut deck = Deck::new(false);
    deck.pointer = |at| match at {
        CardAt::Hand { player, .. } => format!("/players/{player}/card"),
        at => card_pointer(at),
    };
    let cards = req.players.iter().enumerate();
    let at = |player| CardAt::Hand { player, index: 0 };
    let card = |(i, pl): (usize, &DrawPlayerRequest)| deck.take(p, at(i), pl.card.as_deref()?);
    cards.map(card).collect()
}
