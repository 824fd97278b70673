//! The tournament end of a settled hand (RULES.md §12): the request's terms
//! and bounties go to the core with the settlement, and its outcome becomes
//! the answer's `eliminations`, `bounties`, `bountyCash` and
//! `tournamentWinner`, plus the steps a tournament director would read out.

use crate::settle::dto::{BountyAwardDto, EliminationDto, SettleRequest, TournamentEnd};
use crate::settle::explain::{ordinal, player_name};
use crate::settle::hand::Hand;
use crate::settle::step::{ExplainRule, ExplainStep};
use showdown_core::{tournament_with_prizes, TournamentTerms};
use showdown_json::Invalid;

/// The request's terms in the core's words (validation has bounded them).
fn terms(req: &SettleRequest) -> Option<TournamentTerms> {
    let t = req.tournament.as_ref()?;
    Some(TournamentTerms {
        bounty_unit: t.bounty_unit.unwrap_or(1),
        progressive_bp: t
            .progressive_bp
            .map_or(0, |bp| u32::try_from(bp).unwrap_or(u32::MAX)),
        players_left: t.players_left,
        tied_places: crate::prize_table::tied_places(t.tied_places.as_deref()),
    })
}

/// The tournament's end of a settled hand; `None` without `tournament`.
pub(crate) fn end<'a>(hand: &Hand<'a, '_>) -> Result<Option<TournamentEnd<'a>>, Invalid> {
    let (req, order, input, settled) = (hand.req, hand.order, hand.input, hand.settlement());
    let Some(terms) = terms(req) else {
        return Ok(None);
    };
    let id = |k: usize| hand.id(k);
    let bounties: Vec<u64> = order
        .iter()
        .map(|&i| req.players[i].bounty.unwrap_or(0))
        .collect();
    let table = crate::settle::prize::settle_table(req)?;
    let out = tournament_with_prizes(input, settled, &bounties, &terms, table.as_ref())
        .map_err(|e| Invalid::one("/tournament", e.to_string()))?;
    let eliminations = out
        .eliminations
        .iter()
        .map(|e| EliminationDto {
            agent_id: id(e.player),
            stack: e.stack,
            order: e.order,
            places: e.places.map(|(from, to)| [from, to]),
            prize: e.prize.map(|p| p.amount),
            bounty: e.bounty,
            pot: e.pot as u64,
            awards: e
                .awards
                .iter()
                .map(|a| BountyAwardDto {
                    agent_id: id(a.player),
                    amount: a.amount,
                    cash: a.cash,
                    head: a.head,
                    odd_units: a.odd_units,
                })
                .collect(),
        })
        .collect();
    let bounties_after = out
        .bounties
        .iter()
        .enumerate()
        .filter_map(|(k, b)| b.map(|b| (id(k), b)))
        .collect();
    let bounty_cash = out
        .cash
        .iter()
        .enumerate()
        .filter(|(_, &c)| c > 0)
        .map(|(k, &c)| (id(k), c))
        .collect();
    let prize_cash = out.prize_cash.as_ref().map(|cash| {
        cash.iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(k, &c)| (id(k), c))
            .collect()
    });
    let prize_notes = table
        .as_ref()
        .map(|t| crate::settle::prize::notes(t, &out, terms.tied_places, &id));
    Ok(Some(TournamentEnd {
        eliminations,
        bounties: bounties_after,
        bounty_cash,
        winner: out.winner.map(id),
        winner_bounty: out.winner_bounty,
        prize_cash,
        prize_notes,
    }))
}

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
pub fn steps(req: &SettleRequest, end: &TournamentEnd) -> Vec<ExplainStep> {
    let mut out = Vec::new();
    let n = end.eliminations.len();
    for e in &end.eliminations {
        out.push(elimination_step(req, e, n));
        out.extend(e.awards.iter().map(|a| bounty_award_step(req, e, a)));
        if let Some(notes) = &end.prize_notes {
            out.extend(crate::settle::prize::elimination_step(notes, req, e));
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
            out.extend(crate::settle::prize::winner_step(notes, req, w));
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

#[cfg(test)]
mod tests {
    use crate::settle::explain::ordinal;

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
