//! The 422 checks of the next hand's inputs in a settle request (RULES.md
//! §13.8): `tournament.smallBlindSeat`, `bigBlindSeat` and `buttonRule`,
//! each refusal the core decides (`next_hand_refusals`) at its pointer.

use crate::next_hand::check_button_rule;
use crate::problems::Problems;
use crate::request_names::{field, worded};
use crate::settle::dto::SettleRequest;
use showdown_cards::Variant;
use showdown_core::next_hand_refusals;

/// RULES.md §13.8, the settle route's part: `smallBlindSeat`,
/// `bigBlindSeat` and `buttonRule` of a tournament hand in a button game.
pub(crate) fn check(req: &SettleRequest, table: Option<&Variant>, p: &mut Problems) {
    let Some(t) = req.tournament.as_ref() else {
        return;
    };
    if let Some(rule) = t.button_rule.as_deref() {
        check_button_rule(rule, "/tournament/buttonRule", p);
    }
    let variant = table.map(|t| (t.id.as_str(), t.button));
    let big_has_chips = |bb| req.players.iter().any(|pl| pl.seat == bb && pl.stack > 0);
    let (sb, bb, rule) = (
        t.small_blind_seat,
        t.big_blind_seat,
        t.button_rule.is_some(),
    );
    for r in next_hand_refusals(variant, sb, bb, rule, big_has_chips) {
        let pointer = format!("/tournament/{}", field(r.at().term()));
        p.push(pointer, worded(&r));
    }
}
