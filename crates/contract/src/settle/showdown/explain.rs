//! RULES.md §15 in words: one step for each entry of the answer's
//! `showdown`, who showed or mucked and the rule that let them.

use super::dto::ShowdownEntryDto;
use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::names::player_name;
use crate::settle::pots::dto::HandRankDto;
use crate::settle::validated::Validated;
use showdown_core::{AllFaceUp, ShowOrder};

/// The steps of the showdown, in the answer's order; they move no chips.
pub(crate) fn showdown_steps(v: &Validated, entries: &[ShowdownEntryDto]) -> Vec<ExplainStep> {
    let req = v.req;
    let order = v.showdown.map_or(ShowOrder::Action, |s| s.terms.order);
    let aggressor = v
        .showdown
        .and_then(|s| s.terms.last_aggressor)
        .map(|i| req.players[i].id.as_str());
    let all_face_up = v.showdown.and_then(|s| s.terms.all_face_up);
    entries
        .iter()
        .map(|e| {
            let name = player_name(req, &e.agent_id);
            let first = match order {
                ShowOrder::Action if aggressor == Some(&*e.agent_id) => {
                    "as the last to bet or raise on the final round"
                }
                ShowOrder::Action => "as the first to act, nobody having bet the final round",
                ShowOrder::Pots => "as the house shows pot by pot from the last side pot",
                ShowOrder::Seat => "as the house shows by seat number",
            };
            let (source, text) = match (e.why.as_ref(), all_face_up) {
                // RULES.md §15.8: face up because a player cashes out.
                ("allIn", Some(AllFaceUp::CashOut)) => ("RULES.md §15.8", format!("{name} shows {}: a player cashes out, and a cash-out is priced with every hand face up (RULES.md §15.8).", hand_words(e))),
                ("allIn", Some(AllFaceUp::AllInEv)) => ("RULES.md §17", format!("{name} shows {}: the all-in expectation is counted from every live hand, so every hand is face up (RULES.md §15.8, §17).", hand_words(e))),
                _ => words(e, &name, &hand_words(e), first),
            };
            ExplainStep {
                rule: if e.shown {
                    ExplainRule::ShowdownShown
                } else {
                    ExplainRule::ShowdownNotShown
                },
                source: source.into(),
                pot: None,
                players: vec![e.agent_id.to_string()],
                amount: 0,
                text,
            }
        })
        .collect()
}

/// A shown hand in words: its description, board by board on several.
fn hand_words(e: &ShowdownEntryDto) -> String {
    let low = |l: &Option<HandRankDto>| match l {
        Some(l) => format!(" and {} for low", l.description),
        None => String::new(),
    };
    if let Some(h) = &e.hand_rank {
        return format!("{}{}", h.description, low(&e.low_hand_rank));
    }
    match &e.hand_ranks {
        Some(ranks) if !ranks.is_empty() => ranks
            .iter()
            .map(|r| {
                let on = r.board + 1;
                format!(
                    "{}{} on board {on}",
                    r.hand_rank.description,
                    low(&r.low_hand_rank)
                )
            })
            .collect::<Vec<_>>()
            .join(", "),
        _ => "their cards".into(),
    }
}

/// The rule's source and the sentence for one entry's `why`.
fn words(e: &ShowdownEntryDto, name: &str, hand: &str, first: &str) -> (&'static str, String) {
    match e.why.as_ref() {
        "allIn" => ("TDA 2013 Rule 15", format!("{name} shows {hand}: a player is all in and the betting is over, so every hand is turned face up (TDA 2013 Rule 15).")),
        "first" => ("TDA 2013 Rule 16", format!("{name} shows {hand} first, {first} (TDA 2013 Rule 16).")),
        "opens" => ("TDA 2013 Rule 13", format!("{name} shows {hand} to claim a pot nobody has shown for yet: only a hand turned up can win it (TDA 2013 Rule 13).")),
        "contends" => ("TDA 2013 Rule 16", format!("{name} shows {hand}, which beats or ties the best hand shown so far in a pot of theirs (TDA 2013 Rules 13 and 16).")),
        "chose" => ("TDA 2013 Rule 16", format!("{name} chooses to show {hand}, which could have been mucked (TDA 2013 Rule 16).")),
        "badBeat" => ("RULES.md §15.8", format!("{name} shows {hand}: the bad-beat jackpot pays this hand, and it pays on hands seen (RULES.md §15.8).")),
        "showAll" => ("RULES.md §15.3", format!("{name} shows {hand}: the house turns up every live hand (RULES.md §15.3).")),
        "beaten" => ("TDA 2013 Rule 16", format!("{name} mucks unseen: the hand could not beat or tie one already shown (TDA 2013 Rule 16).")),
        _ => ("TDA 2013 Rule 13", format!("{name} wins without a showdown and need not show (TDA 2013 Rule 13).")),
    }
}
