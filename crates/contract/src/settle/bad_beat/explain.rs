//! The bad-beat jackpot in the explanation (RULES.md §11.4): a
//! `bad-beat-payout` step for each payout, in a floor person's words.

use super::dto::BadBeatDto;
use crate::settle::dto::SettleRequest;
use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::names::player_name;
use crate::settle::pots::dto::HandRankDto;

/// With `explain`: one step for each payout, in the answer's order, in the
/// words a floor person would use.
pub(crate) fn steps(req: &SettleRequest, bb: &BadBeatDto) -> Vec<ExplainStep> {
    let Some(payouts) = &bb.payouts else {
        return Vec::new();
    };
    // A hand mucked unseen is named as such to a table audience.
    fn words(h: &Option<HandRankDto>) -> &str {
        h.as_ref()
            .map_or("a hand not shown", |h| h.description.as_str())
    }
    let (losing, winning) = (words(&bb.losing_hand), words(&bb.winning_hand));
    payouts
        .iter()
        .filter(|p| p.amount > 0)
        .map(|p| {
            let name = player_name(req, &p.agent_id);
            let (l, w) = (losing, winning);
            let text = match p.role.as_ref() {
                "loser" => format!("{name} held {l}, which lost to {w}: the bad-beat jackpot pays the loser's share, {}, from its fund, not from the pots (RULES.md §11.4).", p.amount),
                "winner" => format!("{name} won with {w} against {l}: the bad-beat jackpot pays the winner's share, {}, from its fund, not from the pots (RULES.md §11.4).", p.amount),
                _ => format!("{name} was dealt in when {l} lost to {w}: the bad-beat jackpot pays a table share, {}, from its fund, not from the pots (RULES.md §11.4).", p.amount),
            };
            ExplainStep {
                rule: ExplainRule::BadBeatPayout,
                source: "RULES.md §11.4".into(),
                pot: None,
                players: vec![p.agent_id.to_string()],
                amount: p.amount,
                text,
            }
        })
        .collect()
}
