//! Who shows at a showdown, in what order, and who may muck (RULES.md
//! §15). It reads a settled hand and never changes a chip of it: the
//! pots and their eligible players come from the settlement, the hands'
//! values from the same rankings the pots were awarded by.

mod decide;
mod face_up;
mod one_pass;
mod order;
#[cfg(test)]
mod tests;

pub use face_up::{all_in, is_all_in, is_face_up};
pub use order::show_order;

use smallvec::SmallVec;

use crate::cards_refusal::CardsRefusal;
use crate::showdown_refusal::{
    last_aggressor_refusal, run_out_refusal, shows_refusal, ShowdownRefusal,
};
use crate::types::{HandInput, Hands, Pot};

/// Whether a player who cannot win may muck (RULES.md §15.1 `muck`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Muck {
    /// A hand that cannot beat or tie one already shown is mucked.
    #[default]
    Losers,
    /// Every live hand is shown (GGPoker, Winamax, iPoker).
    None,
}

/// When every live hand is turned up (RULES.md §15.2, TDA 15).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FaceUp {
    /// Whenever a live player is all in (TDA 15).
    #[default]
    AllIn,
    /// When at most one live player is not all in (PokerStars, 888).
    BettingOver,
    /// Only when cards were dealt after the betting ended (Bovada, Full Tilt).
    RunOut,
}

/// The order players show in (RULES.md §15.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ShowOrder {
    /// TDA 16: the last aggressor, else the first to act, then clockwise.
    #[default]
    Action,
    /// PokerStars: pot by pot from the last side pot down to the main pot.
    Pots,
    /// By rising seat number (888, Bovada, Merge, PartyPoker run-outs).
    Seat,
}

/// The house's showdown settings and the facts of the last betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ShowdownTerms {
    /// Core index of the last player to bet or raise on the last round
    /// played; `None` when it was checked through.
    pub last_aggressor: Option<usize>,
    /// Cards were dealt after the betting had ended.
    pub run_out: bool,
    pub muck: Muck,
    pub face_up: FaceUp,
    pub order: ShowOrder,
    /// The order at a face-up showdown; `None` is `order`.
    pub face_up_order: Option<ShowOrder>,
    /// What turns every hand up whatever `face_up` (RULES.md §15.8);
    /// `None` when nothing does.
    pub all_face_up: Option<AllFaceUp>,
}

/// Why a showdown is face up whatever the house's `face_up`: the answer
/// prices or counts every live hand, so none may stay hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AllFaceUp {
    /// A player cashes out, and a cash-out is priced with every hand face
    /// up (RULES.md §15.8).
    CashOut,
    /// The all-in expectation is counted from every live hand (§17).
    AllInEv,
}

/// Why a hand was shown or not (API.md `why`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Why {
    /// A face-up showdown (TDA 15).
    AllIn,
    /// The first hand of the showdown.
    First,
    /// The first hand shown for a pot nobody had shown for yet.
    Opens,
    /// Beats or ties the best hand shown so far in one of its pots.
    Contends,
    /// Shown by choice although it could be mucked.
    Chose,
    /// A hand the bad-beat jackpot pays, shown where it could be mucked
    /// (RULES.md §15.8).
    BadBeat,
    /// `muck: none`: every live hand is shown.
    ShowAll,
    /// Mucked: it could not beat or tie a hand already shown.
    Beaten,
    /// The one live player, not shown.
    Uncontested,
}

impl Why {
    /// The contract's word for it.
    pub fn as_str(self) -> &'static str {
        match self {
            Why::AllIn => "allIn",
            Why::First => "first",
            Why::Opens => "opens",
            Why::Contends => "contends",
            Why::Chose => "chose",
            Why::BadBeat => "badBeat",
            Why::ShowAll => "showAll",
            Why::Beaten => "beaten",
            Why::Uncontested => "uncontested",
        }
    }
}

/// One live player's turn at the showdown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShowEntry {
    /// Core index of the player.
    pub player: usize,
    pub shown: bool,
    pub why: Why,
}

impl ShowEntry {
    /// An entry before its turn: what a buffer for [`showdown_into`]
    /// starts as.
    pub const UNDECIDED: ShowEntry = ShowEntry {
        player: 0,
        shown: false,
        why: Why::Beaten,
    };
}

/// Every live player's turn at the showdown, in order: held in place up
/// to a full table of ten, so the usual answer costs no allocation (a
/// showdown is a tenth of a settlement, and malloc and free were an
/// eighth of it).
pub type ShowEntries = SmallVec<[ShowEntry; INLINE]>;

/// The most players whose answer needs no allocation: a full table.
const INLINE: usize = 10;

/// The settled hand as the showdown reads it.
#[derive(Debug, Clone, Copy)]
pub struct ShowdownHand<'a> {
    /// The hand as settled: seats, stacks, who folded, hands on board 1.
    pub input: &'a HandInput,
    /// Each live player's hands on the boards after the first (as
    /// `settle_boards` takes them); empty with one board.
    pub more_boards: &'a [Vec<Option<Hands>>],
    /// The settlement's pots, main first, with their eligible players.
    pub pots: &'a [Pot],
    /// Per core player: chose to show a hand they may muck.
    pub shows: &'a [bool],
    /// Per core player: a losing or winning hand a qualifying bad beat's
    /// jackpot pays (RULES.md §15.8), shown where it could be mucked;
    /// empty when there is none.
    pub jackpot: &'a [bool],
    /// Stud games: per core player, the hand showing on the four up
    /// cards, greater acts first; `None` in button games.
    pub showing: Option<&'a [u64]>,
}

