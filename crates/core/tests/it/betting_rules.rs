//! One test per item of RULES.md §16 (the betting), at the level of
//! `showdown_core::betting`.

use crate::betting_common::*;
use showdown_core::betting::{
    Act, Action, Aggression, BettingRefusal as R, Code, End, Forced, Game, Limits, Next, Step,
    Structure,
};
use showdown_core::{derive_betting, next_action, replay_betting, BettingError};

const BIG: u64 = 10_000;

/// Three players 0-2 at seats 1-3, the button on seat 1: the blinds are
/// players 1 and 2, player 0 acts first preflop.
fn three(structure: Structure, stacks: &[u64], steps: Vec<Step>) -> showdown_core::BettingHand {
    let mut all = vec![sb(1, 50), bb(2, 100)];
    all.extend(steps);
    hand(structure, stacks, 1, all)
}

fn refusal(h: &showdown_core::BettingHand) -> BettingError {
    replay_betting(h).expect_err("refused")
}

#[test]
fn rules_16_1_structures_rounds_and_amounts_read_by_the_situation() {
    assert_eq!(Game::Flop.rounds(), 4);
    assert_eq!(Game::Stud { low: false }.rounds(), 5);
    assert_eq!(Game::SingleDraw.rounds(), 2);
    assert_eq!(Game::TripleDraw.rounds(), 4);
    // A call with nothing to call is a check; a raise that is not above
    // the bet a call; a call adding more than the bet a raise.
    let h = three(
        nl(100),
        &[BIG; 3],
        vec![raise(0, 100), call(1, 100), call(2, 100)],
    );
    assert!(findings(&h).is_empty());
    assert_eq!(next_action(&h), Ok(Next::Deal { round: 1 }));
    let h = then(&h, vec![board("2c 7d Ks"), bet(1, 100), call(2, 150)]);
    assert_eq!(findings(&h), vec![(7, "underRaise")]);
    // Fixed limit: the small bet on the flop, the big bet on the turn.
    let mut steps = vec![call(0, 100), call(1, 100), check(2), board("2c 7d Ks")];
    let h = three(fl(100, 200), &[BIG; 3], steps.clone());
    assert_eq!(raise_range(&h), Some((100, 100)));
    steps.extend([check(1), check(2), check(0), board("9h")]);
    let h = three(fl(100, 200), &[BIG; 3], steps);
    assert_eq!(raise_range(&h), Some((200, 200)));
}

#[test]
fn rules_16_2_who_acts_clockwise_after_the_opener_then_the_button() {
    let h = three(nl(100), &[BIG; 3], vec![]);
    assert_eq!(to_act(&h).0, 0);
    // A straddle on seat 1 opens: the button (seat 4) acts first.
    let steps = vec![sb(1, 50), bb(2, 100), post(3, Forced::Straddle, 200)];
    let h = hand(nl(100), &[BIG; 5], 1, steps);
    assert_eq!(to_act(&h).0, 4);
    assert_eq!(call_to(&h), Some(200));
    // Heads-up the button posts the small blind, first preflop, last after.
    let h = hand(nl(100), &[BIG; 2], 1, vec![sb(0, 50), bb(1, 100)]);
    assert_eq!(to_act(&h).0, 0);
    let h = then(&h, vec![call(0, 100), check(1), board("2c 7d Ks")]);
    assert_eq!(to_act(&h).0, 1);
    // Out of turn: a finding, and play goes on from the actor.
    let h = three(nl(100), &[BIG; 3], vec![call(1, 100)]);
    assert_eq!(findings(&h), vec![(2, "outOfTurn")]);
    assert_eq!(to_act(&h).0, 2);
    // All in and folded players are skipped.
    let h = three(nl(100), &[500, BIG, BIG], vec![raise(0, 500), fold(1)]);
    let h = then(&h, vec![call(2, 500)]);
    assert_eq!(next_action(&h), Ok(Next::Over(End::RunOut { round: 0 })));
}

