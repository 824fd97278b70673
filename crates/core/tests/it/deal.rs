//! Final-table deals (RULES.md §14.5-14.7, §14.9): each rule and worked
//! example by hand. Amounts in cents; stacks in tie order (largest first).

use showdown_core::prize::PrizeError;
use showdown_core::{
    deal, ChipAmount, ChipsRefusal, DealError, DealMethod, DealOutcome, DealRefusal, DealTerms,
    PrizeTableRefusal, Unit,
};

fn terms(method: DealMethod, prizes: &[u64]) -> DealTerms {
    DealTerms {
        method,
        prizes: prizes.to_vec(),
        unit: 1,
        set_aside: 0,
    }
}

fn amounts(out: &DealOutcome) -> Vec<u64> {
    out.shares.iter().map(|s| s.amount).collect()
}

fn odd(out: &DealOutcome) -> Vec<u64> {
    out.shares.iter().map(|s| s.odd_units).collect()
}

const STACKS_14_4: [u64; 3] = [5_000, 3_000, 2_000];
const PRIZES_14_4: [u64; 3] = [90_000, 40_000, 20_000];

#[test]
fn rules_14_4_icm_worked_example_pays_61786_48500_39714() {
    let out = deal(&STACKS_14_4, &terms(DealMethod::Icm, &PRIZES_14_4)).unwrap();
    assert_eq!(out.total, 150_000);
    // E(B) = 485 dollars exactly: 48500, never 48499.
    assert_eq!(amounts(&out), [61_786, 48_500, 39_714]);
    // 61785 + 48500 + 39714 leaves 1 cent: A's remainder (0.714...) is largest.
    assert_eq!(odd(&out), [1, 0, 0]);
}

#[test]
fn rules_14_4_icm_an_exact_share_in_whole_units_is_not_rounded_below() {
    // In dollars (unit 100): E = 617.857, 485, 397.142 dollars; B's 485
    // is whole, A and C round down to 617 and 397, A's .857 takes the
    // dollar left over.
    let mut t = terms(DealMethod::Icm, &PRIZES_14_4);
    t.unit = 100;
    let out = deal(&STACKS_14_4, &t).unwrap();
    assert_eq!(amounts(&out), [61_800, 48_500, 39_700]);
    assert_eq!(odd(&out), [1, 0, 0]);
}

#[test]
fn rules_14_5_chip_chop_worked_example_pays_650_470_380_dollars() {
    let out = deal(&STACKS_14_4, &terms(DealMethod::ChipChop, &PRIZES_14_4)).unwrap();
    assert_eq!(amounts(&out), [65_000, 47_000, 38_000]);
    assert_eq!(odd(&out), [0, 0, 0]);
}

#[test]
fn rules_14_5_chip_chop_with_a_short_table_pays_all_by_chips() {
    // Two places for three players: L = 0, 1300 dollars by chips.
    let out = deal(
        &STACKS_14_4,
        &terms(DealMethod::ChipChop, &[90_000, 40_000]),
    )
    .unwrap();
    assert_eq!(amounts(&out), [65_000, 39_000, 26_000]);
}

#[test]
fn rules_14_5_chip_chop_odd_cents_go_to_the_largest_remainders() {
    // 100 cents by chips 1, 1, 1: 33 each, the cent left over to the first.
    let out = deal(&[7, 7, 7], &terms(DealMethod::ChipChop, &[100])).unwrap();
    assert_eq!(amounts(&out), [34, 33, 33]);
    // 100 by 3, 2, 2: 42.86, 28.57, 28.57: 42, 28, 28 and 2 left over,
    // the larger remainders first (.86 then .57 of the larger id order).
    let out = deal(&[3, 2, 2], &terms(DealMethod::ChipChop, &[100])).unwrap();
    assert_eq!(amounts(&out), [43, 29, 28]);
}

#[test]
fn rules_14_5_equal_divides_the_pool_by_the_players() {
    let out = deal(&STACKS_14_4, &terms(DealMethod::Equal, &PRIZES_14_4)).unwrap();
    assert_eq!(amounts(&out), [50_000, 50_000, 50_000]);
    // 100 cents among 3: the larger stack first takes the cent.
    let out = deal(&[1, 9, 5], &terms(DealMethod::Equal, &[100])).unwrap();
    assert_eq!(amounts(&out), [33, 34, 33]);
}

#[test]
fn rules_14_6_equal_stacks_worked_example_icm_gives_a_b_c_the_odd_units() {
    // 4 × 100 chips, prizes 7, 3, 1: E = 11/4 each, 2 each, 3 left over
    // to a, b, c (the order given is id order).
    let out = deal(&[100; 4], &terms(DealMethod::Icm, &[7, 3, 1])).unwrap();
    assert_eq!(amounts(&out), [3, 3, 3, 2]);
    assert_eq!(odd(&out), [1, 1, 1, 0]);
}

