//! The JSON contract of API.md: request and response types.
//!
//! Field names are camelCase; unknown request fields are rejected so a typo
//! never silently defaults. Fields may be added here, never renamed.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// POST /v1/settle body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({
    "gameId": "poker-game-123",
    "handNumber": 5,
    "variant": "holdem",
    "rules": "tda",
    "chipUnit": 1,
    "buttonSeat": 1,
    "board": ["Ah", "Kh", "9h", "7h", "2h"],
    "deadMoney": 1,
    "players": [
        {"id": "agent-a", "name": "Agent A", "seat": 1, "stack": 1000, "committed": 300, "folded": false, "cards": ["3c", "4d"]},
        {"id": "agent-b", "name": "Agent B", "seat": 2, "stack": 1000, "committed": 300, "folded": false, "cards": ["5s", "6d"]}
    ]
}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettleRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_number: Option<u64>,
    /// One of the ids `GET /v1/variants` lists.
    pub variant: String,
    /// `tda` (default) or `roberts`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// Smallest denomination in play; default 1.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chip_unit: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub button_seat: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub board: Option<Vec<String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead_money: Option<u64>,
    pub players: Vec<PlayerRequest>,
    /// Board games only, instead of `board`: the boards in deal order (run
    /// it twice, double-board games); they may share their first cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<Vec<String>>>,
}

/// A request example of the OpenAPI document, read from its golden request
/// file so that the example is known to settle as its golden answer says.
fn golden_example(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_default()
}

/// The example of API.md.
pub fn example_api_md() -> serde_json::Value {
    golden_example(include_str!(
        "../../../tests/golden/api-md-example.request.json"
    ))
}

/// Run it twice after an all-in on the flop (RULES.md §9, example 9.1).
pub fn example_run_it_twice() -> serde_json::Value {
    golden_example(include_str!(
        "../../../tests/golden/rules-9-1-holdem-two-runs-pot-6-chopped-twice-3-and-3.request.json"
    ))
}

/// A double-board Omaha hi-lo hand (RULES.md §9, example 9.5).
pub fn example_double_board_omaha_hi_lo() -> serde_json::Value {
    golden_example(include_str!(
        "../../../tests/golden/rules-9-5-omaha-hi-lo-two-boards-pot-9-a-7-b-2.request.json"
    ))
}

/// One player of a settle request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"id": "agent-a", "name": "Agent A", "seat": 1, "stack": 1000, "committed": 300, "folded": false, "cards": ["3c", "4d"]}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PlayerRequest {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    pub seat: u32,
    pub stack: u64,
    pub committed: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dead: Option<u64>,
    #[serde(default)]
    pub folded: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<String>>,
}

/// Text of the answer that is mostly one of a few fixed words (a variant
/// id, "main", "whole", a card, a hand's name): borrowed when it is, so
/// building an answer does not allocate a copy of each (about twenty
/// allocations a settled hand). Serializes and deserializes as a string.
pub type Text = std::borrow::Cow<'static, str>;

/// A player's id or name in the answer: borrowed from the request it
/// answers, so the event of a six-player hand does not copy each id five
/// times (eligible, shares, finalChipStacks, ...); owned when the event
/// is read back (`HandCompleteEvent<'static>`).
pub type Id<'a> = std::borrow::Cow<'a, str>;

