//! Cash-outs in the explanation (RULES.md §10.5): a `cash-out` step for
//! each, the equity as a percentage and the fee in a floor person's words.

use super::dto::CashOutDto;
use crate::settle::dto::SettleRequest;
use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::names::{player_name, street};

/// With `explain`: one step for each cash-out, the equity as a percentage
/// and the fee in the words a floor person would use.
pub(crate) fn steps(req: &SettleRequest, dtos: &[CashOutDto]) -> Vec<ExplainStep> {
    dtos.iter()
        .map(|c| {
            let name = player_name(req, &c.agent_id);
            let pots: Vec<String> = c
                .pots
                .iter()
                .map(|p| {
                    format!(
                        "{} % of pot {} ({} net)",
                        crate::fraction::percent(&p.equity),
                        p.index,
                        p.net
                    )
                })
                .collect();
            let rate = format!("{}.{:02} %", c.fee_bp / 100, c.fee_bp % 100);
            let fee = fee_words(req, c, &rate);
            ExplainStep {
                rule: ExplainRule::CashOut,
                source: "RULES.md §10.5".into(),
                pot: None,
                players: vec![c.agent_id.to_string()],
                amount: c.amount,
                text: format!(
                    "{name} cashed out {} with {} over {} runouts: worth {}, less {fee}, paid {}; {} (RULES.md §10.5).",
                    street(c.board_cards),
                    pots.join(" and "),
                    c.runouts,
                    c.value,
                    c.amount,
                    match c.forfeited {
                        0 => "the hand won nothing, so the house keeps nothing from it".to_string(),
                        won => format!("the {won} the hand won goes to the house"),
                    }
                ),
            }
        })
        .collect()
}

/// The fee in a cash-out step's words: its rate, and, when the request
/// asked how to round it, the amount and the rounding (RULES.md §10.5.3).
fn fee_words(req: &SettleRequest, c: &CashOutDto, rate: &str) -> String {
    let rounding = req
        .cash_outs
        .as_deref()
        .unwrap_or_default()
        .iter()
        .find(|r| r.agent_id == c.agent_id)
        .and_then(|r| r.fee_rounding.as_deref());
    match (c.fee, rounding) {
        (Some(fee), Some("nearest")) => {
            format!("the {rate} fee of {fee} (the value rounded down, its fee to the nearest chip)")
        }
        (Some(fee), _) => format!("the {rate} fee of {fee} (what is paid rounded down)"),
        (None, _) => format!("the {rate} fee"),
    }
}
