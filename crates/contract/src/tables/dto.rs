//! The JSON of `POST /v1/tables`: the tables between hands, and where each
//! one's next hand starts, who moves and which tables break, with their
//! OpenAPI schemas.

use crate::next_hand::NextHand;
use crate::Id;
use serde::{Deserialize, Serialize};

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
    /// always on players), as on the settle route.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ButtonRuleName>)]
    pub button_rule: Option<String>,
    /// The most the table sizes may differ once balanced: at least 1,
    /// default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1)]
    pub max_difference: Option<u32>,
    /// A table this many players short of the largest halts (TDA 10 D);
    /// default 3, above `maxDifference`.
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
    /// `buttonSeat` and no blind seats, and its `nextHand` is its first
    /// (RULES.md §13.9): the button as drawn, the small blind the next
    /// player, the big blind the one after (heads-up the button posts the
    /// small blind), nobody waiting; default false.
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
    /// Who sits there now: players with chips, one a seat; at most 10,000
    /// over all tables.
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
    /// Every table with players, in the request's order, after the moves
    /// (a breaking table too).
    pub tables: Vec<TableNextHand<'a>>,
    /// Ids of the tables halted before the moves (TDA 10 D), in order;
    /// always sent.
    #[schema(value_type = Vec<String>)]
    pub halted: Vec<Id<'a>>,
    /// The balancing moves, in the order made; always sent.
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
    /// small blind, TDA 9), by rising seat; always sent.
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
