//! Several boards in the settle pipeline (RULES.md §9): every live hand
//! ranked on each board after the first, their strengths as the core reads
//! them, and the answer's `boards`.

use super::dto::{BoardDto, BoardHandDto};
use crate::settle::hand::Hand;
use crate::settle::pots::dto::hand_rank_dto;
use crate::settle::pots::rank::{eval_problem, strengths};
use crate::settle::validated::Validated;
use showdown_cards::{rank_showdown, Showdown};
use showdown_core::Hands;
use showdown_json::Invalid;
use std::borrow::Cow;

/// RULES.md §9: every live hand ranked on each board after the first, by
/// request index (`[b - 1][i]`); none with one board or when uncontested.
/// The same evaluators as board 1, so the cross-checks cover them too.
pub(crate) fn rank_more_boards(v: &Validated) -> Result<Vec<Vec<Option<Showdown>>>, Invalid> {
    let req = v.req;
    if !v.contested {
        return Ok(Vec::new());
    }
    let (mut problems, boards) = (Vec::new(), req.boards.is_some());
    let mut out = Vec::with_capacity(v.board_count().saturating_sub(1));
    for b in 1..v.board_count() {
        let mut board = vec![None; req.players.len()];
        for (i, pl) in req.players.iter().enumerate() {
            if pl.folded {
                continue;
            }
            match rank_showdown(v.variant, v.hole(i), v.board_at(b)) {
                Ok(s) => board[i] = Some(s),
                Err(e) => problems.push(eval_problem(i, boards.then_some(b), &e)),
            }
        }
        out.push(board);
    }
    if problems.is_empty() {
        Ok(out)
    } else {
        Err(Invalid::new(problems))
    }
}

/// The strengths of every live hand on each board after the first, by
/// core player.
pub(crate) fn more_board_hands(
    v: &Validated,
    more_shown: &[Vec<Option<Showdown>>],
) -> Vec<Vec<Option<Hands>>> {
    more_shown
        .iter()
        .map(|board| {
            let hands = |&i: &usize| {
                let s = board[i].as_ref()?;
                let vals = (s.high.value, s.low.as_ref().map(|l| l.value));
                Some(strengths(v, vals, Some(s), v.hole(i)))
            };
            v.order.iter().map(hands).collect()
        })
        .collect()
}

/// RULES.md §9, API.md `boards`: with several boards, each board's cards
/// and every live player's hand on it, by seat.
pub(crate) fn board_list<'a>(hand: &Hand<'a, '_>) -> Option<Vec<BoardDto<'a>>> {
    let v = hand.v;
    (v.board_count() > 1).then(|| {
        (0..v.board_count())
            .map(|b| BoardDto {
                index: b as u64,
                cards: v
                    .board_at(b)
                    .iter()
                    .map(|c| Cow::Borrowed(c.as_str()))
                    .collect(),
                hands: (0..hand.order().len())
                    .filter_map(|k| {
                        let hands = hand.on(b, k)?;
                        Some(BoardHandDto {
                            agent_id: hand.id(k),
                            hand_rank: hand_rank_dto(&hands.high),
                            low_hand_rank: hands.low.as_ref().map(hand_rank_dto),
                        })
                    })
                    .collect(),
            })
            .collect()
    })
}
