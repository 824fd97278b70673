//! RULES.md §10.5 (the all-in cash-out): every numbered rule and the worked
//! examples 10.2 and 10.3, one test each, named after them. Hands are
//! ranked by the cards crate; equities are the enumeration's counts.

use crate::common::{holdem, live};
use showdown_core::{
    apply_cash_outs, settle, settle_with_house, Attribution, Cap, CashOut, CashOutAt, CashOutError,
    CashOutField, CashOutProblem, CashOutRefusal, CashOutSettlement, CashOutTerms, ChipsRefusal,
    FeeRounding, Fraction, HandInput, HouseTake, Jackpot, OddChipOrder, PlayerInput, PotEquity,
    Rake, Rounding, Settlement, Spread, Unit, DEFAULT_FEE_BP, SHARE_UNITS_PER_RUNOUT,
};

const D: u64 = SHARE_UNITS_PER_RUNOUT;

/// 10.1's flop `Qh 7h 2c`, A `Ah Kh` against B `Qs Qd`: 990 runouts, B
/// wins 737. On this river A's flush wins.
const HEARTS: &str = "Qh 7h 2c 9h 3s";
/// B's set wins.
const BRICKS: &str = "Qh 7h 2c 5c 8d";

fn hand(players: Vec<PlayerInput>, chip_unit: u64) -> HandInput {
    HandInput {
        players,
        chip_unit,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat: 3 },
        split_game: false,
    }
}

/// A and B each put in `each` from a stack of `each`, on `board`.
fn heads_up(board: &str, each: u64, chip_unit: u64) -> HandInput {
    hand(
        vec![
            holdem(1, each, each, "Ah Kh", board),
            holdem(2, each, each, "Qs Qd", board),
        ],
        chip_unit,
    )
}

/// Cash-out `index` refused at `field` (the core's guard, in the refusal's
/// words and place).
fn refused(index: usize, field: CashOutField, refusal: CashOutRefusal) -> CashOutError {
    CashOutError::Refused(CashOutProblem {
        at: CashOutAt::Field { index, field },
        refusal,
    })
}

/// A cash-out on the flop: `(pot, S)` per eligible pot over `n` runouts.
fn flop_cash_out(player: usize, fee_bp: u64, n: u64, pots: &[(usize, u64)]) -> CashOut {
    CashOut {
        terms: CashOutTerms {
            player,
            board_cards: 3,
            fee_bp,
            fee_rounding: FeeRounding::Down,
        },
        equities: pots
            .iter()
            .map(|&(pot, share_units)| PotEquity {
                pot,
                share_units,
                runouts: n,
            })
            .collect(),
    }
}

/// B's cash-out of 10.2: 67/90, that is 737 of 990 runouts.
fn b_on_the_flop(fee_bp: u64) -> CashOut {
    flop_cash_out(1, fee_bp, 990, &[(0, 737 * D)])
}

fn applied(s: &Settlement, unit: u64, cash_outs: &[CashOut]) -> CashOutSettlement {
    apply_cash_outs(s, unit, cash_outs).unwrap()
}

/// Chips conserved: every final stack, the house's take and its cash-out
/// balance add up to the stacks and dead money at the start.
fn assert_conserved(input: &HandInput, s: &Settlement, c: &CashOutSettlement) {
    let start: i128 = input
        .players
        .iter()
        .map(|p| i128::from(p.stack))
        .sum::<i128>()
        + i128::from(input.dead_money);
    let take = |t: &Option<showdown_core::Take>| i128::from(t.as_ref().map_or(0, |t| t.amount));
    let end: i128 = c.final_stacks.iter().map(|&x| i128::from(x)).sum::<i128>()
        + take(&s.rake)
        + take(&s.jackpot)
        + i128::from(c.balance);
    assert_eq!(start, end);
}

