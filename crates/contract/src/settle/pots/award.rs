//! The award of one pot on one board: why it was split as it was, then one
//! paying step per share (the only player eligible, a winner, or each
//! share of a tie with its odd chips).

use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::hand::Hand;
use crate::settle::names::pot_label;
use showdown_core::{Half, HiLoOddChips, OddChipOrder, Pot, Share};

/// The award of one pot on one board: why it was split as it was, then one
/// paying step per share.
pub(super) fn explain_pot(cx: &Hand, idx: usize, pot: &Pot, out: &mut Vec<ExplainStep>) {
    let net = pot.amount - pot.rake - pot.jackpot;
    if let [only] = pot.eligible[..] {
        out.push(single_eligible(cx, idx, net, only));
        return;
    }
    let halved = pot.shares.iter().any(|s| s.half != Half::Whole);
    if cx.input.split_game && !halved {
        out.push(awarded_whole(cx, idx, pot, net));
    }
    if halved {
        out.extend(odd_unit_high(cx, idx, net));
    }
    for h in [Half::Whole, Half::High, Half::Low] {
        half_steps(cx, idx, pot, h, out);
    }
}

/// TDA 2013 Rule 20: the only player eligible takes the pot uncontested.
fn single_eligible(cx: &Hand, idx: usize, net: u64, only: usize) -> ExplainStep {
    let label = pot_label(idx);
    ExplainStep {
        rule: ExplainRule::SingleEligible,
        source: "TDA 2013 Rule 20".into(),
        pot: Some(idx as u64),
        players: vec![cx.id(only).into_owned()],
        amount: net,
        text: format!(
            "{label} {net}: {} is the only player eligible and takes it without a contest (TDA 2013 Rule 20).",
            cx.name(only)
        ),
    }
}

/// A split game's pot that was not halved: the same hands won both ways,
/// or no hand qualified for low.
fn awarded_whole(cx: &Hand, idx: usize, pot: &Pot, net: u64) -> ExplainStep {
    let label = pot_label(idx);
    let any_low = pot
        .eligible
        .iter()
        .any(|&k| cx.ranked.values[cx.order()[k]].is_some_and(|v| v.1.is_some()));
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
    ExplainStep {
        rule,
        source: source.into(),
        pot: Some(idx as u64),
        players: pot
            .shares
            .iter()
            .map(|s| cx.id(s.player).into_owned())
            .collect(),
        amount: net,
        text: format!("{label} {net}: {why} ({source})."),
    }
}

/// A halved pot whose high half got the odd unit (Robert's Rules 3.7.5.c):
/// the halving itself, whatever `hiLoOddChips` moves after it.
fn odd_unit_high(cx: &Hand, idx: usize, net: u64) -> Option<ExplainStep> {
    let label = pot_label(idx);
    let house = "house rules for split games";
    let unit = cx.v.chip_unit;
    let low = net / unit / 2 * unit;
    let high = net - low;
    (high > low).then(|| ExplainStep {
        rule: ExplainRule::HalvedOddUnitHigh,
        source: "Robert's Rules 3.7.5.c".into(),
        pot: Some(idx as u64),
        players: Vec::new(),
        amount: high - low,
        text: format!(
            "{label} {net} is halved {high} high and {low} low; the odd unit goes to the high half (Robert's Rules 3.7.5.c, {house})."
        ),
    })
}

/// Under `hiLoOddChips: high`, a high-half share that got leftover units
/// says so, and which rule sent them there (RULES.md §4); `None` under TDA
/// 19 or for a share with no odd chip.
fn odd_to_high(cx: &Hand, idx: usize, h: Half, sh: &Share) -> Option<ExplainStep> {
    let high_rule = cx.v.hi_lo == HiLoOddChips::High;
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
        players: vec![cx.id(sh.player).into_owned()],
        amount: sh.amount,
        text: format!(
            "{} high half: {} gets {}, {units} of the halved pot included: under hiLoOddChips high every leftover unit goes to the high half's winners in odd-chip order (RULES.md §4).",
            pot_label(idx),
            cx.name(sh.player),
            sh.amount
        ),
    })
}

