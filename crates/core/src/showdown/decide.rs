//! Who shows and who may muck (RULES.md §15.3, TDA 13 and 16): going
//! round in the showdown's order, a hand is shown when it opens a pot
//! nobody has shown for, or beats or ties the best hand shown so far in
//! one of its pots, in some half on some board; otherwise it may be
//! mucked unseen.

use super::{Muck, ShowEntries, ShowdownError, ShowdownHand, Why};
use crate::types::Hands;

/// The best hand shown so far: per pot and board (`pot * boards + b`),
/// the best high and low values shown there, each plus one so that 0
/// means none yet (values are below 2^53); and the pots with a hand
/// shown, pot `p` as bit `p`, so "does this hand open a pot" is one test.
/// `ONE` is a hand on one board, the usual case: the compiler then
/// drops the loops over boards and the lookups of the other boards.
struct Shown<'b, const ONE: bool> {
    boards: usize,
    opened: u64,
    best: &'b mut [[u64; 2]],
}

/// A value as `Shown` keeps it: one more, so 0 is free for "none".
pub(super) fn kept(value: u64) -> u64 {
    value.saturating_add(1)
}

/// Pots times boards that fit the stack buffer: a table of nine has at
/// most nine pots, so one board never needs the heap.
const ON_STACK: usize = 16;

/// Per player (core index), the pots they contest, pot `p` as bit `p`:
/// one pass over the pots' players. A pot contested is one they are
/// eligible for with another live player; a pot left to one live player
/// is won unseen (RULES.md §15.3, §2.3), so it makes nobody show. Pots
/// past 64 are never reached: each pot needs a live player's distinct
/// commitment, and a table has far fewer seats.
fn pots_of_all<'m>(hand: &ShowdownHand, stack: &'m mut [u64], heap: &'m mut Vec<u64>) -> &'m [u64] {
    let n = hand.input.players.len();
    let masks = if n <= stack.len() {
        &mut stack[..n]
    } else {
        heap.resize(n, 0);
        &mut heap[..]
    };
    let pots = hand.pots.iter().take(64).enumerate();
    for (p, pot) in pots.filter(|(_, pot)| pot.eligible.len() >= 2) {
        for &j in &pot.eligible {
            if let Some(m) = masks.get_mut(j) {
                *m |= 1 << p;
            }
        }
    }
    masks
}

/// The pots of a mask, in order. A plain iterator over the set bits: the
/// closure-built one it replaces cost an eighth of the showdown's
/// instructions.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let p = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(p)
    }
}

/// Each entry of `order` decided in turn, in place.
pub(super) fn decide(
    hand: &ShowdownHand,
    muck: Muck,
    face_up: bool,
    order: ShowEntries,
) -> Result<ShowEntries, ShowdownError> {
    if hand.more_boards.is_empty() {
        decide_on::<true>(hand, muck, face_up, order)
    } else {
        decide_on::<false>(hand, muck, face_up, order)
    }
}

/// [`decide`] with `ONE` true exactly when the hand has one board.
fn decide_on<const ONE: bool>(
    hand: &ShowdownHand,
    muck: Muck,
    face_up: bool,
    mut order: ShowEntries,
) -> Result<ShowEntries, ShowdownError> {
    let boards = if ONE { 1 } else { 1 + hand.more_boards.len() };
    let cells = hand.pots.len().min(64) * boards;
    let mut stack = [[0u64; 2]; ON_STACK];
    let mut heap = Vec::new();
    let best = if cells <= ON_STACK {
        &mut stack[..cells]
    } else {
        heap.resize(cells, [0u64; 2]);
        &mut heap[..]
    };
    let mut shown = Shown::<ONE> {
        boards,
        opened: 0,
        best,
    };
    let (mut mask_stack, mut mask_heap) = ([0u64; ON_STACK * 2], Vec::new());
    let masks = pots_of_all(hand, &mut mask_stack, &mut mask_heap);
    let judged = !face_up && muck != Muck::None;
    for (turn, entry) in order.iter_mut().enumerate() {
        let k = entry.player;
        for b in 1..boards {
            hand_on(hand, k, b)?;
        }
        let first = hand_on(hand, k, 0)?;
        let pots = masks.get(k).copied().unwrap_or(0);
        let why = if face_up {
            Why::AllIn
        } else if !judged {
            Why::ShowAll
        } else {
            judge(hand, &shown, (k, first), pots, turn == 0)
        };
        entry.why = why;
        entry.shown = why != Why::Beaten;
        // Only a judged showdown reads what was shown before.
        if entry.shown && judged {
            shown.record(hand, (k, first), pots);
        }
    }
    Ok(order)
}

