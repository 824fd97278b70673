//! One settled hand, as every part of the answer reads it: the request, its
//! validated form, the seat order the core saw, the core's input and
//! settlement, and the ranked hands. Built once, after the core settles, so
//! the event, what a hand adds on top and the explanation each take this
//! one argument and cannot disagree about who core player `k` is.

use crate::settle::dto::SettleRequest;
use crate::settle::pots::dto::PlayerRequest;
use crate::settle::pots::rank::Ranked;
use crate::settle::validated::Validated;
use showdown_cards::{rank_showdown, Showdown};
use showdown_core::{BoardsSettlement, HandInput, Settlement};
use std::borrow::Cow;
use std::cell::OnceCell;
use std::sync::atomic::AtomicBool;

/// A settled hand: `'a` is the request's lifetime, which the answer's ids
/// borrow; `'h` that of the pipeline's own values.
pub(crate) struct Hand<'a, 'h> {
    /// The checked request: the request itself and everything parsed.
    pub(crate) v: &'h Validated<'a>,
    pub(crate) input: &'h HandInput,
    pub(crate) settled: &'h BoardsSettlement,
    pub(crate) ranked: &'h Ranked,
    /// The hands on each board after the first (`[b - 1][i]`, request index).
    pub(crate) more_shown: &'h [Vec<Option<Showdown>>],
    /// Each request player's high hand in words, made on first ask (only
    /// the explanation asks): read it through [`Hand::hand_words`].
    pub(crate) words: OnceCell<Vec<Option<String>>>,
    /// Raised when nobody waits for the answer any more: the run-outs'
    /// enumerations give up on it.
    pub(crate) stop: &'h AtomicBool,
}

impl<'a, 'h> Hand<'a, 'h> {
    /// The request as sent.
    pub(crate) fn req(&self) -> &'a SettleRequest {
        self.v.req
    }

    /// Request index of core player `k` ([`Validated::order`]).
    pub(crate) fn order(&self) -> &'h [usize] {
        &self.v.order
    }

    /// The settlement of the first board (every board's, with one).
    pub(crate) fn settlement(&self) -> &'h Settlement {
        &self.settled.settlement
    }

    /// Core player `k` as the request gave them.
    pub(crate) fn player(&self, k: usize) -> &'a PlayerRequest {
        &self.v.players()[self.v.order[k]]
    }

    /// Core player `k`'s id, borrowed from the request.
    pub(crate) fn id(&self, k: usize) -> Cow<'a, str> {
        Cow::Borrowed(self.player(k).id.as_str())
    }

    /// Player k's hands on board b (board 0 is `ranked.shown`).
    pub(crate) fn on(&self, b: usize, k: usize) -> Option<&'h Showdown> {
        match b.checked_sub(1) {
            None => self.ranked.shown[self.v.order[k]].as_ref(),
            Some(m) => self.more_shown.get(m)?[self.v.order[k]].as_ref(),
        }
    }

    /// Each request player's high hand in words, when it can be described.
    pub(crate) fn hand_words(&self) -> &[Option<String>] {
        self.words.get_or_init(|| {
            let v = self.v;
            (0..v.players().len())
                .map(|i| {
                    // Never the words of a hand the table may not see.
                    if self.ranked.hidden.get(i) == Some(&true) {
                        return None;
                    }
                    let s = self.ranked.shown[i]
                        .clone()
                        .or_else(|| rank_showdown(v.variant, v.hole(i), v.board()).ok());
                    s.map(|s| s.high.description)
                })
                .collect()
        })
    }
}
