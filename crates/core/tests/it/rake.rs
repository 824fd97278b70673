//! RULES.md §8, the house's take: one test per numbered rule and per worked
//! example (8.1–8.4), at the level of `settle_with_house`.

use crate::common::{folded, hs, live};
use showdown_core::{
    settle, settle_with_house, Attribution, Cap, CapStep, ChipAmount, ChipsRefusal, HandInput,
    HouseTake, Jackpot, OddChipOrder, PlayerInput, Rake, RakeRefusal, Rounding, SettleError,
    Settlement, Spread, Take, MAX_AMOUNT,
};

pub(crate) fn holdem(players: Vec<PlayerInput>, button_seat: u32) -> HandInput {
    let order = OddChipOrder::Button { button_seat };
    let (chip_unit, dead_money, split_game) = (1, 0, false);
    HandInput {
        players,
        chip_unit,
        dead_money,
        order,
        split_game,
    }
}

/// A (seat 1) beats B (seat 2), 100 each in, button on seat 2.
fn heads_up() -> HandInput {
    let players = vec![live(1, 100, hs(2, 0), None), live(2, 100, hs(1, 0), None)];
    holdem(players, 2)
}

fn step(min_players: u32, cap: u64) -> CapStep {
    CapStep { min_players, cap }
}

/// A rate in basis points with no cap, `down`, no flop no drop, weighted.
pub(crate) fn rake(percent_bp: u32) -> Rake {
    Rake {
        percent_bp,
        cap: Cap::None,
        players_dealt: None,
        rounding: Rounding::Down,
        spread: Spread::Proportional,
        no_flop_no_drop: true,
        attribution: Attribution::WeightedContributed,
    }
}

pub(crate) fn capped(percent_bp: u32, cap: u64) -> Rake {
    Rake {
        cap: Cap::Fixed(cap),
        ..rake(percent_bp)
    }
}

pub(crate) fn jackpot(amount: u64, min_pot: u64) -> Jackpot {
    Jackpot {
        amount,
        min_pot,
        no_flop_no_drop: true,
    }
}

pub(crate) fn house(rake: Option<Rake>, jackpot: Option<Jackpot>, flop_seen: bool) -> HouseTake {
    HouseTake {
        rake,
        jackpot,
        flop_seen,
    }
}

fn raked(input: &HandInput, r: Rake) -> Settlement {
    settle_with_house(input, &house(Some(r), None, true)).unwrap()
}

pub(crate) fn take(s: &Option<Take>) -> (u64, Vec<u64>) {
    let t = s.as_ref().expect("asked for");
    (t.amount, t.contributions.clone())
}

/// Per pot: (gross, rake, jackpot, shares' total).
pub(crate) fn pots(s: &Settlement) -> Vec<(u64, u64, u64, u64)> {
    s.pots
        .iter()
        .map(|p| {
            let shared = p.shares.iter().map(|x| x.amount).sum();
            (p.amount, p.rake, p.jackpot, shared)
        })
        .collect()
}

/// Worked example 8.1's hand: A (seat 1) all-in for 100, B (seat 2) 200,
/// C (seat 3) 300, a three-way tie, button on seat 3.
fn example_8_1_hand() -> HandInput {
    let tie = hs(7, 0);
    let mut a = live(1, 100, tie, None);
    a.stack = 100;
    holdem(vec![a, live(2, 200, tie, None), live(3, 300, tie, None)], 3)
}

#[test]
fn rules_8_1_worked_example_ten_percent_cap_5_one_cap_a_hand() {
    let s = raked(&example_8_1_hand(), capped(1_000, 5));
    assert_eq!(s.uncalled.len(), 1);
    assert_eq!((s.uncalled[0].player, s.uncalled[0].amount), (2, 100));
    // t = 500, r = min(50, 5) = 5: the main pot gives 3, the side pot 2.
    assert_eq!(pots(&s), vec![(300, 3, 0, 297), (200, 2, 0, 198)]);
    assert_eq!(s.won, vec![99, 198, 198]);
    assert_eq!(s.final_stacks, vec![99, 998, 998]);
    assert_eq!(take(&s.rake), (5, vec![1, 2, 2]));
    assert_eq!(s.jackpot, None);
}