/// Why the showdown cannot be worked out. The contract refuses these
/// first (RULES.md §15.7), so they are guard rails, never panics.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShowdownError {
    /// The inputs, refused by the rule the contract's 422 words too.
    #[error("{0}")]
    Refused(#[from] ShowdownRefusal),
    /// A live player without a hand (`cards_refusal`'s rule, in its
    /// words; the player is a core index).
    #[error("{}", CardsRefusal::LiveWithoutCards { player: *.0 })]
    MissingHand(usize),
    #[error("a stud showdown needs every live player's up cards")]
    Showing,
    /// The caller's buffer has fewer entries than the live players.
    #[error("the showdown needs room for every live player, not {0} entries")]
    Room(usize),
}

/// RULES.md §15: every live player in the order they show or muck, and
/// whether they showed and why. A hand that wins or ties any part of any
/// pot is always shown. [`showdown_into`] does the same in the caller's
/// own buffer.
pub fn showdown(hand: &ShowdownHand, terms: &ShowdownTerms) -> Result<ShowEntries, ShowdownError> {
    let mut entries = ShowEntries::from_elem(ShowEntry::UNDECIDED, hand.input.players.len());
    let live = showdown_into(hand, terms, &mut entries)?;
    entries.truncate(live);
    Ok(entries)
}

/// [`showdown`] written to the first entries of `entries` (whatever they
/// held; one a player is always room enough), and how many. The usual
/// hand takes one pass with no branch on the cards (`one_pass`), any
/// other the general path; both answer alike. The answer is written
/// where the caller keeps it: handing it back by value copied it once
/// more, straight after it was written, and that copy cost as much as
/// half the showdown when it ran after the settlement.
pub fn showdown_into(
    hand: &ShowdownHand,
    terms: &ShowdownTerms,
    entries: &mut [ShowEntry],
) -> Result<usize, ShowdownError> {
    if let Some(live) = one_pass::showdown(hand, terms, entries) {
        return Ok(live);
    }
    let answer = general(hand, terms)?;
    let room = entries.len();
    let slots = entries
        .get_mut(..answer.len())
        .ok_or(ShowdownError::Room(room))?;
    slots.copy_from_slice(&answer);
    Ok(answer.len())
}

/// [`showdown`] for any hand.
fn general(hand: &ShowdownHand, terms: &ShowdownTerms) -> Result<ShowEntries, ShowdownError> {
    let table = check(hand, terms)?;
    let mut live = table.live;
    if let [only] = live.as_mut_slice() {
        only.shown = hand.shows.get(only.player).copied().unwrap_or(false);
        only.why = if only.shown {
            Why::Chose
        } else {
            Why::Uncontested
        };
        return Ok(live);
    }
    let face_up = face_up::face_up_when(terms, live.len(), table.not_all_in);
    let order = order::arrange(hand, terms, face_up, live, table.by_seat)?;
    decide::decide(hand, terms.muck, face_up, order)
}

/// What one pass over the players finds: the live players, each entry
/// not yet decided, in the order of `players`; whether that is seat
/// order; and how many of them are not all in.
struct Count {
    live: ShowEntries,
    by_seat: bool,
    not_all_in: usize,
}

/// The guard rails of RULES.md §15.7 the core can see, in one pass over
/// the players, which also counts them for [`showdown`].
fn check(hand: &ShowdownHand, terms: &ShowdownTerms) -> Result<Count, ShowdownError> {
    let players = &hand.input.players;
    if let Some(a) = terms.last_aggressor {
        if let Some(r) = last_aggressor_refusal(players.get(a).map(|p| p.folded)) {
            return Err(r.into());
        }
    }
    // The answer, sized and filled once, then cut to the live players:
    // cheaper than a push per player.
    let mut live = ShowEntries::from_elem(ShowEntry::UNDECIDED, players.len());
    let (mut n, mut by_seat, mut not_all_in, mut last_seat) = (0, true, 0, 0);
    for (k, p) in players.iter().enumerate() {
        if p.folded {
            let shows = hand.shows.get(k) == Some(&true);
            if let Some(r) = shows_refusal(k, p.folded, shows) {
                return Err(r.into());
            }
            continue;
        }
        if let Some(e) = live.get_mut(n) {
            e.player = k;
        }
        n += 1;
        by_seat &= last_seat <= p.seat;
        last_seat = p.seat;
        not_all_in += usize::from(!is_all_in(p));
    }
    live.truncate(n);
    let count = Count {
        live,
        by_seat,
        not_all_in,
    };
    if let Some(r) = run_out_refusal(terms.run_out, count.not_all_in) {
        return Err(r.into());
    }
    Ok(count)
}