/// A seat sitting the hand out (OHH's `is_sitting_out`) is at the table
/// but not dealt in: play skips it, it is settled folded with nothing in,
/// and a table left with one player dealt in has no hand.
#[test]
fn rules_16_2_a_player_sitting_out_is_not_dealt_in() {
    // Four seats, the button on seat 1; seat 4 (player 3) sits out, so
    // after the blinds the button acts first, as three-handed.
    let mut h = hand(nl(100), &[BIG; 4], 1, vec![sb(1, 50), bb(2, 100)]);
    h.seats[3].sitting_out = true;
    assert_eq!(to_act(&h).0, 0);
    let h = then(&h, vec![raise(0, 300), fold(1), fold(2)]);
    assert_eq!(
        next_action(&h),
        Ok(Next::Over(End::Uncontested { winner: 0 }))
    );
    let d = derive_betting(&h).expect("an ended hand");
    assert_eq!(d.committed, vec![300, 50, 100, 0]);
    assert_eq!(d.folded, vec![false, true, true, true]);
    // Dealt in, the same player would be first to act (under the gun).
    let mut dealt = h.clone();
    dealt.seats[3].sitting_out = false;
    dealt.steps.truncate(2);
    assert_eq!(to_act(&dealt).0, 3);
    // An action by a player sitting out is refused, as after a fold.
    let mut acts = hand(
        nl(100),
        &[BIG; 3],
        1,
        vec![sb(1, 50), bb(2, 100), call(0, 100)],
    );
    acts.seats[0].sitting_out = true;
    assert_eq!(
        replay_betting(&acts).map(|_| ()),
        Err(BettingError {
            step: Some(2),
            refusal: R::AfterFold { player: 0 }
        })
    );
    // Two seats, one sitting out: no hand to play.
    let mut alone = hand(nl(100), &[BIG; 2], 1, vec![]);
    alone.seats[1].sitting_out = true;
    assert_eq!(
        next_action(&alone),
        Err(BettingError {
            step: None,
            refusal: R::TooFewPlayers
        })
    );
}

#[test]
fn rules_16_3_facing_a_bet_fold_call_or_raise_else_check_or_bet() {
    let h = three(nl(100), &[BIG; 3], vec![]);
    let (_, o) = to_act(&h);
    assert!(o.fold && !o.check);
    assert_eq!(o.call.map(|c| (c.to, c.all_in)), Some((100, false)));
    assert_eq!(
        o.raise.map(|r| (r.kind, r.min, r.max)),
        Some((Aggression::Raise, 200, BIG))
    );
    let h = three(nl(100), &[BIG; 3], vec![call(0, 100), call(1, 100)]);
    let (_, o) = to_act(&h);
    assert!(o.check && o.call.is_none());
    // Folding when a check is open stands.
    assert!(findings(&then(&h, vec![fold(2)])).is_empty());
    assert_eq!(findings(&then(&h, vec![check(2)])), vec![]);
    let h = three(nl(100), &[BIG; 3], vec![check(0)]);
    assert_eq!(findings(&h), vec![(2, "checkFacingBet")]);
}

#[test]
fn rules_16_3_no_limit_minimums_and_short_all_ins() {
    let h = three(nl(100), &[BIG, BIG, BIG], vec![raise(0, 150)]);
    assert_eq!(findings(&h), vec![(2, "underRaise")]);
    // An all-in below the minimum is allowed and leaves the largest raise.
    let h = three(nl(100), &[150, BIG, BIG], vec![raise(0, 150)]);
    assert!(findings(&h).is_empty());
    assert_eq!(raise_range(&h).map(|r| r.0), Some(250));
    // The opening bet after the flop is at least the minimum bet.
    let steps = vec![
        call(0, 100),
        call(1, 100),
        check(2),
        board("2c 7d Ks"),
        bet(1, 50),
    ];
    assert_eq!(
        findings(&three(nl(100), &[BIG; 3], steps)),
        vec![(6, "underBet")]
    );
}

#[test]
fn rules_16_3_fixed_limit_unit_and_cap_heads_up_too() {
    let steps = vec![raise(0, 200), raise(1, 300), raise(2, 400)];
    let h = three(fl(100, 200), &[BIG; 3], steps);
    assert!(findings(&h).is_empty());
    assert_eq!(raise_range(&h), None);
    assert_eq!(
        findings(&then(&h, vec![raise(0, 500)])),
        vec![(5, "overCap")]
    );
    assert_eq!(
        findings(&three(fl(100, 200), &[BIG; 3], vec![raise(0, 250)])),
        vec![(2, "limitSize")]
    );
    // Heads-up: capped unless `cap_heads_up` is false.
    let steps = vec![
        sb(0, 50),
        bb(1, 100),
        raise(0, 200),
        raise(1, 300),
        raise(0, 400),
    ];
    let h = hand(fl(100, 200), &[BIG; 2], 1, steps.clone());
    assert_eq!(raise_range(&h), None);
    let mut no_cap = Limits::new(100, 200);
    no_cap.cap_heads_up = false;
    let h = hand(Structure::FixedLimit(no_cap), &[BIG; 2], 1, steps);
    assert_eq!(raise_range(&h), Some((500, 500)));
}

