//! The whole settle pipeline without HTTP (DESIGN.md, "The flow of one
//! request"): validate -> parse cards -> rank each live hand -> sort players
//! by seat -> `showdown_core::settle` -> the `hand_complete` event.
//!
//! [`settle_request`] is the stable entry point: the HTTP route, the
//! `showdown settle` subcommand and the PHH replay all call it, so they
//! cannot disagree.
//!
//! Its length (about 570 lines, tests included) is the event's assembly:
//! every field of `hand_complete` is filled here from the core's result,
//! with the cash-out and the bad-beat jackpot each in a module of its own.

use crate::dto::{
    BoardDto, BoardHalfDto, BoardHandDto, HandComplete, HandCompleteEvent, PotBoardDto,
    PotBreakdownEntry, PotDto, SettleRequest, ShareDto, TakeDto, UncalledDto,
};
use crate::validate::{rules_id, validate, Invalid, Validated};
use showdown_cards::{
    rank_showdown, showdown_values, stud_odd_chip_key, EvalError, HandRank, Showdown, Side,
};
use showdown_core::{
    BoardsSettlement, Half, HandInput, HandStrength, Hands, OddChipOrder, PlayerInput, PotBoards,
    Reason, Settlement, Take,
};
use std::borrow::Cow;
use std::collections::BTreeMap;

/// Settle one request: the `hand_complete` event, or every problem found.
///
/// Pure: the same request gives the same event whatever the order of
/// `players` (the core sees them sorted by seat).
pub fn settle_request(req: &SettleRequest) -> Result<HandCompleteEvent<'_>, Invalid> {
    settle_with(req, false)
}

/// [`settle_request`]; `describe_all` describes every live hand up front, as
/// stud always does (the tests compare both ways byte for byte). The
/// pipeline, step by step: validate, rank, settle in the core, describe
/// the hands shown, build the event, then what the hand adds on top.
fn settle_with(req: &SettleRequest, describe_all: bool) -> Result<HandCompleteEvent<'_>, Invalid> {
    let v = validate(req)?;

    // Players reach the core by seat, so the result never depends on the
    // order of the request; `order[k]` is the request index of core player k.
    let mut order: Vec<usize> = (0..req.players.len()).collect();
    order.sort_by_key(|&i| req.players[i].seat);

    // Button games need only the values to settle; stud odd chips under
    // TDA 19 need the tabled cards, and several boards show every hand.
    let describe_all = describe_all || !v.table.button || v.board_count() > 1;
    let mut ranked = rank_live_hands(req, &v, describe_all)?;
    let more_shown = rank_more_boards(req, &v)?;
    let input = core_input(req, &v, &order, &ranked);

    // Validation makes the core's guard rails unreachable; should one trip
    // anyway, it is still the client's impossible hand, never a 5xx.
    let house = crate::validate::rake::house_take(req, &v);
    let more_boards = more_board_hands(&v, &order, &more_shown);
    let settled = showdown_core::settle_hand_with(&input, &house, &more_boards, v.hi_lo)
        .map_err(|e| Invalid::one("", format!("the hand cannot be settled: {e}")))?;
    if !describe_all {
        describe_shown(req, &v, &order, &settled.settlement, &mut ranked);
    }
    let boards = Boards {
        more_shown: &more_shown,
        pots: &settled.pots,
    };
    let s = &settled.settlement;
    let event = build_event(req, &v, &order, &ranked.values, &ranked.shown, s, &boards);
    on_top(req, &v, &order, &input, &settled, &ranked, event)
}

/// Every live hand at a showdown, ranked (cards speak, TDA 12), by request
/// index: its values, and its name and cards when `describe_all`.
struct Ranked {
    shown: Vec<Option<Showdown>>,
    values: Vec<Option<(u64, Option<u64>)>>,
}

