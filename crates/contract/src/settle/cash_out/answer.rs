//! All-in cash-outs of a settled hand (RULES.md §10.5): for each distinct
//! `boardCards`, one enumeration of every runout from the final board's
//! first cards tallies every pot at once; the core turns those equities
//! into each player's value, amount and forfeit, and the answer's
//! `finalChipStacks` take the amounts in place of what the hands won.

use super::check::terms;
use super::dto::{CashOutDto, CashOutPotDto};
use crate::fraction::Fraction;
use crate::settle::hand::Hand;
use crate::settle::runouts::Live;
use crate::unanswered::Unanswered;
use showdown_core::{
    apply_cash_outs, CashOut, CashOutOutcome, CashOutTerms, PotEquity, Settlement,
};
use showdown_equity::Equity;
use showdown_json::Invalid;
use std::collections::BTreeMap;

/// The cash-outs' answer: one entry each, the house's balance, and every
/// player's final stack by core index.
pub struct CashOuts<'a> {
    pub dtos: Vec<CashOutDto<'a>>,
    /// The core's outcomes, which the all-in expectation reads (§17.4).
    pub outcomes: Vec<CashOutOutcome>,
    /// The enumeration of each `boardCards` the cash-outs asked for, so
    /// an all-in expectation from the same board does not count it again.
    pub equities: BTreeMap<u64, Equity>,
    pub balance: i64,
    pub final_stacks: Vec<u64>,
}

/// An error here is a guard rail of ours tripping after validation: the
/// request's problem, never a panic.
fn guard(e: impl std::fmt::Display) -> Invalid {
    Invalid::one("/cashOuts", format!("the cash-outs cannot be valued: {e}"))
}

/// Every cash-out of the request valued, and the stacks they leave:
/// the live hands enumerated once for each distinct `boardCards`, each
/// cash-out's equity in the pots it is eligible for, then the core's
/// values.
pub(crate) fn value<'a>(hand: &Hand<'a, '_>) -> Result<Option<CashOuts<'a>>, Unanswered> {
    let (req, v, order, s) = (hand.req(), hand.v, hand.order(), hand.settlement());
    if req.cash_outs.is_none() {
        return Ok(None);
    }
    let live = Live::of(hand);
    let terms: Vec<CashOutTerms> = terms(req);
    let mut by_k: BTreeMap<u64, Equity> = BTreeMap::new();
    for t in &terms {
        if let std::collections::btree_map::Entry::Vacant(e) = by_k.entry(t.board_cards) {
            let equity = live.enumerate(v, t.board_cards, hand.stop);
            e.insert(equity.map_err(|e| Unanswered::of_equity(e, guard))?);
        }
    }
    let mut core_of = vec![0; order.len()];
    for (k, &i) in order.iter().enumerate() {
        core_of[i] = k;
    }
    let cash_outs: Vec<CashOut> = terms
        .iter()
        .map(|t| cash_out(&live, s, core_of[t.player], t, &by_k[&t.board_cards]))
        .collect();
    let settled = apply_cash_outs(s, v.chip_unit, &cash_outs).map_err(guard)?;
    let dtos = settled.cash_outs.iter().map(|o| dto(hand, o)).collect();
    let equities = by_k;
    Ok(Some(CashOuts {
        dtos,
        outcomes: settled.cash_outs,
        equities,
        balance: settled.balance,
        final_stacks: settled.final_stacks,
    }))
}

/// Core player `k`'s cash-out: its terms, and its equity in each pot it
/// is eligible for.
fn cash_out(live: &Live, s: &Settlement, k: usize, t: &CashOutTerms, eq: &Equity) -> CashOut {
    let equities = s
        .pots
        .iter()
        .enumerate()
        .filter(|(_, p)| p.eligible.contains(&k))
        .map(|(pot, _)| PotEquity {
            pot,
            share_units: live.share_units(eq, pot, k),
            runouts: eq.runouts,
        })
        .collect();
    CashOut {
        terms: CashOutTerms { player: k, ..*t },
        equities,
    }
}

/// One cash-out as the answer gives it.
fn dto<'a>(hand: &Hand<'a, '_>, o: &CashOutOutcome) -> CashOutDto<'a> {
    CashOutDto {
        agent_id: hand.id(o.player),
        board_cards: o.board_cards,
        fee_bp: o.fee_bp,
        runouts: o.runouts,
        pots: o
            .pots
            .iter()
            .map(|p| CashOutPotDto {
                index: p.index as u64,
                net: p.net,
                equity: Fraction {
                    numerator: p.equity.numerator,
                    denominator: p.equity.denominator,
                },
            })
            .collect(),
        value: o.value,
        amount: o.amount,
        // Reported when asked how to round it, so a request without
        // `feeRounding` is answered as before.
        fee: hand.req().cash_outs.as_deref().and_then(|list| {
            list.iter()
                .find(|c| c.agent_id == hand.player(o.player).id)
                .and_then(|c| c.fee_rounding.as_ref())
                .map(|_| o.fee)
        }),
        forfeited: o.forfeited,
    }
}
