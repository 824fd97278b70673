//! The whole settle pipeline without HTTP (DESIGN.md, "The flow of one
//! request"): validate -> parse cards -> rank each live hand -> sort players
//! by seat -> `showdown_core::settle` -> the `hand_complete` event.
//!
//! [`settle_request`] is the stable entry point: the HTTP route, the
//! `showdown settle` subcommand and the PHH replay all call it, so they
//! cannot disagree.

use crate::dto::{
    HandComplete, HandCompleteEvent, HandRankDto, PotBreakdownEntry, PotDto, SettleRequest,
    ShareDto, UncalledDto,
};
use crate::validate::{rules_id, validate, Invalid, Validated};
use showdown_cards::{rank_showdown, stud_odd_chip_key, EvalError, HandRank, Showdown, Side};
use showdown_core::{
    Half, HandInput, HandStrength, Hands, OddChipOrder, PlayerInput, Reason, Settlement,
};
use std::collections::BTreeMap;

/// Settle one request: the `hand_complete` event, or every problem found.
///
/// Pure: the same request gives the same event whatever the order of
/// `players` (the core sees them sorted by seat, COMMON.md conventions).
pub fn settle_request(req: &SettleRequest) -> Result<HandCompleteEvent, Invalid> {
    let v = validate(req)?;

    // Players reach the core by seat, so the result never depends on the
    // order of the request; `order[k]` is the request index of core player k.
    let mut order: Vec<usize> = (0..req.players.len()).collect();
    order.sort_by_key(|&i| req.players[i].seat);

    // Rank every live hand at a showdown (cards speak, TDA 12).
    let mut shown: Vec<Option<Showdown>> = vec![None; req.players.len()];
    if v.contested {
        let mut problems = Vec::new();
        for (i, pl) in req.players.iter().enumerate() {
            if pl.folded {
                continue;
            }
            match rank_showdown(v.variant, &v.cards[i], &v.board) {
                Ok(s) => shown[i] = Some(s),
                Err(e) => problems.push(eval_problem(i, &e)),
            }
        }
        if !problems.is_empty() {
            return Err(Invalid { errors: problems });
        }
    }

    let input = HandInput {
        players: order
            .iter()
            .map(|&i| {
                let pl = &req.players[i];
                PlayerInput {
                    seat: pl.seat,
                    stack: pl.stack,
                    committed: pl.committed,
                    dead: pl.dead.unwrap_or(0),
                    folded: pl.folded,
                    hands: shown[i].as_ref().map(|s| strengths(&v, s, &v.cards[i])),
                }
            })
            .collect(),
        chip_unit: v.chip_unit,
        dead_money: v.dead_money,
        order: match v.button_seat {
            Some(button_seat) if v.table.button => OddChipOrder::Button { button_seat },
            _ => OddChipOrder::Stud,
        },
        split_game: v.table.low.is_some(),
    };

    // Validation makes the core's guard rails unreachable; should one trip
    // anyway, it is still the client's impossible hand, never a 5xx.
    let s = showdown_core::settle(&input)
        .map_err(|e| Invalid::one("", format!("the hand cannot be settled: {e}")))?;

    Ok(build_event(req, &v, &order, &shown, &s))
}

/// The core's view of one live hand: values, and stud odd-chip keys by the
/// request's rulebook (RULES.md §4; button games ignore the key).
fn strengths(v: &Validated, s: &Showdown, all_cards: &[showdown_cards::Card]) -> Hands {
    let key = |side: Side, hand: &HandRank| {
        if v.table.button {
            0
        } else {
            stud_odd_chip_key(v.variant, v.rules, side, hand, all_cards)
        }
    };
    Hands {
        high: HandStrength {
            value: s.high.value,
            chip_key: key(Side::High, &s.high),
        },
        low: s.low.as_ref().map(|low| HandStrength {
            value: low.value,
            chip_key: key(Side::Low, low),
        }),
    }
}

fn eval_problem(i: usize, e: &EvalError) -> crate::validate::FieldError {
    crate::validate::FieldError {
        pointer: format!("/players/{i}/cards"),
        message: e.to_string(),
    }
}

