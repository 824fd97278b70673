//! The house's take (RULES.md §8): the rake and the jackpot drop, taken from
//! the pots before they are split, and who paid them (rakeback).
//!
//! Everything is counted in whole `chipUnit`s so that every pot's net amount
//! still splits by RULES.md §4. Products such as `r × a_k` can pass 2^64 when
//! amounts are near 2^53, so they are taken in `u128`.

use crate::chips_refusal::{
    cap_ladder_refusals, chip_amount_refusal, players_dealt_refusal, rake_rate_refusal,
};
use crate::guard::{add, sub};
use crate::odd_chip::button_key;
use crate::pot_spread::{in_order, main_rest, proportional, spread};
use crate::term::ChipAmount;
use crate::types::{HandInput, OddChipOrder, PlayerInput, Pot, SettleError, Take};

/// The rate's rounding to whole units (RULES.md §8.3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Rounding {
    /// Floor: the player keeps a fraction of a unit.
    #[default]
    Down,
    /// Round half to even (PokerStars): 1.5 gives 2, 4.5 gives 4.
    HalfEven,
    /// Ceiling (some Winamax and iPoker tables): the house keeps the
    /// fraction, so 5 % of a 10-unit pot takes 1.
    Up,
}

/// How a hand's rake, and its jackpot drop after it, comes off its pots
/// (RULES.md §8.5): the total is the same every way, who nets the odd unit
/// is not, and rooms differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Spread {
    /// In proportion to each pot's size, by largest remainder.
    #[default]
    Proportional,
    /// The main pot first, then side pots 1, 2, … (PokerStars, GGPoker).
    MainFirst,
    /// The last side pot first, the main pot last (Winamax).
    LastFirst,
    /// In proportion, each side pot rounded down and the main pot all the
    /// rest (Bovada, Ignition).
    ProportionalMainRest,
}

/// Who paid the take, for rakeback (RULES.md §8.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Attribution {
    /// In proportion to what each player put into the pots.
    #[default]
    WeightedContributed,
    /// Equal shares among the players who put chips into the pots.
    Contributed,
    /// Equal shares among every player dealt in (every player of the hand).
    Dealt,
}

/// One step of a cap ladder: `cap` applies from `min_players` dealt in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CapStep {
    pub min_players: u32,
    /// Chips, a multiple of the chip unit.
    pub cap: u64,
}

/// The most rake one hand pays (RULES.md §8.3): one cap a hand, never one a
/// pot.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Cap {
    /// No cap: the rate alone decides.
    #[default]
    None,
    /// A fixed cap, in chips.
    Fixed(u64),
    /// The step with the greatest `min_players` not above the players dealt
    /// in; when no step applies, no cap.
    ByPlayersDealt(Vec<CapStep>),
}

/// The rake a hand pays (API.md `rake`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rake {
    /// Basis points, 0 to 10,000 (500 is 5 %).
    pub percent_bp: u32,
    pub cap: Cap,
    /// Players dealt in, for the cap ladder; `None` means every player of the
    /// hand, and it is never fewer than those.
    pub players_dealt: Option<u32>,
    pub rounding: Rounding,
    /// Which pot gives what of the rake and the drop (RULES.md §8.5).
    pub spread: Spread,
    /// No flop, no drop (RULES.md §8.2).
    pub no_flop_no_drop: bool,
    /// How the rake, and the jackpot drop with it, is attributed.
    pub attribution: Attribution,
}

/// The bad-beat jackpot drop (RULES.md §8.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Jackpot {
    /// Chips dropped from a hand that qualifies.
    pub amount: u64,
    /// No drop when the rake base is below this (chips).
    pub min_pot: u64,
    /// No flop, no drop, as for the rake.
    pub no_flop_no_drop: bool,
}

/// What the house takes from a hand, and the one fact about the deal it
/// needs: whether a flop was seen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseTake {
    pub rake: Option<Rake>,
    pub jackpot: Option<Jackpot>,
    /// False only in a board game whose board (every board) has fewer than
    /// three cards; stud and draw games have no flop and pass true.
    pub flop_seen: bool,
}

impl HouseTake {
    /// No rake and no jackpot: the hand settles as it did before §8.
    pub const NONE: HouseTake = HouseTake {
        rake: None,
        jackpot: None,
        flop_seen: true,
    };
}

/// The take of a whole hand, before it is set against the pots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Taken {
    /// Per pot, main first: (rake, jackpot) in chips.
    pub per_pot: Vec<(u64, u64)>,
    pub rake: Option<Take>,
    pub jackpot: Option<Take>,
}

