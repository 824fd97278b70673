//! The `hand_complete` event that answers a settled hand.

use super::hand_rank::{HandRankDto, Text};
use crate::Id;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Reads a field that may be absent (`None`) or null (`Some(None)`), which
/// serde's `Option` would both read as `None`: `winnerName` tells them apart.
fn null_kept<'de, D, T>(d: D) -> Result<Option<Option<T>>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(d).map(Some)
}

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
    /// last player left in the hand; null at a showdown where nobody won
    /// chips (the rake took every pot).
    #[schema(value_type = Option<String>, required = true)]
    pub winner_id: Option<Id<'a>>,
    /// That player's `name`; left out when they have none; null when
    /// `winnerId` is.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "null_kept"
    )]
    #[schema(value_type = Option<String>, nullable = true)]
    pub winner_name: Option<Option<Id<'a>>>,
    /// The winner's hand (the first `potBreakdown` entry's `handRank`);
    /// null when the hand is uncontested, or when `winnerId` is null.
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
    /// Only when the request has `showdown`: every live player in the order
    /// they showed or mucked (RULES.md §15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub showdown: Option<Vec<super::showdown::ShowdownEntryDto<'a>>>,
    /// Only when the request has `cashOuts`: each cash-out's equity, value,
    /// amount paid and what its hand forfeited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub cash_outs: Option<Vec<super::cash_out::CashOutDto<'a>>>,
    /// Only with `cashOuts`: `Σ forfeited − Σ amount`, the house's result on
    /// the hand's cash-outs (negative when it paid out more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, minimum = -9007199254740991i64, maximum = 9007199254740991i64)]
    pub cash_out_balance: Option<i64>,
    /// Only when the request has `badBeat`: whether the hand qualifies for
    /// the bad-beat jackpot, and its payouts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub bad_beat: Option<super::bad_beat::BadBeatDto<'a>>,
    /// Only when the request asked `explain`: ordered steps, one for each
    /// thing that moved chips (paying steps sum to Σ potBreakdown, uncalled
    /// bets to Σ uncalled, rake and jackpot steps to their amounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub explanation: Option<Vec<crate::settle::step::ExplainStep>>,
    /// Only with `tournament`: the players knocked out, best finish first
    /// (RULES.md §12.2-12.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub eliminations: Option<Vec<super::tournament::EliminationDto<'a>>>,
    /// Only with `tournament`: every player's bounty after the hand, by id,
    /// the eliminated left out (the tournament winner's is 0: it was paid).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, value_type = Option<BTreeMap<String, u64>>)]
    pub bounties: Option<BTreeMap<Id<'a>, u64>>,
    /// Only with `tournament`: bounty money paid now, by id: the cash
    /// parts of the awards, and the winner's own bounty at the last hand;
    /// only players paid more than 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, value_type = Option<BTreeMap<String, u64>>)]
    pub bounty_cash: Option<BTreeMap<Id<'a>, u64>>,
    /// Only with `tournament.prizes`: prize money paid this hand, by id
    /// (RULES.md §14.2): the places of the players knocked out in the
    /// money, and the winner's first prize at the last hand; only players
    /// paid more than 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, value_type = Option<BTreeMap<String, u64>>)]
    pub prize_cash: Option<BTreeMap<Id<'a>, u64>>,
    /// Only when this hand ends the tournament (`playersLeft` less the
    /// players knocked out is 1): the player left.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, value_type = Option<String>)]
    pub tournament_winner: Option<Id<'a>>,
    /// Only with `tournament.smallBlindSeat` and `bigBlindSeat`, when two
    /// or more players keep chips: where the next hand starts (RULES.md
    /// §13).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub next_hand: Option<crate::next_hand::NextHand<'a>>,
}

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

/// What the house took from a hand (the rake or the jackpot drop), and who
/// paid it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"amount": 5, "contributions": {"A": 1, "B": 2, "C": 2}}))]
#[schema(as = Take)]
pub struct TakeDto<'a> {
    /// Chips the house took from the hand: the sum of the pots' parts.
    pub amount: u64,
    /// Every player's part, in chips, by id; they add up to `amount`.
    #[schema(value_type = BTreeMap<String, u64>)]
    pub contributions: BTreeMap<Id<'a>, u64>,
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
