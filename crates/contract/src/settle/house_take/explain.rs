//! The house's take in the explanation (RULES.md §8): a `rake` and a
//! `jackpot` step for each pot that gave something, and with `rake.spread`
//! why this pot gave what it did (RULES.md §8.5).

use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::hand::Hand;
use crate::settle::names::pot_label;
use showdown_core::Pot;

/// The house's take from pot `idx`, rake then drop, each a step when it
/// took something. Without `rake.spread` the words are as they always
/// were; with it, each step cites RULES.md §8.5 and says why this pot gave
/// what it did.
pub(crate) fn house_steps(cx: &Hand, pots: &[Pot], idx: usize, out: &mut Vec<ExplainStep>) {
    let pot = &pots[idx];
    let label = pot_label(idx);
    let spread = cx.req().rake.as_ref().and_then(|r| r.spread.as_deref());
    let in_order = matches!(spread, Some("mainFirst" | "lastFirst"));
    let hand_rake: u64 = pots.iter().map(|p| p.rake).sum();
    for (rule, amount, what) in [
        (ExplainRule::Rake, pot.rake, "rake"),
        (ExplainRule::Jackpot, pot.jackpot, "jackpot drop"),
    ] {
        // Taking the pots in turn, a pot that gave no rake says why.
        let zero_says_why = in_order && rule == ExplainRule::Rake && hand_rake > 0;
        if amount == 0 && !zero_says_why {
            continue;
        }
        let (source, why) = match spread {
            None => ("RULES.md §8", String::new()),
            Some(how) => ("RULES.md §8.5", spread_why(pots, idx, how, rule, hand_rake)),
        };
        out.push(ExplainStep {
            rule,
            source: source.into(),
            pot: Some(idx as u64),
            players: Vec::new(),
            amount,
            text: format!(
                "{label}: the house takes {amount} as {what} before the award{why} ({source})."
            ),
        });
    }
}

/// Why pot `idx` gave its part under `spread` (a valid `rake.spread`):
/// in proportion, or, taking the pots in turn, the rake due on the pots so
/// far less what the pots before it gave, and the drop what was left of it.
fn spread_why(pots: &[Pot], idx: usize, spread: &str, rule: ExplainRule, hand_rake: u64) -> String {
    let order: Vec<usize> = match spread {
        "mainFirst" => (0..pots.len()).collect(),
        "lastFirst" => (0..pots.len()).rev().collect(),
        "proportionalMainRest" => return main_rest_why(idx, rule, hand_rake),
        _ => {
            return match rule {
                ExplainRule::Rake => {
                    format!(", its part of the hand's {hand_rake} in proportion to the pots' sizes")
                }
                _ => ", its part of the drop in proportion to what the pots held after the rake"
                    .into(),
            }
        }
    };
    let way = match spread {
        "mainFirst" => "main pot first",
        _ => "last side pot first",
    };
    let place = order.iter().position(|&k| k == idx).unwrap_or(0);
    let before = &order[..place];
    let gross_before: u64 = before.iter().map(|&k| pots[k].amount).sum();
    let rake_before: u64 = before.iter().map(|&k| pots[k].rake).sum();
    let pot = &pots[idx];
    match rule {
        ExplainRule::Rake if place == 0 => format!(
            "; the pots are raked {way}, so it is raked first, on its own {}",
            pot.amount
        ),
        ExplainRule::Rake => format!(
            "; the pots are raked {way}, so it pays the rake due on the {} in the pots so far ({}) less the {rake_before} the pots before it paid",
            gross_before + pot.amount,
            rake_before + pot.rake
        ),
        _ => format!(
            "; the drop comes off the pots {way}, so it gives what was left of it, up to the {} the pot held after its rake",
            pot.amount - pot.rake
        ),
    }
}

/// Why pot `idx` gave its part under `proportionalMainRest` (Bovada): side
/// pots their proportional part rounded down, the main pot the rest.
fn main_rest_why(idx: usize, rule: ExplainRule, hand_rake: u64) -> String {
    match (rule, idx) {
        (ExplainRule::Rake, 0) => format!(
            ", the rest of the hand's {hand_rake} once every side pot gave its part in proportion to the pots' sizes, rounded down"
        ),
        (ExplainRule::Rake, _) => format!(
            ", its part of the hand's {hand_rake} in proportion to the pots' sizes, rounded down (the main pot gives the rest)"
        ),
        (_, 0) => ", the rest of the drop once every side pot gave its part in proportion to what the pots held after the rake, rounded down".into(),
        _ => ", its part of the drop in proportion to what the pots held after the rake, rounded down (the main pot gives the rest)".into(),
    }
}
