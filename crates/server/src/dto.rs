//! The JSON contract of API.md: request and response types.
//!
//! Field names are camelCase; unknown request fields are rejected so a typo
//! never silently defaults. Fields may be added here, never renamed.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// POST /v1/settle body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = settle_example)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SettleRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_number: Option<u64>,
    /// One of the ids `GET /v1/variants` lists.
    #[schema(value_type = crate::schema_enums::VariantName)]
    pub variant: String,
    /// `tda` (default) or `roberts`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::RulesName>)]
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
    /// The house's rake (RULES.md §8); without it, no rake.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rake: Option<RakeRequest>,
    /// The bad-beat jackpot drop (RULES.md §8.4); without it, no drop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<JackpotRequest>,
    /// Board games only, instead of `board`: the boards in deal order (run
    /// it twice, double-board games); they may share their first cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<Vec<String>>>,
    /// Issue 18: when true the answer adds `explanation`, the rule behind
    /// every chip; false (the default) leaves the answer as it was.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub explain: bool,
}

/// The rake of a hand (RULES.md §8): a rate of the pots with one cap a hand,
/// taken before the pots are split.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"percentBp": 500, "cap": 300, "rounding": "down", "noFlopNoDrop": true, "attribution": "weightedContributed"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RakeRequest {
    /// The rate in basis points, 0 to 10000 (500 is 5 %).
    #[schema(maximum = 10000)]
    pub percent_bp: u64,
    /// The most rake one hand pays, in chips (a multiple of `chipUnit`);
    /// not together with `capsByPlayersDealt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap: Option<u64>,
    /// Instead of `cap`: the entry with the greatest `minPlayers` not above
    /// `playersDealt` applies; when none does, no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caps_by_players_dealt: Option<Vec<CapStepRequest>>,
    /// Players dealt in, for the cap; default the number of `players`, never
    /// fewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub players_dealt: Option<u32>,
    /// How the rate's product is rounded to whole chip units; default `down`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RakeRounding>)]
    pub rounding: Option<String>,
    /// No flop, no drop: no rake when the board has fewer than 3 cards
    /// (board games); default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_flop_no_drop: Option<bool>,
    /// How `rake.contributions` (and `jackpot.contributions`) is shared out;
    /// default `weightedContributed`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RakeAttribution>)]
    pub attribution: Option<String>,
}

/// One step of a cap ladder.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"minPlayers": 5, "cap": 300}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CapStepRequest {
    /// This cap applies from this many players dealt in.
    pub min_players: u32,
    /// In chips, a multiple of `chipUnit`.
    pub cap: u64,
}

/// `rake.rounding` (RULES.md §8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
pub enum RakeRounding {
    /// Floor: 4.5 gives 4, 1.5 gives 1.
    Down,
    /// Round half to even: 4.5 gives 4, 1.5 gives 2.
    HalfEven,
}

/// `rake.attribution` (RULES.md §8.7): who paid the rake, for rakeback.
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
pub enum RakeAttribution {
    /// In proportion to each player's chips in the pots.
    WeightedContributed,
    /// Equal shares among the players who put chips in.
    Contributed,
    /// Equal shares among every player of the hand.
    Dealt,
}

/// The bad-beat jackpot drop of a hand (RULES.md §8.4): taken after the
/// rake, never more than the rake left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"amount": 100, "minPot": 2000}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct JackpotRequest {
    /// The drop, in chips (a multiple of `chipUnit`).
    pub amount: u64,
    /// No drop when the chips in the pots are fewer; default 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_pot: Option<u64>,
    /// No flop, no drop, as for the rake; default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_flop_no_drop: Option<bool>,
}

/// API.md's example request: the schema's example, and the first that
/// `/docs` offers.
pub fn settle_example() -> serde_json::Value {
    example_api_md()
}

