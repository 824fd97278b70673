//! Who the steps name: what settle knows beside the core's result, the
//! players' names and ids, and the pots' labels.

use crate::settle::step::safe_name;
use crate::settle::SettleRequest;
use showdown_core::OddChipOrder;

/// A player's name for a step's text (their id when they have none), by
/// id; safe for one line of text.
pub fn player_name(req: &SettleRequest, id: &str) -> String {
    req.players.iter().find(|p| p.id == id).map_or_else(
        || safe_name(id),
        |p| safe_name(p.name.as_deref().unwrap_or(&p.id)),
    )
}

/// What settle.rs knows beside the core's result.
pub struct Context<'a> {
    pub req: &'a SettleRequest,
    /// Request index of core player k.
    pub order: &'a [usize],
    /// Each request player's (high, low) values, `None` if folded.
    pub values: &'a [Option<(u64, Option<u64>)>],
    /// Each request player's high hand in words, when described.
    pub hand_words: &'a [Option<String>],
    pub order_kind: OddChipOrder,
    pub split_game: bool,
}

impl Context<'_> {
    pub(super) fn id(&self, k: usize) -> String {
        self.req.players[self.order[k]].id.clone()
    }
    pub(super) fn name(&self, k: usize) -> String {
        let p = &self.req.players[self.order[k]];
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
        match &self.hand_words[self.order[k]] {
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
