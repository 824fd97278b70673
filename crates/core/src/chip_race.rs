//! The chip race at a color-up (RULES.md §6): TDA Rule 23 and the chip-race guide.
//!
//! When a denomination leaves play, each player first exchanges every full
//! set of the removed chips for the larger chip at equal value (the chip-race guide:
//! "each five $5 chips will be exchanged for a $25 chip"; TDA 23-C: removed
//! chips "will be exchanged for current denominations only at equal value").
//! What is left over — fewer removed chips than make one larger chip — is
//! raced off:
//!
//! 1. Every player with leftover chips gets one card per chip, all of their
//!    cards before the next player (the chip-race guide). The deal starts at seat 1 and
//!    goes clockwise under TDA 23-A ("chips will be raced off, starting in
//!    seat 1"), or at the small blind of the next hand under the chip-race guide
//!    convention ([`Convention::Standard`]).
//! 2. The leftover value of the whole table becomes colored-up chips: one per
//!    full larger chip, plus one when the remainder is MORE than half a larger
//!    chip (the chip-race guide: "as long as the leftover smaller chips total more than
//!    half a single larger chip"; exactly half does not round up).
//! 3. Those chips go to the highest single cards, rank first, then suit
//!    spades > hearts > diamonds > clubs (the chip-race guide, Robert's 3.7.1), at most
//!    one chip a player (TDA 23-A, the chip-race guide).
//! 4. Nobody is raced out. A player is *raced out* when the leftover chips
//!    were all the chips they had. Under the chip-race guide such a player "automatically
//!    gets one colored up chip if one is available", before the race winners.
//!    Under TDA 23-A "a player losing his remaining chip(s) in a race will get
//!    1 chip of the lowest denomination still in play": the race runs as
//!    usual and a raced-out player who won nothing is given one chip of the
//!    lowest denomination still in play — which is the denomination the race
//!    colors up to, since one colors up to the smallest chip that stays. In
//!    both conventions, when no pool chip is left for a raced-out player, one
//!    is added to play (`added`), because a race may never eliminate anyone.
//!
//! One deck, never two: a second deck would bring identical cards that
//! neither rank nor suit can separate, and the rulebooks give no way to
//! break that tie. A race needing more than 52 cards is therefore refused
//! ([`ChipRaceRefusal::TooManyCards`]); the floor can race in two rounds.

use crate::chip_race_refusal::{
    denominations, race_player_refusals, small_blind_refusal, ChipRaceRefusal, RaceSeat, RaceTerms,
};
use crate::draw::{check_seats, clockwise_from, first_duplicate, shuffled_deck};
use crate::seating_refusal::{SeatingAt, SeatingRefusal};
use showdown_cards::Card;

/// Where the deal of a chip race starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Convention {
    /// TDA 23-A: from seat 1, clockwise.
    Tda,
    /// The chip-race guide: from the small blind of the next hand, clockwise.
    Standard,
}

/// One player at the color-up. Players are referred to by their index in
/// [`ChipRaceInput::players`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RacePlayer {
    /// Seat, 1 or more, unique; seat numbers rise clockwise.
    pub seat: u32,
    /// How many chips of the removed denomination the player holds (a count,
    /// not a value). Full sets are exchanged at equal value; the rest races.
    pub removed_chips: u64,
    /// Value of all the player's other chips.
    pub other_value: u64,
}

/// Where the cards of a race come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RaceDeal {
    /// The cards actually dealt, one list per player (by player index), as
    /// many as the player's leftover chips (an audit of a live race).
    Cards(Vec<Vec<Card>>),
    /// Deal from [`shuffled_deck`](crate::draw::shuffled_deck) for this seed.
    Seed(u64),
}

/// A chip race to run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChipRaceInput {
    /// The denomination leaving play.
    pub removed: u64,
    /// The denomination it colors up to: larger, and a multiple of `removed`.
    pub color_up_to: u64,
    pub convention: Convention,
    /// The small blind seat of the next hand: required under
    /// [`Convention::Standard`], refused under [`Convention::Tda`].
    pub small_blind_seat: Option<u32>,
    pub players: Vec<RacePlayer>,
    pub deal: RaceDeal,
}

