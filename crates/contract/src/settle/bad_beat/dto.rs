//! The bad-beat jackpot in a settle request and its answer (API.md,
//! "Cash-outs and the bad-beat jackpot"; RULES.md §11).

use crate::settle::pots::dto::{HandRankDto, Text};
use crate::Id;
use serde::{Deserialize, Serialize};

/// The room's bad-beat jackpot terms; the backend keeps the fund.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"pool": 100000, "minLosingHand": ["Ah", "Ad", "Ac", "Th", "Td"],
    "bothHoleCardsPlay": true, "minPlayersDealt": 4, "loserBp": 5000, "winnerBp": 2500, "tableBp": 2500}))]
pub struct BadBeatRequest {
    /// Chips in the jackpot's fund (the backend keeps it), a multiple of
    /// `chipUnit`.
    #[schema(maximum = 9007199254740991u64)]
    pub pool: u64,
    /// Five distinct cards of the variant's deck: the weakest losing hand
    /// that qualifies, ranked as a high hand of the variant.
    #[schema(value_type = Vec<crate::schema_enums::CardName>, min_items = 5, max_items = 5)]
    pub min_losing_hand: Vec<String>,
    /// Whether every winner and loser must make their hand with both hole
    /// cards; default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub both_hole_cards_play: Option<bool>,
    /// Players dealt in that the hand needs; default 4.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub min_players_dealt: Option<u64>,
    /// Players dealt in; default the number of `players`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub players_dealt: Option<u64>,
    /// The losers' part in basis points; default 5000. The three parts add up
    /// to 10,000 at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub loser_bp: Option<u64>,
    /// The winners' part in basis points; default 2500. The three parts add up
    /// to 10,000 at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub winner_bp: Option<u64>,
    /// The rest of the table's part in basis points; default 2500. The three
    /// parts add up to 10,000 at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub table_bp: Option<u64>,
}

/// Whether the hand hit the bad-beat jackpot, and who is paid what. One
/// struct on the wire; its schema is a union keyed on `qualified`
/// (`BadBeatQualified` or `BadBeatNotQualified`, schema.rs), so a
/// generated client cannot mix the two shapes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BadBeatDto<'a> {
    /// True when every condition of RULES.md §11.3 holds.
    pub qualified: bool,
    /// Not qualified: the first condition that failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Text>,
    /// Qualified: the losers' hand (high, on the first board).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub losing_hand: Option<HandRankDto>,
    /// Qualified: the winners' hand.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub winning_hand: Option<HandRankDto>,
    /// Qualified: every payout, losers first, then winners, then the table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub payouts: Option<Vec<BadBeatPayoutDto<'a>>>,
    /// Qualified: the sum of the payouts, paid from the fund (never part of
    /// `finalChipStacks`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paid: Option<u64>,
    /// Qualified: what stays in the fund (`pool − paid`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remaining: Option<u64>,
}

/// One payout of the bad-beat jackpot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = BadBeatPayout)]
pub struct BadBeatPayoutDto<'a> {
    /// The player paid.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// `loser`, `winner` or `table`.
    #[schema(value_type = crate::schema_enums::BadBeatRoleName)]
    pub role: Text,
    /// Chips from the fund.
    pub amount: u64,
}
