//! Property tests of the all-in cash-out (RULES.md §10.5) over the random
//! raked hands of `rake_props`, with random cash-outs by any of their live
//! players: random fees, runout counts and equities.

use crate::rake_props::{arb_case, settled};
use proptest::prelude::*;
use showdown_core::{
    apply_cash_outs, CashOut, CashOutOutcome, CashOutSettlement, CashOutTerms, FeeRounding,
    HandInput, HouseTake, PotEquity, Reason, Settlement, MAX_RUNOUTS, SHARE_UNITS_PER_RUNOUT,
};

const CASES: u32 = 256;

/// Per player slot: (cashes out, fee, runouts, raw equity per pot, k).
type Raw = (bool, u64, u64, Vec<u64>, u64);

fn arb_raws() -> impl Strategy<Value = Vec<Raw>> {
    let raw = (
        any::<bool>(),
        prop_oneof![0u64..=10_000, Just(100), Just(0), Just(10_000)],
        prop_oneof![1u64..=2_000, 1u64..=MAX_RUNOUTS],
        prop::collection::vec(any::<u64>(), 10),
        prop::sample::select(vec![0u64, 3, 4]),
    );
    prop::collection::vec(raw, 9)
}

fn arb_input() -> impl Strategy<Value = ((HandInput, HouseTake), Vec<Raw>)> {
    (arb_case(400), arb_raws())
}