#[test]
fn rules_8_2_worked_example_five_percent_half_even_and_down() {
    // Two hands, pots of 30 and 90, heads up and chopped.
    let pot = |each| {
        holdem(
            vec![live(1, each, hs(1, 0), None), live(2, each, hs(1, 0), None)],
            2,
        )
    };
    let half_even = |r: Rake| Rake {
        rounding: Rounding::HalfEven,
        ..r
    };
    assert_eq!(take(&raked(&pot(15), half_even(rake(500))).rake).0, 2);
    assert_eq!(take(&raked(&pot(45), half_even(rake(500))).rake).0, 4);
    assert_eq!(take(&raked(&pot(15), rake(500)).rake).0, 1);
    assert_eq!(take(&raked(&pot(45), rake(500)).rake).0, 4);
}

#[test]
fn rules_8_3_worked_example_three_units_over_weights_100_200_200() {
    let s = raked(&example_8_1_hand(), capped(1_000, 3));
    // Exact 0.6/1.2/1.2, floors 0/1/1, the missing unit to A's 0.6.
    assert_eq!(take(&s.rake), (3, vec![1, 1, 1]));
    // Pots: 1.8 and 1.2, floors 1 and 1, the missing unit to the main pot.
    assert_eq!(pots(&s), vec![(300, 2, 0, 298), (200, 1, 0, 199)]);
    // Main 298: A first left of the button gets the odd chip.
    assert_eq!(s.won, vec![100, 99 + 100, 99 + 99]);
}

#[test]
fn rules_8_4_worked_example_preflop_raise_and_fold_pays_nothing() {
    // B posts 20 and folds to A's raise to 60: 40 goes back, the pot is 40.
    let mut a = live(1, 60, hs(0, 0), None);
    a.hands = None;
    let input = holdem(vec![a, folded(2, 20)], 2);
    let s = settle_with_house(
        &input,
        &house(Some(rake(1_000)), Some(jackpot(10, 0)), false),
    )
    .unwrap();
    assert_eq!(pots(&s), vec![(40, 0, 0, 40)]);
    assert_eq!(take(&s.rake), (0, vec![0, 0]));
    assert_eq!(take(&s.jackpot), (0, vec![0, 0]));
    assert_eq!(s.won, vec![40, 0]);
}

#[test]
fn rules_8_1_base_leaves_out_the_uncalled_bet() {
    // A bets 300, B calls 100 all-in: t is 200, never 400.
    let input = holdem(
        vec![live(1, 300, hs(2, 0), None), live(2, 100, hs(1, 0), None)],
        2,
    );
    let s = raked(&input, rake(1_000));
    assert_eq!(take(&s.rake), (20, vec![10, 10]));
    assert_eq!(s.won, vec![180, 0]);
    assert_eq!(s.final_stacks, vec![1_080, 900]);
}

#[test]
fn rules_8_1_base_counts_dead_chips_and_dead_money() {
    let mut b = live(2, 100, hs(1, 0), None);
    b.dead = 50;
    let mut input = holdem(vec![live(1, 100, hs(2, 0), None), b], 2);
    input.dead_money = 50;
    let s = raked(&input, rake(1_000));
    // t = 300; dead money from no one weighs nothing: 100 and 150.
    assert_eq!(take(&s.rake), (30, vec![12, 18]));
    assert_eq!(s.won, vec![270, 0]);
}

#[test]
fn rules_8_2_no_flop_no_drop_short_board_pays_no_rake() {
    let input = heads_up();
    let none = settle(&input).unwrap();
    let s = settle_with_house(&input, &house(Some(rake(500)), None, false)).unwrap();
    assert_eq!(take(&s.rake).0, 0);
    assert_eq!(
        (s.won.clone(), s.final_stacks.clone()),
        (none.won, none.final_stacks)
    );
}

