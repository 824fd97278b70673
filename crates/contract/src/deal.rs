//! `POST /v1/deals` (API.md; RULES.md §14.5-14.7): validation (every
//! problem of §14.9 on the deals route, each with a JSON Pointer) and the
//! glue to `showdown_core::deal`.
//!
//! [`deal_request`] is the whole pipeline, HTTP free; the route splits it
//! in [`prepare`] (checks), [`compute`] (the core, which the route may run
//! on its compute pool) and [`answer`], and `showdown deals` runs it whole.

use crate::dto::{DealRequest, DealResponse, DealShareDto};
use crate::invalid::Invalid;
use crate::problems::{earlier_equal, Problems};
use showdown_core::{
    deal, DealError, DealMethod, DealOutcome, DealTerms, MAX_AMOUNT, MAX_ICM_PLAYERS, MAX_PRIZES,
};
use std::borrow::Cow;

/// The methods, as the request names them.
const METHODS: [&str; 3] = ["icm", "chipChop", "equal"];

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
    /// ICM past this many players takes milliseconds (2^n sets), so the
    /// service runs it apart from settlements.
    pub fn is_heavy(&self) -> bool {
        self.terms.method == DealMethod::Icm && self.stacks.len() > 12
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
    let method = method(&req.method, &mut p);
    let unit = p.unit("/prizeUnit", "prizeUnit", req.prize_unit);
    check_players(req, method, &mut p);
    check_prizes(req, unit, &mut p);
    p.finish()?;
    let mut order: Vec<usize> = (0..req.players.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (&req.players[a], &req.players[b]);
        pb.stack
            .cmp(&pa.stack)
            .then_with(|| pa.id.as_bytes().cmp(pb.id.as_bytes()))
    });
    let stacks = order.iter().map(|&i| req.players[i].stack).collect();
    Ok(DealPlan {
        order,
        stacks,
        terms: DealTerms {
            // Both were checked above.
            method: method.unwrap_or(DealMethod::Icm),
            prizes: req.prizes.clone(),
            unit: unit.unwrap_or(1),
            set_aside: req.set_aside.unwrap_or(0),
        },
    })
}

/// The core's deal; a checked plan is always answered (the core's own
/// checks repeat the contract's, so a refusal here means a skipped check).
pub fn compute(plan: &DealPlan) -> Result<DealOutcome, Invalid> {
    deal(&plan.stacks, &plan.terms).map_err(refusal)
}

/// The core's outcome in the request's ids, in tie order.
pub fn answer<'a>(req: &'a DealRequest, plan: &DealPlan, out: &DealOutcome) -> DealResponse<'a> {
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

/// `method`, one of three (a closed set: a hint when it is off).
fn method(name: &str, p: &mut Problems) -> Option<DealMethod> {
    match name {
        "icm" => Some(DealMethod::Icm),
        "chipChop" => Some(DealMethod::ChipChop),
        "equal" => Some(DealMethod::Equal),
        other => {
            p.push(
                "/method",
                crate::closed_set::unknown("method", other, &METHODS),
            );
            None
        }
    }
}

/// How many players, their ids and stacks (RULES.md §14.6).
fn check_players(req: &DealRequest, method: Option<DealMethod>, p: &mut Problems) {
    let n = req.players.len();
    let max = method.map_or(MAX_PRIZES, DealMethod::max_players);
    if n < 2 {
        p.push(
            "/players",
            format!("a deal needs at least 2 players, got {n}"),
        );
    } else if n > max {
        let why = if method == Some(DealMethod::Icm) {
            format!(
                "icm takes at most {MAX_ICM_PLAYERS} players (its work doubles with each one), got {n}: use chipChop or equal, or deal with fewer players left"
            )
        } else {
            format!("a deal takes at most {max} players, got {n}")
        };
        p.push("/players", why);
    }
    let first = earlier_equal(n, |i| req.players[i].id.as_str());
    let mut chips: u64 = 0;
    for (i, pl) in req.players.iter().enumerate() {
        p.id(i, &pl.id, first(i).filter(|_| !pl.id.is_empty()));
        if pl.stack == 0 {
            p.push(
                format!("/players/{i}/stack"),
                "stack must be at least 1: a player without chips is out of the tournament",
            );
        } else if pl.stack > MAX_AMOUNT {
            p.over = true;
            p.push(
                format!("/players/{i}/stack"),
                format!("stack {} is over 2^53 - 1 ({MAX_AMOUNT})", pl.stack),
            );
        }
        chips = chips.saturating_add(pl.stack);
    }
    if chips > MAX_AMOUNT && !p.over {
        p.push(
            "/players",
            format!("the stacks add up to {chips}, over 2^53 - 1 ({MAX_AMOUNT})"),
        );
    }
}

/// The prize table and the amount set aside (RULES.md §14.1, §14.5).
fn check_prizes(req: &DealRequest, unit: Option<u64>, p: &mut Problems) {
    crate::validate::prize::check_prizes("", &req.prizes, unit, p);
    let (k, n) = (req.prizes.len(), req.players.len());
    if k > n && k <= MAX_PRIZES {
        p.push(
            "/prizes",
            format!("{k} prizes for {n} players: list the places still to be paid, at most one a player"),
        );
    }
    check_set_aside(req, unit, p);
}

/// `setAside`: a multiple of the unit, at most the first prize less the
/// second (so the table it leaves never rises).
fn check_set_aside(req: &DealRequest, unit: Option<u64>, p: &mut Problems) {
    let Some(aside) = req.set_aside else {
        return;
    };
    if let Some(u) = unit.filter(|u| !aside.is_multiple_of(*u)) {
        p.push(
            "/setAside",
            format!("setAside {aside} is not a multiple of prizeUnit {u}"),
        );
    }
    let first = req.prizes.first().copied().unwrap_or(0);
    let second = req.prizes.get(1).copied().unwrap_or(0);
    let most = first.saturating_sub(second);
    if aside > most {
        p.push(
            "/setAside",
            format!("setAside {aside} is above the first prize less the second ({first} - {second} = {most}): the winner's prize must stay at least the runner-up's"),
        );
    }
}

/// A core refusal as a problem with a pointer (the checks above catch them
/// all; this is kept for a caller that skips them).
fn refusal(e: DealError) -> Invalid {
    let pointer = match &e {
        DealError::PlayerCount { .. } | DealError::StacksTooLarge => "/players".to_string(),
        DealError::NoChips(i) => format!("/players/{i}/stack"),
        DealError::MorePrizesThanPlayers { .. } | DealError::PrizesTooLarge => {
            "/prizes".to_string()
        }
        DealError::PrizeNotMultiple(j) | DealError::PrizeRises(j) => format!("/prizes/{j}"),
        DealError::BadUnit => "/prizeUnit".to_string(),
        DealError::SetAsideNotMultiple | DealError::SetAsideTooLarge => "/setAside".to_string(),
    };
    Invalid::one(pointer, e.to_string())
}
