//! High-card draws (Robert's Rules 3.7.1–3.7.2) and the reproducible,
//! portable shuffle that the draw and the chip race deal from.
//!
//! # The shuffle, exactly (auditors replay it)
//!
//! A seed is a `u64`. The generator is xoshiro256** 1.0 (Blackman and Vigna,
//! <https://prng.di.unimi.it/xoshiro256starstar.c>), its four state words
//! filled by four successive outputs of SplitMix64
//! (<https://prng.di.unimi.it/splitmix64.c>) started at the seed, as the
//! authors recommend. Integers below a bound `n` are drawn without bias by
//! rejection: with `t = 2^64 mod n`, draw `r` until `r >= t`, return `r mod n`.
//! The deck starts in index order (`2c 2d 2h 2s 3c … As`, see
//! [`Card::from_index`]) and is shuffled by Fisher–Yates from the top: for
//! `i` from 51 down to 1, swap card `i` with card `j = below(i + 1)`.
//! Cards are then dealt from index 0 upwards. All of this is fixed for good:
//! changing any step would change every recorded deal, so the golden tests in
//! this module pin it.
//!
//! # The draw
//!
//! Robert's 3.7.2: "the order of cards is clockwise starting with
//! the first player to the left of the dealer (the button position is
//! irrelevant)"; with no dealer the deal starts at seat 1. Robert's 3.7.1:
//! between cards of the same rank the suit decides, spades > hearts >
//! diamonds > clubs — the order [`Card`]'s `Ord` already has (rank, then
//! suit), so with one deck there is never a tie and never a redeal.

use crate::seating_refusal::{seat_refusals, SeatingAt, SeatingRefusal};
use showdown_cards::Card;

/// Cards in one deck.
pub const DECK_SIZE: usize = 52;

/// SplitMix64: used only to expand a `u64` seed into xoshiro's state.
#[derive(Debug, Clone)]
struct SplitMix64(u64);

impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// xoshiro256** 1.0, seeded from a `u64` through SplitMix64.
///
/// Written out here (not taken from a crate) so the deal for a seed can never
/// change with a dependency upgrade.
#[derive(Debug, Clone)]
pub struct Xoshiro256StarStar {
    s: [u64; 4],
}

impl Xoshiro256StarStar {
    /// The generator for `seed`.
    pub fn from_seed(seed: u64) -> Self {
        let mut sm = SplitMix64(seed);
        let s = [sm.next_u64(), sm.next_u64(), sm.next_u64(), sm.next_u64()];
        Xoshiro256StarStar { s }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let result = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        result
    }

    /// A uniform integer in `0..bound` (`bound >= 1`), by rejection, so no
    /// card is ever more likely than another.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below(0) has no value");
        let threshold = bound.wrapping_neg() % bound; // 2^64 mod bound
        loop {
            let r = self.next_u64();
            if r >= threshold {
                return r % bound;
            }
        }
    }
}

/// The 52 cards shuffled for `seed` (see the module documentation).
pub fn shuffled_deck(seed: u64) -> Vec<Card> {
    let mut deck: Vec<Card> = (0..DECK_SIZE as u8).map(Card::from_index).collect();
    let mut rng = Xoshiro256StarStar::from_seed(seed);
    for i in (1..DECK_SIZE).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// Indices of `seats` in clockwise order starting at `start` (seat numbers
/// rise clockwise): first the seats `>= start` ascending, then the seats
/// below it ascending. `start` need not be occupied: the deal then starts
/// with the next occupied seat clockwise.
pub fn clockwise_from(seats: &[u32], start: u32) -> Vec<usize> {
    let mut order: Vec<usize> = (0..seats.len()).collect();
    order.sort_by_key(|&i| (seats[i] < start, seats[i]));
    order
}

/// The first card that appears twice in `cards`, if any.
pub(crate) fn first_duplicate<'a>(cards: impl IntoIterator<Item = &'a Card>) -> Option<Card> {
    let mut seen = [false; DECK_SIZE];
    for c in cards {
        let i = c.index() as usize;
        if seen[i] {
            return Some(*c);
        }
        seen[i] = true;
    }
    None
}

/// Where the cards of a draw come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DrawDeal {
    /// The cards actually dealt, one per player, in the order of
    /// [`DrawInput::seats`] (an audit of a live draw).
    Cards(Vec<Card>),
    /// Deal from [`shuffled_deck`] for this seed.
    Seed(u64),
}

/// A high-card draw for the button or a seat move (Robert's 3.7.2).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawInput {
    /// Each player's seat (unique, 1 or more). Players are referred to by
    /// their index here.
    pub seats: Vec<u32>,
    /// The dealer's seat; the deal starts with the first player to its left.
    /// `None`: the deal starts at seat 1.
    pub dealer_seat: Option<u32>,
    pub deal: DrawDeal,
}

/// The outcome of a draw.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DrawResult {
    /// Player indices in the order the cards were dealt.
    pub deal_order: Vec<usize>,
    /// Each player's card, by player index.
    pub cards: Vec<Card>,
    /// Player indices from the highest card to the lowest.
    pub ranking: Vec<usize>,
    /// The player with the highest card (rank, then suit).
    pub winner: usize,
}

