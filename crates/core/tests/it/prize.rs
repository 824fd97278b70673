//! RULES.md §14.1-14.4 (prize money at the showdown and hand for hand):
//! each rule and each worked example 14.1-14.3, one test each, named after
//! them. Amounts are cents; hands are given by value (higher wins).

use crate::tournament::live;
use showdown_core::prize::{finish, Bust, Finish, PrizeError};
use showdown_core::{
    settle, tournament_with_prizes, HandInput, OddChipOrder, PlayerInput, PrizeTable, TiedPlaces,
    TournamentOutcome, TournamentTerms,
};

fn hand(order: OddChipOrder, players: Vec<PlayerInput>) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order,
        split_game: false,
    }
}

fn run(input: &HandInput, left: u64, tied: TiedPlaces, prizes: &[u64]) -> TournamentOutcome {
    let s = settle(input).unwrap();
    let terms = TournamentTerms {
        players_left: Some(left),
        tied_places: tied,
        ..Default::default()
    };
    let table = PrizeTable::new(prizes.to_vec(), 1).unwrap();
    let bounties = vec![0; input.players.len()];
    tournament_with_prizes(input, &s, &bounties, &terms, Some(&table)).unwrap()
}

/// (player, order, places, prize, odd units) of one elimination.
type Paid = (usize, u64, (u64, u64), u64, u64);

/// [`Paid`] of each elimination.
fn paid(out: &TournamentOutcome) -> Vec<Paid> {
    out.eliminations
        .iter()
        .map(|e| {
            let p = e.prize.expect("a prize with a table");
            (e.player, e.order, e.places.unwrap(), p.amount, p.odd_units)
        })
        .collect()
}

const SIX_LEFT: [u64; 6] = [50000, 30000, 20000, 10000, 7000, 4500];

/// Worked example 14.1's hand: B (seat 3) and C (seat 5) both start with
/// 2,000 chips, go all in and lose to A (seat 1, the button).
fn two_equal_busts() -> HandInput {
    hand(
        OddChipOrder::Button { button_seat: 1 },
        vec![
            live(1, 10_000, 2_000, 300),
            live(3, 2_000, 2_000, 100),
            live(5, 2_000, 2_000, 200),
        ],
    )
}

#[test]
fn worked_14_1_equal_stacks_share_5th_and_6th_half_each() {
    let out = run(&two_equal_busts(), 6, TiedPlaces::Split, &SIX_LEFT);
    assert_eq!(
        paid(&out),
        vec![(1, 1, (5, 6), 5750, 0), (2, 1, (5, 6), 5750, 0)]
    );
    assert_eq!(out.prize_cash, Some(vec![0, 5750, 5750]));
}

#[test]
fn worked_14_1_the_odd_cent_goes_to_the_first_seat_after_the_button() {
    let mut prizes = SIX_LEFT;
    prizes[5] = 4501;
    let out = run(&two_equal_busts(), 6, TiedPlaces::Split, &prizes);
    assert_eq!(
        paid(&out),
        vec![(1, 1, (5, 6), 5751, 1), (2, 1, (5, 6), 5750, 0)]
    );
}

#[test]
fn worked_14_1_by_seat_b_finishes_5th_and_c_6th() {
    let out = run(&two_equal_busts(), 6, TiedPlaces::Seat, &SIX_LEFT);
    assert_eq!(
        paid(&out),
        vec![(1, 1, (5, 5), 7000, 0), (2, 2, (6, 6), 4500, 0)]
    );
}

#[test]
fn worked_14_2_unequal_stacks_take_one_place_each() {
    // A (3,000) and C (1,200) of 10 left bust; 9th pays 1500, 10th 1000.
    let mut prizes = vec![100_000, 50_000, 30_000, 20_000, 10_000, 8_000, 5_000, 3_000];
    prizes.extend([1500, 1000]);
    let input = hand(
        OddChipOrder::Button { button_seat: 2 },
        vec![
            live(1, 3_000, 3_000, 100),
            live(2, 20_000, 3_000, 300),
            live(3, 1_200, 1_200, 200),
        ],
    );
    let out = run(&input, 10, TiedPlaces::Split, &prizes);
    assert_eq!(
        paid(&out),
        vec![(0, 1, (9, 9), 1500, 0), (2, 2, (10, 10), 1000, 0)]
    );
}

#[test]
fn worked_14_3_the_last_hand_pays_second_and_first() {
    let input = hand(
        OddChipOrder::Button { button_seat: 1 },
        vec![live(1, 6_000, 4_000, 300), live(2, 4_000, 4_000, 100)],
    );
    let out = run(&input, 2, TiedPlaces::Split, &[90_000, 60_000]);
    assert_eq!(paid(&out), vec![(1, 1, (2, 2), 60_000, 0)]);
    assert_eq!(out.winner, Some(0));
    assert_eq!(out.winner_prize, Some(90_000));
    assert_eq!(out.prize_cash, Some(vec![90_000, 60_000]));
}

