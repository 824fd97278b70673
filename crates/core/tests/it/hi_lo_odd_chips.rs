//! RULES.md §4 `hiLoOddChips`: under `high` (Bovada) every leftover unit of
//! a halved pot goes to the high half's winners. The two hands the room
//! dealt (amounts in cents, written as our own hands, `chipUnit` 1), the
//! rule on several boards, and properties against TDA 19 on random hands.

use crate::boards_props::arb_deal;
use crate::common::{folded, hs, live};
use crate::properties::arb_hand;
use proptest::prelude::*;
use showdown_core::{
    settle_hand_with, BoardsSettlement, Half, HandInput, Hands, HiLoOddChips, HouseTake,
    OddChipOrder, PlayerInput, Pot,
};

fn hi_lo(players: Vec<PlayerInput>, button_seat: u32) -> HandInput {
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat },
        split_game: true,
    }
}

fn settled(input: &HandInput, more: &[Vec<Option<Hands>>], how: HiLoOddChips) -> BoardsSettlement {
    settle_hand_with(input, &HouseTake::NONE, more, how).unwrap()
}

/// `(player, half, amount, odd_chips)` of pot 0.
fn shares(s: &BoardsSettlement) -> Vec<(usize, Half, u64, u64)> {
    s.settlement.pots[0]
        .shares
        .iter()
        .map(|x| (x.player, x.half, x.amount, x.odd_chips))
        .collect()
}

/// A pot of 95: seat 3 wins high alone, seats 1 and 2 tie for low; seat 4
/// folded its 5, button on seat 4.
fn pot_of_95() -> HandInput {
    hi_lo(
        vec![
            live(1, 30, hs(1, 0), Some(hs(7, 0))),
            live(2, 30, hs(2, 0), Some(hs(7, 0))),
            live(3, 30, hs(9, 0), Some(hs(3, 0))),
            folded(4, 5),
        ],
        4,
    )
}

#[test]
fn rules_4_hi_lo_odd_chips_high_bovada_pot_95_pays_49_23_23() {
    // Halved 48 high and 47 low; the low half's odd unit goes high too:
    // the high winner 49, the two low winners 23 each (the room's $0.49,
    // $0.23, $0.23).
    let s = settled(&pot_of_95(), &[], HiLoOddChips::High);
    assert_eq!(
        shares(&s),
        vec![
            (2, Half::High, 49, 1),
            (0, Half::Low, 23, 0),
            (1, Half::Low, 23, 0)
        ]
    );
    assert_eq!(s.settlement.won, vec![23, 23, 49, 0]);
    // TDA 19: the low half's odd unit to its first winner left of the
    // button: 48, 24, 23.
    let tda = settled(&pot_of_95(), &[], HiLoOddChips::Tda);
    assert_eq!(tda.settlement.won, vec![24, 23, 48, 0]);
}

/// A pot of 962 heads up: A (seat 2, on the button) wins high and ties B
/// (seat 1) for low.
fn pot_of_962() -> HandInput {
    hi_lo(
        vec![
            live(1, 481, hs(1, 0), Some(hs(5, 0))),
            live(2, 481, hs(9, 0), Some(hs(5, 0))),
        ],
        2,
    )
}

#[test]
fn rules_4_hi_lo_odd_chips_high_bovada_pot_962_pays_722_and_240() {
    // 481 high to A; the low 481 is 240 each and its odd unit goes to the
    // high winner: A 722, B 240 (the room's $7.22 and $2.40).
    let s = settled(&pot_of_962(), &[], HiLoOddChips::High);
    assert_eq!(
        shares(&s),
        vec![
            (1, Half::High, 482, 1),
            (0, Half::Low, 240, 0),
            (1, Half::Low, 240, 0)
        ]
    );
    assert_eq!(s.settlement.won, vec![240, 722]);
    // TDA 19: B, first left of the button, gets the low half's odd unit.
    let tda = settled(&pot_of_962(), &[], HiLoOddChips::Tda);
    assert_eq!(tda.settlement.won, vec![241, 721]);
}

#[test]
fn rules_4_hi_lo_odd_chips_high_tied_high_hands_share_the_units_in_order() {
    // Pot 101 (20 from each of five, 1 dead): high 51 between seats 1 and
    // 2 (25 each, 1 left over), low 50 among seats 3, 4 and 5 (16 each, 2
    // left over). Three units for two high winners, in order: seat 1 gets
    // 2, seat 2 gets 1.
    let mut input = hi_lo(
        vec![
            live(1, 20, hs(9, 0), None),
            live(2, 20, hs(9, 0), None),
            live(3, 20, hs(1, 0), Some(hs(5, 0))),
            live(4, 20, hs(1, 0), Some(hs(5, 0))),
            live(5, 20, hs(1, 0), Some(hs(5, 0))),
        ],
        5,
    );
    input.dead_money = 1;
    let s = settled(&input, &[], HiLoOddChips::High);
    assert_eq!(
        shares(&s),
        vec![
            (0, Half::High, 27, 2),
            (1, Half::High, 26, 1),
            (2, Half::Low, 16, 0),
            (3, Half::Low, 16, 0),
            (4, Half::Low, 16, 0)
        ]
    );
    let tda = settled(&input, &[], HiLoOddChips::Tda);
    assert_eq!(tda.settlement.won, vec![26, 25, 17, 17, 16]);
}

#[test]
fn rules_4_hi_lo_odd_chips_changes_nothing_in_a_one_hand_game() {
    let mut input = pot_of_95();
    input.split_game = false;
    assert_eq!(
        settled(&input, &[], HiLoOddChips::High),
        settled(&input, &[], HiLoOddChips::Tda)
    );
}

