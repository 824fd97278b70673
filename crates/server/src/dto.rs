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
    /// Your id for the game; echoed back in the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    /// Your number for the hand, at most 2^53 − 1; echoed back in the answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub hand_number: Option<u64>,
    /// The game: one of the ids `GET /v1/variants` lists.
    #[schema(value_type = crate::schema_enums::VariantName)]
    pub variant: String,
    /// Which rulebook orders odd chips in stud games (RULES.md §4): `tda`
    /// (the default) or `roberts`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::RulesName>)]
    pub rules: Option<String>,
    /// The smallest chip in play, default 1: every amount must be a
    /// multiple of it, and pots are divided in whole units of it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub chip_unit: Option<u64>,
    /// The dealer button's seat: required in board and draw games, refused
    /// in stud games; it may be an empty seat (a dead button).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub button_seat: Option<u32>,
    /// The community cards, board games only: the variant's full board at a
    /// showdown; a hand only one player is left in may have fewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::BoardCards>)]
    pub board: Option<Vec<String>>,
    /// Chips in the main pot that belong to nobody in the hand (RULES.md
    /// §2), default 0; a multiple of `chipUnit`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub dead_money: Option<u64>,
    /// The players of the hand, at least two; their order does not change
    /// the answer.
    #[schema(min_items = 2)]
    pub players: Vec<PlayerRequest>,
    /// The house's rake (RULES.md §8); without it, no rake.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rake: Option<RakeRequest>,
    /// The bad-beat jackpot drop (RULES.md §8.4); without it, no drop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<JackpotRequest>,
    /// Board games only, instead of `board`: the boards in deal order (run
    /// it twice, double-board games), 1 to 16; they may share their first
    /// cards (RULES.md §9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::BoardCards>>, min_items = 1, max_items = 16)]
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
    #[schema(maximum = 9007199254740991u64)]
    pub cap: Option<u64>,
    /// Instead of `cap`: the entry with the greatest `minPlayers` not above
    /// `playersDealt` applies; when none does, no cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caps_by_players_dealt: Option<Vec<CapStepRequest>>,
    /// Players dealt in, for the cap; default the number of `players`, never
    /// fewer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64)]
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
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub min_players: u32,
    /// The most rake a hand pays at this step, in chips (a multiple of
    /// `chipUnit`).
    #[schema(maximum = 9007199254740991u64)]
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
    /// The drop, in chips (a multiple of `chipUnit`); never more than the
    /// pots hold after the rake.
    #[schema(maximum = 9007199254740991u64)]
    pub amount: u64,
    /// No drop when the chips in the pots (RULES.md §8.1: everything put
    /// in, less uncalled bets) are fewer; default 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
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
    /// The player's id: not empty, unique in the hand; the answer names the
    /// player by it.
    #[schema(min_length = 1)]
    pub id: String,
    /// A display name, echoed back beside the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat number, 1 or more, unique in the hand; seats rise clockwise.
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub seat: u32,
    /// Chips in front of the player before the hand began. `committed +
    /// dead` may not exceed it; equal means the player is all in.
    #[schema(maximum = 9007199254740991u64)]
    pub stack: u64,
    /// The live chips the player put in during the whole hand: blinds,
    /// bets and calls, and antes when every player antes (RULES.md §2).
    #[schema(maximum = 9007199254740991u64)]
    pub committed: u64,
    /// Chips the player put in that match no bet, default 0: a big-blind
    /// ante, a dead small blind. They go to the main pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub dead: Option<u64>,
    /// True if the player folded, or mucked at the showdown; default false.
    #[serde(default)]
    pub folded: bool,
    /// The player's cards: hole cards in board and draw games, all seven in
    /// stud. Required for every live player of a contested hand, as many as
    /// the variant deals (`holeCards`, 7 at most).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::CardName>>, max_items = 7)]
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
    #[schema(value_type = crate::schema_enums::EventType)]
    pub kind: Text,
    /// The settled hand.
    pub data: HandComplete<'a>,
}

