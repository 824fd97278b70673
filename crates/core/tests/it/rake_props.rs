//! Property tests of the house's take (RULES.md §8) over random 2- to
//! 9-player hands with side pots, dead chips and money, chip units, button
//! and stud orders, and random rakes, caps, cap ladders and jackpot drops.

use proptest::prelude::*;
use showdown_core::{
    settle, settle_with_house, Attribution, Cap, CapStep, HandInput, HandStrength, Hands,
    HouseTake, Jackpot, OddChipOrder, PlayerInput, Rake, Rounding, Settlement, Spread, MAX_AMOUNT,
};

const CASES: u32 = 2048;

/// One player as (stack, committed, dead, folded, hand value), in units.
type RawPlayer = (u64, u64, u64, bool, u64);

fn arb_player(most: u64) -> impl Strategy<Value = RawPlayer> {
    (
        0..=most,
        0..=most,
        0u64..=3,
        prop::bool::weighted(0.25),
        0u64..3,
    )
        .prop_map(|(stack, c, dead, folded, value)| {
            let committed = c.min(stack);
            (stack, committed, dead.min(stack - committed), folded, value)
        })
}

/// A possible hand: seats rising, someone live, the sole top committer
/// live, every live player with a hand. `most` bounds a stack in units.
fn arb_hand(most: u64) -> impl Strategy<Value = HandInput> {
    (
        2usize..=9,
        prop::sample::select(vec![1u64, 5, 25]),
        any::<bool>(),
        0u32..=11,
    )
        .prop_flat_map(move |(n, unit, stud, button_seat)| {
            (
                Just((unit, stud, button_seat)),
                prop::sample::subsequence((1u32..=10).collect::<Vec<_>>(), n),
                prop::collection::vec(arb_player(most), n),
                0u64..=3,
            )
        })
        .prop_map(|((unit, stud, button_seat), seats, raws, dead_money)| {
            let mut players: Vec<PlayerInput> = seats
                .iter()
                .zip(&raws)
                .map(
                    |(&seat, &(stack, committed, dead, folded, _))| PlayerInput {
                        seat,
                        stack: stack * unit,
                        committed: committed * unit,
                        dead: dead * unit,
                        folded,
                        hands: None,
                    },
                )
                .collect();
            let top = players.iter().map(|p| p.committed).max().unwrap_or(0);
            let mut at_top = (0..players.len()).filter(|&i| players[i].committed == top);
            if let (Some(only), None) = (at_top.next(), at_top.next()) {
                players[only].folded = false;
            }
            if players.iter().all(|p| p.folded) {
                players[0].folded = false;
            }
            for (p, raw) in players.iter_mut().zip(&raws) {
                let high = HandStrength {
                    value: raw.4,
                    chip_key: p.seat,
                };
                p.hands = (!p.folded).then_some(Hands { high, low: None });
            }
            HandInput {
                players,
                chip_unit: unit,
                dead_money: dead_money * unit,
                order: match stud {
                    true => OddChipOrder::Stud,
                    false => OddChipOrder::Button { button_seat },
                },
                split_game: false,
            }
        })
}

fn arb_cap(most: u64) -> impl Strategy<Value = Cap> {
    prop_oneof![
        Just(Cap::None),
        (0..=most).prop_map(Cap::Fixed),
        prop::collection::btree_map(0u32..=10, 0..=most, 0..4).prop_map(|steps| {
            Cap::ByPlayersDealt(
                steps
                    .into_iter()
                    .map(|(min_players, cap)| CapStep { min_players, cap })
                    .collect(),
            )
        }),
    ]
}

