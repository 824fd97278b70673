//! The usual showdown in one pass over the players (RULES.md §15.3-15.4):
//! one board, `muck: losers`, TDA 16's order from the last aggressor, and
//! pots as the settlement builds them, where each live player's pots are
//! the main pot and the side pots up to the last one holding their chips.
//! The pass goes round the table from the aggressor and decides each hand
//! as it reaches it, with no branch and no address that follows the
//! cards: at a table of nine the whole showdown is a few hundred
//! instructions, and a mispredicted branch a player would cost as much
//! again. A hand the pass cannot take (a refusal to report, players not
//! in seat order, pots the settlement did not cut, more than 32 players
//! or 16 pots, fewer entries than players) goes
//! to the general path, which answers every hand the pass takes exactly
//! as the pass does (the property test in `tests.rs`).

use super::decide::kept;
use super::face_up::{face_up_when, is_all_in};
use super::{Muck, ShowEntry, ShowOrder, ShowdownHand, ShowdownTerms, Why};
use crate::pot::reaches;
use crate::showdown_refusal::run_out_refusal;
use crate::types::{Hands, Pot};

/// The most pots the pass judges: one bit each in a `u16`.
const MAX_POTS: usize = 16;

/// The most players the pass takes (who asked to show is a bit each).
const MAX_PLAYERS: usize = 32;

/// The showdown in one pass, written to the first entries of
/// `entries` (one for each of the hand's players), and how many: `None`
/// when the pass cannot take the hand.
pub(super) fn showdown(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
    entries: &mut [ShowEntry],
) -> Option<usize> {
    let a = starts_at(hand, terms)?;
    let players = &hand.input.players;
    // Seat order, which the settle route sends, makes the order of
    // `players` the order round the table; else the general path sorts.
    // Counted without a branch a pair: the usual table is in order.
    let out_of_order = players.windows(2).filter(|w| w[0].seat > w[1].seat);
    if out_of_order.count() != 0 {
        return None;
    }
    let Round { live, not_all_in } = round_any(hand, a, entries)?;
    let face_up = face_up_when(terms, live, not_all_in);
    // A lone live player and a refused run-out are the general path's.
    if live < 2 || run_out_refusal(terms.run_out, not_all_in).is_some() {
        return None;
    }
    if face_up {
        for e in entries.iter_mut().take(live) {
            e.shown = true;
            e.why = Why::AllIn;
        }
    }
    Some(live)
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
    // A hand the bad-beat jackpot pays (§15.8) is the general path's.
    let usual = terms.muck == Muck::Losers && !hand.jackpot.contains(&true);
    (action && fits && usual && live).then_some(a)
}

/// The settlement's cuts of the first `P` pots, main first, a slot past
/// the last pot at the most chips (no commitment reaches it): `None` when
/// a pot was not cut by the settlement or the cuts do not rise, so a
/// player's pots are not the first few.
fn cuts<const P: usize>(pots: &[Pot]) -> Option<[u64; P]> {
    let mut cuts = [u64::MAX; P];
    let mut below = None;
    for (slot, pot) in cuts.iter_mut().zip(pots) {
        let cut = pot.cut?;
        if below.is_some_and(|b| b >= cut) {
            return None;
        }
        (*slot, below) = (cut, Some(cut));
    }
    (pots.len() <= P).then_some(cuts)
}

/// How many pots, from the main pot up, have two live players or more
/// (RULES.md §15.3: a pot left to one live player is won unseen): `None`
/// when a contested pot follows one that is not, so the contested pots
/// are not the first few.
fn contested(pots: &[Pot]) -> Option<usize> {
    let n = pots.iter().take_while(|p| p.eligible.len() >= 2).count();
    pots.iter()
        .skip(n)
        .all(|p| p.eligible.len() < 2)
        .then_some(n)
}

/// The first 32 of `flags` as bits (flag `k` as bit `k`), eight at a
/// time: a multiply gathers eight bytes that are each 0 or 1 into the
/// top byte, one bit each.
pub(super) fn bit_set(flags: &[bool]) -> u32 {
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let flags = flags.get(..MAX_PLAYERS).unwrap_or(flags);
    let mut bits = 0u32;
    let mut eights = flags.chunks_exact(8);
    for (i, eight) in eights.by_ref().enumerate() {
        let bytes: [u8; 8] = std::array::from_fn(|b| u8::from(eight[b]));
        let byte = u64::from_le_bytes(bytes).wrapping_mul(GATHER) >> 56;
        bits |= (byte as u32) << (8 * i);
    }
    let rest = eights.remainder();
    let at = flags.len() - rest.len();
    for (k, &f) in (at..).zip(rest) {
        bits |= u32::from(f) << k;
    }
    bits
}

/// What going round the table counted: the live players, and how many
/// of them are not all in.
struct Round {
    live: usize,
    not_all_in: usize,
}

/// The best hand in each of the first `P` pots (`P` at least the hand's
/// pots) among the players whose turn has passed, shown
/// or not, plus one (0: none): a hand that was not shown was beaten in
/// each of its pots by one shown before it, so counting it changes no
/// pot's best, and no turn waits on the decision before it. `P` is fixed
/// so that the pots are read and raised at fixed places. A pot whose
/// best high is still 0 has had no hand yet: it is not opened (every
/// high kept is at least 1).
struct Best<const P: usize> {
    high: [u64; P],
    /// The same for the low half, with `LOW`.
    low: [u64; P],
}