/// The cash-outs `raws` choose: each chosen player eligible for a pot of a
/// showdown, with an equity of at most 1 in each of those pots.
fn cash_outs(s: &Settlement, raws: &[Raw]) -> Vec<CashOut> {
    if s.reason != Reason::Showdown {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (player, (chosen, fee_bp, runouts, shares, k)) in raws.iter().enumerate() {
        let pots: Vec<usize> = (0..s.pots.len())
            .filter(|&p| s.pots[p].eligible.contains(&player))
            .collect();
        if !chosen || pots.is_empty() {
            continue;
        }
        let whole = runouts * SHARE_UNITS_PER_RUNOUT;
        out.push(CashOut {
            terms: CashOutTerms {
                player,
                board_cards: *k,
                fee_bp: *fee_bp,
                fee_rounding: FeeRounding::Down,
            },
            equities: pots
                .iter()
                .map(|&pot| PotEquity {
                    pot,
                    share_units: shares[pot % shares.len()] % (whole + 1),
                    runouts: *runouts,
                })
                .collect(),
        });
    }
    out
}

/// `V × N × D` of one cash-out, from its inputs.
fn scaled_value(s: &Settlement, c: &CashOut) -> u128 {
    c.equities
        .iter()
        .map(|e| {
            let pot = &s.pots[e.pot];
            u128::from(pot.amount - pot.rake - pot.jackpot) * u128::from(e.share_units)
        })
        .sum()
}

fn applied(s: &Settlement, unit: u64, c: &[CashOut]) -> Result<CashOutSettlement, TestCaseError> {
    apply_cash_outs(s, unit, c).map_err(|e| TestCaseError::fail(format!("cash out: {e}")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// RULES.md §10.5.3: `A ≤ V`, `A` the largest multiple of the chip unit
    /// not above `V × (10000 − feeBp) / 10000`, and `value` is `V` rounded
    /// down to the chip unit.
    #[test]
    fn prop_rules_10_5_3_amount_is_the_largest_whole_unit_not_above_v_less_fee(
        ((input, house), raws) in arb_input()
    ) {
        let s = settled(&input, &house)?;
        let cs = cash_outs(&s, &raws);
        let c = applied(&s, input.chip_unit, &cs)?;
        let unit = u128::from(input.chip_unit);
        for (co, o) in cs.iter().zip(&c.cash_outs) {
            let v = scaled_value(&s, co);
            let whole = u128::from(o.runouts * SHARE_UNITS_PER_RUNOUT);
            let (a, value) = (u128::from(o.amount), u128::from(o.value));
            prop_assert_eq!(a % unit, 0);
            prop_assert_eq!(value % unit, 0);
            prop_assert!(a * whole <= v, "A over V");
            prop_assert!(a <= value);
            prop_assert!(value * whole <= v && v < (value + unit) * whole);
            let fee_left = u128::from(10_000 - o.fee_bp);
            prop_assert!(a * whole * 10_000 <= v * fee_left);
            prop_assert!(v * fee_left < (a + unit) * whole * 10_000);
        }
    }

    /// RULES.md §10.5.3, `nearest` against `down` on the same cash-outs: the
    /// same `value`; the fee `value × feeBp / 10000` to the nearest unit,
    /// halves up; `fee = value − amount` both ways; the two amounts at most
    /// one unit apart.
    #[test]
    fn prop_rules_10_5_3_nearest_fee_is_its_own_amount_to_the_nearest_unit(
        ((input, house), raws) in arb_input()
    ) {
        let s = settled(&input, &house)?;
        let down = cash_outs(&s, &raws);
        let nearest: Vec<CashOut> = down
            .iter()
            .cloned()
            .map(|mut c| {
                c.terms.fee_rounding = FeeRounding::Nearest;
                c
            })
            .collect();
        let d = applied(&s, input.chip_unit, &down)?;
        let n = applied(&s, input.chip_unit, &nearest)?;
        let unit = u128::from(input.chip_unit);
        for (a, b) in d.cash_outs.iter().zip(&n.cash_outs) {
            prop_assert_eq!(a.value, b.value);
            prop_assert_eq!(a.fee, a.value - a.amount);
            prop_assert_eq!(b.fee, b.value - b.amount);
            prop_assert_eq!(u128::from(b.fee) % unit, 0);
            let (fee, value) = (u128::from(b.fee), u128::from(b.value));
            let exact = value * u128::from(b.fee_bp) + 5_000 * unit;
            prop_assert!(fee * 10_000 <= exact && exact < (fee + unit) * 10_000);
            prop_assert!(a.amount.abs_diff(b.amount) <= input.chip_unit);
        }
    }

    /// RULES.md §10.5.4: `finalChipStacks[p] = stack − committed − dead +
    /// returned + won − forfeited + amount`, `forfeited` what the hand won.
    #[test]
    fn prop_rules_10_5_4_final_stacks_formula(((input, house), raws) in arb_input()) {
        let s = settled(&input, &house)?;
        let cs = cash_outs(&s, &raws);
        let c = applied(&s, input.chip_unit, &cs)?;
        for (i, p) in input.players.iter().enumerate() {
            let returned: u64 = s.uncalled.iter().filter(|u| u.player == i).map(|u| u.amount).sum();
            let (forfeited, amount) = c
                .cash_outs
                .iter()
                .find(|o| o.player == i)
                .map_or((0, 0), |o| (o.forfeited, o.amount));
            if forfeited > 0 {
                prop_assert_eq!(forfeited, s.won[i]);
            }
            prop_assert_eq!(
                c.final_stacks[i],
                p.stack - p.committed - p.dead + returned + s.won[i] - forfeited + amount
            );
        }
    }

    /// RULES.md §10.5.6: every chip is somewhere: the final stacks, the
    /// rake, the jackpot drop and the house's cash-out balance add up to the
    /// stacks and dead money the hand began with.
    #[test]
    fn prop_rules_10_5_6_chips_conserved_with_the_cash_out_balance(
        ((input, house), raws) in arb_input()
    ) {
        let s = settled(&input, &house)?;
        let c = applied(&s, input.chip_unit, &cash_outs(&s, &raws))?;
        let take = |t: &Option<showdown_core::Take>| i128::from(t.as_ref().map_or(0, |t| t.amount));
        let start: i128 = input.players.iter().map(|p| i128::from(p.stack)).sum::<i128>()
            + i128::from(input.dead_money);
        let end: i128 = c.final_stacks.iter().map(|&x| i128::from(x)).sum::<i128>()
            + take(&s.rake) + take(&s.jackpot) + i128::from(c.balance);
        prop_assert_eq!(start, end);
        let forfeited: i128 = c.cash_outs.iter().map(|o| i128::from(o.forfeited)).sum();
        let paid: i128 = c.cash_outs.iter().map(|o| i128::from(o.amount)).sum();
        prop_assert_eq!(i128::from(c.balance), forfeited - paid);
    }

    /// The order of the players never matters: the same hand and cash-outs
    /// with the players shuffled give the same outcome to each player.
    #[test]
    fn prop_cash_outs_invariant_under_permuting_players(
        (((input, house), raws), perm) in arb_input().prop_flat_map(|case| {
            let n = case.0.0.players.len();
            (Just(case), Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
        })
    ) {
        let s = settled(&input, &house)?;
        let cs = cash_outs(&s, &raws);
        let c = applied(&s, input.chip_unit, &cs)?;
        // permuted[j] = input.players[perm[j]]
        let permuted = HandInput {
            players: perm.iter().map(|&i| input.players[i].clone()).collect(),
            ..input.clone()
        };
        let at = |i: usize| perm.iter().position(|&p| p == i).unwrap_or(usize::MAX);
        let t = settled(&permuted, &house)?;
        let moved: Vec<CashOut> = cs
            .iter()
            .map(|co| CashOut {
                terms: CashOutTerms { player: at(co.terms.player), ..co.terms },
                equities: co.equities.clone(),
            })
            .collect();
        let d = applied(&t, input.chip_unit, &moved)?;
        let back: Vec<CashOutOutcome> = d
            .cash_outs
            .iter()
            .map(|o| CashOutOutcome { player: perm[o.player], ..o.clone() })
            .collect();
        prop_assert_eq!(back, c.cash_outs);
        prop_assert_eq!(d.balance, c.balance);
        for i in 0..input.players.len() {
            prop_assert_eq!(d.final_stacks[at(i)], c.final_stacks[i]);
        }
    }
}
