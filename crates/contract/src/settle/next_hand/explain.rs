//! The next hand in the explanation (RULES.md §13.2-13.5): the
//! `next-hand` step a tournament director would read out, who of this
//! hand's button and blinds is gone and where the next hand's go.

use crate::next_hand::{button_rule, NextHand};
use crate::settle::dto::SettleRequest;
use crate::settle::explain_step::{ExplainRule, ExplainStep};
use crate::settle::hand::Hand;
use crate::settle::names::player_name;
use showdown_core::ButtonRule;

/// "seat 3 (Carl)": a seat and who sits there, in a director's words.
fn seat_words(req: &SettleRequest, seat: u32, id: Option<&str>) -> String {
    match id {
        Some(id) => format!("seat {seat} ({})", player_name(req, id)),
        None => format!("seat {seat}"),
    }
}

/// Who of this hand's button and blinds is gone: "Seat 2 (Bob) busted in
/// the big blind".
fn busts(played: &Hand) -> Vec<String> {
    let (req, settled) = (played.req(), played.settlement());
    let Some(t) = req.tournament.as_ref() else {
        return Vec::new();
    };
    let places = [
        (t.big_blind_seat, "in the big blind"),
        (t.small_blind_seat, "in the small blind"),
        (req.button_seat, "on the button"),
    ];
    let mut out: Vec<String> = Vec::new();
    for (seat, role) in places {
        let Some(seat) = seat else { continue };
        let gone = (0..played.order().len()).find(|&k| {
            let pl = played.player(k);
            pl.seat == seat && pl.stack > 0 && settled.final_stacks[k] == 0
        });
        if let Some(k) = gone {
            let pl = played.player(k);
            let who = seat_words(req, seat, Some(&pl.id));
            let already = out.iter().any(|s| s.starts_with(&who));
            if !already {
                out.push(format!("{who} busted {role}"));
            }
        }
    }
    out
}

/// With `explain`: the `next-hand` step.
pub(crate) fn step(played: &Hand, n: &NextHand) -> ExplainStep {
    let req = played.req();
    let rule = button_rule(
        req.tournament
            .as_ref()
            .and_then(|t| t.button_rule.as_deref()),
    );
    let mut parts = busts(played);
    let bb = seat_words(req, n.big_blind_seat, Some(&n.big_blind));
    let source = if n.heads_up {
        let button = seat_words(req, n.button_seat, n.small_blind.as_deref());
        parts.push(format!(
            "two players are left: {button} has the button and posts the small blind, {bb} posts the big blind"
        ));
        "RULES.md §13.3, TDA 33"
    } else {
        parts.push(if n.button_dead {
            format!(
                "the button goes to seat {}, which is empty: a dead button, so the player before it acts last again",
                n.button_seat
            )
        } else {
            let on_button = (0..played.order().len())
                .map(|k| played.player(k))
                .zip(&played.settlement().final_stacks)
                .find(|(pl, &stack)| pl.seat == n.button_seat && stack > 0)
                .map(|(pl, _)| pl.id.as_str());
            format!(
                "the button goes to {}",
                seat_words(req, n.button_seat, on_button)
            )
        });
        parts.push(match &n.small_blind {
            None => format!(
                "no small blind this hand (seat {} is empty)",
                n.small_blind_seat
            ),
            Some(id) => format!(
                "{} posts the small blind",
                seat_words(req, n.small_blind_seat, Some(id))
            ),
        });
        parts.push(format!("{bb} posts the big blind"));
        match rule {
            ButtonRule::Dead => "RULES.md §13.2, TDA 31",
            ButtonRule::Forward => "RULES.md §13.5",
        }
    };
    let mut text = parts.join("; ");
    if let Some(first) = text.get(..1) {
        text = first.to_uppercase() + &text[1..];
    }
    let mut players: Vec<String> = n.small_blind.iter().map(|s| s.to_string()).collect();
    players.push(n.big_blind.to_string());
    ExplainStep {
        rule: ExplainRule::NextHand,
        source: source.into(),
        pot: None,
        players,
        amount: 0,
        text: format!("{text} ({source})."),
    }
}
