//! A tournament hand in the explanation (RULES.md §12, §14.2-14.3): for
//! each player knocked out their place, each award of their bounty and
//! the prize they are paid, then the winner's bounty and first prize, in
//! the words a tournament director and a cashier would use. The
//! hand-for-hand route is `crate::prizes`.

use super::dto::{BountyAwardDto, EliminationDto, PrizeLine, PrizeNotes, TournamentEnd};
use crate::settle::dto::SettleRequest;
use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::names::player_name;
use crate::Id;

/// How a player finishes, in the words a tournament director would use.
fn finish_words(e: &EliminationDto, name: &str, out_of: usize) -> String {
    match e.places {
        Some([from, to]) if from == to => format!("{name} finishes {}", ordinal(from)),
        Some([from, to]) => format!(
            "{name} finishes in a tie for {} to {} (equal stacks)",
            ordinal(from),
            ordinal(to)
        ),
        None if out_of == 1 => format!("{name} is knocked out"),
        None => format!(
            "{name} is knocked out, {} of the {out_of} out in this hand",
            ordinal(e.order)
        ),
    }
}

/// With `explain`: for each elimination a step, then one for each award of
/// the bounty, then the tournament winner's own bounty.
pub(crate) fn steps(req: &SettleRequest, end: &TournamentEnd) -> Vec<ExplainStep> {
    let mut out = Vec::new();
    let n = end.eliminations.len();
    for e in &end.eliminations {
        out.push(elimination_step(req, e, n));
        out.extend(e.awards.iter().map(|a| bounty_award_step(req, e, a)));
        if let Some(notes) = &end.prize_notes {
            out.extend(prize_step(notes, req, e));
        }
    }
    if let Some(w) = &end.winner {
        let own = end.winner_bounty;
        out.push(ExplainStep {
            rule: ExplainRule::TournamentWin,
            source: "RULES.md §12.7".into(),
            pot: None,
            players: vec![w.to_string()],
            amount: own,
            text: format!(
                "{} is the last player with chips and wins the tournament; their own bounty of {own} is paid to them (RULES.md §12.7).",
                player_name(req, w)
            ),
        });
        if let Some(notes) = &end.prize_notes {
            out.extend(winner_prize_step(notes, req, w));
        }
    }
    out
}

/// Who is out, their place, the pot that knocked them out and their bounty.
fn elimination_step(req: &SettleRequest, e: &EliminationDto, out_of: usize) -> ExplainStep {
    let who = player_name(req, &e.agent_id);
    let pot = if e.pot == 0 {
        "the main pot".to_string()
    } else {
        format!("side pot {}", e.pot)
    };
    ExplainStep {
        rule: ExplainRule::Elimination,
        source: "RULES.md §12.2-12.4".into(),
        pot: Some(e.pot),
        players: vec![e.agent_id.to_string()],
        amount: e.bounty,
        text: if e.bounty == 0 {
            format!(
                "{} with {} chips at the start of the hand; {pot} was the last to hold their chips, and there is no bounty on them (RULES.md §12.3-12.4).",
                finish_words(e, &who, out_of),
                e.stack
            )
        } else {
            format!(
                "{} with {} chips at the start of the hand; {pot} was the last to hold their chips, so whoever won chips from it collects their {} bounty (RULES.md §12.3-12.4).",
                finish_words(e, &who, out_of),
                e.stack,
                e.bounty
            )
        },
    }
}

/// One collector's part of a knocked-out player's bounty, and how it is paid.
fn bounty_award_step(req: &SettleRequest, e: &EliminationDto, a: &BountyAwardDto) -> ExplainStep {
    let who = player_name(req, &e.agent_id);
    let c = player_name(req, &a.agent_id);
    let k = e.awards.len();
    let part = if k == 1 {
        format!("{who}'s {} bounty", e.bounty)
    } else {
        let odd = if a.odd_units > 0 {
            ", with the odd unit"
        } else {
            ""
        };
        format!(
            "{} of {who}'s {} bounty, split {k} ways{odd}",
            a.amount, e.bounty
        )
    };
    let split = if a.head > 0 {
        format!(": {} paid, {} added to {c}'s own bounty", a.cash, a.head)
    } else {
        String::new()
    };
    ExplainStep {
        rule: ExplainRule::BountyAward,
        source: "RULES.md §12.5-12.6".into(),
        pot: Some(e.pot),
        players: vec![a.agent_id.to_string()],
        amount: a.amount,
        text: format!("{c} collects {part}{split} (RULES.md §12.5-12.6)."),
    }
}

