//! The JSON of `POST /v1/tables` (API.md; RULES.md §13), its validation
//! (every problem of §13.8, each with a JSON Pointer, through the
//! accumulator every route shares) and the glue to
//! `showdown_core::between_hands`.
//!
//! [`tables_request`] is the whole pipeline, HTTP free: the route and the
//! `showdown tables` subcommand only wrap it. Players are identified by
//! their place in the request, so the answer's ids borrow from it.

use crate::dto::{Id, NextHand};
use crate::next_hand::button_rule;
use crate::problems::Problems;
use crate::validate::tournament::check_button_rule;
use serde::{Deserialize, Serialize};
use showdown_core::{
    between_hands, Balancing, Before, HandPlayed, Table, TableAfter, TablePlayer, TablesOutcome,
    MAX_SEATS,
};
use showdown_json::Problem;
use showdown_json::{FieldError, Invalid, MAX_LISTED};
use std::borrow::Cow;
use std::collections::HashMap;

/// The most tables one request may list (RULES.md §13.8).
pub const MAX_TABLES: usize = 1_000;
/// The most players one request may list over all its tables (§13.8).
pub const MAX_PLAYERS: usize = 10_000;

/// POST /v1/tables body: a tournament's tables between hands.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "maxDifference": 1, "haltDifference": 3, "buttonRule": "dead",
    "tables": [
        {"id": "t1", "seats": 9, "buttonSeat": 1, "smallBlindSeat": 2, "bigBlindSeat": 3, "players": [
            {"id": "p1", "seat": 1}, {"id": "p2", "seat": 2}, {"id": "p3", "seat": 3},
            {"id": "p4", "seat": 4}, {"id": "p5", "seat": 5}, {"id": "p6", "seat": 6},
            {"id": "p7", "seat": 7}, {"id": "p8", "seat": 8}, {"id": "p9", "seat": 9}]},
        {"id": "t2", "seats": 9, "buttonSeat": 1, "smallBlindSeat": 2, "bigBlindSeat": 3, "players": [
            {"id": "q1", "seat": 1}, {"id": "q2", "seat": 2}, {"id": "q3", "seat": 3},
            {"id": "q5", "seat": 5}, {"id": "q6", "seat": 6}, {"id": "q7", "seat": 7, "arrived": true}]}
    ]
}))]
pub struct TablesRequest {
    /// Every table, in the house's break order: the last breaks first.
    /// At most 1,000 tables and 10,000 players.
    #[schema(min_items = 1, max_items = 1000)]
    pub tables: Vec<TableRequest>,
    /// `dead` (the default, TDA 31) or `forward` (the button and blinds
    /// always on players).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ButtonRuleName>)]
    pub button_rule: Option<String>,
    /// The most the table sizes may differ once balanced; default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1)]
    pub max_difference: Option<u32>,
    /// A table this many players short of the largest halts; default 3,
    /// above `maxDifference`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 2)]
    pub halt_difference: Option<u32>,
}

/// One table and the hand just played there, or its drawn button before
/// its first hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TableRequest {
    /// The table's id: not empty, unique.
    #[schema(min_length = 1)]
    pub id: String,
    /// Seats at the table, numbered 1 to `seats`: 2 to 23.
    #[schema(minimum = 2, maximum = 23)]
    pub seats: u32,
    /// `true` for a table that has not dealt yet: give its drawn
    /// `buttonSeat` and no blind seats, and its next hand is its first
    /// (RULES.md §13.9); default false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_hand: Option<bool>,
    /// The button's seat in the hand just played: required with
    /// `buttonRule` `forward`. With `firstHand`, required: the seat the
    /// draw gave the button, a player's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 23)]
    pub button_seat: Option<u32>,
    /// The small blind's seat in the hand just played (may be empty now);
    /// required, except with `firstHand`, which refuses it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 23, nullable = false)]
    pub small_blind_seat: Option<u32>,
    /// The big blind's seat in the hand just played (may be empty now);
    /// required, except with `firstHand`, which refuses it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 23, nullable = false)]
    pub big_blind_seat: Option<u32>,
    /// Who sits there now: players with chips, one a seat.
    pub players: Vec<SeatedPlayer>,
}

