//! The house's take in the settle request and its answer (API.md "Rake,
//! jackpot drop and several boards"; RULES.md §8): the rake's terms, the
//! jackpot drop's, and what each took from whom.

use crate::Id;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The rake of a hand (RULES.md §8): a rate of the pots with one cap a hand,
/// taken before the pots are split.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"percentBp": 500, "cap": 300, "rounding": "down", "spread": "mainFirst", "noFlopNoDrop": true, "attribution": "weightedContributed"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RakeRequest {
    /// The rate in basis points, 0 to 10,000 (500 is 5 %); required in `rake`.
    #[schema(maximum = 10000)]
    pub percent_bp: u64,
    /// The most rake one hand pays, in chips (a multiple of `chipUnit`);
    /// not together with `capsByPlayersDealt`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub cap: Option<u64>,
    /// Instead of `cap`: a list such as `[{"minPlayers": 2, "cap": 50},
    /// {"minPlayers": 5, "cap": 300}]`; the entry with the greatest
    /// `minPlayers` not above `playersDealt` applies, and when none does, no
    /// cap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caps_by_players_dealt: Option<Vec<CapStepRequest>>,
    /// How many players were dealt in, for choosing the cap; default (and
    /// minimum) the number of `players`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub players_dealt: Option<u32>,
    /// How the rate's product is rounded to whole chip units: `down` (the
    /// default), `halfEven` or `up` (the house keeps any fraction).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RakeRounding>)]
    pub rounding: Option<String>,
    /// Which pot gives what of the rake and the jackpot drop (RULES.md §8.5):
    /// `proportional` (the default, by size), `mainFirst` (the main pot raked
    /// first, each later pot paying what the rate and the cap leave on the
    /// running total), `lastFirst` (the last side pot first) or
    /// `proportionalMainRest` (by size, each side pot rounded down and the main
    /// pot paying the rest). The hand's total is the same every way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<RakeSpread>)]
    pub spread: Option<String>,
    /// No flop, no drop: no rake when the board has fewer than 3 cards
    /// (board games); default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_flop_no_drop: Option<bool>,
    /// How the rake is charged to players in `rake.contributions` (and the drop
    /// in `jackpot.contributions`): `weightedContributed` (the default),
    /// `contributed` or `dealt`.
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
    /// Ceiling: 4.5 gives 5, 0.5 gives 1.
    Up,
}

/// `rake.spread` (RULES.md §8.5): how the rake and the drop come off the
/// pots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
pub enum RakeSpread {
    /// In proportion to the pots' sizes, by largest remainder.
    Proportional,
    /// The main pot first, each side pot paying what the rate and the cap
    /// leave on the running total (PokerStars, GGPoker).
    MainFirst,
    /// The last side pot first, the main pot last (Winamax).
    LastFirst,
    /// In proportion to the pots' sizes, each side pot rounded down and
    /// the main pot giving all the rest (Bovada, Ignition).
    ProportionalMainRest,
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
    /// The drop, in chips (a multiple of `chipUnit`), required in `jackpot`;
    /// never more than the pots hold after the rake.
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