/// Why a draw cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DrawError {
    #[error("a draw needs at least 2 players, got {0}")]
    TooFewPlayers(usize),
    #[error("a draw deals one card each from one deck: at most {DECK_SIZE} players, got {0}")]
    TooManyPlayers(usize),
    /// A player's seat, refused by the rule the contract's 422 words too.
    #[error("{1}")]
    Seating(SeatingAt, SeatingRefusal),
    /// The dealer's seat, by the same rule.
    #[error("{0}")]
    DealerSeat(SeatingRefusal),
    /// Every deal's rule: a seed deals every card, or none.
    #[error("give either a seed or the cards dealt, not both")]
    SeedAndCard { player: usize },
    #[error("no seed: give the card dealt to every player")]
    NoCard { player: usize },
    #[error("a draw deals one card per player: {players} players, {cards} cards")]
    CardCount { players: usize, cards: usize },
    #[error("card {card} is dealt twice (player {player})")]
    DuplicateCard { player: usize, card: Card },
}

/// The refusal of a draw for `n` players (two at least, one deck's
/// worth at most), worded once: the contract's 422 says it too.
pub fn draw_count_refusal(n: usize) -> Option<DrawError> {
    if n < 2 {
        Some(DrawError::TooFewPlayers(n))
    } else if n > DECK_SIZE {
        Some(DrawError::TooManyPlayers(n))
    } else {
        None
    }
}

/// Where a draw's refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DrawAt {
    Players,
    DealerSeat,
    /// Player `.0`'s card.
    Card(usize),
}

impl DrawError {
    /// Where a refusal of [`draw_refusals`] lies (the players as a whole
    /// for the guard's own errors).
    pub fn at(&self) -> DrawAt {
        match self {
            DrawError::DealerSeat(_) => DrawAt::DealerSeat,
            DrawError::SeedAndCard { player } | DrawError::NoCard { player } => {
                DrawAt::Card(*player)
            }
            _ => DrawAt::Players,
        }
    }
}

/// Robert's 3.7: a draw of 2 to a deck's worth of players, the dealer on
/// a seat numbered from 1, and a seed or each player's card (`cards`:
/// whether player `i`'s is given), never both. Every refusal, in that
/// order.
pub fn draw_refusals(dealer_seat: Option<u32>, seeded: bool, cards: &[bool]) -> Vec<DrawError> {
    let mut out: Vec<DrawError> = draw_count_refusal(cards.len()).into_iter().collect();
    if dealer_seat == Some(0) {
        out.push(DrawError::DealerSeat(SeatingRefusal::SeatZero));
    }
    for (player, &card) in cards.iter().enumerate() {
        match (card, seeded) {
            (true, true) => out.push(DrawError::SeedAndCard { player }),
            (false, false) => out.push(DrawError::NoCard { player }),
            _ => {}
        }
    }
    out
}

/// The first refusal of the players' seats (`seat_refusals`), if any.
pub(crate) fn check_seats(seats: &[u32]) -> Result<(), (SeatingAt, SeatingRefusal)> {
    match seat_refusals(seats).into_iter().next() {
        Some(refused) => Err(refused),
        None => Ok(()),
    }
}

/// Run a high-card draw (Robert's 3.7.1–3.7.2).
pub fn draw(input: &DrawInput) -> Result<DrawResult, DrawError> {
    let n = input.seats.len();
    if let Some(refusal) = draw_count_refusal(n) {
        return Err(refusal);
    }
    check_seats(&input.seats).map_err(|(at, r)| DrawError::Seating(at, r))?;
    // Robert's 3.7.2: clockwise from the first seat left of the dealer, or
    // from seat 1 when there is no dealer.
    let start = match input.dealer_seat {
        Some(0) => return Err(DrawError::DealerSeat(SeatingRefusal::SeatZero)),
        Some(d) => d.saturating_add(1),
        None => 1,
    };
    let deal_order = clockwise_from(&input.seats, start);
    let cards = match &input.deal {
        DrawDeal::Cards(cards) => {
            if cards.len() < n {
                return Err(DrawError::NoCard {
                    player: cards.len(),
                });
            }
            if cards.len() > n {
                return Err(DrawError::CardCount {
                    players: n,
                    cards: cards.len(),
                });
            }
            if let Some(card) = first_duplicate(cards) {
                let player = cards.iter().rposition(|c| *c == card).unwrap_or(0);
                return Err(DrawError::DuplicateCard { player, card });
            }
            cards.clone()
        }
        DrawDeal::Seed(seed) => {
            let deck = shuffled_deck(*seed);
            let mut cards = vec![deck[0]; n];
            for (k, &p) in deal_order.iter().enumerate() {
                cards[p] = deck[k];
            }
            cards
        }
    };
    let mut ranking: Vec<usize> = (0..n).collect();
    // Robert's 3.7.1: rank first, then suit spades > hearts > diamonds > clubs.
    ranking.sort_by(|&a, &b| cards[b].cmp(&cards[a]));
    Ok(DrawResult {
        deal_order,
        winner: ranking[0],
        ranking,
        cards,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// SplitMix64 from seed 0: the first outputs of the reference C code.
    #[test]
    fn splitmix64_matches_the_reference_outputs() {
        let mut sm = SplitMix64(0);
        assert_eq!(sm.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(sm.next_u64(), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(sm.next_u64(), 0x06C4_5D18_8009_454F);
    }

    #[test]
    fn below_stays_below_its_bound() {
        let mut rng = Xoshiro256StarStar::from_seed(7);
        for bound in 1..200u64 {
            assert!(rng.below(bound) < bound);
        }
    }

    #[test]
    fn clockwise_from_wraps_past_the_highest_seat() {
        let seats = [1, 3, 6, 9];
        assert_eq!(clockwise_from(&seats, 6), vec![2, 3, 0, 1]);
        assert_eq!(clockwise_from(&seats, 7), vec![3, 0, 1, 2]);
        assert_eq!(clockwise_from(&seats, 10), vec![0, 1, 2, 3]);
    }
}
