//! Several boards in the settle answer (API.md "several boards"; RULES.md
//! §9): each board's cards and every live hand on it. A pot's part on each
//! board is the pot's own (`PotBoardDto`, pots/dto.rs).

use crate::settle::pots::dto::{HandRankDto, Text};
use crate::Id;
use serde::{Deserialize, Serialize};

/// One board of a hand played on several boards, and the hands on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"index": 1, "cards": ["Ah", "Kh", "9h", "Qc", "3d"], "hands": [{"agentId": "agent-a", "handRank": {"type": 0, "name": "High Card", "value": 1, "description": "High Card, A high", "cards": ["Ah", "Kh", "Qc", "9h", "4d"]}}]}))]
#[schema(as = Board)]
pub struct BoardDto<'a> {
    /// 0 for the first board dealt, then 1, 2, …
    pub index: u64,
    /// The board's cards, in deal order.
    #[schema(value_type = Vec<crate::schema_enums::CardName>)]
    pub cards: Vec<Text>,
    /// Every live player's hand on this board (none when uncontested), by seat.
    pub hands: Vec<BoardHandDto<'a>>,
}

/// A live player's hand (and low hand, in split games) on one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BoardHand)]
pub struct BoardHandDto<'a> {
    /// The player's id.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// The player's hand on this board (the high side in split games).
    pub hand_rank: HandRankDto,
    /// In split games, the player's low hand on this board; left out when
    /// they have none (no qualifying low, or a one-hand game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub low_hand_rank: Option<HandRankDto>,
}
