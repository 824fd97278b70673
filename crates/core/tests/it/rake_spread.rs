//! RULES.md §8.3 `up` and §8.5's spreads: which pot gives what of the rake
//! and the drop, each way, on the worked example and on hands the rooms
//! dealt (their amounts in cents, written as our own requests, `chipUnit`
//! 1). The rooms' rates are not in their hand histories where noted; the
//! rate chosen there gives the room's total.

use crate::common::{hs, live};
use crate::rake::{capped, holdem, house, jackpot, pots, rake, take};
use showdown_core::{
    settle_with_house, Attribution, HandInput, Rake, Rounding, Settlement, Spread,
};

fn spread(r: Rake, spread: Spread) -> Rake {
    Rake { spread, ..r }
}

fn raked(input: &HandInput, r: Rake) -> Settlement {
    settle_with_house(input, &house(Some(r), None, true)).unwrap()
}

/// `input` with every stack at least what its player put in, for pots
/// larger than the builders' stacks.
fn covered(mut input: HandInput) -> HandInput {
    for p in &mut input.players {
        p.stack = p.stack.max(p.committed);
    }
    input
}

/// Each pot's rake, main pot first.
fn rakes(s: &Settlement) -> Vec<u64> {
    s.pots.iter().map(|p| p.rake).collect()
}

/// Pots of `main` (A, seat 1, all in, wins it; what 3 does not divide is
/// dead money) and `side` (B, seat 2, beats C, seat 3; even), button on
/// seat 3.
fn two_pots(main: u64, side: u64) -> HandInput {
    let (a, b) = (main / 3, main / 3 + side / 2);
    let mut short = live(1, a, hs(9, 0), None);
    short.stack = a;
    let mut input = holdem(
        vec![
            short,
            live(2, b, hs(5, 0), None),
            live(3, b, hs(1, 0), None),
        ],
        3,
    );
    input.dead_money = main % 3;
    covered(input)
}

/// Pots of 200, 300 and 300: A (seat 1) in for 50, B (seat 2) 150, C and
/// D (seats 3 and 4) 300; the best hand the shortest.
fn three_pots() -> HandInput {
    let players = [(1, 50, 9), (2, 150, 7), (3, 300, 5), (4, 300, 1)]
        .iter()
        .map(|&(seat, committed, value)| live(seat, committed, hs(value, 0), None))
        .collect();
    holdem(players, 4)
}

#[test]
fn rules_8_5_worked_example_proportional_14_and_16() {
    // 5 % of 673 is 33.65, capped at 30: 14.04 and 15.96, the missing unit
    // to the larger remainder.
    let s = raked(&two_pots(315, 358), capped(500, 30));
    assert_eq!(pots(&s), vec![(315, 14, 0, 301), (358, 16, 0, 342)]);
    assert_eq!(s.won, vec![301, 342, 0]);
}

#[test]
fn rules_8_5_main_first_worked_example_pokerstars_15_and_15() {
    // R(315) = 15; R(673) = 30, of which 15 is left for the side pot: its
    // winner nets a chip more than proportionally (a PokerStars $0.01/$0.02
    // hand, rake $0.30 as $0.15 and $0.15).
    let s = raked(
        &two_pots(315, 358),
        spread(capped(500, 30), Spread::MainFirst),
    );
    assert_eq!(pots(&s), vec![(315, 15, 0, 300), (358, 15, 0, 343)]);
    assert_eq!(s.won, vec![300, 343, 0]);
    assert_eq!(take(&s.rake).0, 30);
}

#[test]
fn rules_8_5_last_first_worked_example_13_and_17() {
    // R(358) = 17 from the side pot; the main pot gives 30 − 17.
    let s = raked(
        &two_pots(315, 358),
        spread(capped(500, 30), Spread::LastFirst),
    );
    assert_eq!(pots(&s), vec![(315, 13, 0, 302), (358, 17, 0, 341)]);
}

#[test]
fn rules_8_5_last_first_winamax_pots_356_and_92_pay_18_and_4() {
    // A Winamax hand: pots 3.56 and 0.92, rake 0.22 as 0.18 and 0.04. At
    // 5 % rounded down (22.4 gives the room's 22) the side pot, taken
    // first, gives ⌊4.6⌋ and the main pot the rest; proportionally it
    // would be 17 and 5.
    let s = raked(&two_pots(356, 92), spread(rake(500), Spread::LastFirst));
    assert_eq!(rakes(&s), vec![18, 4]);
    let s = raked(&two_pots(356, 92), rake(500));
    assert_eq!(rakes(&s), vec![17, 5]);
}