/// The core's own guard rails on the house's fields (the server reports
/// each as a 422 first, by the same rules: `chips_refusal`).
fn check(house: &HouseTake, unit: u64, players: usize) -> Result<(), SettleError> {
    let chips = |what, amount| match chip_amount_refusal(what, amount, Some(unit)) {
        Some(refusal) => Err(SettleError::Chips {
            player: None,
            refusal,
        }),
        None => Ok(()),
    };
    if let Some(rake) = &house.rake {
        if let Some(r) = rake_rate_refusal(u64::from(rake.percent_bp)) {
            return Err(SettleError::Rake(r));
        }
        match &rake.cap {
            Cap::None => {}
            Cap::Fixed(cap) => chips(ChipAmount::Cap, *cap)?,
            Cap::ByPlayersDealt(steps) => {
                for s in steps {
                    chips(ChipAmount::Cap, s.cap)?;
                }
            }
        }
        if let Cap::ByPlayersDealt(steps) = &rake.cap {
            let mins: Vec<u32> = steps.iter().map(|s| s.min_players).collect();
            if let Some(&r) = cap_ladder_refusals(&mins).first() {
                return Err(SettleError::Rake(r));
            }
        }
        let dealt = rake.players_dealt;
        if let Some(r) = dealt.and_then(|d| players_dealt_refusal(d, players)) {
            return Err(SettleError::Rake(r));
        }
    }
    if let Some(j) = &house.jackpot {
        chips(ChipAmount::JackpotAmount, j.amount)?;
        chips(ChipAmount::MinPot, j.min_pot)?;
    }
    Ok(())
}

/// RULES.md §8.3: `round(t × percentBp / 10000)`, `down`, `halfEven` or `up`.
/// `t` is at most 2^53 and the rate at most 10,000, so the product fits
/// `u128` and the result is at most `t`.
pub(crate) fn rate(t: u64, percent_bp: u32, rounding: Rounding) -> u64 {
    let product = u128::from(t) * u128::from(percent_bp);
    let (q, rem) = (product / 10_000, product % 10_000);
    let up = match rounding {
        Rounding::Down => false,
        Rounding::HalfEven => rem > 5_000 || (rem == 5_000 && q % 2 == 1),
        Rounding::Up => rem > 0,
    };
    // q ≤ t ≤ u64::MAX, and q + 1 ≤ t when rounding up (rem > 0, rate ≤ 1).
    u64::try_from(q + u128::from(up)).unwrap_or(t)
}

/// RULES.md §8.3: the cap that applies, in chips; `None` when none does.
pub(crate) fn cap(rake: &Rake, players: usize) -> Option<u64> {
    match &rake.cap {
        Cap::None => None,
        Cap::Fixed(cap) => Some(*cap),
        Cap::ByPlayersDealt(steps) => {
            let dealt = rake
                .players_dealt
                .map_or(players, |d| usize::try_from(d).unwrap_or(usize::MAX));
            steps
                .iter()
                .filter(|s| usize::try_from(s.min_players).is_ok_and(|m| m <= dealt))
                .max_by_key(|s| s.min_players)
                .map(|s| s.cap)
        }
    }
}

/// RULES.md §8.7: where each player stands for leftover units and equal
/// remainders: clockwise from the first seat left of the button, or from the
/// lowest seat in stud. `rank[i]` is player `i`'s place, 0 first.
fn seat_rank(input: &HandInput) -> Vec<usize> {
    let mut by_seat: Vec<usize> = (0..input.players.len()).collect();
    match input.order {
        OddChipOrder::Button { button_seat } => {
            by_seat.sort_by_key(|&i| button_key(input.players[i].seat, button_seat))
        }
        OddChipOrder::Stud => by_seat.sort_by_key(|&i| input.players[i].seat),
    }
    let mut rank = vec![0; by_seat.len()];
    for (place, &i) in by_seat.iter().enumerate() {
        rank[i] = place;
    }
    rank
}

/// RULES.md §8.7: `units` attributed to the players by `how`, from each
/// player's contribution `w` in units. When nobody put a chip in (the pots
/// hold only dead money from no one in the hand), every player dealt in
/// shares equally, as under `dealt`.
fn attribute(
    units: u64,
    how: Attribution,
    w: &[u64],
    rank: &[usize],
) -> Result<Vec<u64>, SettleError> {
    let nobody = w.iter().all(|&x| x == 0);
    let sizes: Vec<u64> = match how {
        _ if nobody => vec![1; w.len()],
        Attribution::WeightedContributed => w.to_vec(),
        Attribution::Contributed => w.iter().map(|&x| u64::from(x > 0)).collect(),
        Attribution::Dealt => vec![1; w.len()],
    };
    spread(units, &sizes, rank)
}

