//! A ranked hand as the answer names it (API.md `handRank`), and the
//! text type the answer borrows its fixed words with.

use serde::{Deserialize, Serialize};

/// Text of the answer that is mostly one of a few fixed words (a variant
/// id, "main", "whole", a card, a hand's name): borrowed when it is, so
/// building an answer does not allocate a copy of each (about twenty
/// allocations a settled hand). Serializes and deserializes as a string.
pub type Text = std::borrow::Cow<'static, str>;

/// A ranked hand (API.md `handRank`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"type": 5, "name": "Flush", "value": 335550625, "description": "Flush, A high", "cards": ["Ah", "Kh", "9h", "7h", "2h"]}))]
#[schema(as = HandRank)]
pub struct HandRankDto {
    /// The hand's category. High hands: 0 high card, 1 pair, 2 two pair, 3
    /// three of a kind, 4 straight, 5 flush, 6 full house, 7 four of a
    /// kind, 8 straight flush, 9 royal flush; low and badugi hands number
    /// the categories of their own ranking.
    #[serde(rename = "type")]
    pub kind: u8,
    /// The category in words: `Flush`, `Wheel`, `8-6-4-3-2 low`, `4-card
    /// badugi`, …
    #[schema(value_type = String)]
    pub name: Text,
    /// Compares hands of one variant and side: higher is better; below 2^53.
    pub value: u64,
    /// The hand in words, e.g. `Flush, A high`.
    pub description: String,
    /// The cards that make the hand, most significant first.
    #[schema(value_type = Vec<crate::schema_enums::CardName>)]
    pub cards: Vec<Text>,
}

/// API.md `handRank`.
pub fn hand_rank_dto(h: &showdown_cards::HandRank) -> HandRankDto {
    HandRankDto {
        kind: h.category,
        name: h.name.clone(),
        value: h.value,
        description: h.description.clone(),
        cards: h
            .cards
            .iter()
            .map(|c| std::borrow::Cow::Borrowed(c.as_str()))
            .collect(),
    }
}
