//! Several boards: run it twice (or N times) and double-board games
//! (RULES.md §9). Each pot is shared between the boards, each board's share
//! decided on that board alone by the one-board rules, and whatever the same
//! players won is added up and split once.

use std::borrow::Cow;

use crate::award::{best_hands, same_winners};
use crate::guard::{add, sub};
use crate::odd_chip::{self, Side};
use crate::pot::Layer;
use crate::split::{divide_with, halve, HiLoOddChips};
use crate::types::{
    BoardHalf, BoardPart, Half, HandInput, Hands, Pot, PotBoards, SettleError, Share,
};

/// The most boards a hand can have: a share names its boards in one `u64`.
/// No deck deals more than 48 boards, so this never binds a real hand.
pub const MAX_BOARDS: usize = 64;

/// One input per board, board 1 first: board 1 is the input itself, and
/// each later board a copy carrying every player's hands on that board, so
/// the one-board rules (best hands, odd-chip order) run on it unchanged.
/// `more[b][i]` is player `i`'s hands on board `b + 2`.
pub(crate) fn board_inputs<'a>(
    input: &'a HandInput,
    more: &[Vec<Option<Hands>>],
) -> Result<Vec<Cow<'a, HandInput>>, SettleError> {
    let count = more.len().saturating_add(1);
    if count > MAX_BOARDS {
        return Err(SettleError::TooManyBoards(count));
    }
    let mut out = Vec::with_capacity(count);
    out.push(Cow::Borrowed(input));
    for (b, hands) in more.iter().enumerate() {
        if hands.len() != input.players.len() {
            return Err(SettleError::BoardHands(b + 1));
        }
        let mut board = input.clone();
        for (p, &h) in board.players.iter_mut().zip(hands) {
            p.hands = h;
        }
        out.push(Cow::Owned(board));
    }
    Ok(out)
}

/// RULES.md §9.2: a pot of `n` units over `B` boards gives each board
/// `n div B` units and the first `n mod B` boards in deal order one more
/// (PokerKit and the rooms that publish their code give the remainder to
/// the first board).
pub(crate) fn board_shares(amount: u64, unit: u64, boards: usize) -> Result<Vec<u64>, SettleError> {
    let b = u64::try_from(boards).map_err(|_| SettleError::Overflow)?;
    if b == 0 || unit == 0 {
        return Err(SettleError::Overflow);
    }
    let units = amount / unit;
    let (base, extra) = (units / b, units % b);
    (0..b)
        .map(|i| {
            (base + u64::from(i < extra))
                .checked_mul(unit)
                .ok_or(SettleError::Overflow)
        })
        .collect()
}

/// RULES.md §9.3: one board's share is decided on that board alone, among
/// the pot's eligible players, by §3 and §4: no qualifying low, the high
/// hand takes it; the same players winning both halves take it as one;
/// otherwise it is halved, the odd unit to the high half. A pot with one
/// eligible player needs no hand (§2.3).
fn decide_board(
    board: &HandInput,
    eligible: &[usize],
    unit: u64,
    amount: u64,
) -> Result<BoardPart, SettleError> {
    let whole = |winners: Vec<usize>| BoardHalf {
        half: Half::Whole,
        amount,
        winners,
    };
    if let [only] = eligible {
        return Ok(BoardPart {
            amount,
            halves: vec![whole(vec![*only])],
        });
    }
    let high = best_hands(board, eligible, Side::High)?;
    let low = if board.split_game {
        best_hands(board, eligible, Side::Low)?
    } else {
        Vec::new()
    };
    let halves = if low.is_empty() || same_winners(&high, &low) {
        vec![whole(high)]
    } else {
        let (high_amount, low_amount) = halve(amount, unit)?;
        vec![
            BoardHalf {
                half: Half::High,
                amount: high_amount,
                winners: high,
            },
            BoardHalf {
                half: Half::Low,
                amount: low_amount,
                winners: low,
            },
        ]
    };
    Ok(BoardPart { amount, halves })
}

/// The parts of one pot won by one set of players (RULES.md §9.4).
struct Group<'p> {
    winners: &'p [usize],
    amount: u64,
    /// Bit `b` set: board `b` gave chips to this group.
    boards: u64,
    /// The halves the parts came from; `Whole` once they differ.
    half: Half,
}

/// RULES.md §9.4: every part of the pot (board shares and halves) won by the
/// same set of players, added up, in order of first appearance (board by
/// board, high half first).
fn group_parts(parts: &[BoardPart]) -> Result<Vec<Group<'_>>, SettleError> {
    let mut groups: Vec<Group> = Vec::with_capacity(parts.len() * 2);
    for (b, part) in parts.iter().enumerate() {
        for h in &part.halves {
            let bit = if h.amount > 0 { 1u64 << b } else { 0 };
            match groups
                .iter_mut()
                .find(|g| same_winners(g.winners, &h.winners))
            {
                Some(g) => {
                    g.amount = add(g.amount, h.amount)?;
                    g.boards |= bit;
                    if g.half != h.half {
                        g.half = Half::Whole;
                    }
                }
                None => groups.push(Group {
                    winners: &h.winners,
                    amount: h.amount,
                    boards: bit,
                    half: h.half,
                }),
            }
        }
    }
    Ok(groups)
}

