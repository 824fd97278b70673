//! Where the next hand at a table starts (API.md, "The next hand";
//! RULES.md §13), in the words both the settle answer's `nextHand` and
//! the tables route give it: the object, the closed set of `buttonRule`,
//! and the core's next hand named by the request's ids. One home, so the
//! two routes cannot word the same seat two ways.

use crate::problems::Problems;
use crate::Id;
use serde::{Deserialize, Serialize};
use showdown_core::ButtonRule;

/// The next hand's button and blinds, and who posts them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"buttonSeat": 1, "smallBlindSeat": 2, "bigBlindSeat": 3, "buttonDead": false,
    "smallBlindDead": true, "headsUp": false, "bigBlind": "agent-c"}))]
pub struct NextHand<'a> {
    /// The next hand's button; an empty seat under the dead button when its
    /// player is gone (the player before it acts last again).
    pub button_seat: u32,
    /// The next small blind's seat, which may be empty (a dead small
    /// blind); heads-up, the button's seat.
    pub small_blind_seat: u32,
    /// The next big blind's seat: always a player dealt in.
    pub big_blind_seat: u32,
    /// `true` when nobody sits on the button's seat; always sent.
    pub button_dead: bool,
    /// `true` when nobody sits on the small blind's seat: nobody posts it;
    /// always sent.
    pub small_blind_dead: bool,
    /// `true` when two players are dealt in: the button posts the small
    /// blind; always sent.
    pub heads_up: bool,
    /// Who posts the small blind; absent when it is dead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, nullable = false)]
    pub small_blind: Option<Id<'a>>,
    /// Who posts the big blind.
    #[schema(value_type = String)]
    pub big_blind: Id<'a>,
}

/// `buttonRule` in the core's words; validation has refused anything else.
pub(crate) fn button_rule(rule: Option<&str>) -> ButtonRule {
    match rule {
        Some("forward") => ButtonRule::Forward,
        _ => ButtonRule::Dead,
    }
}

/// The closed set of `buttonRule` (RULES.md §13.2, §13.5).
pub(crate) fn check_button_rule(rule: &str, pointer: &str, p: &mut Problems) {
    if !matches!(rule, "dead" | "forward") {
        p.push(
            pointer,
            showdown_json::closed_set::unknown("buttonRule", rule, &["dead", "forward"]),
        );
    }
}

/// The core's next hand in the answer's words; `id_at` names whoever sits
/// on a seat (nobody on a dead one, so a dead small blind has no id).
pub(crate) fn answer<'a>(
    n: &showdown_core::NextHand,
    id_at: impl Fn(u32) -> Option<Id<'a>>,
) -> NextHand<'a> {
    NextHand {
        button_seat: n.button,
        small_blind_seat: n.small_blind,
        big_blind_seat: n.big_blind,
        button_dead: n.button_dead,
        small_blind_dead: n.small_blind_dead,
        heads_up: n.heads_up,
        small_blind: id_at(n.small_blind).filter(|_| !n.small_blind_dead),
        big_blind: id_at(n.big_blind).unwrap_or_default(),
    }
}
