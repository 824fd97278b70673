//! `POST /v1/deals` (API.md; RULES.md §14.5-14.7): validation (every
//! problem of §14.9 on the deals route, each with a JSON Pointer) and the
//! glue to `showdown_core::deal`.
//!
//! [`deal_request`] is the whole pipeline, HTTP free; the route splits it
//! in [`prepare`] (checks), [`compute`] (the core, which the route may run
//! on its compute pool) and [`answer`], and `showdown deals` runs it whole.

mod answer;
mod check;
mod dto;

pub use dto::{DealPlayer, DealRequest, DealResponse, DealShareDto};

use crate::problems::Problems;
use crate::unanswered::Unanswered;
use showdown_core::{deal_until, DealError, DealMethod, DealOutcome, DealTerms, Unit};
use showdown_json::Invalid;
use std::sync::atomic::AtomicBool;

/// A checked request, ready for the core: the players in tie order (largest
/// stack first, then id in byte order), which is also the answer's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DealPlan {
    /// Request indices of the players, in tie order.
    pub order: Vec<usize>,
    /// Their stacks, in that order.
    pub stacks: Vec<u64>,
    pub terms: DealTerms,
}

impl DealPlan {
    /// Whether the deal can take more than a millisecond, so the service
    /// runs it apart from settlements: every ICM deal (2^n sets, and the
    /// exact equalities modulo primes can take milliseconds from 10
    /// players), and a chip chop or equal deal past 1,000 players (its
    /// sort).
    pub fn is_heavy(&self) -> bool {
        self.terms.method == DealMethod::Icm || self.stacks.len() > 1_000
    }
}

/// The whole deals route: validate, then the core, then the answer.
pub fn deal_request(req: &DealRequest) -> Result<DealResponse<'_>, Invalid> {
    let plan = prepare(req)?;
    let outcome = compute(&plan)?;
    Ok(answer(req, &plan, &outcome))
}

/// RULES.md §14.9: every problem of the request, else the plan.
pub fn prepare(req: &DealRequest) -> Result<DealPlan, Invalid> {
    let mut p = Problems::default();
    let method = check::method(&req.method, &mut p);
    let unit = p.unit("/prizeUnit", Unit::Prize, req.prize_unit);
    check::players(req, method, &mut p);
    check::prizes(req, unit, &mut p);
    p.finish()?;
    // Both were checked above.
    Ok(answer::plan(
        req,
        method.unwrap_or(DealMethod::Icm),
        unit.unwrap_or(1),
    ))
}

/// The core's deal; a checked plan is always answered (the core refuses
/// by the same rules the checks above ask it, so a refusal here means a
/// plan that skipped them).
pub fn compute(plan: &DealPlan) -> Result<DealOutcome, Invalid> {
    compute_until(plan, &AtomicBool::new(false)).map_err(Unanswered::never_stopped)
}

/// [`compute`], given up soon after `stop` is raised (the service raises
/// it when the request times out or its client goes away).
pub fn compute_until(plan: &DealPlan, stop: &AtomicBool) -> Result<DealOutcome, Unanswered> {
    deal_until(&plan.stacks, &plan.terms, stop).map_err(|e| match e {
        DealError::Stopped => Unanswered::Stopped,
        e => Unanswered::Invalid(answer::refusal(e)),
    })
}

/// The core's outcome in the request's ids, in tie order.
pub fn answer<'a>(req: &'a DealRequest, plan: &DealPlan, out: &DealOutcome) -> DealResponse<'a> {
    answer::response(req, plan, out)
}