#[test]
fn worked_example_10_2_cash_out_on_the_flop_both_boards() {
    for (board, won_by_b, balance) in [(HEARTS, 0, -147), (BRICKS, 200, 53)] {
        let input = heads_up(board, 100, 1);
        let s = settle(&input).unwrap();
        let c = applied(&s, 1, &[b_on_the_flop(DEFAULT_FEE_BP)]);
        let b = &c.cash_outs[0];
        assert_eq!(
            (b.player, b.board_cards, b.fee_bp, b.runouts),
            (1, 3, 100, 990)
        );
        assert_eq!(b.pots.len(), 1);
        assert_eq!((b.pots[0].index, b.pots[0].net), (0, 200));
        assert_eq!(
            b.pots[0].equity,
            Fraction {
                numerator: 67,
                denominator: 90
            }
        );
        // V = 200 × 67/90 = 148.89; A = ⌊147.40⌋.
        assert_eq!((b.value, b.amount), (148, 147));
        assert_eq!(b.forfeited, won_by_b, "board {board}");
        assert_eq!(c.balance, balance, "board {board}");
        // A gets nothing from the cash-out either way: their settled stack.
        assert_eq!(c.final_stacks, vec![s.final_stacks[0], 147]);
        assert_conserved(&input, &s, &c);
    }
}

/// 10.3: A `As Ad` all in for 50, B `Ks Kd` and C `9c 8c` for 100.
fn side_pot_hand(board: &str) -> HandInput {
    hand(
        vec![
            holdem(1, 50, 50, "As Ad", board),
            holdem(2, 100, 100, "Ks Kd", board),
            holdem(3, 100, 100, "9c 8c", board),
        ],
        1,
    )
}

/// C's cash-out of 10.3 on `7c 6c 2h`: main pot 4/7 and side pot 527/903
/// of 903 runouts.
fn c_on_the_flop() -> CashOut {
    flop_cash_out(
        2,
        DEFAULT_FEE_BP,
        903,
        &[(1, 527 * D), (0, 903 * D * 4 / 7)],
    )
}

#[test]
fn worked_example_10_3_cash_out_with_a_side_pot() {
    // B's kings win both pots; then C's straight flush wins both.
    for (board, forfeited, balance) in [("7c 6c 2h Kh 3d", 0, -142), ("7c 6c 2h 5c Td", 250, 108)] {
        let input = side_pot_hand(board);
        let s = settle(&input).unwrap();
        let c = applied(&s, 1, &[c_on_the_flop()]);
        let co = &c.cash_outs[0];
        assert_eq!(co.runouts, 903);
        let pots: Vec<(usize, u64, u64, u64)> = co
            .pots
            .iter()
            .map(|p| (p.index, p.net, p.equity.numerator, p.equity.denominator))
            .collect();
        assert_eq!(pots, vec![(0, 150, 4, 7), (1, 100, 527, 903)]);
        // V = 150 × 4/7 + 100 × 527/903 = 144.08; A = ⌊142.63⌋.
        assert_eq!((co.value, co.amount), (144, 142));
        assert_eq!(co.forfeited, forfeited, "board {board}");
        assert_eq!(c.balance, balance, "board {board}");
        assert_eq!(c.final_stacks[2], 142);
        assert_conserved(&input, &s, &c);
    }
}

fn raked() -> HouseTake {
    HouseTake {
        rake: Some(Rake {
            percent_bp: 1_000,
            cap: Cap::None,
            players_dealt: None,
            rounding: Rounding::Down,
            spread: Spread::Proportional,
            no_flop_no_drop: true,
            attribution: Attribution::WeightedContributed,
        }),
        jackpot: Some(Jackpot {
            amount: 5,
            min_pot: 0,
            no_flop_no_drop: true,
        }),
        flop_seen: true,
    }
}

#[test]
fn rules_10_5_1_the_hand_settles_as_without_cash_outs() {
    let input = side_pot_hand("7c 6c 2h 5c Td");
    let s = settle_with_house(&input, &raked()).unwrap();
    let before = s.clone();
    let c = applied(&s, 1, &[c_on_the_flop()]);
    // Pots, shares, rake and jackpot are the settlement's, untouched; the
    // players who did not cash out keep their settled stacks.
    assert_eq!(s, before);
    assert_eq!(c.final_stacks[..2], s.final_stacks[..2]);
    // No cash-out: the settlement's stacks and a zero balance.
    let none = applied(&s, 1, &[]);
    assert_eq!(
        (none.final_stacks, none.balance),
        (s.final_stacks.clone(), 0)
    );
}