#[test]
fn rules_16_3_nobody_to_call_a_raise_to_the_covering_stack() {
    // The big blind has 250 in all: a raise to 250 is allowed below 300.
    let steps = vec![call(0, 100), fold(1)];
    let h = three(nl(100), &[BIG, BIG, 250], steps.clone());
    assert!(findings(&then(&h, vec![])).is_empty());
    let h = three(nl(100), &[BIG, BIG, 250], vec![raise(0, 250)]);
    assert!(findings(&h).is_empty());
    // Every other player still in is all in: no raise is open.
    let steps = vec![raise(0, 1000), fold(1)];
    let h = three(nl(100), &[BIG, BIG, 600], steps);
    let h = then(&h, vec![call(2, 600)]);
    assert!(findings(&h).is_empty());
    let h = three(nl(100), &[1000, BIG, BIG], vec![raise(0, 1000), fold(1)]);
    assert_eq!(raise_range(&h), None);
    let h = three(nl(100), &[BIG, BIG, BIG], vec![raise(0, 9000), fold(1)]);
    assert_eq!(raise_range(&h).map(|r| r.0), Some(BIG));
    // Over a player who can only call all in for less, a raise is open.
    let h = three(nl(100), &[300, BIG, BIG], vec![call(0, 100), call(1, 100)]);
    assert_eq!(raise_range(&h).map(|r| r.0), Some(200));
}

/// §16.3, nobody to call: with 120 and 150 behind the blinds, a raise over
/// the big blind must reach 200 or be exactly 150, what the others can
/// match; 170 is neither.
#[test]
fn rules_16_3_nobody_to_call_match_all_is_the_one_total_below_the_minimum() {
    let h = three(nl(100), &[BIG, 120, 150], vec![]);
    let (player, o) = to_act(&h);
    assert_eq!(player, 0);
    let r = o.raise.expect("a raise is open");
    assert_eq!((r.min, r.max, r.match_all), (200, BIG, Some(150)));
    for (to, found) in [(150, vec![]), (200, vec![]), (170, vec![(2, "underRaise")])] {
        let h = three(nl(100), &[BIG, 120, 150], vec![raise(0, to)]);
        assert_eq!(findings(&h), found, "raise to {to}");
    }
    // Above the minimum there is nothing to add.
    let h = three(nl(100), &[BIG, 120, 250], vec![]);
    assert_eq!(to_act(&h).1.raise.and_then(|r| r.match_all), None);
}

#[test]
fn rules_16_3_reopening_only_by_a_full_raise() {
    let steps = vec![
        call(0, 100),
        call(1, 100),
        raise(2, 300),
        call(0, 300),
        raise(1, 350),
    ];
    let h = three(nl(100), &[BIG, 350, BIG], steps);
    assert!(findings(&h).is_empty());
    assert_eq!(to_act(&h).0, 2);
    assert_eq!(raise_range(&h), None);
    assert_eq!(
        findings(&then(&h, vec![raise(2, 600)])),
        vec![(7, "notReopened")]
    );
}

#[test]
fn rules_16_4_the_end_of_a_round_and_of_the_hand() {
    // The big blind's option closes the first round.
    let h = three(nl(100), &[BIG; 3], vec![call(0, 100), call(1, 100)]);
    assert_eq!(to_act(&h).0, 2);
    assert!(raise_range(&h).is_some());
    // One player left: uncontested.
    let h = three(nl(100), &[BIG; 3], vec![fold(0), fold(1)]);
    assert_eq!(
        next_action(&h),
        Ok(Next::Over(End::Uncontested { winner: 2 }))
    );
    // After the river: the showdown, no run-out.
    let mut steps = vec![call(0, 100), call(1, 100), check(2)];
    for cards in ["2c 7d Ks", "9h", "Td"] {
        steps.extend([board(cards), check(1), check(2), check(0)]);
    }
    let h = three(nl(100), &[BIG; 3], steps);
    let d = derive_betting(&h).expect("over");
    assert_eq!((d.end, d.run_out), (End::Showdown, false));
    // A betting action after the end is `bettingOver`.
    assert_eq!(
        findings(&then(&h, vec![bet(1, 100)])),
        vec![(17, "bettingOver")]
    );
}

