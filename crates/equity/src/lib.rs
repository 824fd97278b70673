//! Exact all-in equity (RULES.md §10): every runout of the board is counted,
//! each pot is shared on each runout as the settlement would share it, and
//! each player's equity is a fraction `S / (N × D)` with whole numbers.
//!
//! The engine knows cards and pots as sets of players, never chips: the
//! cash-out values a player's equity in each pot it is eligible for, so all
//! pots are tallied on the same runouts in one pass.
//!
//! How it is fast (README.md): runouts are counted, not dealt. Each
//! multiset of dealt ranks is visited once, weighted by the ways to pick
//! its cards, and every player is ranked on it without a flush; only where
//! someone may flush are the suits looked at, class by class
//! (the rank-pattern walk, `pattern.rs`).
//! [`reference::enumerate`] is the plain definition, kept as the oracle.
//! Heads-up preflop hold'em and short deck, the commonest all-in and the
//! dearest walk, are read from a table of the walk's results
//! ([`hu_table`]).

mod error;
mod high;
pub mod hu_table;
mod omaha;
mod pattern;
pub mod reference;
mod refusal;
mod scorer;
mod tally;

use showdown_cards::{placed, short_deck_refusal, Card, CardAt, Seen, Variant, VariantId};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

pub use error::EquityError;
pub use refusal::{
    board_refusal, deck_refusal, equity_game, game_refusal, hole_cards_refusal, players_refusal,
    EquityAt, EquityRefusal, MAX_REQUEST_PLAYERS,
};

/// `D`: twice the least common multiple of 1 … 10, so that `D × share` is
/// whole for any split of a high and a low half among up to ten players.
pub const D: u64 = 5040;

/// Most players an enumeration takes (pots are 16-bit sets; `D` divides by
/// up to ten).
pub const MAX_PLAYERS: usize = 10;

/// A pot's eligible players, bit `i` for player `i` (their index in
/// `hands`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PotMask(pub u16);

impl PotMask {
    /// Every one of `n` players (a single pot, or the main pot).
    pub fn all(n: usize) -> PotMask {
        PotMask(((1u32 << n.min(16)) - 1) as u16)
    }

    /// The players listed (indices of 16 or more are dropped, which the
    /// caller's validation should refuse first).
    pub fn of(players: &[usize]) -> PotMask {
        PotMask(
            players
                .iter()
                .filter(|&&p| p < 16)
                .fold(0, |m, &p| m | 1 << p),
        )
    }

    /// Whether `player` may win this pot.
    pub fn contains(self, player: usize) -> bool {
        player < 16 && self.0 >> player & 1 == 1
    }

    /// The players in the pot, lowest index first.
    pub fn players(self) -> impl Iterator<Item = usize> {
        (0..16).filter(move |&i| self.0 >> i & 1 == 1)
    }
}

/// One player's result in one pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct PlayerEquity {
    /// `S`: the sum over runouts of `D ×` the player's share of the pot.
    pub share_units: u64,
    /// Runouts on which the player takes the whole pot (in hi-lo: scoops).
    pub wins: u64,
    /// Runouts on which the player takes part of the pot, not all of it.
    pub ties: u64,
}

/// One pot's results, one entry per player (zero for players not eligible).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PotEquity {
    /// The pot's players, as given.
    pub eligible: PotMask,
    /// Indexed like `hands`, so a caller reads a player's share directly.
    pub players: Vec<PlayerEquity>,
}

/// The result of an enumeration: `runouts` (`N`) and each pot's shares.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Equity {
    /// `N = C(d, 5 − k)`: the runouts, all equally likely.
    pub runouts: u64,
    /// One per pot, in the order given.
    pub pots: Vec<PotEquity>,
}

impl Equity {
    /// `N × D`, the denominator of every equity.
    pub fn denominator(&self) -> u64 {
        self.runouts * D
    }

    /// A player's equity in a pot as a fraction in lowest terms (panics if
    /// `pot` or `player` is out of range, as indexing would).
    pub fn fraction(&self, pot: usize, player: usize) -> (u64, u64) {
        let s = self.pots[pot].players[player].share_units;
        let g = gcd(s, self.denominator());
        (s / g, self.denominator() / g)
    }
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

/// The games of RULES.md §10.1, the only ones [`enumerate`] takes.
pub const GAMES: [VariantId; 7] = [
    VariantId::Holdem,
    VariantId::ShortDeck,
    VariantId::Omaha,
    VariantId::Omaha5,
    VariantId::Omaha6,
    VariantId::OmahaHiLo,
    VariantId::Omaha5HiLo,
];

/// How a game ranks hands, for the games of §10.1.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Game {
    Holdem,
    ShortDeck,
    Omaha,
    OmahaHiLo,
}

