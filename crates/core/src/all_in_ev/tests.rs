//! Worked by hand: a three-way all-in with a side pot, its expectations
//! from shares given as counts, and the refusals of RULES.md §17.5.

use super::*;
use crate::cash_out::CashOutOutcome;
use crate::cash_out_terms::FeeRounding;
use crate::settlement::settle;
use crate::types::{HandStrength, Hands, PlayerInput};

const D: u64 = SHARE_UNITS_PER_RUNOUT;

/// A (seat 1) all in for 100, B (seat 2) and C (seat 3) for 300 each: a
/// main pot of 300 for all three and a side pot of 400 for B and C. A has
/// the best hand, then B.
fn three_way(button_seat: u32) -> (HandInput, Settlement) {
    let player = |seat, chips, value| PlayerInput {
        seat,
        stack: chips,
        committed: chips,
        dead: 0,
        folded: false,
        hands: Some(Hands {
            high: HandStrength { value, chip_key: 0 },
            low: None,
        }),
    };
    let input = HandInput {
        players: vec![player(1, 100, 3), player(2, 300, 2), player(3, 300, 1)],
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat },
        split_game: false,
    };
    let settled = settle(&input).unwrap();
    (input, settled)
}

/// Over 10 run-outs: the main pot A 5, B 3, C 2; the side pot B 6, C 4.
fn shares() -> RunoutShares {
    RunoutShares {
        runouts: 10,
        share_units: vec![vec![5 * D, 3 * D, 2 * D], vec![0, 6 * D, 4 * D]],
    }
}

fn whole(n: i128) -> SignedFraction {
    SignedFraction::new(n, 1).unwrap()
}

#[test]
fn rules_17_2_expected_is_the_sum_over_pots_of_net_times_equity() {
    let (input, settled) = three_way(3);
    let ev = all_in_expectation(&input, &settled, &shares(), &[]).unwrap();
    let expected: Vec<SignedFraction> = ev.iter().map(|e| e.expected.fraction).collect();
    // A: 300 × 5/10; B: 300 × 3/10 + 400 × 6/10; C: 300 × 2/10 + 400 × 4/10.
    assert_eq!(expected, [whole(150), whole(330), whole(220)]);
    let won: Vec<u64> = ev.iter().map(|e| e.won).collect();
    assert_eq!(won, [300, 400, 0]);
    let luck: Vec<i128> = ev.iter().map(|e| e.luck.fraction.numerator).collect();
    assert_eq!(luck, [150, 70, -220]);
    assert_eq!(luck.iter().sum::<i128>(), 0, "§17.3: luck adds up to zero");
}

#[test]
fn rules_17_3_entries_in_seat_order_from_left_of_the_button() {
    let (input, settled) = three_way(1);
    let ev = all_in_expectation(&input, &settled, &shares(), &[]).unwrap();
    let order: Vec<usize> = ev.iter().map(|e| e.player).collect();
    assert_eq!(order, [1, 2, 0], "seats 2, 3, then the button's seat 1");
}

#[test]
fn rules_17_3_fractions_stay_exact_and_chips_round_half_away_from_zero() {
    let (input, settled) = three_way(3);
    // Three run-outs: the main pot A 1, B 1, C 1; the side pot B 2, C 1.
    let thirds = RunoutShares {
        runouts: 3,
        share_units: vec![vec![D, D, D], vec![0, 2 * D, D]],
    };
    let ev = all_in_expectation(&input, &settled, &thirds, &[]).unwrap();
    let b = &ev[1];
    // 300/3 + 400 × 2/3 = 1100/3 = 366.67: 367 chips.
    assert_eq!(b.expected.fraction, SignedFraction::new(1100, 3).unwrap());
    assert_eq!(b.expected.chips, 367);
    // 400 − 1100/3 = 100/3 = 33.33: 33 chips, not 400 − 367.
    assert_eq!(b.luck.fraction, SignedFraction::new(100, 3).unwrap());
    assert_eq!(b.luck.chips, 33);
    let sum: SignedFraction = ev.iter().fold(whole(0), |acc, e| {
        let f = e.expected.fraction;
        let d = acc.denominator * f.denominator;
        let n = acc.numerator * f.denominator as i128 + f.numerator * acc.denominator as i128;
        SignedFraction::new(n, d).unwrap()
    });
    assert_eq!(sum, whole(700), "§17.3: the pots' net total exactly");
}