#[test]
fn rules_8_2_preflop_all_in_whose_board_was_dealt_is_raked() {
    // Both all-in before the flop; the board was dealt, so a flop was seen.
    let mut a = live(1, 100, hs(2, 0), None);
    a.stack = 100;
    let input = holdem(vec![a, live(2, 100, hs(1, 0), None)], 2);
    let s = settle_with_house(&input, &house(Some(rake(500)), None, true)).unwrap();
    assert_eq!(take(&s.rake).0, 10);
}

#[test]
fn rules_8_2_no_flop_no_drop_off_rakes_a_short_board_and_each_has_its_own_switch() {
    let input = heads_up();
    let r = Rake {
        no_flop_no_drop: false,
        ..rake(500)
    };
    let s = settle_with_house(&input, &house(Some(r), Some(jackpot(20, 0)), false)).unwrap();
    assert_eq!(take(&s.rake).0, 10);
    assert_eq!(take(&s.jackpot).0, 0);
    let j = Jackpot {
        no_flop_no_drop: false,
        ..jackpot(20, 0)
    };
    let s = settle_with_house(&input, &house(Some(rake(500)), Some(j), false)).unwrap();
    assert_eq!(take(&s.rake).0, 0);
    assert_eq!(take(&s.jackpot).0, 20);
}

#[test]
fn rules_8_3_cap_is_one_a_hand_never_one_a_pot() {
    // Three pots; a 5 cap takes 5 from the hand, not 5 from each.
    let tie = hs(1, 0);
    let mut a = live(1, 100, tie, None);
    a.stack = 100;
    let mut b = live(2, 200, tie, None);
    b.stack = 200;
    let input = holdem(
        vec![a, b, live(3, 300, tie, None), live(4, 300, tie, None)],
        4,
    );
    let s = raked(&input, capped(1_000, 5));
    assert_eq!(s.pots.len(), 3);
    assert_eq!(take(&s.rake).0, 5);
    assert_eq!(s.pots.iter().map(|p| p.rake).sum::<u64>(), 5);
}

#[test]
fn rules_8_3_cap_by_players_dealt_uses_greatest_step_not_above() {
    let ladder = |players_dealt| Rake {
        cap: Cap::ByPlayersDealt(vec![step(2, 5), step(4, 8)]),
        players_dealt,
        ..rake(1_000)
    };
    let input = heads_up();
    // Two players in the request: the 2-player step.
    assert_eq!(take(&raked(&input, ladder(None)).rake).0, 5);
    // Six dealt in (four folded before they put a chip in): the 4+ step.
    assert_eq!(take(&raked(&input, ladder(Some(6))).rake).0, 8);
    // No step applies: no cap.
    let only_big = Rake {
        cap: Cap::ByPlayersDealt(vec![step(7, 1)]),
        ..rake(1_000)
    };
    assert_eq!(take(&raked(&input, only_big).rake).0, 20);
}

/// The core's refusal of one of the house's amounts.
fn house_chips(refusal: ChipsRefusal) -> SettleError {
    SettleError::Chips {
        player: None,
        refusal,
    }
}

#[test]
fn rules_8_3_rate_and_cap_fields_are_checked_by_the_core_too() {
    let input = heads_up();
    let with = |r: Rake| settle_with_house(&input, &house(Some(r), None, true));
    assert_eq!(
        with(rake(10_001)),
        Err(SettleError::Rake(RakeRefusal::PercentBp(10_001)))
    );
    assert_eq!(
        with(capped(500, MAX_AMOUNT + 1)),
        Err(house_chips(ChipsRefusal::TooLarge(
            ChipAmount::Cap,
            MAX_AMOUNT + 1
        )))
    );
    let dealt = Rake {
        players_dealt: Some(1),
        ..rake(500)
    };
    assert_eq!(
        with(dealt),
        Err(SettleError::Rake(RakeRefusal::PlayersDealt {
            dealt: 1,
            players: 2
        }))
    );
    let step = step(2, 5);
    let twice = Rake {
        cap: Cap::ByPlayersDealt(vec![step, step]),
        ..rake(500)
    };
    let refused = RakeRefusal::CapTwice {
        step: 1,
        min_players: 2,
        first: 0,
    };
    assert_eq!(with(twice), Err(SettleError::Rake(refused)));
    let mut in_fives = input.clone();
    in_fives.chip_unit = 5;
    let j = house(None, Some(jackpot(7, 0)), true);
    assert_eq!(
        settle_with_house(&in_fives, &j),
        Err(house_chips(ChipsRefusal::NotMultiple(
            ChipAmount::JackpotAmount,
            7,
            5
        )))
    );
}

