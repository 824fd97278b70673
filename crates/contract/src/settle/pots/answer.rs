//! The `hand_complete` event of API.md from the core's settlement: who is
//! who, the winner it names, and the pots' lists (pots, their shares and
//! boards, the breakdown, uncalled bets); the house's takes and the boards
//! come from their features.

use super::dto::{
    hand_rank_dto, BoardHalfDto, HandRankDto, PotBoardDto, PotBreakdownEntry, PotDto, ShareDto,
    UncalledDto,
};
use super::rank::winner_k;
use crate::settle::boards::answer::board_list;
use crate::settle::dto::{HandComplete, HandCompleteEvent};
use crate::settle::hand::Hand;
use crate::settle::house_take::answer::take_dto;
use showdown_cards::Rulebook;
use showdown_core::{Half, Reason};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// The board indices of a set of boards (bit `b` for board `b`).
fn board_indices(mask: u64) -> Vec<u64> {
    (0..64).filter(|b| mask & (1u64 << b) != 0).collect()
}

/// Who is who in the event: core player `k`'s name, and the hand it names
/// for them.
impl<'a, 'h> Hand<'a, 'h> {
    /// Core player `k`'s name as the request gave it.
    fn given_name(&self, k: usize) -> Option<Cow<'a, str>> {
        self.player(k).name.as_deref().map(Cow::Borrowed)
    }

    /// API.md: with several boards, a player's `handRank` is their hand on
    /// the first board they won chips on (board 1 if none).
    fn first_won(&self, k: usize) -> usize {
        self.settlement()
            .pots
            .iter()
            .zip(&self.settled.pots)
            .flat_map(|(pot, parts)| pot.shares.iter().zip(&parts.share_boards))
            .filter(|(share, _)| share.player == k && share.amount > 0)
            .map(|(_, &mask)| mask.trailing_zeros() as usize)
            .min()
            .unwrap_or(0)
    }

    fn high(&self, k: usize) -> Option<HandRankDto> {
        self.on(self.first_won(k), k)
            .map(|s| hand_rank_dto(&s.high))
    }

    fn low(&self, k: usize) -> Option<HandRankDto> {
        self.on(self.first_won(k), k)
            .and_then(|s| s.low.as_ref().map(hand_rank_dto))
    }
}

