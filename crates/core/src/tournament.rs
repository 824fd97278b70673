//! The tournament end of a hand (RULES.md §12): who is knocked out, in
//! which place, and who collects each bounty. It reads a settled hand and
//! never changes it: the chips are exactly those of the same hand without
//! a tournament.
//!
//! Bounty money is not chips: it has its own unit, and every amount here is
//! an integer number of that unit (products with basis points in `u128`).

use crate::chips_refusal::{unit_refusal, ChipsRefusal};
use crate::odd_chip::{self, Side};
use crate::pot;
use crate::prize::{self, Bust, PrizeTable, TiedPlaces};
use crate::term::Unit;
use crate::tournament_refusal::{
    tournament_problems, TournamentHand, TournamentProblem, TournamentSeat, ALL_BP,
};
use crate::types::{HandInput, OddChipOrder, Settlement};

/// RULES.md §12.1: the tournament's terms for this hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TournamentTerms {
    /// The smallest bounty amount, at least 1.
    pub bounty_unit: u64,
    /// The part of a collected bounty added to the collector's own, 0 to
    /// 10000 basis points (0: a plain knockout).
    pub progressive_bp: u32,
    /// Players in the tournament at the start of the hand, every table
    /// counted; `None` when the backend does not say (no places, no winner).
    pub players_left: Option<u64>,
    /// RULES.md §14.3: whether equal stacks share their places.
    pub tied_places: TiedPlaces,
}

impl Default for TournamentTerms {
    fn default() -> Self {
        Self {
            bounty_unit: 1,
            progressive_bp: 0,
            players_left: None,
            tied_places: TiedPlaces::Split,
        }
    }
}

/// RULES.md §14.2: the prize money one eliminated player is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PrizePaid {
    /// Prize money for the place or places taken (0 included).
    pub amount: u64,
    /// 1 when the player got one of a shared prize's left-over units.
    pub odd_units: u64,
    /// How many players share the places, this one included.
    pub sharers: u64,
}

/// RULES.md §12.5-12.6: what one collector gets of one eliminated player's
/// bounty.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BountyAward {
    /// Core index of the collector.
    pub player: usize,
    /// The collector's part of the bounty: `cash + head`.
    pub amount: u64,
    /// Paid now.
    pub cash: u64,
    /// Added to the collector's own bounty.
    pub head: u64,
    /// 1 when the collector got one of the units left over by the division.
    pub odd_units: u64,
}

/// One player knocked out in this hand (RULES.md §12.2-12.6).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Elimination {
    /// Core index of the player.
    pub player: usize,
    /// Chips at the start of the hand: the finishing order.
    pub stack: u64,
    /// 1 for this hand's best finish; equal stacks share it (1, 2, 2, 4).
    pub order: u64,
    /// The places `[from, to]` the player shares, with `players_left`.
    pub places: Option<(u64, u64)>,
    /// The bounty on the player at the start of the hand.
    pub bounty: u64,
    /// Index of the eliminating pot: the last pot holding the player's chips.
    pub pot: usize,
    /// Every collector, in odd-chip order, 0 amounts included.
    pub awards: Vec<BountyAward>,
    /// Only with a prize table: what the places pay this player.
    pub prize: Option<PrizePaid>,
}

/// The tournament end of a hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentOutcome {
    /// Best finish first; equal finishes by seat.
    pub eliminations: Vec<Elimination>,
    /// Per player (core index): the bounty after the hand; `None` for the
    /// eliminated, 0 for the tournament winner (it was paid).
    pub bounties: Vec<Option<u64>>,
    /// Per player (core index): bounty money paid now.
    pub cash: Vec<u64>,
    /// The player left when this hand ends the tournament.
    pub winner: Option<usize>,
    /// The winner's own bounty, paid with the title (0 when no winner).
    pub winner_bounty: u64,
    /// Only with a prize table: the winner's first prize, when this hand
    /// ends the tournament.
    pub winner_prize: Option<u64>,
    /// Only with a prize table: prize money paid this hand per player
    /// (core index), the winner's first prize included.
    pub prize_cash: Option<Vec<u64>>,
}

