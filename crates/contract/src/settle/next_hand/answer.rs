//! The next hand after a tournament hand (RULES.md §13): the request's
//! blinds and the players who keep chips go to the core, and its answer
//! becomes the event's `nextHand`.

use crate::next_hand::{answer, button_rule, NextHand};
use crate::settle::hand::Hand;
use showdown_core::{next_hand, HandPlayed, Seated};
use std::borrow::Cow;

/// The next hand: `None` without both blinds of this hand, or when fewer
/// than two players keep chips.
pub(crate) fn next<'a>(played: &Hand<'a, '_>) -> Option<NextHand<'a>> {
    let (req, order, settled) = (played.req(), played.order(), played.settlement());
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