/// The settled hand: who won what, pot by pot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandComplete<'a> {
    /// The request's `gameId`; left out when it had none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, nullable = false)]
    pub game_id: Option<Id<'a>>,
    /// The request's `handNumber`; left out when it had none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub hand_number: Option<u64>,
    /// The variant settled.
    #[schema(value_type = crate::schema_enums::VariantName)]
    pub variant: Text,
    /// The rulebook used: the request's `rules`, `tda` when it had none.
    #[schema(value_type = crate::schema_enums::RulesName)]
    pub rules: Text,
    /// `showdown`, or `uncontested` when one player was left in the hand.
    #[schema(value_type = crate::schema_enums::ReasonName)]
    pub reason: Text,
    /// The player of the first `potBreakdown` entry; when uncontested, the
    /// last player left in the hand.
    #[schema(value_type = String)]
    pub winner_id: Id<'a>,
    /// That player's `name`; left out when they have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, nullable = false)]
    pub winner_name: Option<Id<'a>>,
    /// The winner's hand (the first `potBreakdown` entry's `handRank`);
    /// null when the hand is uncontested.
    #[schema(required = true)]
    pub winning_hand: Option<HandRankDto>,
    /// True when at least one pot, or one half of a pot, was shared by
    /// players with equal hands.
    pub tie: bool,
    /// How many different players won chips from the pots.
    pub total_winners: u64,
    /// One entry per player who won chips, the amount summed over every
    /// pot: largest amount first, then in odd-chip order.
    pub pot_breakdown: Vec<PotBreakdownEntry<'a>>,
    /// The main pot (`index` 0), then the side pots in order.
    pub pots: Vec<PotDto<'a>>,
    /// Chips given back because nobody called them (RULES.md §2.1); empty
    /// when none were.
    pub uncalled: Vec<UncalledDto<'a>>,
    /// Only when the request has `rake`: the hand's rake and who paid it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rake: Option<TakeDto<'a>>,
    /// Only when the request has `jackpot`: the drop and who paid it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub jackpot: Option<TakeDto<'a>>,
    /// Every player's chips after the hand, by id: `stack − committed −
    /// dead + won + returned`.
    #[schema(value_type = BTreeMap<String, u64>)]
    pub final_chip_stacks: BTreeMap<Id<'a>, u64>,
    /// With several boards (RULES.md §9): each board's cards and every live
    /// player's hand on it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub boards: Option<Vec<BoardDto<'a>>>,
    /// Only when the request asked `explain`: ordered steps, one for each
    /// thing that moved chips (paying steps sum to Σ potBreakdown, uncalled
    /// bets to Σ uncalled, rake and jackpot steps to their amounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub explanation: Option<Vec<crate::explain::ExplainStep>>,
}

/// One board of a hand played on several boards, and the hands on it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"index": 1, "cards": ["Ah", "Kh", "9h", "Qc", "3d"], "hands": [{"agentId": "agent-a", "handRank": {"type": 0, "name": "High Card", "value": 1, "description": "High Card, A high", "cards": ["Ah", "Kh", "Qc", "9h", "4d"]}}]}))]
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
    #[schema(value_type = crate::schema_enums::HalfName)]
    pub half: Text,
    /// Chips of this half (or of the whole board share).
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
    /// Chips the house took from the hand: the sum of the pots' parts.
    pub amount: u64,
    /// Every player's part, in chips, by id; they add up to `amount`.
    #[schema(value_type = BTreeMap<String, u64>)]
    pub contributions: BTreeMap<Id<'a>, u64>,
}

/// A ranked hand (API.md `handRank`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"type": 5, "name": "Flush", "value": 335550625, "description": "Flush, A high", "cards": ["Ah", "Kh", "9h", "7h", "2h"]}))]
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

