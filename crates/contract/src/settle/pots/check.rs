//! Validation of a settle request: every problem, each with a JSON Pointer.
//!
//! The checks here are what makes the rest of the pipeline total: after
//! [`validate`] succeeds, parsing cards cannot fail, ranking a live hand has
//! the variant's card counts, and the core's own guard rails
//! (`SettleError`) cannot trip. That is how "nothing a client sends gives a
//! 5xx" is kept (API.md, Errors) without relying on the catch-panic layer.
//!
//! Problems are collected, never short-circuited, so a client fixes a request
//! in one round trip (API.md: "listing every problem found, not only the
//! first"). Pointers (RFC 6901) index the request as sent, not the
//! seat-sorted order the core sees.

#[path = "../bad_beat/check.rs"]
pub mod bad_beat;
#[path = "../boards/check.rs"]
mod boards;
#[path = "cards.rs"]
mod cards;
#[path = "../cash_out/check.rs"]
pub mod cash_out;
#[path = "../showdown/check.rs"]
pub mod showdown;
#[path = "../tournament/check.rs"]
pub(crate) mod tournament;
#[path = "../validated.rs"]
mod validated;

use crate::problems::{seating, Problems};
use crate::settle::dto::{PlayerRequest, SettleRequest};
use showdown_cards::{Rulebook, Variant, VariantId};
use showdown_core::{
    button_refusal, echo_refusal, folded_uncalled, hand_refusals, hand_total_refusal, over_stack,
    ChipAmount, EchoRefusal, HandAt, HandRefusal, HiLoOddChips, Unit,
};
use showdown_json::Invalid;
pub use validated::Validated;

#[path = "../house_take/check.rs"]
pub(crate) mod rake;

