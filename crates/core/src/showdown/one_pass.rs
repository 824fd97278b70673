//! The usual showdown in one pass over the players (RULES.md §15.3-15.4):
//! one board, `muck: losers`, TDA 16's order from the last aggressor,
//! and pots as the settlement builds them, where each live player's pots
//! are the main pot and the side pots up to the last one holding their
//! chips. The pass goes round the table from the aggressor, deciding
//! each hand as it reaches it, with no branch that follows the cards: at
//! a table of nine the work is a few hundred instructions, so a
//! mispredicted branch per player costs about as much again. A hand the
//! pass cannot take (a refusal to report, players not in seat order,
//! pots not nested) goes to the general path, which answers every hand
//! the pass takes exactly as the pass does.

use super::decide::kept;
use super::{is_all_in, FaceUp, Muck, ShowEntry, ShowOrder, ShowdownHand, ShowdownTerms, Why};
use crate::types::{PlayerInput, Pot};

/// The most pots the pass judges: one bit each in a `u16`.
const MAX_POTS: usize = 16;

/// The most players the pass keeps a mask of pots for.
const MAX_PLAYERS: usize = 32;

/// The showdown in one pass, or, when the pass cannot take the hand, the
/// buffer it allocated (empty, or the answer's, to be used again).
pub(super) fn showdown(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
) -> Result<Vec<ShowEntry>, Vec<ShowEntry>> {
    let Some(a) = starts_at(hand, terms) else {
        return Err(Vec::new());
    };
    let players = &hand.input.players;
    // Seat order, which the settle route sends, makes the order of
    // `players` the order round the table; else the general path sorts.
    if !players.windows(2).all(|w| w[0].seat <= w[1].seat) {
        return Err(Vec::new());
    }
    let mut pass = Pass::new(hand);
    // Round the table from the aggressor: the later seats, then the earlier.
    let (earlier, later) = players.split_at(a);
    let round = (a..).zip(later).chain((0..).zip(earlier));
    for (k, p) in round {
        if !pass.turn(k, p) {
            return Err(pass.entries);
        }
    }
    let live = pass.live;
    pass.entries.truncate(live);
    let face_up = match terms.face_up {
        FaceUp::AllIn => pass.not_all_in < live,
        FaceUp::BettingOver => pass.not_all_in <= 1,
        FaceUp::RunOut => terms.run_out,
    };
    // A lone live player and a refused run-out are the general path's.
    let run_out_refused = terms.run_out && pass.not_all_in >= 2;
    if live < 2 || run_out_refused {
        return Err(pass.entries);
    }
    if face_up {
        for e in &mut pass.entries {
            e.shown = true;
            e.why = Why::AllIn;
        }
    }
    Ok(pass.entries)
}

/// The last aggressor, when the pass takes this hand under these terms:
/// one board, few enough pots and players for its stack buffers (a table
/// of nine has at most nine pots), TDA 16's order whether or not the
/// showdown turns out face up, and a live aggressor.
fn starts_at(hand: &ShowdownHand, terms: &ShowdownTerms) -> Option<usize> {
    let action = terms.order == ShowOrder::Action
        && terms.face_up_order.is_none_or(|o| o == ShowOrder::Action);
    let fits = hand.more_boards.is_empty()
        && hand.pots.len() <= MAX_POTS
        && hand.input.players.len() <= MAX_PLAYERS;
    let a = terms.last_aggressor?;
    let live = hand.input.players.get(a).is_some_and(|p| !p.folded);
    (action && fits && terms.muck == Muck::Losers && live).then_some(a)
}

/// Per player (core index), the pots they are eligible for, pot `p` as
/// bit `p`, from the pots' lists. An index past the table marks a slot
/// nobody reads.
fn pot_masks(pots: &[Pot]) -> [u16; MAX_PLAYERS] {
    let mut masks = [0u16; MAX_PLAYERS];
    for (p, pot) in pots.iter().take(MAX_POTS).enumerate() {
        let bit = 1u16 << p;
        for &j in &pot.eligible {
            if let Some(m) = masks.get_mut(j) {
                *m |= bit;
            }
        }
    }
    masks
}