#[test]
fn rules_8_4_jackpot_after_the_rake_never_more_than_it_left() {
    let input = heads_up();
    let s = settle_with_house(
        &input,
        &house(Some(capped(500, 6)), Some(jackpot(50, 200)), true),
    )
    .unwrap();
    assert_eq!((take(&s.rake).0, take(&s.jackpot).0), (6, 50));
    assert_eq!(s.won, vec![144, 0]);
    // j = min(amount, t − r): a 100 % rate leaves nothing to drop.
    let s = settle_with_house(
        &input,
        &house(Some(rake(10_000)), Some(jackpot(50, 0)), true),
    )
    .unwrap();
    assert_eq!((take(&s.rake).0, take(&s.jackpot).0), (200, 0));
    assert_eq!(s.won, vec![0, 0]);
    assert!(s.pots[0].shares.is_empty());
    // With no rake at all, the drop alone.
    let s = settle_with_house(&input, &house(None, Some(jackpot(3, 0)), true)).unwrap();
    assert_eq!(s.rake, None);
    assert_eq!(take(&s.jackpot), (3, vec![2, 1]));
}

#[test]
fn rules_8_4_no_jackpot_drop_below_min_pot() {
    let input = heads_up();
    let s = settle_with_house(&input, &house(None, Some(jackpot(10, 201)), true)).unwrap();
    assert_eq!(take(&s.jackpot), (0, vec![0, 0]));
    assert_eq!(s.won, vec![200, 0]);
}

#[test]
fn rules_8_5_rake_then_jackpot_spread_by_size_over_what_is_left() {
    // Pots 300 and 200 (example 8.1's hand); rake 7, jackpot 9.
    let s = settle_with_house(
        &example_8_1_hand(),
        &house(Some(capped(1_000, 7)), Some(jackpot(9, 0)), true),
    )
    .unwrap();
    // Rake: 4.2 and 2.8, floors 4 and 2, the missing unit to the side pot's
    // larger remainder. Left 296 and 197 of 493: 5.40 and 3.59, floors 5
    // and 3, the unit to the side pot again.
    assert_eq!(pots(&s), vec![(300, 4, 5, 291), (200, 3, 4, 193)]);
}

#[test]
fn rules_8_6_each_pot_net_is_split_as_without_a_take() {
    // A 4 cap: 2.4 and 1.6, floors 2 and 1, the missing unit to the side
    // pot. The main pot nets 298, three ways: the odd chip goes first left
    // of the button, as in any split.
    let s = raked(&example_8_1_hand(), capped(1_000, 4));
    assert_eq!(pots(&s), vec![(300, 2, 0, 298), (200, 2, 0, 198)]);
    let main: Vec<(usize, u64, u64)> = s.pots[0]
        .shares
        .iter()
        .map(|x| (x.player, x.amount, x.odd_chips))
        .collect();
    assert_eq!(main, vec![(0, 100, 1), (1, 99, 0), (2, 99, 0)]);
}

