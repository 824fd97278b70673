//! The JSON contract of API.md: request and response types.
//!
//! Field names are camelCase; unknown request fields are rejected so a typo
//! never silently defaults. Fields may be added here, never renamed.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// POST /v1/settle body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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
}

/// One player of a settle request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
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

/// The `hand_complete` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct HandCompleteEvent {
    /// Always `hand_complete`.
    #[serde(rename = "type")]
    pub kind: String,
    pub data: HandComplete,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandComplete {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hand_number: Option<u64>,
    pub variant: String,
    pub rules: String,
    /// `showdown` or `uncontested`.
    pub reason: String,
    pub winner_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner_name: Option<String>,
    /// Null when uncontested.
    pub winning_hand: Option<HandRankDto>,
    pub tie: bool,
    pub total_winners: u64,
    pub pot_breakdown: Vec<PotBreakdownEntry>,
    pub pots: Vec<PotDto>,
    pub uncalled: Vec<UncalledDto>,
    pub final_chip_stacks: BTreeMap<String, u64>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandRankDto {
    #[serde(rename = "type")]
    pub kind: u8,
    pub name: String,
    pub value: u64,
    pub description: String,
    pub cards: Vec<String>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PotBreakdownEntry {
    pub agent_id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_name: Option<String>,
    pub amount: u64,
    pub hand_rank: Option<HandRankDto>,
    /// The second hand of a split game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub low_hand_rank: Option<HandRankDto>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PotDto {
    pub index: u64,
    /// `main`, then `side-1`, `side-2`, …
    pub name: String,
    pub amount: u64,
    pub eligible: Vec<String>,
    pub tie: bool,
    pub shares: Vec<ShareDto>,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShareDto {
    pub agent_id: String,
    /// `whole`, `high` or `low`.
    pub half: String,
    pub amount: u64,
    pub odd_chips: u64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UncalledDto {
    pub agent_id: String,
    pub amount: u64,
}
