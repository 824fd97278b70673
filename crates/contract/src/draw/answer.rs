//! The draw between the contract and the core: the request as the core
//! reads it (players by seat), and the core's draw as the response.

use super::dto::{DrawPlayerResult, DrawRequest, DrawResponse};
use showdown_cards::Card;
use showdown_core::draw::{DrawDeal, DrawInput, DrawResult};

/// The draw as the core reads it: players by seat (`order[k]` is the
/// request index of core player k), dealt from the seed or the cards given.
pub(super) fn input(req: &DrawRequest, order: &[usize], parsed: Vec<Option<Card>>) -> DrawInput {
    let deal = match req.seed {
        Some(seed) => DrawDeal::Seed(seed),
        None => {
            // Every player gave a card (checked before), in request order.
            let cards: Vec<Card> = parsed.into_iter().flatten().collect();
            DrawDeal::Cards(order.iter().map(|&i| cards[i]).collect())
        }
    };
    DrawInput {
        seats: order.iter().map(|&i| req.players[i].seat).collect(),
        dealer_seat: req.dealer_seat,
        deal,
    }
}

/// The response: the deal order, each player's card and place, and the
/// winner, named as the request named them (`order[k]` is the request
/// index of core player k).
pub(super) fn response(req: &DrawRequest, order: &[usize], r: &DrawResult) -> DrawResponse {
    let n = req.players.len();
    let mut place = vec![0u32; n];
    for (rank, &k) in r.ranking.iter().enumerate() {
        place[k] = rank as u32 + 1;
    }
    let winner = &req.players[order[r.winner]];
    DrawResponse {
        purpose: req.purpose.clone(),
        dealer_seat: req.dealer_seat,
        seed: req.seed,
        deal_order: r
            .deal_order
            .iter()
            .map(|&k| req.players[order[k]].id.clone())
            .collect(),
        players: (0..n)
            .map(|k| {
                let pl = &req.players[order[k]];
                DrawPlayerResult {
                    id: pl.id.clone(),
                    name: pl.name.clone(),
                    seat: pl.seat,
                    card: r.cards[k].to_string(),
                    place: place[k],
                }
            })
            .collect(),
        winner_id: winner.id.clone(),
        winner_name: winner.name.clone(),
        winning_card: r.cards[r.winner].to_string(),
    }
}