/// RULES.md §14.2-14.3: the `prize` step of an elimination in the money
/// (its places reach the paid ones); none for the others.
fn prize_step(notes: &PrizeNotes, req: &SettleRequest, e: &EliminationDto) -> Option<ExplainStep> {
    let line = notes.lines.get(&e.agent_id)?;
    if line.places.0 > notes.paid_places {
        return None;
    }
    let who = player_name(req, &e.agent_id);
    let order = if req.button_seat.is_some() {
        "seat order after the button"
    } else {
        "seat order (by seat number, a stud game)"
    };
    let text = if line.sharers > 1 {
        shared_words(&who, line, notes.unit, order)
    } else if line.equal_stacks > 0 && notes.seat_rule {
        format!(
            "{who} is paid {} for {} place: equal stacks do not share under tiedPlaces seat, so {order} placed them one place each (RULES.md §14.3).",
            line.amount,
            ordinal(line.places.0)
        )
    } else {
        format!(
            "{who} is paid {} for {} place (RULES.md §14.2).",
            line.amount,
            ordinal(line.places.0)
        )
    };
    Some(ExplainStep {
        rule: ExplainRule::Prize,
        source: "RULES.md §14.2-14.3".into(),
        pot: None,
        players: vec![e.agent_id.to_string()],
        amount: line.amount,
        text,
    })
}

/// RULES.md §14.2: the winner's first prize at the last hand.
fn winner_prize_step(notes: &PrizeNotes, req: &SettleRequest, w: &Id) -> Option<ExplainStep> {
    let amount = notes.winner_prize?;
    Some(ExplainStep {
        rule: ExplainRule::Prize,
        source: "RULES.md §14.2".into(),
        pot: None,
        players: vec![w.to_string()],
        amount,
        text: format!(
            "{} wins the tournament and is paid the first prize, {amount} (RULES.md §14.2).",
            player_name(req, w)
        ),
    })
}

/// How a shared prize divided, for one of the players who share it.
fn shared_words(who: &str, line: &PrizeLine, unit: u64, order: &str) -> String {
    let (from, to) = line.places;
    let g = line.sharers;
    let units = line.pot / unit;
    let (each, odd) = (units / g * unit, units % g);
    let unit_words = if unit == 1 {
        String::new()
    } else {
        format!(" in units of {unit}")
    };
    let head = format!(
        "{who} shares {} to {} place with {} other player{} on equal stacks: those places pay {} together, divided {g} ways{unit_words}, {each} each",
        ordinal(from),
        ordinal(to),
        g - 1,
        if g == 2 { "" } else { "s" },
        line.pot
    );
    let tail = match (odd, line.odd_units) {
        (0, _) => String::new(),
        (1, 1) => format!("; the unit left over goes to the first of them in {order}, {who}"),
        (1, _) => format!("; the unit left over goes to the first of them in {order}, met before {who}"),
        (_, 1) => format!("; the {odd} units left over go one each to the first {odd} of them in {order}, {who} among them"),
        _ => format!("; the {odd} units left over go one each to the first {odd} of them in {order}, all met before {who}"),
    };
    format!(
        "{head}{tail}: {who} is paid {} (RULES.md §14.2-14.3).",
        line.amount
    )
}

/// "26th", "1st", "12th": a place in words.
fn ordinal(n: u64) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

#[cfg(test)]
mod tests {
    use super::ordinal;

    #[test]
    fn places_read_as_ordinals() {
        let words: Vec<String> = [1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 26, 101, 111, 112]
            .map(ordinal)
            .into();
        assert_eq!(
            words,
            [
                "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "26th",
                "101st", "111th", "112th"
            ]
        );
    }
}
