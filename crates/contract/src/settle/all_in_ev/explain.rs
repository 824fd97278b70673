//! The all-in expectation in the explanation (RULES.md §17): an
//! `all-in-ev` step for each live player, what they were due against what
//! they won, in chips rounded as the answer rounds them.

use super::dto::AllInEvDto;
use crate::settle::dto::SettleRequest;
use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::names::{player_name, street};

/// With `explain`: one step for each entry; it moves no chips, so its
/// `amount` is the expectation in chips.
pub(crate) fn steps(req: &SettleRequest, entries: &[AllInEvDto]) -> Vec<ExplainStep> {
    let street = street(req.all_in_ev.as_ref().map_or(0, |a| a.board_cards));
    entries
        .iter()
        .map(|e| {
            let name = player_name(req, &e.agent_id);
            let luck = match e.luck.chips {
                0 => "no luck either way".to_string(),
                c if c > 0 => format!("{c} above it"),
                c => format!("{} below it", -c),
            };
            ExplainStep {
                rule: ExplainRule::AllInEv,
                source: "RULES.md §17".into(),
                pot: None,
                players: vec![e.agent_id.to_string()],
                amount: u64::try_from(e.expected.chips).unwrap_or(0),
                text: format!(
                    "{name} was due {} chips from the pots when the betting ended {street} (exactly {}/{}), and won {}: {luck} (RULES.md §17).",
                    e.expected.chips,
                    e.expected.numerator.0,
                    e.expected.denominator.0,
                    e.won,
                ),
            }
        })
        .collect()
}