/// A rake and a jackpot in units (scaled to chips by [`in_chips`]).
fn arb_house(most: u64) -> impl Strategy<Value = HouseTake> {
    let rounding = prop_oneof![
        Just(Rounding::Down),
        Just(Rounding::HalfEven),
        Just(Rounding::Up)
    ];
    let spread = prop_oneof![
        Just(Spread::Proportional),
        Just(Spread::MainFirst),
        Just(Spread::LastFirst),
        Just(Spread::ProportionalMainRest)
    ];
    let attribution = prop_oneof![
        Just(Attribution::WeightedContributed),
        Just(Attribution::Contributed),
        Just(Attribution::Dealt),
    ];
    let rake = (
        prop_oneof![0u32..=1_000, 0u32..=10_000],
        arb_cap(most),
        prop::option::of(0u32..=3),
        (rounding, spread),
        any::<bool>(),
        attribution,
    )
        .prop_map(
            |(percent_bp, cap, extra, (rounding, spread), no_flop_no_drop, attribution)| Rake {
                percent_bp,
                cap,
                // Players dealt beyond those of the hand, added in `in_chips`.
                players_dealt: extra,
                rounding,
                spread,
                no_flop_no_drop,
                attribution,
            },
        );
    let jackpot =
        (0..=most, 0..=most * 4, any::<bool>()).prop_map(|(amount, min_pot, n)| Jackpot {
            amount,
            min_pot,
            no_flop_no_drop: n,
        });
    (
        prop::option::of(rake),
        prop::option::of(jackpot),
        prop::bool::weighted(0.7),
    )
        .prop_map(|(rake, jackpot, flop_seen)| HouseTake {
            rake,
            jackpot,
            flop_seen,
        })
}

/// The house's amounts from units to the hand's chips; `playersDealt` from
/// extra players to a count no lower than the hand's.
fn in_chips(mut house: HouseTake, input: &HandInput) -> HouseTake {
    let unit = input.chip_unit;
    if let Some(r) = &mut house.rake {
        r.cap = match std::mem::take(&mut r.cap) {
            Cap::None => Cap::None,
            Cap::Fixed(c) => Cap::Fixed(c * unit),
            Cap::ByPlayersDealt(steps) => Cap::ByPlayersDealt(
                steps
                    .into_iter()
                    .map(|s| CapStep {
                        cap: s.cap * unit,
                        ..s
                    })
                    .collect(),
            ),
        };
        r.players_dealt = r.players_dealt.map(|x| x + input.players.len() as u32);
    }
    if let Some(j) = &mut house.jackpot {
        j.amount *= unit;
        j.min_pot *= unit;
    }
    house
}

pub(crate) fn arb_case(most: u64) -> impl Strategy<Value = (HandInput, HouseTake)> {
    (arb_hand(most), arb_house(most)).prop_map(|(h, house)| {
        let house = in_chips(house, &h);
        (h, house)
    })
}

pub(crate) fn settled(input: &HandInput, house: &HouseTake) -> Result<Settlement, TestCaseError> {
    settle_with_house(input, house).map_err(|e| TestCaseError::fail(format!("settle: {e}")))
}

fn chips_in(input: &HandInput) -> u128 {
    let players: u128 = input
        .players
        .iter()
        .map(|p| u128::from(p.committed) + u128::from(p.dead))
        .sum();
    players + u128::from(input.dead_money)
}

fn amount(t: &Option<showdown_core::Take>) -> u64 {
    t.as_ref().map_or(0, |t| t.amount)
}

/// The cap that applies to `rake` (RULES.md §8.3), computed from the rule.
fn cap_in_force(rake: &Rake, players: usize) -> Option<u64> {
    match &rake.cap {
        Cap::None => None,
        Cap::Fixed(c) => Some(*c),
        Cap::ByPlayersDealt(steps) => {
            let dealt = rake.players_dealt.map_or(players, |d| d as usize);
            let mut fitting: Vec<&CapStep> = steps
                .iter()
                .filter(|s| s.min_players as usize <= dealt)
                .collect();
            fitting.sort_by_key(|s| s.min_players);
            fitting.last().map(|s| s.cap)
        }
    }
}

/// RULES.md §8.3 from the rule: the rate on `units`, rounded as asked, then
/// the cap in force; in chips.
fn due_by_rule(rake: &Rake, units: u64, players: usize, unit: u64) -> u64 {
    let product = u128::from(units) * u128::from(rake.percent_bp);
    let (floor, rem) = (product / 10_000, product % 10_000);
    let units_due = match rake.rounding {
        Rounding::Down => floor,
        Rounding::Up => floor + u128::from(rem > 0),
        Rounding::HalfEven => floor + u128::from(rem > 5_000 || (rem == 5_000 && floor % 2 == 1)),
    };
    let chips = u64::try_from(units_due).unwrap() * unit;
    cap_in_force(rake, players).map_or(chips, |cap| chips.min(cap / unit * unit))
}

