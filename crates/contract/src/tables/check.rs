//! The tables request checked: the 400 of a missing blind seat, and every
//! problem of RULES.md §13.8 with its JSON Pointer.

use super::dto::{TableRequest, TablesRequest};
use super::{MAX_PLAYERS, MAX_TABLES};
use crate::problems::Problems;
use crate::validate::tournament::check_button_rule;
use showdown_core::MAX_SEATS;
use showdown_json::{FieldError, Invalid, Problem, MAX_LISTED};
use std::collections::HashMap;

/// The 400 of a table without `firstHand` that misses a blind seat: a
/// required field there, as serde would have said had the field been
/// required for every table (RULES.md §13.8). Run before [`super::tables_request`].
// A Problem is only built on the error path; boxing it buys nothing.
#[allow(clippy::result_large_err)]
pub fn check_required(req: &TablesRequest) -> Result<(), Problem> {
    let mut errors = Vec::new();
    for (i, t) in req.tables.iter().enumerate() {
        if t.first_hand == Some(true) {
            continue;
        }
        for (field, seat) in [
            ("smallBlindSeat", t.small_blind_seat),
            ("bigBlindSeat", t.big_blind_seat),
        ] {
            if seat.is_none() && errors.len() < MAX_LISTED {
                errors.push(FieldError {
                    pointer: format!("/tables/{i}"),
                    message: format!(
                        "the required field \"{field}\" is missing (only a table with firstHand has no blinds)"
                    ),
                });
            }
        }
    }
    match errors.first() {
        None => Ok(()),
        Some(first) => Err(Problem::malformed(
            format!(
                "the body is not the shape of the request: {}",
                first.message
            ),
            errors,
        )),
    }
}

/// RULES.md §13.8: every problem, each with its pointer (a duplicate's is
/// the later one's).
pub(super) fn request(req: &TablesRequest) -> Result<(), Invalid> {
    let mut p = Problems::default();
    let rule = req.button_rule.as_deref();
    if let Some(rule) = rule {
        check_button_rule(rule, "/buttonRule", &mut p);
    }
    let max = req.max_difference.unwrap_or(1);
    if max == 0 {
        p.push("/maxDifference", "maxDifference must be at least 1");
    }
    let halt = req.halt_difference.unwrap_or(3);
    if halt <= max {
        p.push(
            "/haltDifference",
            format!("haltDifference {halt} must be above maxDifference {max}: a table that halts must be short of more than balancing allows"),
        );
    }
    if req.tables.len() > MAX_TABLES {
        p.push(
            "/tables",
            format!("at most {MAX_TABLES} tables, got {}", req.tables.len()),
        );
    }
    let players: usize = req.tables.iter().map(|t| t.players.len()).sum();
    if players > MAX_PLAYERS {
        p.push(
            "/tables",
            format!("at most {MAX_PLAYERS} players over all tables, got {players}"),
        );
    } else if players == 0 {
        p.push(
            "/tables",
            "no player at any table: send the players who keep chips",
        );
    }
    let mut table_ids: HashMap<&str, usize> = HashMap::new();
    let mut player_ids: HashMap<&str, (usize, usize)> = HashMap::new();
    for (i, t) in req.tables.iter().enumerate() {
        check_table(i, t, rule == Some("forward"), &mut p);
        if let Some(first) = table_ids
            .insert(t.id.as_str(), i)
            .filter(|_| !t.id.is_empty())
        {
            p.push(
                format!("/tables/{i}/id"),
                format!(
                    "duplicate table id {:?} (first at /tables/{first}/id)",
                    t.id
                ),
            );
            table_ids.insert(t.id.as_str(), first);
        }
        for (j, pl) in t.players.iter().enumerate() {
            if let Some((fi, fj)) = player_ids
                .insert(pl.id.as_str(), (i, j))
                .filter(|_| !pl.id.is_empty())
            {
                p.push(
                    format!("/tables/{i}/players/{j}/id"),
                    format!(
                        "duplicate player id {:?} (first at /tables/{fi}/players/{fj}/id)",
                        pl.id
                    ),
                );
                player_ids.insert(pl.id.as_str(), (fi, fj));
            }
        }
    }
    p.finish()
}