#[test]
fn rules_14_6_equal_stacks_tie_exactly_at_twenty_players() {
    // Every share is 1/20 of the pool: no interval may split the group.
    let prizes: Vec<u64> = (0..20).map(|j| 1_000_003 - j * 7).collect();
    let out = deal(&[250; 20], &terms(DealMethod::Icm, &prizes)).unwrap();
    let total: u64 = prizes.iter().sum();
    let each = total / 20;
    let left = (total % 20) as usize;
    for (i, s) in out.shares.iter().enumerate() {
        assert_eq!(s.amount, each + u64::from(i < left), "player {i}");
    }
}

#[test]
fn rules_14_6_bounds_refuse_21_icm_players_and_10001_others() {
    let t = terms(DealMethod::Icm, &[100]);
    assert_eq!(
        deal(&[1; 21], &t),
        Err(DealError::Refused(DealRefusal::TooManyForIcm(21)))
    );
    let t = terms(DealMethod::ChipChop, &[100]);
    assert!(matches!(
        deal(&[1; 10_001], &t),
        Err(DealError::Refused(DealRefusal::TooManyPlayers {
            got: 10_001,
            max: 10_000
        }))
    ));
    assert!(deal(&[1; 10_000], &t).is_ok());
    assert!(matches!(
        deal(&[1], &t),
        Err(DealError::Refused(DealRefusal::TooFewPlayers(1)))
    ));
}

#[test]
fn rules_14_7_set_aside_worked_example_divides_140000_as_80000_40000_20000() {
    let mut t = terms(DealMethod::Icm, &PRIZES_14_4);
    t.set_aside = 10_000;
    let out = deal(&STACKS_14_4, &t).unwrap();
    assert_eq!(out.total, 140_000);
    let table = deal(
        &STACKS_14_4,
        &terms(DealMethod::Icm, &[80_000, 40_000, 20_000]),
    )
    .unwrap();
    assert_eq!(out, table);
    // E = 800 × 1/2 + 400 × 19/56 + 200 × 9/56, ... = 567.857, 455, 377.142.
    assert_eq!(amounts(&out), [56_786, 45_500, 37_714]);
}

#[test]
fn rules_14_7_amounts_add_up_to_the_pool_to_the_unit() {
    let mut t = terms(DealMethod::Icm, &[5_000, 3_000, 2_000]);
    t.unit = 25;
    let out = deal(&[13, 11, 7], &t).unwrap();
    assert_eq!(amounts(&out).iter().sum::<u64>(), 10_000);
    assert!(out.shares.iter().all(|s| s.amount % 25 == 0));
}

#[test]
fn rules_14_7_equal_remainders_go_to_the_larger_stack_then_the_order_given() {
    // chipChop of 10 cents by 2, 1, 1, 2: 3.33, 1.67, 1.67, 3.33 → 3, 1,
    // 1, 3 and 2 left: .67 twice, ids in order.
    let out = deal(&[2, 1, 1, 2], &terms(DealMethod::ChipChop, &[10])).unwrap();
    assert_eq!(amounts(&out), [3, 2, 2, 3]);
    // Equal, 5 among 3 with stacks 1, 3, 2: 1 each, 2 left: stacks 3 and 2.
    let out = deal(&[1, 3, 2], &terms(DealMethod::Equal, &[5])).unwrap();
    assert_eq!(amounts(&out), [1, 2, 2]);
}

/// The deal of stacks 3, 2 and 1 under `base` changed by `f`.
fn changed(base: &DealTerms, f: &dyn Fn(&mut DealTerms)) -> Result<DealOutcome, DealError> {
    let mut t = base.clone();
    f(&mut t);
    deal(&[3, 2, 1], &t)
}

#[test]
fn rules_14_9_refusals_name_each_fault() {
    let base = terms(DealMethod::Icm, &[300, 200, 100]);
    let with = |f: &dyn Fn(&mut DealTerms)| changed(&base, f);
    assert_eq!(
        with(&|t| t.prizes = vec![4, 3, 2, 1]),
        Err(DealError::Refused(DealRefusal::MorePrizesThanPlayers {
            prizes: 4,
            players: 3
        }))
    );
    assert_eq!(
        with(&|t| t.unit = 0),
        Err(DealError::Prizes(PrizeError::Unit(ChipsRefusal::UnitZero(
            Unit::Prize
        ))))
    );
    assert_eq!(
        with(&|t| t.unit = 7),
        Err(DealError::Prizes(PrizeError::Table(
            PrizeTableRefusal::NotMultiple {
                prize: 300,
                unit: 7
            }
        )))
    );
    assert_eq!(
        with(&|t| t.prizes = vec![100, 200]),
        Err(DealError::Prizes(PrizeError::Table(
            PrizeTableRefusal::Rising {
                prize: 200,
                place: 2,
                before: 100
            }
        )))
    );
    assert_eq!(
        with(&|t| t.prizes = vec![1 << 52, 1 << 52]),
        Err(DealError::Prizes(PrizeError::Table(
            PrizeTableRefusal::Total
        )))
    );
    assert_eq!(
        with(&|t| t.set_aside = 101),
        Err(DealError::Refused(DealRefusal::SetAsideTooLarge {
            aside: 101,
            first: 300,
            second: 200
        }))
    );
}

