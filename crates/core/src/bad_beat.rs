//! The bad-beat jackpot (RULES.md §11): whether a hand's showdown pays the
//! room's jackpot fund out, and to whom.
//!
//! The fund is the backend's; it sends its size with the hand and pays what
//! this returns. Nothing here touches the pots or the final stacks. Hands
//! arrive as high values of the variant (the cards crate ranks them, on the
//! first board when there are several), with whether both hole cards play.

use crate::bad_beat_refusal::{bad_beat_refusals, BadBeatRefusal};
use crate::cards_refusal::CardsRefusal;
use crate::chips_refusal::{chip_amount_refusal, unit_refusal, ChipsRefusal};
use crate::term::{ChipAmount, Unit};

/// §11.2's defaults.
pub const DEFAULT_MIN_PLAYERS_DEALT: u32 = 4;
pub const DEFAULT_LOSER_BP: u32 = 5_000;
pub const DEFAULT_WINNER_BP: u32 = 2_500;
pub const DEFAULT_TABLE_BP: u32 = 2_500;

/// The room's terms for its jackpot (API.md `badBeat`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadBeatTerms {
    /// Chips in the fund, a multiple of the chip unit.
    pub pool: u64,
    /// The high value of the weakest losing hand that qualifies.
    pub min_losing_hand: u64,
    /// Every winner and loser must make their hand with both hole cards.
    pub both_hole_cards_play: bool,
    pub min_players_dealt: u32,
    /// Players dealt in; `None` means every player of the hand.
    pub players_dealt: Option<u32>,
    /// The shares in basis points; at most 10,000 together.
    pub loser_bp: u32,
    pub winner_bp: u32,
    pub table_bp: u32,
}

impl BadBeatTerms {
    /// The terms with §11.2's defaults for all but the fund and the hand.
    pub fn new(pool: u64, min_losing_hand: u64) -> Self {
        BadBeatTerms {
            pool,
            min_losing_hand,
            both_hole_cards_play: true,
            min_players_dealt: DEFAULT_MIN_PLAYERS_DEALT,
            players_dealt: None,
            loser_bp: DEFAULT_LOSER_BP,
            winner_bp: DEFAULT_WINNER_BP,
            table_bp: DEFAULT_TABLE_BP,
        }
    }
}

/// One player of the hand, as far as the jackpot cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadBeatPlayer {
    /// For the listing order of the payouts only.
    pub seat: u32,
    /// Not folded.
    pub live: bool,
    /// The high value of a live player's hand on the first board.
    pub high: Option<u64>,
    /// The player's hand can be made with both hole cards (always in Omaha).
    pub both_hole_cards_play: bool,
}

/// Who a payout is for (API.md `role`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum BadBeatRole {
    Loser,
    Winner,
    Table,
}

impl BadBeatRole {
    /// The id API.md uses.
    pub fn as_str(self) -> &'static str {
        match self {
            BadBeatRole::Loser => "loser",
            BadBeatRole::Winner => "winner",
            BadBeatRole::Table => "table",
        }
    }
}

/// The first condition of RULES.md §11.3 that fails, in the order of §11.5.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotQualified {
    NoShowdown,
    TooFewPlayers,
    /// Also when every live hand ties, so that nobody lost.
    LosingHandTooLow,
    HoleCardsDoNotPlay,
}

impl NotQualified {
    /// The id API.md uses (`reason`).
    pub fn as_str(self) -> &'static str {
        match self {
            NotQualified::NoShowdown => "no-showdown",
            NotQualified::TooFewPlayers => "too-few-players",
            NotQualified::LosingHandTooLow => "losing-hand-too-low",
            NotQualified::HoleCardsDoNotPlay => "hole-cards-do-not-play",
        }
    }
}

/// One payout from the fund.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadBeatPayout {
    pub player: usize,
    pub role: BadBeatRole,
    pub amount: u64,
}

/// A hand that pays the jackpot out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadBeatWin {
    /// The high value of the winners' hand, and the players holding it, by
    /// seat.
    pub winning_hand: u64,
    pub winners: Vec<usize>,
    /// The high value of the losers' hand, and the players holding it.
    pub losing_hand: u64,
    pub losers: Vec<usize>,
    /// Losers, then winners, then the table; by seat within a role. A
    /// payout of zero (a part smaller than one unit a player) is listed.
    pub payouts: Vec<BadBeatPayout>,
    /// Σ payouts.
    pub paid: u64,
    /// `pool − paid`: what the divisions left, and a table part with no
    /// table.
    pub remaining: u64,
}

/// The answer of [`bad_beat`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BadBeatOutcome {
    Qualified(BadBeatWin),
    NotQualified(NotQualified),
}

/// Terms or players the core cannot judge. The server answers each with a
/// 422 first; these are guard rails.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadBeatError {
    /// The chip unit, refused by every unit's rule.
    #[error("{0}")]
    ChipUnit(ChipsRefusal),
    /// The fund, refused by every amount's rule.
    #[error("{0}")]
    Pool(ChipsRefusal),
    /// The terms, refused by the rule the contract's 422 words too.
    #[error("{0}")]
    Refused(BadBeatRefusal),
    /// A live player without a hand, refused by `cards_refusal`'s rule.
    #[error("{0}")]
    Cards(CardsRefusal),
}