/// The paying steps of one half (or of the whole pot): its one winner, or
/// each share of a tie.
fn half_steps(cx: &Hand, idx: usize, pot: &Pot, h: Half, out: &mut Vec<ExplainStep>) {
    let shares: Vec<_> = pot.shares.iter().filter(|s| s.half == h).collect();
    // Core indices are in seat order, so the names read by seat.
    let mut winners: Vec<usize> = shares.iter().map(|s| s.player).collect();
    winners.sort_unstable();
    if let [one] = shares[..] {
        out.push(odd_to_high(cx, idx, h, one).unwrap_or_else(|| showdown_winner(cx, idx, h, one)));
        return;
    }
    for sh in &shares {
        out.push(
            odd_to_high(cx, idx, h, sh).unwrap_or_else(|| tie_share(cx, idx, h, &winners, sh)),
        );
    }
}

/// The words for a half: none for a whole pot.
fn part(h: Half) -> &'static str {
    match h {
        Half::Whole => "",
        Half::High => " high half",
        Half::Low => " low half",
    }
}

/// The hand that won, in words (none for a low half).
fn with_hand(cx: &Hand, h: Half, k: usize) -> String {
    if h == Half::Low {
        String::new()
    } else {
        cx.with_hand(k)
    }
}

/// TDA 2013 Rule 19: the one winner of a pot or half.
fn showdown_winner(cx: &Hand, idx: usize, h: Half, one: &Share) -> ExplainStep {
    let (label, part) = (pot_label(idx), part(h));
    ExplainStep {
        rule: ExplainRule::ShowdownWinner,
        source: "TDA 2013 Rule 19".into(),
        pot: Some(idx as u64),
        players: vec![cx.id(one.player).into_owned()],
        amount: one.amount,
        text: format!(
            "{label}{part}: {} wins {} at showdown{} (TDA 2013 Rule 19).",
            cx.name(one.player),
            one.amount,
            with_hand(cx, h, one.player)
        ),
    }
}

/// One share of a tie, with the odd chips it got and the rule that gave
/// them.
fn tie_share(cx: &Hand, idx: usize, h: Half, winners: &[usize], sh: &Share) -> ExplainStep {
    let (label, part) = (pot_label(idx), part(h));
    let (rule, source, how) = odd_chip_rule(sh.odd_chips > 0, cx.input.order, h);
    let odd = match sh.odd_chips {
        0 => String::new(),
        1 => format!(", the odd chip included as{how}"),
        n => format!(", {n} odd chips included as{how}"),
    };
    ExplainStep {
        rule,
        source: source.into(),
        pot: Some(idx as u64),
        players: vec![cx.id(sh.player).into_owned()],
        amount: sh.amount,
        text: format!(
            "{label}{part}: {} tie{}; {} gets {}{odd} ({source}).",
            cx.names(winners),
            with_hand(cx, h, winners[0]),
            cx.name(sh.player),
            sh.amount
        ),
    }
}

/// Which rule a tied share follows: a plain split, or the odd chip's rule
/// for the table (button) or the stud half.
fn odd_chip_rule(
    odd: bool,
    order: OddChipOrder,
    h: Half,
) -> (ExplainRule, &'static str, &'static str) {
    match (odd, order, h) {
        (false, _, _) => (ExplainRule::Split, "TDA 2013 Rule 19", ""),
        (true, OddChipOrder::Button { .. }, _) => (
            ExplainRule::OddChipButton,
            "TDA 2013 Rule 19",
            " a tied seat in order left of the button",
        ),
        (true, OddChipOrder::Stud, Half::Low) => (
            ExplainRule::OddChipStudLowCard,
            "TDA 2013 Illustration F",
            " the tied hand with the lowest card by suit",
        ),
        (true, OddChipOrder::Stud, _) => (
            ExplainRule::OddChipStudHighCard,
            "TDA 2013 Rule 19",
            " the tied hand with the highest card by suit",
        ),
    }
}
