//! The body of `POST /v1/settle/ohh` and `POST /v1/betting`: the OHH hand,
//! and the house's settings that OHH does not carry (API.md, "The hand as
//! played").

use crate::ohh::hand::OhhHand;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use showdown_contract::settle::{
    BadBeatRequest, CashOutRequest, JackpotRequest, RakeRequest, ShowdownRequest, TournamentRequest,
};

/// An OHH hand and the settings to settle it by.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct OhhRequest {
    /// The hand, as Open Hand History 1.4.7 writes it.
    pub ohh: OhhHand,
    /// What the record does not say: the house's rules and options.
    #[serde(default)]
    pub settle: OhhTerms,
}

/// Every field of `POST /v1/settle` that a record does not give. Amounts
/// count the hand's smallest decimal place, as the answer's do.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct OhhTerms {
    /// The variant where OHH cannot name it (`short-deck`); else read
    /// from `game_type` and the number of hole cards.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    /// The hand's number, echoed as the answer's `handNumber`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand_number: Option<u64>,
    /// The rulebook, as `POST /v1/settle` takes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<String>,
    /// The hi-lo odd-chip rule, as `POST /v1/settle` takes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hi_lo_odd_chips: Option<String>,
    /// The smallest chip, in the hand's smallest decimal place (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub chip_unit: Option<u64>,
    /// The rake, as `POST /v1/settle` takes it (in the hand's smallest unit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rake: Option<RakeRequest>,
    /// The jackpot drop, as `POST /v1/settle` takes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jackpot: Option<JackpotRequest>,
    /// A hand run more than once: every board, the record's first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub boards: Option<Vec<Vec<String>>>,
    /// Add the explanation of every chip, as `POST /v1/settle` does.
    #[serde(default)]
    pub explain: bool,
    /// Cash-outs, as `POST /v1/settle` takes them (in the hand's smallest unit).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cash_outs: Option<Vec<CashOutRequest>>,
    /// Adds every live player's all-in expectation (RULES.md §17), the
    /// board cards at the all-in read from the actions: the betting must
    /// have ended with cards still to come.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub all_in_ev: bool,
    /// The bad-beat jackpot, as `POST /v1/settle` takes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bad_beat: Option<BadBeatRequest>,
    /// The tournament terms, as `POST /v1/settle` takes them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<TournamentRequest>,
    /// The showdown's options (`audience`, `muck`, ...); who was the last
    /// aggressor and whether the cards were run out come from the actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub showdown: Option<ShowdownRequest>,
    /// Fixed limit: the early rounds' unit (default the big blind).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub small_bet: Option<u64>,
    /// Fixed limit: the late rounds' unit (default twice `smallBet`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub big_bet: Option<u64>,
    /// Fixed limit: bets and raises a round (default 4).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 4294967295u64)]
    pub cap: Option<u32>,
    /// Fixed limit: whether the cap holds heads-up (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cap_heads_up: Option<bool>,
    /// No limit and pot limit: the smallest bet (default the big blind).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 1, maximum = 9007199254740991u64)]
    pub min_bet: Option<u64>,
    /// Given by the record: refused here (422).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub players: Option<Value>,
    /// Given by the record: refused here (422).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub board: Option<Value>,
    /// Given by the record: refused here (422).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub button_seat: Option<Value>,
    /// Given by the record (`Add to Pot`): refused here (422).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub dead_money: Option<Value>,
}

impl OhhTerms {
    /// Whether settling enumerates run-outs (cash-outs, the all-in
    /// expectation), so the route runs it on the compute pool.
    pub fn enumerates(&self) -> bool {
        self.cash_outs.as_ref().is_some_and(|c| !c.is_empty()) || self.all_in_ev
    }

    /// The first field given that the record gives instead.
    pub fn given_by_the_record(&self) -> Option<&'static str> {
        let showdown = self.showdown.as_ref();
        [
            ("players", self.players.is_some()),
            ("board", self.board.is_some()),
            ("buttonSeat", self.button_seat.is_some()),
            ("deadMoney", self.dead_money.is_some()),
            (
                "showdown/lastAggressor",
                showdown.is_some_and(|s| s.last_aggressor.is_some()),
            ),
            ("showdown/runOut", showdown.is_some_and(|s| s.run_out)),
        ]
        .into_iter()
        .find_map(|(name, given)| given.then_some(name))
    }
}
