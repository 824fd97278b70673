//! Issue 18: the reason for every chip, as ordered steps derived from the
//! core's settlement (the core is not asked, so it cannot disagree).
//!
//! Which amounts add up to what (the tests check it on every golden hand):
//! - the *paying* steps (`single-eligible`, `showdown-winner`, `split`,
//!   `odd-chip-*`, `board-share`) are one per pot share and sum to
//!   Σ `potBreakdown[].amount`;
//! - `uncalled-bet` steps sum to Σ `uncalled[].amount`;
//! - `rake` and `jackpot` steps sum to `rake.amount` and `jackpot.amount`;
//! - `side-pot` steps give each side pot's gross size, `dead-money` the dead
//!   chips of the hand, `no-qualifying-low` and `same-winners-split-once`
//!   the pot awarded whole, `halved-odd-unit-high` the one unit the high
//!   half gets over the low half: these explain, they pay nobody.

#[path = "award.rs"]
mod award;
#[path = "../names.rs"]
mod context;
#[path = "../showdown/explain.rs"]
mod showdown;

pub use crate::settle::step::{safe_name, ExplainRule, ExplainStep};
pub use context::player_name;
pub use showdown::showdown_steps;

use crate::settle::hand::Hand;
use award::explain_pot;
use context::pot_label;
use showdown_core::{Pot, PotBoards, Uncalled};

/// The steps for one settled hand, in the order the chips moved: the
/// uncalled bets, the dead money, then each pot (its size when a side
/// pot, the house's take, and its award on one board or on several).
pub(crate) fn explain(cx: &Hand) -> Vec<ExplainStep> {
    let (bs, s) = (cx.settled, cx.settlement());
    let mut out: Vec<ExplainStep> = s.uncalled.iter().map(|u| uncalled(cx, u)).collect();
    out.extend(dead_money(cx));
    for (idx, pot) in s.pots.iter().enumerate() {
        if idx > 0 {
            out.push(side_pot(cx, idx, pot));
        }
        house_steps(cx, &s.pots, idx, &mut out);
        match bs.pots.get(idx) {
            Some(parts) => out.extend(board_shares(cx, idx, pot, parts)),
            None => explain_pot(cx, idx, pot, &mut out),
        }
    }
    out
}

/// One step that pays nobody from a pot or pays one player.
fn step(
    rule: ExplainRule,
    source: &str,
    pot: Option<usize>,
    players: Vec<String>,
    amount: u64,
    text: String,
) -> ExplainStep {
    ExplainStep {
        rule,
        source: source.into(),
        pot: pot.map(|p| p as u64),
        players,
        amount,
        text,
    }
}

/// RULES.md §2: a bet nobody called goes back before the pots are formed.
fn uncalled(cx: &Hand, u: &Uncalled) -> ExplainStep {
    step(
        ExplainRule::UncalledBet,
        "RULES.md §2",
        None,
        vec![cx.id(u.player).into_owned()],
        u.amount,
        format!(
            "{} gets back the uncalled {} before the pots are formed (RULES.md §2).",
            cx.name(u.player),
            u.amount
        ),
    )
}

/// TDA 2013 Rule 20: the hand's dead money, when there is any.
fn dead_money(cx: &Hand) -> Option<ExplainStep> {
    let dead: u64 = cx
        .req
        .players
        .iter()
        .map(|p| p.dead.unwrap_or(0))
        .fold(cx.req.dead_money.unwrap_or(0), u64::saturating_add);
    (dead > 0).then(|| step(
        ExplainRule::DeadMoney,
        "TDA 2013 Rule 20",
        Some(0),
        Vec::new(),
        dead,
        format!("{dead} in dead money goes into the pots; it belongs to no live player (TDA 2013 Rule 20)."),
    ))
}

/// TDA 2013 Rule 20: a side pot's size and who contests it.
fn side_pot(cx: &Hand, idx: usize, pot: &Pot) -> ExplainStep {
    step(
        ExplainRule::SidePot,
        "TDA 2013 Rule 20",
        Some(idx),
        pot.eligible
            .iter()
            .map(|&k| cx.id(k).into_owned())
            .collect(),
        pot.amount,
        format!(
            "{} of {} is contested only by {}, who covered the all-in (TDA 2013 Rule 20).",
            pot_label(idx),
            pot.amount,
            cx.names(&pot.eligible)
        ),
    )
}

/// RULES.md §9: with several boards, each share of pot `idx` and the
/// boards it was won on.
fn board_shares<'c>(
    cx: &'c Hand,
    idx: usize,
    pot: &'c Pot,
    parts: &'c PotBoards,
) -> impl Iterator<Item = ExplainStep> + 'c {
    let label = pot_label(idx);
    pot.shares
        .iter()
        .zip(&parts.share_boards)
        .map(move |(sh, &mask)| {
            let b: Vec<String> = (0..64)
                .filter(|b| mask & (1u64 << b) != 0)
                .map(|b: u64| (b + 1).to_string())
                .collect();
            let on = match b.as_slice() {
                [] => "no board".to_string(),
                [one] => format!("board {one}"),
                [init @ .., last] => format!("boards {} and {last}", init.join(", ")),
            };
            step(
                ExplainRule::BoardShare,
                "RULES.md §9",
                Some(idx),
                vec![cx.id(sh.player).into_owned()],
                sh.amount,
                format!(
                    "{label}: {} wins {} on {on} of {} (RULES.md §9).",
                    cx.name(sh.player),
                    sh.amount,
                    parts.boards.len()
                ),
            )
        })
}

/// The house's take from pot `idx`, rake then drop, each a step when it
/// took something. Without `rake.spread` the words are as they always
/// were; with it, each step cites RULES.md §8.5 and says why this pot gave
/// what it did.
fn house_steps(cx: &Hand, pots: &[Pot], idx: usize, out: &mut Vec<ExplainStep>) {
    let pot = &pots[idx];
    let label = pot_label(idx);
    let spread = cx.req.rake.as_ref().and_then(|r| r.spread.as_deref());
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

/// "26th", "1st", "12th": a place in words.
pub fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hostile_names_stay_on_one_short_line() {
        let long = "x".repeat(10_000);
        assert_eq!(safe_name("a\nb\"c"), "a b\"c");
        assert_eq!(safe_name(&long).chars().count(), 41);
        assert_eq!(safe_name("张伟"), "张伟");
    }
}
