//! The two ICM computations against each other: the interval decides or
//! declines, and where it decides the exact integers agree.

use super::icm::{self, Table};
use super::{check, exact, DealMethod, DealTerms};
use proptest::prelude::*;

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
    assert_eq!(icm::decide(&[5_000, 3_000, 2_000], &t), None);
    let (floors, order) = exact::decide(&[5_000, 3_000, 2_000], &t);
    assert_eq!(floors, [61_785, 48_500, 39_714]);
    assert_eq!(order[0], 0);
}

#[test]
fn a_table_of_equal_prizes_is_exact_without_the_fallback() {
    let stacks: Vec<u64> = (1..=20).map(|i| i * 1_000 + i * i).collect();
    let t = table(&stacks, &[500; 20]);
    assert!(t.prizes.is_empty());
    let (floors, _) = icm::decide(&stacks, &t).unwrap();
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
    assert_eq!(icm::decide(&stacks, &t), None);
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
        if let Some(decided) = icm::decide(&stacks, &t) {
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