#[test]
fn rules_14_9_set_aside_and_stack_refusals_name_each_fault() {
    let base = terms(DealMethod::Icm, &[300, 200, 100]);
    let s = [3, 2, 1];
    let with = |f: &dyn Fn(&mut DealTerms)| changed(&base, f);
    let aside = with(&|t| t.set_aside = 100).unwrap();
    assert_eq!(
        aside,
        deal(&s, &terms(DealMethod::Icm, &[200, 200, 100])).unwrap()
    );
    let mut unit = base.clone();
    unit.unit = 50;
    unit.set_aside = 25;
    assert_eq!(
        deal(&s, &unit),
        Err(DealError::Refused(DealRefusal::SetAsideNotMultiple {
            aside: 25,
            unit: 50
        }))
    );
    assert_eq!(
        deal(&[3, 0, 1], &base),
        Err(DealError::Refused(DealRefusal::NoChips(1)))
    );
    assert_eq!(
        deal(&[1 << 52, 1 << 52, 1], &base),
        Err(DealError::Refused(DealRefusal::StacksTotal((1 << 53) + 1)))
    );
    let over = 1 << 53;
    assert_eq!(
        deal(&[over, 1, 1], &base),
        Err(DealError::Refused(DealRefusal::Stack {
            index: 0,
            refusal: ChipsRefusal::TooLarge(ChipAmount::Stack, over)
        }))
    );
}

#[test]
fn rules_14_9_near_2_pow_53_neither_overflows_nor_panics() {
    let max = (1u64 << 53) - 1;
    let stacks = [max - 2, 1, 1];
    for method in [DealMethod::Icm, DealMethod::ChipChop, DealMethod::Equal] {
        let out = deal(&stacks, &terms(method, &[max - 2, 1, 1])).unwrap();
        assert_eq!(amounts(&out).iter().sum::<u64>(), max, "{method:?}");
    }
}

#[test]
fn rules_14_5_icm_of_twenty_distinct_stacks_adds_up_and_orders_by_stack() {
    let stacks: Vec<u64> = (0..20u64).map(|i| 10_000_000 - i * 412_337).collect();
    let prizes: Vec<u64> = (0..20u64).map(|j| 100_000_000 / (j + 1)).collect();
    let out = deal(&stacks, &terms(DealMethod::Icm, &prizes)).unwrap();
    let a = amounts(&out);
    assert_eq!(a.iter().sum::<u64>(), prizes.iter().sum::<u64>());
    assert!(a.windows(2).all(|w| w[0] >= w[1]), "{a:?}");
}

#[test]
fn rules_14_6_thirteen_equal_stacks_with_a_whole_share_are_answered() {
    // 13 × 777 chips, prizes 1,300,000 down to 100,000: D = 9,100,000 and
    // each is owed 700,000 exactly (once refused as too close to decide).
    let prizes: Vec<u64> = (1..=13).rev().map(|j| j * 100_000).collect();
    let out = deal(&[777; 13], &terms(DealMethod::Icm, &prizes)).unwrap();
    assert_eq!(amounts(&out), [700_000; 13]);
    assert_eq!(odd(&out), [0; 13]);
}

#[test]
fn rules_14_6_twenty_equal_stacks_with_five_places_paid_share_d_over_n() {
    // D = 500 + 400 + 300 + 200 + 100 = 1500 over 20: 75 each, exactly.
    let out = deal(
        &[777; 20],
        &terms(DealMethod::Icm, &[500, 400, 300, 200, 100]),
    )
    .unwrap();
    assert_eq!(amounts(&out), [75; 20]);
    // 1501 over 20: 75 each and the one unit left to the first listed.
    let out = deal(
        &[777; 20],
        &terms(DealMethod::Icm, &[501, 400, 300, 200, 100]),
    )
    .unwrap();
    let mut want = [75; 20];
    want[0] = 76;
    assert_eq!(amounts(&out), want);
}

/// RULES.md §14.7: the tie order is the larger stack first, then the id in
/// byte order, whatever order the players come in.
#[test]
fn rules_14_7_tie_order_is_larger_stack_then_id_in_byte_order() {
    let players = [(5, "b"), (9, "z"), (5, "B"), (5, "a")];
    assert_eq!(showdown_core::tie_order(&players), [1, 2, 3, 0]);
}
