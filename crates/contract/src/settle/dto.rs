//! The body of `POST /v1/settle` and its `hand_complete` answer, each a
//! list of the parts the features of a hand add (API.md): every part is
//! defined in its feature's `dto.rs`, so a new feature adds one field here.
//!
//! Unknown fields are refused, so a misspelt key never quietly falls back to
//! its default. Fields may be added, never renamed.

use crate::next_hand::NextHand;
use crate::settle::all_in_ev::dto::{AllInEvDto, AllInEvRequest};
use crate::settle::bad_beat::dto::{BadBeatDto, BadBeatRequest};
use crate::settle::boards::dto::BoardDto;
use crate::settle::cash_out::dto::{CashOutDto, CashOutRequest};
use crate::settle::explain_step::ExplainStep;
use crate::settle::house_take::dto::{JackpotRequest, RakeRequest, TakeDto};
use crate::settle::pots::dto::{
    HandRankDto, PlayerRequest, PotBreakdownEntry, PotDto, Text, UncalledDto,
};
use crate::settle::showdown::dto::{ShowdownEntryDto, ShowdownRequest};
use crate::settle::tournament::dto::{EliminationDto, TournamentRequest};
use crate::Id;
use serde::{Deserialize, Serialize};
use showdown_cards::VariantId;
use std::collections::BTreeMap;

/// POST /v1/settle body.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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
    /// Who gets the leftover units of a halved pot (RULES.md §4): `tda`
    /// (the default: each half's own winners) or `high` (Bovada: every one
    /// to the high half's winners). Nothing changes in a one-hand game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::HiLoOddChipsName>)]
    pub hi_lo_odd_chips: Option<String>,
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
    /// Board games only, instead of `board`: the boards in the order they were
    /// dealt (run it twice, double-board games), 1 to 16. They may start with
    /// the same cards (those dealt before the run-out); no other card may
    /// repeat (RULES.md §9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::BoardCards>>, min_items = 1, max_items = 16)]
    pub boards: Option<Vec<Vec<String>>>,
    /// When true the answer adds `explanation`, the rule behind every chip
    /// step by step, each step a `rule`, its `source` (the rulebook), the
    /// `amount`, the `players` and `pot` it concerns and a plain-English
    /// `text` (EXPLAIN.md); false, null or absent leaves it out.
    #[serde(
        default,
        deserialize_with = "crate::null_is_false",
        skip_serializing_if = "std::ops::Not::not"
    )]
    #[schema(value_type = Option<bool>)]
    pub explain: bool,
    /// Players who took an all-in cash-out (RULES.md §10.5): the hand
    /// settles as without them, then each is paid their equity's value
    /// less a fee and their hand's winnings go to the house.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 10)]
    pub cash_outs: Option<Vec<CashOutRequest>>,
    /// Asks for every live player's all-in expectation (RULES.md §17):
    /// what the pots owed them when the betting ended, exact, beside what
    /// they won.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub all_in_ev: Option<AllInEvRequest>,
    /// The room's bad-beat jackpot (RULES.md §11): whether the hand
    /// qualifies and who is paid what from the fund.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_beat: Option<BadBeatRequest>,
    /// A tournament hand (RULES.md §12), of at most 23 players: the chips
    /// settle as without it, then the answer adds who was knocked out,
    /// their places and who collects each bounty.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentRequest>,
    /// Who shows at the showdown, in what order, and what the table may
    /// see (RULES.md §15); the chips settle the same with or without it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub showdown: Option<ShowdownRequest>,
}

impl SettleRequest {
    /// Whether settling it enumerates run-outs (cash-outs, the all-in
    /// expectation): millions before the flop, so a route runs it on the
    /// compute pool, never on the async workers.
    pub fn enumerates(&self) -> bool {
        self.cash_outs.as_ref().is_some_and(|c| !c.is_empty()) || self.all_in_ev.is_some()
    }
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
        "../../openapi-examples/api-md-example.request.json"
    ))
}