#[test]
fn rules_8_5_main_first_cap_reached_in_the_main_pot_pokerstars_6_plus() {
    // A PokerStars 6+ hold'em hand, cap 2.50: pots 60.25 and 7.50 gave
    // 2.50 and 0. 5 % (our choice: any rate over 4.15 % reaches the cap in
    // the main pot) of 6025 is 301: the cap, all of it from the main pot.
    let s = raked(
        &two_pots(6_025, 750),
        spread(capped(500, 250), Spread::MainFirst),
    );
    assert_eq!(rakes(&s), vec![250, 0]);
    let s = raked(&two_pots(6_025, 750), capped(500, 250));
    assert_eq!(rakes(&s), vec![222, 28]);
}

#[test]
fn rules_8_5_cap_reached_part_way_through_three_pots() {
    // 10 %, cap 25, pots 200, 300, 300. Main first: R(200) = 20, R(500) =
    // 25 (50 capped), R(800) = 25: 20, 5, 0. Last first: R(300) = 25
    // already: 0, 0, 25. Proportional: 6.25, 9.375, 9.375: floors 6, 9, 9,
    // the missing unit to the first of the equal largest remainders.
    let cases = [
        (Spread::MainFirst, [20, 5, 0]),
        (Spread::LastFirst, [0, 0, 25]),
        (Spread::Proportional, [6, 10, 9]),
    ];
    for (how, want) in cases {
        let s = raked(&three_pots(), spread(capped(1_000, 25), how));
        assert_eq!(rakes(&s), want, "{how:?}");
        assert_eq!(take(&s.rake).0, 25, "{how:?}");
    }
}

#[test]
fn rules_8_5_each_spread_takes_the_same_total_and_attributes_it_alike() {
    // Who paid it (§8.7) reads the hand's total, not the pots' parts:
    // 25 over 50/150/300/300 is 1.5625, 4.6875, 9.375, 9.375; floors 1, 4,
    // 9, 9, the two missing units to the largest remainders (B, then A).
    let spreads = [Spread::Proportional, Spread::MainFirst, Spread::LastFirst];
    let taken: Vec<_> = spreads
        .iter()
        .map(|&how| take(&raked(&three_pots(), spread(capped(1_000, 25), how)).rake))
        .collect();
    assert_eq!(taken[0], (25, vec![2, 5, 9, 9]));
    assert!(taken.iter().all(|t| *t == taken[0]), "{taken:?}");
}

#[test]
fn rules_8_5_jackpot_drop_comes_off_in_the_rakes_order() {
    // Pots 315 and 358, rake 30 (cap), drop 350 of the 643 left.
    let with_drop = |how| {
        let r = spread(capped(500, 30), how);
        settle_with_house(
            &two_pots(315, 358),
            &house(Some(r), Some(jackpot(350, 0)), true),
        )
        .unwrap()
    };
    // Main first: the main pot's 300 after its rake, then 50 of the side.
    let s = with_drop(Spread::MainFirst);
    assert_eq!(pots(&s), vec![(315, 15, 300, 0), (358, 15, 50, 293)]);
    // Last first: the side pot's 341 after its rake, then 9 of the main.
    let s = with_drop(Spread::LastFirst);
    assert_eq!(pots(&s), vec![(315, 13, 9, 293), (358, 17, 341, 0)]);
    // Proportional: 350 over 301 and 342 of 643: 163.84 and 186.16.
    let s = with_drop(Spread::Proportional);
    assert_eq!(pots(&s), vec![(315, 14, 164, 137), (358, 16, 186, 156)]);
    for how in [Spread::Proportional, Spread::MainFirst, Spread::LastFirst] {
        assert_eq!(take(&with_drop(how).jackpot).0, 350, "{how:?}");
    }
}

#[test]
fn rules_8_5_jackpot_alone_is_spread_in_proportion() {
    // No rake asked for, so no spread either: the drop goes by size.
    let s = settle_with_house(
        &two_pots(315, 358),
        &house(None, Some(jackpot(10, 0)), true),
    )
    .unwrap();
    assert_eq!(
        s.pots.iter().map(|p| p.jackpot).collect::<Vec<_>>(),
        vec![5, 5]
    );
}

#[test]
fn rules_8_2_no_flop_no_drop_under_every_spread() {
    for how in [Spread::Proportional, Spread::MainFirst, Spread::LastFirst] {
        let r = spread(capped(500, 30), how);
        let s = settle_with_house(
            &two_pots(315, 358),
            &house(Some(r), Some(jackpot(100, 0)), false),
        )
        .unwrap();
        assert_eq!(
            pots(&s),
            vec![(315, 0, 0, 315), (358, 0, 0, 358)],
            "{how:?}"
        );
        assert_eq!((take(&s.rake).0, take(&s.jackpot).0), (0, 0), "{how:?}");
    }
}

