//! Property tests of final-table deals (RULES.md §14.5-14.7): the amounts
//! add up to the pool, none is a unit or more from its exact share, a
//! larger stack is never paid less, and ICM equals a brute force over every
//! finishing order, in exact fractions, rounded by §14.7 independently.

use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;
use showdown_core::{deal, DealMethod, DealTerms};

const CASES: u32 = 256;

/// Every finishing order of the players, each weighted by the chance
/// Malmuth–Harville gives it: E_i = Σ over orders of chance × prize of
/// i's place.
fn brute_force_icm(stacks: &[u64], prizes: &[u64]) -> Vec<BigRational> {
    let n = stacks.len();
    let mut shares = vec![BigRational::from_integer(0.into()); n];
    let mut order: Vec<usize> = (0..n).collect();
    permutations(&mut order, 0, &mut |order| {
        let mut left: u64 = stacks.iter().sum();
        let mut chance = BigRational::from_integer(1.into());
        for &i in order {
            chance *= BigRational::new(stacks[i].into(), left.into());
            left -= stacks[i];
        }
        for (place, &i) in order.iter().enumerate() {
            let prize = prizes.get(place).copied().unwrap_or(0);
            shares[i] += &chance * BigInt::from(prize);
        }
    });
    shares
}

fn permutations(v: &mut Vec<usize>, k: usize, visit: &mut impl FnMut(&[usize])) {
    if k == v.len() {
        visit(v);
        return;
    }
    for j in k..v.len() {
        v.swap(k, j);
        permutations(v, k + 1, visit);
        v.swap(k, j);
    }
}

/// The exact shares of chipChop and equal, as §14.5 writes them.
fn exact_shares(method: DealMethod, stacks: &[u64], prizes: &[u64]) -> Vec<BigRational> {
    let n = stacks.len();
    let total: u64 = prizes.iter().sum();
    let r = |x: u64| BigRational::from_integer(x.into());
    match method {
        DealMethod::Icm => brute_force_icm(stacks, prizes),
        DealMethod::Equal => vec![r(total) / r(n as u64); n],
        DealMethod::ChipChop => {
            let last = if prizes.len() == n { prizes[n - 1] } else { 0 };
            let chips: u64 = stacks.iter().sum();
            stacks
                .iter()
                .map(|&s| r(last) + r(total - n as u64 * last) * r(s) / r(chips))
                .collect()
        }
    }
}

/// §14.7 from the exact shares: floors, then the left-over units by
/// remainder, stack, then order given.
fn round(shares: &[BigRational], stacks: &[u64], unit: u64, total: u64) -> Vec<u64> {
    let u = BigRational::from_integer(unit.into());
    let floors: Vec<BigRational> = shares.iter().map(|e| (e / &u).floor()).collect();
    let rems: Vec<BigRational> = shares
        .iter()
        .zip(&floors)
        .map(|(e, f)| e - f * &u)
        .collect();
    let mut order: Vec<usize> = (0..shares.len()).collect();
    order.sort_by(|&a, &b| {
        rems[b]
            .cmp(&rems[a])
            .then(stacks[b].cmp(&stacks[a]))
            .then(a.cmp(&b))
    });
    let mut amounts: Vec<u64> = floors
        .iter()
        .map(|f| u64::try_from(f.to_integer()).unwrap() * unit)
        .collect();
    let left = (total - amounts.iter().sum::<u64>()) / unit;
    for &i in order.iter().take(left as usize) {
        amounts[i] += unit;
    }
    amounts
}

/// Stacks from a few distinct values (so equal stacks and exact ties come
/// up), prizes never rising in units of `unit`.
fn arb_deal(max_players: usize) -> impl Strategy<Value = (Vec<u64>, Vec<u64>, u64)> {
    (
        2..=max_players,
        1u64..=3,
        prop::sample::select(vec![1u64, 5, 25, 100]),
    )
        .prop_flat_map(move |(n, spread, unit)| {
            (
                prop::collection::vec(1u64..=(4 * spread * spread), n),
                prop::collection::vec(0u64..=60, 0..=n),
                Just(unit),
            )
        })
        .prop_map(|(stacks, mut prizes, unit)| {
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            let prizes = prizes.into_iter().map(|p| p * unit).collect();
            (stacks, prizes, unit)
        })
}

fn arb_method() -> impl Strategy<Value = DealMethod> {
    prop::sample::select(vec![
        DealMethod::Icm,
        DealMethod::ChipChop,
        DealMethod::Equal,
    ])
}

fn terms(method: DealMethod, prizes: &[u64], unit: u64) -> DealTerms {
    DealTerms {
        method,
        prizes: prizes.to_vec(),
        unit,
        set_aside: 0,
    }
}

/// Players sorted as the service gives them: largest stack first.
fn tie_order(mut stacks: Vec<u64>) -> Vec<u64> {
    stacks.sort_unstable_by(|a, b| b.cmp(a));
    stacks
}