/// A player sitting at a table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SeatedPlayer {
    /// The player's id: not empty, unique over every table.
    #[schema(min_length = 1)]
    pub id: String,
    /// Their seat, 1 to the table's `seats`.
    #[schema(minimum = 1, maximum = 23)]
    pub seat: u32,
    /// `true` when they did not play the table's hand just played (moved
    /// in, drawn into a seat, or waited): send it until they are dealt in
    /// there; default false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arrived: Option<bool>,
}

/// The answer: every table's next hand, the halted tables, the moves or
/// the table that breaks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "tables": [
        {"id": "t1", "players": 8, "nextHand": {"buttonSeat": 2, "smallBlindSeat": 3, "bigBlindSeat": 5,
            "buttonDead": false, "smallBlindDead": false, "headsUp": false, "smallBlind": "p3", "bigBlind": "p5"}, "waiting": []},
        {"id": "t2", "players": 7, "nextHand": {"buttonSeat": 2, "smallBlindSeat": 3, "bigBlindSeat": 4,
            "buttonDead": false, "smallBlindDead": false, "headsUp": false, "smallBlind": "q3", "bigBlind": "p4"}, "waiting": []}
    ],
    "halted": ["t2"],
    "moves": [{"agentId": "p4", "fromTable": "t1", "fromSeat": 4, "toTable": "t2", "toSeat": 4}]
}))]
pub struct TablesResponse<'a> {
    /// Every table with players, in the request's order, after the moves.
    pub tables: Vec<TableNextHand<'a>>,
    /// Ids of the tables halted before the moves (TDA 10 D), in order.
    #[schema(value_type = Vec<String>)]
    pub halted: Vec<Id<'a>>,
    /// The balancing moves, in the order made.
    pub moves: Vec<TableMove<'a>>,
    /// Only when a table breaks: nothing is balanced then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub breaking: Option<TableBreak<'a>>,
}

/// A table after the moves.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TableNextHand<'a> {
    /// The table's id.
    #[schema(value_type = String)]
    pub id: Id<'a>,
    /// How many players sit there.
    pub players: u64,
    /// Absent when fewer than two players are dealt in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next_hand: Option<NextHand<'a>>,
    /// Arrivals not dealt in the next hand (between the button and the
    /// small blind, TDA 9), by rising seat.
    #[schema(value_type = Vec<String>)]
    pub waiting: Vec<Id<'a>>,
}

/// One balancing move: the source's next big blind to the destination's
/// worst position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TableMove<'a> {
    /// The player who moves: the source's next big blind.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// The table they leave: the first of the most crowded.
    #[schema(value_type = String)]
    pub from_table: Id<'a>,
    /// The seat they leave.
    pub from_seat: u32,
    /// The table they join: the first of the emptiest with an empty seat.
    #[schema(value_type = String)]
    pub to_table: Id<'a>,
    /// Their new seat: the destination's worst position (RULES.md §13.6).
    pub to_seat: u32,
}

/// The table that breaks, its players and where they may go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TableBreak<'a> {
    /// The table that breaks: the last with players in the request.
    #[schema(value_type = String)]
    pub table: Id<'a>,
    /// Its players' ids, in seat order.
    #[schema(value_type = Vec<String>)]
    pub players: Vec<Id<'a>>,
    /// Every empty seat of the other tables, by table then seat: the house
    /// draws the players' seats among them (TDA 6).
    pub open_seats: Vec<OpenSeat<'a>>,
}

/// An empty seat a player of a breaking table may draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpenSeat<'a> {
    /// The table's id.
    #[schema(value_type = String)]
    pub table: Id<'a>,
    /// The empty seat's number.
    pub seat: u32,
}