impl TournamentOutcome {
    /// RULES.md §12.9, the left side: the bounties of the eliminated plus
    /// the winner's own at the last hand (as it stands after the growth).
    pub fn bounty_in(&self) -> u128 {
        let gone: u128 = self.eliminations.iter().map(|e| u128::from(e.bounty)).sum();
        gone + u128::from(self.winner_bounty)
    }

    /// RULES.md §12.9, the right side: every cash payment plus every growth.
    pub fn bounty_out(&self) -> u128 {
        let cash: u128 = self.cash.iter().map(|&c| u128::from(c)).sum();
        let head: u128 = self
            .eliminations
            .iter()
            .flat_map(|e| &e.awards)
            .map(|a| u128::from(a.head))
            .sum();
        cash + head
    }
}

/// Why the tournament end cannot be worked out. The contract validates
/// first (RULES.md §12.10), so these are the core's own guard rails.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TournamentError {
    /// The unit, refused by every unit's rule.
    #[error("{0}")]
    BountyUnit(ChipsRefusal),
    #[error("one bounty a player is needed, got {got} for {players} players")]
    BountyCount { got: usize, players: usize },
    /// The first of the hand's refusals (`tournament_problems`), with its
    /// place (player indices are the core's).
    #[error("{}", .0.refusal)]
    Refused(TournamentProblem),
    #[error("the settlement does not match the hand")]
    Settlement,
    #[error(transparent)]
    Prize(#[from] prize::PrizeError),
}

/// RULES.md §12: the eliminations, places and bounties of a settled hand.
/// `bounties[k]` is core player `k`'s bounty at the start of the hand.
pub fn tournament(
    input: &HandInput,
    settled: &Settlement,
    bounties: &[u64],
    terms: &TournamentTerms,
) -> Result<TournamentOutcome, TournamentError> {
    tournament_with_prizes(input, settled, bounties, terms, None)
}

/// RULES.md §12 and §14.2-14.3: [`tournament`], and with a prize table
/// (which needs `players_left`) the prize money the hand pays.
pub fn tournament_with_prizes(
    input: &HandInput,
    settled: &Settlement,
    bounties: &[u64],
    terms: &TournamentTerms,
    prizes: Option<&PrizeTable>,
) -> Result<TournamentOutcome, TournamentError> {
    check(input, settled, bounties, terms)?;
    let n = input.players.len();
    let prizes = prizes.filter(|_| terms.players_left.is_some());
    let out = eliminated(input, settled, terms.tied_places);
    let m = out.len() as u64;
    let finishes = finishes(input, &out, terms, prizes)?;
    let last_pots = eliminating_pots(input, settled)?;

    let mut grown: Vec<u64> = bounties.to_vec();
    let mut cash = vec![0u64; n];
    let mut eliminations = Vec::with_capacity(out.len());
    for (&k, f) in out.iter().zip(finishes) {
        let pot = last_pots[k].ok_or(TournamentError::Settlement)?;
        let awards = divide(input, settled, pot, bounties[k], terms)?;
        for a in &awards {
            grown[a.player] += a.head;
            cash[a.player] += a.cash;
        }
        eliminations.push(Elimination {
            player: k,
            stack: input.players[k].stack,
            order: f.order,
            places: terms.players_left.map(|_| f.places),
            bounty: bounties[k],
            pot,
            awards,
            prize: prizes.map(|_| PrizePaid {
                amount: f.prize,
                odd_units: f.odd_units,
                sharers: f.sharers,
            }),
        });
    }

    // §12.7: the one player left with chips wins and is paid their own
    // bounty as it stands after this hand's growth.
    // Only players who started with chips can hold any (`check`), and
    // `left - m == 1` leaves exactly one of them.
    let winner = match terms.players_left {
        Some(left) if left - m == 1 => {
            (0..n).find(|&k| input.players[k].stack > 0 && settled.final_stacks[k] > 0)
        }
        _ => None,
    };
    let mut winner_bounty = 0;
    if let Some(w) = winner {
        winner_bounty = grown[w];
        cash[w] += grown[w];
        grown[w] = 0;
    }
    let bounties_after = (0..n)
        .map(|k| (!out.contains(&k)).then_some(grown[k]))
        .collect();
    let winner_prize = winner.and(prizes).map(prize::winner_prize);
    let prize_cash = prizes.map(|_| prize_cash(n, &eliminations, winner, winner_prize));
    Ok(TournamentOutcome {
        eliminations,
        bounties: bounties_after,
        cash,
        winner,
        winner_bounty,
        winner_prize,
        prize_cash,
    })
}