#[test]
fn rules_8_3_up_winamax_and_ipoker_tables() {
    // Winamax: 0.01 on a 0.10 pot (5 %); iPoker: 6.5 % of $6.05 is $0.40,
    // 3 % of €52.77 is €1.59. Heads-up pots of 10, 605 and 5277, an odd
    // unit of dead money where 2 does not divide.
    for (pot, bp, up, down) in [(10, 500, 1, 0), (605, 650, 40, 39), (5_277, 300, 159, 158)] {
        let each = pot / 2;
        let mut input = holdem(
            vec![live(1, each, hs(2, 0), None), live(2, each, hs(1, 0), None)],
            2,
        );
        input.dead_money = pot - 2 * each;
        let input = covered(input);
        let rounded = |rounding| Rake {
            rounding,
            ..rake(bp)
        };
        assert_eq!(
            take(&raked(&input, rounded(Rounding::Up)).rake).0,
            up,
            "{pot}"
        );
        assert_eq!(
            take(&raked(&input, rounded(Rounding::Down)).rake).0,
            down,
            "{pot}"
        );
    }
}

#[test]
fn rules_8_3_up_with_main_first_rounds_each_running_total_up() {
    // 5 % up, pots 315 and 358: R(315) = ⌈15.75⌉ = 16, R(673) = ⌈33.65⌉ =
    // 34: 16 and 18. Last first: R(358) = ⌈17.9⌉ = 18, then 16.
    let up = |how| Rake {
        rounding: Rounding::Up,
        ..spread(rake(500), how)
    };
    assert_eq!(
        rakes(&raked(&two_pots(315, 358), up(Spread::MainFirst))),
        vec![16, 18]
    );
    assert_eq!(
        rakes(&raked(&two_pots(315, 358), up(Spread::LastFirst))),
        vec![16, 18]
    );
}

#[test]
fn rules_8_7_nobody_put_a_chip_in_falls_back_to_dealt_whatever_attribution() {
    // Three players dealt, none put a chip in: 100 of dead money at 10 %
    // (10) is shared as under `dealt` whatever `attribution` says: 3 each
    // and the leftover unit to the first seat left of the button (seat 2).
    let input = {
        let mut h = holdem(
            vec![
                live(1, 0, hs(3, 0), None),
                live(2, 0, hs(2, 0), None),
                live(3, 0, hs(1, 0), None),
            ],
            1,
        );
        h.dead_money = 100;
        h
    };
    for how in [
        Attribution::WeightedContributed,
        Attribution::Contributed,
        Attribution::Dealt,
    ] {
        let r = Rake {
            attribution: how,
            ..rake(1_000)
        };
        assert_eq!(take(&raked(&input, r).rake), (10, vec![3, 4, 3]), "{how:?}");
    }
}

#[test]
fn rules_8_5_proportional_main_rest_bovada_pots_2400_and_16000_pay_27_and_173() {
    // A Bovada hand in cents: pots of 24.00 and 160.00, rake 2.00 (the cap
    // of a 5 % rate). The side pot gives floor(200 × 16000 / 18400) = 173,
    // the main pot the other 27, as the room took; proportional gives 26
    // and 174.
    let r = spread(capped(500, 200), Spread::ProportionalMainRest);
    let s = raked(&two_pots(2400, 16000), r.clone());
    assert_eq!(pots(&s), vec![(2400, 27, 0, 2373), (16000, 173, 0, 15827)]);
    assert_eq!(take(&s.rake).0, 200);
    let p = raked(&two_pots(2400, 16000), capped(500, 200));
    assert_eq!(rakes(&p), vec![26, 174]);
    // The drop follows: 100 over the 2373 and 15827 left, the side pot
    // floor(100 × 15827 / 18200) = 86, the main pot the other 14.
    let s = settle_with_house(
        &two_pots(2400, 16000),
        &house(Some(r), Some(jackpot(100, 0)), true),
    )
    .unwrap();
    assert_eq!(
        pots(&s),
        vec![(2400, 27, 14, 2359), (16000, 173, 86, 15741)]
    );
}

#[test]
fn rules_8_5_proportional_main_rest_side_pots_round_down_over_three_pots() {
    // Pots of 200, 300 and 300, rake 25 (5 % of 800 is 40, capped at 25):
    // side pots floor(25 × 300 / 800) = 9 each, the main pot the other 7;
    // proportional's 6.25, 9.375 and 9.375 give 6, 10, 9.
    let s = raked(
        &three_pots(),
        spread(capped(500, 25), Spread::ProportionalMainRest),
    );
    assert_eq!(rakes(&s), vec![7, 9, 9]);
    assert_eq!(
        rakes(&raked(&three_pots(), capped(500, 25))),
        vec![6, 10, 9]
    );
    // Rake 23: side pots floor(23 × 300 / 800) = 8 each, the main pot 7;
    // proportional: 5.75, 8.625, 8.625 give 6, 9, 8.
    let s = raked(
        &three_pots(),
        spread(capped(500, 23), Spread::ProportionalMainRest),
    );
    assert_eq!(rakes(&s), vec![7, 8, 8]);
    assert_eq!(rakes(&raked(&three_pots(), capped(500, 23))), vec![6, 9, 8]);
}
