//! Property tests of `settle` (issue 2): chips in equal chips out, at most
//! one odd chip per player per split, folded players win nothing, the order
//! of the players does not matter, a hand that beats every other eligible
//! hand takes the whole pot, and the final-stack formula. Thousands of cases
//! each, over random 2- to 9-player hands with side pots, dead money, chip
//! units, button and stud odd-chip orders, one- and two-sided games.

use std::collections::BTreeMap;

use proptest::prelude::*;
use showdown_core::{
    settle, CardsRefusal, Half, HandInput, HandRefusal, HandStrength, Hands, OddChipOrder,
    PlayerInput, Pot, SettleError, Settlement, Share, Uncalled,
};

const CASES: u32 = 4096;

/// One generated player before the hand-level fix-ups.
#[derive(Debug, Clone)]
struct Raw {
    stack: u64,
    committed: u64,
    dead: u64,
    folded: bool,
    high: u64,
    low: Option<u64>,
}

fn arb_raw() -> impl Strategy<Value = Raw> {
    (
        0u64..=400,
        0u64..=400,
        0u64..=3,
        prop::bool::weighted(0.3),
        0u64..4,
        prop::option::weighted(0.6, 0u64..3),
    )
        .prop_map(|(stack, c, d, folded, high, low)| {
            let committed = c % (stack + 1);
            let dead = d.min(stack - committed);
            Raw {
                stack,
                committed,
                dead,
                folded,
                high,
                low,
            }
        })
}

/// A consistent hand: seats ascending, at least one live player, no folded
/// player holding the uncalled bet, every live player with hands; folded
/// players sometimes carry (ignored) hands too.
pub(crate) fn arb_hand() -> impl Strategy<Value = HandInput> {
    (
        2usize..=9,
        prop::sample::select(vec![1u64, 5, 25]),
        any::<bool>(),
        any::<bool>(),
        0u32..=11,
    )
        .prop_flat_map(|(n, unit, split_game, stud, button_seat)| {
            let seats = prop::sample::subsequence((1u32..=10).collect::<Vec<_>>(), n);
            let keys = Just((0..n as u32).collect::<Vec<_>>()).prop_shuffle();
            let raws = prop::collection::vec(arb_raw(), n);
            let folded_hands = prop::collection::vec(any::<bool>(), n);
            (
                Just((unit, split_game, stud, button_seat)),
                seats,
                keys,
                raws,
                folded_hands,
                0u64..=3,
            )
        })
        .prop_map(
            |(
                (unit, split_game, stud, button_seat),
                seats,
                keys,
                raws,
                folded_hands,
                dead_money,
            )| {
                let mut players: Vec<PlayerInput> = raws
                    .iter()
                    .zip(&seats)
                    .zip(&keys)
                    .zip(&folded_hands)
                    .map(|(((r, &seat), &key), &folded_hand)| {
                        let hands = Hands {
                            high: HandStrength {
                                value: r.high,
                                chip_key: key,
                            },
                            low: r.low.filter(|_| split_game).map(|value| HandStrength {
                                value,
                                chip_key: 100 - key,
                            }),
                        };
                        PlayerInput {
                            seat,
                            stack: r.stack * unit,
                            committed: r.committed * unit,
                            dead: r.dead * unit,
                            folded: r.folded,
                            hands: (!r.folded || folded_hand).then_some(hands),
                        }
                    })
                    .collect();
                fix_up(&mut players);
                let order = if stud {
                    OddChipOrder::Stud
                } else {
                    OddChipOrder::Button { button_seat }
                };
                HandInput {
                    players,
                    chip_unit: unit,
                    dead_money: dead_money * unit,
                    order,
                    split_game,
                }
            },
        )
}

/// Makes a generated hand possible: someone is live, and whoever alone
/// committed the most did not fold (RULES.md §2.1); live players show hands.
fn fix_up(players: &mut [PlayerInput]) {
    if players.iter().all(|p| p.folded) {
        players[0].folded = false;
    }
    let top = players.iter().map(|p| p.committed).max().unwrap_or(0);
    let at_top: Vec<usize> = (0..players.len())
        .filter(|&i| players[i].committed == top)
        .collect();
    if let [only] = at_top[..] {
        players[only].folded = false;
    }
    for p in players.iter_mut().filter(|p| !p.folded) {
        if p.hands.is_none() {
            p.hands = Some(Hands {
                high: HandStrength {
                    value: 0,
                    chip_key: 0,
                },
                low: None,
            });
        }
    }
}

