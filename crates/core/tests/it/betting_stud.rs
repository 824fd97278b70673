//! Stud's bring-in before it is posted (RULES.md §16.2, §16.3, §16.7):
//! the door cards say who brings in, and that player may post the
//! bring-in or complete at once.

use crate::betting_common::*;
use showdown_core::betting::{Act, Action, Aggression, BettingHand, Forced, Game, Next, Step};

/// Four players at fixed-limit stud 20/40 with a bring-in of 10, nothing
/// posted yet; by the door cards player 2 brings in (the greatest value
/// of third street's row).
fn third_street(steps: Vec<Step>) -> BettingHand {
    let mut h = hand(fl(20, 40), &[1_000; 4], 1, steps);
    h.button = None;
    h.game = Game::Stud { low: false };
    h.bring_in = 10;
    h.showing = Some(vec![vec![1, 2, 5, 3], vec![0; 4], vec![0; 4]]);
    h
}

fn complete(p: usize, to: u64) -> Step {
    Step::Act(Action::new(p, Act::Complete { to }))
}

#[test]
fn rules_16_2_the_door_cards_say_who_brings_in_and_acts_first() {
    let (player, o) = to_act(&third_street(vec![]));
    assert_eq!(player, 2);
    // §16.7: the bring-in or the completion; the post is forced, so no
    // fold and no check.
    assert_eq!(o.bring_in, Some(10));
    assert!(!o.fold && !o.check && o.call.is_none());
    assert_eq!(
        o.raise.map(|r| (r.kind, r.min, r.max)),
        Some((Aggression::Complete, 20, 20))
    );
    // Posted, the others call it or complete, and no bring-in is offered.
    let posted = third_street(vec![post(2, Forced::BringIn, 10)]);
    let (player, o) = to_act(&posted);
    assert_eq!(player, 3);
    assert_eq!(o.bring_in, None);
    assert!(o.fold);
    assert_eq!(o.call.map(|c| c.to), Some(10));
}

#[test]
fn rules_16_3_the_bring_in_may_complete_without_posting_first() {
    let h = third_street(vec![complete(2, 20), call(3, 20), call(0, 20), fold(1)]);
    assert!(findings(&h).is_empty(), "{:?}", findings(&h));
    // The round is over: fourth street's cards are next.
    assert_eq!(showdown_core::next_action(&h), Ok(Next::Deal { round: 1 }));
    // Another player completing first is out of turn.
    let early = third_street(vec![complete(0, 20)]);
    assert_eq!(findings(&early), vec![(0, "outOfTurn")]);
}

#[test]
fn rules_16_6_a_fold_or_a_check_before_the_bring_in_is_posted() {
    // §16.7 offers neither: the post is forced. Each is the one finding
    // of its hand, applied as recorded: after the fold, the bring-in is
    // still to be posted, by the next player to act.
    let check = Step::Act(Action::new(2, Act::Check));
    let h = third_street(vec![fold(2)]);
    assert_eq!(findings(&h), vec![(0, "bringInNotPosted")]);
    let (player, o) = to_act(&h);
    assert_eq!((player, o.bring_in), (3, Some(10)));
    assert_eq!(
        findings(&third_street(vec![check])),
        vec![(0, "bringInNotPosted")]
    );
    // A call with nothing bet is a check, and reads as one.
    assert_eq!(
        findings(&third_street(vec![call(2, 0)])),
        vec![(0, "bringInNotPosted")]
    );
    // Posted or completed, a later fold is the player's right.
    let posted = third_street(vec![
        post(2, Forced::BringIn, 10),
        complete(3, 20),
        call(0, 20),
        call(1, 20),
        fold(2),
    ]);
    assert!(findings(&posted).is_empty(), "{:?}", findings(&posted));
    // Out of turn before it comes first.
    assert_eq!(
        findings(&third_street(vec![fold(1)])),
        vec![(0, "outOfTurn")]
    );
}

/// The same table with player 3 holding only `short` chips.
fn short_fourth(short: u64, steps: Vec<Step>) -> BettingHand {
    let mut h = third_street(steps);
    h.seats[3].stack = short;
    h
}

#[test]
fn rules_16_3_an_all_in_completes_the_bring_in_only_from_half_a_unit_over_it() {
    // Brought in for 10; player 3 all in for 19, 9 over the bring-in and
    // short of half a unit (10): no completion, so the next may call 19
    // or complete to one small bet, 20 (found against PokerKit).
    let h = short_fourth(19, vec![post(2, Forced::BringIn, 10), complete(3, 19)]);
    let (player, o) = to_act(&h);
    assert_eq!((player, o.call.map(|c| c.to)), (0, Some(19)));
    assert_eq!(
        o.raise.map(|r| (r.kind, r.min, r.max)),
        Some((Aggression::Complete, 20, 20))
    );
    // Called at 19, then completed: the completion is the first bet and
    // the level the small bet, 20, not the short all-in's 19 plus one:
    // a raise is to 40.
    let h = then(&h, vec![complete(0, 20)]);
    assert_eq!(to_act(&h).1.raise.map(|r| (r.min, r.max)), Some((40, 40)));
    assert!(findings(&h).is_empty(), "{:?}", findings(&h));
}
