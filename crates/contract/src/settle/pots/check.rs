//! The 422 checks of the hand itself, each problem at its JSON Pointer:
//! the variant, the rulebook, the odd-chip rule, the chip unit, the
//! hand's amounts, the players (ids, seats, amounts, the uncalled bet) and
//! the button; the cards are `cards.rs`'s.

use crate::problems::{seating, Problems};
use crate::request_names::worded;
use crate::settle::dto::SettleRequest;
use crate::settle::pots::dto::PlayerRequest;
use showdown_cards::{Rulebook, Variant, VariantId};
use showdown_core::{
    button_refusal, echo_refusal, folded_uncalled, hand_refusals, hand_total_refusal, over_stack,
    ChipAmount, EchoRefusal, HandAt, HandRefusal, HiLoOddChips, Unit,
};

/// The variant id, one of GET /v1/variants.
pub(crate) fn variant(req: &SettleRequest, p: &mut Problems) -> Option<VariantId> {
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
pub(crate) fn rulebook(req: &SettleRequest, p: &mut Problems) -> Rulebook {
    let choices = [("tda", Rulebook::Tda), ("roberts", Rulebook::Roberts)];
    p.pick("/rules", "rules", req.rules.as_deref(), &choices)
        .unwrap_or(Rulebook::Tda)
}

/// `hiLoOddChips` (RULES.md §4), TDA 19 unless the request names `high`.
pub(crate) fn hi_lo_odd_chips(req: &SettleRequest, p: &mut Problems) -> HiLoOddChips {
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
pub(crate) fn chip_unit(req: &SettleRequest, p: &mut Problems) -> Option<u64> {
    p.unit("/chipUnit", Unit::Chip, req.chip_unit)
}

/// The hand's own amounts, `deadMoney` (returned) and `handNumber`.
pub(crate) fn hand_amounts(req: &SettleRequest, unit: Option<u64>, p: &mut Problems) -> u64 {
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
        p.push("/handNumber", worded(&r));
    }
    dead_money
}

/// The players: how many, how many live, each one's id, seat and amounts,
/// and the chips of the hand in all. Returns whether the hand is contested
/// (two or more live players).
pub(crate) fn players(
    req: &SettleRequest,
    unit: Option<u64>,
    dead_money: u64,
    p: &mut Problems,
) -> bool {
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
        p.push("/players", worded(&refusal));
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
        p.push(at("committed"), worded(&refusal));
    }
    pl.committed.saturating_add(dead)
}

/// RULES.md §2.1: a folded player cannot own the uncalled bet (the
/// core's `folded_uncalled`).
pub(crate) fn uncalled_bet(req: &SettleRequest, p: &mut Problems) {
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
        p.push(pointer, worded(&r));
    }
}

/// The button seat (RULES.md §4: button games give odd chips from the
/// button; stud games have none), when the core's `button_refusal` has
/// none.
pub(crate) fn button(
    req: &SettleRequest,
    table: Option<&Variant>,
    p: &mut Problems,
) -> Option<u32> {
    let game = table.map(|t| (t.id.as_str(), t.button));
    let refusal = button_refusal(game, req.button_seat);
    hand_refusal(p, refusal);
    req.button_seat.filter(|_| refusal.is_none())
}