/// One table's seats: its size, the hand just played, its players' seats.
fn check_table(i: usize, t: &TableRequest, forward: bool, p: &mut Problems) {
    if t.id.is_empty() {
        p.push(format!("/tables/{i}/id"), "id must not be empty");
    }
    if !(2..=MAX_SEATS).contains(&t.seats) {
        p.push(
            format!("/tables/{i}/seats"),
            format!("seats {} is outside 2 to {MAX_SEATS}", t.seats),
        );
    }
    let seats = t.seats.clamp(2, MAX_SEATS);
    let on_table = |seat: u32| (1..=seats).contains(&seat);
    let seat_check = |field: &str, seat: u32, p: &mut Problems| {
        if !on_table(seat) {
            p.push(
                format!("/tables/{i}/{field}"),
                format!("{field} {seat} is outside the table's seats 1 to {seats}"),
            );
        }
    };
    for (field, seat) in [
        ("smallBlindSeat", t.small_blind_seat),
        ("bigBlindSeat", t.big_blind_seat),
        ("buttonSeat", t.button_seat),
    ] {
        if let Some(seat) = seat {
            seat_check(field, seat, p);
        }
    }
    if t.first_hand == Some(true) {
        check_first_hand(i, t, p);
    } else {
        check_hand_played(i, t, forward, p);
    }
    let mut taken: [Option<usize>; MAX_SEATS as usize + 1] = [None; MAX_SEATS as usize + 1];
    for (j, pl) in t.players.iter().enumerate() {
        if pl.id.is_empty() {
            p.push(
                format!("/tables/{i}/players/{j}/id"),
                "id must not be empty",
            );
        }
        if !on_table(pl.seat) {
            p.push(
                format!("/tables/{i}/players/{j}/seat"),
                format!("seat {} is outside the table's seats 1 to {seats}", pl.seat),
            );
        } else if let Some(first) = taken[pl.seat as usize].replace(j) {
            p.push(
                format!("/tables/{i}/players/{j}/seat"),
                format!(
                    "seat {} is taken twice (first at /tables/{i}/players/{first}/seat)",
                    pl.seat
                ),
            );
            taken[pl.seat as usize] = Some(first);
        }
    }
}

/// The seats of the hand just played: the forward button needs the
/// button's, and the blinds are on two seats (§13.8).
fn check_hand_played(i: usize, t: &TableRequest, forward: bool, p: &mut Problems) {
    if forward && t.button_seat.is_none() {
        p.push(
            format!("/tables/{i}/buttonSeat"),
            "the forward button needs the button's seat in the hand just played",
        );
    }
    if let (Some(small), Some(big)) = (t.small_blind_seat, t.big_blind_seat) {
        if small == big {
            p.push(
                format!("/tables/{i}/bigBlindSeat"),
                format!("bigBlindSeat {big} is also smallBlindSeat: the blinds are on two seats"),
            );
        }
    }
}

/// RULES.md §13.9's refusals: a first hand has no blinds yet, and its
/// button is the drawn seat of a player.
fn check_first_hand(i: usize, t: &TableRequest, p: &mut Problems) {
    for (field, seat) in [
        ("smallBlindSeat", t.small_blind_seat),
        ("bigBlindSeat", t.big_blind_seat),
    ] {
        if seat.is_some() {
            p.push(
                format!("/tables/{i}/{field}"),
                format!("{field} with firstHand: a table that has not dealt yet has no blinds; its first hand's follow the drawn button"),
            );
        }
    }
    match t.button_seat {
        None => p.push(
            format!("/tables/{i}/buttonSeat"),
            "firstHand needs buttonSeat: the seat the draw for the button gave (POST /v1/draw)",
        ),
        Some(b) if on_table(t, b) && !t.players.iter().any(|pl| pl.seat == b) => p.push(
            format!("/tables/{i}/buttonSeat"),
            format!(
                "buttonSeat {b} has no player: a first hand's button is drawn among the players"
            ),
        ),
        Some(_) => {}
    }
}

/// A seat of the table (a seat off it is refused on its own).
fn on_table(t: &TableRequest, seat: u32) -> bool {
    (1..=t.seats.clamp(2, MAX_SEATS)).contains(&seat)
}