/// The whole tables route: validate, then the core, then the answer.
pub fn tables_request(req: &TablesRequest) -> Result<TablesResponse<'_>, Invalid> {
    validate(req)?;
    let rule = button_rule(req.button_rule.as_deref());
    // Core ids are positions in `who`: (table, player) of the request.
    let mut who: Vec<(usize, usize)> = Vec::new();
    let tables: Vec<Table> = req
        .tables
        .iter()
        .enumerate()
        .map(|(i, t)| Table {
            seats: t.seats,
            hand: before(t),
            players: t
                .players
                .iter()
                .enumerate()
                .map(|(j, p)| {
                    who.push((i, j));
                    TablePlayer {
                        id: who.len() - 1,
                        seat: p.seat,
                        arrived: p.arrived.unwrap_or(false),
                    }
                })
                .collect(),
        })
        .collect();
    let terms = Balancing {
        max_difference: req.max_difference.unwrap_or(1),
        halt_difference: req.halt_difference.unwrap_or(3),
        rule,
    };
    Ok(answer(req, &who, &between_hands(&tables, &terms)))
}

/// What the table's next hand follows; [`validate`] and
/// [`check_required`] have made sure the seats it needs are given.
fn before(t: &TableRequest) -> Before {
    match (t.first_hand, t.button_seat) {
        (Some(true), Some(button)) => Before::FirstHand { button },
        _ => HandPlayed {
            button: t.button_seat,
            small_blind: t.small_blind_seat.unwrap_or(0),
            big_blind: t.big_blind_seat.unwrap_or(0),
        }
        .into(),
    }
}

/// The 400 of a table without `firstHand` that misses a blind seat: a
/// required field there, as serde would have said had the field been
/// required for every table (RULES.md §13.8). Run before [`tables_request`].
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

/// The core's outcome in the request's ids.
fn answer<'a>(
    req: &'a TablesRequest,
    who: &[(usize, usize)],
    out: &TablesOutcome,
) -> TablesResponse<'a> {
    let player = |id: usize| {
        let (i, j) = who[id];
        Cow::Borrowed(req.tables[i].players[j].id.as_str())
    };
    let table = |i: usize| Cow::Borrowed(req.tables[i].id.as_str());
    TablesResponse {
        tables: out
            .tables
            .iter()
            .map(|t| table_after(t, table(t.table), &player))
            .collect(),
        halted: out.halted.iter().map(|&i| table(i)).collect(),
        moves: out
            .moves
            .iter()
            .map(|m| TableMove {
                agent_id: player(m.player),
                from_table: table(m.from_table),
                from_seat: m.from_seat,
                to_table: table(m.to_table),
                to_seat: m.to_seat,
            })
            .collect(),
        breaking: out.breaking.as_ref().map(|b| TableBreak {
            table: table(b.table),
            players: b.players.iter().map(|&p| player(p)).collect(),
            open_seats: b
                .open_seats
                .iter()
                .map(|&(t, seat)| OpenSeat {
                    table: table(t),
                    seat,
                })
                .collect(),
        }),
    }
}

fn table_after<'a>(
    t: &TableAfter,
    id: Id<'a>,
    player: &impl Fn(usize) -> Id<'a>,
) -> TableNextHand<'a> {
    let at = |seat: u32| {
        t.players
            .binary_search_by_key(&seat, |p| p.seat)
            .ok()
            .map(|k| player(t.players[k].id))
    };
    TableNextHand {
        id,
        players: t.players.len() as u64,
        next_hand: t.next.next.map(|n| crate::next_hand::answer(&n, at)),
        waiting: t.next.waiting.iter().filter_map(|&s| at(s)).collect(),
    }
}

/// RULES.md §13.8: every problem, each with its pointer (a duplicate's is
/// the later one's).
pub fn validate(req: &TablesRequest) -> Result<(), Invalid> {
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