#[test]
fn rules_17_4_a_cashed_out_player_won_their_amount_and_luck_sums_to_minus_the_balance() {
    let (input, settled) = three_way(3);
    let cash_out = CashOutOutcome {
        player: 1,
        board_cards: 0,
        fee_bp: 0,
        fee_rounding: FeeRounding::Down,
        runouts: 10,
        pots: vec![],
        value: 330,
        amount: 320,
        fee: 10,
        forfeited: 400,
    };
    let ev = all_in_expectation(&input, &settled, &shares(), &[cash_out]).unwrap();
    assert_eq!(ev[1].expected.fraction, whole(330), "the same expectation");
    assert_eq!(ev[1].won, 320);
    let luck: i128 = ev.iter().map(|e| e.luck.fraction.numerator).sum();
    // The house's balance is forfeited − amount = 80.
    assert_eq!(luck, -80);
}

#[test]
fn rules_17_3_an_uncontested_hand_answers_its_one_player_expected_equal_to_won() {
    let (mut input, _) = three_way(3);
    input.players[1].folded = true;
    input.players[2].folded = true;
    input.players[1].committed = 100;
    input.players[2].committed = 100;
    for p in &mut input.players {
        p.hands = None;
    }
    let settled = settle(&input).unwrap();
    let shares = RunoutShares::settled(&settled, 3);
    let ev = all_in_expectation(&input, &settled, &shares, &[]).unwrap();
    assert_eq!(ev.len(), 1);
    assert_eq!(ev[0].expected.fraction, whole(300));
    assert_eq!(ev[0].won, 300);
    assert_eq!(ev[0].luck.fraction, whole(0));
}

#[test]
fn shares_that_do_not_cover_a_pot_are_refused_not_counted() {
    let (input, settled) = three_way(3);
    let mut short = shares();
    short.share_units[1][2] -= 1;
    let err = all_in_expectation(&input, &settled, &short, &[]).unwrap_err();
    assert_eq!(err, AllInEvError::Shares(1));
    let mut outside = shares();
    outside.share_units[1] = vec![D, 5 * D, 4 * D];
    let err = all_in_expectation(&input, &settled, &outside, &[]).unwrap_err();
    assert_eq!(err, AllInEvError::Shares(1), "A is not in the side pot");
}

#[test]
fn rules_17_5_every_refusal_at_its_place() {
    let fine = AllInEvHand {
        game_allowed: true,
        board_cards: 3,
        shared_cards: 5,
        live_not_all_in: 1,
    };
    assert!(all_in_ev_problems(&fine).is_empty());
    let at = |h: AllInEvHand| -> Vec<(AllInEvAt, AllInEvRefusal)> {
        all_in_ev_problems(&h)
            .into_iter()
            .map(|p| (p.at, p.refusal))
            .collect()
    };
    let game = AllInEvHand {
        game_allowed: false,
        ..fine
    };
    assert_eq!(at(game), [(AllInEvAt::Request, AllInEvRefusal::Game)]);
    let five = AllInEvHand {
        board_cards: 5,
        ..fine
    };
    assert_eq!(
        at(five),
        [(AllInEvAt::BoardCards, AllInEvRefusal::BoardCards(5))]
    );
    let past = AllInEvHand {
        board_cards: 4,
        shared_cards: 3,
        ..fine
    };
    let refusal = AllInEvRefusal::PastShared {
        board_cards: 4,
        shared: 3,
    };
    assert_eq!(at(past), [(AllInEvAt::BoardCards, refusal)]);
    let open = AllInEvHand {
        live_not_all_in: 2,
        ..fine
    };
    assert_eq!(
        at(open),
        [(AllInEvAt::Request, AllInEvRefusal::BettingOpen(2))]
    );
}