/// Checks every conservation property of one settled hand.
fn check_conserved(input: &HandInput, s: &Settlement) -> Result<(), TestCaseError> {
    let won: u128 = s.won.iter().map(|&w| u128::from(w)).sum();
    let back: u128 = s.uncalled.iter().map(|u| u128::from(u.amount)).sum();
    let house = u128::from(amount(&s.rake)) + u128::from(amount(&s.jackpot));
    prop_assert_eq!(won + back + house, chips_in(input));
    for (i, p) in input.players.iter().enumerate() {
        let returned: u64 = s
            .uncalled
            .iter()
            .filter(|u| u.player == i)
            .map(|u| u.amount)
            .sum();
        prop_assert_eq!(
            s.final_stacks[i],
            p.stack - p.committed - p.dead + s.won[i] + returned
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// RULES.md §8.8: Σ won + Σ uncalled + rake + jackpot = chips in, and
    /// the final-stack formula still holds.
    #[test]
    fn prop_rules_8_8_chips_in_equal_won_uncalled_rake_jackpot((input, house) in arb_case(400)) {
        let s = settled(&input, &house)?;
        check_conserved(&input, &s)?;
    }

    /// RULES.md §8.3: the rake never exceeds the cap that applies, whatever
    /// the number of pots, nor the rate rounded up.
    #[test]
    fn prop_rules_8_3_rake_never_exceeds_the_cap((input, house) in arb_case(400)) {
        let s = settled(&input, &house)?;
        if let Some(rake) = &house.rake {
            let r = amount(&s.rake);
            if let Some(cap) = cap_in_force(rake, input.players.len()) {
                prop_assert!(r <= cap, "rake {} over cap {}", r, cap);
            }
            let t: u128 = s.pots.iter().map(|p| u128::from(p.amount)).sum();
            let units = t / u128::from(input.chip_unit);
            let ceil = (units * u128::from(rake.percent_bp)).div_ceil(10_000);
            prop_assert!(u128::from(r) <= ceil * u128::from(input.chip_unit));
        }
    }

    /// RULES.md §8.5–8.6: no pot gives more than it holds, each pot's part is
    /// within one unit of its exact share, the parts add up to the hand's
    /// take, and each pot's shares add up to its net amount.
    #[test]
    fn prop_rules_8_5_no_pot_gives_more_than_it_holds((input, house) in arb_case(400)) {
        let s = settled(&input, &house)?;
        let unit = u128::from(input.chip_unit);
        let t: u128 = s.pots.iter().map(|p| u128::from(p.amount)).sum();
        let r = u128::from(amount(&s.rake));
        let proportional = house.rake.as_ref().is_none_or(|r| r.spread == Spread::Proportional);
        for p in &s.pots {
            prop_assert!(p.rake + p.jackpot <= p.amount);
            let shared: u64 = p.shares.iter().map(|x| x.amount).sum();
            prop_assert_eq!(shared, p.amount - p.rake - p.jackpot);
            prop_assert!(p.shares.iter().all(|x| x.amount > 0));
            // Proportional: floor(r × a / t) ≤ rake_k ≤ that + 1 unit.
            if !proportional {
                continue;
            }
            if let Some(exact) = (r * u128::from(p.amount)).checked_div(t) {
                let exact = exact / unit * unit;
                prop_assert!(u128::from(p.rake) >= exact && u128::from(p.rake) <= exact + unit);
            }
        }
        prop_assert_eq!(s.pots.iter().map(|p| p.rake).sum::<u64>(), amount(&s.rake));
        prop_assert_eq!(s.pots.iter().map(|p| p.jackpot).sum::<u64>(), amount(&s.jackpot));
    }

    /// RULES.md §8.5, taking the pots in turn: the first pot taken pays §8.3
    /// on itself alone, every pot pays §8.3 on the running total less what
    /// the pots before it paid, the drop comes off in the same order (a
    /// pot gives to the drop only once those before it gave all they held),
    /// and the total is the hand's rake under every spread.
    #[test]
    fn prop_rules_8_5_in_order_each_pot_pays_the_running_rake_less_the_pots_before(
        (input, house) in arb_case(400)
    ) {
        let s = settled(&input, &house)?;
        let Some(rake) = &house.rake else { return Ok(()) };
        let order: Vec<usize> = match rake.spread {
            Spread::Proportional | Spread::ProportionalMainRest => return Ok(()),
            Spread::MainFirst => (0..s.pots.len()).collect(),
            Spread::LastFirst => (0..s.pots.len()).rev().collect(),
        };
        let unit = input.chip_unit;
        let due = |chips: u64| due_by_rule(rake, chips / unit, input.players.len(), unit);
        let dropped = house.flop_seen || !rake.no_flop_no_drop;
        let (mut before, mut paid, mut full) = (0u64, 0u64, true);
        for &k in &order {
            let p = &s.pots[k];
            let through = before + p.amount;
            let want = if dropped { due(through) - paid } else { 0 };
            prop_assert_eq!(p.rake, want, "pot {} of {:?}", k, order);
            if before == 0 {
                prop_assert_eq!(p.rake, if dropped { due(p.amount) } else { 0 });
            }
            // A pot gives to the drop only when every pot before it was
            // emptied by it.
            prop_assert!(p.jackpot == 0 || full, "drop skipped a pot");
            full = full && p.rake + p.jackpot == p.amount;
            (before, paid) = (through, paid + p.rake);
        }
        prop_assert_eq!(paid, amount(&s.rake));
    }

    /// RULES.md §8.5 `proportionalMainRest`: every side pot gives its
    /// proportional rake rounded down and the main pot the rest, then the
    /// drop the same way over what the pots have left; the parts add up to
    /// the hand's take and no pot gives more than it holds.
    #[test]
    fn prop_rules_8_5_proportional_main_rest_side_pots_round_down_main_pot_the_rest(
        (input, mut house) in arb_case(400)
    ) {
        let Some(rake) = &mut house.rake else { return Ok(()) };
        rake.spread = Spread::ProportionalMainRest;
        let s = settled(&input, &house)?;
        check_conserved(&input, &s)?;
        let unit = input.chip_unit;
        for p in &s.pots {
            prop_assert!(p.rake + p.jackpot <= p.amount, "a pot gave more than it held");
        }
        prop_assert_eq!(s.pots.iter().map(|p| p.rake).sum::<u64>(), amount(&s.rake));
        prop_assert_eq!(s.pots.iter().map(|p| p.jackpot).sum::<u64>(), amount(&s.jackpot));
        // Each take over `sizes` (units): floors for the side pots, the rest
        // for the main pot, whenever the main pot holds that rest.
        let expect = |total: u64, sizes: &[u64]| -> Option<Vec<u64>> {
            let [main, sides @ ..] = sizes else { return Some(Vec::new()) };
            let sum: u128 = sizes.iter().map(|&a| u128::from(a)).sum();
            let mut parts = vec![0u64];
            for &a in sides {
                parts.push(u64::try_from((u128::from(total) * u128::from(a)).checked_div(sum)?).ok()?);
            }
            parts[0] = total - parts[1..].iter().sum::<u64>();
            (parts[0] <= *main).then_some(parts)
        };
        let sizes: Vec<u64> = s.pots.iter().map(|p| p.amount / unit).collect();
        let rakes: Vec<u64> = s.pots.iter().map(|p| p.rake / unit).collect();
        if let Some(want) = expect(amount(&s.rake) / unit, &sizes) {
            prop_assert_eq!(&rakes, &want);
        }
        let left: Vec<u64> = sizes.iter().zip(&rakes).map(|(a, r)| a - r).collect();
        let drops: Vec<u64> = s.pots.iter().map(|p| p.jackpot / unit).collect();
        if let Some(want) = expect(amount(&s.jackpot) / unit, &left) {
            prop_assert_eq!(&drops, &want);
        }
    }

    /// RULES.md §8.7: contributions are whole units that add up to the
    /// amount; under `contributed`, nobody who put nothing in pays. Chips
    /// given back as an uncalled bet were never in a pot: when the pots
    /// hold only dead money, everyone dealt in shares (the `dealt` fallback).
    #[test]
    fn prop_rules_8_7_contributions_add_up((input, house) in arb_case(400)) {
        let s = settled(&input, &house)?;
        for take in [&s.rake, &s.jackpot].into_iter().flatten() {
            prop_assert_eq!(take.contributions.len(), input.players.len());
            prop_assert_eq!(take.contributions.iter().sum::<u64>(), take.amount);
            prop_assert!(take.contributions.iter().all(|c| c % input.chip_unit == 0));
        }
        let how = house.rake.as_ref().map(|r| r.attribution);
        let returned = |i: usize| -> u64 {
            s.uncalled.iter().filter(|u| u.player == i).map(|u| u.amount).sum()
        };
        let put_in =
            |i: usize| input.players[i].committed - returned(i) + input.players[i].dead > 0;
        let someone = (0..input.players.len()).any(put_in);
        if how == Some(Attribution::Contributed) && someone {
            for take in [&s.rake, &s.jackpot].into_iter().flatten() {
                for (i, &c) in take.contributions.iter().enumerate() {
                    prop_assert!(put_in(i) || c == 0);
                }
            }
        }
    }

    /// RULES.md §8.2: with a short board and no flop no drop on, nothing is
    /// taken and the hand settles as it would with no house at all.
    #[test]
    fn prop_rules_8_2_no_flop_no_drop_takes_nothing((input, mut house) in arb_case(400)) {
        house.flop_seen = false;
        if let Some(r) = &mut house.rake {
            r.no_flop_no_drop = true;
        }
        if let Some(j) = &mut house.jackpot {
            j.no_flop_no_drop = true;
        }
        let s = settled(&input, &house)?;
        prop_assert_eq!(amount(&s.rake) + amount(&s.jackpot), 0);
        let plain = settle(&input).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&s.pots, &plain.pots);
        prop_assert_eq!(&s.won, &plain.won);
    }

    /// The result does not depend on the order of the players: the same
    /// takes and contributions, mapped back through the permutation.
    #[test]
    fn prop_rules_8_order_of_players_does_not_matter(
        ((input, house), perm) in arb_case(400).prop_flat_map(|(h, house)| {
            let n = h.players.len();
            (Just((h, house)), Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
        })
    ) {
        let s = settled(&input, &house)?;
        let permuted = HandInput {
            players: perm.iter().map(|&i| input.players[i].clone()).collect(),
            ..input.clone()
        };
        let t = settled(&permuted, &house)?;
        // Permuted player j is original player perm[j].
        let unpermute = |v: &[u64]| {
            let mut out = vec![0; v.len()];
            for (j, &x) in v.iter().enumerate() {
                out[perm[j]] = x;
            }
            out
        };
        prop_assert_eq!(unpermute(&t.won), s.won.clone());
        for (a, b) in [(&t.rake, &s.rake), (&t.jackpot, &s.jackpot)] {
            prop_assert_eq!(a.as_ref().map(|x| unpermute(&x.contributions)), b.as_ref().map(|x| x.contributions.clone()));
            prop_assert_eq!(amount(a), amount(b));
        }
        let parts = |s: &Settlement| s.pots.iter().map(|p| (p.amount, p.rake, p.jackpot)).collect::<Vec<_>>();
        prop_assert_eq!(parts(&t), parts(&s));
    }

    /// RULES.md §1 and §8: amounts near 2^53 (products near 2^106) never
    /// overflow, wrap or panic; a hand that settles still conserves chips.
    #[test]
    fn prop_rules_8_amounts_near_2_53_never_overflow_or_panic(
        (input, house) in arb_case(MAX_AMOUNT / 9),
        full in prop::option::of(MAX_AMOUNT - 1_000..=MAX_AMOUNT),
    ) {
        let mut house = house;
        if let (Some(j), Some(full)) = (&mut house.jackpot, full) {
            j.amount = full - full % input.chip_unit;
        }
        // Ok or an error, never a panic; the sum of the chips may pass 2^53.
        if let Ok(s) = settle_with_house(&input, &house) {
            check_conserved(&input, &s)?;
        }
    }
}