#[test]
fn rules_14_2_without_a_table_nothing_is_paid_and_places_stand() {
    let s = settle(&two_equal_busts()).unwrap();
    let terms = TournamentTerms {
        players_left: Some(6),
        ..Default::default()
    };
    let out = tournament_with_prizes(&two_equal_busts(), &s, &[0, 0, 0], &terms, None).unwrap();
    assert_eq!(out.prize_cash, None);
    assert!(out.eliminations.iter().all(|e| e.prize.is_none()));
    assert_eq!(out.eliminations[0].places, Some((5, 6)));
}

#[test]
fn rules_14_2_a_shared_prize_divides_in_units_of_prize_unit() {
    // Places 5-6 pay 7000 + 4000 = 11000 in units of 1000: 11 units, so
    // 6000 to the first in seat order (rank 1), 5000 to the other.
    let busts = [Bust { stack: 10, rank: 2 }, Bust { stack: 10, rank: 1 }];
    let table = PrizeTable::new(vec![50000, 30000, 20000, 10000, 7000, 4000], 1000).unwrap();
    let f = finish(&busts, 6, TiedPlaces::Split, Some(&table)).unwrap();
    let amounts: Vec<(u64, u64)> = f.iter().map(|f| (f.prize, f.odd_units)).collect();
    assert_eq!(amounts, vec![(5000, 0), (6000, 1)]);
}

#[test]
fn rules_14_3_seat_order_in_stud_is_by_seat_number() {
    let input = hand(
        OddChipOrder::Stud,
        vec![
            live(2, 2_000, 2_000, 100),
            live(4, 9_000, 2_000, 300),
            live(7, 2_000, 2_000, 200),
        ],
    );
    let out = run(&input, 6, TiedPlaces::Seat, &SIX_LEFT);
    assert_eq!(
        paid(&out),
        vec![(0, 1, (5, 5), 7000, 0), (2, 2, (6, 6), 4500, 0)]
    );
}

#[test]
fn rules_14_3_seat_order_wraps_after_the_button() {
    // Button seat 4: seat 7 is met before seat 2.
    let input = hand(
        OddChipOrder::Button { button_seat: 4 },
        vec![
            live(2, 2_000, 2_000, 100),
            live(4, 9_000, 2_000, 300),
            live(7, 2_000, 2_000, 200),
        ],
    );
    let out = run(&input, 6, TiedPlaces::Seat, &SIX_LEFT);
    assert_eq!(
        paid(&out),
        vec![(2, 1, (5, 5), 7000, 0), (0, 2, (6, 6), 4500, 0)]
    );
}

#[test]
fn rules_14_4_hand_for_hand_busts_finish_together_by_stack_then_rank() {
    // Three busts at two tables, 12 left: 900 finishes 10th; the two 300
    // stacks share 11th and 12th (1501 + 1500), the odd cent by rank.
    let busts = [
        Bust {
            stack: 300,
            rank: 7,
        },
        Bust {
            stack: 900,
            rank: 2,
        },
        Bust {
            stack: 300,
            rank: 9,
        },
    ];
    let mut prizes = vec![50000, 30000, 20000, 10000, 7000, 4500, 3000, 3000, 2000];
    prizes.extend([2000, 1501, 1500]);
    let table = PrizeTable::new(prizes, 1).unwrap();
    let f = finish(&busts, 12, TiedPlaces::Split, Some(&table)).unwrap();
    let view = |f: &Finish| (f.order, f.places, f.prize, f.odd_units);
    assert_eq!(
        f.iter().map(view).collect::<Vec<_>>(),
        vec![
            (2, (11, 12), 1501, 1),
            (1, (10, 10), 2000, 0),
            (2, (11, 12), 1500, 0)
        ]
    );
    let seat = finish(&busts, 12, TiedPlaces::Seat, Some(&table)).unwrap();
    assert_eq!(
        seat.iter().map(view).collect::<Vec<_>>(),
        vec![
            (2, (11, 11), 1501, 0),
            (1, (10, 10), 2000, 0),
            (3, (12, 12), 1500, 0)
        ]
    );
}

#[test]
fn rules_14_4_more_busts_than_players_left_or_one_rank_twice_are_refused() {
    let two = [Bust { stack: 1, rank: 1 }, Bust { stack: 1, rank: 1 }];
    assert_eq!(
        finish(&two, 1, TiedPlaces::Split, None),
        Err(PrizeError::PlayersLeft {
            busts: 2,
            players_left: 1
        })
    );
    assert_eq!(
        finish(&two, 5, TiedPlaces::Seat, None),
        Err(PrizeError::Rank)
    );
}