fn rank_live_hands(
    req: &SettleRequest,
    v: &Validated,
    describe_all: bool,
) -> Result<Ranked, Invalid> {
    let mut out = Ranked {
        shown: vec![None; req.players.len()],
        values: vec![None; req.players.len()],
    };
    if !v.contested {
        return Ok(out);
    }
    let mut problems = Vec::new();
    for (i, pl) in req.players.iter().enumerate() {
        if pl.folded {
            continue;
        }
        if describe_all {
            match rank_showdown(v.variant, v.hole(i), v.board()) {
                Ok(s) => {
                    out.values[i] = Some((s.high.value, s.low.as_ref().map(|l| l.value)));
                    out.shown[i] = Some(s);
                }
                Err(e) => problems.push(eval_problem(i, &e)),
            }
        } else {
            match showdown_values(v.variant, v.hole(i), v.board()) {
                Ok(vals) => out.values[i] = Some(vals),
                Err(e) => problems.push(eval_problem(i, &e)),
            }
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(Invalid::new(problems))
    }
}

/// The hand as the core reads it: players by seat, amounts and strengths.
fn core_input(req: &SettleRequest, v: &Validated, order: &[usize], ranked: &Ranked) -> HandInput {
    HandInput {
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
                    hands: ranked.values[i]
                        .map(|vals| strengths(v, vals, ranked.shown[i].as_ref(), v.hole(i))),
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
    }
}

/// The strengths of every live hand on each board after the first, by
/// core player.
fn more_board_hands(
    v: &Validated,
    order: &[usize],
    more_shown: &[Vec<Option<Showdown>>],
) -> Vec<Vec<Option<Hands>>> {
    more_shown
        .iter()
        .map(|board| {
            let hands = |&i: &usize| {
                let s = board[i].as_ref()?;
                let vals = (s.high.value, s.low.as_ref().map(|l| l.value));
                Some(strengths(v, vals, Some(s), v.hole(i)))
            };
            order.iter().map(hands).collect()
        })
        .collect()
}

/// Describes the hands the event shows, the pot winners and the winning
/// hand (their values already checked the deal).
fn describe_shown(
    req: &SettleRequest,
    v: &Validated,
    order: &[usize],
    s: &Settlement,
    ranked: &mut Ranked,
) {
    let winner = winner_k(req, order, &ranked.values, s);
    for k in s.winners.iter().copied().chain(winner) {
        let i = order[k];
        if ranked.shown[i].is_none() && ranked.values[i].is_some() {
            ranked.shown[i] = rank_showdown(v.variant, v.hole(i), v.board()).ok();
        }
    }
}

/// What the hand adds on top of the settlement, each from its own module
/// reading it: the bad-beat jackpot, cash-outs, the tournament end and the
/// next hand, then the explanation when asked.
fn on_top<'a>(
    req: &'a SettleRequest,
    v: &Validated,
    order: &[usize],
    input: &HandInput,
    settled: &BoardsSettlement,
    ranked: &Ranked,
    mut event: HandCompleteEvent<'a>,
) -> Result<HandCompleteEvent<'a>, Invalid> {
    let s = &settled.settlement;
    let highs: Vec<Option<u64>> = ranked.values.iter().map(|x| x.map(|(h, _)| h)).collect();
    event.data.bad_beat = crate::bad_beat::judge(req, v, &highs)?;
    let cash_outs = crate::cash_out::value(req, v, order, s)?;
    let tournament = crate::tournament::end(req, order, input, s)?;
    let next_hand = crate::next_hand::next(req, order, s);
    if let Some(c) = &cash_outs {
        for (k, &stack) in c.final_stacks.iter().enumerate() {
            let id = Cow::Borrowed(req.players[order[k]].id.as_str());
            event.data.final_chip_stacks.insert(id, stack);
        }
        event.data.cash_out_balance = Some(c.balance);
    }
    if req.explain {
        // Only on request, so the plain answer costs nothing more.
        let cx = Explained {
            v,
            order,
            input,
            settled,
            ranked,
        };
        let mut steps = cx.steps(req);
        if let Some(c) = &cash_outs {
            steps.extend(crate::cash_out::steps(req, &c.dtos));
        }
        if let Some(bb) = &event.data.bad_beat {
            steps.extend(crate::bad_beat::steps(req, bb));
        }
        if let Some(t) = &tournament {
            steps.extend(crate::tournament::steps(req, t));
        }
        if let Some(n) = &next_hand {
            steps.push(crate::next_hand::step(req, order, s, n));
        }
        event.data.explanation = Some(steps);
    }
    event.data.cash_outs = cash_outs.map(|c| c.dtos);
    if let Some(t) = tournament {
        event.data.eliminations = Some(t.eliminations);
        event.data.bounties = Some(t.bounties);
        event.data.bounty_cash = Some(t.bounty_cash);
        event.data.tournament_winner = t.winner;
    }
    event.data.next_hand = next_hand;
    Ok(event)
}

/// What the settlement's own explanation reads beside the request.
struct Explained<'x> {
    v: &'x Validated,
    order: &'x [usize],
    input: &'x HandInput,
    settled: &'x BoardsSettlement,
    ranked: &'x Ranked,
}

impl Explained<'_> {
    /// The steps of the pots: every live hand described in words.
    fn steps(&self, req: &SettleRequest) -> Vec<crate::step::ExplainStep> {
        let v = self.v;
        let hand_words: Vec<Option<String>> = (0..req.players.len())
            .map(|i| {
                let s = self.ranked.shown[i]
                    .clone()
                    .or_else(|| rank_showdown(v.variant, v.hole(i), v.board()).ok());
                s.map(|s| s.high.description)
            })
            .collect();
        let cx = crate::explain::Context {
            req,
            order: self.order,
            values: &self.ranked.values,
            hand_words: &hand_words,
            order_kind: self.input.order,
            split_game: self.input.split_game,
        };
        crate::explain::explain(&cx, self.settled)
    }
}