/// Units to chips (`units ≤ t`, so the product is at most the chips in the
/// hand and never overflows).
fn chips(units: u64, unit: u64) -> Result<u64, SettleError> {
    units.checked_mul(unit).ok_or(SettleError::Overflow)
}

/// RULES.md §8.3 on a base of `x` units: the rate, rounded, then the cap
/// (`cap_units`). Every spread measures its pots against this one amount,
/// so the hand's total is the same whichever way it comes off.
fn due_on(rake: &Rake, x: u64, cap_units: Option<u64>) -> u64 {
    let r = rate(x, rake.percent_bp, rake.rounding);
    cap_units.map_or(r, |c| r.min(c))
}

/// RULES.md §8: the rake and the jackpot drop of a hand, spread over its
/// pots (`gross`, chips, main first) and attributed to its players
/// (`weights`: each player's `committed + dead − uncalled`, chips).
pub(crate) fn take(
    input: &HandInput,
    house: &HouseTake,
    unit: u64,
    gross: &[u64],
    weights: &[u64],
) -> Result<Taken, SettleError> {
    if house.rake.is_none() && house.jackpot.is_none() {
        return Ok(Taken {
            per_pot: vec![(0, 0); gross.len()],
            rake: None,
            jackpot: None,
        });
    }
    check(house, unit, input.players.len())?;
    // §8.1: the base is every chip in the pots (uncalled bets are in none).
    let sizes: Vec<u64> = gross.iter().map(|&a| a / unit).collect();
    let t = sizes
        .iter()
        .try_fold(0u64, |s, &a| s.checked_add(a))
        .ok_or(SettleError::Overflow)?;
    // §8.2 and §8.4: no flop, no drop, each by its own switch.
    let drops = |no_flop_no_drop: bool| house.flop_seen || !no_flop_no_drop;

    // §8.3: the rake due on a base of `x` units, the cap in units; nothing
    // when no flop, no drop applies.
    let cap_units = house
        .rake
        .as_ref()
        .filter(|rake| drops(rake.no_flop_no_drop))
        .map(|rake| (rake, cap(rake, input.players.len()).map(|c| c / unit)));
    let due = |x: u64| cap_units.map_or(0, |(rake, c)| due_on(rake, x, c));
    let r = due(t);
    let left_after_rake = sub(t, r)?;
    let j = match &house.jackpot {
        Some(jp) if drops(jp.no_flop_no_drop) && chips(t, unit)? >= jp.min_pot => {
            (jp.amount / unit).min(left_after_rake)
        }
        _ => 0,
    };

    // §8.5: which pot gives what, by the spread asked for.
    let how_spread = house.rake.as_ref().map_or(Spread::default(), |r| r.spread);
    let (rake_parts, jackpot_parts) = match how_spread {
        Spread::Proportional => proportional(&sizes, r, j)?,
        Spread::MainFirst => in_order(&sizes, 0..sizes.len(), due, j)?,
        Spread::LastFirst => in_order(&sizes, (0..sizes.len()).rev(), due, j)?,
        Spread::ProportionalMainRest => main_rest(&sizes, r, j)?,
    };
    let mut per_pot = Vec::with_capacity(sizes.len());
    for (&rk, &jk) in rake_parts.iter().zip(&jackpot_parts) {
        per_pot.push((chips(rk, unit)?, chips(jk, unit)?));
    }

    // §8.7: who paid it, in whole units that add up exactly.
    let how = house
        .rake
        .as_ref()
        .map_or(Attribution::default(), |r| r.attribution);
    let w: Vec<u64> = weights.iter().map(|&x| x / unit).collect();
    let rank = seat_rank(input);
    let attributed = |units: u64| -> Result<Take, SettleError> {
        let mut contributions = attribute(units, how, &w, &rank)?;
        for c in &mut contributions {
            *c = chips(*c, unit)?;
        }
        Ok(Take {
            amount: chips(units, unit)?,
            contributions,
        })
    };
    Ok(Taken {
        per_pot,
        rake: house.rake.as_ref().map(|_| attributed(r)).transpose()?,
        jackpot: house.jackpot.as_ref().map(|_| attributed(j)).transpose()?,
    })
}

