//! The `hand_complete` event of API.md from the core's settlement: who is
//! who, the winner it names, and each list of the answer (pots, boards,
//! uncalled bets, the house's takes).

use super::rank::winner_k;
use crate::settle::{
    hand_rank_dto, BoardDto, BoardHalfDto, BoardHandDto, HandComplete, HandCompleteEvent,
    HandRankDto, PotBoardDto, PotBreakdownEntry, PotDto, SettleRequest, ShareDto, TakeDto,
    UncalledDto,
};
use crate::validate::{rules_id, Validated};
use showdown_cards::Showdown;
use showdown_core::{Half, PotBoards, Reason, Settlement, Take};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// What several boards add to the answer: the hands on each board after the
/// first (`[b - 1][i]`, request index) and how each pot was shared between
/// the boards (both empty with one board).
pub(super) struct Boards<'s> {
    pub(super) more_shown: &'s [Vec<Option<Showdown>>],
    pub(super) pots: &'s [PotBoards],
}

impl Boards<'_> {
    /// The board indices of a set of boards (bit `b` for board `b`).
    fn indices(mask: u64) -> Vec<u64> {
        (0..64).filter(|b| mask & (1u64 << b) != 0).collect()
    }

    /// API.md: with several boards, a player's `handRank` is their hand on
    /// the first board they won chips on (board 1 if none).
    fn first_board_won(&self, s: &Settlement, k: usize) -> usize {
        s.pots
            .iter()
            .zip(self.pots)
            .flat_map(|(pot, parts)| pot.shares.iter().zip(&parts.share_boards))
            .filter(|(share, _)| share.player == k && share.amount > 0)
            .map(|(_, &mask)| mask.trailing_zeros() as usize)
            .min()
            .unwrap_or(0)
    }
}

/// Who is who in the event: core player `k`'s id and name, and their hands
/// on each board.
struct Seats<'a, 's> {
    req: &'a SettleRequest,
    order: &'s [usize],
    shown: &'s [Option<Showdown>],
    boards: &'s Boards<'s>,
    s: &'s Settlement,
}