/// RULES.md §9: every live hand ranked on each board after the first, by
/// request index (`[b - 1][i]`); none with one board or when uncontested.
/// The same evaluators as board 1, so the cross-checks cover them too.
fn rank_more_boards(
    req: &SettleRequest,
    v: &Validated,
) -> Result<Vec<Vec<Option<Showdown>>>, Invalid> {
    if !v.contested {
        return Ok(Vec::new());
    }
    let mut problems = Vec::new();
    let mut out = Vec::with_capacity(v.board_count().saturating_sub(1));
    for b in 1..v.board_count() {
        let mut board = vec![None; req.players.len()];
        for (i, pl) in req.players.iter().enumerate() {
            if pl.folded {
                continue;
            }
            match rank_showdown(v.variant, v.hole(i), v.board_at(b)) {
                Ok(s) => board[i] = Some(s),
                Err(e) => problems.push(eval_problem(i, &e)),
            }
        }
        out.push(board);
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(Invalid::new(problems))
    }
}

/// What several boards add to the answer: the hands on each board after the
/// first (`[b - 1][i]`, request index) and how each pot was shared between
/// the boards (both empty with one board).
struct Boards<'s> {
    more_shown: &'s [Vec<Option<Showdown>>],
    pots: &'s [PotBoards],
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

/// The core's view of one live hand: values, and stud odd-chip keys by the
/// request's rulebook (RULES.md §4; button games ignore the key, and there
/// `shown` is `None`).
fn strengths(
    v: &Validated,
    (high, low): (u64, Option<u64>),
    shown: Option<&Showdown>,
    all_cards: &[showdown_cards::Card],
) -> Hands {
    let key = |side: Side, hand: Option<&HandRank>| match hand {
        Some(hand) if !v.table.button => {
            stud_odd_chip_key(v.variant, v.rules, side, hand, all_cards)
        }
        _ => 0,
    };
    Hands {
        high: HandStrength {
            value: high,
            chip_key: key(Side::High, shown.map(|s| &s.high)),
        },
        low: low.map(|value| HandStrength {
            value,
            chip_key: key(Side::Low, shown.and_then(|s| s.low.as_ref())),
        }),
    }
}

/// The core index of the player the event names as winner: the first
/// potBreakdown entry; when uncontested, the one live player (API.md). A
/// hand where no pot holds a chip (everything uncalled) has no breakdown:
/// the best live high hand stands in, first by seat among equals.
fn winner_k(
    req: &SettleRequest,
    order: &[usize],
    values: &[Option<(u64, Option<u64>)>],
    s: &Settlement,
) -> Option<usize> {
    let live = (0..order.len()).filter(|&k| !req.players[order[k]].folded);
    match (s.reason, s.winners.first()) {
        (Reason::Uncontested, _) => live.min(),
        (_, Some(&k)) => Some(k),
        (_, None) => live.max_by_key(|&k| (values[order[k]].map(|v| v.0), std::cmp::Reverse(k))),
    }
}

fn eval_problem(i: usize, e: &EvalError) -> crate::invalid::FieldError {
    crate::invalid::FieldError {
        pointer: format!("/players/{i}/cards"),
        message: e.to_string(),
    }
}

pub use crate::dto::hand_rank_dto;

