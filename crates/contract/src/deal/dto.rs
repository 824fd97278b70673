//! `POST /v1/deals` (API.md; RULES.md §14.5-14.7): a final-table deal's
//! request and answer.

use crate::Id;
use serde::{Deserialize, Serialize};

/// POST /v1/deals body: the players left, the prizes still to be paid and
/// how to divide them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "method": "icm", "prizes": [90000, 40000, 20000], "prizeUnit": 1, "setAside": 0,
    "players": [{"id": "a", "stack": 5000}, {"id": "b", "stack": 3000}, {"id": "c", "stack": 2000}]
}))]
pub struct DealRequest {
    /// `icm` (Malmuth–Harville, exact; 2 to 20 players), `chipChop` (every
    /// player the last place's prize, the rest by chips) or `equal` (both 2 to
    /// 10,000 players).
    #[schema(value_type = crate::schema_enums::DealMethodName)]
    pub method: String,
    /// The prizes of places 1 … k still to be paid, never rising, each a
    /// multiple of `prizeUnit`; k at most the number of players (places past it
    /// pay 0: a deal before the money lists fewer prizes than players); they
    /// add up to at most 2^53 − 1.
    #[schema(max_items = 10000, value_type = Vec<u64>)]
    pub prizes: Vec<u64>,
    /// The smallest amount paid (a cent, say); default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub prize_unit: Option<u64>,
    /// Kept back from the winner's prize and played for; default 0. A multiple
    /// of `prizeUnit`, at most `prizes[0]` − `prizes[1]` (with one place still
    /// paid, `prizes[1]` is 0: at most the whole first prize).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub set_aside: Option<u64>,
    /// The players left, 2 or more, in any order.
    #[schema(min_items = 2, max_items = 10000)]
    pub players: Vec<DealPlayer>,
}

/// A player at the final table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DealPlayer {
    /// The player's id: not empty, unique.
    #[schema(min_length = 1)]
    pub id: String,
    /// Chips, at least 1; the stacks add up to at most 2^53 − 1.
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub stack: u64,
}

/// The deal: what it divides and each player's share, by stack.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "method": "icm", "total": 150000, "setAside": 0,
    "shares": [
        {"agentId": "a", "stack": 5000, "amount": 61786, "oddUnits": 1},
        {"agentId": "b", "stack": 3000, "amount": 48500, "oddUnits": 0},
        {"agentId": "c", "stack": 2000, "amount": 39714, "oddUnits": 0}
    ]
}))]
pub struct DealResponse<'a> {
    /// The method used, as given.
    #[schema(value_type = crate::schema_enums::DealMethodName)]
    pub method: Id<'a>,
    /// What the deal divides: the prizes less `setAside`.
    #[schema(maximum = 9007199254740991u64)]
    pub total: u64,
    /// Kept back from the winner's prize, to be played for: settle those
    /// hands with `prizes` = [`setAside`] (TOURNAMENT.md step 13).
    #[schema(maximum = 9007199254740991u64)]
    pub set_aside: u64,
    /// Every player, largest stack first, then by id in byte order. The
    /// amounts add up to `total` exactly.
    pub shares: Vec<DealShareDto<'a>>,
}

/// One player's part of the deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = DealShare)]
pub struct DealShareDto<'a> {
    /// The player's id.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// Their chips, as given.
    #[schema(maximum = 9007199254740991u64)]
    pub stack: u64,
    /// Paid now: a multiple of `prizeUnit`, less than one unit from the
    /// exact share of RULES.md §14.5.
    #[schema(maximum = 9007199254740991u64)]
    pub amount: u64,
    /// 1 when the player got one of the units left over after every share
    /// was rounded down (the largest remainders, RULES.md §14.7), else 0.
    #[schema(maximum = 1)]
    pub odd_units: u64,
}
