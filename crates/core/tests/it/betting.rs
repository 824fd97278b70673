//! RULES.md §16's worked examples (16.1-16.5) and the examples of TDA's
//! Illustration Addendum to Rule 41 (seed 003), at the level of
//! `showdown_core::betting`.

use crate::betting_common::*;
use showdown_core::betting::{BettingHand, End, Step};
use showdown_core::derive_betting;

const BIG: u64 = 100_000;

/// Five players A-E (0-4), the button on E, blinds 50/100: everyone
/// limps, the big blind checks, the flop comes.
fn five_limp_to_flop() -> Vec<Step> {
    vec![
        sb(0, 50),
        bb(1, 100),
        call(2, 100),
        call(3, 100),
        call(4, 100),
        call(0, 100),
        check(1),
        board("2c 7d Ks"),
    ]
}

/// TDA Rule 41 re-opening Example 1: A bets 100, B all in 125, C calls,
/// D all in 200, E calls.
fn reopening_example_1() -> BettingHand {
    let stacks = [BIG, 225, BIG, 300, BIG];
    let mut steps = five_limp_to_flop();
    steps.extend([
        bet(0, 100),
        raise(1, 125),
        call(2, 125),
        raise(3, 200),
        call(4, 200),
    ]);
    hand(nl(100), &stacks, 5, steps)
}

#[test]
fn rules_16_1_tda_41_example_1_short_all_ins_add_up_to_a_full_raise() {
    let h = reopening_example_1();
    assert!(findings(&h).is_empty());
    let (player, options) = to_act(&h);
    assert_eq!(player, 0);
    assert!(options.fold);
    assert_eq!(call_to(&h), Some(200));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(300));
    let called = then(&h, vec![call(0, 200)]);
    assert_eq!(to_act(&called).0, 2);
    assert_eq!(call_to(&called), Some(200));
    assert_eq!(raise_range(&called), None);
    let c_raises = then(&called, vec![raise(2, 400)]);
    assert_eq!(findings(&c_raises), vec![(14, "notReopened")]);
    let raised = then(&h, vec![raise(0, 300)]);
    assert_eq!(to_act(&raised).0, 2);
    assert_eq!(raise_range(&raised).map(|r| r.0), Some(400));
}

/// Example 2: blinds 2000/4000; A (seat 1) first, button on seat 3 (C),
/// the small blind seat 4, the big blind seat 5.
fn reopening_example_2() -> BettingHand {
    let stacks = [BIG, BIG, 7500, BIG, BIG];
    let steps = vec![
        sb(3, 2000),
        bb(4, 4000),
        call(0, 4000),
        fold(1),
        raise(2, 7500),
        fold(3),
    ];
    hand(nl(4000), &stacks, 3, steps)
}

#[test]
fn rules_16_2_tda_41_example_2_short_all_in_does_not_reopen_a_caller() {
    let h = reopening_example_2();
    assert!(findings(&h).is_empty());
    assert_eq!(to_act(&h).0, 4);
    assert_eq!(call_to(&h), Some(7500));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(11_500));
    let called = then(&h, vec![call(4, 7500)]);
    assert_eq!(to_act(&called).0, 0);
    assert_eq!(call_to(&called), Some(7500));
    assert_eq!(raise_range(&called), None);
}

#[test]
fn rules_16_3_pot_limit_raise_to_the_pot_after_the_call() {
    // A seat 1, B seat 2 (the button), blinds on seats 3 and 4.
    let h = hand(pl(2), &[BIG; 4], 2, vec![sb(2, 1), bb(3, 2)]);
    assert_eq!(to_act(&h).0, 0);
    assert_eq!(raise_range(&h), Some((4, 7)));
    let h = then(&h, vec![raise(0, 7)]);
    assert_eq!(to_act(&h).0, 1);
    assert_eq!(raise_range(&h), Some((12, 24)));
    assert_eq!(
        findings(&then(&h, vec![raise(1, 25)])),
        vec![(3, "overPot")]
    );
    assert!(findings(&then(&h, vec![raise(1, 24)])).is_empty());
}