/// RULES.md §8.7: each player's contribution `w = committed + dead −
/// uncalled`, in chips (`called` is each commitment once the uncalled bet
/// went back).
pub(crate) fn weights(players: &[PlayerInput], called: &[u64]) -> Result<Vec<u64>, SettleError> {
    let mut w = Vec::with_capacity(players.len());
    for (p, &c) in players.iter().zip(called) {
        w.push(add(c, p.dead)?);
    }
    Ok(w)
}

/// A pot was awarded on its net amount (RULES.md §8.6); it reports its gross
/// amount and what the house took from it. A pot the house took whole
/// (a 100 % rate) leaves its one player a share of nothing, which is
/// dropped as a split drops its empty shares.
pub(crate) fn restore_gross(pot: &mut Pot, rake: u64, jackpot: u64) -> Result<(), SettleError> {
    pot.amount = add(add(pot.amount, rake)?, jackpot)?;
    pot.rake = rake;
    pot.jackpot = jackpot;
    pot.shares.retain(|s| s.amount > 0);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::MAX_AMOUNT;

    #[test]
    fn rules_8_3_rate_rounds_up_whenever_a_fraction_is_left() {
        // A 10-unit pot at 5 % is 0.5: `up` takes 1 (a Winamax table),
        // `down` nothing; 6.5 % of 605 is 39.325, 3 % of 5277 is 158.31.
        assert_eq!(rate(10, 500, Rounding::Up), 1);
        assert_eq!(rate(10, 500, Rounding::Down), 0);
        assert_eq!(rate(605, 650, Rounding::Up), 40);
        assert_eq!(rate(5277, 300, Rounding::Up), 159);
        // A whole result is not pushed up, and up never passes the base.
        assert_eq!(rate(100, 500, Rounding::Up), 5);
        assert_eq!(rate(1, 1, Rounding::Up), 1);
        assert_eq!(rate(3, 9_999, Rounding::Up), 3);
        assert_eq!(rate(MAX_AMOUNT, 10_000, Rounding::Up), MAX_AMOUNT);
    }

    #[test]
    fn rules_8_5_in_order_main_first_and_last_first_worked_example() {
        // 5 % down, cap 30, pots 315 and 358: R(315) = 15, R(673) = 30,
        // R(358) = 17.
        let due = |x: u64| rate(x, 500, Rounding::Down).min(30);
        assert_eq!(
            in_order(&[315, 358], 0..2, due, 0),
            Ok((vec![15, 15], vec![0, 0]))
        );
        assert_eq!(
            in_order(&[315, 358], (0..2).rev(), due, 0),
            Ok((vec![13, 17], vec![0, 0]))
        );
        // A drop of 400 after the rake: the first pot taken gives all it
        // has left (300), the next the rest.
        assert_eq!(
            in_order(&[315, 358], 0..2, due, 400),
            Ok((vec![15, 15], vec![300, 100]))
        );
    }

    #[test]
    fn rules_8_3_rate_rounds_down_or_half_even() {
        // 5 % of 30 is 1.5, of 90 is 4.5 (worked example 8.2).
        assert_eq!(rate(30, 500, Rounding::HalfEven), 2);
        assert_eq!(rate(90, 500, Rounding::HalfEven), 4);
        assert_eq!(rate(30, 500, Rounding::Down), 1);
        assert_eq!(rate(90, 500, Rounding::Down), 4);
        // Above and below the half.
        assert_eq!(rate(31, 500, Rounding::HalfEven), 2);
        assert_eq!(rate(29, 500, Rounding::HalfEven), 1);
        assert_eq!(rate(MAX_AMOUNT, 10_000, Rounding::HalfEven), MAX_AMOUNT);
    }

    #[test]
    fn rules_8_3_cap_ladder_takes_greatest_step_not_above_players_dealt() {
        let ladder = |players_dealt| Rake {
            percent_bp: 500,
            cap: Cap::ByPlayersDealt(vec![
                CapStep {
                    min_players: 5,
                    cap: 300,
                },
                CapStep {
                    min_players: 2,
                    cap: 50,
                },
                CapStep {
                    min_players: 3,
                    cap: 100,
                },
            ]),
            players_dealt,
            rounding: Rounding::Down,
            spread: Spread::Proportional,
            no_flop_no_drop: true,
            attribution: Attribution::WeightedContributed,
        };
        assert_eq!(cap(&ladder(None), 2), Some(50));
        assert_eq!(cap(&ladder(None), 4), Some(100));
        assert_eq!(cap(&ladder(Some(9)), 4), Some(300));
        assert_eq!(cap(&ladder(Some(1)), 1), None);
    }
}
