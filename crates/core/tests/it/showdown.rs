//! RULES.md §15: who shows, in what order, who may muck; each worked
//! example and rule a test named after it.

use crate::common::{folded, holdem, hs, live};
use showdown_core::{
    settle, settle_boards, showdown, AllFaceUp, FaceUp, HandInput, Hands, Muck, OddChipOrder,
    PlayerInput, ShowEntries, ShowOrder, ShowdownError, ShowdownHand, ShowdownRefusal,
    ShowdownTerms, Why,
};

const BOARD: &str = "Kd 9s 8c 7h 2d";
const TWO_PAIR: &str = "Ks 9h";
const PAIR: &str = "Qc Qd";
const STRAIGHT: &str = "Tc 6c";

fn hand(players: Vec<PlayerInput>, split_game: bool) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat: 1 },
        split_game,
    }
}

/// The showdown of `input` as (core index, shown, why).
fn run(input: &HandInput, shows: &[bool], terms: ShowdownTerms) -> Vec<(usize, bool, Why)> {
    let s = settle(input).unwrap();
    let h = ShowdownHand {
        input,
        more_boards: &[],
        pots: &s.pots,
        shows,
        jackpot: &[],
        showing: None,
    };
    entries(showdown(&h, &terms).unwrap())
}

fn entries(e: ShowEntries) -> Vec<(usize, bool, Why)> {
    e.into_iter().map(|e| (e.player, e.shown, e.why)).collect()
}

/// Example 15.1's table: A seat 2, B seat 4, C seat 6, 100 each.
fn three_handed() -> HandInput {
    hand(
        vec![
            holdem(2, 1000, 100, TWO_PAIR, BOARD),
            holdem(4, 1000, 100, PAIR, BOARD),
            holdem(6, 1000, 100, STRAIGHT, BOARD),
        ],
        false,
    )
}

/// Example 15.3's table: A all in for 100 with the straight, B and C put
/// in 300 each, B two pair, C a pair.
fn all_in_hand() -> HandInput {
    hand(
        vec![
            holdem(2, 100, 100, STRAIGHT, BOARD),
            holdem(4, 1000, 300, TWO_PAIR, BOARD),
            holdem(6, 1000, 300, PAIR, BOARD),
        ],
        false,
    )
}

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;

#[test]
fn rules_15_1_checked_river_first_seat_after_button_shows_first() {
    let got = run(&three_handed(), &[false; 3], ShowdownTerms::default());
    assert_eq!(
        got,
        [
            (A, true, Why::First),
            (B, false, Why::Beaten),
            (C, true, Why::Contends)
        ]
    );
}

#[test]
fn rules_15_2_last_aggressor_shows_first_the_beaten_muck() {
    let terms = ShowdownTerms {
        last_aggressor: Some(C),
        ..Default::default()
    };
    let got = run(&three_handed(), &[false; 3], terms);
    assert_eq!(
        got,
        [
            (C, true, Why::First),
            (A, false, Why::Beaten),
            (B, false, Why::Beaten)
        ]
    );
    let got = run(&three_handed(), &[true, false, false], terms);
    assert_eq!(
        got,
        [
            (C, true, Why::First),
            (A, true, Why::Chose),
            (B, false, Why::Beaten)
        ]
    );
}

#[test]
fn rules_15_3_face_up_all_in_shows_every_hand_from_the_aggressor() {
    let terms = ShowdownTerms {
        last_aggressor: Some(B),
        ..Default::default()
    };
    let got = run(&all_in_hand(), &[false; 3], terms);
    assert_eq!(
        got,
        [
            (B, true, Why::AllIn),
            (C, true, Why::AllIn),
            (A, true, Why::AllIn)
        ]
    );
}

#[test]
fn rules_15_3_betting_on_is_an_ordinary_showdown_by_action_and_by_pots() {
    let want = [
        (B, true, Why::First),
        (C, false, Why::Beaten),
        (A, true, Why::Contends),
    ];
    for face_up in [FaceUp::BettingOver, FaceUp::RunOut] {
        for order in [ShowOrder::Action, ShowOrder::Pots] {
            let terms = ShowdownTerms {
                last_aggressor: Some(B),
                face_up,
                order,
                ..Default::default()
            };
            assert_eq!(
                run(&all_in_hand(), &[false; 3], terms),
                want,
                "{face_up:?} {order:?}"
            );
        }
    }
    // The chips: A the main pot, B the side pot.
    let s = settle(&all_in_hand()).unwrap();
    assert_eq!(s.pots[0].shares[0].player, A);
    assert_eq!(s.pots[1].shares[0].player, B);
}