impl<'a, 's> Seats<'a, 's> {
    fn id(&self, k: usize) -> Cow<'a, str> {
        Cow::Borrowed(self.req.players[self.order[k]].id.as_str())
    }

    fn name(&self, k: usize) -> Option<Cow<'a, str>> {
        self.req.players[self.order[k]]
            .name
            .as_deref()
            .map(Cow::Borrowed)
    }

    /// Player k's hands on board b (board 0 is `shown`).
    fn on(&self, b: usize, k: usize) -> Option<&'s Showdown> {
        match b.checked_sub(1) {
            None => self.shown[self.order[k]].as_ref(),
            Some(m) => self.boards.more_shown.get(m)?[self.order[k]].as_ref(),
        }
    }

    fn first_won(&self, k: usize) -> usize {
        if self.boards.pots.is_empty() {
            0
        } else {
            self.boards.first_board_won(self.s, k)
        }
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
pub(super) fn pot_name(idx: usize) -> Cow<'static, str> {
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
pub(super) fn build_event<'a>(
    req: &'a SettleRequest,
    v: &Validated,
    order: &[usize],
    values: &[Option<(u64, Option<u64>)>],
    shown: &[Option<Showdown>],
    s: &Settlement,
    boards: &Boards,
) -> HandCompleteEvent<'a> {
    let seats = Seats {
        req,
        order,
        shown,
        boards,
        s,
    };
    let winner = named_winner(req, order, values, s);
    HandCompleteEvent {
        kind: Cow::Borrowed("hand_complete"),
        data: HandComplete {
            game_id: req.game_id.as_deref().map(Cow::Borrowed),
            hand_number: req.hand_number,
            variant: Cow::Borrowed(v.variant.as_str()),
            rules: Cow::Borrowed(rules_id(v.rules)),
            reason: Cow::Borrowed(match s.reason {
                Reason::Showdown => "showdown",
                Reason::Uncontested => "uncontested",
            }),
            winner_id: winner.map(|k| seats.id(k)),
            winner_name: match winner {
                Some(k) => seats.name(k).map(Some),
                None => Some(None),
            },
            winning_hand: match s.reason {
                Reason::Uncontested => None,
                Reason::Showdown => winner.and_then(|k| seats.high(k)),
            },
            tie: s.tie,
            total_winners: s.total_winners as u64,
            pot_breakdown: pot_breakdown(&seats),
            pots: pot_list(req, s, boards, &|k| seats.id(k)),
            uncalled: uncalled_list(&seats),
            rake: take_dto(&s.rake, &seats),
            jackpot: take_dto(&s.jackpot, &seats),
            final_chip_stacks: final_stacks(&seats),
            boards: board_list(v, order, &|b, k| seats.on(b, k), &|k| seats.id(k)),
            cash_outs: None,
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
fn named_winner(
    req: &SettleRequest,
    order: &[usize],
    values: &[Option<(u64, Option<u64>)>],
    s: &Settlement,
) -> Option<usize> {
    let raked_away =
        s.reason == Reason::Showdown && s.winners.is_empty() && s.pots.iter().any(|p| p.amount > 0);
    (!raked_away).then(|| winner_k(req, order, values, s).unwrap_or(0))
}

/// The answer's `potBreakdown`: each winner's chips and hands.
fn pot_breakdown<'a>(seats: &Seats<'a, '_>) -> Vec<PotBreakdownEntry<'a>> {
    let s = seats.s;
    s.winners
        .iter()
        .map(|&k| PotBreakdownEntry {
            agent_id: seats.id(k),
            agent_name: seats.name(k),
            amount: s.won[k],
            hand_rank: seats.high(k),
            low_hand_rank: seats.low(k),
        })
        .collect()
}

/// The answer's `uncalled`: the bets returned, by player.
fn uncalled_list<'a>(seats: &Seats<'a, '_>) -> Vec<UncalledDto<'a>> {
    seats
        .s
        .uncalled
        .iter()
        .map(|u| UncalledDto {
            agent_id: seats.id(u.player),
            amount: u.amount,
        })
        .collect()
}

/// The answer's `finalChipStacks`, by id.
fn final_stacks<'a>(seats: &Seats<'a, '_>) -> BTreeMap<Cow<'a, str>, u64> {
    (0..seats.order.len())
        .map(|k| (seats.id(k), seats.s.final_stacks[k]))
        .collect()
}

/// API.md `rake`, `jackpot`: every player's part, zero included.
fn take_dto<'a>(t: &Option<Take>, seats: &Seats<'a, '_>) -> Option<TakeDto<'a>> {
    t.as_ref().map(|t| TakeDto {
        amount: t.amount,
        contributions: t
            .contributions
            .iter()
            .enumerate()
            .map(|(k, &c)| (seats.id(k), c))
            .collect(),
    })
}

/// RULES.md §9, API.md `boards`: with several boards, each board's cards
/// and every live player's hand on it, by seat; `on(b, k)` is player k's
/// hand on board b.
fn board_list<'a, 's>(
    v: &Validated,
    order: &[usize],
    on: &impl Fn(usize, usize) -> Option<&'s Showdown>,
    id: &impl Fn(usize) -> Cow<'a, str>,
) -> Option<Vec<BoardDto<'a>>> {
    (v.board_count() > 1).then(|| {
        (0..v.board_count())
            .map(|b| BoardDto {
                index: b as u64,
                cards: v
                    .board_at(b)
                    .iter()
                    .map(|c| Cow::Borrowed(c.as_str()))
                    .collect(),
                hands: (0..order.len())
                    .filter_map(|k| {
                        let hands = on(b, k)?;
                        Some(BoardHandDto {
                            agent_id: id(k),
                            hand_rank: hand_rank_dto(&hands.high),
                            low_hand_rank: hands.low.as_ref().map(hand_rank_dto),
                        })
                    })
                    .collect(),
            })
            .collect()
    })
}

/// The answer's `pots`: each pot, its take, its shares and, with several
/// boards, what each board gave (RULES.md §8, §9).
fn pot_list<'a>(
    req: &SettleRequest,
    s: &Settlement,
    boards: &Boards,
    id: &impl Fn(usize) -> Cow<'a, str>,
) -> Vec<PotDto<'a>> {
    s.pots
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
                        .pots
                        .get(idx)
                        .and_then(|parts| parts.share_boards.get(j))
                        .map(|&mask| Boards::indices(mask)),
                })
                .collect(),
            boards: boards.pots.get(idx).map(|parts| {
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
