//! The core hand in the settle request and its answer: a player as the
//! request gives them, a ranked hand as the answer names it (API.md
//! `handRank`), and the pots: each one's shares, its boards' parts, the
//! winners' breakdown and the bets given back.

use crate::Id;
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

/// One player of a settle request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"id": "agent-a", "name": "Agent A", "seat": 1, "stack": 1000, "committed": 300, "folded": false, "cards": ["3c", "4d"]}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(as = Player)]
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
    /// True if the player folded, or mucked at the showdown; default false
    /// (null is absent).
    #[serde(default, deserialize_with = "crate::null_is_false")]
    #[schema(value_type = Option<bool>)]
    pub folded: bool,
    /// The player's cards: hole cards in board and draw games, all seven in
    /// stud. Required for every live player of a contested hand, as many as
    /// the variant deals (`holeCards`, 7 at most).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::CardName>>, max_items = 7)]
    pub cards: Option<Vec<String>>,
    /// Tournament hands only: the bounty on the player at the start of the
    /// hand, in bounty money (not chips), a multiple of
    /// `tournament.bountyUnit`; default 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub bounty: Option<u64>,
    /// With `showdown`: true when the player chose to show a hand they
    /// could muck (RULES.md §15.3); default false; refused on a folded
    /// player.
    #[serde(
        default,
        deserialize_with = "crate::null_is_false",
        skip_serializing_if = "std::ops::Not::not"
    )]
    #[schema(value_type = Option<bool>)]
    pub shows: bool,
}

/// One board's share of a pot and who won it (RULES.md §9.2-9.3).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"board": 0, "amount": 5, "halves": [{"half": "high", "amount": 3, "winners": ["agent-a"]}, {"half": "low", "amount": 2, "winners": ["agent-b"]}]}))]
#[schema(as = PotBoard)]
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
#[schema(as = BoardHalf)]
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
#[schema(as = Pot)]
pub struct PotDto<'a> {
    /// 0 for the main pot, then 1, 2, … for the side pots.
    pub index: u64,
    /// `main`, then `side-1`, `side-2`, …
    #[schema(value_type = String, pattern = "^(main|side-[1-9][0-9]*)$")]
    pub name: Text,
    /// Gross: every chip in the pot; its shares add up to `amount − rake −
    /// jackpot`.
    pub amount: u64,
    /// Only when the request has `rake`: the part of the rake taken from this
    /// pot. `amount` stays the gross pot; its shares add up to `amount − rake −
    /// jackpot`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rake: Option<u64>,
    /// Only when the request has `jackpot`: the part of the drop taken from
    /// this pot.
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
    /// With several boards: each board's share of the pot (`board`, its index,
    /// and `amount`) and who won it: `halves`, each a `half` (`whole`, `high`
    /// or `low`), its `amount` and its `winners` in odd-chip order.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub boards: Option<Vec<PotBoardDto<'a>>>,
}

/// One player's share of one pot (or of its half).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Share)]
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
    /// half gets from halving an odd pot is not counted. Under
    /// `hiLoOddChips: high` a high-half share also counts the low half's
    /// leftover units it got, so it may be more than 1.
    pub odd_chips: u64,
    /// With several boards: the boards (indices) this share's chips came from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub boards: Option<Vec<u64>>,
}

/// An uncalled bet given back (RULES.md §2.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Uncalled)]
pub struct UncalledDto<'a> {
    /// The player the chips go back to.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// Chips of a bet nobody called: given back, in no pot.
    pub amount: u64,
}
