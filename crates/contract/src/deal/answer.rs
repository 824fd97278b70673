//! The deal between the contract and the core: the checked request as the
//! core reads it (a plan in tie order), and the core's outcome, or its
//! refusal, as the answer.

use super::dto::{DealRequest, DealResponse, DealShareDto};
use super::DealPlan;
use showdown_core::prize::PrizeError;
use showdown_core::{tie_order, DealError, DealMethod, DealOutcome, DealTerms};
use showdown_json::Invalid;
use std::borrow::Cow;

/// The plan of a checked request: the players in tie order (largest
/// stack first, then id in byte order) with their stacks, and the terms.
pub(super) fn plan(req: &DealRequest, method: DealMethod, unit: u64) -> DealPlan {
    let players: Vec<(u64, &str)> = req
        .players
        .iter()
        .map(|p| (p.stack, p.id.as_str()))
        .collect();
    let order = tie_order(&players);
    let stacks = order.iter().map(|&i| req.players[i].stack).collect();
    DealPlan {
        order,
        stacks,
        terms: DealTerms {
            method,
            prizes: req.prizes.clone(),
            unit,
            set_aside: req.set_aside.unwrap_or(0),
        },
    }
}

/// The core's outcome in the request's ids, in tie order.
pub(super) fn response<'a>(
    req: &'a DealRequest,
    plan: &DealPlan,
    out: &DealOutcome,
) -> DealResponse<'a> {
    DealResponse {
        method: Cow::Borrowed(req.method.as_str()),
        total: out.total,
        set_aside: plan.terms.set_aside,
        shares: plan
            .order
            .iter()
            .zip(&out.shares)
            .map(|(&i, share)| DealShareDto {
                agent_id: Cow::Borrowed(req.players[i].id.as_str()),
                stack: req.players[i].stack,
                amount: share.amount,
                odd_units: share.odd_units,
            })
            .collect(),
    }
}

/// A core refusal as a problem with a pointer: the checks make it
/// unreachable, and the words and places are the ones they use.
pub(super) fn refusal(e: DealError) -> Invalid {
    let pointer = match &e {
        DealError::Refused(r) => super::check::pointer(r.at()),
        DealError::Prizes(PrizeError::Unit(_)) => "/prizeUnit".to_string(),
        DealError::Prizes(_) => "/prizes".to_string(),
        // `compute_until` answers a stop itself; kept for a whole match.
        DealError::Stopped => String::new(),
    };
    Invalid::one(pointer, crate::request_names::worded(&e))
}
