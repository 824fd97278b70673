//! The JSON of an Open Hand History hand (OHH 1.4.7, earlier 1.x alike),
//! as the specification names its fields. Fields the settlement does not
//! read are kept as they came, so the record written back carries them;
//! fields outside the specification are ignored, as a reader of an
//! exchange format with site extensions must.

use crate::ohh::amount::Amount;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A document holding one hand: `{"ohh": {...}}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhDocument {
    pub ohh: OhhHand,
}

/// One hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhHand {
    /// The specification's version the hand was written to (`1.4.7`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub spec_version: Option<String>,
    /// The room, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub site_name: Option<String>,
    /// The room's network, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_name: Option<String>,
    /// The room's own version, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub internal_version: Option<Value>,
    /// A tournament hand, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<bool>,
    /// The tournament, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub tournament_info: Option<Value>,
    /// The room's number for the hand: echoed as the answer's `gameId`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub game_number: Option<Value>,
    /// When the hand started, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date_utc: Option<String>,
    /// The table, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table_name: Option<String>,
    /// The room's table handle, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub table_handle: Option<Value>,
    /// The room's skin, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub table_skin: Option<Value>,
    /// `Holdem`, `Omaha`, `OmahaHiLo` (`Stud`, `StudHiLo`, `Draw` have no
    /// streets in OHH and are refused).
    pub game_type: String,
    /// The betting structure.
    pub bet_limit: BetLimit,
    /// The table's seats, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub table_size: Option<Value>,
    /// The currency of the amounts, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub currency: Option<String>,
    /// The button's seat.
    pub dealer_seat: u32,
    /// The small blind, as recorded (the `Post SB` actions decide).
    pub small_blind_amount: Amount,
    /// The big blind: the no-limit and pot-limit minimum bet and the fixed-limit small bet unless `settle` says otherwise.
    pub big_blind_amount: Amount,
    /// The ante, as recorded (the `Post Ante` actions decide).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ante_amount: Option<Amount>,
    /// The recording player's `id`, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hero_player_id: Option<u64>,
    /// The room's flags, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub flags: Option<Value>,
    /// The players dealt in, each with an `id` the actions use.
    pub players: Vec<OhhPlayer>,
    /// The rounds in the order played, `Preflop` first.
    pub rounds: Vec<OhhRound>,
    /// The pots and who won them. In a request, the room's own, compared
    /// with ours in `record.differences`; in `record.ohh`, the
    /// settlement's, from `number` 0.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pots: Option<Vec<OhhPot>>,
    /// The room's bounties: with `settle.tournament`, the record writes the
    /// bounties the settlement paid and `record.differences` compares them;
    /// otherwise echoed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament_bounties: Option<Vec<OhhBounty>>,
}

/// The betting structure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct BetLimit {
    /// `NL`, `PL` or `FL`.
    pub bet_type: String,
    /// The room's cap on bets a round, as recorded (the house's `settle.cap` decides fixed limit's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bet_cap: Option<Amount>,
}

/// A player dealt in.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhPlayer {
    /// The player's number in the hand: actions name players by it.
    pub id: u64,
    /// The seat number, rising clockwise.
    pub seat: u32,
    /// The player's name: the answer's `agentName`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The player's display name, echoed in the record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub display: Option<String>,
    /// The chips before the hand.
    pub starting_stack: Amount,
    /// The bounty on the player (bounty money, in decimals of its own):
    /// with `settle.tournament`, the player's `bounty` of RULES.md §12.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_bounty: Option<Amount>,
    /// The room's sitting-out flag, echoed in the record: a player flagged
    /// so whom no action puts in the hand (cards, a post, a bet) is not
    /// dealt in, and is settled folded with the stack unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_sitting_out: Option<bool>,
}

/// One round: the cards it dealt and its actions.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhRound {
    /// The round's number, as the room wrote it (not read: the order of the array decides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub id: Option<Value>,
    /// `Preflop`, `Flop`, `Turn`, `River` or `Showdown`.
    pub street: String,
    /// The board cards this round dealt (an empty string is read as none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub cards: Option<Value>,
    /// The round's actions in the order played.
    #[serde(default)]
    pub actions: Vec<OhhAction>,
}

/// One action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhAction {
    /// The action's number in the hand, as the room wrote it (not read: the order of the array decides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action_number: Option<u64>,
    /// The acting player's `id`; left out only for `Add to Pot` by the house.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player_id: Option<u64>,
    /// `Post SB`, `Post BB`, `Post Ante`, `Straddle`, `Post Dead`, `Post Extra Blind`, `Check`, `Bet`, `Raise`, `Call`, `Fold`, `Dealt Cards`, `Shows Cards`, `Mucks Cards`, `Add to Pot`; `Added Chips`, `Sits Down`, `Stands Up` and `Player Adjustment` are outside the pot and not read.
    pub action: String,
    /// The chips the action adds (a raise's too, as the specification
    /// reads it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub amount: Option<Amount>,
    /// The room's flag that the action puts the player all in (informative: the stack decides).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub is_allin: Option<bool>,
    /// The cards dealt or shown (`Dealt Cards`, `Shows Cards`); `??` is a card not seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards: Option<Vec<String>>,
}

/// One pot and who won it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhPot {
    /// 0 for the main pot, then the side pots.
    pub number: u64,
    /// Every chip of the pot, its rake and jackpot included.
    pub amount: Amount,
    /// The rake taken from the pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rake: Option<Amount>,
    /// The jackpot drop taken from the pot.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<Amount>,
    /// Who won what of the pot.
    #[serde(default)]
    pub player_wins: Vec<OhhWin>,
}

/// One player's part of a pot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhWin {
    /// The winning player's `id`.
    pub player_id: u64,
    /// What the player won of the pot, its rake and jackpot taken out.
    pub win_amount: Amount,
    /// What the player was paid for cashing out: with `settle.cashOuts`,
    /// the settlement's, on the player's win in the main pot; otherwise the
    /// room's, echoed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cashout_amount: Option<Amount>,
    /// The fee of the cash-out (its value less what was paid), as
    /// `cashout_amount`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cashout_fee: Option<Amount>,
    /// A bonus the room paid, echoed in the record on the same win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bonus_amount: Option<Amount>,
    /// The player's part of the rake, echoed in the record on the same win.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contributed_rake: Option<Amount>,
}

/// A bounty won in a tournament hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct OhhBounty {
    /// The player who won the bounty.
    pub player_id: u64,
    /// The bounty the room paid.
    pub bounty_won: Amount,
    /// The player knocked out; the winner's own id for the winner's own
    /// bounty, paid on the tournament's last hand (RULES.md §12.7).
    pub defeated_player_id: u64,
}