#[test]
fn rules_15_4_by_seat_a_later_player_opens_the_side_pot() {
    let terms = ShowdownTerms {
        last_aggressor: Some(B),
        face_up: FaceUp::BettingOver,
        order: ShowOrder::Seat,
        ..Default::default()
    };
    let got = run(&all_in_hand(), &[false; 3], terms);
    assert_eq!(
        got,
        [
            (A, true, Why::First),
            (B, true, Why::Opens),
            (C, false, Why::Beaten)
        ]
    );
}

#[test]
fn rules_15_4_without_a_bet_the_first_to_act_is_not_all_in() {
    // Button seat 1: A (seat 2) is all in, so B acts first.
    let terms = ShowdownTerms {
        face_up: FaceUp::RunOut,
        ..Default::default()
    };
    let got = run(&all_in_hand(), &[false; 3], terms);
    assert_eq!(
        got,
        [
            (B, true, Why::First),
            (C, false, Why::Beaten),
            (A, true, Why::Contends)
        ]
    );
}

#[test]
fn rules_15_4_pots_at_a_run_out_start_each_pot_clockwise_from_the_button() {
    // B all in for 300 too: one left to bet, C; a run-out. The side pot is
    // B's and C's; without a first to bet, B (seat 4) leads it, then A.
    let mut input = all_in_hand();
    input.players[B].stack = 300;
    let terms = ShowdownTerms {
        last_aggressor: Some(C),
        run_out: true,
        face_up: FaceUp::AllIn,
        order: ShowOrder::Pots,
        ..Default::default()
    };
    let got = run(&input, &[false; 3], terms);
    assert_eq!(
        got,
        [
            (B, true, Why::AllIn),
            (C, true, Why::AllIn),
            (A, true, Why::AllIn)
        ]
    );
    // By action the aggressor C would lead.
    let by_action = ShowdownTerms {
        order: ShowOrder::Action,
        ..terms
    };
    assert_eq!(run(&input, &[false; 3], by_action)[0].0, C);
}

#[test]
fn rules_15_4_face_up_order_applies_only_face_up() {
    let terms = ShowdownTerms {
        last_aggressor: Some(C),
        face_up_order: Some(ShowOrder::Seat),
        ..Default::default()
    };
    // Face up (A all in): by seat.
    let got = run(&all_in_hand(), &[false; 3], terms);
    assert_eq!(got.iter().map(|e| e.0).collect::<Vec<_>>(), [A, B, C]);
    // Not face up: by action, from C.
    let got = run(&three_handed(), &[false; 3], terms);
    assert_eq!(got.iter().map(|e| e.0).collect::<Vec<_>>(), [C, A, B]);
}

#[test]
fn rules_15_3_muck_none_shows_every_live_hand() {
    let terms = ShowdownTerms {
        last_aggressor: Some(C),
        muck: Muck::None,
        ..Default::default()
    };
    let got = run(&three_handed(), &[false; 3], terms);
    assert!(got.iter().all(|e| e.1 && e.2 == Why::ShowAll), "{got:?}");
}

#[test]
fn rules_15_3_a_tie_is_shown() {
    let input = hand(
        vec![
            holdem(2, 1000, 100, "Tc 6c", BOARD),
            holdem(4, 1000, 100, "Th 6h", BOARD),
        ],
        false,
    );
    let got = run(&input, &[false; 2], ShowdownTerms::default());
    assert_eq!(got, [(0, true, Why::First), (1, true, Why::Contends)]);
}

#[test]
fn rules_15_3_a_qualifying_low_contends_where_no_low_was_shown() {
    // High values 900 > 500 > 400; lows: B 30 qualifies, C none, D 20.
    let input = hand(
        vec![
            live(2, 100, hs(900, 0), None),
            live(4, 100, hs(500, 0), Some(hs(30, 0))),
            live(6, 100, hs(400, 0), None),
            live(8, 100, hs(300, 0), Some(hs(20, 0))),
        ],
        true,
    );
    let got = run(&input, &[false; 4], ShowdownTerms::default());
    assert_eq!(
        got,
        [
            (0, true, Why::First),
            (1, true, Why::Contends),
            (2, false, Why::Beaten),
            (3, false, Why::Beaten),
        ]
    );
}