/// API.md `handRank`.
pub fn hand_rank_dto(h: &HandRank) -> HandRankDto {
    HandRankDto {
        kind: h.category,
        name: h.name.clone(),
        value: h.value,
        description: h.description.clone(),
        cards: h.cards.iter().map(ToString::to_string).collect(),
    }
}

fn half_str(h: Half) -> &'static str {
    match h {
        Half::Whole => "whole",
        Half::High => "high",
        Half::Low => "low",
    }
}

/// The `hand_complete` event of API.md from the core's settlement.
fn build_event(
    req: &SettleRequest,
    v: &Validated,
    order: &[usize],
    shown: &[Option<Showdown>],
    s: &Settlement,
) -> HandCompleteEvent {
    let player = |k: usize| &req.players[order[k]];
    let high = |k: usize| shown[order[k]].as_ref().map(|s| hand_rank_dto(&s.high));
    let low = |k: usize| {
        shown[order[k]]
            .as_ref()
            .and_then(|s| s.low.as_ref().map(hand_rank_dto))
    };

    let pot_breakdown: Vec<PotBreakdownEntry> = s
        .winners
        .iter()
        .map(|&k| PotBreakdownEntry {
            agent_id: player(k).id.clone(),
            agent_name: player(k).name.clone(),
            amount: s.won[k],
            hand_rank: high(k),
            low_hand_rank: low(k),
        })
        .collect();

    // The winner: the first potBreakdown entry; when uncontested, the one
    // live player (API.md). A hand where no pot holds a chip (everything
    // uncalled) has no breakdown: the best live high hand stands in, first
    // by seat among equals.
    let live: Vec<usize> = (0..order.len()).filter(|&k| !player(k).folded).collect();
    let winner_k = match (s.reason, s.winners.first()) {
        (Reason::Uncontested, _) => live.first().copied(),
        (_, Some(&k)) => Some(k),
        (_, None) => live.iter().copied().max_by_key(|&k| {
            (
                shown[order[k]].as_ref().map(|s| s.high.value),
                std::cmp::Reverse(k),
            )
        }),
    }
    .unwrap_or(0);
    let winning_hand = match s.reason {
        Reason::Uncontested => None,
        Reason::Showdown => high(winner_k),
    };

    let pots = s
        .pots
        .iter()
        .enumerate()
        .map(|(idx, pot)| PotDto {
            index: idx as u64,
            name: if idx == 0 {
                "main".to_string()
            } else {
                format!("side-{idx}")
            },
            amount: pot.amount,
            eligible: pot.eligible.iter().map(|&k| player(k).id.clone()).collect(),
            tie: pot.tie,
            shares: pot
                .shares
                .iter()
                .map(|sh| ShareDto {
                    agent_id: player(sh.player).id.clone(),
                    half: half_str(sh.half).to_string(),
                    amount: sh.amount,
                    odd_chips: sh.odd_chips,
                })
                .collect(),
        })
        .collect();

    let uncalled = s
        .uncalled
        .iter()
        .map(|u| UncalledDto {
            agent_id: player(u.player).id.clone(),
            amount: u.amount,
        })
        .collect();

    let final_chip_stacks: BTreeMap<String, u64> = (0..order.len())
        .map(|k| (player(k).id.clone(), s.final_stacks[k]))
        .collect();

    HandCompleteEvent {
        kind: "hand_complete".to_string(),
        data: HandComplete {
            game_id: req.game_id.clone(),
            hand_number: req.hand_number,
            variant: v.variant.as_str().to_string(),
            rules: rules_id(v.rules).to_string(),
            reason: match s.reason {
                Reason::Showdown => "showdown",
                Reason::Uncontested => "uncontested",
            }
            .to_string(),
            winner_id: player(winner_k).id.clone(),
            winner_name: player(winner_k).name.clone(),
            winning_hand,
            tie: s.tie,
            total_winners: s.total_winners as u64,
            pot_breakdown,
            pots,
            uncalled,
            final_chip_stacks,
        },
    }
}

/// The odd chips a settlement handed out (for metrics).
pub fn odd_chips(event: &HandCompleteEvent) -> u64 {
    event
        .data
        .pots
        .iter()
        .flat_map(|p| p.shares.iter())
        .map(|s| s.odd_chips)
        .sum()
}