/// Why a player receives a colored-up chip in the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AwardReason {
    /// One of the highest single cards (the chip-race guide, TDA 23-A).
    RaceWin,
    /// The race took the player's last chips (TDA 23-A, the chip-race guide).
    NotRacedOut,
}

/// A colored-up chip given in the race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Award {
    pub reason: AwardReason,
    /// True when the chip did not come from the leftover value but was added
    /// so that the player is not raced out.
    pub added: bool,
}

/// One player's part of the race.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RacePlayerResult {
    /// Larger chips received at equal value for full sets of removed chips.
    pub exchanged: u64,
    /// Removed chips left over and raced (one card each).
    pub raced: u64,
    /// The player's cards, in the order dealt.
    pub cards: Vec<Card>,
    /// The highest of them (rank, then suit); `None` with no cards.
    pub best_card: Option<Card>,
    /// True when the raced chips were all the player had.
    pub raced_out: bool,
    /// The colored-up chip won or given, if any (at most one).
    pub award: Option<Award>,
    /// Value of the player's chips before and after the color-up.
    pub value_before: u64,
    pub value_after: u64,
}

/// The outcome of a race.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChipRaceResult {
    /// How many removed chips make one larger chip.
    pub ratio: u64,
    /// Player indices in the order their cards were dealt (only players with
    /// leftover chips).
    pub deal_order: Vec<usize>,
    pub players: Vec<RacePlayerResult>,
    /// Value of the leftover chips taken off the table by the race.
    pub value_removed: u64,
    /// Colored-up chips made from that value (full chips, plus one when the
    /// remainder is more than half a larger chip).
    pub pool: u64,
    /// The leftover value short of a full larger chip, and whether it earned
    /// the extra chip.
    pub remainder: u64,
    pub rounded_up: bool,
    /// Chips added beyond the pool so nobody is raced out.
    pub added: u64,
    /// Player indices in the order the colored-up chips were handed out.
    pub award_order: Vec<usize>,
}

/// Why a race cannot be run.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChipRaceError {
    /// The race's terms, refused by the rule the contract's 422 words too.
    #[error("{0}")]
    Refused(ChipRaceRefusal),
    /// A player's seat, refused by the rule the contract's 422 words too.
    #[error("{1}")]
    Seating(SeatingAt, SeatingRefusal),
    #[error("cards are given for {got} players, there are {players}")]
    CardLists { players: usize, got: usize },
    #[error("card {card} is dealt twice (player {player})")]
    DuplicateCard { player: usize, card: Card },
    #[error("chip values overflow")]
    Overflow,
}

fn validate(input: &ChipRaceInput) -> Result<u64, ChipRaceError> {
    let refused = ChipRaceError::Refused;
    if input.players.is_empty() {
        return Err(refused(ChipRaceRefusal::NoPlayers));
    }
    let ratio = denominations(input.removed, input.color_up_to).map_err(|(_, r)| refused(r))?;
    let seats: Vec<u32> = input.players.iter().map(|p| p.seat).collect();
    check_seats(&seats).map_err(|(at, r)| ChipRaceError::Seating(at, r))?;
    let standard = input.convention == Convention::Standard;
    if let Some(r) = small_blind_refusal(standard, true, input.small_blind_seat) {
        return Err(refused(r));
    }
    let n = input.players.len();
    if let RaceDeal::Cards(lists) = &input.deal {
        if lists.len() != n {
            let got = lists.len();
            return Err(ChipRaceError::CardLists { players: n, got });
        }
    }
    let cards = |i: usize| match &input.deal {
        RaceDeal::Cards(lists) => lists.get(i).map(Vec::len),
        RaceDeal::Seed(_) => None,
    };
    let seats: Vec<RaceSeat> = (input.players.iter().enumerate())
        .map(|(i, p)| RaceSeat {
            leftover: p.removed_chips,
            other: p.other_value,
            cards: cards(i),
        })
        .collect();
    let terms = RaceTerms {
        removed: input.removed,
        color_up_to: input.color_up_to,
        ratio: Some(ratio),
        seeded: matches!(input.deal, RaceDeal::Seed(_)),
    };
    match race_player_refusals(&terms, &seats).first() {
        Some(&r) => Err(refused(r)),
        None => Ok(ratio),
    }
}

