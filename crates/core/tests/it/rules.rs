//! One test per rule of RULES.md §1–4 at the level of `settle` (the worked
//! examples of §5 are in `worked_examples.rs`).

use crate::common::{folded, hs, live};
use showdown_core::{
    settle, CardsRefusal, ChipAmount as A, ChipsRefusal as R, Half, HandInput, HandRefusal, Hands,
    OddChipOrder, PlayerInput, Reason, SeatingAt, SeatingRefusal, SettleError, Share, Uncalled,
    Unit, MAX_AMOUNT,
};

/// The core's refusal of a player's chips (`None`: the hand's dead money).
fn chips(player: Option<usize>, refusal: R) -> SettleError {
    SettleError::Chips { player, refusal }
}

fn holdem(players: Vec<PlayerInput>, button_seat: u32) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat },
        split_game: false,
    }
}

fn stud8(players: Vec<PlayerInput>, dead_money: u64) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money,
        order: OddChipOrder::Stud,
        split_game: true,
    }
}

fn share(player: usize, half: Half, amount: u64, odd_chips: u64) -> Share {
    Share {
        player,
        half,
        amount,
        odd_chips,
    }
}

#[test]
fn rules_2_1_uncalled_bet_goes_back_and_counts_in_final_stack() {
    // A bets 300, B calls 100 all-in: 200 never called.
    let s = settle(&holdem(
        vec![live(1, 300, hs(1, 0), None), live(2, 100, hs(2, 0), None)],
        1,
    ))
    .unwrap();
    assert_eq!(
        s.uncalled,
        vec![Uncalled {
            player: 0,
            amount: 200
        }]
    );
    assert_eq!(s.pots.len(), 1);
    assert_eq!(s.pots[0].amount, 200);
    assert_eq!(s.won, vec![0, 200]);
    assert_eq!(s.final_stacks, vec![900, 1_100]);
}

#[test]
fn rules_2_1_folded_player_holding_uncalled_bet_is_impossible() {
    let input = holdem(
        vec![
            folded(1, 500),
            live(2, 100, hs(1, 0), None),
            live(3, 100, hs(1, 0), None),
        ],
        1,
    );
    let refused = HandRefusal::FoldedUncalled {
        player: 0,
        committed: 500,
    };
    assert_eq!(settle(&input), Err(SettleError::Hand(refused)));
}

#[test]
fn rules_2_3_uncontested_hand_needs_no_cards() {
    let mut winner = live(2, 50, hs(0, 0), None);
    winner.hands = None;
    let mut input = holdem(vec![folded(1, 10), winner, folded(3, 20)], 3);
    input.dead_money = 5;
    let s = settle(&input).unwrap();
    assert_eq!(s.reason, Reason::Uncontested);
    assert_eq!(
        s.uncalled,
        vec![Uncalled {
            player: 1,
            amount: 30
        }]
    );
    assert_eq!(s.won, vec![0, 55, 0]);
    assert_eq!(s.winners, vec![1]);
    assert_eq!(s.total_winners, 1);
    assert!(!s.tie);
}

#[test]
fn rules_2_3_pot_with_one_eligible_player_awarded_without_showdown() {
    // C is all-in for 100; A and B put in 300 each, then B folded: the side
    // pot of 400 has A alone eligible.
    let players = vec![
        live(1, 300, hs(1, 0), None),
        folded(2, 300),
        live(3, 100, hs(9, 0), None),
    ];
    let s = settle(&holdem(players, 3)).unwrap();
    assert_eq!(
        s.pots.iter().map(|p| p.amount).collect::<Vec<_>>(),
        vec![300, 400]
    );
    assert_eq!(s.pots[1].eligible, vec![0]);
    assert_eq!(s.pots[1].shares, vec![share(0, Half::Whole, 400, 0)]);
    assert_eq!(s.won, vec![400, 0, 300]);
    assert_eq!(s.winners, vec![0, 2]);
}

#[test]
fn rules_3_contested_live_player_without_hand_is_an_error() {
    let mut b = live(2, 100, hs(0, 0), None);
    b.hands = None;
    let input = holdem(vec![live(1, 100, hs(1, 0), None), b], 1);
    let refused = CardsRefusal::LiveWithoutCards { player: 1 };
    assert_eq!(settle(&input), Err(SettleError::Cards(refused)));
}

