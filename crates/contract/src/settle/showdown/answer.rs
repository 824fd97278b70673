//! RULES.md §15 in the settle pipeline: who showed and who mucked, from
//! the core's settled hand and the same rankings the pots were paid by,
//! and the answer a whole table may see (`audience: table`).

use super::check::ShowdownSettings;
use super::dto::{BoardRankDto, ShowdownEntryDto};
use crate::settle::dto::HandCompleteEvent;
use crate::settle::pots::dto::hand_rank_dto;
use crate::settle::pots::rank::Ranked;
use crate::settle::validated::Validated;
use showdown_cards::{rank_showdown, stud_showing_value, Showdown};
use showdown_core::{BoardsSettlement, HandInput, Hands, ShowEntry, ShowdownHand, ShowdownTerms};
use showdown_json::Invalid;
use std::borrow::Cow;

/// What the showdown reads of a settled hand.
pub(crate) struct Table<'a, 'x> {
    /// The checked request; `v.order[k]` is the request index of core
    /// player k.
    pub(crate) v: &'x Validated<'a>,
    pub(crate) input: &'x HandInput,
    pub(crate) more_boards: &'x [Vec<Option<Hands>>],
    /// Every live hand on each board after the first, by request index.
    pub(crate) more_shown: &'x [Vec<Option<Showdown>>],
    pub(crate) settled: &'x BoardsSettlement,
    /// By request index: a hand the bad-beat jackpot pays (RULES.md
    /// §15.8); empty when none.
    pub(crate) jackpot: &'x [bool],
}

impl<'a> Table<'a, '_> {
    /// The answer's `showdown`, in order, when the request has one; with
    /// `audience: table`, marks in `ranked.hidden` every player whose
    /// cards the answer may not show (folded, mucked, an uncontested
    /// winner not shown).
    pub(crate) fn entries(
        &self,
        ranked: &mut Ranked,
    ) -> Result<Option<Vec<ShowdownEntryDto<'a>>>, Invalid> {
        let Some(settings) = self.v.showdown else {
            return Ok(None);
        };
        let shows: Vec<bool> = self
            .v
            .order
            .iter()
            .map(|&i| self.v.players()[i].shows)
            .collect();
        let jackpot: Vec<bool> = match self.jackpot {
            [] => Vec::new(),
            paid => self.v.order.iter().map(|&i| paid[i]).collect(),
        };
        let showing = self.showing();
        let hand = ShowdownHand {
            input: self.input,
            more_boards: self.more_boards,
            pots: &self.settled.settlement.pots,
            shows: &shows,
            jackpot: &jackpot,
            showing: showing.as_deref(),
        };
        let core = showdown_core::showdown(&hand, &self.terms(&settings)).map_err(|e| {
            Invalid::one(
                "/showdown",
                format!("the showdown cannot be worked out: {e}"),
            )
        })?;
        if settings.table {
            ranked.hidden = self.v.players().iter().map(|p| p.folded).collect();
            for e in core.iter().filter(|e| !e.shown) {
                ranked.hidden[self.v.order[e.player]] = true;
            }
        }
        Ok(Some(core.iter().map(|e| self.entry(ranked, e)).collect()))
    }

    /// The core's terms: the last aggressor as a core index.
    fn terms(&self, s: &ShowdownSettings) -> ShowdownTerms {
        ShowdownTerms {
            last_aggressor: s
                .terms
                .last_aggressor
                .and_then(|i| self.v.order.iter().position(|&j| j == i)),
            ..s.terms
        }
    }

    /// Stud games: each core player's hand showing on the up cards, the
    /// third to sixth of the seven as dealt (RULES.md §15.4).
    fn showing(&self) -> Option<Vec<u64>> {
        (!self.v.table.button).then(|| {
            self.v
                .order
                .iter()
                .map(|&i| match self.v.hole(i) {
                    [_, _, up @ .., _] if up.len() == 4 => stud_showing_value(self.v.variant, up),
                    _ => 0,
                })
                .collect()
        })
    }

    /// One entry of the answer: a shown hand's cards, as the request lists
    /// them, and its rank as `potBreakdown` gives it (per board on several).
    fn entry(&self, ranked: &Ranked, e: &ShowEntry) -> ShowdownEntryDto<'a> {
        let i = self.v.order[e.player];
        let mut dto = ShowdownEntryDto {
            agent_id: Cow::Borrowed(self.v.players()[i].id.as_str()),
            shown: e.shown,
            why: Cow::Borrowed(e.why.as_str()),
            cards: None,
            hand_rank: None,
            low_hand_rank: None,
            hand_ranks: None,
        };
        if !e.shown {
            return dto;
        }
        let hole = self.v.hole(i);
        dto.cards =
            (!hole.is_empty()).then(|| hole.iter().map(|c| Cow::Borrowed(c.as_str())).collect());
        // Borrowed where the settlement already described the hand.
        let ranked_here;
        let first = match &ranked.shown[i] {
            Some(s) => Some(s),
            None => {
                ranked_here = rank_showdown(self.v.variant, hole, self.v.board()).ok();
                ranked_here.as_ref()
            }
        };
        let dto_of = |b: usize, s: &Showdown| BoardRankDto {
            board: b as u64,
            hand_rank: hand_rank_dto(&s.high),
            low_hand_rank: s.low.as_ref().map(hand_rank_dto),
        };
        if self.v.board_count() > 1 {
            let on = |b: usize| match b {
                0 => first,
                _ => self
                    .more_shown
                    .get(b - 1)
                    .and_then(|board| board[i].as_ref()),
            };
            let ranks = (0..self.v.board_count()).filter_map(|b| on(b).map(|s| dto_of(b, s)));
            dto.hand_ranks = Some(ranks.collect());
        } else if let Some(s) = first {
            let one = dto_of(0, s);
            dto.hand_rank = Some(one.hand_rank);
            dto.low_hand_rank = one.low_hand_rank;
        }
        dto
    }
}

/// RULES.md §15.6, `audience: table`: takes out, in place, every rank the
/// answer gives a hidden player (`boards[].hands`, `potBreakdown`,
/// `winningHand`); the explanation and the bad-beat jackpot never
/// described them (`Ranked::hidden`). No card of theirs is in the answer.
pub(crate) fn redact(event: &mut HandCompleteEvent, v: &Validated, hidden: &[bool]) {
    if !hidden.contains(&true) {
        return;
    }
    let is_hidden = |id: &str| {
        v.players()
            .iter()
            .position(|p| p.id == id)
            .is_some_and(|i| hidden[i])
    };
    let d = &mut event.data;
    for board in d.boards.iter_mut().flatten() {
        board.hands.retain(|h| !is_hidden(&h.agent_id));
    }
    for entry in d
        .pot_breakdown
        .iter_mut()
        .filter(|e| is_hidden(&e.agent_id))
    {
        entry.hand_rank = None;
        entry.low_hand_rank = None;
    }
    if d.winner_id.as_deref().is_some_and(is_hidden) {
        d.winning_hand = None;
    }
}