#[test]
fn rules_16_5_the_settle_request_the_actions_give() {
    let steps = vec![
        post(0, Forced::Ante, 10),
        Step::Act(Action::new(
            0,
            Act::Post {
                forced: Forced::SmallBlind,
                amount: 50,
                dead: true,
            },
        )),
        sb(1, 50),
        bb(2, 100),
        raise(0, 300),
        fold(1),
        call(2, 300),
        board("2c 7d Ks"),
        bet(2, 200),
        raise(0, 600),
        call(2, 600),
        board("9h"),
        board("Td"),
        show(0),
        muck(2),
    ];
    let mut h = three(nl(100), &[960, BIG, BIG], vec![]);
    h.steps = steps;
    let d = derive_betting(&h).expect("over");
    assert_eq!(d.committed, vec![910, 50, 900]);
    assert_eq!(d.dead, vec![50, 0, 0]);
    assert_eq!(d.folded, vec![false, true, true]);
    assert_eq!(d.board.len(), 5);
    assert_eq!(d.last_aggressor, Some(0));
    assert_eq!(d.end, End::RunOut { round: 1 });
    assert!(d.run_out);
    assert_eq!(d.shows, vec![true, false, false]);
    // An ante only the big blind posts is dead.
    let h = three(
        nl(100),
        &[BIG; 3],
        vec![post(2, Forced::Ante, 100), fold(0), fold(1)],
    );
    let d = derive_betting(&h).expect("over");
    assert_eq!((d.committed, d.dead), (vec![0, 50, 100], vec![0, 0, 100]));
    assert_eq!(d.last_aggressor, None);
    // A hand in progress has no settle request.
    let e = derive_betting(&three(nl(100), &[BIG; 3], vec![])).expect_err("in progress");
    assert_eq!(e.refusal, R::NotEnded);
}

#[test]
fn rules_16_6_the_verdict_codes_in_their_order_and_the_refusals() {
    let order = [
        Code::BettingOver,
        Code::OutOfTurn,
        Code::CheckFacingBet,
        Code::UnderCall,
        Code::OverCap,
        Code::NotReopened,
        Code::UnderBet,
        Code::UnderRaise,
        Code::OverPot,
        Code::LimitSize,
    ];
    assert!(order.windows(2).all(|w| w[0] < w[1]));
    assert_eq!(Code::NotReopened.rule(), "TDA 41B");
    // Out of turn and under the minimum: one finding, out of turn; then
    // play goes on from the actor and later findings are read from there.
    let h = three(nl(100), &[BIG; 3], vec![raise(1, 150), check(2)]);
    let v = showdown_core::betting_verdict(&h).expect("played");
    assert!(!v.legal());
    assert_eq!(findings(&h), vec![(2, "outOfTurn"), (3, "checkFacingBet")]);
    let cases: Vec<(Vec<Step>, usize, R)> = vec![
        (vec![call(7, 100)], 2, R::NotInHand { player: 7 }),
        (vec![fold(0), call(0, 100)], 3, R::AfterFold { player: 0 }),
        (
            vec![raise(0, 300), call(0, 300)],
            3,
            R::AfterAllIn { player: 0 },
        ),
        (
            vec![raise(0, 301)],
            2,
            R::OverStack {
                player: 0,
                amount: 301,
                left: 300,
            },
        ),
        (
            vec![raise(0, 250), fold(0)],
            3,
            R::FoldedUncalled { player: 0 },
        ),
    ];
    for (steps, step, r) in cases {
        let h = three(nl(100), &[300, BIG, BIG], steps);
        assert_eq!(
            refusal(&h),
            BettingError {
                step: Some(step),
                refusal: r
            }
        );
    }
    let mut h = three(nl(100), &[BIG; 3], vec![raise(0, 205)]);
    h.chip_unit = 5;
    assert!(replay_betting(&h).is_ok());
    h.steps[2] = raise(0, 207);
    assert_eq!(
        refusal(&h).refusal,
        R::ChipUnit {
            amount: 207,
            unit: 5
        }
    );
    let h = three(nl(100), &[BIG; 3], vec![board("2c 7d"), board("7d")]);
    assert!(matches!(refusal(&h).refusal, R::CardTwice(_)));
}

