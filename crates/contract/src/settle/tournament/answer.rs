//! The tournament end of a settled hand (RULES.md §12, §14.1-14.3): the
//! request's terms, bounties and prize table go to the core with the
//! settlement, and its outcome becomes the answer's `eliminations`,
//! `bounties`, `bountyCash`, `prizeCash` and `tournamentWinner`, and what
//! the `prize` steps will read.

use super::dto::{BountyAwardDto, EliminationDto, PrizeLine, PrizeNotes, TournamentEnd};
use crate::settle::dto::SettleRequest;
use crate::settle::hand::Hand;
use crate::Id;
use showdown_core::{
    tournament_with_prizes, PrizeTable, TiedPlaces, TournamentOutcome, TournamentTerms,
};
use showdown_json::Invalid;

/// The request's terms in the core's words (validation has bounded them).
fn terms(req: &SettleRequest) -> Option<TournamentTerms> {
    let t = req.tournament.as_ref()?;
    Some(TournamentTerms {
        bounty_unit: t.bounty_unit.unwrap_or(1),
        progressive_bp: t
            .progressive_bp
            .map_or(0, |bp| u32::try_from(bp).unwrap_or(u32::MAX)),
        players_left: t.players_left,
        tied_places: crate::prize_table::tied_places(t.tied_places.as_deref()),
    })
}

/// The tournament's end of a settled hand; `None` without `tournament`.
pub(crate) fn end<'a>(hand: &Hand<'a, '_>) -> Result<Option<TournamentEnd<'a>>, Invalid> {
    let (req, order, input, settled) = (hand.req(), hand.order(), hand.input, hand.settlement());
    let Some(terms) = terms(req) else {
        return Ok(None);
    };
    let id = |k: usize| hand.id(k);
    let bounties: Vec<u64> = order
        .iter()
        .map(|&i| req.players[i].bounty.unwrap_or(0))
        .collect();
    let table = settle_table(req)?;
    let out = tournament_with_prizes(input, settled, &bounties, &terms, table.as_ref())
        .map_err(|e| Invalid::one("/tournament", e.to_string()))?;
    let eliminations = out
        .eliminations
        .iter()
        .map(|e| EliminationDto {
            agent_id: id(e.player),
            stack: e.stack,
            order: e.order,
            places: e.places.map(|(from, to)| [from, to]),
            prize: e.prize.map(|p| p.amount),
            bounty: e.bounty,
            pot: e.pot as u64,
            awards: e
                .awards
                .iter()
                .map(|a| BountyAwardDto {
                    agent_id: id(a.player),
                    amount: a.amount,
                    cash: a.cash,
                    head: a.head,
                    odd_units: a.odd_units,
                })
                .collect(),
        })
        .collect();
    let bounties_after = out
        .bounties
        .iter()
        .enumerate()
        .filter_map(|(k, b)| b.map(|b| (id(k), b)))
        .collect();
    let bounty_cash = out
        .cash
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(k, &c)| (id(k), c))
        .collect();
    let prize_cash = out.prize_cash.as_ref().map(|cash| {
        cash.iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(k, &c)| (id(k), c))
            .collect()
    });
    let prize_notes = table
        .as_ref()
        .map(|t| notes(t, &out, terms.tied_places, &id));
    Ok(Some(TournamentEnd {
        eliminations,
        bounties: bounties_after,
        bounty_cash,
        winner: out.winner.map(id),
        winner_bounty: out.winner_bounty,
        prize_cash,
        prize_notes,
    }))
}

/// The settle request's prize table (validation has checked it).
fn settle_table(req: &SettleRequest) -> Result<Option<PrizeTable>, Invalid> {
    let Some(t) = req.tournament.as_ref() else {
        return Ok(None);
    };
    let Some(prizes) = t.prizes.as_ref() else {
        return Ok(None);
    };
    PrizeTable::new(prizes.clone(), t.prize_unit.unwrap_or(1))
        .map(Some)
        .map_err(|e| Invalid::one("/tournament/prizes", crate::request_names::worded(&e)))
}

/// RULES.md §14.2-14.3: what the `prize` steps will read of a settled
/// hand's outcome; `id(k)` names core player `k`.
fn notes<'a>(
    table: &PrizeTable,
    out: &TournamentOutcome,
    tied: TiedPlaces,
    id: &dyn Fn(usize) -> Id<'a>,
) -> PrizeNotes<'a> {
    let lines = out
        .eliminations
        .iter()
        .filter_map(|e| {
            let (p, places) = (e.prize?, e.places?);
            let pot = (places.0..=places.1.min(table.paid_places()))
                .map(|pl| table.place(pl))
                .sum();
            let equal_stacks = out
                .eliminations
                .iter()
                .filter(|o| o.stack == e.stack && o.player != e.player)
                .count();
            let line = PrizeLine {
                places,
                amount: p.amount,
                pot,
                sharers: p.sharers,
                odd_units: p.odd_units,
                equal_stacks,
            };
            Some((id(e.player), line))
        })
        .collect();
    PrizeNotes {
        unit: table.unit(),
        paid_places: table.paid_places(),
        seat_rule: tied == TiedPlaces::Seat,
        lines,
        winner_prize: out.winner_prize,
    }
}
