//! Who and what an explanation's steps name, for every feature's steps:
//! the players' names, their hands in words, and the pots' labels, read
//! from the request or the settled [`Hand`].

use crate::settle::dto::SettleRequest;
use crate::settle::explain_step::safe_name;
use crate::settle::hand::Hand;

/// When the board stood at `board_cards` cards, as a step says it: the
/// all-in cash-out's offer and the all-in expectation's betting.
pub(crate) fn street(board_cards: u64) -> &'static str {
    match board_cards {
        0 => "before the flop",
        3 => "on the flop",
        _ => "on the turn",
    }
}

/// A player's name for a step's text (their id when they have none), by
/// id; safe for one line of text.
pub(crate) fn player_name(req: &SettleRequest, id: &str) -> String {
    req.players.iter().find(|p| p.id == id).map_or_else(
        || safe_name(id),
        |p| safe_name(p.name.as_deref().unwrap_or(&p.id)),
    )
}

/// Who a step names: core player `k`, safe for one line of text.
impl Hand<'_, '_> {
    pub(crate) fn name(&self, k: usize) -> String {
        let p = self.player(k);
        safe_name(p.name.as_deref().unwrap_or(&p.id))
    }
    pub(crate) fn names(&self, ks: &[usize]) -> String {
        let n: Vec<String> = ks.iter().map(|&k| self.name(k)).collect();
        match n.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }
    pub(crate) fn with_hand(&self, k: usize) -> String {
        match &self.hand_words()[self.order()[k]] {
            Some(w) => format!(" with {w}"),
            None => String::new(),
        }
    }
}

/// "Main pot", "Side pot 2": a pot as a step's text names it.
pub(crate) fn pot_label(idx: usize) -> String {
    if idx == 0 {
        "Main pot".into()
    } else {
        format!("Side pot {idx}")
    }
}
