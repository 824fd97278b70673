//! The hand for hand between the contract and the core: the busts as the
//! core reads them, and the core's finishes as the response.

use super::dto::{PrizeFinish, PrizesRequest, PrizesResponse};
use crate::Id;
use showdown_core::prize::{Bust, Finish};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Every bust as the core reads it: its stack, and its rank in the
/// house's order of equal stacks (`tieBreak`, absent last, then id), which
/// the response's order keeps too.
pub(super) fn busts(req: &PrizesRequest) -> (Vec<Bust>, Vec<u64>) {
    let mut by_house: Vec<usize> = (0..req.players.len()).collect();
    by_house.sort_by(|&a, &b| {
        let key = |i: usize| (req.players[i].tie_break.is_none(), req.players[i].tie_break);
        key(a).cmp(&key(b)).then_with(|| {
            req.players[a]
                .id
                .as_bytes()
                .cmp(req.players[b].id.as_bytes())
        })
    });
    let mut rank = vec![0u64; req.players.len()];
    for (r, &i) in by_house.iter().enumerate() {
        rank[i] = r as u64;
    }
    let busts: Vec<Bust> = req
        .players
        .iter()
        .zip(&rank)
        .map(|(p, &rank)| Bust {
            stack: p.stack,
            rank,
        })
        .collect();
    (busts, rank)
}

/// The places and prizes, best finish first (then by rank), with the
/// prize money by player and the players still left.
pub(super) fn response<'a>(
    req: &'a PrizesRequest,
    rank: &[u64],
    finishes: &[Finish],
) -> PrizesResponse<'a> {
    let mut listed: Vec<usize> = (0..req.players.len()).collect();
    listed.sort_by_key(|&i| (finishes[i].order, rank[i]));
    let eliminations: Vec<PrizeFinish> = listed
        .iter()
        .map(|&i| PrizeFinish {
            agent_id: Cow::Borrowed(req.players[i].id.as_str()),
            stack: req.players[i].stack,
            order: finishes[i].order,
            places: [finishes[i].places.0, finishes[i].places.1],
            prize: finishes[i].prize,
        })
        .collect();
    let prize_cash: BTreeMap<Id, u64> = eliminations
        .iter()
        .filter(|e| e.prize > 0)
        .map(|e| (e.agent_id.clone(), e.prize))
        .collect();
    PrizesResponse {
        eliminations,
        prize_cash,
        players_left: req.players_left - req.players.len() as u64,
    }
}
