//! Straddles in fixed limit (RULES.md §16.3): the big blind is the first
//! bet and a straddle a raise toward the cap; a straddle all in for less
//! is read like any other all-in, by the half-unit rule. Found by the
//! betting crosscheck against PokerKit (tests/crosscheck/).

use crate::betting_common::*;
use showdown_core::betting::{BettingHand, Forced};

const BIG: u64 = 10_000;

/// Fixed limit 20/40, five players: the button seat 1, blinds 10/20 on
/// seats 2 and 3, a straddle of 40 on seat 4 from a stack of `straddler`.
fn straddled(straddler: u64, more: Vec<showdown_core::betting::Step>) -> BettingHand {
    let steps = vec![sb(1, 10), bb(2, 20), post(3, Forced::Straddle, 40)];
    let h = hand(fl(20, 40), &[BIG, BIG, BIG, straddler, BIG], 1, steps);
    then(&h, more)
}

#[test]
fn rules_16_3_fixed_limit_a_straddle_is_a_raise_toward_the_cap() {
    let h = straddled(BIG, vec![]);
    assert_eq!((to_act(&h).0, call_to(&h)), (4, Some(40)));
    assert_eq!(raise_range(&h), Some((60, 60)));
    // 20, 40 (the straddle), 60, 80: the fourth bet caps the round.
    let h = then(&h, vec![raise(4, 60), raise(0, 80)]);
    assert_eq!(raise_range(&h), None);
    assert_eq!(call_to(&h), Some(80));
}

#[test]
fn rules_16_3_fixed_limit_a_straddle_all_in_for_less_than_half_a_unit_raises_nothing() {
    // All in for 25: 5 above the big blind's 20, less than half a unit.
    // The others call 25, a raise is to 40, and the cap is still three
    // raises away: 40, 60, 80.
    let h = straddled(25, vec![]);
    assert_eq!((to_act(&h).0, call_to(&h)), (4, Some(25)));
    assert_eq!(raise_range(&h), Some((40, 40)));
    let h = then(&h, vec![raise(4, 40), raise(0, 60)]);
    assert_eq!(raise_range(&h), Some((80, 80)));
    let h = then(&h, vec![raise(1, 80)]);
    assert_eq!(raise_range(&h), None);
    assert!(findings(&h).is_empty(), "{:?}", findings(&h));
    // All in for 31, half a unit or more: the level goes up one unit (to
    // 40) and it counts as the raise a full straddle is.
    let h = straddled(31, vec![]);
    assert_eq!((call_to(&h), raise_range(&h)), (Some(31), Some((60, 60))));
    let h = then(&h, vec![raise(4, 60), raise(0, 80)]);
    assert_eq!(raise_range(&h), None);
}