impl<const P: usize> Best<P> {
    /// Why a hand in the first `c` pots is shown or not, with its values
    /// plus one (`low` 0 when it has none). Every live player's pots are
    /// the first `c` pots for some `c` (the pass gives up otherwise), so
    /// the best can only fall from one pot to the next, and a hand beats
    /// or ties the best in one of its pots exactly when it does in its
    /// last: one comparison a half, however many pots.
    #[inline]
    fn judge<const LOW: bool>(&self, c: usize, (high, low): (u64, u64), chose: bool) -> Why {
        let best = last(&self.high, c);
        let mut beats = high >= best;
        if LOW {
            beats |= (low != 0) & (low >= last(&self.low, c));
        }
        // Pots are nested: nobody was in pot `c - 1` before, so nobody
        // was in a later pot either, and the hand opens that pot.
        let opens = best == 0;
        // Picked, not branched on: which it is follows the cards.
        let mut why = if chose { Why::Chose } else { Why::Beaten };
        why = if beats { Why::Contends } else { why };
        if opens {
            Why::Opens
        } else {
            why
        }
    }

    /// The hand in the first `c` pots joins each one's best. Every pot is
    /// looked at whatever `c`, so no branch follows the cards.
    #[inline]
    fn record<const LOW: bool>(&mut self, c: usize, (high, low): (u64, u64)) {
        raise(&mut self.high, c, high);
        if LOW {
            raise(&mut self.low, c, low);
        }
    }
}

/// Raises the best of the first `c` pots (`c` at least 1) to `value`,
/// each pot looked at whatever `c`.
#[inline]
fn raise<const P: usize>(pots: &mut [u64; P], c: usize, value: u64) {
    pots[0] = pots[0].max(value);
    for (q, best) in pots.iter_mut().enumerate().skip(1) {
        *best = (*best).max(if q < c { value } else { 0 });
    }
}

/// The best in pot `c - 1` of `pots` (`c` at least 1), picked without an
/// address that follows the cards: the pots stay where the last turn
/// raised them, and the next turn does not wait for a store to be read
/// back.
#[inline]
fn last<const P: usize>(pots: &[u64; P], c: usize) -> u64 {
    let mut best = pots[0];
    for (q, &pot) in pots.iter().enumerate().skip(1) {
        best = if q < c { pot } else { best };
    }
    best
}

/// [`round`] for the hand's number of pots, and a low half in a split
/// game only.
fn round_any(hand: &ShowdownHand, a: usize, entries: &mut [ShowEntry]) -> Option<Round> {
    match (hand.pots.len() <= 4, hand.input.split_game) {
        (true, false) => round::<4, false>(hand, a, entries),
        (true, true) => round::<4, true>(hand, a, entries),
        (false, false) => round::<MAX_POTS, false>(hand, a, entries),
        (false, true) => round::<MAX_POTS, true>(hand, a, entries),
    }
}

/// Round the table from the aggressor `a` (the later seats, then the
/// earlier), each live hand decided and written to `entries` in turn;
/// `None` when the pass gives the hand up (pots not cut by the
/// settlement, a low hand when not `LOW`, a live hand in no pot).
fn round<const P: usize, const LOW: bool>(
    hand: &ShowdownHand,
    a: usize,
    entries: &mut [ShowEntry],
) -> Option<Round> {
    let players = &hand.input.players;
    let cuts = cuts::<P>(hand.pots)?;
    let contested = contested(hand.pots)?;
    // Who asked to show, player `k` as bit `k` (at most 32 players).
    let chose = bit_set(hand.shows);
    let shows = |k: usize| chose >> (k & (MAX_PLAYERS - 1)) & 1 != 0;
    let mut best = Best::<P> {
        high: [0; P],
        low: [0; P],
    };
    let (n, mut live, mut not_all_in) = (players.len(), 0, 0);
    // Cut to one entry a player, so the loop keeps one length, not two.
    let entries = entries.get_mut(..n)?;
    let (earlier, later) = players.split_at_checked(a)?;
    // The later seats, then the earlier: two runs over a slice, with no
    // index to wrap round and no bound to check a turn.
    for (first, half) in [(a, later), (0, earlier)] {
        for (at, p) in (first..).zip(half) {
            if p.folded {
                if shows(at) {
                    return None;
                }
                continue;
            }
            not_all_in += usize::from(!is_all_in(p));
            // A missing low is 0: it neither contends nor raises a best low.
            let values = match &p.hands {
                Some(Hands { high, low }) if LOW || low.is_none() => {
                    (kept(high.value), low.map_or(0, |l| kept(l.value)))
                }
                _ => return None, // no hand, or a low outside a split game
            };
            // The first `c` pots: those cut at or below the player's
            // chips, and contested (§15.3: one live player's is won unseen).
            let c: usize = cuts
                .iter()
                .map(|&cut| usize::from(reaches(p.committed, cut)))
                .sum::<usize>()
                .min(contested);
            if c == 0 {
                return None; // a live hand in no pot
            }
            let why = best.judge::<LOW>(c, values, shows(at));
            if let Some(e) = entries.get_mut(live) {
                *e = ShowEntry {
                    player: at,
                    shown: why != Why::Beaten,
                    why,
                };
            }
            live += 1;
            best.record::<LOW>(c, values);
        }
    }
    // Only the first hand to open a pot can be the first hand.
    if let Some(e) = entries.first_mut().filter(|e| e.why == Why::Opens) {
        e.why = Why::First;
    }
    Some(Round { live, not_all_in })
}
