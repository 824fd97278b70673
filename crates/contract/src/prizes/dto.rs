//! `POST /v1/prizes` (API.md "POST /v1/prizes"; RULES.md §14.4): the busts
//! of one hand dealt hand for hand at several tables, and the places and
//! prize money they take together.

use crate::Id;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// POST /v1/prizes body: every player one hand-for-hand hand knocked out,
/// at every table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "playersLeft": 12,
    "prizes": [50000, 30000, 20000, 10000, 7000, 4500, 3000, 3000, 2000, 2000, 1500, 1500],
    "tiedPlaces": "split",
    "players": [{"id": "p7", "stack": 300}, {"id": "p2", "stack": 900}, {"id": "p9", "stack": 300}]
}))]
pub struct PrizesRequest {
    /// The players of the whole event still to be placed when this hand's
    /// busts are (TOURNAMENT.md step 9; hand for hand, every table's hand
    /// counts from the same number): more than the players listed.
    #[schema(minimum = 2, maximum = 9007199254740991u64)]
    pub players_left: u64,
    /// Prize money by place, `prizes[0]` the winner's: multiples of
    /// `prizeUnit`, never rising; places past the list pay 0. At most
    /// 10,000 places adding up to 2^53 - 1.
    #[schema(max_items = 10000)]
    pub prizes: Vec<u64>,
    /// The smallest amount of prize money (a cent, say), default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub prize_unit: Option<u64>,
    /// `split` (the default: equal stacks share their places' prizes) or
    /// `seat` (equal stacks finish by `tieBreak`, one place each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::TiedPlacesName>)]
    pub tied_places: Option<String>,
    /// Every player the hand knocked out, at every table: 1 to 10,000.
    #[schema(min_items = 1, max_items = 10000)]
    pub players: Vec<PrizePlayer>,
}

/// One player knocked out in the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PrizePlayer {
    /// The player's id: not empty, unique.
    #[schema(min_length = 1)]
    pub id: String,
    /// Chips at the start of the hand, at least 1: the larger finishes
    /// better.
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub stack: u64,
    /// The house's order of equal stacks (its seat order across its
    /// tables): the lower finishes higher with `seat`, and is met first for
    /// a shared prize's odd units with `split` (then `id`; a player without
    /// one after those with one). Required on every player with `seat`;
    /// TOURNAMENT.md step 11 gives an order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub tie_break: Option<u64>,
}

/// Where one player finishes and what they are paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PrizeFinish<'a> {
    /// The player.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// Their chips at the start of the hand.
    pub stack: u64,
    /// 1 for this hand's best finish; with `split` equal stacks share it.
    pub order: u64,
    /// The places `[from, to]` the player takes (shared with `split`).
    #[schema(schema_with = crate::schema_enums::place_pair)]
    pub places: [u64; 2],
    /// Prize money paid for those places, 0 included.
    pub prize: u64,
}

/// The answer of `POST /v1/prizes`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "eliminations": [
        {"agentId": "p2", "stack": 900, "order": 1, "places": [10, 10], "prize": 2000},
        {"agentId": "p7", "stack": 300, "order": 2, "places": [11, 12], "prize": 1500},
        {"agentId": "p9", "stack": 300, "order": 2, "places": [11, 12], "prize": 1500}
    ],
    "prizeCash": {"p2": 2000, "p7": 1500, "p9": 1500},
    "playersLeft": 9
}))]
pub struct PrizesResponse<'a> {
    /// Best finish first; equal finishes in the house's order.
    pub eliminations: Vec<PrizeFinish<'a>>,
    /// Prize money paid, by id: only amounts above 0.
    #[schema(value_type = BTreeMap<String, u64>)]
    pub prize_cash: BTreeMap<Id<'a>, u64>,
    /// Players in the tournament after the hand.
    pub players_left: u64,
}