/// RULES.md §12.2: the players who start with chips and end with none, in
/// the answer's order: best finish first; equal stacks by seat number, or
/// with `seat` (§14.3) in the seat order that places them.
fn eliminated(input: &HandInput, settled: &Settlement, tied: TiedPlaces) -> Vec<usize> {
    let players = &input.players;
    let mut out: Vec<usize> = (0..players.len())
        .filter(|&k| players[k].stack > 0 && settled.final_stacks[k] == 0)
        .collect();
    match tied {
        TiedPlaces::Split => {
            out.sort_by_key(|&k| (std::cmp::Reverse(players[k].stack), players[k].seat))
        }
        TiedPlaces::Seat => out.sort_by_key(|&k| {
            (
                std::cmp::Reverse(players[k].stack),
                seat_rank(input.order, players[k].seat),
            )
        }),
    }
    out
}

/// RULES.md §14.3, seat order: in a button game clockwise from the first
/// seat after the button (the button last); in a stud game by seat number.
pub(crate) fn seat_rank(order: OddChipOrder, seat: u32) -> u64 {
    match order {
        OddChipOrder::Button { button_seat } if seat <= button_seat => {
            (1u64 << 32) | u64::from(seat)
        }
        _ => u64::from(seat),
    }
}

/// RULES.md §12.3, §14.2-14.3: the order, places and prize of each player
/// of `out`, in that order. Without `players_left` the places are counted
/// from the busts alone and left out of the answer.
fn finishes(
    input: &HandInput,
    out: &[usize],
    terms: &TournamentTerms,
    prizes: Option<&PrizeTable>,
) -> Result<Vec<prize::Finish>, TournamentError> {
    let busts: Vec<Bust> = out
        .iter()
        .map(|&k| Bust {
            stack: input.players[k].stack,
            rank: seat_rank(input.order, input.players[k].seat),
        })
        .collect();
    let left = terms.players_left.unwrap_or(out.len() as u64);
    Ok(prize::finish(&busts, left, terms.tied_places, prizes)?)
}

/// RULES.md §14.2: every prize paid this hand by player, the winner's
/// first prize included.
fn prize_cash(
    n: usize,
    eliminations: &[Elimination],
    winner: Option<usize>,
    winner_prize: Option<u64>,
) -> Vec<u64> {
    let mut cash = vec![0u64; n];
    for e in eliminations {
        cash[e.player] += e.prize.map_or(0, |p| p.amount);
    }
    if let (Some(w), Some(amount)) = (winner, winner_prize) {
        cash[w] += amount;
    }
    cash
}

/// The guard rails of RULES.md §12.10 the core can see.
fn check(
    input: &HandInput,
    settled: &Settlement,
    bounties: &[u64],
    terms: &TournamentTerms,
) -> Result<(), TournamentError> {
    let n = input.players.len();
    if let Some(refusal) = unit_refusal(Unit::Bounty, terms.bounty_unit) {
        return Err(TournamentError::BountyUnit(refusal));
    }
    if bounties.len() != n {
        return Err(TournamentError::BountyCount {
            got: bounties.len(),
            players: n,
        });
    }
    if settled.final_stacks.len() != n {
        return Err(TournamentError::Settlement);
    }
    let seats: Vec<TournamentSeat> = input
        .players
        .iter()
        .zip(bounties)
        .map(|(p, &bounty)| TournamentSeat {
            stack: p.stack,
            live: !p.folded,
            bounty,
        })
        .collect();
    let hand = TournamentHand {
        players: &seats,
        progressive_bp: u64::from(terms.progressive_bp),
        players_left: terms.players_left,
        bounty_unit: Some(terms.bounty_unit),
    };
    if let Some(&first) = tournament_problems(&hand).first() {
        return Err(TournamentError::Refused(first));
    }
    Ok(())
}

