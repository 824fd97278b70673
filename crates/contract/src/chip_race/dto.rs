//! The JSON of `POST /v1/chip-race`: the request, the response, and each
//! player's part of it, with their OpenAPI schemas.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// POST /v1/chip-race body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "removedDenomination": 5,
    "colorUpTo": 25,
    "players": [
        {"id": "agent-a", "seat": 1, "leftoverChips": 2, "otherChips": 100, "cards": ["Kd", "4c"]},
        {"id": "agent-b", "seat": 2, "leftoverChips": 2, "otherChips": 0, "cards": ["Qs", "9h"]}
    ]
}))]
pub struct ChipRaceRequest {
    /// The denomination leaving play (e.g. 5 for $5 chips).
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub removed_denomination: u64,
    /// The denomination it colors up to: larger, and a multiple of it.
    #[schema(minimum = 2, maximum = 9007199254740991u64)]
    pub color_up_to: u64,
    /// `tda` (default): the deal starts at seat 1 (TDA 23). `standard`: it
    /// starts at the small blind of the next hand (common chip-race practice).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::ConventionName>)]
    pub convention: Option<String>,
    /// The small blind seat of the next hand: required with `standard`, not
    /// allowed with `tda`. It may be an empty seat.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub small_blind_seat: Option<u32>,
    /// Deal from this seed (0 to 2^53 − 1); without it, every racing player
    /// sends the `cards` they were dealt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub seed: Option<u64>,
    /// Every player at the table, at least one.
    #[schema(min_items = 1)]
    pub players: Vec<ChipRacePlayerRequest>,
}

/// One player at the color-up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChipRacePlayerRequest {
    /// The player's id: not empty, unique in the race.
    #[schema(min_length = 1)]
    pub id: String,
    /// A display name, echoed back beside the id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The seat number, 1 or more, unique in the race.
    #[schema(format = Int64, maximum = 4294967295u64, minimum = 1)]
    pub seat: u32,
    /// How many chips of the removed denomination the player holds (a
    /// count). Full sets are exchanged at equal value; the rest is raced.
    #[schema(maximum = 9007199254740991u64)]
    pub leftover_chips: u64,
    /// Value of the player's other chips.
    #[schema(maximum = 9007199254740991u64)]
    pub other_chips: u64,
    /// The cards dealt to the player (audit): one per chip raced, i.e.
    /// `leftoverChips` modulo `colorUpTo / removedDenomination`; the race
    /// deals from one deck, so 52 at most.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Vec<crate::schema_enums::CardName>>, max_items = 52)]
    pub cards: Option<Vec<String>>,
}

/// POST /v1/chip-race response.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "convention": "tda",
    "removedDenomination": 5,
    "colorUpTo": 25,
    "ratio": 5,
    "valueRemoved": 20,
    "coloredUpChips": 1,
    "remainder": 20,
    "roundedUp": true,
    "chipsAdded": 1,
    "dealOrder": ["agent-a", "agent-b"],
    "players": [
        {"id": "agent-a", "seat": 1, "leftoverChips": 2, "exchanged": 0, "raced": 2,
         "cards": ["Kd", "4c"], "bestCard": "Kd", "racedOut": false,
         "award": "race-win", "addedChip": false, "chipsBefore": 110, "chipsAfter": 125},
        {"id": "agent-b", "seat": 2, "leftoverChips": 2, "exchanged": 0, "raced": 2,
         "cards": ["Qs", "9h"], "bestCard": "Qs", "racedOut": true,
         "award": "not-raced-out", "addedChip": true, "chipsBefore": 10, "chipsAfter": 25}
    ],
    "awards": [
        {"id": "agent-a", "reason": "race-win", "card": "Kd", "added": false},
        {"id": "agent-b", "reason": "not-raced-out", "card": "Qs", "added": true}
    ],
    "finalChipStacks": {"agent-a": 125, "agent-b": 25}
}))]
pub struct ChipRaceResponse {
    /// The convention used: the request's, `tda` when it had none.
    #[schema(value_type = crate::schema_enums::ConventionName)]
    pub convention: String,
    /// The request's `removedDenomination`.
    pub removed_denomination: u64,
    /// The request's `colorUpTo`.
    pub color_up_to: u64,
    /// Removed chips per larger chip.
    pub ratio: u64,
    /// The request's `smallBlindSeat`; left out when it had none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(format = Int64, maximum = 4294967295u64, nullable = false)]
    pub small_blind_seat: Option<u32>,
    /// The seed the cards were dealt from, echoed; absent for an audit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub seed: Option<u64>,
    /// Value of the leftover chips the race took off the table.
    pub value_removed: u64,
    /// Colored-up chips made from it: full chips, plus one when the remainder
    /// is more than half a chip (common chip-race practice).
    pub colored_up_chips: u64,
    /// The value removed short of a full colored-up chip
    /// (`valueRemoved` modulo `colorUpTo`).
    pub remainder: u64,
    /// True when that remainder was more than half a colored-up chip and so
    /// earned one more chip.
    pub rounded_up: bool,
    /// Chips added beyond those so that nobody is raced out (TDA 23).
    pub chips_added: u64,
    /// Ids of the players dealt cards, in the order dealt.
    pub deal_order: Vec<String>,
    /// Every player, by seat.
    pub players: Vec<ChipRacePlayerResult>,
    /// The colored-up chips handed out, in order.
    pub awards: Vec<ChipRaceAward>,
    /// Every player's chips (value) after the color-up, by id.
    pub final_chip_stacks: BTreeMap<String, u64>,
}

/// One player's part of a chip race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChipRacePlayerResult {
    /// The player's id.
    pub id: String,
    /// The player's `name`; left out when they have none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub name: Option<String>,
    /// The player's seat.
    #[schema(format = Int64, maximum = 4294967295u64)]
    pub seat: u32,
    /// The request's `leftoverChips`: the player's chips of the removed
    /// denomination (a count).
    pub leftover_chips: u64,
    /// Larger chips received at equal value for full sets.
    pub exchanged: u64,
    /// Removed chips raced, one card each.
    pub raced: u64,
    /// The cards dealt to the player, in deal order; empty when none were raced.
    #[schema(value_type = Vec<crate::schema_enums::CardName>)]
    pub cards: Vec<String>,
    /// The highest of those cards (rank, then suit); left out when the
    /// player was dealt none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::CardName>, nullable = false)]
    pub best_card: Option<String>,
    /// The raced chips were all the player had.
    pub raced_out: bool,
    /// Why the player gets a colored-up chip; left out when they get none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::AwardName>, nullable = false)]
    pub award: Option<String>,
    /// The chip was added to play rather than made from the leftovers.
    pub added_chip: bool,
    /// Value of the player's chips before the color-up.
    pub chips_before: u64,
    /// Value of the player's chips after it.
    pub chips_after: u64,
}

/// A colored-up chip handed out in the race.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChipRaceAward {
    /// The id of the player who gets the chip.
    pub id: String,
    /// `race-win`: one of the highest single cards; `not-raced-out`: the
    /// race took the player's last chips (TDA 23).
    #[schema(value_type = crate::schema_enums::AwardName)]
    pub reason: String,
    /// The player's best card. Always sent: chips go only to players who
    /// were dealt cards (`showdown_core::chip_race`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<crate::schema_enums::CardName>, required = true, nullable = false)]
    pub card: Option<String>,
    /// Added to play rather than made from the leftover value.
    pub added: bool,
}