/// A raked request for `/docs` (RULES.md §8): 5 % capped at 300, a 100-chip
/// jackpot drop, a short all-in making a side pot.
pub fn raked_settle_example() -> serde_json::Value {
    serde_json::json!({
        "gameId": "poker-game-124",
        "handNumber": 6,
        "variant": "holdem",
        "buttonSeat": 3,
        "board": ["Ah", "Kh", "9h", "7c", "2d"],
        "players": [
            {"id": "agent-a", "seat": 1, "stack": 1000, "committed": 1000, "cards": ["Qh", "3h"]},
            {"id": "agent-b", "seat": 2, "stack": 5000, "committed": 3000, "cards": ["As", "Kd"]},
            {"id": "agent-c", "seat": 3, "stack": 5000, "committed": 3000, "cards": ["9s", "9d"]},
            {"id": "agent-d", "seat": 4, "stack": 2000, "committed": 200, "folded": true}
        ],
        "rake": {"percentBp": 500, "cap": 300, "rounding": "down", "noFlopNoDrop": true, "attribution": "weightedContributed"},
        "jackpot": {"amount": 100, "minPot": 2000}
    })
}

/// A request example of the OpenAPI document: a copy of a golden request
/// kept inside the crate (the image builds from `crates/` alone); a test
/// checks each copy against its golden file, so it settles as that says.
fn golden_example(text: &str) -> serde_json::Value {
    serde_json::from_str(text).unwrap_or_default()
}

/// The example of API.md.
pub fn example_api_md() -> serde_json::Value {
    golden_example(include_str!(
        "../openapi-examples/api-md-example.request.json"
    ))
}

/// Run it twice after an all-in on the flop (RULES.md §9, example 9.1).
pub fn example_run_it_twice() -> serde_json::Value {
    golden_example(include_str!(
        "../openapi-examples/rules-9-1-holdem-two-runs-pot-6-chopped-twice-3-and-3.request.json"
    ))
}

/// A double-board Omaha hi-lo hand (RULES.md §9, example 9.5).
pub fn example_double_board_omaha_hi_lo() -> serde_json::Value {
    golden_example(include_str!(
        "../openapi-examples/rules-9-5-omaha-hi-lo-two-boards-pot-9-a-7-b-2.request.json"
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
    #[schema(value_type = crate::schema_enums::VariantName)]
    pub variant: Text,
    #[schema(value_type = crate::schema_enums::RulesName)]
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
    /// Only when the request has `rake`: the hand's rake and who paid it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rake: Option<TakeDto<'a>>,
    /// Only when the request has `jackpot`: the drop and who paid it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<TakeDto<'a>>,
    #[schema(value_type = BTreeMap<String, u64>)]
    pub final_chip_stacks: BTreeMap<Id<'a>, u64>,
    /// With several boards (RULES.md §9): each board's cards and every live
    /// player's hand on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<BoardDto<'a>>>,
    /// Only when the request asked `explain`: ordered steps, one for each
    /// thing that moved chips (paying steps sum to Σ potBreakdown, uncalled
    /// bets to Σ uncalled, rake and jackpot steps to their amounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Vec<crate::explain::ExplainStep>>,
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

/// What the house took from a hand (the rake or the jackpot drop), and who
/// paid it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"amount": 5, "contributions": {"A": 1, "B": 2, "C": 2}}))]
pub struct TakeDto<'a> {
    /// Chips.
    pub amount: u64,
    /// Every player's part, in chips; they add up to `amount`.
    #[schema(value_type = BTreeMap<String, u64>)]
    pub contributions: BTreeMap<Id<'a>, u64>,
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
    /// Gross: every chip in the pot; its shares add up to `amount − rake −
    /// jackpot`.
    pub amount: u64,
    /// Only when the request has `rake`: the part of the rake from this pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rake: Option<u64>,
    /// Only when the request has `jackpot`: the part of the drop from this pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<u64>,
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

#[cfg(test)]
mod example_tests {
    /// The crate's copies of golden requests stay byte for byte the golden
    /// files, so each example answers as its golden response says.
    #[test]
    fn openapi_examples_are_the_golden_requests() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
        let dir = format!("{root}/crates/server/openapi-examples");
        let mut n = 0;
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            let golden = std::fs::read(format!("{root}/tests/golden/{name}")).unwrap();
            assert_eq!(std::fs::read(&path).unwrap(), golden, "{name}");
            n += 1;
        }
        assert_eq!(n, 3);
    }
}