#[test]
fn rules_3_each_pot_decided_among_its_eligible_players_only_tda_20() {
    // C (best hand) is all-in for the main pot only; B beats A for the side.
    let players = vec![
        live(1, 200, hs(1, 0), None),
        live(2, 200, hs(5, 0), None),
        live(3, 100, hs(9, 0), None),
    ];
    let s = settle(&holdem(players, 1)).unwrap();
    assert_eq!(s.won, vec![0, 200, 300]);
    assert_eq!(s.winners, vec![2, 1]);
}

#[test]
fn roberts_3_7_1_suits_never_break_a_tie_for_a_pot() {
    // Different stud chip keys (suits) but equal values: the pot is split.
    let players = vec![live(1, 50, hs(7, 51), None), live(2, 50, hs(7, 0), None)];
    let s = settle(&HandInput {
        split_game: false,
        ..stud8(players, 0)
    })
    .unwrap();
    assert_eq!(s.won, vec![50, 50]);
    assert!(s.tie);
}

#[test]
fn tda_19_odd_chips_broken_into_the_chip_unit() {
    // 5 units of 25 between two tied hands: 75 and 50, never 62.5.
    let mut input = holdem(
        vec![live(1, 50, hs(3, 0), None), live(2, 50, hs(3, 0), None)],
        2,
    );
    input.chip_unit = 25;
    input.dead_money = 25;
    let s = settle(&input).unwrap();
    assert_eq!(
        s.pots[0].shares,
        vec![share(0, Half::Whole, 75, 1), share(1, Half::Whole, 50, 0)]
    );
}

#[test]
fn tda_19_stud_same_winners_both_halves_use_high_hand_order() {
    // A's low key is greater but B's high key is: split as one, B first.
    let players = vec![
        live(1, 33, hs(4, 10), Some(hs(9, 90))),
        live(2, 33, hs(4, 50), Some(hs(9, 20))),
    ];
    let s = settle(&stud8(players, 1)).unwrap();
    assert_eq!(
        s.pots[0].shares,
        vec![share(1, Half::Whole, 34, 1), share(0, Half::Whole, 33, 0)]
    );
}

#[test]
fn tda_19_stud_low_half_odd_chip_by_low_hand_key() {
    // C wins high alone; A and B tie for low, B's low hand has the greater key.
    let players = vec![
        live(1, 2, hs(1, 90), Some(hs(9, 10))),
        live(2, 2, hs(2, 5), Some(hs(9, 60))),
        live(3, 2, hs(8, 30), None),
    ];
    let s = settle(&stud8(players, 1)).unwrap();
    assert_eq!(s.pots[0].amount, 7);
    assert_eq!(
        s.pots[0].shares,
        vec![
            share(2, Half::High, 4, 0),
            share(1, Half::Low, 2, 1),
            share(0, Half::Low, 1, 0)
        ]
    );
}

#[test]
fn odd_chip_house_rules_two_hand_types_halved_with_odd_unit_to_the_high_side() {
    // Badacey-like: the caller passes the five-card hand as `high` (seed
    // 000); A wins it, B wins the badugi side; 101 chips: 51 and 50.
    let players = vec![
        live(1, 50, hs(9, 0), Some(hs(1, 0))),
        live(2, 50, hs(1, 0), Some(hs(9, 0))),
    ];
    let input = HandInput {
        dead_money: 1,
        split_game: true,
        ..holdem(players, 1)
    };
    let s = settle(&input).unwrap();
    assert_eq!(
        s.pots[0].shares,
        vec![share(0, Half::High, 51, 0), share(1, Half::Low, 50, 0)]
    );
    assert!(!s.tie);
}

#[test]
fn rules_4_qualifying_low_wins_half_even_against_nonqualifiers() {
    let players = vec![
        live(1, 50, hs(9, 0), None),
        live(2, 50, hs(1, 0), Some(hs(2, 0))),
        live(3, 50, hs(2, 0), None),
    ];
    let input = HandInput {
        split_game: true,
        ..holdem(players, 3)
    };
    let s = settle(&input).unwrap();
    assert_eq!(s.won, vec![75, 75, 0]);
}

