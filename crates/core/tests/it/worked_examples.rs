//! RULES.md §5: every worked example, one test each, named after it.

use crate::common::{hs, live};
use showdown_core::{
    settle, Half, HandInput, OddChipOrder, PlayerInput, Reason, Settlement, Share,
};

fn hand(
    players: Vec<PlayerInput>,
    dead_money: u64,
    order: OddChipOrder,
    split_game: bool,
) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money,
        order,
        split_game,
    }
}

fn button(seat: u32) -> OddChipOrder {
    OddChipOrder::Button { button_seat: seat }
}

fn shares(s: &Settlement, pot: usize) -> Vec<(usize, Half, u64, u64)> {
    s.pots[pot]
        .shares
        .iter()
        .map(
            |&Share {
                 player,
                 half,
                 amount,
                 odd_chips,
             }| (player, half, amount, odd_chips),
        )
        .collect()
}

#[test]
fn rules_5_1_holdem_pot_101_odd_chip_left_of_button() {
    // A seat 1 (button), B seat 2: B is first left of the button.
    let flush = hs(500, 0);
    let s = settle(&hand(
        vec![live(1, 50, flush, None), live(2, 50, flush, None)],
        1,
        button(1),
        false,
    ))
    .unwrap();
    assert_eq!(s.reason, Reason::Showdown);
    assert_eq!(s.pots.len(), 1);
    assert_eq!(s.pots[0].amount, 101);
    assert_eq!(
        shares(&s, 0),
        vec![(1, Half::Whole, 51, 1), (0, Half::Whole, 50, 0)]
    );
    assert_eq!(s.won, vec![50, 51]);
    assert_eq!(s.winners, vec![1, 0]);
    assert!(s.tie && s.pots[0].tie);
    assert_eq!(s.total_winners, 2);
}

#[test]
fn rules_5_2_holdem_pot_100_three_way_button_seat_2() {
    let h = hs(42, 0);
    let players = vec![
        live(1, 33, h, None),
        live(2, 33, h, None),
        live(3, 33, h, None),
    ];
    let s = settle(&hand(players, 1, button(2), false)).unwrap();
    assert_eq!(s.pots[0].amount, 100);
    // C (seat 3) first left of the button, then A (seat 1), the button B last.
    assert_eq!(
        shares(&s, 0),
        vec![
            (2, Half::Whole, 34, 1),
            (0, Half::Whole, 33, 0),
            (1, Half::Whole, 33, 0)
        ]
    );
    assert_eq!(s.won, vec![33, 33, 34]);
    assert_eq!(s.winners, vec![2, 0, 1]);
}

#[test]
fn rules_5_3_holdem_three_way_button_seat_3_pots_100_and_101() {
    let h = hs(42, 0);
    let players = || {
        vec![
            live(1, 33, h, None),
            live(2, 33, h, None),
            live(3, 33, h, None),
        ]
    };
    let s = settle(&hand(players(), 1, button(3), false)).unwrap();
    assert_eq!(s.won, vec![34, 33, 33]);
    let s = settle(&hand(players(), 2, button(3), false)).unwrap();
    assert_eq!(s.pots[0].amount, 101);
    assert_eq!(s.won, vec![34, 34, 33]);
    // Two odd chips, one each.
    assert_eq!(
        s.pots[0]
            .shares
            .iter()
            .map(|x| x.odd_chips)
            .collect::<Vec<_>>(),
        vec![1, 1, 0]
    );
}

