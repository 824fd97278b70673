//! The prizes request checked, every problem of RULES.md §14.9 with its
//! JSON Pointer: the prize table, the players, their ids, stacks and tie
//! breaks, and the field.

use super::dto::PrizesRequest;
use super::MAX_PRIZE_PLAYERS;
use crate::problems::{seating, Problems};
use crate::validate::prize::{check_table, TableFields};
use showdown_core::{ChipAmount, MAX_AMOUNT};
use showdown_json::Invalid;
use std::collections::HashMap;

/// RULES.md §14.9, the prizes route's part: the table, the players, their
/// ids, stacks and tie breaks, and the field.
pub(super) fn request(req: &PrizesRequest) -> Result<(), Invalid> {
    let mut p = Problems::default();
    check_table(
        &TableFields {
            at: "",
            prizes: Some(&req.prizes),
            prize_unit: req.prize_unit,
            tied_places: req.tied_places.as_deref(),
        },
        &mut p,
    );
    let n = req.players.len();
    if n == 0 {
        p.push(
            "/players",
            "a hand for hand needs at least 1 player knocked out, got 0",
        );
    } else if n > MAX_PRIZE_PLAYERS {
        p.push(
            "/players",
            format!("at most {MAX_PRIZE_PLAYERS} players a request, got {n}"),
        );
        return p.finish();
    }
    if req.players_left > MAX_AMOUNT {
        p.push(
            "/playersLeft",
            format!(
                "playersLeft {} is over 2^53 - 1 ({MAX_AMOUNT})",
                req.players_left
            ),
        );
    } else if req.players_left <= n as u64 {
        p.push(
            "/playersLeft",
            format!(
                "playersLeft {} must be above the {n} players knocked out: someone is left with chips",
                req.players_left
            ),
        );
    }
    players(req, &mut p);
    p.finish()
}

/// Ids unique and not empty, stacks at least 1, and with `seat` a
/// `tieBreak` on every player, never one shared by two equal stacks.
fn players(req: &PrizesRequest, p: &mut Problems) {
    let seat = req.tied_places.as_deref() == Some("seat");
    let ids: Vec<&str> = req.players.iter().map(|pl| pl.id.as_str()).collect();
    let mut seated = seating(&ids, &[]);
    let mut breaks: HashMap<(u64, u64), usize> = HashMap::new();
    for (i, pl) in req.players.iter().enumerate() {
        p.seating(&mut seated, i);
        if pl.stack == 0 {
            p.push(
                format!("/players/{i}/stack"),
                "stack must be at least 1: a player knocked out started the hand with chips",
            );
        } else {
            p.amount(
                || format!("/players/{i}/stack"),
                ChipAmount::Stack,
                pl.stack,
                None,
            );
        }
        match pl.tie_break {
            None if seat => p.push(
                format!("/players/{i}/tieBreak"),
                "tiedPlaces seat needs a tieBreak on every player: the house's order of equal stacks",
            ),
            Some(t) if seat => {
                if let Some(first) = breaks.insert((pl.stack, t), i) {
                    p.push(
                        format!("/players/{i}/tieBreak"),
                        format!(
                            "tieBreak {t} is also that of /players/{first}, with the same stack: equal stacks need distinct tie breaks"
                        ),
                    );
                }
            }
            _ => {}
        }
    }
}
