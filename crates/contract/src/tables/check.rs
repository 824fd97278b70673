//! The tables request checked: the 400 of a missing blind seat, and every
//! problem of RULES.md §13.8 with its JSON Pointer.

use super::dto::{TableRequest, TablesRequest};
use crate::next_hand::check_button_rule;
use crate::problems::Problems;
use crate::request_names::{field, pointer as place_pointer, worded};
use showdown_core::{
    table_refusals, tables_id_refusals, tables_terms_refusals, Place, SeatingRefusal, TableSeats,
    TablesAt, TablesIdRefusal, TablesRefusal,
};
use showdown_json::{FieldError, Invalid, Problem, MAX_LISTED};

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
    let players: usize = req.tables.iter().map(|t| t.players.len()).sum();
    let terms = tables_terms_refusals(
        req.max_difference,
        req.halt_difference,
        req.tables.len(),
        players,
    );
    for r in terms {
        push(&mut p, r);
    }
    let ids: Vec<(&str, Vec<&str>)> = (req.tables.iter())
        .map(|t| {
            (
                t.id.as_str(),
                t.players.iter().map(|pl| pl.id.as_str()).collect(),
            )
        })
        .collect();
    let mut twice = tables_id_refusals(&ids).into_iter().peekable();
    for (i, t) in req.tables.iter().enumerate() {
        check_table(i, t, rule == Some("forward"), &mut p);
        while let Some(r) = twice.next_if(|r| id_place(r).0 == i) {
            p.push(id_place(&r).1, worded(&r));
        }
    }
    p.finish()
}

/// The table a repeated id is in, and the pointer of the id.
fn id_place(r: &TablesIdRefusal) -> (usize, String) {
    match *r {
        TablesIdRefusal::TableTwice { table, .. } => (table, place_pointer(Place::TableId(table))),
        TablesIdRefusal::PlayerTwice { table, player, .. } => {
            (table, place_pointer(Place::TablePlayerId(table, player)))
        }
    }
}

/// One table's seats: its size, the hand just played, its players' seats.
fn check_table(i: usize, t: &TableRequest, forward: bool, p: &mut Problems) {
    if t.id.is_empty() {
        p.push(
            format!("/tables/{i}/id"),
            SeatingRefusal::EmptyId.to_string(),
        );
    }
    let player_seats: Vec<u32> = t.players.iter().map(|pl| pl.seat).collect();
    let (table, by_player) = table_refusals(&TableSeats {
        index: i,
        seats: t.seats,
        small_blind: t.small_blind_seat,
        big_blind: t.big_blind_seat,
        button: t.button_seat,
        first_hand: t.first_hand == Some(true),
        forward,
        player_seats: &player_seats,
    });
    for r in table {
        push(p, r);
    }
    for (j, (pl, r)) in t.players.iter().zip(by_player).enumerate() {
        if pl.id.is_empty() {
            let empty = SeatingRefusal::EmptyId.to_string();
            p.push(format!("/tables/{i}/players/{j}/id"), empty);
        }
        if let Some(r) = r {
            push(p, r);
        }
    }
}

/// The core's refusal at its pointer.
fn push(p: &mut Problems, r: TablesRefusal) {
    p.push(pointer(r.at()), worded(&r));
}

/// The JSON Pointer of a tables refusal's place.
fn pointer(at: TablesAt) -> String {
    match at {
        TablesAt::MaxDifference => "/maxDifference".to_string(),
        TablesAt::HaltDifference => "/haltDifference".to_string(),
        TablesAt::Tables => "/tables".to_string(),
        TablesAt::Seats(i) => format!("/tables/{i}/seats"),
        TablesAt::Field(i, seat) => format!("/tables/{i}/{}", field(seat.term())),
        TablesAt::PlayerSeat(i, j) => place_pointer(Place::TablePlayerSeat(i, j)),
    }
}