fn on(high: u64, low: Option<u64>) -> Option<Hands> {
    Some(Hands {
        high: hs(high, 0),
        low: low.map(|v| hs(v, 0)),
    })
}

#[test]
fn rules_4_hi_lo_odd_chips_high_on_several_boards_moves_only_what_is_left_over() {
    // Pot 190 on two boards, 95 each; on both A (seat 1) wins high, B and
    // C (seats 2 and 3) tie for low. Each board's low half is 47, but B
    // and C's parts add up to 94 (§9.4), which splits evenly: nothing is
    // left over, so `high` pays as TDA does, A 96, B 47, C 47.
    let mut input = hi_lo(
        vec![
            live(1, 63, hs(9, 0), None),
            live(2, 63, hs(1, 0), Some(hs(5, 0))),
            live(3, 63, hs(1, 0), Some(hs(5, 0))),
        ],
        3,
    );
    input.dead_money = 1;
    let more = vec![vec![on(9, None), on(1, Some(5)), on(1, Some(5))]];
    for how in [HiLoOddChips::High, HiLoOddChips::Tda] {
        assert_eq!(settled(&input, &more, how).settlement.won, vec![96, 47, 47]);
    }
    // Board 2 won high by B and low by A alone: B and C's low 47 of board
    // 1 leaves 1 unit, which goes to board 1's high winner A.
    let more = vec![vec![on(1, Some(5)), on(9, None), on(1, None)]];
    let s = settled(&input, &more, HiLoOddChips::High);
    assert_eq!(s.settlement.won, vec![96, 71, 23]);
    let tda = settled(&input, &more, HiLoOddChips::Tda);
    assert_eq!(tda.settlement.won, vec![95, 72, 23]);
}

/// The chips of `pot` on each half, high and low.
fn halves(pot: &Pot) -> (u64, u64) {
    let on = |h: Half| -> u64 {
        pot.shares
            .iter()
            .filter(|s| s.half == h)
            .map(|s| s.amount)
            .sum()
    };
    (on(Half::High), on(Half::Low))
}

/// Compares one settlement under `high` with TDA 19: the same pots, the
/// same total paid from each, and the high half gaining exactly the low
/// half's leftover units under TDA (its odd chips), no more.
fn against_tda(
    tda: &BoardsSettlement,
    high: &BoardsSettlement,
    unit: u64,
) -> Result<(), TestCaseError> {
    let (t, h) = (&tda.settlement, &high.settlement);
    prop_assert_eq!(t.pots.len(), h.pots.len());
    prop_assert_eq!(t.won.iter().sum::<u64>(), h.won.iter().sum::<u64>());
    prop_assert_eq!(
        &t.final_stacks.iter().sum::<u64>(),
        &h.final_stacks.iter().sum::<u64>()
    );
    for (pt, ph) in t.pots.iter().zip(&h.pots) {
        prop_assert_eq!(pt.amount, ph.amount);
        let paid = |p: &Pot| p.shares.iter().map(|s| s.amount).sum::<u64>();
        prop_assert_eq!(paid(pt), paid(ph));
        let ((high_t, low_t), (high_h, low_h)) = (halves(pt), halves(ph));
        prop_assert!(high_h >= high_t && low_h <= low_t);
        let moved = high_h - high_t;
        let low_odd: u64 = pt
            .shares
            .iter()
            .filter(|s| s.half == Half::Low)
            .map(|s| s.odd_chips * unit)
            .sum();
        prop_assert!(moved <= low_odd, "{} moved, {} odd", moved, low_odd);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// RULES.md §4 `hiLoOddChips: high` on one board: chips in equal chips
    /// out, exactly TDA's low odd units move to the high half, the low half
    /// then splits evenly, and a one-hand game is untouched.
    #[test]
    fn prop_rules_4_hi_lo_odd_chips_high_moves_only_the_low_odd_units(input in arb_hand()) {
        let tda = settle_hand_with(&input, &HouseTake::NONE, &[], HiLoOddChips::Tda);
        let high = settle_hand_with(&input, &HouseTake::NONE, &[], HiLoOddChips::High);
        let (Ok(tda), Ok(high)) = (tda, high) else { return Ok(()) };
        if !input.split_game {
            prop_assert_eq!(&tda, &high);
        }
        against_tda(&tda, &high, input.chip_unit)?;
        for (pt, ph) in tda.settlement.pots.iter().zip(&high.settlement.pots) {
            let low_odd: u64 = pt.shares.iter().filter(|s| s.half == Half::Low).map(|s| s.odd_chips).sum();
            prop_assert_eq!(halves(ph).0 - halves(pt).0, low_odd * input.chip_unit);
            let lows: Vec<u64> = ph.shares.iter().filter(|s| s.half == Half::Low).map(|s| s.amount).collect();
            prop_assert!(lows.windows(2).all(|w| w[0] == w[1]), "low half uneven: {:?}", lows);
        }
    }

    /// The same on 1 to 4 boards: chips conserved, and the high halves gain
    /// at most what TDA's low splits left over.
    #[test]
    fn prop_rules_4_hi_lo_odd_chips_high_on_boards_conserves_chips(d in arb_deal()) {
        let tda = settle_hand_with(&d.input, &HouseTake::NONE, &d.more, HiLoOddChips::Tda);
        let high = settle_hand_with(&d.input, &HouseTake::NONE, &d.more, HiLoOddChips::High);
        let (Ok(tda), Ok(high)) = (tda, high) else { return Ok(()) };
        if !d.input.split_game {
            prop_assert_eq!(&tda, &high);
        }
        against_tda(&tda, &high, d.input.chip_unit)?;
    }
}