#[test]
fn rules_15_3_several_boards_a_hand_contends_on_any_board() {
    // Board 1: A beats B; board 2: B beats A.
    let input = hand(
        vec![
            live(2, 100, hs(900, 0), None),
            live(4, 100, hs(500, 0), None),
        ],
        false,
    );
    let more = vec![vec![
        Some(Hands {
            high: hs(100, 0),
            low: None,
        }),
        Some(Hands {
            high: hs(200, 0),
            low: None,
        }),
    ]];
    let s = settle_boards(&input, &more).unwrap().settlement;
    let h = ShowdownHand {
        input: &input,
        more_boards: &more,
        pots: &s.pots,
        shows: &[false; 2],
        jackpot: &[],
        showing: None,
    };
    let got = entries(showdown(&h, &ShowdownTerms::default()).unwrap());
    assert_eq!(got, [(0, true, Why::First), (1, true, Why::Contends)]);
}

#[test]
fn rules_15_4_stud_best_hand_showing_first_equal_to_lower_seat() {
    let input = HandInput {
        order: OddChipOrder::Stud,
        ..hand(
            vec![
                live(1, 100, hs(500, 0), None),
                live(3, 100, hs(900, 0), None),
                live(5, 100, hs(100, 0), None),
            ],
            false,
        )
    };
    let s = settle(&input).unwrap();
    for (showing, want) in [
        ([1, 7, 7], [1, 2, 0]),
        ([9, 2, 9], [0, 1, 2]),
        ([1, 2, 3], [2, 0, 1]),
    ] {
        let h = ShowdownHand {
            input: &input,
            more_boards: &[],
            pots: &s.pots,
            shows: &[false; 3],
            jackpot: &[],
            showing: Some(&showing),
        };
        let got = showdown(&h, &ShowdownTerms::default()).unwrap();
        assert_eq!(got.iter().map(|e| e.player).collect::<Vec<_>>(), want);
    }
}

#[test]
fn rules_15_5_uncontested_hand_lists_its_one_player() {
    let input = hand(
        vec![
            folded(2, 50),
            holdem(4, 1000, 100, PAIR, BOARD),
            folded(6, 50),
        ],
        false,
    );
    let terms = ShowdownTerms {
        muck: Muck::None,
        ..Default::default()
    };
    assert_eq!(
        run(&input, &[false; 3], terms),
        [(1, false, Why::Uncontested)]
    );
    assert_eq!(
        run(&input, &[false, true, false], terms),
        [(1, true, Why::Chose)]
    );
}

#[test]
fn rules_15_7_guard_rails_refuse_what_cannot_be() {
    let input = hand(
        vec![
            folded(2, 50),
            holdem(4, 1000, 100, PAIR, BOARD),
            holdem(6, 1000, 100, TWO_PAIR, BOARD),
        ],
        false,
    );
    let s = settle(&input).unwrap();
    let h = |shows: &'static [bool]| ShowdownHand {
        input: &input,
        more_boards: &[],
        pots: &s.pots,
        shows,
        jackpot: &[],
        showing: None,
    };
    let aggressor = ShowdownTerms {
        last_aggressor: Some(0),
        ..Default::default()
    };
    assert_eq!(
        showdown(&h(&[false; 3]), &aggressor),
        Err(ShowdownError::Refused(ShowdownRefusal::FoldedAggressor))
    );
    let nobody = ShowdownTerms {
        last_aggressor: Some(3),
        ..Default::default()
    };
    assert_eq!(
        showdown(&h(&[false; 3]), &nobody),
        Err(ShowdownError::Refused(ShowdownRefusal::UnknownAggressor))
    );
    let run_out = ShowdownTerms {
        run_out: true,
        ..Default::default()
    };
    assert_eq!(
        showdown(&h(&[false; 3]), &run_out),
        Err(ShowdownError::Refused(ShowdownRefusal::RunOut(2)))
    );
    assert_eq!(
        showdown(&h(&[true, false, false]), &ShowdownTerms::default()),
        Err(ShowdownError::Refused(ShowdownRefusal::FoldedShows(0)))
    );
}

/// A pot left to one live player: A (seat 2) all in for 100 with the
/// straight, B (seat 4) 300 with the queens, C (seat 6) 300 and folded.
/// The main pot (300) is A's and B's; the side pot (400) B's alone.
fn one_live_in_the_side_pot() -> HandInput {
    hand(
        vec![
            holdem(2, 100, 100, STRAIGHT, BOARD),
            holdem(4, 1000, 300, PAIR, BOARD),
            folded(6, 300),
        ],
        false,
    )
}