/// RULES.md §12.4: per player, the index of the last pot that holds chips
/// of theirs (`None` for a player who put nothing in), read from the
/// settlement's own pots and the cut each carries (§2), so the indices are
/// the settlement's and nothing is cut twice.
fn eliminating_pots(
    input: &HandInput,
    settled: &Settlement,
) -> Result<Vec<Option<usize>>, TournamentError> {
    let players = &input.players;
    let uncalled = settled.uncalled.first().copied();
    let committed =
        pot::called_commitments(players, uncalled).map_err(|_| TournamentError::Settlement)?;
    let cuts: Vec<u64> = settled
        .pots
        .iter()
        .map(|p| p.cut.ok_or(TournamentError::Settlement))
        .collect::<Result<_, _>>()?;
    let last = cuts.len().checked_sub(1);
    Ok((0..players.len())
        .map(|k| match committed[k] {
            // Only dead chips (a big-blind ante): they are in the main pot.
            0 => (players[k].dead > 0).then_some(0),
            // The first pot cut at or above the commitment holds its top
            // part; chips folded above every live player are in the last.
            c => cuts.iter().position(|&cut| cut >= c).or(last),
        })
        .collect())
}

/// RULES.md §12.4-12.6: `bounty` divided among the players who won chips
/// from pot `pot`, in odd-chip order, then the progressive split.
fn divide(
    input: &HandInput,
    settled: &Settlement,
    pot: usize,
    bounty: u64,
    terms: &TournamentTerms,
) -> Result<Vec<BountyAward>, TournamentError> {
    let shares = &settled
        .pots
        .get(pot)
        .ok_or(TournamentError::Settlement)?
        .shares;
    let mut collectors: Vec<usize> = shares
        .iter()
        .filter(|s| s.amount > 0)
        .map(|s| s.player)
        .collect();
    collectors.sort_unstable();
    collectors.dedup();
    if collectors.is_empty() {
        return Err(TournamentError::Settlement);
    }
    odd_chip::sort(&input.players, input.order, Side::High, &mut collectors);
    let unit = terms.bounty_unit;
    let units = bounty / unit;
    let k = collectors.len() as u64;
    let (each, odd) = (units / k, units % k);
    Ok(collectors
        .iter()
        .enumerate()
        .map(|(j, &player)| {
            let odd_units = u64::from((j as u64) < odd);
            let amount = (each + odd_units) * unit;
            let head = progressive_head(amount, terms);
            BountyAward {
                player,
                amount,
                cash: amount - head,
                head,
                odd_units,
            }
        })
        .collect())
}

/// RULES.md §12.6: the largest multiple of the unit not above
/// `amount × progressiveBp / 10000`.
fn progressive_head(amount: u64, terms: &TournamentTerms) -> u64 {
    let part = u128::from(amount) * u128::from(terms.progressive_bp) / u128::from(ALL_BP);
    let unit = u128::from(terms.bounty_unit);
    // At most `amount`, so it fits back in a u64.
    u64::try_from(part / unit * unit).unwrap_or(amount)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::MAX_AMOUNT;

    #[test]
    fn rules_12_6_head_rounds_down_to_the_unit() {
        let t = |bp, unit| TournamentTerms {
            bounty_unit: unit,
            progressive_bp: bp,
            players_left: None,
            tied_places: TiedPlaces::Split,
        };
        assert_eq!(progressive_head(3979, &t(5000, 1)), 1989);
        assert_eq!(progressive_head(3979, &t(5000, 25)), 1975);
        assert_eq!(progressive_head(3979, &t(0, 1)), 0);
        assert_eq!(progressive_head(3979, &t(10_000, 1)), 3979);
        assert_eq!(progressive_head(MAX_AMOUNT, &t(9_999, 1)), 9006298534815516);
    }
}