/// Whether the hand qualifies for the jackpot (RULES.md §11.3) and, if it
/// does, the payouts (§11.4). `players` are every player of the request,
/// folded or not, by index.
///
/// The payouts do not depend on the order of `players`: a role's part is
/// shared equally and whatever does not divide stays in the fund, so no
/// player is favoured by where they sit or are listed. Only the listing
/// follows the seats.
pub fn bad_beat(
    terms: &BadBeatTerms,
    players: &[BadBeatPlayer],
    chip_unit: u64,
) -> Result<BadBeatOutcome, BadBeatError> {
    check(terms, players, chip_unit)?;
    let (winners, losers) = match qualify(terms, players) {
        Ok(roles) => roles,
        Err(reason) => return Ok(BadBeatOutcome::NotQualified(reason)),
    };
    let by_seat = |mut v: Vec<usize>| {
        v.sort_by_key(|&i| (players[i].seat, i));
        v
    };
    let winners = by_seat(winners);
    let losers = by_seat(losers);
    let table = by_seat(
        (0..players.len())
            .filter(|i| !winners.contains(i) && !losers.contains(i))
            .collect(),
    );
    let mut payouts = Vec::with_capacity(players.len());
    let mut paid: u64 = 0;
    for (role, bp, group) in [
        (BadBeatRole::Loser, terms.loser_bp, &losers),
        (BadBeatRole::Winner, terms.winner_bp, &winners),
        (BadBeatRole::Table, terms.table_bp, &table),
    ] {
        let each = each_share(terms.pool, bp, group.len(), chip_unit);
        for &player in group {
            payouts.push(BadBeatPayout {
                player,
                role,
                amount: each,
            });
            // Every part is at most its fraction of the pool, and the
            // fractions add up to at most one: the sum never passes `pool`.
            paid += each;
        }
    }
    Ok(BadBeatOutcome::Qualified(BadBeatWin {
        winning_hand: hand_of(players, &winners),
        winners,
        losing_hand: hand_of(players, &losers),
        losers,
        payouts,
        paid,
        remaining: terms.pool - paid,
    }))
}

/// The guard rails of [`bad_beat`].
fn check(
    terms: &BadBeatTerms,
    players: &[BadBeatPlayer],
    chip_unit: u64,
) -> Result<(), BadBeatError> {
    if let Some(refusal) = unit_refusal(Unit::Chip, chip_unit) {
        return Err(BadBeatError::ChipUnit(refusal));
    }
    if let Some(refusal) = chip_amount_refusal(ChipAmount::Pool, terms.pool, Some(chip_unit)) {
        return Err(BadBeatError::Pool(refusal));
    }
    let shares = [terms.loser_bp, terms.winner_bp, terms.table_bp].map(u64::from);
    let players_dealt = terms.players_dealt.map(u64::from);
    let n = players.len() as u64;
    if let Some(&r) = bad_beat_refusals(None, shares, n, players_dealt, None).first() {
        return Err(BadBeatError::Refused(r));
    }
    match players.iter().position(|p| p.live && p.high.is_none()) {
        Some(player) => Err(BadBeatError::Cards(CardsRefusal::LiveWithoutCards {
            player,
        })),
        None => Ok(()),
    }
}

/// RULES.md §11.3, in §11.5's order: the winners and the losers, or the
/// first condition that fails.
fn qualify(
    terms: &BadBeatTerms,
    players: &[BadBeatPlayer],
) -> Result<(Vec<usize>, Vec<usize>), NotQualified> {
    // `check` saw a hand for every live player.
    let live: Vec<(usize, u64)> = players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| p.live.then_some((i, p.high.unwrap_or(0))))
        .collect();
    if live.len() < 2 {
        return Err(NotQualified::NoShowdown);
    }
    let dealt = terms
        .players_dealt
        .map_or(players.len(), |d| usize::try_from(d).unwrap_or(usize::MAX));
    if dealt < usize::try_from(terms.min_players_dealt).unwrap_or(usize::MAX) {
        return Err(NotQualified::TooFewPlayers);
    }
    let best = live.iter().map(|&(_, v)| v).max().unwrap_or(0);
    let below = live.iter().map(|&(_, v)| v).filter(|&v| v < best).max();
    let Some(losing) = below.filter(|&v| v >= terms.min_losing_hand) else {
        return Err(NotQualified::LosingHandTooLow);
    };
    let holding = |value: u64| -> Vec<usize> {
        live.iter()
            .filter(|&&(_, v)| v == value)
            .map(|&(i, _)| i)
            .collect()
    };
    let (winners, losers) = (holding(best), holding(losing));
    if terms.both_hole_cards_play
        && winners
            .iter()
            .chain(&losers)
            .any(|&i| !players[i].both_hole_cards_play)
    {
        return Err(NotQualified::HoleCardsDoNotPlay);
    }
    Ok((winners, losers))
}

/// RULES.md §11.4: a role's part is the largest multiple of the chip unit
/// not above `pool × bp / 10000`, shared equally among `players` in whole
/// units; zero when the role has nobody.
fn each_share(pool: u64, bp: u32, players: usize, unit: u64) -> u64 {
    let Some(count) = u128::try_from(players).ok().filter(|&c| c > 0) else {
        return 0;
    };
    // pool ≤ 2^53 and bp ≤ 10,000: the product fits u128, the result u64.
    let part_units = u128::from(pool / unit) * u128::from(bp) / 10_000;
    u64::try_from(part_units / count).map_or(0, |units| units * unit)
}

/// The high value the players of one role hold (they all hold the same).
fn hand_of(players: &[BadBeatPlayer], role: &[usize]) -> u64 {
    role.first()
        .and_then(|&i| players[i].high)
        .unwrap_or_default()
}