#[test]
fn rules_10_5_2_net_of_each_eligible_pot_and_its_equity() {
    let input = side_pot_hand("7c 6c 2h Kh 3d");
    let s = settle_with_house(&input, &raked()).unwrap();
    let c = applied(&s, 1, &[c_on_the_flop()]);
    for p in &c.cash_outs[0].pots {
        let pot = &s.pots[p.index];
        assert!(pot.rake > 0);
        assert_eq!(p.net, pot.amount - pot.rake - pot.jackpot);
    }
    // 250 − 25 rake − 5 jackpot: main 150 − 15 − 3 = 132, side 100 − 10 − 2
    // = 88. V = 132 × 4/7 + 88 × 527/903 = 126.79; A = ⌊125.52⌋.
    let nets: Vec<u64> = c.cash_outs[0].pots.iter().map(|p| p.net).collect();
    assert_eq!(nets, vec![132, 88]);
    assert_eq!((c.cash_outs[0].value, c.cash_outs[0].amount), (126, 125));

    // A is eligible for the main pot only: one pot, and an equity for the
    // side pot is refused, as is a missing one.
    let a = flop_cash_out(0, 100, 903, &[(0, 903 * D / 2)]);
    let c = applied(&s, 1, std::slice::from_ref(&a));
    assert_eq!(c.cash_outs[0].pots.len(), 1);
    assert_eq!(
        (c.cash_outs[0].pots[0].index, c.cash_outs[0].pots[0].net),
        (0, 132)
    );
    let extra = flop_cash_out(0, 100, 903, &[(0, 0), (1, 0)]);
    assert_eq!(
        apply_cash_outs(&s, 1, &[extra]),
        Err(CashOutError::EquityPots(0))
    );
    let missing = flop_cash_out(2, 100, 903, &[(0, 0)]);
    assert_eq!(
        apply_cash_outs(&s, 1, &[missing]),
        Err(CashOutError::EquityPots(0))
    );
}

#[test]
fn rules_10_5_3_amount_rounds_down_after_fee() {
    // Chip unit 5: V = 148.89 is worth 145; a 3 % fee leaves 144.42: 140.
    let s = settle(&heads_up(HEARTS, 100, 5)).unwrap();
    let c = applied(&s, 5, &[b_on_the_flop(300)]);
    assert_eq!((c.cash_outs[0].value, c.cash_outs[0].amount), (145, 140));
    // No fee: A is V rounded down, the value itself.
    let c = applied(&s, 5, &[b_on_the_flop(0)]);
    assert_eq!((c.cash_outs[0].value, c.cash_outs[0].amount), (145, 145));
    // A fee of 10000: the player gets nothing, the house all the hand won.
    let c = applied(&s, 5, &[b_on_the_flop(10_000)]);
    assert_eq!((c.cash_outs[0].value, c.cash_outs[0].amount), (145, 0));
    // Over 10000 is a guard rail, never a wrap.
    assert_eq!(
        apply_cash_outs(&s, 5, &[b_on_the_flop(10_001)]),
        Err(refused(
            0,
            CashOutField::FeeBp,
            CashOutRefusal::FeeBp(10_001)
        ))
    );
}

/// `c` with its fee rounded `how`.
fn rounded(mut c: CashOut, how: FeeRounding) -> CashOut {
    c.terms.fee_rounding = how;
    c
}

/// (value, amount, fee) of B's cash-out on a heads-up pot of `pot` (A's
/// flush wins it, so B forfeits nothing) with `s` of `n × D` share units.
fn b_paid(pot: u64, n: u64, s: u64, unit: u64, how: FeeRounding) -> (u64, u64, u64) {
    let settled = settle(&heads_up(HEARTS, pot / 2, unit)).unwrap();
    let co = rounded(flop_cash_out(1, DEFAULT_FEE_BP, n, &[(0, s)]), how);
    let c = applied(&settled, unit, &[co]);
    let b = &c.cash_outs[0];
    assert_eq!(
        (b.fee_rounding, b.forfeited, c.balance),
        (how, 0, -(b.amount as i64))
    );
    (b.value, b.amount, b.fee)
}

#[test]
fn rules_10_5_3_fee_nearest_pokerstars_value_670_74_pays_663_fee_7() {
    // A PokerStars cash-out in cents: "cashed out the hand for $6.63 |
    // Cash Out Fee $0.07". Exact V = 1000 × 33537/50000 = 670.74, over
    // 625 runouts (625 × D = 3,150,000 = 50000 × 63).
    let (n, s) = (625, 33_537 * 63);
    // down: ⌊670.74 × 0.99⌋ = ⌊664.03⌋ = 664, a fee of 6.
    assert_eq!(b_paid(1_000, n, s, 1, FeeRounding::Down), (670, 664, 6));
    // nearest: 670 less 1 % of 670 to the nearest cent, 7: the room's 663.
    assert_eq!(b_paid(1_000, n, s, 1, FeeRounding::Nearest), (670, 663, 7));
}

