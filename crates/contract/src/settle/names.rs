//! Who the steps name: the players' names and ids, their hands in words,
//! and the pots' labels, read from the settled [`Hand`].

use crate::settle::dto::SettleRequest;
use crate::settle::hand::Hand;
use crate::settle::step::safe_name;

/// A player's name for a step's text (their id when they have none), by
/// id; safe for one line of text.
pub fn player_name(req: &SettleRequest, id: &str) -> String {
    req.players.iter().find(|p| p.id == id).map_or_else(
        || safe_name(id),
        |p| safe_name(p.name.as_deref().unwrap_or(&p.id)),
    )
}

/// Who a step names: core player `k`, safe for one line of text.
impl Hand<'_, '_> {
    pub(super) fn name(&self, k: usize) -> String {
        let p = self.player(k);
        safe_name(p.name.as_deref().unwrap_or(&p.id))
    }
    pub(super) fn names(&self, ks: &[usize]) -> String {
        let n: Vec<String> = ks.iter().map(|&k| self.name(k)).collect();
        match n.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }
    pub(super) fn with_hand(&self, k: usize) -> String {
        match &self.hand_words()[self.order[k]] {
            Some(w) => format!(" with {w}"),
            None => String::new(),
        }
    }
}

pub(super) fn pot_label(idx: usize) -> String {
    if idx == 0 {
        "Main pot".into()
    } else {
        format!("Side pot {idx}")
    }
}