/// RULES.md §4 `hiLoOddChips: high` carried to §9.4: a group won only
/// from low halves keeps what splits evenly among its winners, and its
/// leftover units go to the group holding the high half of the first board
/// it won low on. Per group: `(units given up, units received)`.
fn low_leftovers(
    groups: &[Group<'_>],
    parts: &[BoardPart],
    unit: u64,
    hi_lo: HiLoOddChips,
) -> Result<Vec<(u64, u64)>, SettleError> {
    let mut moves = vec![(0u64, 0u64); groups.len()];
    for (g, group) in groups.iter().enumerate() {
        let moved = match group.half {
            Half::Low => hi_lo.to_high(group.amount, unit, group.winners.len()),
            _ => 0,
        };
        if moved == 0 {
            continue;
        }
        let first = group.boards.trailing_zeros() as usize;
        let high = parts
            .get(first)
            .and_then(|p| p.halves.iter().find(|h| h.half == Half::High))
            .and_then(|h| {
                groups
                    .iter()
                    .position(|o| same_winners(o.winners, &h.winners))
            })
            .ok_or(SettleError::Overflow)?;
        moves[g].0 = moved;
        moves[high].1 = add(moves[high].1, moved)?;
    }
    Ok(moves)
}

/// Awards one pot over several boards (RULES.md §9): `net` units of it
/// (the gross `layer.amount` less anything the house took before the board
/// shares, §9.2) are shared between the boards, each board's share decided
/// on its own, then split once per set of winners in odd-chip order (§9.4),
/// the low halves' leftover units where `hi_lo` sends them.
/// `boards[0]` is the hand as dealt on board 1 (see [`board_inputs`]).
pub(crate) fn award_pot_on_boards(
    boards: &[Cow<'_, HandInput>],
    unit: u64,
    layer: Layer,
    net: u64,
    hi_lo: HiLoOddChips,
) -> Result<(Pot, PotBoards), SettleError> {
    let first = boards.first().ok_or(SettleError::Overflow)?;
    sub(layer.amount, net)?;
    let mut eligible = layer.eligible;
    eligible.sort_by_key(|&i| first.players.get(i).map(|p| p.seat));
    let amounts = board_shares(net, unit, boards.len())?;
    let mut parts = Vec::with_capacity(boards.len());
    for (board, &amount) in boards.iter().zip(&amounts) {
        parts.push(decide_board(board, &eligible, unit, amount)?);
    }
    let tie = parts
        .iter()
        .flat_map(|p| &p.halves)
        .any(|h| h.winners.len() > 1);
    let mut shares = Vec::with_capacity(eligible.len());
    let mut share_boards = Vec::with_capacity(eligible.len());
    let groups = group_parts(&parts)?;
    let moves = low_leftovers(&groups, &parts, unit, hi_lo)?;
    for (g, &(given, received)) in groups.iter().zip(&moves) {
        // Stud has no boards; in button games both sides share one order.
        let side = if g.half == Half::Low {
            Side::Low
        } else {
            Side::High
        };
        let mut winners = g.winners.to_vec();
        odd_chip::sort(&first.players, first.order, side, &mut winners);
        let kept = given
            .checked_mul(unit)
            .and_then(|chips| g.amount.checked_sub(chips))
            .ok_or(SettleError::Overflow)?;
        let split = divide_with(kept, unit, &winners, g.half, received)?;
        share_boards.extend(std::iter::repeat_n(g.boards, split.len()));
        shares.extend::<Vec<Share>>(split);
    }
    Ok((
        Pot {
            amount: layer.amount,
            eligible,
            tie,
            shares,
            rake: 0,
            jackpot: 0,
            cut: None,
        },
        PotBoards {
            boards: parts,
            share_boards,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_9_2_remainder_units_go_to_the_first_boards() {
        assert_eq!(board_shares(9, 1, 2), Ok(vec![5, 4]));
        assert_eq!(board_shares(4, 1, 3), Ok(vec![2, 1, 1]));
        assert_eq!(board_shares(1, 1, 3), Ok(vec![1, 0, 0]));
        // Whole chip units: 5 units of 25 over 2 boards.
        assert_eq!(board_shares(125, 25, 2), Ok(vec![75, 50]));
        assert_eq!(board_shares(10, 1, 0), Err(SettleError::Overflow));
    }
}