/// An entry before its turn.
const UNDECIDED: ShowEntry = ShowEntry {
    player: 0,
    shown: false,
    why: Why::Beaten,
};

/// Why, by (opens, contends, chose) as bits 2, 1, 0; the first hand that
/// opens a pot is `first` instead.
const JUDGED: [Why; 8] = [
    Why::Beaten,
    Why::Chose,
    Why::Contends,
    Why::Contends,
    Why::Opens,
    Why::Opens,
    Why::Opens,
    Why::Opens,
];

/// What the pass has seen so far. Every live player's pots are the first
/// `c` pots for some `c` (it gives up otherwise), so the best hand shown
/// in a pot can only fall from one pot to the next, and a hand beats or
/// ties the best shown in one of its pots exactly when it does in its
/// last: one comparison a half, whatever the number of pots.
struct Pass<'h> {
    shows: &'h [bool],
    masks: [u16; MAX_PLAYERS],
    pots: usize,
    /// At `c`, the best high shown in pot `c - 1`, plus one (0: none).
    high: [u64; MAX_POTS + 1],
    /// The same for the low half.
    low: [u64; MAX_POTS + 1],
    /// The pots with a hand shown, pot `p` as bit `p`.
    opened: u16,
    entries: Vec<ShowEntry>,
    /// The live players decided so far.
    live: usize,
    not_all_in: usize,
}

impl<'h> Pass<'h> {
    fn new(hand: &'h ShowdownHand) -> Self {
        let players = &hand.input.players;
        Pass {
            shows: hand.shows,
            masks: pot_masks(hand.pots),
            pots: hand.pots.len().min(MAX_POTS),
            high: [0; MAX_POTS + 1],
            low: [0; MAX_POTS + 1],
            opened: 0,
            // The answer's one allocation, filled once and cut to the
            // live players: a push per player would keep the vector's
            // length in memory, in case it grew.
            entries: vec![UNDECIDED; players.len()],
            live: 0,
            not_all_in: 0,
        }
    }

    fn shows(&self, k: usize) -> bool {
        self.shows.get(k).copied().unwrap_or(false)
    }

    /// Player `k`'s turn: passed over if folded, else decided and
    /// recorded. False when the pass gives the hand up.
    #[inline]
    fn turn(&mut self, k: usize, p: &PlayerInput) -> bool {
        if p.folded {
            return !self.shows(k);
        }
        self.not_all_in += usize::from(!is_all_in(p));
        let Some(h) = p.hands.as_ref() else {
            return false;
        };
        let mask = self.masks.get(k).copied().unwrap_or(0);
        if mask & mask.wrapping_add(1) != 0 {
            return false; // not the first pots: not nested
        }
        let c = (u16::BITS - mask.leading_zeros()) as usize;
        let c = c.min(MAX_POTS);
        // A missing low is 0: it neither contends nor raises a best low.
        let (high, low) = (kept(h.high.value), h.low.map_or(0, |l| kept(l.value)));
        let contends = (c != 0) & ((high >= self.high[c]) | ((low != 0) & (low >= self.low[c])));
        let opens = mask & !self.opened != 0;
        let chose = self.shows(k);
        let shown = opens | contends | chose;
        let why = if opens & (self.live == 0) {
            Why::First
        } else {
            JUDGED[usize::from(opens) << 2 | usize::from(contends) << 1 | usize::from(chose)]
        };
        if let Some(e) = self.entries.get_mut(self.live) {
            *e = ShowEntry {
                player: k,
                shown,
                why,
            };
        }
        self.live += 1;
        // Not shown, nothing raised: no branch on it.
        self.record(c * usize::from(shown), high, low);
        self.opened |= mask * u16::from(shown);
        true
    }

    /// A hand shown in the first `c` pots raises each one's best: every
    /// pot looked at, so the loop runs as often for every player.
    #[inline]
    fn record(&mut self, c: usize, high: u64, low: u64) {
        let pots = self.pots;
        for (q, best) in self.high[1..=pots].iter_mut().enumerate() {
            *best = (*best).max(if q < c { high } else { 0 });
        }
        if low != 0 {
            for (q, best) in self.low[1..=pots].iter_mut().enumerate() {
                *best = (*best).max(if q < c { low } else { 0 });
            }
        }
    }
}
