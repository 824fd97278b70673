//! The whole settle pipeline without HTTP (the server's README, "One
//! request, end to end"): validate -> parse cards -> rank each live hand ->
//! sort players by seat -> `showdown_core::settle` -> the `hand_complete`
//! event -> what the hand adds on top.
//!
//! [`settle_request`] is the stable entry point: the HTTP route, the
//! `showdown settle` subcommand and the PHH replay all call it, so they
//! cannot disagree.
//!
//! Each feature of a hand is one folder under `settle/` (DESIGN.md): its
//! request and answer types (`dto.rs`), its 422 checks (`check.rs`), its
//! step (`answer.rs`: its terms to the core, the outcome into the answer)
//! and its explanation (`explain.rs`). This file lists the checks in
//! [`validate`] and the steps in [`settle_request`], in the order they run;
//! `dto.rs` lists each feature's part of the body and of the answer.
//! Beside the features: the checked request ([`Validated`]), the settled
//! [`hand::Hand`] every step reads, and the explanation's step type and
//! names.

mod all_in_ev;
mod bad_beat;
mod boards;
mod cash_out;
mod dto;
mod explain_step;
mod hand;
mod house_take;
mod names;
mod next_hand;
mod pots;
mod runouts;
mod showdown;
mod tournament;
mod validated;

use crate::problems::Problems;
use crate::unanswered::Unanswered;
use hand::Hand;
use showdown_cards::VariantId;
use showdown_core::HouseTake;
use showdown_json::Invalid;
use std::cell::OnceCell;
use std::sync::atomic::AtomicBool;

// The types face the crate's users here (`settle::SettleRequest`); the
// crate's own files name the module that defines each, so none imports
// them back through this one (tests/layers/import_circles.py).
pub use crate::next_hand::NextHand;
pub use all_in_ev::dto::{AllInEvDto, AllInEvRequest, ExactChips, WideInt};
pub use bad_beat::dto::{BadBeatDto, BadBeatPayoutDto, BadBeatRequest};
pub use boards::dto::{BoardDto, BoardHandDto};
pub use cash_out::dto::{CashOutDto, CashOutFeeRounding, CashOutPotDto, CashOutRequest};
pub use dto::{
    example_api_md, example_double_board_omaha_hi_lo, example_run_it_twice, example_tournament,
    raked_settle_example, settle_example, HandComplete, HandCompleteEvent, SettleRequest,
};
pub use explain_step::{safe_name, ExplainRule, ExplainStep};
pub use house_take::dto::{
    CapStepRequest, JackpotRequest, RakeAttribution, RakeRequest, RakeRounding, RakeSpread, TakeDto,
};
pub use pots::dto::{
    BoardHalfDto, HandRankDto, PlayerRequest, PotBoardDto, PotBreakdownEntry, PotDto, ShareDto,
    Text, UncalledDto,
};
pub use showdown::dto::{BoardRankDto, ShowdownEntryDto, ShowdownRequest};
pub use tournament::dto::{BountyAwardDto, EliminationDto, TournamentRequest};
pub use validated::Validated;

