//! `POST /v1/equity` (API.md; RULES.md §10.1–10.4): each player's exact
//! share of one pot contested by every listed player, over every runout.
//!
//! [`equity_request`] is the whole pipeline, HTTP free: validation (every
//! problem with a JSON Pointer), the enumeration of `showdown-equity`, and
//! the answer with each fraction in lowest terms. The work is bounded by
//! the game: the largest request is heads-up before the flop.

mod answer;
mod check;
mod dto;

pub use crate::fraction::{percent, Fraction};
use crate::unanswered::Unanswered;
pub use dto::{EquityPlayer, EquityRequest, EquityResponse, PlayerEquity};
pub use showdown_equity::build_tables;
use showdown_equity::{enumerate_until, PotMask};
use showdown_json::Invalid;
use std::sync::atomic::AtomicBool;

/// A request that passed the checks, ready to enumerate.
pub struct Prepared(check::Spot);

impl Prepared {
    /// Whether the answer is a look-up in the heads-up preflop table
    /// (microseconds, like a settle) rather than an enumeration, so the
    /// route may answer it without the hop to the compute pool.
    pub fn is_lookup(&self) -> bool {
        let s = &self.0;
        let hands: Vec<&[showdown_cards::Card]> = s.hands.iter().map(Vec::as_slice).collect();
        showdown_equity::hu_table::answers(s.variant, &hands, &s.board, &s.dead)
    }
}

/// The checks alone (microseconds): every problem of an impossible request
/// at once, so a caller can refuse it before giving it a thread.
pub fn prepare(req: &EquityRequest) -> Result<Prepared, Invalid> {
    check::check(req).map(Prepared)
}

/// Enumerate every runout of a prepared request and answer each player's
/// equity, in request order.
pub fn compute(req: &EquityRequest, prepared: &Prepared) -> Result<EquityResponse, Invalid> {
    compute_until(req, prepared, &AtomicBool::new(false)).map_err(Unanswered::never_stopped)
}

/// [`compute`], given up soon after `stop` is raised (the service raises
/// it when the request times out or its client goes away).
pub fn compute_until(
    req: &EquityRequest,
    prepared: &Prepared,
    stop: &AtomicBool,
) -> Result<EquityResponse, Unanswered> {
    let spot = &prepared.0;
    let hands: Vec<&[showdown_cards::Card]> = spot.hands.iter().map(Vec::as_slice).collect();
    let everyone = PotMask::all(hands.len());
    // The checks above are the engine's: an error here is a bug of ours,
    // reported as the whole request's problem rather than a panic.
    let (board, dead) = (&spot.board, &spot.dead);
    let result = enumerate_until(spot.variant, &hands, board, dead, &[everyone], stop)
        .map_err(|e| Unanswered::of_equity(e, |e| Invalid::one("", e.to_string())))?;
    Ok(answer::response(req, &result))
}

/// Check, then enumerate: the whole pipeline (the command line's path).
pub fn equity_request(req: &EquityRequest) -> Result<EquityResponse, Invalid> {
    compute(req, &prepare(req)?)
}
