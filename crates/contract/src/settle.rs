//! The whole settle pipeline without HTTP (the server's README, "One
//! request, end to end"): validate -> parse cards -> rank each live hand ->
//! sort players by seat -> `showdown_core::settle` -> the `hand_complete`
//! event.
//!
//! [`settle_request`] is the stable entry point: the HTTP route, the
//! `showdown settle` subcommand and the PHH replay all call it, so they
//! cannot disagree.
//!
//! The hands are ranked in `rank`, the event is assembled in `event`, and
//! what a hand adds on top (cash-outs, the bad-beat jackpot, the
//! tournament, its prizes, the next hand, the explanation) each comes from
//! a module of its own under `settle/`.

#[path = "settle/bad_beat/answer.rs"]
pub mod bad_beat;
#[path = "settle/cash_out/answer.rs"]
pub mod cash_out;
#[path = "settle/dto/mod.rs"]
pub(crate) mod dto;
#[path = "settle/pots/answer.rs"]
mod event;
#[path = "settle/pots/explain.rs"]
pub mod explain;
mod hand;
#[path = "settle/house_take/answer.rs"]
mod house_take;
#[path = "settle/next_hand/explain.rs"]
pub mod next_hand;
#[path = "settle/tournament/explain.rs"]
pub mod prize;
#[path = "settle/pots/rank.rs"]
mod rank;
#[path = "settle/showdown/answer.rs"]
mod showdown;
#[path = "settle/explain_step.rs"]
pub mod step;
#[path = "settle/tournament/answer.rs"]
pub mod tournament;

use crate::validate::validate;
use event::build_event;
use hand::Hand;
use rank::{core_input, describe_shown, more_board_hands, rank_live_hands, rank_more_boards};
use showdown_json::Invalid;
use std::cell::OnceCell;

// The DTOs face the crate's users here (`settle::SettleRequest`); the
// crate's own files name `settle::dto`, so none imports them back through
// this module (tests/layers/import_circles.py).
pub use dto::*;

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
    let house = house_take::house_take(req, &v);
    let more_boards = more_board_hands(&v, &order, &more_shown);
    let settled = showdown_core::settle_hand_with(&input, &house, &more_boards, v.hi_lo)
        .map_err(|e| Invalid::one("", format!("the hand cannot be settled: {e}")))?;
    if !describe_all {
        describe_shown(req, &v, &order, &settled.settlement, &mut ranked);
    }
    // The jackpot's verdict first: the showdown turns up the hands it
    // pays (RULES.md §15.8).
    let highs: Vec<Option<u64>> = ranked.values.iter().map(|x| x.map(|(h, _)| h)).collect();
    let jackpot = bad_beat::verdict(req, &v, &highs)?;
    // RULES.md §15: who shows, before the answer reads the ranked hands
    // (with `audience: table` it marks those it may not show).
    let shows = showdown::Table {
        req,
        v: &v,
        order: &order,
        input: &input,
        more_boards: &more_boards,
        more_shown: &more_shown,
        settled: &settled,
        jackpot: &bad_beat::paid_hands(jackpot.as_ref(), req.players.len()),
    }
    .entries(&mut ranked)?;
    let hand = Hand {
        req,
        v: &v,
        order: &order,
        input: &input,
        settled: &settled,
        ranked: &ranked,
        more_shown: &more_shown,
        words: OnceCell::new(),
    };
    let mut event = build_event(&hand);
    event.data.showdown = shows;
    let mut event = on_top(&hand, event, jackpot)?;
    showdown::redact(&mut event, req, &ranked.hidden);
    Ok(event)
}

/// What the hand adds on top of the settlement, each from its own module
/// reading it: the bad-beat jackpot (its `verdict` already reached),
/// cash-outs, the tournament end and the next hand, then the explanation
/// when asked.
fn on_top<'a>(
    hand: &Hand<'a, '_>,
    mut event: HandCompleteEvent<'a>,
    jackpot: Option<showdown_core::BadBeatOutcome>,
) -> Result<HandCompleteEvent<'a>, Invalid> {
    let req = hand.req;
    event.data.bad_beat = bad_beat::judge(req, hand.v, jackpot, &hand.ranked.hidden);
    let cash_outs = cash_out::value(hand)?;
    let tournament = tournament::end(hand)?;
    let next_hand = next_hand::next(hand);
    if let Some(c) = &cash_outs {
        for (k, &stack) in c.final_stacks.iter().enumerate() {
            event.data.final_chip_stacks.insert(hand.id(k), stack);
        }
        event.data.cash_out_balance = Some(c.balance);
    }
    if req.explain {
        // Only on request, so the plain answer costs nothing more.
        let mut steps = explain::explain(hand);
        if let Some(entries) = &event.data.showdown {
            // The showdown comes after the uncalled bets go back, before
            // any pot is paid.
            let at = steps
                .iter()
                .take_while(|s| s.rule == step::ExplainRule::UncalledBet)
                .count();
            steps.splice(at..at, explain::showdown_steps(req, hand.v, entries));
        }
        if let Some(c) = &cash_outs {
            steps.extend(cash_out::steps(req, &c.dtos));
        }
        if let Some(bb) = &event.data.bad_beat {
            steps.extend(bad_beat::steps(req, bb));
        }
        if let Some(t) = &tournament {
            steps.extend(tournament::steps(req, t));
        }
        if let Some(n) = &next_hand {
            steps.push(next_hand::step(hand, n));
        }
        event.data.explanation = Some(steps);
    }
    event.data.cash_outs = cash_outs.map(|c| c.dtos);
    if let Some(t) = tournament {
        event.data.eliminations = Some(t.eliminations);
        event.data.bounties = Some(t.bounties);
        event.data.bounty_cash = Some(t.bounty_cash);
        event.data.prize_cash = t.prize_cash;
        event.data.tournament_winner = t.winner;
    }
    event.data.next_hand = next_hand;
    Ok(event)
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
            if let Ok(req) = showdown_json::parse_json::<SettleRequest>(&text) {
                out.push((name, req));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::event::pot_name;
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
