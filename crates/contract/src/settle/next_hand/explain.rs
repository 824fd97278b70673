//! The next hand after a tournament hand (RULES.md §13): the request's
//! blinds and the players who keep chips go to the core, and its answer
//! becomes the event's `nextHand` and a step a tournament director would
//! read out.

use crate::next_hand::{answer, button_rule, NextHand};
use crate::settle::dto::SettleRequest;
use crate::settle::explain::player_name;
use crate::settle::hand::Hand;
use crate::settle::step::{ExplainRule, ExplainStep};
use showdown_core::{next_hand, ButtonRule, HandPlayed, Seated};
use std::borrow::Cow;

/// The next hand: `None` without both blinds of this hand, or when fewer
/// than two players keep chips.
pub(crate) fn next<'a>(played: &Hand<'a, '_>) -> Option<NextHand<'a>> {
    let (req, order, settled) = (played.req, played.order, played.settlement());
    let t = req.tournament.as_ref()?;
    let hand = HandPlayed {
        button: req.button_seat,
        small_blind: t.small_blind_seat?,
        big_blind: t.big_blind_seat?,
    };
    // Core players come by seat, so `keep` is sorted by seat too.
    let keep: Vec<usize> = (0..order.len())
        .filter(|&k| settled.final_stacks[k] > 0)
        .map(|k| order[k])
        .collect();
    let seated: Vec<Seated> = keep
        .iter()
        .map(|&i| Seated {
            seat: req.players[i].seat,
            arrived: false,
        })
        .collect();
    let n = next_hand(&hand, &seated, button_rule(t.button_rule.as_deref())).next?;
    let id_at = |seat: u32| {
        keep.iter()
            .find(|&&i| req.players[i].seat == seat)
            .map(|&i| Cow::Borrowed(req.players[i].id.as_str()))
    };
    Some(answer(&n, id_at))
}

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
    let (req, settled) = (played.req, played.settlement());
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
        let gone = (0..played.order.len()).find(|&k| {
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
    let req = played.req;
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
            let on_button = (0..played.order.len())
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