/// What one player won from the hand, over every pot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PotBreakdownEntry<'a> {
    /// The winner's id.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// The winner's `name`; left out when they have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, nullable = false)]
    pub agent_name: Option<Id<'a>>,
    /// Chips the player won, summed over every pot (after rake and jackpot
    /// drop; chips given back are in `uncalled`, not here).
    pub amount: u64,
    /// The hand the player won with (with several boards, their hand on the
    /// first board they won chips on); null when the hand is uncontested.
    #[schema(required = true)]
    pub hand_rank: Option<HandRankDto>,
    /// In split games, the player's low hand; left out when they have none.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub low_hand_rank: Option<HandRankDto>,
}

/// A main or side pot and who got what of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"index": 0, "name": "main", "amount": 601, "eligible": ["agent-a", "agent-b"], "tie": true, "shares": [{"agentId": "agent-b", "half": "whole", "amount": 301, "oddChips": 1}, {"agentId": "agent-a", "half": "whole", "amount": 300, "oddChips": 0}]}))]
pub struct PotDto<'a> {
    /// 0 for the main pot, then 1, 2, … for the side pots.
    pub index: u64,
    /// `main`, then `side-1`, `side-2`, …
    #[schema(value_type = String, pattern = "^(main|side-[1-9][0-9]*)$")]
    pub name: Text,
    /// Gross: every chip in the pot; its shares add up to `amount − rake −
    /// jackpot`.
    pub amount: u64,
    /// Only when the request has `rake`: the part of the rake from this pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rake: Option<u64>,
    /// Only when the request has `jackpot`: the part of the drop from this pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub jackpot: Option<u64>,
    /// The players who could win the pot: the live players whose
    /// commitment reaches it.
    #[schema(value_type = Vec<String>)]
    pub eligible: Vec<Id<'a>>,
    /// True when the pot, or one half of it, was shared by players with
    /// equal hands.
    pub tie: bool,
    /// Who got what from the pot.
    pub shares: Vec<ShareDto<'a>>,
    /// With several boards: each board's share of the pot and who won it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub boards: Option<Vec<PotBoardDto<'a>>>,
}

/// One player's share of one pot (or of its half).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareDto<'a> {
    /// The player's id.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// `whole`, `high` or `low`: `high` or `low` only when the pot really
    /// was halved (with several boards, when all the share's chips came
    /// from that half of their boards).
    #[schema(value_type = crate::schema_enums::HalfName)]
    pub half: Text,
    /// Chips the player got from this pot (or half).
    pub amount: u64,
    /// 1 when this share got one of the units left over by dividing its
    /// half (or whole pot) among tied winners, else 0; the extra unit a high
    /// half gets from halving an odd pot is not counted.
    pub odd_chips: u64,
    /// With several boards: the boards (indices) this share's chips came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub boards: Option<Vec<u64>>,
}

/// An uncalled bet given back (RULES.md §2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UncalledDto<'a> {
    /// The player the chips go back to.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// Chips of a bet nobody called: given back, in no pot.
    pub amount: u64,
}

/// `GET /v1/variants` answer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct VariantsResponse {
    /// Every variant of the contract.
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
    #[schema(value_type = crate::schema_enums::VariantName)]
    pub id: String,
    /// `board`, `stud` or `draw`.
    #[schema(value_type = crate::schema_enums::FamilyName)]
    pub family: String,
    /// Whether odd chips go by the button (else by card, stud).
    pub button: bool,
    /// Cards per live player at showdown.
    pub hole_cards: u64,
    /// Board cards at showdown (0: no board).
    pub board_cards: u64,
    /// The hand of the high side: `high`, `short-deck-high`, `omaha-high`,
    /// `ace-to-five-low`, `deuce-to-seven-low`, `badugi`, ...
    #[schema(value_type = crate::schema_enums::HandKindName)]
    pub high: String,
    /// The hand of the other side in split games; left out in one-hand games.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::HandKindName>, nullable = false)]
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
    #[schema(value_type = crate::schema_enums::HealthStatus)]
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