/// Validation of a settle request: every problem, each with a JSON
/// Pointer, each feature's checks from its `check.rs`.
///
/// The checks are what makes the rest of the pipeline total: once this
/// succeeds, parsing cards cannot fail, ranking a live hand has the
/// variant's card counts, and the core's own guard rails (`SettleError`)
/// cannot trip. That is how "nothing a client sends gives a 5xx" is kept
/// (API.md, Errors) without relying on the catch-panic layer.
///
/// Problems are collected, never short-circuited, so a client fixes a
/// request in one round trip (API.md: "listing every problem found, not
/// only the first"). Pointers (RFC 6901) index the request as sent, not
/// the seat-sorted order the core sees. Each concern is checked in the
/// order its problems are listed; on success the request comes back parsed.
pub fn validate(req: &SettleRequest) -> Result<Validated<'_>, Invalid> {
    let mut p = Problems::default();
    let variant = pots::check::variant(req, &mut p);
    let table = variant.map(VariantId::variant);
    let rules = pots::check::rulebook(req, &mut p);
    let hi_lo = pots::check::hi_lo_odd_chips(req, &mut p);
    let unit = pots::check::chip_unit(req, &mut p);
    let dead_money = pots::check::hand_amounts(req, unit, &mut p);
    let contested = pots::check::players(req, unit, dead_money, &mut p);
    pots::check::uncalled_bet(req, &mut p);
    let button_seat = pots::check::button(req, table.as_ref(), &mut p);
    let dealt = pots::cards::parse(req, table.as_ref(), contested, &mut p);
    if let Some(t) = &table {
        pots::cards::counts(req, t, contested, &mut p);
    }
    let (rake, jackpot) = house_take::check::check(req, unit, &mut p);
    cash_out::check::check(req, variant, &mut p);
    all_in_ev::check::check(req, variant, &mut p);
    bad_beat::check::check(req, variant, unit, &mut p);
    tournament::check::check(req, &mut p);
    next_hand::check::check(req, table.as_ref(), &mut p);
    tournament::check::check_prize_table(req, &mut p);
    let showdown = showdown::check::check(req, &mut p);

    match (p.is_empty(), variant, table, unit) {
        (true, Some(variant), Some(table), Some(chip_unit)) => Ok(Validated {
            house: HouseTake {
                rake,
                jackpot,
                flop_seen: house_take::answer::flop_seen(&table, &dealt),
            },
            req,
            order: seat_order(req),
            variant,
            table,
            rules,
            hi_lo,
            chip_unit,
            dead_money,
            button_seat,
            cards: dealt.cards,
            board_ends: dealt.board_ends,
            starts: dealt.starts,
            contested,
            showdown,
        }),
        _ => Err(p.into_invalid()),
    }
}

/// Request indices by seat: the order the core sees the players in, so
/// the result never depends on the order of the request.
fn seat_order(req: &SettleRequest) -> Vec<usize> {
    let mut order: Vec<usize> = (0..req.players.len()).collect();
    order.sort_by_key(|&i| req.players[i].seat);
    order
}

/// Settle one request: the `hand_complete` event, or every problem found.
///
/// Pure: the same request gives the same event whatever the order of
/// `players` (the core sees them sorted by seat).
pub fn settle_request(req: &SettleRequest) -> Result<HandCompleteEvent<'_>, Invalid> {
    settle_with(req, false, &AtomicBool::new(false)).map_err(Unanswered::never_stopped)
}

/// [`settle_request`], given up soon after `stop` is raised (the service
/// raises it when the request times out or its client goes away): only
/// the run-outs of cash-outs and the all-in expectation take long enough
/// to look at it.
pub fn settle_request_until<'r>(
    req: &'r SettleRequest,
    stop: &AtomicBool,
) -> Result<HandCompleteEvent<'r>, Unanswered> {
    settle_with(req, false, stop)
}

