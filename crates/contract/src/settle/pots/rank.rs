//! Every live hand ranked (cards speak, TDA 12) on each board, and the
//! hand as the core reads it: players by seat, amounts and strengths.

use crate::deck::card_pointer;
use crate::settle::validated::Validated;
use showdown_cards::{
    rank_showdown, showdown_values, stud_odd_chip_key, CardAt, EvalError, HandRank, Showdown, Side,
};
use showdown_core::{
    HandInput, HandStrength, Hands, OddChipOrder, PlayerInput, Reason, Settlement,
};
use showdown_json::Invalid;

/// Every live hand at a showdown, ranked (cards speak, TDA 12), by request
/// index: its values, and its name and cards when `describe_all`.
pub(crate) struct Ranked {
    pub(crate) shown: Vec<Option<Showdown>>,
    pub(crate) values: Vec<Option<(u64, Option<u64>)>>,
    /// With `showdown.audience: table`, the players whose cards and ranks
    /// the answer may not show (RULES.md §15.6); empty otherwise.
    pub(crate) hidden: Vec<bool>,
}

pub(crate) fn rank_live_hands(v: &Validated, describe_all: bool) -> Result<Ranked, Invalid> {
    let req = v.req;
    let mut out = Ranked {
        shown: vec![None; req.players.len()],
        values: vec![None; req.players.len()],
        hidden: Vec::new(),
    };
    if !v.contested {
        return Ok(out);
    }
    let (mut problems, boards) = (Vec::new(), req.boards.is_some());
    for (i, pl) in req.players.iter().enumerate() {
        if pl.folded {
            continue;
        }
        if describe_all {
            match rank_showdown(v.variant, v.hole(i), v.board()) {
                Ok(s) => {
                    out.values[i] = Some((s.high.value, s.low.as_ref().map(|l| l.value)));
                    out.shown[i] = Some(s);
                }
                Err(e) => problems.push(eval_problem(i, boards.then_some(0), &e)),
            }
        } else {
            match showdown_values(v.variant, v.hole(i), v.board()) {
                Ok(vals) => out.values[i] = Some(vals),
                Err(e) => problems.push(eval_problem(i, boards.then_some(0), &e)),
            }
        }
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(Invalid::new(problems))
    }
}

/// The hand as the core reads it: players by seat, amounts and strengths.
pub(crate) fn core_input(v: &Validated, ranked: &Ranked) -> HandInput {
    HandInput {
        players: v
            .order
            .iter()
            .map(|&i| {
                let pl = &v.players()[i];
                PlayerInput {
                    seat: pl.seat,
                    stack: pl.stack,
                    committed: pl.committed,
                    dead: pl.dead.unwrap_or(0),
                    folded: pl.folded,
                    hands: ranked.values[i]
                        .map(|vals| strengths(v, vals, ranked.shown[i].as_ref(), v.hole(i))),
                }
            })
            .collect(),
        chip_unit: v.chip_unit,
        dead_money: v.dead_money,
        order: match v.button_seat {
            Some(button_seat) if v.table.button => OddChipOrder::Button { button_seat },
            _ => OddChipOrder::Stud,
        },
        split_game: v.table.low.is_some(),
    }
}

/// Describes the hands the event shows, the pot winners and the winning
/// hand (their values already checked the deal).
pub(crate) fn describe_shown(v: &Validated, s: &Settlement, ranked: &mut Ranked) {
    let winner = winner_k(v, &ranked.values, s);
    for k in s.winners.iter().copied().chain(winner) {
        let i = v.order[k];
        if ranked.shown[i].is_none() && ranked.values[i].is_some() {
            ranked.shown[i] = rank_showdown(v.variant, v.hole(i), v.board()).ok();
        }
    }
}

/// The core's view of one live hand: values, and stud odd-chip keys by the
/// request's rulebook (RULES.md §4; button games ignore the key, and there
/// `shown` is `None`).
pub(crate) fn strengths(
    v: &Validated,
    (high, low): (u64, Option<u64>),
    shown: Option<&Showdown>,
    all_cards: &[showdown_cards::Card],
) -> Hands {
    let key = |side: Side, hand: Option<&HandRank>| match hand {
        Some(hand) if !v.table.button => {
            stud_odd_chip_key(v.variant, v.rules, side, hand, all_cards)
        }
        _ => 0,
    };
    Hands {
        high: HandStrength {
            value: high,
            chip_key: key(Side::High, shown.map(|s| &s.high)),
        },
        low: low.map(|value| HandStrength {
            value,
            chip_key: key(Side::Low, shown.and_then(|s| s.low.as_ref())),
        }),
    }
}

/// The core index of the player the event names as winner: the first
/// potBreakdown entry; when uncontested, the one live player (API.md). A
/// hand where no pot holds a chip (everything uncalled) has no breakdown:
/// the best live high hand stands in, first by seat among equals.
pub(crate) fn winner_k(
    v: &Validated,
    values: &[Option<(u64, Option<u64>)>],
    s: &Settlement,
) -> Option<usize> {
    let order = &v.order;
    let live = (0..order.len()).filter(|&k| !v.players()[order[k]].folded);
    match (s.reason, s.winners.first()) {
        (Reason::Uncontested, _) => live.min(),
        (_, Some(&k)) => Some(k),
        (_, None) => live.max_by_key(|&k| (values[order[k]].map(|v| v.0), std::cmp::Reverse(k))),
    }
}

/// The evaluator's refusal of player `i`'s hand on board `b` (`None`: the
/// request's one `board`); a card given twice at its later copy, both
/// places the request's.
pub(crate) fn eval_problem(i: usize, b: Option<usize>, e: &EvalError) -> showdown_json::FieldError {
    let (pointer, message) = match e {
        EvalError::Twice(twice) => {
            let twice = twice.map(|at| match (at, b) {
                (CardAt::Lone { index }, _) => card_pointer(CardAt::Hand { player: i, index }),
                (CardAt::Board { index }, Some(board)) => {
                    card_pointer(CardAt::Boards { board, index })
                }
                (at, _) => card_pointer(at),
            });
            (twice.again.clone(), twice.to_string())
        }
        e => (format!("/players/{i}/cards"), e.to_string()),
    };
    showdown_json::FieldError { pointer, message }
}

#[cfg(test)]
mod tests {
    use super::*;
    use showdown_cards::{parse_cards, VariantId};

    /// A card given twice, should the evaluator meet one after
    /// validation, is placed in the request: the hole cards are player
    /// `i`'s, the board the one ranked on.
    #[test]
    fn the_evaluators_card_twice_gets_the_requests_pointers() {
        let hole = parse_cards(&["Kd", "Ah"]).unwrap();
        let board = parse_cards(&["2c", "Kd", "9s", "Jh", "3d"]).unwrap();
        let e = rank_showdown(VariantId::Holdem, &hole, &board).unwrap_err();
        let said = |b| {
            let f = eval_problem(2, b, &e);
            (f.pointer, f.message)
        };
        let twice = |first: &str| format!("card Kd appears more than once (first at {first})");
        assert_eq!(said(None), ("/players/2/cards/0".into(), twice("/board/1")));
        assert_eq!(
            said(Some(3)),
            ("/players/2/cards/0".into(), twice("/boards/3/1"))
        );
    }
}