/// Fixed limit 10/20, A, B, C (seats 1-3), the button on C: limped to
/// the flop, A bets 10, B all in for `b_all_in`.
fn half_unit(b_all_in: u64) -> BettingHand {
    let stacks = [BIG, 10 + b_all_in, BIG];
    let steps = vec![
        sb(0, 5),
        bb(1, 10),
        call(2, 10),
        call(0, 10),
        check(1),
        board("2c 7d Ks"),
        bet(0, 10),
        raise(1, b_all_in),
    ];
    hand(fl(10, 20), &stacks, 3, steps)
}

#[test]
fn rules_16_4_fixed_limit_half_unit_all_in_is_a_raise() {
    let h = half_unit(15);
    assert!(findings(&h).is_empty());
    assert_eq!(to_act(&h).0, 2);
    assert_eq!(call_to(&h), Some(15));
    assert_eq!(raise_range(&h), Some((30, 30)));
    let called = then(&h, vec![call(2, 15)]);
    assert_eq!(to_act(&called).0, 0);
    assert_eq!(raise_range(&called), Some((30, 30)));
    let h = half_unit(14);
    assert_eq!(call_to(&h), Some(14));
    assert_eq!(raise_range(&h), Some((20, 20)));
    let called = then(&h, vec![call(2, 14)]);
    assert_eq!(call_to(&called), Some(14));
    assert_eq!(raise_range(&called), None);
    assert_eq!(
        findings(&then(&called, vec![raise(0, 20)])),
        vec![(9, "notReopened")]
    );
}

/// Blinds 50/100, UTG seat 1 (the button), blinds seats 2 and 3, the big
/// blind all in for 60.
fn short_big_blind() -> BettingHand {
    hand(nl(100), &[BIG, BIG, 60], 1, vec![sb(1, 50), bb(2, 100)])
}

#[test]
fn rules_16_5_big_blind_all_in_for_less_is_still_called_in_full() {
    let h = short_big_blind();
    assert_eq!(to_act(&h).0, 0);
    assert_eq!(call_to(&h), Some(100));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(200));
    assert_eq!(
        findings(&then(&h, vec![call(0, 60)])),
        vec![(2, "underCall")]
    );
    let folded = then(&h, vec![fold(0)]);
    assert_eq!(to_act(&folded).0, 1);
    assert_eq!(call_to(&folded), Some(60));
    assert_eq!(raise_range(&folded), None);
    for to in [60, 100] {
        let done = then(&folded, vec![call(1, to)]);
        assert!(findings(&done).is_empty(), "a call to {to}");
        let d = derive_betting(&done).expect("the betting is over");
        assert_eq!(d.end, End::RunOut { round: 0 });
        assert_eq!(d.committed, vec![0, to, 60]);
        assert!(d.run_out);
    }
}

/// Blinds 100/200 (or as given), four players 0-3 at seats 1-4, the button
/// on seat 4, limped to the flop.
fn four_to_flop(small: u64, big: u64) -> Vec<Step> {
    vec![
        sb(0, small),
        bb(1, big),
        call(2, big),
        call(3, big),
        call(0, big),
        check(1),
        board("2c 7d Ks"),
    ]
}

#[test]
fn tda_41_addendum_example_1_raise_by_the_last_increment_not_the_total() {
    let mut steps = four_to_flop(100, 200);
    steps.extend([bet(0, 600), raise(1, 1600), raise(2, 3600)]);
    let h = hand(nl(200), &[BIG; 4], 4, steps);
    assert_eq!(to_act(&h).0, 3);
    assert_eq!(raise_range(&h).map(|r| r.0), Some(5600));
    assert_eq!(
        findings(&then(&h, vec![raise(3, 5599)])),
        vec![(10, "underRaise")]
    );
}