/// [`settle_request`]; `describe_all` describes every live hand up front, as
/// stud always does (the tests compare both ways byte for byte). The
/// pipeline, step by step: validate, rank, settle in the core, describe
/// the hands shown, build the event, then what the hand adds on top.
fn settle_with<'r>(
    req: &'r SettleRequest,
    describe_all: bool,
    stop: &AtomicBool,
) -> Result<HandCompleteEvent<'r>, Unanswered> {
    let v = validate(req)?;

    // Button games need only the values to settle; stud odd chips under
    // TDA 19 need the tabled cards, and several boards show every hand.
    let describe_all = describe_all || !v.table.button || v.board_count() > 1;
    let mut ranked = pots::rank::rank_live_hands(&v, describe_all)?;
    let more_shown = boards::answer::rank_more_boards(&v)?;
    let input = pots::rank::core_input(&v, &ranked);

    // Validation makes the core's guard rails unreachable; should one trip
    // anyway, it is still the client's impossible hand, never a 5xx.
    let more_boards = boards::answer::more_board_hands(&v, &more_shown);
    let settled = showdown_core::settle_hand_with(&input, &v.house, &more_boards, v.hi_lo)
        .map_err(|e| Invalid::one("", format!("the hand cannot be settled: {e}")))?;
    if !describe_all {
        pots::rank::describe_shown(&v, &settled.settlement, &mut ranked);
    }
    // The jackpot's verdict first: the showdown turns up the hands it
    // pays (RULES.md §15.8).
    let highs: Vec<Option<u64>> = ranked.values.iter().map(|x| x.map(|(h, _)| h)).collect();
    let jackpot = bad_beat::answer::verdict(&v, &highs)?;
    // RULES.md §15: who shows, before the answer reads the ranked hands
    // (with `audience: table` it marks those it may not show).
    let shows = showdown::answer::Table {
        v: &v,
        input: &input,
        more_boards: &more_boards,
        more_shown: &more_shown,
        settled: &settled,
        jackpot: &bad_beat::answer::paid_hands(jackpot.as_ref(), req.players.len()),
    }
    .entries(&mut ranked)?;
    let hand = Hand {
        v: &v,
        input: &input,
        settled: &settled,
        ranked: &ranked,
        more_shown: &more_shown,
        words: OnceCell::new(),
        stop,
    };
    let mut event = pots::answer::build_event(&hand);
    event.data.showdown = shows;
    let mut event = on_top(&hand, event, jackpot)?;
    showdown::answer::redact(&mut event, &v, &ranked.hidden);
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
) -> Result<HandCompleteEvent<'a>, Unanswered> {
    let req = hand.req();
    event.data.bad_beat = bad_beat::answer::judge(hand.v, jackpot, &hand.ranked.hidden);
    let cash_outs = cash_out::answer::value(hand)?;
    let outcomes = cash_outs.as_ref().map_or(&[][..], |c| &c.outcomes[..]);
    let counted = cash_outs.as_ref().map(|c| &c.equities);
    event.data.all_in_ev = all_in_ev::answer::expectations(hand, outcomes, counted)?;
    let tournament = tournament::answer::end(hand)?;
    let next_hand = next_hand::answer::next(hand);
    if let Some(c) = &cash_outs {
        for (k, &stack) in c.final_stacks.iter().enumerate() {
            event.data.final_chip_stacks.insert(hand.id(k), stack);
        }
        event.data.cash_out_balance = Some(c.balance);
    }
    if req.explain {
        // Only on request, so the plain answer costs nothing more.
        let mut steps = pots::explain::explain(hand);
        if let Some(entries) = &event.data.showdown {
            // The showdown comes after the uncalled bets go back, before
            // any pot is paid.
            let at = steps
                .iter()
                .take_while(|s| s.rule == ExplainRule::UncalledBet)
                .count();
            steps.splice(at..at, showdown::explain::showdown_steps(hand.v, entries));
        }
        if let Some(c) = &cash_outs {
            steps.extend(cash_out::explain::steps(req, &c.dtos));
        }
        if let Some(entries) = &event.data.all_in_ev {
            steps.extend(all_in_ev::explain::steps(req, entries));
        }
        if let Some(bb) = &event.data.bad_beat {
            steps.extend(bad_beat::explain::steps(req, bb));
        }
        if let Some(t) = &tournament {
            steps.extend(tournament::explain::steps(req, t));
        }
        if let Some(n) = &next_hand {
            steps.push(next_hand::explain::step(hand, n));
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
    use super::pots::answer::pot_name;
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
            let go = AtomicBool::new(false);
            let lazy = settle_with(&req, false, &go).map(|e| serde_json::to_vec(&e).unwrap());
            let eager = settle_with(&req, true, &go).map(|e| serde_json::to_vec(&e).unwrap());
            assert_eq!(lazy.is_ok(), eager.is_ok(), "{name}");
            if let (Ok(a), Ok(b)) = (lazy, eager) {
                assert_eq!(a, b, "{name}");
                n += 1;
            }
        }
        assert!(n > 50, "only {n} requests settled");
    }
}
