//! The two ICM computations against each other: the interval decides or
//! declines, and where it decides the exact integers agree.

use super::icm::{self, Table};
use super::{check, deal, exact, wide, DealMethod, DealTerms};
use proptest::prelude::*;
use std::sync::atomic::AtomicBool;

fn go() -> AtomicBool {
    AtomicBool::new(false)
}

fn table(stacks: &[u64], prizes: &[u64]) -> Table {
    let terms = DealTerms {
        method: DealMethod::Icm,
        prizes: prizes.to_vec(),
        unit: 1,
        set_aside: 0,
    };
    Table::new(&check(stacks, &terms).unwrap(), stacks.len())
}

#[test]
fn rules_14_4_an_exact_485_is_left_to_the_exact_integers() {
    // E(B) = 485 dollars exactly: the interval [48500 - ε, 48500] cannot
    // say which side of 48500 it is on, so it declines.
    let t = table(&[5_000, 3_000, 2_000], &[90_000, 40_000, 20_000]);
    assert_eq!(t.base, 20_000);
    assert_eq!(t.prizes, [70_000, 20_000]);
    assert_eq!(icm::decide(&[5_000, 3_000, 2_000], &t, &go()), None);
    let (floors, order) = exact::decide(&[5_000, 3_000, 2_000], &t);
    assert_eq!(floors, [61_785, 48_500, 39_714]);
    assert_eq!(order[0], 0);
}

#[test]
fn a_table_of_equal_prizes_is_exact_without_the_fallback() {
    let stacks: Vec<u64> = (1..=20).map(|i| i * 1_000 + i * i).collect();
    let t = table(&stacks, &[500; 20]);
    assert!(t.prizes.is_empty());
    let (floors, _) = icm::decide(&stacks, &t, &go()).unwrap();
    assert!(floors.iter().all(|&f| f == 500));
}

#[test]
fn the_error_bound_stays_far_below_a_unit_at_twenty_players() {
    let prizes = vec![(1u64 << 53) / 20; 19];
    let bound = icm::error_bound(20, &prizes);
    assert!(bound < 1u128 << 90, "{bound}");
}

