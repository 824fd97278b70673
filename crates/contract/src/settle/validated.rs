//! A settle request that passed validation, its cards parsed once.

use crate::settle::dto::SettleRequest;
use crate::settle::pots::dto::PlayerRequest;
use showdown_cards::{Card, Rulebook, Variant, VariantId};
use showdown_core::{HiLoOddChips, HouseTake};

/// A request that passed validation, with everything parsed: the one value
/// every step of the pipeline takes, so none reads a term twice or parses
/// it again.
#[derive(Debug, Clone)]
pub struct Validated<'r> {
    /// The request as sent: the ids and names the answer borrows, and each
    /// feature's own terms, read through this value only.
    pub req: &'r SettleRequest,
    /// Request index of core player `k`: the core sees players by seat, so
    /// the answer never depends on the order of the request.
    pub order: Vec<usize>,
    pub variant: VariantId,
    pub table: Variant,
    pub rules: Rulebook,
    /// Who gets a halved pot's leftover units (RULES.md §4).
    pub hi_lo: HiLoOddChips,
    pub chip_unit: u64,
    pub dead_money: u64,
    /// The rake and the jackpot drop as the core reads them (RULES.md §8).
    pub house: HouseTake,
    /// Required and present in button games, `None` in stud.
    pub button_seat: Option<u32>,
    /// Every parsed card, the board's (or each board's in full, in deal
    /// order) first, then each player's in request order: two allocations a
    /// request rather than one a player.
    pub(super) cards: Vec<Card>,
    /// Where each board ends in `cards`, one entry a board (the last is
    /// `starts[0]`).
    pub(super) board_ends: Vec<usize>,
    /// Where each player's cards start in `cards`; one more entry than
    /// players, the last is the end.
    pub(super) starts: Vec<usize>,
    /// Two or more live players: a showdown, so live hands are ranked.
    pub contested: bool,
    /// The request's `showdown`, checked (RULES.md §15); `None` without it.
    pub showdown: Option<crate::settle::showdown::check::ShowdownSettings>,
}

impl<'r> Validated<'r> {
    /// The request's players, in the request's order.
    pub fn players(&self) -> &'r [PlayerRequest] {
        &self.req.players
    }

    /// The board's cards (with several boards, the first board's).
    pub fn board(&self) -> &[Card] {
        self.board_at(0)
    }

    /// How many boards the hand was played on (1 unless `boards` had more).
    pub fn board_count(&self) -> usize {
        self.board_ends.len()
    }

    /// The cards of board `b` (0 is the first), in full.
    pub fn board_at(&self, b: usize) -> &[Card] {
        let start = b.checked_sub(1).map_or(0, |a| self.board_ends[a]);
        &self.cards[start..self.board_ends[b]]
    }

    /// The cards of request player `i` (maybe none).
    pub fn hole(&self, i: usize) -> &[Card] {
        &self.cards[self.starts[i]..self.starts[i + 1]]
    }
}
