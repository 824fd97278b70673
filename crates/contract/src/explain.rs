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

use crate::dto::SettleRequest;
pub use crate::step::{safe_name, ExplainRule, ExplainStep};
use showdown_core::{BoardsSettlement, Half, OddChipOrder, Pot, Share};

/// A player's name for a step's text (their id when they have none), by
/// id; safe for one line of text.
pub fn player_name(req: &SettleRequest, id: &str) -> String {
    req.players.iter().find(|p| p.id == id).map_or_else(
        || safe_name(id),
        |p| safe_name(p.name.as_deref().unwrap_or(&p.id)),
    )
}

/// What settle.rs knows beside the core's result.
pub struct Context<'a> {
    pub req: &'a SettleRequest,
    /// Request index of core player k.
    pub order: &'a [usize],
    /// Each request player's (high, low) values, `None` if folded.
    pub values: &'a [Option<(u64, Option<u64>)>],
    /// Each request player's high hand in words, when described.
    pub hand_words: &'a [Option<String>],
    pub order_kind: OddChipOrder,
    pub split_game: bool,
}

impl Context<'_> {
    fn id(&self, k: usize) -> String {
        self.req.players[self.order[k]].id.clone()
    }
    fn name(&self, k: usize) -> String {
        let p = &self.req.players[self.order[k]];
        safe_name(p.name.as_deref().unwrap_or(&p.id))
    }
    fn names(&self, ks: &[usize]) -> String {
        let n: Vec<String> = ks.iter().map(|&k| self.name(k)).collect();
        match n.as_slice() {
            [] => String::new(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    }
    fn with_hand(&self, k: usize) -> String {
        match &self.hand_words[self.order[k]] {
            Some(w) => format!(" with {w}"),
            None => String::new(),
        }
    }
}

fn pot_label(idx: usize) -> String {
    if idx == 0 {
        "Main pot".into()
    } else {
        format!("Side pot {idx}")
    }
}

/// The steps for one settled hand, in the order the chips moved.
pub fn explain(cx: &Context, bs: &BoardsSettlement) -> Vec<ExplainStep> {
    let s = &bs.settlement;
    let mut out = Vec::new();
    let step =
        |rule, source: &str, pot: Option<usize>, players: Vec<String>, amount, text| ExplainStep {
            rule,
            source: source.into(),
            pot: pot.map(|p| p as u64),
            players,
            amount,
            text,
        };
    for u in &s.uncalled {
        out.push(step(
            ExplainRule::UncalledBet,
            "RULES.md §2",
            None,
            vec![cx.id(u.player)],
            u.amount,
            format!(
                "{} gets back the uncalled {} before the pots are formed (RULES.md §2).",
                cx.name(u.player),
                u.amount
            ),
        ));
    }
    let dead: u64 = cx
        .req
        .players
        .iter()
        .map(|p| p.dead.unwrap_or(0))
        .fold(cx.req.dead_money.unwrap_or(0), u64::saturating_add);
    if dead > 0 {
        out.push(step(
            ExplainRule::DeadMoney,
            "TDA 2013 Rule 20",
            Some(0),
            Vec::new(),
            dead,
            format!("{dead} in dead money goes into the pots; it belongs to no live player (TDA 2013 Rule 20)."),
        ));
    }
    for (idx, pot) in s.pots.iter().enumerate() {
        let label = pot_label(idx);
        if idx > 0 {
            out.push(step(
                ExplainRule::SidePot,
                "TDA 2013 Rule 20",
                Some(idx),
                pot.eligible.iter().map(|&k| cx.id(k)).collect(),
                pot.amount,
                format!(
                    "{label} of {} is contested only by {}, who covered the all-in (TDA 2013 Rule 20).",
                    pot.amount,
                    cx.names(&pot.eligible)
                ),
            ));
        }
        house_steps(cx, &s.pots, idx, &mut out);
        match bs.pots.get(idx) {
            Some(parts) => {
                for (sh, &mask) in pot.shares.iter().zip(&parts.share_boards) {
                    let b: Vec<String> = (0..64)
                        .filter(|b| mask & (1u64 << b) != 0)
                        .map(|b: u64| (b + 1).to_string())
                        .collect();
                    let on = match b.as_slice() {
                        [] => "no board".to_string(),
                        [one] => format!("board {one}"),
                        [init @ .., last] => format!("boards {} and {last}", init.join(", ")),
                    };
                    out.push(step(
                        ExplainRule::BoardShare,
                        "RULES.md §9",
                        Some(idx),
                        vec![cx.id(sh.player)],
                        sh.amount,
                        format!(
                            "{label}: {} wins {} on {on} of {} (RULES.md §9).",
                            cx.name(sh.player),
                            sh.amount,
                            parts.boards.len()
                        ),
                    ));
                }
            }
            None => explain_pot(cx, idx, pot, &mut out),
        }
    }
    out
}

/// The house's take from pot `idx`, rake then drop, each a step when it
/// took something. Without `rake.spread` the words are as they always
/// were; with it, each step cites RULES.md §8.5 and says why this pot gave
/// what it did.
fn house_steps(cx: &Context, pots: &[Pot], idx: usize, out: &mut Vec<ExplainStep>) {
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

/// Under `hiLoOddChips: high`, a high-half share that got leftover units
/// says so, and which rule sent them there (RULES.md §4); `None` under TDA
/// 19 or for a share with no odd chip.
fn odd_to_high(cx: &Context, idx: usize, h: Half, sh: &Share) -> Option<ExplainStep> {
    let high_rule = cx.req.hi_lo_odd_chips.as_deref() == Some("high");
    if !high_rule || h != Half::High || sh.odd_chips == 0 {
        return None;
    }
    let units = match sh.odd_chips {
        1 => "1 leftover unit".to_string(),
        n => format!("{n} leftover units"),
    };
    Some(ExplainStep {
        rule: ExplainRule::OddChipHighHalf,
        source: "RULES.md §4".into(),
        pot: Some(idx as u64),
        players: vec![cx.id(sh.player)],
        amount: sh.amount,
        text: format!(
            "{} high half: {} gets {}, {units} of the halved pot included: under hiLoOddChips high every leftover unit goes to the high half's winners in odd-chip order (RULES.md §4).",
            pot_label(idx),
            cx.name(sh.player),
            sh.amount
        ),
    })
}

/// The award of one pot on one board: why it was split as it was, then one
/// paying step per share.
fn explain_pot(cx: &Context, idx: usize, pot: &Pot, out: &mut Vec<ExplainStep>) {
    let label = pot_label(idx);
    let net = pot.amount - pot.rake - pot.jackpot;
    let id = |k: usize| cx.id(k);
    if let [only] = pot.eligible[..] {
        out.push(ExplainStep {
            rule: ExplainRule::SingleEligible,
            source: "TDA 2013 Rule 20".into(),
            pot: Some(idx as u64),
            players: vec![id(only)],
            amount: net,
            text: format!(
                "{label} {net}: {} is the only player eligible and takes it without a contest (TDA 2013 Rule 20).",
                cx.name(only)
            ),
        });
        return;
    }
    let halved = pot.shares.iter().any(|s| s.half != Half::Whole);
    let house = "house rules for split games";
    if cx.split_game && !halved {
        let any_low = pot
            .eligible
            .iter()
            .any(|&k| cx.values[cx.order[k]].is_some_and(|v| v.1.is_some()));
        let (rule, source, why) = if any_low {
            (
                ExplainRule::SameWinnersSplitOnce,
                "TDA 2013 Illustration F",
                "the same hands win high and low, so it is split once, not halved first",
            )
        } else {
            (
                ExplainRule::NoQualifyingLow,
                "house rules for split games",
                "no hand qualifies for low, so the high hand takes it all",
            )
        };
        let winners: Vec<usize> = pot.shares.iter().map(|s| s.player).collect();
        out.push(ExplainStep {
            rule,
            source: source.into(),
            pot: Some(idx as u64),
            players: winners.iter().map(|&k| id(k)).collect(),
            amount: net,
            text: format!("{label} {net}: {why} ({source})."),
        });
    }
    if halved {
        // The halving itself (TDA 19): whatever `hiLoOddChips` later moves.
        let unit = cx.req.chip_unit.unwrap_or(1).max(1);
        let low = net / unit / 2 * unit;
        let high = net - low;
        if high > low {
            out.push(ExplainStep {
                rule: ExplainRule::HalvedOddUnitHigh,
                source: "Robert's Rules 3.7.5.c".into(),
                pot: Some(idx as u64),
                players: Vec::new(),
                amount: high - low,
                text: format!(
                    "{label} {net} is halved {high} high and {low} low; the odd unit goes to the high half (Robert's Rules 3.7.5.c, {house})."
                ),
            });
        }
    }
    for h in [Half::Whole, Half::High, Half::Low] {
        let shares: Vec<_> = pot.shares.iter().filter(|s| s.half == h).collect();
        // Core indices are in seat order, so the names read by seat.
        let mut winners: Vec<usize> = shares.iter().map(|s| s.player).collect();
        winners.sort_unstable();
        let part = match h {
            Half::Whole => String::new(),
            Half::High => " high half".into(),
            Half::Low => " low half".into(),
        };
        if let [one] = shares[..] {
            if let Some(step) = odd_to_high(cx, idx, h, one) {
                out.push(step);
                continue;
            }
            out.push(ExplainStep {
                rule: ExplainRule::ShowdownWinner,
                source: "TDA 2013 Rule 19".into(),
                pot: Some(idx as u64),
                players: vec![id(one.player)],
                amount: one.amount,
                text: format!(
                    "{label}{part}: {} wins {} at showdown{} (TDA 2013 Rule 19).",
                    cx.name(one.player),
                    one.amount,
                    if h == Half::Low {
                        String::new()
                    } else {
                        cx.with_hand(one.player)
                    }
                ),
            });
            continue;
        }
        for sh in &shares {
            if let Some(step) = odd_to_high(cx, idx, h, sh) {
                out.push(step);
                continue;
            }
            let (rule, source, how) = match (sh.odd_chips > 0, cx.order_kind, h) {
                (false, _, _) => (ExplainRule::Split, "TDA 2013 Rule 19", String::new()),
                (true, OddChipOrder::Button { .. }, _) => (
                    ExplainRule::OddChipButton,
                    "TDA 2013 Rule 19",
                    " a tied seat in order left of the button".into(),
                ),
                (true, OddChipOrder::Stud, Half::Low) => (
                    ExplainRule::OddChipStudLowCard,
                    "TDA 2013 Illustration F",
                    " the tied hand with the lowest card by suit".into(),
                ),
                (true, OddChipOrder::Stud, _) => (
                    ExplainRule::OddChipStudHighCard,
                    "TDA 2013 Rule 19",
                    " the tied hand with the highest card by suit".into(),
                ),
            };
            let odd = match sh.odd_chips {
                0 => String::new(),
                1 => format!(", the odd chip included as{how}"),
                n => format!(", {n} odd chips included as{how}"),
            };
            out.push(ExplainStep {
                rule,
                source: source.into(),
                pot: Some(idx as u64),
                players: vec![id(sh.player)],
                amount: sh.amount,
                text: format!(
                    "{label}{part}: {} tie{}; {} gets {}{odd} ({source}).",
                    cx.names(&winners),
                    if h == Half::Low {
                        String::new()
                    } else {
                        cx.with_hand(winners[0])
                    },
                    cx.name(sh.player),
                    sh.amount
                ),
            });
        }
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