#[test]
fn tda_41_addendum_example_2_short_all_in_keeps_the_blind_as_largest() {
    // Seat 1 the button, blinds seats 2-3, A under the gun seat 4.
    let steps = vec![sb(1, 50), bb(2, 100), raise(3, 150)];
    let h = hand(nl(100), &[BIG, BIG, BIG, 150], 1, steps);
    assert!(findings(&h).is_empty());
    assert_eq!(to_act(&h).0, 0);
    assert_eq!(raise_range(&h).map(|r| r.0), Some(250));
}

#[test]
fn tda_41_addendum_example_3_two_chips_raise_measured_by_its_increment() {
    let mut steps = four_to_flop(100, 200);
    steps.extend([check(0), check(1), check(2), check(3), board("9h")]);
    steps.extend([bet(0, 300), raise(1, 1000)]);
    let h = hand(nl(200), &[BIG; 4], 4, steps);
    assert_eq!(to_act(&h).0, 2);
    assert_eq!(call_to(&h), Some(1000));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(1700));
}

/// Blinds 25/50, A B C D at seats 1-4 under the gun first: the button on
/// seat 6, the blinds seats 5 and 6.
fn blinds_25_50(steps: Vec<Step>) -> BettingHand {
    let mut all = vec![sb(4, 25), bb(5, 50)];
    all.extend(steps);
    hand(nl(50), &[BIG; 6], 4, all)
}

#[test]
fn tda_41_addendum_example_4a_largest_of_several_raises() {
    let h = blinds_25_50(vec![raise(0, 125), raise(1, 200), raise(2, 500)]);
    assert!(findings(&h).is_empty());
    assert_eq!(to_act(&h).0, 3);
    assert_eq!(raise_range(&h).map(|r| r.0), Some(800));
}

#[test]
fn tda_41_addendum_example_4b_one_large_raise() {
    let h = blinds_25_50(vec![raise(0, 500), call(1, 500), call(2, 500)]);
    assert_eq!(to_act(&h).0, 3);
    assert_eq!(call_to(&h), Some(500));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(950));
}

#[test]
fn tda_41_addendum_example_1_reopening_short_all_ins_add_up() {
    let h = reopening_example_1();
    let (player, options) = to_act(&h);
    assert_eq!(player, 0);
    assert!(options.raise.is_some());
    assert!(findings(&then(&h, vec![raise(0, 300)])).is_empty());
}

#[test]
fn tda_41_addendum_example_1a_reopening_not_for_the_caller_facing_75() {
    let h = then(&reopening_example_1(), vec![call(0, 200)]);
    let (player, options) = to_act(&h);
    assert_eq!(player, 2);
    assert_eq!(options.call.map(|c| c.to), Some(200));
    assert_eq!(options.raise, None);
    assert_eq!(
        findings(&then(&h, vec![raise(2, 300)])),
        vec![(14, "notReopened")]
    );
}

#[test]
fn tda_41_addendum_example_1b_reopening_for_the_caller_facing_175() {
    let h = then(&reopening_example_1(), vec![raise(0, 300)]);
    assert_eq!(to_act(&h).0, 2);
    assert_eq!(call_to(&h), Some(300));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(400));
    assert!(findings(&then(&h, vec![raise(2, 400)])).is_empty());
}

#[test]
fn tda_41_addendum_example_2a_reopening_not_for_the_limper() {
    let h = reopening_example_2();
    assert_eq!(raise_range(&h).map(|r| r.0), Some(11_500));
    let h = then(&h, vec![call(4, 7500)]);
    assert_eq!(to_act(&h).0, 0);
    assert_eq!(raise_range(&h), None);
    assert_eq!(
        findings(&then(&h, vec![raise(0, 11_500)])),
        vec![(7, "notReopened")]
    );
}

#[test]
fn tda_41_addendum_example_2b_reopening_after_the_big_blinds_raise() {
    let h = then(&reopening_example_2(), vec![raise(4, 11_500)]);
    assert_eq!(to_act(&h).0, 0);
    assert_eq!(call_to(&h), Some(11_500));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(15_500));
}