/// The `hand_complete` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"type": "hand_complete", "data": {"gameId": "poker-game-123", "handNumber": 5, "variant": "holdem", "rules": "tda", "reason": "showdown", "winnerId": "agent-b", "winnerName": "Agent B", "winningHand": {"type": 5, "name": "Flush", "value": 335550625, "description": "Flush, A high", "cards": ["Ah", "Kh", "9h", "7h", "2h"]}, "tie": true, "totalWinners": 2, "potBreakdown": [{"agentId": "agent-b", "agentName": "Agent B", "amount": 301, "handRank": {"type": 5, "name": "Flush", "value": 335550625, "description": "Flush, A high", "cards": ["Ah", "Kh", "9h", "7h", "2h"]}}, {"agentId": "agent-a", "agentName": "Agent A", "amount": 300, "handRank": {"type": 5, "name": "Flush", "value": 335550625, "description": "Flush, A high", "cards": ["Ah", "Kh", "9h", "7h", "2h"]}}], "pots": [{"index": 0, "name": "main", "amount": 601, "eligible": ["agent-a", "agent-b"], "tie": true, "shares": [{"agentId": "agent-b", "half": "whole", "amount": 301, "oddChips": 1}, {"agentId": "agent-a", "half": "whole", "amount": 300, "oddChips": 0}]}], "uncalled": [], "finalChipStacks": {"agent-a": 1000, "agent-b": 1001}}}))]
pub struct HandCompleteEvent<'a> {
    /// Always `hand_complete`.
    #[serde(rename = "type")]
    #[schema(value_type = String)]
    pub kind: Text,
    pub data: HandComplete<'a>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandComplete<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub game_id: Option<Id<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_number: Option<u64>,
    #[schema(value_type = String)]
    pub variant: Text,
    #[schema(value_type = String)]
    pub rules: Text,
    /// `showdown` or `uncontested`.
    #[schema(value_type = String)]
    pub reason: Text,
    #[schema(value_type = String)]
    pub winner_id: Id<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub winner_name: Option<Id<'a>>,
    /// Null when uncontested.
    pub winning_hand: Option<HandRankDto>,
    pub tie: bool,
    pub total_winners: u64,
    pub pot_breakdown: Vec<PotBreakdownEntry<'a>>,
    pub pots: Vec<PotDto<'a>>,
    pub uncalled: Vec<UncalledDto<'a>>,
    #[schema(value_type = BTreeMap<String, u64>)]
    pub final_chip_stacks: BTreeMap<Id<'a>, u64>,
    /// With several boards (RULES.md §9): each board's cards and every live
    /// player's hand on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<BoardDto<'a>>>,
}

/// One board of a hand played on several boards, and the hands on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"index": 1, "cards": ["Ah", "Kh", "9h", "Qc", "3d"], "hands": [{"agentId": "agent-a", "handRank": {"type": 0, "name": "High Card", "value": 1, "description": "High Card, A high", "cards": ["Ah", "Kh", "Qc", "9h", "4d"]}}]}))]
pub struct BoardDto<'a> {
    /// 0 for the first board dealt, then 1, 2, …
    pub index: u64,
    #[schema(value_type = Vec<String>)]
    pub cards: Vec<Text>,
    /// Every live player's hand on this board (none when uncontested), by seat.
    pub hands: Vec<BoardHandDto<'a>>,
}

/// A live player's hand (and low hand, in split games) on one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardHandDto<'a> {
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    pub hand_rank: HandRankDto,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub low_hand_rank: Option<HandRankDto>,
}

/// One board's share of a pot and who won it (RULES.md §9.2-9.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"board": 0, "amount": 5, "halves": [{"half": "high", "amount": 3, "winners": ["agent-a"]}, {"half": "low", "amount": 2, "winners": ["agent-b"]}]}))]
pub struct PotBoardDto<'a> {
    /// The board's index in `boards`.
    pub board: u64,
    /// The board's share of the pot.
    pub amount: u64,
    /// `whole`, or the `high` then the `low` half when the share was halved.
    pub halves: Vec<BoardHalfDto<'a>>,
}

/// Who won one half (or the whole) of one board's share of a pot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BoardHalfDto<'a> {
    /// `whole`, `high` or `low`.
    #[schema(value_type = String)]
    pub half: Text,
    pub amount: u64,
    /// The players with the best hand there, in odd-chip order.
    #[schema(value_type = Vec<String>)]
    pub winners: Vec<Id<'a>>,
}

/// A ranked hand (API.md `handRank`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"type": 5, "name": "Flush", "value": 335550625, "description": "Flush, A high", "cards": ["Ah", "Kh", "9h", "7h", "2h"]}))]
pub struct HandRankDto {
    #[serde(rename = "type")]
    pub kind: u8,
    #[schema(value_type = String)]
    pub name: Text,
    pub value: u64,
    pub description: String,
    #[schema(value_type = Vec<String>)]
    pub cards: Vec<Text>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PotBreakdownEntry<'a> {
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>)]
    pub agent_name: Option<Id<'a>>,
    pub amount: u64,
    pub hand_rank: Option<HandRankDto>,
    /// The second hand of a split game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low_hand_rank: Option<HandRankDto>,
}