#[test]
fn rules_10_5_3_fee_nearest_pokerstars_value_1081_90_pays_1070_fee_11() {
    // Exact V = 2000 × 10819/20000 = 1081.90, over 250 runouts (250 × D =
    // 1,260,000 = 20000 × 63).
    let (n, s) = (250, 10_819 * 63);
    // down: ⌊1071.08⌋ = 1071; nearest: 1081 − 11 (10.81), the room's 1070.
    assert_eq!(b_paid(2_000, n, s, 1, FeeRounding::Down), (1081, 1071, 10));
    assert_eq!(
        b_paid(2_000, n, s, 1, FeeRounding::Nearest),
        (1081, 1070, 11)
    );
}

#[test]
fn rules_10_5_3_fee_nearest_rounds_a_half_unit_up() {
    // Chip unit 5, pot 5000 (1000 units), equity 1/4: V = 250 units
    // exactly, 1 % of it 2.5 units: nearest rounds the fee up to 3 units
    // (15 chips; half-even would say 2). Down pays ⌊247.5⌋ units, the same.
    let (n, s) = (4, D);
    assert_eq!(
        b_paid(5_000, n, s, 5, FeeRounding::Nearest),
        (1250, 1235, 15)
    );
    assert_eq!(b_paid(5_000, n, s, 5, FeeRounding::Down), (1250, 1235, 15));
}

#[test]
fn rules_10_5_3_worked_example_10_3_nearest_pays_143_down_142() {
    // V = 144.08: down ⌊142.63⌋ = 142 (fee 2); nearest 144 − 1 (1.44) = 143.
    let input = side_pot_hand("7c 6c 2h Kh 3d");
    let s = settle(&input).unwrap();
    for (how, amount, fee) in [(FeeRounding::Down, 142, 2), (FeeRounding::Nearest, 143, 1)] {
        let c = applied(&s, 1, &[rounded(c_on_the_flop(), how)]);
        let co = &c.cash_outs[0];
        assert_eq!((co.value, co.amount, co.fee), (144, amount, fee), "{how:?}");
        assert_eq!(c.final_stacks[2], amount);
        assert_conserved(&input, &s, &c);
    }
}

#[test]
fn rules_10_5_4_the_hand_s_win_is_forfeited_the_uncalled_bet_returned() {
    // B bets 150 of 300 and A calls 100 all in: 50 comes back to B.
    let input = hand(
        vec![
            holdem(1, 100, 100, "Ah Kh", BRICKS),
            holdem(2, 300, 150, "Qs Qd", BRICKS),
        ],
        1,
    );
    let s = settle(&input).unwrap();
    assert_eq!(s.uncalled[0].amount, 50);
    let c = applied(&s, 1, &[b_on_the_flop(DEFAULT_FEE_BP)]);
    assert_eq!(c.cash_outs[0].forfeited, 200);
    // stack − committed − dead + returned + A.
    assert_eq!(c.final_stacks[1], 300 - 150 + 50 + 147);
    assert_eq!(c.balance, 53);
}

#[test]
fn rules_10_5_5_several_players_cash_out_each_on_their_own_terms() {
    let input = heads_up(HEARTS, 100, 1);
    let s = settle(&input).unwrap();
    // A takes 23/90 without a fee (V = 51.11), B 67/90 with 1 %.
    let a = flop_cash_out(0, 0, 990, &[(0, 253 * D)]);
    let c = applied(&s, 1, &[a.clone(), b_on_the_flop(100)]);
    let got: Vec<(usize, u64, u64, u64)> = c
        .cash_outs
        .iter()
        .map(|o| (o.player, o.value, o.amount, o.forfeited))
        .collect();
    assert_eq!(got, vec![(0, 51, 51, 200), (1, 148, 147, 0)]);
    assert_eq!(c.final_stacks, vec![51, 147]);
    assert_eq!(c.balance, 200 - 51 - 147);
    assert_conserved(&input, &s, &c);
    // One player, one cash-out.
    assert_eq!(
        apply_cash_outs(&s, 1, &[a.clone(), a]),
        Err(refused(
            1,
            CashOutField::Player,
            CashOutRefusal::ListedTwice { first: 0 }
        ))
    );
}