/// Stacks drawn from at most `classes` values (so most are repeated), and
/// a prize table never rising, in units of `unit`.
fn arb_repeated(
    max_players: usize,
    classes: usize,
) -> impl Strategy<Value = (Vec<u64>, Vec<u64>, u64)> {
    (
        2..=max_players,
        prop::collection::vec(1u64..=2_000, 1..=classes),
        prop::sample::select(vec![1u64, 100]),
    )
        .prop_flat_map(|(n, values, unit)| {
            (
                prop::collection::vec(prop::sample::select(values), n),
                prop::collection::vec(0u64..=2_000, 0..=n),
                Just(unit),
            )
        })
        .prop_map(|(stacks, mut prizes, unit)| {
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            (stacks, prizes.into_iter().map(|p| p * unit).collect(), unit)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    #[test]
    fn rules_14_6_equal_stacks_of_any_table_are_paid_d_over_n(
        n in 2usize..=20,
        stack in 1u64..=1_000_000,
        prizes in prop::collection::vec(0u64..=1_000_000, 1..=20),
        unit in prop::sample::select(vec![1u64, 100]),
    ) {
        let mut prizes: Vec<u64> = prizes.into_iter().take(n).map(|p| p * unit).collect();
        prizes.sort_unstable_by(|a, b| b.cmp(a));
        let stacks = vec![stack; n];
        let out = deal(&stacks, &terms(DealMethod::Icm, &prizes, unit)).unwrap();
        let total: u64 = prizes.iter().sum();
        let each = total / unit / n as u64 * unit;
        let left = (total - each * n as u64) / unit;
        for (i, share) in out.shares.iter().enumerate() {
            // D / n each; the left-over units to the first listed (§14.7).
            let odd = u64::from((i as u64) < left);
            prop_assert_eq!(share.amount, each + odd * unit);
            prop_assert_eq!(share.odd_units, odd);
        }
    }

    #[test]
    fn rules_14_5_repeated_stacks_equal_the_brute_force(
        (stacks, prizes, unit) in arb_repeated(7, 3),
    ) {
        let stacks = tie_order(stacks);
        let out = deal(&stacks, &terms(DealMethod::Icm, &prizes, unit)).unwrap();
        let total: u64 = prizes.iter().sum();
        let want = round(&brute_force_icm(&stacks, &prizes), &stacks, unit, total);
        let got: Vec<u64> = out.shares.iter().map(|s| s.amount).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn rules_14_5_icm_equals_a_brute_force_over_every_finishing_order(
        (stacks, prizes, unit) in arb_deal(7),
    ) {
        let stacks = tie_order(stacks);
        let out = deal(&stacks, &terms(DealMethod::Icm, &prizes, unit)).unwrap();
        let exact = brute_force_icm(&stacks, &prizes);
        let total: u64 = prizes.iter().sum();
        let want = round(&exact, &stacks, unit, total);
        let got: Vec<u64> = out.shares.iter().map(|s| s.amount).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn rules_14_7_amounts_add_up_and_stay_within_a_unit_of_the_exact_share(
        (stacks, prizes, unit) in arb_deal(7),
        method in arb_method(),
    ) {
        let stacks = tie_order(stacks);
        let out = deal(&stacks, &terms(method, &prizes, unit)).unwrap();
        let total: u64 = prizes.iter().sum();
        prop_assert_eq!(out.total, total);
        prop_assert_eq!(out.shares.iter().map(|s| s.amount).sum::<u64>(), total);
        let u = BigRational::from_integer(unit.into());
        for (share, exact) in out.shares.iter().zip(exact_shares(method, &stacks, &prizes)) {
            let paid = BigRational::from_integer(share.amount.into());
            let off = if paid > exact { &paid - &exact } else { &exact - &paid };
            prop_assert!(off < u, "{} paid for {}", share.amount, exact);
            prop_assert_eq!(share.amount % unit, 0);
        }
    }

    #[test]
    fn rules_14_5_a_larger_stack_is_never_paid_less(
        (stacks, prizes, unit) in arb_deal(14),
        chip_chop in any::<bool>(),
    ) {
        let stacks = tie_order(stacks);
        let method = if chip_chop { DealMethod::ChipChop } else { DealMethod::Icm };
        let out = deal(&stacks, &terms(method, &prizes, unit)).unwrap();
        prop_assert!(out.shares.windows(2).all(|w| w[0].amount >= w[1].amount));
        prop_assert_eq!(out.shares.iter().map(|s| s.amount).sum::<u64>(), out.total);
    }

    #[test]
    fn rules_14_5_the_order_of_distinct_stacks_never_changes_a_share(
        (stacks, prizes, unit) in arb_deal(10),
        method in arb_method(),
        seed in any::<u64>(),
    ) {
        let mut stacks = stacks;
        stacks.sort_unstable();
        stacks.dedup();
        prop_assume!(stacks.len() >= 2 && prizes.len() <= stacks.len());
        let t = terms(method, &prizes, unit);
        let out = deal(&stacks, &t).unwrap();
        // A rotation and a reversal of the list.
        let r = (seed as usize) % stacks.len();
        let mut moved = stacks.clone();
        moved.rotate_left(r);
        moved.reverse();
        let other = deal(&moved, &t).unwrap();
        for (j, s) in moved.iter().enumerate() {
            let i = stacks.iter().position(|x| x == s).unwrap();
            prop_assert_eq!(other.shares[j], out.shares[i]);
        }
    }

    #[test]
    fn rules_14_9_stacks_and_prizes_near_2_pow_53_neither_overflow_nor_panic(
        n in 2usize..=12,
        cut in 1u64..1_000,
        method in arb_method(),
    ) {
        let max = (1u64 << 53) - 1;
        let mut stacks: Vec<u64> = (0..n as u64).map(|i| max / n as u64 - i * cut).collect();
        stacks.sort_unstable_by(|a, b| b.cmp(a));
        let prizes: Vec<u64> = (0..n as u64).map(|j| max / n as u64 - j * cut).collect();
        let out = deal(&stacks, &terms(method, &prizes, 1)).unwrap();
        prop_assert_eq!(out.shares.iter().map(|s| s.amount).sum::<u64>(), prizes.iter().sum::<u64>());
    }
}