fn settled(input: &HandInput) -> Result<Settlement, TestCaseError> {
    settle(input).map_err(|e| TestCaseError::fail(format!("settle failed: {e}")))
}

fn chips_in(input: &HandInput) -> u64 {
    input
        .players
        .iter()
        .map(|p| p.committed + p.dead)
        .sum::<u64>()
        + input.dead_money
}

fn returned(s: &Settlement, player: usize) -> u64 {
    s.uncalled
        .iter()
        .filter(|u| u.player == player)
        .map(|u| u.amount)
        .sum()
}

/// The shares of one pot grouped by half.
fn halves(pot: &Pot) -> BTreeMap<u8, Vec<Share>> {
    let mut by_half: BTreeMap<u8, Vec<Share>> = BTreeMap::new();
    for s in &pot.shares {
        by_half.entry(s.half as u8).or_default().push(*s);
    }
    by_half
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// API.md invariant: pots plus uncalled equal every committed and dead
    /// chip plus dead money; each pot's shares add up to the pot.
    #[test]
    fn prop_chips_in_equal_chips_out(input in arb_hand()) {
        let s = settled(&input)?;
        let won: u64 = s.won.iter().sum();
        let back: u64 = s.uncalled.iter().map(|u| u.amount).sum();
        prop_assert_eq!(won + back, chips_in(&input));
        prop_assert_eq!(s.pots.iter().map(|p| p.amount).sum::<u64>() + back, chips_in(&input));
        for pot in &s.pots {
            prop_assert!(pot.amount > 0, "a layer with no chips makes no pot");
            prop_assert_eq!(pot.shares.iter().map(|x| x.amount).sum::<u64>(), pot.amount);
            prop_assert!(pot.shares.iter().all(|x| x.amount % input.chip_unit == 0));
        }
        prop_assert_eq!(s.final_stacks.iter().sum::<u64>(),
            input.players.iter().map(|p| p.stack).sum::<u64>() + input.dead_money);
    }

    /// Robert's 3.7.4, the odd-chip house rules rule 2: within one split (a pot or a half)
    /// a player appears once, gets at most one odd chip, the odd chips go to
    /// the first winners in odd-chip order, and shares differ by at most
    /// one unit.
    #[test]
    fn prop_no_player_gets_more_than_one_odd_chip_from_one_split(input in arb_hand()) {
        let s = settled(&input)?;
        let unit = input.chip_unit;
        for pot in &s.pots {
            for shares in halves(pot).values() {
                let mut players: Vec<usize> = shares.iter().map(|x| x.player).collect();
                players.sort_unstable();
                players.dedup();
                prop_assert_eq!(players.len(), shares.len(), "a player twice in one split");
                prop_assert!(shares.iter().all(|x| x.odd_chips <= 1));
                let odd = shares.iter().take_while(|x| x.odd_chips == 1).count();
                prop_assert!(shares[odd..].iter().all(|x| x.odd_chips == 0), "odd chips not first");
                // Zero-chip shares are left out, so compare what each got
                // before its odd chip.
                let base: Vec<u64> = shares.iter().map(|x| x.amount - x.odd_chips * unit).collect();
                prop_assert!(base.windows(2).all(|b| b[0] == b[1]), "uneven split");
            }
            let high: u64 = pot.shares.iter().filter(|x| x.half == Half::High).map(|x| x.amount).sum();
            let low: u64 = pot.shares.iter().filter(|x| x.half == Half::Low).map(|x| x.amount).sum();
            if low > 0 {
                prop_assert!(high == low || high == low + unit, "TDA 19: the odd unit of halving goes high");
            }
        }
    }

    /// RULES.md §2.2: each pot carries the cut it was made at, rising
    /// from the main pot, and its eligible players are exactly the live
    /// players whose commitment, as bet, is at least that cut (the
    /// showdown reads who is in which pot from the cut alone).
    #[test]
    fn rules_2_2_a_pots_cut_names_its_eligible_players(input in arb_hand()) {
        let s = settled(&input)?;
        let cuts: Vec<u64> = s.pots.iter().filter_map(|p| p.cut).collect();
        prop_assert_eq!(cuts.len(), s.pots.len(), "a settled pot without its cut");
        prop_assert!(cuts.windows(2).all(|w| w[0] < w[1]), "cuts not rising: {:?}", cuts);
        for (pot, &cut) in s.pots.iter().zip(&cuts) {
            let mut reached: Vec<usize> = (0..input.players.len())
                .filter(|&k| !input.players[k].folded && input.players[k].committed >= cut)
                .collect();
            let mut eligible = pot.eligible.clone();
            reached.sort_unstable();
            eligible.sort_unstable();
            prop_assert_eq!(eligible, reached, "pot cut at {}", cut);
        }
    }

    /// RULES.md §2.2–3: folded players are eligible for no pot and win
    /// nothing, even when they hold the best cards.
    #[test]
    fn prop_folded_players_win_nothing(input in arb_hand()) {
        let s = settled(&input)?;
        for (i, p) in input.players.iter().enumerate().filter(|(_, p)| p.folded) {
            prop_assert_eq!(s.won[i], 0);
            prop_assert!(s.pots.iter().all(|pot| !pot.eligible.contains(&i)));
            prop_assert!(!s.winners.contains(&i));
            prop_assert_eq!(s.final_stacks[i], p.stack - p.committed - p.dead);
        }
    }

    /// API.md: the same hand gives the same result whatever the order of the
    /// players; indices are mapped back through the permutation.
    #[test]
    fn prop_result_invariant_under_permuting_players(
       (input, perm) in arb_hand().prop_flat_map(|h| {
            let n = h.players.len();
           (Just(h), Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
        })
   ) {
        let s = settled(&input)?;
        // permuted[j] = input.players[perm[j]]
        let permuted = HandInput {
            players: perm.iter().map(|&i| input.players[i].clone()).collect(),
            ..input.clone()
        };
        let t = settled(&permuted)?;
        let back = |j: usize| perm[j];
        let mapped = Settlement {
            reason: t.reason,
            pots: t.pots.iter().map(|p| Pot {
                amount: p.amount,
                eligible: p.eligible.iter().map(|&j| back(j)).collect(),
                tie: p.tie,
                shares: p.shares.iter().map(|x| Share { player: back(x.player), ..*x }).collect(),
                rake: p.rake,
                jackpot: p.jackpot,
                cut: p.cut,
            }).collect(),
            uncalled: t.uncalled.iter().map(|u| Uncalled { player: back(u.player), amount: u.amount }).collect(),
            won: (0..perm.len()).map(|i| t.won[perm.iter().position(|&p| p == i).unwrap()]).collect(),
            final_stacks: (0..perm.len()).map(|i| t.final_stacks[perm.iter().position(|&p| p == i).unwrap()]).collect(),
            tie: t.tie,
            total_winners: t.total_winners,
            winners: t.winners.iter().map(|&j| back(j)).collect(),
            rake: t.rake.clone(),
            jackpot: t.jackpot.clone(),
        };
        prop_assert_eq!(mapped, s);
    }

    /// TDA 20, RULES.md §3: a player whose hand beats every other eligible
    /// hand of a pot (both halves in a split game, or high when nobody
    /// qualifies for low) wins all of that pot.
    #[test]
    fn prop_hand_beating_every_eligible_hand_wins_whole_pot(input in arb_hand()) {
        let s = settled(&input)?;
        let hands = |i: usize| input.players[i].hands.expect("live players have hands");
        for pot in &s.pots {
            for &w in &pot.eligible {
                let others = || pot.eligible.iter().filter(move |&&o| o != w).map(|&o| hands(o));
                let best_high = others().all(|h| h.high.value < hands(w).high.value);
                let best_low = !input.split_game
                    || match hands(w).low {
                        Some(l) => others().all(|h| h.low.is_none_or(|o| o.value < l.value)),
                        None => others().all(|h| h.low.is_none()),
                    };
                if best_high && best_low {
                    prop_assert_eq!(pot.shares.len(), 1);
                    prop_assert_eq!(pot.shares[0], Share { player: w, half: Half::Whole, amount: pot.amount, odd_chips: 0 });
                    prop_assert!(!pot.tie);
                }
            }
        }
    }

    /// RULES.md §2 against an independent, chip-level model: walk the
    /// commitments one chip unit at a time; a level only one player reached
    /// is uncalled; otherwise its chips go to the pot of the live players who
    /// reached it (the last pot when none did); dead chips go to the main pot
    /// of every live player. Consecutive levels with the same eligible
    /// players are one pot.
    #[test]
    fn prop_pots_match_a_chip_by_chip_model(input in arb_hand()) {
        let s = settled(&input)?;
        let unit = input.chip_unit;
        let live: Vec<usize> = (0..input.players.len()).filter(|&i| !input.players[i].folded).collect();
        let dead: u64 = input.players.iter().map(|p| p.dead).sum::<u64>() + input.dead_money;
        let mut pots: Vec<(u64, Vec<usize>)> = vec![(dead, live.clone())];
        let mut uncalled = vec![0u64; input.players.len()];
        let top = input.players.iter().map(|p| p.committed).max().unwrap_or(0);
        let mut level = unit;
        while level <= top {
            let reached: Vec<usize> = (0..input.players.len()).filter(|&i| input.players[i].committed >= level).collect();
            let eligible: Vec<usize> = reached.iter().copied().filter(|i| live.contains(i)).collect();
            let chips = unit * reached.len() as u64;
            if let [only] = reached[..] {
                uncalled[only] += unit;
            } else if eligible.is_empty() || pots.last().is_some_and(|p| p.1 == eligible) {
                pots.last_mut().expect("the main pot is always there").0 += chips;
            } else {
                pots.push((chips, eligible));
            }
            level += unit;
        }
        pots.retain(|p| p.0 > 0);
        let got: Vec<(u64, Vec<usize>)> = s.pots.iter().map(|p| (p.amount, p.eligible.clone())).collect();
        prop_assert_eq!(got, pots);
        let mut back = vec![0u64; input.players.len()];
        for u in &s.uncalled {
            back[u.player] += u.amount;
        }
        prop_assert_eq!(back, uncalled);
    }

    /// API.md `finalChipStacks`: stack − committed − dead + won + returned.
    #[test]
    fn prop_final_stacks_formula(input in arb_hand()) {
        let s = settled(&input)?;
        for (i, p) in input.players.iter().enumerate() {
            prop_assert_eq!(s.final_stacks[i], p.stack - p.committed - p.dead + s.won[i] + returned(&s, i));
            let from_pots: u64 = s.pots.iter().flat_map(|pot| &pot.shares).filter(|x| x.player == i).map(|x| x.amount).sum();
            prop_assert_eq!(s.won[i], from_pots);
        }
        prop_assert_eq!(s.total_winners, s.won.iter().filter(|&&w| w > 0).count());
        prop_assert!(s.winners.windows(2).all(|w| s.won[w[0]] >= s.won[w[1]]));
        prop_assert_eq!(s.tie, s.pots.iter().any(|p| p.tie));
    }

    /// Whatever it is given, `settle` returns a result or an error, never a
    /// panic, and never an amount above 2^53 − 1.
    #[test]
    fn prop_settle_never_panics(
        players in prop::collection::vec(
           (0u32..6, any::<u64>(), any::<u64>(), 0u64..3, any::<bool>(), prop::option::of((any::<u64>(), any::<u32>(), prop::option::of(any::<u64>())))),
            0..6),
        chip_unit in prop_oneof![Just(0u64), Just(1), any::<u64>()],
        dead_money in prop_oneof![Just(0u64), any::<u64>()],
        small in any::<bool>(),
        stud in any::<bool>(),
        split_game in any::<bool>(),
   ) {
        let scale = |x: u64| if small { x % 64 } else { x };
        let players = players.into_iter().map(|(seat, stack, committed, dead, folded, hands)| PlayerInput {
            seat,
            stack: scale(stack),
            committed: scale(committed),
            dead,
            folded,
            hands: hands.map(|(v, k, low)| Hands {
                high: HandStrength { value: v % 4, chip_key: k },
                low: low.map(|l| HandStrength { value: l % 3, chip_key: k }),
            }),
        }).collect();
        let order = if stud { OddChipOrder::Stud } else { OddChipOrder::Button { button_seat: 2 } };
        let input = HandInput { players, chip_unit: if small { chip_unit % 3 } else { chip_unit }, dead_money: scale(dead_money), order, split_game };
        match settle(&input) {
            Ok(s) => {
                prop_assert!(s.final_stacks.iter().all(|&x| x <= showdown_core::MAX_AMOUNT));
                prop_assert_eq!(s.won.iter().sum::<u64>() + s.uncalled.iter().map(|u| u.amount).sum::<u64>(), chips_in(&input));
            }
            Err(e) => {
                let out_of_range = matches!(e, SettleError::Hand(HandRefusal::FoldedUncalled { player: i, .. }) | SettleError::Cards(CardsRefusal::LiveWithoutCards { player: i }) if i >= input.players.len());
                prop_assert!(!out_of_range);
            }
        }
    }
}