#[test]
fn rules_10_5_6_pots_reported_as_without_and_balance_is_forfeited_less_paid() {
    let input = side_pot_hand("7c 6c 2h 5c Td");
    let s = settle_with_house(&input, &raked()).unwrap();
    let b = flop_cash_out(1, 250, 903, &[(0, 903 * D / 7), (1, 376 * D)]);
    let c = applied(&s, 1, &[c_on_the_flop(), b]);
    let forfeited: i64 = c.cash_outs.iter().map(|o| o.forfeited as i64).sum();
    let paid: i64 = c.cash_outs.iter().map(|o| o.amount as i64).sum();
    assert_eq!(c.balance, forfeited - paid);
    // §8.8 still holds on the settlement as reported.
    let won: u64 = s.won.iter().sum();
    let rake = s.rake.as_ref().unwrap().amount + s.jackpot.as_ref().unwrap().amount;
    assert_eq!(won + rake, 250);
    assert_conserved(&input, &s, &c);
}

#[test]
fn a_cash_out_needs_a_showdown_and_sound_equities() {
    // B folds: uncontested, nothing to cash out of.
    let mut input = heads_up(HEARTS, 100, 1);
    input.players[1] = crate::common::folded(2, 100);
    let s = settle(&input).unwrap();
    assert_eq!(
        apply_cash_outs(&s, 1, &[b_on_the_flop(100)]),
        Err(refused(0, CashOutField::Player, CashOutRefusal::NoShowdown))
    );

    let s = settle(&side_pot_hand("7c 6c 2h Kh 3d")).unwrap();
    let cases = [
        (
            flop_cash_out(2, 100, 903, &[(0, 0), (1, 903 * D + 1)]),
            CashOutError::ShareOverWhole(0),
        ),
        (
            flop_cash_out(2, 100, 0, &[(0, 0), (1, 0)]),
            CashOutError::Runouts(0),
        ),
        (
            flop_cash_out(9, 100, 903, &[(0, 0)]),
            refused(0, CashOutField::Player, CashOutRefusal::UnknownPlayer),
        ),
    ];
    for (cash_out, error) in cases {
        assert_eq!(apply_cash_outs(&s, 1, &[cash_out]), Err(error));
    }
    let mut differ = c_on_the_flop();
    differ.equities[0].runouts = 904;
    assert_eq!(
        apply_cash_outs(&s, 1, &[differ]),
        Err(CashOutError::Runouts(0))
    );
    let mut k = c_on_the_flop();
    k.terms.board_cards = 5;
    assert_eq!(
        apply_cash_outs(&s, 1, &[k]),
        Err(refused(
            0,
            CashOutField::BoardCards,
            CashOutRefusal::BoardCards(5)
        ))
    );
    assert_eq!(
        apply_cash_outs(&s, 0, &[]),
        Err(CashOutError::ChipUnit(ChipsRefusal::UnitZero(Unit::Chip)))
    );
}

#[test]
fn the_largest_amounts_never_wrap() {
    // Two stacks of 2^51 and a 100 % equity over the most runouts: the
    // products pass 2^64 and are still exact.
    let big = 1u64 << 51;
    let input = hand(
        vec![
            live(1, big, crate::common::hs(2, 0), None),
            live(2, big, crate::common::hs(1, 0), None),
        ],
        1,
    );
    let input = HandInput {
        players: input
            .players
            .into_iter()
            .map(|p| PlayerInput { stack: big, ..p })
            .collect(),
        ..input
    };
    let s = settle(&input).unwrap();
    let n = showdown_core::MAX_RUNOUTS;
    let c = applied(&s, 1, &[flop_cash_out(0, 1, n, &[(0, n * D)])]);
    assert_eq!(c.cash_outs[0].value, 2 * big);
    // 2^52 × 9999 / 10000, rounded down.
    let exact = (u128::from(2 * big) * 9_999 / 10_000) as u64;
    assert_eq!(c.cash_outs[0].amount, exact);
    assert_eq!(c.balance, (2 * big - exact) as i64);
}