#[test]
fn rules_5_4_side_pots_tie_with_odd_main_pot() {
    let flush = hs(900, 0);
    let pair = hs(100, 0);
    let players = || {
        vec![
            live(1, 200, flush, None),
            live(2, 200, flush, None),
            live(3, 100, pair, None),
        ]
    };
    let s = settle(&hand(players(), 0, button(3), false)).unwrap();
    assert_eq!(
        s.pots.iter().map(|p| p.amount).collect::<Vec<_>>(),
        vec![300, 200]
    );
    assert_eq!(s.pots[0].eligible, vec![0, 1, 2]);
    assert_eq!(s.pots[1].eligible, vec![0, 1]);
    assert_eq!(s.won, vec![250, 250, 0]);
    assert!(s.uncalled.is_empty());
    // One chip of dead money: main 301; A (seat 1) is first left of button 3.
    let s = settle(&hand(players(), 1, button(3), false)).unwrap();
    assert_eq!(s.pots[0].amount, 301);
    assert_eq!(
        shares(&s, 0),
        vec![(0, Half::Whole, 151, 1), (1, Half::Whole, 150, 0)]
    );
    assert_eq!(
        shares(&s, 1),
        vec![(0, Half::Whole, 100, 0), (1, Half::Whole, 100, 0)]
    );
    assert_eq!(s.won, vec![251, 250, 0]);
    assert_eq!(s.final_stacks, vec![1_051, 1_050, 900]);
    assert_eq!(s.winners, vec![0, 1]);
}

#[test]
fn rules_5_5_omaha_hi_lo_66_identical_wheels_split_33_33() {
    let high = hs(4_000, 0); // 2-3-4-5-6
    let wheel = Some(hs(9_000, 0));
    let s = settle(&hand(
        vec![live(1, 33, high, wheel), live(2, 33, high, wheel)],
        0,
        button(2),
        true,
    ))
    .unwrap();
    assert_eq!(
        shares(&s, 0),
        vec![(0, Half::Whole, 33, 0), (1, Half::Whole, 33, 0)]
    );
    assert!(s.tie);
}

#[test]
fn rules_5_6_stud_hi_lo_66_and_67_identical_hands_high_card_by_suit() {
    // A holds the 6♠, B the 6♣: A's high hand has the greater chip key.
    let players = || {
        vec![
            live(1, 33, hs(4_000, 47), Some(hs(9_000, 47))),
            live(2, 33, hs(4_000, 44), Some(hs(9_000, 44))),
        ]
    };
    let s = settle(&hand(players(), 0, OddChipOrder::Stud, true)).unwrap();
    assert_eq!(s.won, vec![33, 33]);
    let s = settle(&hand(players(), 1, OddChipOrder::Stud, true)).unwrap();
    assert_eq!(
        shares(&s, 0),
        vec![(0, Half::Whole, 34, 1), (1, Half::Whole, 33, 0)]
    );
    assert_eq!(s.winners, vec![0, 1]);
}

#[test]
fn rules_5_7_omaha_hi_lo_5_chips_high_alone_low_tied() {
    // A (seat 3) wins high alone; B (seat 1) and C (seat 2) tie for low; the
    // button is seat 3, so B is first left of it.
    let players = vec![
        live(1, 1, hs(100, 0), Some(hs(800, 0))),
        live(2, 1, hs(200, 0), Some(hs(800, 0))),
        live(3, 1, hs(300, 0), Some(hs(700, 0))),
    ];
    let s = settle(&hand(players, 2, button(3), true)).unwrap();
    assert_eq!(s.pots[0].amount, 5);
    assert_eq!(
        shares(&s, 0),
        vec![
            (2, Half::High, 3, 0),
            (0, Half::Low, 1, 0),
            (1, Half::Low, 1, 0)
        ],
        "A 3 (the extra unit of halving is not an odd chip), then the low 2 split 1 and 1"
    );
    assert!(s.tie);
    assert_eq!(s.winners, vec![2, 0, 1]);
}

#[test]
fn rules_5_8_omaha_hi_lo_no_qualifying_low_high_scoops() {
    let players = vec![live(1, 50, hs(700, 0), None), live(2, 50, hs(600, 0), None)];
    let s = settle(&hand(players, 0, button(2), true)).unwrap();
    assert_eq!(shares(&s, 0), vec![(0, Half::Whole, 100, 0)]);
    assert!(!s.tie);
    assert_eq!(s.won, vec![100, 0]);
}