/// Player `k`'s hands on board `b` (0 is the first).
fn hand_on(hand: &ShowdownHand, k: usize, b: usize) -> Result<Hands, ShowdownError> {
    let h = match b.checked_sub(1) {
        None => hand.input.players.get(k).and_then(|p| p.hands),
        Some(m) => hand
            .more_boards
            .get(m)
            .and_then(|board| board.get(k).copied().flatten()),
    };
    h.ok_or(ShowdownError::MissingHand(k))
}

/// Player `k`'s hands on board `b`, board 1's (`first`) already read.
fn on_board(
    hand: &ShowdownHand,
    (k, first): (usize, Hands),
    b: usize,
) -> Result<Hands, ShowdownError> {
    if b == 0 {
        Ok(first)
    } else {
        hand_on(hand, k, b)
    }
}

/// RULES.md §15.3 for one hand under `muck: losers`: `first` or `opens`
/// when a pot they contest has no hand shown yet, `contends` when it
/// beats or ties the best shown in some half on some board, else `chose`
/// if the player shows, `badBeat` if the bad-beat jackpot pays the hand
/// (§15.8), `beaten` if neither.
fn judge<const ONE: bool>(
    hand: &ShowdownHand,
    shown: &Shown<ONE>,
    (k, h): (usize, Hands),
    pots: u64,
    first: bool,
) -> Why {
    if pots & !shown.opened != 0 {
        return if first { Why::First } else { Why::Opens };
    }
    let contends = Bits(pots).any(|p| shown.contends_in(hand, p, (k, h)));
    let flag = |of: &[bool]| of.get(k).copied().unwrap_or(false);
    match (contends, flag(hand.shows), flag(hand.jackpot)) {
        (true, _, _) => Why::Contends,
        (false, true, _) => Why::Chose,
        (false, false, true) => Why::BadBeat,
        (false, false, false) => Why::Beaten,
    }
}

impl<const ONE: bool> Shown<'_, ONE> {
    /// Boards the hand was played on: a constant 1 for `ONE`.
    fn boards(&self) -> usize {
        if ONE {
            1
        } else {
            self.boards
        }
    }

    /// Whether player `k` beats or ties the best shown in pot `p` on some
    /// board: the high always counts; a qualifying low counts where no
    /// low has been shown yet, or where it is at least as good.
    fn contends_in(&self, hand: &ShowdownHand, p: usize, (k, first): (usize, Hands)) -> bool {
        let best = &self.best[p * self.boards()..(p + 1) * self.boards()];
        best.iter().enumerate().any(|(b, best)| {
            let Ok(h) = on_board(hand, (k, first), b) else {
                return false;
            };
            // Nothing shown there yet (0) is beaten by any hand.
            let high = kept(h.high.value) >= best[0];
            let low = h.low.is_some_and(|l| kept(l.value) >= best[1]);
            high || low
        })
    }

    /// A shown hand raises the best of every pot it is eligible for.
    fn record(&mut self, hand: &ShowdownHand, (k, first): (usize, Hands), pots: u64) {
        self.opened |= pots;
        for p in Bits(pots) {
            for b in 0..self.boards() {
                let Ok(h) = on_board(hand, (k, first), b) else {
                    continue;
                };
                let best = &mut self.best[p * self.boards() + b];
                best[0] = best[0].max(kept(h.high.value));
                if let Some(l) = h.low {
                    best[1] = best[1].max(kept(l.value));
                }
            }
        }
    }
}