/// Check a request; on success return it parsed. Each concern is checked in
/// the order its problems are listed.
pub fn validate(req: &SettleRequest) -> Result<Validated, Invalid> {
    let mut p = Problems::default();
    let variant = variant(req, &mut p);
    let table = variant.map(VariantId::variant);
    let rules = rulebook(req, &mut p);
    let hi_lo = hi_lo_odd_chips(req, &mut p);
    let unit = chip_unit(req, &mut p);
    let dead_money = hand_amounts(req, unit, &mut p);
    let contested = players(req, unit, dead_money, &mut p);
    uncalled_bet(req, &mut p);
    let button_seat = button(req, table.as_ref(), &mut p);
    let dealt = cards::parse(req, table.as_ref(), contested, &mut p);
    if let Some(t) = &table {
        cards::counts(req, t, contested, &mut p);
    }
    rake::check(req, unit, &mut p);
    cash_out::check(req, variant, &mut p);
    bad_beat::check(req, variant, unit, &mut p);
    tournament::check(req, &mut p);
    tournament::check_next_hand(req, table.as_ref(), &mut p);
    tournament::check_prize_table(req, &mut p);
    let showdown = showdown::check(req, &mut p);

    match (p.is_empty(), variant, table, unit) {
        (true, Some(variant), Some(table), Some(chip_unit)) => Ok(Validated {
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

/// The variant id, one of GET /v1/variants.
fn variant(req: &SettleRequest, p: &mut Problems) -> Option<VariantId> {
    let v = req.variant.parse::<VariantId>().ok();
    if v.is_none() {
        p.push("/variant", {
            let ids: Vec<&str> = VariantId::ALL.iter().map(|v| v.as_str()).collect();
            showdown_json::closed_set::unknown("variant", &req.variant, &ids)
        });
    }
    v
}

/// The rulebook, TDA unless the request names Roberts.
fn rulebook(req: &SettleRequest, p: &mut Problems) -> Rulebook {
    let choices = [("tda", Rulebook::Tda), ("roberts", Rulebook::Roberts)];
    p.pick("/rules", "rules", req.rules.as_deref(), &choices)
        .unwrap_or(Rulebook::Tda)
}

/// `hiLoOddChips` (RULES.md §4), TDA 19 unless the request names `high`.
fn hi_lo_odd_chips(req: &SettleRequest, p: &mut Problems) -> HiLoOddChips {
    let choices = [("tda", HiLoOddChips::Tda), ("high", HiLoOddChips::High)];
    p.pick(
        "/hiLoOddChips",
        "hiLoOddChips",
        req.hi_lo_odd_chips.as_deref(),
        &choices,
    )
    .unwrap_or_default()
}

/// `chipUnit`, checked first: the other amounts are checked against it.
fn chip_unit(req: &SettleRequest, p: &mut Problems) -> Option<u64> {
    p.unit("/chipUnit", Unit::Chip, req.chip_unit)
}

/// The hand's own amounts, `deadMoney` (returned) and `handNumber`.
fn hand_amounts(req: &SettleRequest, unit: Option<u64>, p: &mut Problems) -> u64 {
    let dead_money = req.dead_money.unwrap_or(0);
    p.amount(
        || "/deadMoney".to_string(),
        ChipAmount::DeadMoney,
        dead_money,
        unit,
    );
    if let Some(r) = req
        .hand_number
        .and_then(|h| echo_refusal(h, EchoRefusal::HandNumber))
    {
        p.push("/handNumber", r.to_string());
    }
    dead_money
}

/// The players: how many, how many live, each one's id, seat and amounts,
/// and the chips of the hand in all. Returns whether the hand is contested
/// (two or more live players).
fn players(req: &SettleRequest, unit: Option<u64>, dead_money: u64, p: &mut Problems) -> bool {
    let n = req.players.len();
    let live = req.players.iter().filter(|pl| !pl.folded).count();
    for refusal in hand_refusals(n, live) {
        hand_refusal(p, Some(refusal));
    }
    let ids: Vec<&str> = req.players.iter().map(|pl| pl.id.as_str()).collect();
    let seats: Vec<u32> = req.players.iter().map(|pl| pl.seat).collect();
    let mut seated = seating(&ids, &seats);
    let mut total: u64 = dead_money;
    for (i, pl) in req.players.iter().enumerate() {
        p.seating(&mut seated, i);
        total = total.saturating_add(player_amounts(i, pl, unit, p));
    }
    // Not said again when an amount alone is over (its own refusal says so).
    if let Some(refusal) = hand_total_refusal(total).filter(|_| !p.over) {
        p.push("/players", refusal.to_string());
    }
    live >= 2
}

/// Player `i`'s stack, committed and dead chips; returns the chips they put
/// in the pot.
fn player_amounts(i: usize, pl: &PlayerRequest, unit: Option<u64>, p: &mut Problems) -> u64 {
    let at = |field: &str| format!("/players/{i}/{field}");
    let dead = pl.dead.unwrap_or(0);
    p.amount(|| at("stack"), ChipAmount::Stack, pl.stack, unit);
    p.amount(
        || at("committed"),
        ChipAmount::Committed,
        pl.committed,
        unit,
    );
    p.amount(|| at("dead"), ChipAmount::Dead, dead, unit);
    if let Some(refusal) = over_stack(pl.stack, pl.committed, dead) {
        p.push(at("committed"), refusal.to_string());
    }
    pl.committed.saturating_add(dead)
}

/// RULES.md §2.1: a folded player cannot own the uncalled bet (the
/// core's `folded_uncalled`).
fn uncalled_bet(req: &SettleRequest, p: &mut Problems) {
    let bets = req.players.iter().map(|pl| (pl.committed, pl.folded));
    hand_refusal(p, folded_uncalled(bets));
}

/// A refusal of the hand at its pointer.
fn hand_refusal(p: &mut Problems, refusal: Option<HandRefusal>) {
    if let Some(r) = refusal {
        let pointer = match r.at() {
            HandAt::Players => "/players".to_string(),
            HandAt::Folded(i) => format!("/players/{i}/folded"),
            HandAt::ButtonSeat => "/buttonSeat".to_string(),
        };
        p.push(pointer, r.to_string());
    }
}

/// The button seat (RULES.md §4: button games give odd chips from the
/// button; stud games have none), when the core's `button_refusal` has
/// none.
fn button(req: &SettleRequest, table: Option<&Variant>, p: &mut Problems) -> Option<u32> {
    let game = table.map(|t| (t.id.as_str(), t.button));
    let refusal = button_refusal(game, req.button_seat);
    hand_refusal(p, refusal);
    req.button_seat.filter(|_| refusal.is_none())
}