/// A main or side pot and who got what of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"index": 0, "name": "main", "amount": 601, "eligible": ["agent-a", "agent-b"], "tie": true, "shares": [{"agentId": "agent-b", "half": "whole", "amount": 301, "oddChips": 1}, {"agentId": "agent-a", "half": "whole", "amount": 300, "oddChips": 0}]}))]
pub struct PotDto<'a> {
    pub index: u64,
    /// `main`, then `side-1`, `side-2`, …
    #[schema(value_type = String)]
    pub name: Text,
    pub amount: u64,
    #[schema(value_type = Vec<String>)]
    pub eligible: Vec<Id<'a>>,
    pub tie: bool,
    pub shares: Vec<ShareDto<'a>>,
    /// With several boards: each board's share of the pot and who won it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<PotBoardDto<'a>>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareDto<'a> {
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// `whole`, `high` or `low`; with several boards, `high` or `low` only
    /// when all the share's chips came from that half of their boards.
    #[schema(value_type = String)]
    pub half: Text,
    pub amount: u64,
    pub odd_chips: u64,
    /// With several boards: the boards (indices) this share's chips came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<u64>>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UncalledDto<'a> {
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    pub amount: u64,
}

/// `GET /v1/variants` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct VariantsResponse {
    pub variants: Vec<VariantDto>,
}

/// One entry of the variant table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "id": "omaha-hi-lo", "family": "board", "button": true, "holeCards": 4, "boardCards": 5,
    "high": "omaha-high", "low": "omaha-low-8", "lowQualifier": true, "shortDeck": false,
    "highSide": "the high hand", "severalBoards": true
}))]
pub struct VariantDto {
    /// The id requests use.
    pub id: String,
    /// `board`, `stud` or `draw`.
    pub family: String,
    /// Whether odd chips go by the button (else by card, stud).
    pub button: bool,
    /// Cards per live player at showdown.
    pub hole_cards: u64,
    /// Board cards at showdown (0: no board).
    pub board_cards: u64,
    /// The hand of the high side: `high`, `short-deck-high`, `omaha-high`,
    /// `ace-to-five-low`, `deuce-to-seven-low`, `badugi`, ...
    pub high: String,
    /// The hand of the other side in split games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low: Option<String>,
    /// Whether the low side needs an 8-or-better qualifier (else the high hand scoops).
    pub low_qualifier: bool,
    /// The 36-card deck, 6 to A.
    pub short_deck: bool,
    /// Which hand is the high side for odd chips (RULES.md §4).
    pub high_side: String,
    /// Whether a hand may be played on several boards (`boards`, RULES.md
    /// §9): board games only.
    pub several_boards: bool,
}

/// `/healthz` and `/readyz` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HealthDto {
    /// `ok` or `ready`.
    pub status: String,
}

/// The contract's name of a kind of hand.
pub fn hand_kind_id(k: showdown_cards::HandKind) -> &'static str {
    use showdown_cards::HandKind as K;
    match k {
        K::High => "high",
        K::ShortDeckHigh => "short-deck-high",
        K::OmahaHigh => "omaha-high",
        K::OmahaLow8 => "omaha-low-8",
        K::Low8 => "low-8",
        K::AceToFiveLow => "ace-to-five-low",
        K::DeuceToSevenLow => "deuce-to-seven-low",
        K::Badugi => "badugi",
        K::BadugiAceHigh => "badugi-ace-high",
    }
}

impl From<&showdown_cards::Variant> for VariantDto {
    fn from(v: &showdown_cards::Variant) -> VariantDto {
        use showdown_cards::{Family, VariantId as V};
        // RULES.md §4, "Which half is high in games that are not high-low".
        let high_side = match v.id {
            V::Badacey | V::Badeucy | V::Razzdugi => "the five-card hand (against the badugi)",
            V::Dramaha => "the draw hand (against the Omaha hand)",
            V::Sohe => "the Omaha hand (against the Hold'em hand)",
            _ if v.low.is_some() => "the high hand",
            _ => "the only hand",
        };
        VariantDto {
            id: v.id.as_str().to_string(),
            family: match v.family {
                Family::Board => "board",
                Family::Stud => "stud",
                Family::Draw => "draw",
            }
            .to_string(),
            button: v.button,
            hole_cards: v.hole_cards as u64,
            board_cards: v.board_cards as u64,
            high: hand_kind_id(v.high).to_string(),
            low: v.low.map(|k| hand_kind_id(k).to_string()),
            low_qualifier: v.low_qualifier,
            short_deck: v.short_deck,
            high_side: high_side.to_string(),
            several_boards: v.family == Family::Board,
        }
    }
}
