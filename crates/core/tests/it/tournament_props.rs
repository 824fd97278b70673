//! Property tests of the tournament end (RULES.md §12) over random hands of
//! 2 to 9 players: short all-ins, folds, ties, split games, stud order,
//! bounty units and progressive rates.

use proptest::prelude::*;
use showdown_core::{
    settle, tournament, HandInput, HandStrength, Hands, OddChipOrder, PlayerInput, Settlement,
    TournamentOutcome, TournamentTerms,
};

const CASES: u32 = 1024;

/// (stack, committed, dead, folded, high value, low value) of one player.
type Raw = (u64, u64, u64, bool, u64, Option<u64>);

/// A player who starts without chips is out of the event: folded, with
/// nothing in. About one in seven posts a dead chip (a big-blind ante).
fn arb_player() -> impl Strategy<Value = Raw> {
    (
        prop_oneof![Just(0u64), 1u64..=12],
        0u64..=12,
        prop::bool::weighted(0.15),
        prop::bool::weighted(0.25),
        0u64..4,
        prop::option::of(0u64..3),
    )
        .prop_map(|(stack, c, ante, folded, high, low)| {
            let dead = u64::from(ante && stack > 0);
            let committed = c.min(stack - dead);
            (
                stack * 100,
                committed * 100,
                dead * 100,
                folded || stack == 0,
                high,
                low,
            )
        })
}

/// A hand, bounties (in units) and terms.
pub(crate) fn arb_case() -> impl Strategy<Value = (HandInput, Vec<u64>, TournamentTerms)> {
    (2usize..=9)
        .prop_flat_map(|n| {
            (
                prop::sample::subsequence((1u32..=10).collect::<Vec<_>>(), n),
                prop::collection::vec(arb_player(), n),
                prop::collection::vec(0u64..=2_000, n),
                1u32..=10,
                any::<bool>(),
                any::<bool>(),
                prop::sample::select(vec![1u64, 5, 25]),
                prop::sample::select(vec![0u32, 2_500, 5_000, 3_333, 10_000]),
                prop::option::of(0u64..=20),
                0u64..=2,
            )
        })
        .prop_map(
            |(seats, raw, units, button_seat, stud, split_game, unit, bp, extra, dead_money)| {
                let players: Vec<PlayerInput> = seats
                    .iter()
                    .zip(&raw)
                    .map(
                        |(&seat, &(stack, committed, dead, folded, high, low))| PlayerInput {
                            seat,
                            stack,
                            committed,
                            dead,
                            folded,
                            hands: (!folded).then_some(Hands {
                                high: HandStrength {
                                    value: high,
                                    chip_key: seat * 7 % 11,
                                },
                                low: low.filter(|_| split_game).map(|v| HandStrength {
                                    value: v,
                                    chip_key: seat * 5 % 11,
                                }),
                            }),
                        },
                    )
                    .collect();
                let with_chips = players.iter().filter(|p| p.stack > 0).count() as u64;
                let input = HandInput {
                    players,
                    chip_unit: 100,
                    dead_money: dead_money * 100,
                    order: if stud {
                        OddChipOrder::Stud
                    } else {
                        OddChipOrder::Button { button_seat }
                    },
                    split_game,
                };
                let bounties = units.iter().map(|u| u * unit).collect();
                let terms = TournamentTerms {
                    bounty_unit: unit,
                    progressive_bp: bp,
                    players_left: extra.map(|e| with_chips + e),
                    ..Default::default()
                };
                (input, bounties, terms)
            },
        )
}

/// The settlement of a tournament hand: two or more players with chips.
pub(crate) fn playable(input: &HandInput) -> Option<Settlement> {
    let with_chips = input.players.iter().filter(|p| p.stack > 0).count();
    (with_chips >= 2).then(|| settle(input).ok()).flatten()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn bounties_in_equal_cash_plus_growth_and_awards_add_up(
        (input, bounties, terms) in arb_case()
    ) {
        let Some(s) = playable(&input) else { return Ok(()) };
        let out = tournament(&input, &s, &bounties, &terms).unwrap();
        prop_assert_eq!(out.bounty_in(), out.bounty_out());
        let gone: Vec<usize> = out.eliminations.iter().map(|e| e.player).collect();
        for e in &out.eliminations {
            prop_assert_eq!(s.final_stacks[e.player], 0);
            prop_assert!(input.players[e.player].stack > 0);
            let total: u64 = e.awards.iter().map(|a| a.amount).sum();
            prop_assert_eq!(total, e.bounty, "the whole bounty is awarded");
            // The eliminating pot, seen from the pots' eligible lists: a
            // live player's is the last pot they are eligible for.
            if !input.players[e.player].folded {
                let last = s.pots.iter().rposition(|p| p.eligible.contains(&e.player));
                prop_assert_eq!(Some(e.pot), last);
            }
            let min = e.awards.iter().map(|a| a.amount).min().unwrap();
            let max = e.awards.iter().map(|a| a.amount).max().unwrap();
            prop_assert!(max - min <= terms.bounty_unit, "at most one unit apart");
            for a in &e.awards {
                prop_assert_eq!(a.amount, a.cash + a.head);
                prop_assert_eq!(a.amount % terms.bounty_unit, 0);
                prop_assert_eq!(a.head % terms.bounty_unit, 0);
                prop_assert!(!gone.contains(&a.player), "nobody eliminated collects");
                let won = s.pots[e.pot]
                    .shares
                    .iter()
                    .any(|sh| sh.player == a.player && sh.amount > 0);
                prop_assert!(won, "a collector won chips from the eliminating pot");
            }
        }
        for (k, b) in out.bounties.iter().enumerate() {
            prop_assert_eq!(b.is_none(), gone.contains(&k));
        }
        if let Some(w) = out.winner {
            prop_assert_eq!(out.bounties[w], Some(0));
            let left = s.final_stacks.iter().filter(|&&f| f > 0).count();
            prop_assert_eq!(left, 1);
        }
    }

    #[test]
    fn the_order_of_players_never_matters(
        (input, bounties, terms) in arb_case(),
        rot in 0usize..9,
    ) {
        let Some(s) = playable(&input) else { return Ok(()) };
        let out = tournament(&input, &s, &bounties, &terms).unwrap();
        let n = input.players.len();
        // Player k moves to index (k + rot) % n.
        let to = |k: usize| (k + rot) % n;
        let mut moved = input.clone();
        let mut moved_bounties = bounties.clone();
        for k in 0..n {
            moved.players[to(k)] = input.players[k].clone();
            moved_bounties[to(k)] = bounties[k];
        }
        let s2 = settle(&moved).unwrap();
        let out2 = tournament(&moved, &s2, &moved_bounties, &terms).unwrap();
        let seat = |inp: &HandInput, k: usize| inp.players[k].seat;
        let view = |inp: &HandInput, o: &TournamentOutcome| {
            let e: Vec<_> = o
                .eliminations
                .iter()
                .map(|e| {
                    let a: Vec<_> = e
                        .awards
                        .iter()
                        .map(|a| (seat(inp, a.player), a.amount, a.cash, a.head, a.odd_units))
                        .collect();
                    (seat(inp, e.player), e.order, e.places, e.bounty, e.pot, a)
                })
                .collect();
            let mut b: Vec<_> = (0..n).map(|k| (seat(inp, k), o.bounties[k], o.cash[k])).collect();
            b.sort_unstable();
            (e, b, o.winner.map(|w| seat(inp, w)), o.winner_bounty)
        };
        prop_assert_eq!(view(&input, &out), view(&moved, &out2));
    }
}
