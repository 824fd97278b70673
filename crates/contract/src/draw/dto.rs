//! The JSON of `POST /v1/draw`: the request, the response, and each
//! player's part of it, with their OpenAPI schemas.

use serde::{Deserialize, Serialize};

/// POST /v1/draw body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "purpose": "button",
    "dealerSeat": 4,
    "players": [
        {"id": "agent-a", "seat": 1, "card": "Kh"},
        {"id": "agent-b", "seat": 4, "card": "Ks"},
        {"id": "agent-c", "seat": 6, "card": "9c"}
    ]
}))]
pub struct DrawRequest {
    /// Free text echoed back (e.g. `button`, `seat-move`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub purpose: Option<String>,
    /// The dealer's seat: the deal starts with the first player to its left
    /// (Robert's 3.7.2). Without it the deal starts at seat 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub dealer_seat: Option<u32>,
    /// Deal from this seed (0 to 2^53 - 1); else every player gives a card.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub seed: Option<u64>,
    /// The players drawing: 2 to 52, one card each from one deck.
    #[schema(min_items = 2, max_items = 52)]
    pub players: Vec<DrawPlayerRequest>,
}

/// One player in a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DrawPlayerRequest {
    /// The player's id: not empty, unique in the draw.
    #[schema(min_length = 1)]
    pub id: String,
    /// A display name, echoed back beside the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat number, 1 or more, unique in the draw.
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub seat: u32,
    /// The card dealt to the player (an audit): required for every player
    /// when there is no `seed`, refused with one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::CardName>)]
    pub card: Option<String>,
}

/// POST /v1/draw response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "purpose": "button",
    "dealerSeat": 4,
    "dealOrder": ["agent-c", "agent-a", "agent-b"],
    "players": [
        {"id": "agent-a", "seat": 1, "card": "Kh", "place": 2},
        {"id": "agent-b", "seat": 4, "card": "Ks", "place": 1},
        {"id": "agent-c", "seat": 6, "card": "9c", "place": 3}
    ],
    "winnerId": "agent-b",
    "winningCard": "Ks"
}))]
pub struct DrawResponse {
    /// The request's `purpose`; left out when it had none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub purpose: Option<String>,
    /// The request's `dealerSeat`; left out when it had none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, nullable = false)]
    pub dealer_seat: Option<u32>,
    /// The seed the cards were dealt from, echoed; left out for an audit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub seed: Option<u64>,
    /// Player ids in the order the cards were dealt.
    pub deal_order: Vec<String>,
    /// Every player, by seat; `place` 1 is the highest card.
    pub players: Vec<DrawPlayerResult>,
    /// The id of the player with the highest card.
    pub winner_id: String,
    /// That player's `name`; left out when they have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub winner_name: Option<String>,
    /// The highest card (rank, then suit).
    #[schema(value_type = crate::schema_enums::CardName)]
    pub winning_card: String,
}

/// One player's card in a draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DrawPlayerResult {
    /// The player's id.
    pub id: String,
    /// The player's `name`; left out when they have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub name: Option<String>,
    /// The player's seat.
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub seat: u32,
    /// The card the player drew.
    #[schema(value_type = crate::schema_enums::CardName)]
    pub card: String,
    /// 1 for the highest card (rank, then suit), 2 for the next, ...
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub place: u32,
}
