//! The all-in expectation of a settled hand (RULES.md §17): the live
//! hands enumerated once from the board the betting ended on (the home
//! cash-outs share, `settle/runouts.rs`), the core's exact expectation of
//! each, and the answer's entries.

use super::dto::{AllInEvDto, ExactChips, WideInt};
use crate::settle::hand::Hand;
use crate::settle::runouts::Live;
use crate::unanswered::Unanswered;
use showdown_core::{all_in_expectation, CashOutOutcome, Exact, Reason, RunoutShares};
use showdown_equity::Equity;
use showdown_json::Invalid;
use std::collections::BTreeMap;

/// An error here is a guard rail of ours tripping after validation: the
/// request's problem, never a panic.
fn guard(e: impl std::fmt::Display) -> Invalid {
    Invalid::one(
        "/allInEv",
        format!("the all-in expectation cannot be counted: {e}"),
    )
}

/// Every live player's expectation when the request asks for it;
/// `cash_outs` (the core's outcomes) give a cashed-out player's `won`,
/// and `counted` the cash-outs' enumerations by `boardCards`, one of
/// which may be this one's.
pub(crate) fn expectations<'a>(
    hand: &Hand<'a, '_>,
    cash_outs: &[CashOutOutcome],
    counted: Option<&BTreeMap<u64, Equity>>,
) -> Result<Option<Vec<AllInEvDto<'a>>>, Unanswered> {
    let Some(ask) = &hand.req().all_in_ev else {
        return Ok(None);
    };
    let s = hand.settlement();
    let players = hand.order().len();
    // An uncontested hand deals nothing more: its one player was due
    // every pot (§17.3).
    let shares = if s.reason == Reason::Uncontested {
        RunoutShares::settled(s, players)
    } else {
        let live = Live::of(hand);
        match counted.and_then(|c| c.get(&ask.board_cards)) {
            Some(equity) => live.shares(equity, players),
            None => {
                let equity = live.enumerate(hand.v, ask.board_cards, hand.stop);
                let equity = equity.map_err(|e| Unanswered::of_equity(e, guard))?;
                live.shares(&equity, players)
            }
        }
    };
    let entries = all_in_expectation(hand.input, s, &shares, cash_outs).map_err(guard)?;
    Ok(Some(
        entries
            .iter()
            .map(|e| {
                Ok(AllInEvDto {
                    agent_id: hand.id(e.player),
                    expected: exact(e.expected)?,
                    won: e.won,
                    luck: exact(e.luck)?,
                })
            })
            .collect::<Result<_, Invalid>>()?,
    ))
}

/// The core's exact amount as the answer writes it.
fn exact(x: Exact) -> Result<ExactChips, Invalid> {
    let denominator = i128::try_from(x.fraction.denominator).map_err(guard)?;
    Ok(ExactChips {
        numerator: WideInt(x.fraction.numerator),
        denominator: WideInt(denominator),
        chips: i64::try_from(x.chips).map_err(guard)?,
    })
}