/// Run it twice after an all-in on the flop (RULES.md §9, example 9.1).
pub fn example_run_it_twice() -> serde_json::Value {
    golden_example(include_str!(
        "../../openapi-examples/rules-9-1-holdem-two-runs-pot-6-chopped-twice-3-and-3.request.json"
    ))
}

/// A double-board Omaha hi-lo hand (RULES.md §9, example 9.5).
pub fn example_double_board_omaha_hi_lo() -> serde_json::Value {
    golden_example(include_str!(
        "../../openapi-examples/rules-9-5-omaha-hi-lo-two-boards-pot-9-a-7-b-2.request.json"
    ))
}

/// A tournament hand (RULES.md §12, example 12.4): two players knocked
/// out in one hand, their places and who collects their bounties.
pub fn example_tournament() -> serde_json::Value {
    golden_example(include_str!(
        "../../openapi-examples/rules-12-4a-places-10-left-a-9th-c-10th.request.json"
    ))
}

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
    #[serde(with = "crate::variants::by_id")]
    pub variant: VariantId,
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
    /// pot: largest amount first, then in odd-chip order (in stud games,
    /// players from different pots by their own high hands).
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
    /// Only when the request has `jackpot`: the drop and who paid it, in the
    /// shape of `rake`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub jackpot: Option<TakeDto<'a>>,
    /// Every player's chips after the hand, by id: `stack − committed −
    /// dead + won + returned`.
    #[schema(value_type = BTreeMap<String, u64>)]
    pub final_chip_stacks: BTreeMap<Id<'a>, u64>,
    /// With several boards (RULES.md §9): each board's `index`, `cards` and
    /// `hands` (every live player's hand, and low hand, on it, by seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub boards: Option<Vec<BoardDto<'a>>>,
    /// Only when the request has `showdown`: every live player in the order
    /// they showed or mucked (RULES.md §15).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub showdown: Option<Vec<ShowdownEntryDto<'a>>>,
    /// Only when the request has `cashOuts`: each cash-out's equity, value,
    /// amount paid and what its hand forfeited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub cash_outs: Option<Vec<CashOutDto<'a>>>,
    /// Only with `cashOuts`: `Σ forfeited − Σ amount`, the house's result on
    /// the hand's cash-outs (negative when it paid out more).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, minimum = -9007199254740991i64, maximum = 9007199254740991i64)]
    pub cash_out_balance: Option<i64>,
    /// Only when the request has `allInEv`: every live player's
    /// expectation at the all-in, what they won and the difference, in
    /// seat order from the first seat left of the button (RULES.md §17).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub all_in_ev: Option<Vec<AllInEvDto<'a>>>,
    /// Only when the request has `badBeat`: whether the hand qualifies for the
    /// bad-beat jackpot. Not qualified: `{"qualified": false, "reason"}`, the
    /// first condition that failed (`no-showdown`, `too-few-players`,
    /// `losing-hand-too-low`, `hole-cards-do-not-play`). Qualified:
    /// `{"qualified": true, "losingHand", "winningHand", "payouts", "paid",
    /// "remaining"}`, each payout an `agentId`, `role` and `amount`, listed
    /// losers, winners, then the table, by seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub bad_beat: Option<BadBeatDto<'a>>,
    /// Only when the request asked `explain`: ordered steps, one for each
    /// thing that moved chips (paying steps sum to Σ potBreakdown, uncalled
    /// bets to Σ uncalled, rake and jackpot steps to their amounts).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub explanation: Option<Vec<ExplainStep>>,
    /// Only with `tournament`: the players knocked out, best finish first
    /// (RULES.md §12.2-12.6).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub eliminations: Option<Vec<EliminationDto<'a>>>,
    /// Only with `tournament`: every player not knocked out, by id, and their
    /// bounty after the hand (the tournament winner's is 0: it was paid).
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
    pub next_hand: Option<NextHand<'a>>,
}