#[test]
fn rules_15_3_a_pot_left_to_one_live_player_is_won_unseen() {
    let input = one_live_in_the_side_pot();
    let s = settle(&input).unwrap();
    assert_eq!(s.pots[1].eligible, [B]);
    // By seat (the general path) and from A as the last aggressor (the
    // one pass): A shows first; B is beaten in the one pot contested and
    // mucks, although nobody showed for the side pot B takes unseen.
    for (order, aggressor) in [(ShowOrder::Seat, None), (ShowOrder::Action, Some(A))] {
        let terms = ShowdownTerms {
            face_up: FaceUp::RunOut,
            order,
            last_aggressor: aggressor,
            ..Default::default()
        };
        let got = run(&input, &[false; 3], terms);
        assert_eq!(got, [(A, true, Why::First), (B, false, Why::Beaten)]);
        let chose = run(&input, &[false, true, false], terms);
        assert_eq!(chose, [(A, true, Why::First), (B, true, Why::Chose)]);
    }
    // B first: the main pot has nobody shown yet, so B shows for it.
    let terms = ShowdownTerms {
        face_up: FaceUp::RunOut,
        last_aggressor: Some(B),
        ..Default::default()
    };
    let got = run(&input, &[false; 3], terms);
    assert_eq!(got, [(B, true, Why::First), (A, true, Why::Contends)]);
}

#[test]
fn rules_15_1_a_fold_that_ends_the_round_leaves_its_raiser_first() {
    // A (seat 2) moves all in for 100, B (seat 4) raises to 300, C (seat
    // 6) calls all in for 300, D (seat 8) folds: the betting ends on that
    // round and the board is run out. B bet last there, so B shows first.
    let input = hand(
        vec![
            holdem(2, 100, 100, STRAIGHT, BOARD),
            holdem(4, 1000, 300, TWO_PAIR, BOARD),
            holdem(6, 300, 300, PAIR, BOARD),
            folded(8, 100),
        ],
        false,
    );
    for face_up in [FaceUp::AllIn, FaceUp::BettingOver, FaceUp::RunOut] {
        let terms = ShowdownTerms {
            last_aggressor: Some(B),
            run_out: true,
            face_up,
            ..Default::default()
        };
        let got = run(&input, &[false; 4], terms);
        assert_eq!(
            got,
            [
                (B, true, Why::AllIn),
                (C, true, Why::AllIn),
                (A, true, Why::AllIn)
            ]
        );
    }
}

#[test]
fn rules_15_8_a_cash_out_turns_every_hand_face_up() {
    // Example 15.3 under `bettingOver`, where C would muck: with a
    // cash-out every live hand is turned up, in the order of the action.
    let terms = ShowdownTerms {
        last_aggressor: Some(B),
        face_up: FaceUp::BettingOver,
        all_face_up: Some(AllFaceUp::CashOut),
        ..Default::default()
    };
    let got = run(&all_in_hand(), &[false; 3], terms);
    assert_eq!(
        got,
        [
            (B, true, Why::AllIn),
            (C, true, Why::AllIn),
            (A, true, Why::AllIn)
        ]
    );
    assert!(showdown_core::showdown::is_face_up(&all_in_hand(), &terms));
}

/// Example 15.2's hand (C bets, A and B call) with the jackpot paying
/// `jackpot`'s players, as (core index, shown, why).
fn paid(shows: &[bool], jackpot: &[bool], terms: ShowdownTerms) -> Vec<(usize, bool, Why)> {
    let input = three_handed();
    let s = settle(&input).unwrap();
    let h = ShowdownHand {
        input: &input,
        more_boards: &[],
        pots: &s.pots,
        shows,
        jackpot,
        showing: None,
    };
    entries(showdown(&h, &terms).unwrap())
}

#[test]
fn rules_15_8_the_hands_the_jackpot_pays_are_shown() {
    let terms = ShowdownTerms {
        last_aggressor: Some(C),
        ..Default::default()
    };
    // The jackpot pays C (the winner) and A (the loser): A is turned up
    // where it would be mucked; B, paid no hand's share, still mucks.
    let jackpot = [true, false, true];
    let want = [
        (C, true, Why::First),
        (A, true, Why::BadBeat),
        (B, false, Why::Beaten),
    ];
    assert_eq!(paid(&[false; 3], &jackpot, terms), want);
    // A hand shown by choice stays `chose`; `muck: none` stays `showAll`.
    let chose = paid(&[true, false, false], &jackpot, terms);
    assert_eq!(chose[1], (A, true, Why::Chose));
    let all = ShowdownTerms {
        muck: Muck::None,
        ..terms
    };
    assert!(paid(&[false; 3], &jackpot, all)
        .iter()
        .all(|e| e.1 && e.2 == Why::ShowAll));
    // Without a jackpot the hand is example 15.2's.
    assert_eq!(paid(&[false; 3], &[], terms)[1], (A, false, Why::Beaten));
}