#[test]
fn rules_1_amounts_are_multiples_of_the_chip_unit() {
    let mut input = holdem(
        vec![live(1, 50, hs(3, 0), None), live(2, 30, hs(3, 0), None)],
        2,
    );
    input.chip_unit = 20;
    input.players[0].stack = 1_000;
    input.players[1].stack = 1_000;
    assert_eq!(
        settle(&input),
        Err(chips(Some(0), R::NotMultiple(A::Committed, 50, 20)))
    );
    input.players[0].committed = 60;
    assert_eq!(
        settle(&input),
        Err(chips(Some(1), R::NotMultiple(A::Committed, 30, 20)))
    );
    input.players[1].committed = 60;
    input.dead_money = 5;
    assert_eq!(
        settle(&input),
        Err(chips(None, R::NotMultiple(A::DeadMoney, 5, 20)))
    );
    input.chip_unit = 0;
    let refusal = R::UnitZero(Unit::Chip);
    assert_eq!(
        settle(&input),
        Err(SettleError::Chips {
            player: None,
            refusal
        })
    );
}

#[test]
fn rules_1_amounts_stay_below_2_pow_53() {
    let mut input = holdem(
        vec![live(1, 50, hs(3, 0), None), live(2, 50, hs(3, 0), None)],
        2,
    );
    input.players[1].stack = MAX_AMOUNT + 1;
    assert_eq!(
        settle(&input),
        Err(chips(Some(1), R::TooLarge(A::Stack, MAX_AMOUNT + 1)))
    );
    // Each amount fits, but the winner's final stack would not.
    input.players[1].stack = MAX_AMOUNT;
    input.players[0].stack = MAX_AMOUNT;
    input.players[0].committed = MAX_AMOUNT;
    input.players[1].committed = MAX_AMOUNT;
    input.players[1].hands = Some(Hands {
        high: hs(9, 0),
        low: None,
    });
    assert_eq!(settle(&input), Err(chips(None, R::HandTotal)));
    input.dead_money = MAX_AMOUNT + 1;
    assert_eq!(
        settle(&input),
        Err(chips(None, R::TooLarge(A::DeadMoney, MAX_AMOUNT + 1)))
    );
}

#[test]
fn api_committed_plus_dead_at_most_stack() {
    let mut input = holdem(
        vec![live(1, 50, hs(3, 0), None), live(2, 50, hs(3, 0), None)],
        2,
    );
    input.players[0].dead = 951;
    let over = R::OverStack {
        committed: 50,
        dead: 951,
        stack: 1_000,
    };
    assert_eq!(settle(&input), Err(chips(Some(0), over)));
}

#[test]
fn api_impossible_tables_are_errors() {
    let one = holdem(vec![live(1, 50, hs(3, 0), None)], 1);
    assert_eq!(
        settle(&one),
        Err(SettleError::Hand(HandRefusal::TooFewPlayers(1)))
    );
    let dup = holdem(
        vec![live(4, 50, hs(3, 0), None), live(4, 50, hs(3, 0), None)],
        1,
    );
    assert_eq!(
        settle(&dup),
        Err(SettleError::Seating {
            at: SeatingAt::Seat(1),
            refusal: SeatingRefusal::DuplicateSeat { seat: 4, first: 0 }
        })
    );
    let none_live = holdem(vec![folded(1, 50), folded(2, 50)], 1);
    assert_eq!(
        settle(&none_live),
        Err(SettleError::Hand(HandRefusal::NoLivePlayer))
    );
}

#[test]
fn api_winners_by_amount_then_odd_chip_order() {
    // C (seat 3, best hand) all-in for 50 wins the main 150; A beats B for
    // the side 150. Equal amounts are listed in odd-chip order.
    let players = || {
        vec![
            live(1, 125, hs(5, 0), None),
            live(2, 125, hs(1, 0), None),
            live(3, 50, hs(9, 0), None),
        ]
    };
    let s = settle(&holdem(players(), 2)).unwrap();
    assert_eq!(s.won, vec![150, 0, 150]);
    assert_eq!(
        s.winners,
        vec![2, 0],
        "button 2: seat 3 is first left of it"
    );
    let s = settle(&holdem(players(), 3)).unwrap();
    assert_eq!(
        s.winners,
        vec![0, 2],
        "button 3: seat 1 is first left of it"
    );
    // More chips come first whatever the seat.
    let mut input = holdem(players(), 2);
    input.dead_money = 1;
    let s = settle(&input).unwrap();
    assert_eq!(s.winners, vec![2, 0]);
    input.order = OddChipOrder::Button { button_seat: 3 };
    assert_eq!(settle(&input).unwrap().winners, vec![2, 0]);
}