impl Game {
    fn of(variant: VariantId) -> Option<Game> {
        Some(match variant {
            VariantId::Holdem => Game::Holdem,
            VariantId::ShortDeck => Game::ShortDeck,
            VariantId::Omaha | VariantId::Omaha5 | VariantId::Omaha6 => Game::Omaha,
            VariantId::OmahaHiLo | VariantId::Omaha5HiLo => Game::OmahaHiLo,
            _ => return None,
        })
    }
}

/// The most hands (runouts × players) ranked one by one rather than by a
/// table not yet built: 50,000 Omaha hands cost about a tenth of building
/// the Omaha table, and every spot with a flop or a turn dealt fits.
const DIRECT_WORK: u64 = 50_000;

impl Game {
    /// Whether the walk's table for this game exists (the server builds
    /// them at start-up; the CLI's replay only when a spot needs one).
    fn table_built(self) -> bool {
        match self {
            Game::Holdem => high::built(false),
            Game::ShortDeck => high::built(true),
            Game::Omaha | Game::OmahaHiLo => omaha::built(),
        }
    }
}

/// A checked deal: what the walks need.
pub(crate) struct Spot {
    pub game: Game,
    /// The undealt cards, by index, highest first (ranks together).
    pub deck: Vec<u8>,
    /// How many board cards the runout deals (`5 − k`).
    pub left: usize,
    /// `N`.
    pub runouts: u64,
}

fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Check a deal against §10 and return the undealt deck.
pub(crate) fn check(
    variant: VariantId,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
    pots: &[PotMask],
) -> Result<Spot, EquityError> {
    let game = Game::of(variant).ok_or(EquityError::Refused(EquityRefusal::Game(variant)))?;
    let v = variant.variant();
    check_counts(&v, hands, board)?;
    let seen = check_cards(&v, hands, board, dead)?;
    check_pots(pots, hands.len())?;
    let lowest = if v.short_deck { 16 } else { 0 };
    let deck: Vec<u8> = (lowest..52u8)
        .rev()
        .filter(|&i| !seen.holds(Card::from_index(i)))
        .collect();
    let size = 52 - usize::from(lowest);
    if let Some(r) = deck_refusal(size - deck.len(), v.short_deck, board.len()) {
        return Err(EquityError::Refused(r));
    }
    let left = 5 - board.len();
    Ok(Spot {
        game,
        runouts: choose(deck.len() as u64, left as u64),
        deck,
        left,
    })
}

/// How many players, hole cards and board cards the deal has.
fn check_counts(v: &Variant, hands: &[&[Card]], board: &[Card]) -> Result<(), EquityError> {
    let n = hands.len();
    if n < 2 {
        return Err(EquityError::TooFewPlayers(n));
    }
    if n > MAX_PLAYERS {
        return Err(EquityError::TooManyPlayers {
            max: MAX_PLAYERS,
            got: n,
        });
    }
    let mut holes = hands.iter().enumerate();
    let refused = holes.find_map(|(player, h)| hole_cards_refusal(player, v.id, h.len()));
    match refused.or_else(|| board_refusal(board.len())) {
        Some(r) => Err(EquityError::Refused(r)),
        None => Ok(()),
    }
}

/// Every known card once and in the variant's deck, read as a request
/// gives them: the board, the hands, the dead cards.
fn check_cards(
    v: &Variant,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
) -> Result<Seen, EquityError> {
    let mut seen = Seen::default();
    let hands = (hands.iter().enumerate())
        .flat_map(|(player, h)| placed(h, move |index| CardAt::Hand { player, index }));
    let places = placed(board, |index| CardAt::Board { index })
        .chain(hands)
        .chain(placed(dead, |index| CardAt::Dead { index }));
    for (at, card) in places {
        if short_deck_refusal(card, v.short_deck).is_some() {
            return Err(EquityError::NotInDeck { card, at });
        }
        seen.read(card, at)?;
    }
    Ok(seen)
}

/// Every pot has a player, and only players of the deal.
fn check_pots(pots: &[PotMask], n: usize) -> Result<(), EquityError> {
    for (pot, m) in pots.iter().enumerate() {
        if m.0 == 0 {
            return Err(EquityError::EmptyPot { pot });
        }
        if let Some(player) = m.players().find(|&p| p >= n) {
            return Err(EquityError::PotPlayer { pot, player });
        }
    }
    Ok(())
}