/// Run a chip race (RULES.md §6): the full sets exchanged, the leftovers
/// dealt their cards, the pool of colored-up chips they make, and the chips
/// awarded, nobody raced out.
pub fn chip_race(input: &ChipRaceInput) -> Result<ChipRaceResult, ChipRaceError> {
    let ratio = validate(input)?;
    let (exchanged, raced) = leftovers(input, ratio)?;
    let deal_order = deal_order(input, &raced);
    let cards = deal(input, &raced, &deal_order)?;
    let best: Vec<Option<Card>> = cards.iter().map(|c| c.iter().max().copied()).collect();
    let pool = Pool::of(&raced, input.removed, input.color_up_to)?;
    let raced_out: Vec<bool> = (0..input.players.len())
        .map(|i| raced[i] > 0 && exchanged[i] == 0 && input.players[i].other_value == 0)
        .collect();

    // Highest single card first: rank, then suit (Card's order).
    let mut by_card: Vec<usize> = deal_order.clone();
    by_card.sort_by(|&a, &b| best[b].cmp(&best[a]));
    let (award, award_order) = hand_out(input, &by_card, &raced_out, pool.chips);
    let added = award.iter().flatten().filter(|a| a.added).count() as u64;

    let mut players = Vec::with_capacity(input.players.len());
    for (i, p) in input.players.iter().enumerate() {
        let (value_before, value_after) = values(input, p, exchanged[i], award[i].is_some())?;
        players.push(RacePlayerResult {
            exchanged: exchanged[i],
            raced: raced[i],
            cards: cards[i].clone(),
            best_card: best[i],
            raced_out: raced_out[i],
            award: award[i],
            value_before,
            value_after,
        });
    }
    Ok(ChipRaceResult {
        ratio,
        deal_order,
        players,
        value_removed: pool.value_removed,
        pool: pool.chips,
        remainder: pool.remainder,
        rounded_up: pool.rounded_up,
        added,
        award_order,
    })
}

/// Each player's full sets, exchanged at equal value, and the leftover
/// chips that race; one deck at most for the whole race.
fn leftovers(input: &ChipRaceInput, ratio: u64) -> Result<(Vec<u64>, Vec<u64>), ChipRaceError> {
    let exchanged: Vec<u64> = input
        .players
        .iter()
        .map(|p| p.removed_chips / ratio)
        .collect();
    let raced: Vec<u64> = input
        .players
        .iter()
        .map(|p| p.removed_chips % ratio)
        .collect();
    Ok((exchanged, raced))
}

/// The players who race, in the order they are dealt: TDA 23-A from seat
/// 1; the chip-race guide from the next small blind.
fn deal_order(input: &ChipRaceInput, raced: &[u64]) -> Vec<usize> {
    let start = match input.convention {
        Convention::Tda => 1,
        Convention::Standard => input.small_blind_seat.unwrap_or(1),
    };
    let seats: Vec<u32> = input.players.iter().map(|p| p.seat).collect();
    clockwise_from(&seats, start)
        .into_iter()
        .filter(|&i| raced[i] > 0)
        .collect()
}

/// Each player's cards: those the table dealt (one a chip raced, none
/// twice), or dealt from the seed's deck, all of a player's cards before
/// the next player's (the chip-race guide).
fn deal(
    input: &ChipRaceInput,
    raced: &[u64],
    deal_order: &[usize],
) -> Result<Vec<Vec<Card>>, ChipRaceError> {
    let n = input.players.len();
    match &input.deal {
        RaceDeal::Cards(lists) => {
            if let Some(card) = first_duplicate(deal_order.iter().flat_map(|&p| lists[p].iter())) {
                let player = *deal_order
                    .iter()
                    .rev()
                    .find(|&&p| lists[p].contains(&card))
                    .unwrap_or(&0);
                return Err(ChipRaceError::DuplicateCard { player, card });
            }
            Ok(lists.clone())
        }
        RaceDeal::Seed(seed) => {
            let mut deck = shuffled_deck(*seed).into_iter();
            let mut lists = vec![Vec::new(); n];
            for &p in deal_order {
                lists[p] = deck.by_ref().take(raced[p] as usize).collect();
            }
            Ok(lists)
        }
    }
}