#[test]
fn rules_16_7_the_next_action_or_why_nobody_acts() {
    let h = three(nl(100), &[BIG, BIG, 80], vec![call(0, 100)]);
    let (player, o) = to_act(&h);
    assert_eq!(player, 1);
    assert_eq!(o.call.map(|c| (c.to, c.all_in)), Some((100, false)));
    let h = three(nl(100), &[BIG, BIG, 500], vec![raise(0, 600), fold(1)]);
    let (_, o) = to_act(&h);
    assert_eq!(o.call.map(|c| (c.to, c.all_in)), Some((500, true)));
    assert_eq!(o.raise, None);
    let h = three(
        nl(100),
        &[BIG; 3],
        vec![call(0, 100), call(1, 100), check(2)],
    );
    assert_eq!(next_action(&h), Ok(Next::Deal { round: 1 }));
    let h = then(&h, vec![board("2c 7d Ks")]);
    let (player, o) = to_act(&h);
    assert_eq!(player, 1);
    assert_eq!(
        o.raise.map(|r| (r.kind, r.min)),
        Some((Aggression::Bet, 100))
    );
}

/// Seven-card stud, fixed limit 20/40, bring-in 10: four players at seats
/// 1-4; player 2 brings in; later streets open with the best hand showing.
fn stud(steps: Vec<Step>) -> showdown_core::BettingHand {
    let mut h = hand(fl(20, 40), &[BIG; 4], 1, vec![post(2, Forced::BringIn, 10)]);
    h.button = None;
    h.game = Game::Stud { low: false };
    h.showing = Some(vec![vec![0; 4], vec![5, 9, 1, 3], vec![0; 4]]);
    h.steps.extend(steps);
    h
}

#[test]
fn rules_16_2_stud_bring_in_then_by_rising_seat_then_best_showing() {
    let h = stud(vec![]);
    let (player, o) = to_act(&h);
    assert_eq!(player, 3);
    assert_eq!(o.call.map(|c| c.to), Some(10));
    assert_eq!(
        o.raise.map(|r| (r.kind, r.min, r.max)),
        Some((Aggression::Complete, 20, 20))
    );
    // Everyone calls the bring-in: the round is over without its poster.
    let called = stud(vec![call(3, 10), call(0, 10), call(1, 10)]);
    assert_eq!(next_action(&called), Ok(Next::Deal { round: 1 }));
    // The completion is the first bet; the bring-in may then raise.
    let h = stud(vec![raise(3, 20), call(0, 20), call(1, 20)]);
    assert!(findings(&h).is_empty());
    assert_eq!(to_act(&h).0, 2);
    assert_eq!(raise_range(&h), Some((40, 40)));
    // Fourth street: the best hand showing (player 1) acts first.
    let h = then(&called, vec![board("As")]);
    assert_eq!(to_act(&h).0, 1);
    assert_eq!(raise_range(&h), Some((20, 20)));
}

#[test]
fn rules_16_1_draw_games_count_their_rounds_and_units() {
    let mut h = three(
        fl(100, 200),
        &[BIG; 3],
        vec![call(0, 100), call(1, 100), check(2)],
    );
    h.game = Game::SingleDraw;
    assert_eq!(next_action(&h), Ok(Next::Deal { round: 1 }));
    let h = then(&h, vec![Step::Act(Action::new(1, Act::Draw))]);
    assert_eq!(raise_range(&h), Some((200, 200)));
    let h = then(&h, vec![check(1), check(2), check(0)]);
    assert_eq!(derive_betting(&h).map(|d| d.end), Ok(End::Showdown));
}