/// API.md pot names: `main`, then `side-1`, `side-2`, ... (borrowed for
/// the pots a table can have, nine players making at most eight sides).
fn pot_name(idx: usize) -> Cow<'static, str> {
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
fn build_event<'a>(
    req: &'a SettleRequest,
    v: &Validated,
    order: &[usize],
    values: &[Option<(u64, Option<u64>)>],
    shown: &[Option<Showdown>],
    s: &Settlement,
    boards: &Boards,
) -> HandCompleteEvent<'a> {
    let player = |k: usize| &req.players[order[k]];
    let id = |k: usize| Cow::Borrowed(player(k).id.as_str());
    let name = |k: usize| player(k).name.as_deref().map(Cow::Borrowed);
    // Player k's hands on board b (board 0 is `shown`).
    let on = |b: usize, k: usize| match b.checked_sub(1) {
        None => shown[order[k]].as_ref(),
        Some(m) => boards.more_shown.get(m)?[order[k]].as_ref(),
    };
    let first_won = |k: usize| {
        if boards.pots.is_empty() {
            0
        } else {
            boards.first_board_won(s, k)
        }
    };
    let high = |k: usize| on(first_won(k), k).map(|s| hand_rank_dto(&s.high));
    let low = |k: usize| on(first_won(k), k).and_then(|s| s.low.as_ref().map(hand_rank_dto));

    let pot_breakdown: Vec<PotBreakdownEntry> = s
        .winners
        .iter()
        .map(|&k| PotBreakdownEntry {
            agent_id: id(k),
            agent_name: name(k),
            amount: s.won[k],
            hand_rank: high(k),
            low_hand_rank: low(k),
        })
        .collect();

    // API.md: at a showdown where nobody won chips (the rake took every
    // pot), the event names no winner.
    let raked_away =
        s.reason == Reason::Showdown && s.winners.is_empty() && s.pots.iter().any(|p| p.amount > 0);
    let winner_k = (!raked_away).then(|| winner_k(req, order, values, s).unwrap_or(0));
    let winning_hand = match s.reason {
        Reason::Uncontested => None,
        Reason::Showdown => winner_k.and_then(high),
    };

    let pots = pot_list(req, s, boards, &id);

    let board_list = board_list(v, order, &on, &id);

    let uncalled = s
        .uncalled
        .iter()
        .map(|u| UncalledDto {
            agent_id: id(u.player),
            amount: u.amount,
        })
        .collect();

    let final_chip_stacks: BTreeMap<Cow<'a, str>, u64> = (0..order.len())
        .map(|k| (id(k), s.final_stacks[k]))
        .collect();
    // API.md `rake`, `jackpot`: every player's part, zero included.
    let take = |t: &Option<Take>| {
        t.as_ref().map(|t| TakeDto {
            amount: t.amount,
            contributions: t
                .contributions
                .iter()
                .enumerate()
                .map(|(k, &c)| (id(k), c))
                .collect(),
        })
    };

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
            winner_id: winner_k.map(id),
            winner_name: match winner_k {
                Some(k) => name(k).map(Some),
                None => Some(None),
            },
            winning_hand,
            tie: s.tie,
            total_winners: s.total_winners as u64,
            pot_breakdown,
            pots,
            uncalled,
            rake: take(&s.rake),
            jackpot: take(&s.jackpot),
            final_chip_stacks,
            boards: board_list,
            cash_outs: None,
            cash_out_balance: None,
            bad_beat: None,
            explanation: None,
            eliminations: None,
            bounties: None,
            bounty_cash: None,
            tournament_winner: None,
            next_hand: None,
        },
    }
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

/// The event as JSON bytes, as the route answers it: serde from the DTOs,
/// so the contract has one definition (the derive) and a new field needs
/// no second writer.
pub fn to_json(event: &HandCompleteEvent) -> Result<Vec<u8>, serde_json::Error> {
    // Sized once: a hand_complete is a few hundred bytes a player.
    let mut buf = Vec::with_capacity(512 + 384 * event.data.final_chip_stacks.len());
    serde_json::to_writer(&mut buf, event)?;
    Ok(buf)
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

/// Every load-corpus and golden request that parses, with its file name:
/// the realistic requests the byte-for-byte tests run over.
#[cfg(test)]
pub(crate) fn sample_requests() -> Vec<(String, SettleRequest)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let mut out = Vec::new();
    for dir in ["tests/load/corpus", "tests/golden"] {
        for entry in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
            let path = entry.unwrap().path();
            let name = path.to_string_lossy().to_string();
            if !name.ends_with(".json") || name.ends_with(".response.json") {
                continue;
            }
            let text = std::fs::read(&path).unwrap();
            if let Ok(req) = crate::parse::parse_json::<SettleRequest>(&text) {
                out.push((name, req));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pots_are_named_main_then_side_n_api_md() {
        let names: Vec<String> = [0, 1, 9, 10, 23].map(|i| pot_name(i).into_owned()).into();
        assert_eq!(names, ["main", "side-1", "side-9", "side-10", "side-23"]);
    }

    /// Describing only the shown hands changes no byte of any event: every
    /// load corpus and golden request, settled both ways.
    #[test]
    fn describing_only_shown_hands_changes_no_byte_of_the_event() {
        let mut n = 0;
        for (name, req) in sample_requests() {
            let lazy = settle_with(&req, false).map(|e| serde_json::to_vec(&e).unwrap());
            let eager = settle_with(&req, true).map(|e| serde_json::to_vec(&e).unwrap());
            assert_eq!(lazy.is_ok(), eager.is_ok(), "{name}");
            if let (Ok(a), Ok(b)) = (lazy, eager) {
                assert_eq!(a, b, "{name}");
                n += 1;
            }
        }
        assert!(n > 50, "only {n} requests settled");
    }
}