/// The leftover value and the colored-up chips it makes (the chip-race
/// guide): one a full larger chip, and one more for a remainder over half.
struct Pool {
    value_removed: u64,
    remainder: u64,
    rounded_up: bool,
    chips: u64,
}

impl Pool {
    fn of(raced: &[u64], small: u64, large: u64) -> Result<Pool, ChipRaceError> {
        let mut value_removed = 0u64;
        for &r in raced {
            value_removed = r
                .checked_mul(small)
                .and_then(|v| v.checked_add(value_removed))
                .ok_or(ChipRaceError::Overflow)?;
        }
        let remainder = value_removed % large;
        let rounded_up = remainder.checked_mul(2).ok_or(ChipRaceError::Overflow)? > large;
        Ok(Pool {
            value_removed,
            remainder,
            rounded_up,
            chips: value_removed / large + u64::from(rounded_up),
        })
    }
}

/// The chips handed out, by player, and the order they went: a raced-out
/// player first under the chip-race guide, then the highest cards (at most
/// one chip a player), then a chip added for any raced-out player left
/// with none.
fn hand_out(
    input: &ChipRaceInput,
    by_card: &[usize],
    raced_out: &[bool],
    pool: u64,
) -> (Vec<Option<Award>>, Vec<usize>) {
    let mut award: Vec<Option<Award>> = vec![None; input.players.len()];
    let mut award_order = Vec::new();
    let mut left = pool;
    let mut give =
        |p: usize, reason: AwardReason, left: &mut u64, award: &mut Vec<Option<Award>>| {
            let added = *left == 0;
            if !added {
                *left -= 1;
            }
            award[p] = Some(Award { reason, added });
            award_order.push(p);
        };
    if input.convention == Convention::Standard {
        // The chip-race guide: a raced-out player gets a colored-up chip first, if one
        // is available (best card first when there are too few).
        for &p in by_card.iter().filter(|&&p| raced_out[p]) {
            if left > 0 {
                give(p, AwardReason::NotRacedOut, &mut left, &mut award);
            }
        }
    }
    // The race: highest cards, at most one chip a player.
    for &p in by_card {
        if left == 0 {
            break;
        }
        if award[p].is_none() {
            give(p, AwardReason::RaceWin, &mut left, &mut award);
        }
    }
    debug_assert_eq!(left, 0, "the pool never outnumbers the players racing");
    // Nobody is raced out: TDA 23-A gives one chip of the lowest denomination
    // still in play; under the chip-race guide this only happens when the pool ran out.
    for &p in by_card.iter().filter(|&&p| raced_out[p]) {
        if award[p].is_none() {
            give(p, AwardReason::NotRacedOut, &mut 0, &mut award);
        }
    }
    (award, award_order)
}

/// A player's chips in value before the color-up and after it (the full
/// sets exchanged, and the chip won or given, at the larger value).
fn values(
    input: &ChipRaceInput,
    p: &RacePlayer,
    exchanged: u64,
    won: bool,
) -> Result<(u64, u64), ChipRaceError> {
    let value_before = p
        .removed_chips
        .checked_mul(input.removed)
        .and_then(|v| v.checked_add(p.other_value))
        .ok_or(ChipRaceError::Overflow)?;
    let value_after = exchanged
        .checked_add(u64::from(won))
        .and_then(|c| c.checked_mul(input.color_up_to))
        .and_then(|v| v.checked_add(p.other_value))
        .ok_or(ChipRaceError::Overflow)?;
    Ok((value_before, value_after))
}
