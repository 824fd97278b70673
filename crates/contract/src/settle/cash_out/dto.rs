//! Cash-outs in a settle request and its answer (API.md, "Cash-outs and
//! the bad-beat jackpot"; RULES.md §10.5–10.6).

use crate::fraction::Fraction;
use crate::Id;
use serde::{Deserialize, Serialize};

/// A player who took the room's all-in cash-out offer.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct CashOutRequest {
    /// The player's `id`: a live player at a showdown who took the room's
    /// cash-out offer; each player once.
    pub agent_id: String,
    /// Board cards dealt when the offer was taken: 0, 3 or 4.
    #[schema(schema_with = crate::schema_enums::cash_out_board_cards)]
    pub board_cards: u64,
    /// The room's fee in basis points, 0 to 10,000; default 100 (1 %).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(maximum = 9007199254740991u64)]
    pub fee_bp: Option<u64>,
    /// How the fee is rounded: `down` (the default: the exact worth less the
    /// fee, rounded down) or `nearest` (the fee an amount of its own, rounded
    /// to the nearest chip, off the worth rounded down). Naming it adds `fee`
    /// to the answer (RULES.md §10.5.3).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<CashOutFeeRounding>)]
    pub fee_rounding: Option<String>,
}

/// `cashOuts[].feeRounding` (RULES.md §10.5.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, utoipa::ToSchema)]
#[schema(rename_all = "camelCase")]
pub enum CashOutFeeRounding {
    /// The amount paid is the exact value less the fee, rounded down.
    Down,
    /// The fee is its own amount, the value rounded down times the rate,
    /// to the nearest unit (halves up), taken off that value (PokerStars).
    Nearest,
}

/// What one cash-out paid, and what its hand gave up.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CashOut)]
pub struct CashOutDto<'a> {
    /// The player who cashed out.
    #[schema(value_type = String)]
    pub agent_id: Id<'a>,
    /// Board cards dealt when the offer was taken.
    #[schema(schema_with = crate::schema_enums::cash_out_board_cards)]
    pub board_cards: u64,
    /// The fee in basis points.
    pub fee_bp: u64,
    /// The run-outs enumerated from those board cards: every way the rest of
    /// the board can come.
    pub runouts: u64,
    /// Each pot the player was eligible for: its net amount and the
    /// player's equity in it.
    pub pots: Vec<CashOutPotDto>,
    /// The equity's value `Σ net × equity`, rounded down to `chipUnit`.
    pub value: u64,
    /// What the player is paid: the value less the fee, rounded as
    /// `feeRounding` says, computed exactly.
    pub amount: u64,
    /// `value − amount`, what the house charged; reported when the request
    /// names `feeRounding`, so an older request is answered as before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub fee: Option<u64>,
    /// What the player's hand won from the pots, which goes to the house.
    pub forfeited: u64,
}

/// One pot of a cash-out.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = CashOutPot)]
pub struct CashOutPotDto {
    /// The pot's `index` in `pots`.
    pub index: u64,
    /// The pot less its rake and jackpot drop.
    pub net: u64,
    /// The player's exact equity in the pot: `numerator` over `denominator`, in
    /// lowest terms.
    pub equity: Fraction,
}