#[test]
fn rules_16_3_a_straddle_over_a_big_blind_all_in_for_less() {
    // The button seat 1, blinds seats 2-3 (the big blind all in for 60),
    // a straddle of 200 on seat 4: seat 5 acts first.
    let steps = vec![sb(1, 50), bb(2, 100), post(3, Forced::Straddle, 200)];
    let h = hand(nl(100), &[BIG, BIG, 60, BIG, BIG], 1, steps);
    assert_eq!(to_act(&h).0, 4);
    assert_eq!(call_to(&h), Some(200));
    assert_eq!(raise_range(&h).map(|r| r.0), Some(400));
    let h = then(&h, vec![call(4, 200), fold(0), fold(1)]);
    // The straddle has its option.
    assert_eq!(to_act(&h).0, 3);
    assert!(raise_range(&h).is_some());
    let h = then(&h, vec![check(3)]);
    let d = derive_betting(&then(&h, vec![board("2c 7d Ks"), bet(3, 100), fold(4)]));
    assert_eq!(
        d.map(|d| (d.committed, d.last_aggressor)),
        Ok((vec![0, 50, 60, 300, 200], Some(3)))
    );
}

#[test]
fn rules_16_5_an_ante_paid_in_part_puts_its_player_all_in() {
    let steps = vec![
        post(0, Forced::Ante, 10),
        post(1, Forced::Ante, 10),
        post(2, Forced::Ante, 10),
    ];
    let mut h = hand(nl(100), &[5, BIG, BIG], 1, steps);
    h.steps.extend([sb(1, 50), bb(2, 100)]);
    // Player 0 is all in for 5 and skipped: the small blind acts first.
    assert_eq!(to_act(&h).0, 1);
    let h = then(&h, vec![call(1, 100)]);
    assert_eq!(to_act(&h).0, 2);
    let mut steps = vec![check(2)];
    for cards in ["2c 7d Ks", "9h", "Td"] {
        steps.extend([board(cards), check(1), check(2)]);
    }
    let d = derive_betting(&then(&h, steps)).expect("over");
    assert_eq!(d.committed, vec![5, 110, 110]);
    assert_eq!((d.end, d.last_aggressor), (End::Showdown, None));
}

/// RULES.md §16.6 (a fold holding the largest bet is refused) and §16.5
/// (a big blind's ante for the table is dead money): the ante is no bet.
/// The big blind of 100 with an ante of 150 for the table folds to a raise
/// to 200: its 100 is not the largest bet, and the fold stands (a real
/// WSOP 2-7 single-draw hand the core once refused).
#[test]
fn rules_16_6_a_big_blind_ante_is_no_bet_its_poster_may_fold_to_a_raise() {
    let steps = vec![
        post(2, Forced::Ante, 150),
        sb(1, 50),
        bb(2, 100),
        raise(0, 200),
        fold(1),
        fold(2),
    ];
    let h = hand(nl(100), &[BIG; 3], 1, steps);
    let d = derive_betting(&h).expect("the fold stands");
    assert_eq!(d.end, End::Uncontested { winner: 0 });
    assert_eq!((d.committed, d.dead), (vec![200, 50, 100], vec![0, 0, 150]));
    // A bet is still a bet: folding the largest one, unmatched, is refused.
    let h = hand(
        nl(100),
        &[BIG; 3],
        1,
        vec![sb(1, 50), bb(2, 100), fold(0), fold(1), fold(2)],
    );
    assert_eq!(refusal(&h).refusal, R::FoldedUncalled { player: 2 });
}

/// RULES.md §16.5: a muck at the showdown counts as folding; the one
/// player left of an uncontested hand has no showdown, and a muck recorded
/// after the others folded (PokerStars writes the winner's `Mucks Cards`)
/// leaves the winner in the hand, taking the pot.
#[test]
fn rules_16_5_an_uncontested_winner_who_mucks_has_not_folded() {
    let h = hand(
        nl(100),
        &[BIG; 3],
        1,
        vec![sb(1, 50), bb(2, 100), fold(0), fold(1), muck(2)],
    );
    let d = derive_betting(&h).expect("over");
    assert_eq!(d.end, End::Uncontested { winner: 2 });
    assert_eq!(d.folded, vec![true, true, false]);
    // At a showdown the muck folds the hand, as before.
    let mut steps = vec![sb(1, 50), bb(2, 100), fold(0), call(1, 100), check(2)];
    for cards in ["2c 7d Ks", "9h", "Td"] {
        steps.extend([board(cards), check(1), check(2)]);
    }
    steps.extend([show(1), muck(2)]);
    let d = derive_betting(&hand(nl(100), &[BIG; 3], 1, steps)).expect("over");
    assert_eq!((d.end, d.folded), (End::Showdown, vec![true, false, true]));
}