#[test]
fn rules_8_7_weighted_contributed_contributed_and_dealt() {
    // A 100, B 200, C 300 (100 back): weights 100/200/200; D folded, put in 0.
    let mut input = example_8_1_hand();
    input.players.push(folded(5, 0));
    let by = |attribution| {
        take(
            &raked(
                &input,
                Rake {
                    attribution,
                    ..capped(1_000, 7)
                },
            )
            .rake,
        )
        .1
    };
    // 1.4/2.8/2.8: floors 1/2/2, the missing two to B and C (0.8 each).
    assert_eq!(by(Attribution::WeightedContributed), vec![1, 3, 3, 0]);
    // 7 among the three who put chips in: 3, 2, 2 — the leftover to the
    // first seat left of the button (seat 3): seat 5, which put nothing in,
    // is passed over, then seat 1.
    assert_eq!(by(Attribution::Contributed), vec![3, 2, 2, 0]);
    // 7 among all four dealt: 1 each and 3 left over, clockwise from seat 5.
    assert_eq!(by(Attribution::Dealt), vec![2, 2, 1, 2]);
}

#[test]
fn rules_8_7_stud_leftovers_go_from_the_lowest_seat() {
    let mut input = holdem(
        vec![
            live(2, 100, hs(1, 0), None),
            live(4, 100, hs(1, 0), None),
            live(6, 100, hs(2, 0), None),
        ],
        0,
    );
    input.order = OddChipOrder::Stud;
    let r = Rake {
        attribution: Attribution::Contributed,
        ..capped(1_000, 5)
    };
    assert_eq!(take(&raked(&input, r).rake), (5, vec![2, 2, 1]));
}

#[test]
fn rules_8_7_jackpot_is_attributed_the_same_way_and_adds_up() {
    let s = settle_with_house(
        &example_8_1_hand(),
        &house(Some(capped(1_000, 5)), Some(jackpot(3, 0)), true),
    )
    .unwrap();
    assert_eq!(take(&s.rake), (5, vec![1, 2, 2]));
    assert_eq!(take(&s.jackpot), (3, vec![1, 1, 1]));
}

#[test]
fn rules_8_7_only_dead_money_in_the_pot_falls_back_to_players_dealt() {
    // Nobody put a chip in; 100 of dead money, 10 %: 10 among the two dealt.
    let mut input = holdem(
        vec![live(1, 0, hs(2, 0), None), live(2, 0, hs(1, 0), None)],
        2,
    );
    input.dead_money = 100;
    let s = raked(&input, rake(1_000));
    assert_eq!(take(&s.rake), (10, vec![5, 5]));
    assert_eq!(s.won, vec![90, 0]);
}

#[test]
fn rules_8_8_invariant_chips_in_equal_won_uncalled_rake_jackpot() {
    let mut input = example_8_1_hand();
    input.chip_unit = 5;
    for p in &mut input.players {
        p.committed *= 5;
        p.stack *= 5;
    }
    input.dead_money = 15;
    let s = settle_with_house(
        &input,
        &house(Some(capped(333, 35)), Some(jackpot(25, 0)), true),
    )
    .unwrap();
    let chips_in: u64 = input
        .players
        .iter()
        .map(|p| p.committed + p.dead)
        .sum::<u64>()
        + input.dead_money;
    let out = s.won.iter().sum::<u64>()
        + s.uncalled.iter().map(|u| u.amount).sum::<u64>()
        + take(&s.rake).0
        + take(&s.jackpot).0;
    assert_eq!(out, chips_in);
    // Only C got chips back: the uncalled 500.
    assert_eq!((s.uncalled[0].player, s.uncalled[0].amount), (2, 500));
    let stacks: Vec<u64> = input
        .players
        .iter()
        .zip(&s.won)
        .map(|(p, won)| p.stack - p.committed - p.dead + won)
        .collect();
    assert_eq!(s.final_stacks, vec![stacks[0], stacks[1], stacks[2] + 500]);
    // Whole chip units everywhere.
    assert!(s.pots.iter().all(|p| p.rake % 5 == 0 && p.jackpot % 5 == 0));
}

#[test]
fn rules_8_no_take_asked_settles_exactly_as_before() {
    let input = example_8_1_hand();
    assert_eq!(settle_with_house(&input, &HouseTake::NONE), settle(&input));
    let s = settle(&input).unwrap();
    assert_eq!((s.rake, s.jackpot), (None, None));
    assert!(s.pots.iter().all(|p| p.rake == 0 && p.jackpot == 0));
}
