//! Where the next hand at a table starts (API.md, "The next hand";
//! RULES.md §13): the same object in a settle answer and on the tables
//! route.

use crate::Id;
use serde::{Deserialize, Serialize};

/// The next hand's button and blinds, and who posts them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"buttonSeat": 1, "smallBlindSeat": 2, "bigBlindSeat": 3, "buttonDead": false,
    "smallBlindDead": true, "headsUp": false, "bigBlind": "agent-c"}))]
pub struct NextHand<'a> {
    /// The next hand's button; an empty seat under the dead button when its
    /// player is gone (the player before it acts last again).
    pub button_seat: u32,
    /// The next small blind's seat; heads-up, the button's seat.
    pub small_blind_seat: u32,
    /// The next big blind's seat: always a player dealt in.
    pub big_blind_seat: u32,
    /// `true` when nobody sits on the button's seat.
    pub button_dead: bool,
    /// `true` when nobody sits on the small blind's seat: nobody posts it.
    pub small_blind_dead: bool,
    /// `true` when two players are dealt in: the button posts the small blind.
    pub heads_up: bool,
    /// Who posts the small blind; absent when it is dead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, nullable = false)]
    pub small_blind: Option<Id<'a>>,
    /// Who posts the big blind.
    #[schema(value_type = String)]
    pub big_blind: Id<'a>,
}