/// API.md pot names: `main`, then `side-1`, `side-2`, ... (borrowed for
/// the pots a table can have, nine players making at most eight sides).
pub(crate) fn pot_name(idx: usize) -> Cow<'static, str> {
    const NAMES: [&str; 10] = [
        "main", "side-1", "side-2", "side-3", "side-4", "side-5", "side-6", "side-7", "side-8",
        "side-9",
    ];
    match NAMES.get(idx) {
        Some(name) => Cow::Borrowed(name),
        None => Cow::Owned(format!("side-{idx}")),
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
pub(crate) fn build_event<'a>(hand: &Hand<'a, '_>) -> HandCompleteEvent<'a> {
    let (req, v, s) = (hand.req(), hand.v, hand.settlement());
    let winner = named_winner(hand);
    HandCompleteEvent {
        kind: Cow::Borrowed("hand_complete"),
        data: HandComplete {
            game_id: req.game_id.as_deref().map(Cow::Borrowed),
            hand_number: req.hand_number,
            variant: v.variant,
            rules: Cow::Borrowed(rules_id(v.rules)),
            reason: Cow::Borrowed(match s.reason {
                Reason::Showdown => "showdown",
                Reason::Uncontested => "uncontested",
            }),
            winner_id: winner.map(|k| hand.id(k)),
            winner_name: match winner {
                Some(k) => hand.given_name(k).map(Some),
                None => Some(None),
            },
            winning_hand: match s.reason {
                Reason::Uncontested => None,
                Reason::Showdown => winner.and_then(|k| hand.high(k)),
            },
            tie: s.tie,
            total_winners: s.total_winners as u64,
            pot_breakdown: pot_breakdown(hand),
            pots: pot_list(hand),
            uncalled: uncalled_list(hand),
            rake: take_dto(&s.rake, hand),
            jackpot: take_dto(&s.jackpot, hand),
            final_chip_stacks: final_stacks(hand),
            boards: board_list(hand),
            showdown: None,
            cash_outs: None,
            all_in_ev: None,
            cash_out_balance: None,
            bad_beat: None,
            explanation: None,
            eliminations: None,
            bounties: None,
            bounty_cash: None,
            prize_cash: None,
            tournament_winner: None,
            next_hand: None,
        },
    }
}

/// The core index of the winner the event names. API.md: at a showdown
/// where nobody won chips (the rake took every pot), it names none.
fn named_winner(hand: &Hand) -> Option<usize> {
    let s = hand.settlement();
    let raked_away =
        s.reason == Reason::Showdown && s.winners.is_empty() && s.pots.iter().any(|p| p.amount > 0);
    (!raked_away).then(|| winner_k(hand.v, &hand.ranked.values, s).unwrap_or(0))
}

/// The answer's `potBreakdown`: each winner's chips and hands.
fn pot_breakdown<'a>(hand: &Hand<'a, '_>) -> Vec<PotBreakdownEntry<'a>> {
    let s = hand.settlement();
    s.winners
        .iter()
        .map(|&k| PotBreakdownEntry {
            agent_id: hand.id(k),
            agent_name: hand.given_name(k),
            amount: s.won[k],
            hand_rank: hand.high(k),
            low_hand_rank: hand.low(k),
        })
        .collect()
}

/// The answer's `uncalled`: the bets returned, by player.
fn uncalled_list<'a>(hand: &Hand<'a, '_>) -> Vec<UncalledDto<'a>> {
    hand.settlement()
        .uncalled
        .iter()
        .map(|u| UncalledDto {
            agent_id: hand.id(u.player),
            amount: u.amount,
        })
        .collect()
}

/// The answer's `finalChipStacks`, by id.
fn final_stacks<'a>(hand: &Hand<'a, '_>) -> BTreeMap<Cow<'a, str>, u64> {
    (0..hand.order().len())
        .map(|k| (hand.id(k), hand.settlement().final_stacks[k]))
        .collect()
}

/// The answer's `pots`: each pot, its take, its shares and, with several
/// boards, what each board gave (RULES.md §8, §9).
fn pot_list<'a>(hand: &Hand<'a, '_>) -> Vec<PotDto<'a>> {
    let (req, boards) = (hand.req(), &hand.settled.pots);
    let id = |k: usize| hand.id(k);
    hand.settlement()
        .pots
        .iter()
        .enumerate()
        .map(|(idx, pot)| PotDto {
            index: idx as u64,
            name: pot_name(idx),
            amount: pot.amount,
            rake: req.rake.as_ref().map(|_| pot.rake),
            jackpot: req.jackpot.as_ref().map(|_| pot.jackpot),
            eligible: pot.eligible.iter().map(|&k| id(k)).collect(),
            tie: pot.tie,
            shares: pot
                .shares
                .iter()
                .enumerate()
                .map(|(j, sh)| ShareDto {
                    agent_id: id(sh.player),
                    half: Cow::Borrowed(half_str(sh.half)),
                    amount: sh.amount,
                    odd_chips: sh.odd_chips,
                    boards: boards
                        .get(idx)
                        .and_then(|parts| parts.share_boards.get(j))
                        .map(|&mask| board_indices(mask)),
                })
                .collect(),
            boards: boards.get(idx).map(|parts| {
                parts
                    .boards
                    .iter()
                    .enumerate()
                    .map(|(b, part)| PotBoardDto {
                        board: b as u64,
                        amount: part.amount,
                        halves: part
                            .halves
                            .iter()
                            .map(|h| BoardHalfDto {
                                half: Cow::Borrowed(half_str(h.half)),
                                amount: h.amount,
                                winners: h.winners.iter().map(|&k| id(k)).collect(),
                            })
                            .collect(),
                    })
                    .collect()
            }),
        })
        .collect()
}

/// The id a rulebook has in the contract.
fn rules_id(rules: Rulebook) -> &'static str {
    match rules {
        Rulebook::Tda => "tda",
        Rulebook::Roberts => "roberts",
    }
}
