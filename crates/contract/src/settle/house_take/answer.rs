//! The house's take (RULES.md §8) as the core reads it, once the request's
//! `rake` and `jackpot` passed `check.rs`, and what it took as the answer
//! gives it.

use super::check::{attribution, rounding, spread};
use super::dto::TakeDto;
use crate::settle::dto::SettleRequest;
use crate::settle::hand::Hand;
use crate::settle::validated::Validated;
use showdown_core::{Cap, CapStep, HouseTake, Jackpot, Rake, Take};

/// The house's take as the core reads it, from a request `validate` accepted. RULES.md §8.2: a board game whose boards all have fewer than
/// three cards saw no flop; stud and draw games have no flop, so for them the
/// switch never applies (the caller sends no `rake` for a hand that ended on
/// the first betting round).
pub(crate) fn house_take(req: &SettleRequest, v: &Validated) -> HouseTake {
    let rake = req.rake.as_ref().map(|r| Rake {
        percent_bp: u32::try_from(r.percent_bp).unwrap_or(u32::MAX),
        cap: match (r.cap, &r.caps_by_players_dealt) {
            (Some(cap), _) => Cap::Fixed(cap),
            (None, Some(steps)) => Cap::ByPlayersDealt(
                steps
                    .iter()
                    .map(|s| CapStep {
                        min_players: s.min_players,
                        cap: s.cap,
                    })
                    .collect(),
            ),
            (None, None) => Cap::None,
        },
        players_dealt: r.players_dealt,
        rounding: rounding(r.rounding.as_deref()).unwrap_or_default(),
        spread: spread(r.spread.as_deref()).unwrap_or_default(),
        no_flop_no_drop: r.no_flop_no_drop.unwrap_or(true),
        attribution: attribution(r.attribution.as_deref()).unwrap_or_default(),
    });
    let jackpot = req.jackpot.as_ref().map(|j| Jackpot {
        amount: j.amount,
        min_pot: j.min_pot.unwrap_or(0),
        no_flop_no_drop: j.no_flop_no_drop.unwrap_or(true),
    });
    HouseTake {
        rake,
        jackpot,
        // With several boards, no rake only when every board is short.
        flop_seen: v.table.board_cards == 0
            || (0..v.board_count()).any(|b| v.board_at(b).len() >= 3),
    }
}

/// API.md `rake`, `jackpot`: every player's part, zero included.
pub(crate) fn take_dto<'a>(t: &Option<Take>, hand: &Hand<'a, '_>) -> Option<TakeDto<'a>> {
    t.as_ref().map(|t| TakeDto {
        amount: t.amount,
        contributions: t
            .contributions
            .iter()
            .enumerate()
            .map(|(k, &c)| (hand.id(k), c))
            .collect(),
    })
}
