//! The chip race between the contract and the core: the request as the
//! core reads it (players by seat), and the core's race as the response.

use super::dto::{ChipRaceAward, ChipRacePlayerResult, ChipRaceRequest, ChipRaceResponse};
use showdown_cards::Card;
use showdown_core::chip_race::{
    AwardReason, ChipRaceInput, ChipRaceResult, Convention, RaceDeal, RacePlayer,
};

/// The race as the core reads it: players by seat (`order[k]` is the
/// request index of core player k), dealt from the seed or the cards given.
pub(super) fn input(
    req: &ChipRaceRequest,
    order: &[usize],
    convention: Convention,
    mut by_request: Vec<Vec<Card>>,
) -> ChipRaceInput {
    ChipRaceInput {
        removed: req.removed_denomination,
        color_up_to: req.color_up_to,
        convention,
        small_blind_seat: req.small_blind_seat,
        players: order
            .iter()
            .map(|&i| RacePlayer {
                seat: req.players[i].seat,
                removed_chips: req.players[i].leftover_chips,
                other_value: req.players[i].other_chips,
            })
            .collect(),
        deal: match req.seed {
            Some(seed) => RaceDeal::Seed(seed),
            None => RaceDeal::Cards(
                order
                    .iter()
                    .map(|&i| std::mem::take(&mut by_request[i]))
                    .collect(),
            ),
        },
    }
}

fn award_id(reason: AwardReason) -> &'static str {
    match reason {
        AwardReason::RaceWin => "race-win",
        AwardReason::NotRacedOut => "not-raced-out",
    }
}

/// The response: the race's figures, each player's part, and the chips
/// handed out in the order they were awarded.
pub(super) fn response(
    req: &ChipRaceRequest,
    order: &[usize],
    convention: Convention,
    r: &ChipRaceResult,
) -> ChipRaceResponse {
    let id = |k: usize| req.players[order[k]].id.clone();
    let players = players(req, order, r);
    ChipRaceResponse {
        convention: match convention {
            Convention::Tda => "tda",
            Convention::Standard => "standard",
        }
        .to_string(),
        removed_denomination: req.removed_denomination,
        color_up_to: req.color_up_to,
        ratio: r.ratio,
        small_blind_seat: req.small_blind_seat,
        seed: req.seed,
        value_removed: r.value_removed,
        colored_up_chips: r.pool,
        remainder: r.remainder,
        rounded_up: r.rounded_up,
        chips_added: r.added,
        deal_order: r.deal_order.iter().map(|&k| id(k)).collect(),
        final_chip_stacks: players
            .iter()
            .map(|p| (p.id.clone(), p.chips_after))
            .collect(),
        players,
        awards: awards(r, &id),
    }
}

/// Each player's part of the race, by seat.
fn players(
    req: &ChipRaceRequest,
    order: &[usize],
    r: &ChipRaceResult,
) -> Vec<ChipRacePlayerResult> {
    r.players
        .iter()
        .enumerate()
        .map(|(k, pr)| {
            let pl = &req.players[order[k]];
            ChipRacePlayerResult {
                id: pl.id.clone(),
                name: pl.name.clone(),
                seat: pl.seat,
                leftover_chips: pl.leftover_chips,
                exchanged: pr.exchanged,
                raced: pr.raced,
                cards: pr.cards.iter().map(Card::to_string).collect(),
                best_card: pr.best_card.map(|c| c.to_string()),
                raced_out: pr.raced_out,
                award: pr.award.map(|a| award_id(a.reason).to_string()),
                added_chip: pr.award.is_some_and(|a| a.added),
                chips_before: pr.value_before,
                chips_after: pr.value_after,
            }
        })
        .collect()
}

/// The colored-up chips in the order they were awarded.
fn awards(r: &ChipRaceResult, id: &impl Fn(usize) -> String) -> Vec<ChipRaceAward> {
    r.award_order
        .iter()
        .filter_map(|&k| {
            let a = r.players[k].award?;
            Some(ChipRaceAward {
                id: id(k),
                reason: award_id(a.reason).to_string(),
                card: r.players[k].best_card.map(|c| c.to_string()),
                added: a.added,
            })
        })
        .collect()
}