/// The exact equity of every player in every pot, over every runout.
///
/// `hands[i]` are player `i`'s hole cards, `board` the first `k` board
/// cards (0, 3 or 4), `dead` cards known out of the deck, `pots` each pot's
/// eligible players. All pots are tallied on the same runouts.
///
/// Heads-up hold'em and short deck with no board and no dead cards are
/// read from the heads-up table ([`hu_table`]), which holds the walk's own
/// results: the answer is the one [`enumerate_by_walk`] gives, in
/// microseconds instead of milliseconds.
pub fn enumerate(
    variant: VariantId,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
    pots: &[PotMask],
) -> Result<Equity, EquityError> {
    enumerate_until(variant, hands, board, dead, pots, &AtomicBool::new(false))
}

/// [`enumerate`], given up with [`EquityError::Stopped`] soon after `stop`
/// is raised, so a caller that no longer wants the answer gets its thread
/// back within one rank multiset of the walk.
pub fn enumerate_until(
    variant: VariantId,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
    pots: &[PotMask],
    stop: &AtomicBool,
) -> Result<Equity, EquityError> {
    let walk = Walk {
        shortcuts: true,
        stop,
    };
    run(variant, hands, board, dead, pots, walk)
}

/// [`enumerate`] without its shortcuts (the heads-up table, a small spot
/// ranked hand by hand): always the walk. The table is generated from
/// this, and tests hold the three to the same answers.
pub fn enumerate_by_walk(
    variant: VariantId,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
    pots: &[PotMask],
) -> Result<Equity, EquityError> {
    let walk = Walk {
        shortcuts: false,
        stop: &AtomicBool::new(false),
    };
    run(variant, hands, board, dead, pots, walk)
}

/// How [`run`] may answer: by a shortcut (the heads-up table, the plain
/// ranking of a small spot) or only by the walk, and the flag that gives
/// the walk up.
struct Walk<'s> {
    shortcuts: bool,
    stop: &'s AtomicBool,
}

fn run(
    variant: VariantId,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
    pots: &[PotMask],
    walk: Walk,
) -> Result<Equity, EquityError> {
    let spot = check(variant, hands, board, dead, pots)?;
    if pots.is_empty() {
        // Nothing to share: the count of runouts is all there is.
        return Ok(Equity {
            runouts: spot.runouts,
            pots: Vec::new(),
        });
    }
    if walk.shortcuts {
        if let Some(e) = hu_table::answer(&spot, hands, board, dead, pots) {
            return Ok(e);
        }
    }
    if walk.stop.load(Relaxed) {
        return Err(EquityError::Stopped);
    }
    let small = spot.runouts.saturating_mul(hands.len() as u64) <= DIRECT_WORK;
    if walk.shortcuts && small && !spot.game.table_built() {
        return Ok(reference::run(&spot, hands, board, pots));
    }
    pattern::run(&spot, hands, board, pots, walk.stop).ok_or(EquityError::Stopped)
}

/// [`enumerate`] with a single pot of every player: the usual equity quote.
pub fn enumerate_one_pot(
    variant: VariantId,
    hands: &[&[Card]],
    board: &[Card],
    dead: &[Card],
) -> Result<Equity, EquityError> {
    enumerate(variant, hands, board, dead, &[PotMask::all(hands.len())])
}

/// Build the look-up tables now (they take tens of milliseconds; the
/// heads-up tables are decoded here too) rather than in the first request
/// that needs them.
pub fn build_tables() {
    showdown_cards::build_tables();
    high::standard();
    high::short_deck();
    omaha::table();
    for game in hu_table::TableGame::ALL {
        // A bad file is not fatal: the engine then enumerates.
        let _ = hu_table::table(game);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choose_counts_runouts() {
        assert_eq!(choose(48, 5), 1_712_304);
        assert_eq!(choose(45, 2), 990);
        assert_eq!(choose(3, 0), 1);
    }

    #[test]
    fn pot_masks() {
        assert_eq!(PotMask::all(3), PotMask(0b111));
        assert_eq!(PotMask::of(&[0, 2]), PotMask(0b101));
        assert!(PotMask(0b101).contains(2));
        assert_eq!(PotMask(0b101).players().collect::<Vec<_>>(), vec![0, 2]);
    }
}
