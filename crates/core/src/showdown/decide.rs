//! Who shows and who may muck (RULES.md §15.3, TDA 13 and 16): going
//! round in the showdown's order, a hand is shown when it opens a pot
//! nobody has shown for, or beats or ties the best hand shown so far in
//! one of its pots, in some half on some board; otherwise it may be
//! mucked unseen.

use super::{Muck, ShowEntry, ShowdownError, ShowdownHand, Why};
use crate::types::Hands;

/// The best hand shown so far in each pot: per board, the high and the
/// low value (`None` until one is shown there).
struct Shown {
    /// Per pot: whether any hand eligible for it has been shown.
    opened: Vec<bool>,
    /// Per pot, per board: the best high and low values shown.
    best: Vec<Vec<[Option<u64>; 2]>>,
}

/// Each entry of `order` decided in turn.
pub(super) fn decide(
    hand: &ShowdownHand,
    muck: Muck,
    face_up: bool,
    order: &[usize],
) -> Result<Vec<ShowEntry>, ShowdownError> {
    let boards = 1 + hand.more_boards.len();
    let mut shown = Shown {
        opened: vec![false; hand.pots.len()],
        best: vec![vec![[None; 2]; boards]; hand.pots.len()],
    };
    let mut out = Vec::with_capacity(order.len());
    for (turn, &k) in order.iter().enumerate() {
        let hands = hands_of(hand, k)?;
        let why = if face_up {
            Why::AllIn
        } else if muck == Muck::None {
            Why::ShowAll
        } else {
            judge(hand, &shown, k, &hands, turn == 0)
        };
        let entry = ShowEntry {
            player: k,
            shown: why != Why::Beaten,
            why,
        };
        if entry.shown {
            shown.record(hand, k, &hands);
        }
        out.push(entry);
    }
    Ok(out)
}

/// Player `k`'s hands on each board, in board order.
fn hands_of(hand: &ShowdownHand, k: usize) -> Result<Vec<Hands>, ShowdownError> {
    let first = hand.input.players.get(k).and_then(|p| p.hands);
    std::iter::once(first)
        .chain(hand.more_boards.iter().map(|b| b.get(k).copied().flatten()))
        .map(|h| h.ok_or(ShowdownError::MissingHand(k)))
        .collect()
}

/// RULES.md §15.3 for one hand under `muck: losers`: `first` or `opens`
/// when a pot of theirs has no hand shown yet, `contends` when it beats
/// or ties the best shown in some half on some board, else `chose` if
/// the player shows, `beaten` if not.
fn judge(hand: &ShowdownHand, shown: &Shown, k: usize, hands: &[Hands], first: bool) -> Why {
    let mut contends = false;
    for (p, pot) in hand.pots.iter().enumerate() {
        if !pot.eligible.contains(&k) {
            continue;
        }
        if !shown.opened[p] {
            return if first { Why::First } else { Why::Opens };
        }
        contends = contends || shown.contends_in(p, hands);
    }
    match (contends, hand.shows.get(k).copied().unwrap_or(false)) {
        (true, _) => Why::Contends,
        (false, true) => Why::Chose,
        (false, false) => Why::Beaten,
    }
}

impl Shown {
    /// Whether `hands` beat or tie the best shown in pot `p` on some
    /// board: the high always counts; a qualifying low counts where no
    /// low has been shown yet, or where it is at least as good.
    fn contends_in(&self, p: usize, hands: &[Hands]) -> bool {
        self.best[p].iter().zip(hands).any(|(best, h)| {
            let high = best[0].is_none_or(|b| h.high.value >= b);
            let low = h.low.is_some_and(|l| best[1].is_none_or(|b| l.value >= b));
            high || low
        })
    }

    /// A shown hand raises the best of every pot it is eligible for.
    fn record(&mut self, hand: &ShowdownHand, k: usize, hands: &[Hands]) {
        for (p, pot) in hand.pots.iter().enumerate() {
            if !pot.eligible.contains(&k) {
                continue;
            }
            self.opened[p] = true;
            for (best, h) in self.best[p].iter_mut().zip(hands) {
                best[0] = best[0].max(Some(h.high.value));
                if let Some(l) = h.low {
                    best[1] = best[1].max(Some(l.value));
                }
            }
        }
    }
}