#[test]
fn rules_14_6_thirteen_equal_stacks_are_paid_d_over_n_exactly() {
    // D = 100000 × (1 + … + 13) = 9,100,000 and 13 equal stacks: 700000
    // each, a whole share the interval cannot place on either side.
    let stacks = [777u64; 13];
    let prizes: Vec<u64> = (1..=13).rev().map(|j| j * 100_000).collect();
    let t = table(&stacks, &prizes);
    assert_eq!(icm::decide(&stacks, &t, &go()), None);
    let (floors, _) = exact::decide(&stacks, &t);
    assert_eq!(floors, [700_000; 13]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn where_the_interval_decides_the_exact_integers_agree(
        stacks in prop::collection::vec(1u64..40, 2..8),
        prizes in prop::collection::vec(0u64..1_000, 0..4),
    ) {
        let mut stacks = stacks;
        stacks.sort_unstable_by(|a, b| b.cmp(a));
        let mut prizes = prizes;
        prizes.truncate(stacks.len());
        prizes.sort_unstable_by(|a, b| b.cmp(a));
        let t = table(&stacks, &prizes);
        let exact = exact::decide(&stacks, &t);
        if let Some(decided) = icm::decide(&stacks, &t, &go()) {
            let left = (t.total - decided.0.iter().sum::<u64>()) as usize;
            prop_assert_eq!(&decided.0, &exact.0);
            let mut a = decided.1[..left].to_vec();
            let mut b = exact.1[..left].to_vec();
            a.sort_unstable();
            b.sort_unstable();
            prop_assert_eq!(a, b);
        }
    }
}

/// The players given a left-over unit, as a set.
fn given(decided: &super::Floors, total: u64) -> Vec<usize> {
    let left = (total - decided.0.iter().sum::<u64>()) as usize;
    let mut g = decided.1[..left].to_vec();
    g.sort_unstable();
    g
}

#[test]
fn rules_14_4_the_wide_path_pays_485_dollars_exactly() {
    let stacks = [5_000, 3_000, 2_000];
    let t = table(&stacks, &[90_000, 40_000, 20_000]);
    let decided = wide::decide(&stacks, &t, &go()).unwrap();
    assert_eq!(decided.0, [61_785, 48_500, 39_714]);
    assert_eq!(given(&decided, t.total), [0]);
}

#[test]
fn rules_14_6_the_wide_path_breaks_equal_remainders_by_the_order_given() {
    // Four equal stacks, prizes 7, 3, 1: 11/4 each, so 2 each and the 3
    // units left go to the first three given.
    let stacks = [100, 100, 100, 100];
    let t = table(&stacks, &[7, 3, 1]);
    let decided = wide::decide(&stacks, &t, &go()).unwrap();
    assert_eq!(decided.0, [2, 2, 2, 2]);
    assert_eq!(given(&decided, t.total), [0, 1, 2]);
}

/// The deal of issue 57: one stack of almost 2^53 chips and 19 small
/// distinct ones, prizes X + 1 three times, then X, so the big stack's
/// share falls just under a whole unit and 127 bits cannot place it.
fn adversarial_deal() -> (Vec<u64>, Vec<u64>) {
    let small: Vec<u64> = (0..19u64)
        .map(|i| (i * 0x9E37_79B9 + 12_345) % (1 << 29) + 1)
        .collect();
    let big = (1u64 << 53) - 1 - small.iter().sum::<u64>();
    let x = ((1u64 << 53) - 4) / 19;
    let mut prizes = vec![x + 1; 3];
    prizes.extend([x; 16]);
    let mut stacks = vec![big];
    stacks.extend(small);
    stacks.sort_unstable_by(|a, b| b.cmp(a));
    (stacks, prizes)
}

#[test]
fn an_adversarial_twenty_player_deal_is_answered_and_adds_up() {
    let (stacks, prizes) = adversarial_deal();
    let terms = DealTerms {
        method: DealMethod::Icm,
        prizes: prizes.clone(),
        unit: 1,
        set_aside: 0,
    };
    // Neither 127 bits nor the stack classes decide it.
    let t = table(&stacks, &prizes);
    assert_eq!(icm::decide(&stacks, &t, &go()), None);
    assert!(exact::states(&stacks) > exact::MAX_STATES);
    let out = deal(&stacks, &terms).unwrap();
    let paid: u64 = out.shares.iter().map(|s| s.amount).sum();
    assert_eq!(paid, prizes.iter().sum::<u64>());
    assert!(out.shares.iter().map(|s| s.odd_units).sum::<u64>() < 20);
    // A larger stack is never worth less.
    assert!(out.shares.windows(2).all(|w| w[0].amount >= w[1].amount));
}

#[test]
fn a_raised_stop_gives_up_the_deal() {
    let (stacks, prizes) = adversarial_deal();
    let terms = DealTerms {
        method: DealMethod::Icm,
        prizes,
        unit: 1,
        set_aside: 0,
    };
    let stop = AtomicBool::new(true);
    assert_eq!(
        super::deal_until(&stacks, &terms, &stop),
        Err(super::DealError::Stopped)
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Small stacks and round prizes make whole shares and exact ties
    /// often: the wide path agrees with the exact integers on every one.
    #[test]
    fn the_wide_path_agrees_with_the_exact_integers(
        stacks in prop::collection::vec(1u64..12, 2..7),
        prizes in prop::collection::vec(0u64..60, 0..5),
    ) {
        let mut stacks = stacks;
        stacks.sort_unstable_by(|a, b| b.cmp(a));
        let mut prizes: Vec<u64> = prizes.into_iter().map(|p| p * 10).collect();
        prizes.truncate(stacks.len());
        prizes.sort_unstable_by(|a, b| b.cmp(a));
        let t = table(&stacks, &prizes);
        let exact = exact::decide(&stacks, &t);
        let decided = wide::decide(&stacks, &t, &go()).unwrap();
        prop_assert_eq!(&decided.0, &exact.0);
        prop_assert_eq!(given(&decided, t.total), given(&exact, t.total));
    }
}
