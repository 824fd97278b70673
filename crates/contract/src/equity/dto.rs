//! The JSON of `POST /v1/equity`: the request, the response, and each
//! player's equity, with their OpenAPI schemas.

use crate::fraction::Fraction;
use serde::{Deserialize, Serialize};

/// POST /v1/equity body.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "variant": "holdem", "board": ["Qh", "7h", "2c"], "dead": [],
    "players": [{"id": "a", "cards": ["Ah", "Kh"]}, {"id": "b", "cards": ["Qs", "Qd"]}]
}))]
pub struct EquityRequest {
    /// One of the games of RULES.md §10.1: `holdem`, `short-deck`, `omaha`,
    /// `omaha-5`, `omaha-6`, `omaha-hi-lo`, `omaha-5-hi-lo`.
    #[schema(value_type = crate::schema_enums::EquityVariantName)]
    pub variant: String,
    /// The board so far: 0 (before the flop), 3 (the flop) or 4 (the turn)
    /// cards; left out, none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::CardName>>, max_items = 4)]
    pub board: Option<Vec<String>>,
    /// Cards known to be out of the deck (burnt, exposed, folded and shown);
    /// default none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::CardName>>, max_items = 52)]
    pub dead: Option<Vec<String>>,
    /// The players all in, 2 to 9, each an `id` and all its hole `cards`.
    #[schema(min_items = 2, max_items = 9)]
    pub players: Vec<EquityPlayer>,
}

/// One player of an equity request.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EquityPlayer {
    /// The player's id: not empty, unique in the request.
    #[schema(min_length = 1)]
    pub id: String,
    /// All the player's hole cards: 2 in hold'em and short deck, 4, 5 or 6
    /// in Omaha.
    #[schema(value_type = Vec<crate::schema_enums::CardName>, max_items = 6)]
    pub cards: Vec<String>,
}

/// POST /v1/equity answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"variant": "holdem", "runouts": 990, "players": [
    {"id": "a", "equity": {"numerator": 23, "denominator": 90}, "percent": "25.5556", "wins": 253, "ties": 0},
    {"id": "b", "equity": {"numerator": 67, "denominator": 90}, "percent": "74.4444", "wins": 737, "ties": 0}]}))]
pub struct EquityResponse {
    /// The request's variant.
    #[schema(value_type = crate::schema_enums::EquityVariantName)]
    pub variant: String,
    /// How many runouts complete the board (all equally likely).
    pub runouts: u64,
    /// Each player's equity, in request order.
    pub players: Vec<PlayerEquity>,
}

/// One player's equity in the pot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlayerEquity {
    /// The player's id, as in the request.
    pub id: String,
    /// The exact share of the pot the player can expect, in lowest terms.
    pub equity: Fraction,
    /// `equity` × 100 with four decimals, rounded half to even: for display
    /// only, never for money.
    #[schema(pattern = r"^(100|[1-9]?[0-9])\.[0-9]{4}$")]
    pub percent: String,
    /// Runouts on which the player wins the whole pot.
    pub wins: u64,
    /// Runouts on which the player gets part of the pot.
    pub ties: u64,
}
