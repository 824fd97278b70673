//! Property tests of RULES.md §13 (between hands): long runs of hands at
//! one table, players busting, under both button rules (13.2, 13.3, 13.5),
//! each run starting from the table's first hand (13.9). Random states of
//! several tables between hands (13.6, 13.7) are in `tables_props.rs`.
//!
//! "Posts the big blind twice in a row" is read two ways. Literally, for
//! both rules: the big blinds of two consecutive hands are two players
//! (13.3 gives the button to whoever 13.2 would hand the big blind again
//! going heads-up; 13.5 ends "heads-up as 13.3"). By the round, for the dead
//! button only (13.2: "no player misses the big blind or posts it twice in
//! a row"): between two big blinds of one player, every other player posts
//! it at most once, and exactly once if they stayed at the table the whole
//! time. The forward button may skip a player (13.5 says so), so between
//! two big blinds of the skipped player someone else may post twice: only
//! the literal reading holds there.

use std::collections::{BTreeMap, BTreeSet};

use proptest::prelude::*;
use showdown_core::{first_hand, next_hand, ButtonRule, HandPlayed, NextHand, Seated, MAX_SEATS};

use ButtonRule::{Dead, Forward};

const RUN_CASES: u32 = 256;
const HANDS: usize = 80;

pub(crate) fn arb_rule() -> impl Strategy<Value = ButtonRule> {
    prop_oneof![Just(Dead), Just(Forward)]
}

/// The first seat after `x` going clockwise (x excluded, once round the
/// table) among `seats` for which `keep` holds.
pub(crate) fn first_after(
    seats: &BTreeSet<u32>,
    x: u32,
    keep: impl Fn(u32) -> bool,
) -> Option<u32> {
    seats
        .range(x + 1..)
        .chain(seats.range(..x))
        .copied()
        .find(|&s| keep(s))
}

/// 13.5's button and small blind, written from the rule's text: `players`
/// maps each seat taken to whether its player arrived.
pub(crate) fn forward_reference(
    hand: &HandPlayed,
    players: &BTreeMap<u32, bool>,
) -> Option<(u32, u32)> {
    let seats: BTreeSet<u32> = players.keys().copied().collect();
    let all_arrived = players.values().all(|&a| a);
    let played = |seat: u32| all_arrived || !players[&seat];
    let s = hand.small_blind;
    let at_s_played = players.contains_key(&s) && played(s);
    let button = if hand.button != Some(s) && at_s_played {
        s
    } else if let Some(p) = first_after(&seats, s, played) {
        p
    } else if at_s_played {
        s
    } else {
        return None;
    };
    let small_blind =
        first_after(&seats, button, played).or_else(|| first_after(&seats, button, |_| true))?;
    Some((button, small_blind))
}

// ---------------------------------------------------------------------
// One table, many hands.

/// A run: the rule, the table's seats, the seats taken at the start, the
/// first hand (button, small blind, big blind on players, as §13.9 starts
/// a table: written here from its words), how likely a player is to bust each hand (in 16ths) and
/// random bits for the busts.
#[derive(Debug, Clone)]
struct Run {
    rule: ButtonRule,
    players: Vec<u32>,
    first: HandPlayed,
    bust_rate: u32,
    busts: Vec<u128>,
}

fn arb_run() -> impl Strategy<Value = Run> {
    (2u32..=23)
        .prop_flat_map(|seats| {
            let all: Vec<u32> = (1..=seats).collect();
            (2..=seats as usize).prop_flat_map(move |n| {
                (
                    arb_rule(),
                    prop::sample::subsequence(all.clone(), n),
                    0..n,
                    prop_oneof![Just(0u32), 1u32..=3],
                    prop::collection::vec(any::<u128>(), HANDS),
                )
            })
        })
        .prop_map(|(rule, players, i, bust_rate, busts)| {
            let n = players.len();
            let first = if n == 2 {
                HandPlayed {
                    button: Some(players[i]),
                    small_blind: players[i],
                    big_blind: players[1 - i],
                }
            } else {
                HandPlayed {
                    button: Some(players[i]),
                    small_blind: players[(i + 1) % n],
                    big_blind: players[(i + 2) % n],
                }
            };
            Run {
                rule,
                players,
                first,
                bust_rate,
                busts,
            }
        })
}

/// RULES.md §13.9: the run's first hand as the core finds it from the
/// drawn button (the run's first button) equals the one built above from
/// the rule's words, whichever players are marked as arrivals (`arrived`
/// bits by seat): nobody waits and no seat is dead.
fn check_first_hand(run: &Run, arrived: u128) -> Result<(), TestCaseError> {
    let seated: Vec<Seated> = run
        .players
        .iter()
        .map(|&seat| Seated {
            seat,
            arrived: (arrived >> seat) & 1 == 1,
        })
        .collect();
    let drawn = run.first.button.expect("a drawn button");
    let t = first_hand(drawn, &seated);
    prop_assert!(t.waiting.is_empty(), "nobody waits at a first hand");
    let n = t.next.expect("two or more players have a first hand");
    prop_assert_eq!(
        (Some(n.button), n.small_blind, n.big_blind),
        (run.first.button, run.first.small_blind, run.first.big_blind)
    );
    prop_assert_eq!(n.heads_up, run.players.len() == 2);
    prop_assert!(!n.button_dead && !n.small_blind_dead);
    Ok(())
}

/// One hand of a run: its big blind and the seats dealt in.
struct Played {
    big_blind: u32,
    dealt: BTreeSet<u32>,
}

/// Plays the run: after each hand some players bust (never all), the rest
/// are the table for `next_hand`, whose answer is the next hand played.
/// Checks each next hand against 13.2, 13.3 and 13.5 and returns the hands
/// played, the first one included.
fn play(run: &Run) -> Result<Vec<Played>, TestCaseError> {
    check_first_hand(run, run.busts[0])?;
    let mut table: BTreeSet<u32> = run.players.iter().copied().collect();
    let mut hand = run.first;
    let mut hands = vec![Played {
        big_blind: hand.big_blind,
        dealt: table.clone(),
    }];
    for bits in &run.busts {
        // Busts in the hand just played; somebody wins it.
        let survivors: BTreeSet<u32> = table
            .iter()
            .copied()
            .filter(|&s| ((bits >> (4 * s)) & 15) as u32 >= run.bust_rate)
            .collect();
        if survivors.is_empty() {
            break;
        }
        table = survivors;
        if table.len() < 2 {
            break;
        }
        let seated: Vec<Seated> = table
            .iter()
            .map(|&seat| Seated {
                seat,
                arrived: false,
            })
            .collect();
        let t = next_hand(&hand, &seated, run.rule);
        prop_assert!(t.waiting.is_empty(), "nobody arrived, nobody waits");
        let n: NextHand = t.next.expect("two or more players have a next hand");
        check_next(run.rule, &hand, &table, &n)?;
        hand = HandPlayed {
            button: Some(n.button),
            small_blind: n.small_blind,
            big_blind: n.big_blind,
        };
        hands.push(Played {
            big_blind: n.big_blind,
            dealt: table.clone(),
        });
    }
    Ok(hands)
}

/// One next hand, from the hand just played and the players left.
fn check_next(
    rule: ButtonRule,
    hand: &HandPlayed,
    table: &BTreeSet<u32>,
    n: &NextHand,
) -> Result<(), TestCaseError> {
    prop_assert!(table.contains(&n.big_blind), "the big blind is a player");
    prop_assert_eq!(n.button_dead, !table.contains(&n.button));
    prop_assert_eq!(n.small_blind_dead, !table.contains(&n.small_blind));
    if table.len() == 2 {
        // 13.3: the big blind is the first player after b; the other
        // player has the button and posts the small blind.
        prop_assert!(n.heads_up);
        let bb = first_after(table, hand.big_blind, |_| true).unwrap();
        let other = *table.iter().find(|&&s| s != bb).unwrap();
        prop_assert_eq!((n.button, n.small_blind, n.big_blind), (other, other, bb));
        prop_assert!(!n.button_dead && !n.small_blind_dead);
        return Ok(());
    }
    prop_assert!(!n.heads_up);
    match rule {
        Dead => {
            // 13.2: the big blind moves one player, the small blind and the
            // button follow on seats.
            let bb = first_after(table, hand.big_blind, |_| true).unwrap();
            prop_assert_eq!(
                (n.button, n.small_blind, n.big_blind),
                (hand.small_blind, hand.big_blind, bb)
            );
        }
        Forward => {
            // 13.5: never a dead seat; the button and small blind as the
            // rule's text finds them, the big blind the next player.
            prop_assert!(!n.button_dead && !n.small_blind_dead);
            let players = table.iter().map(|&s| (s, false)).collect();
            let (button, sb) = forward_reference(hand, &players).unwrap();
            let bb = first_after(table, sb, |_| true).unwrap();
            prop_assert_eq!((n.button, n.small_blind, n.big_blind), (button, sb, bb));
        }
    }
    Ok(())
}

/// A run with players arriving too: after each hand's busts, each empty
/// seat takes a newcomer with a probability of one in eight (a move from
/// another table, or a new seat).
fn play_with_arrivals(run: &Run, arrivals: &[u128]) -> Result<usize, TestCaseError> {
    // seat -> (id, arrived: has not played a hand here yet)
    let mut table: BTreeMap<u32, (usize, bool)> = run
        .players
        .iter()
        .map(|&s| (s, (s as usize, false)))
        .collect();
    let seats = MAX_SEATS;
    let mut next_id = 100;
    let mut hand = run.first;
    let mut last_big_blind = table[&hand.big_blind].0;
    let mut hands = 1;
    for (bits, come) in run.busts.iter().zip(arrivals) {
        table.retain(|&s, _| ((bits >> (4 * s)) & 15) as u32 >= run.bust_rate);
        for s in 1..=seats {
            if !table.contains_key(&s) && (come >> (4 * s)) & 7 == 0 {
                next_id += 1;
                table.insert(s, (next_id, true));
            }
        }
        let seated: Vec<Seated> = table
            .iter()
            .map(|(&seat, &(_, arrived))| Seated { seat, arrived })
            .collect();
        let t = next_hand(&hand, &seated, run.rule);
        let Some(n) = t.next else { break };
        for w in &t.waiting {
            prop_assert!(table[w].1, "only an arrival waits");
        }
        for seat in [n.button, n.small_blind, n.big_blind] {
            prop_assert!(!t.waiting.contains(&seat), "seat {} waits", seat);
        }
        let big_blind = table[&n.big_blind].0;
        prop_assert_ne!(
            big_blind,
            last_big_blind,
            "{:?}: big blind twice running",
            run.rule
        );
        if run.rule == Forward {
            prop_assert!(!n.button_dead && !n.small_blind_dead);
        }
        last_big_blind = big_blind;
        hand = HandPlayed {
            button: Some(n.button),
            small_blind: n.small_blind,
            big_blind: n.big_blind,
        };
        // Whoever was dealt in has played a hand here; who waited has not.
        for (s, p) in table.iter_mut() {
            p.1 = p.1 && t.waiting.contains(s);
        }
        hands += 1;
    }
    Ok(hands)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(RUN_CASES))]

    #[test]
    fn rules_13_2_13_3_13_5_nobody_posts_the_big_blind_twice_in_a_row(run in arb_run()) {
        let hands = play(&run)?;
        for w in hands.windows(2) {
            prop_assert_ne!(w[0].big_blind, w[1].big_blind, "{:?}", run.rule);
        }
    }

    #[test]
    fn rules_13_9_first_hand_button_as_drawn_blinds_follow(run in arb_run(), arrived in any::<u128>()) {
        check_first_hand(&run, arrived)?;
    }

    #[test]
    fn rules_13_2_dead_button_nobody_skips_the_big_blind(run in arb_run()) {
        let run = Run { rule: Dead, ..run };
        let hands = play(&run)?;
        for (i, h) in hands.iter().enumerate() {
            let x = h.big_blind;
            let Some(j) = (i + 1..hands.len()).find(|&j| hands[j].big_blind == x) else {
                continue;
            };
            let mut posted: BTreeMap<u32, usize> = BTreeMap::new();
            for between in &hands[i + 1..j] {
                *posted.entry(between.big_blind).or_default() += 1;
            }
            prop_assert!(posted.values().all(|&k| k == 1), "hands {i}..{j}: {posted:?}");
            // Players leave only by busting: those dealt in at hand j
            // stayed the whole time.
            for &y in hands[j].dealt.iter().filter(|&&y| y != x) {
                prop_assert_eq!(posted.get(&y), Some(&1), "seat {} in hands {}..{}", y, i, j);
            }
        }
    }

    #[test]
    fn rules_13_5_forward_button_never_leaves_a_seat_dead(run in arb_run()) {
        // check_next asserts the seats and flags hand by hand.
        let run = Run { rule: Forward, ..run };
        let hands = play(&run)?;
        for h in &hands {
            prop_assert!(h.dealt.contains(&h.big_blind));
        }
    }

    #[test]
    fn rules_13_3_heads_up_button_is_the_small_blind_big_blind_the_other(run in arb_run()) {
        let hands = play(&run)?;
        // Runs whose busts come quickly spend many hands heads-up; in
        // those, the two players take the big blind in turn.
        for w in hands.windows(3) {
            if w.iter().all(|h| h.dealt.len() == 2 && h.dealt == w[0].dealt) {
                prop_assert_eq!(w[0].big_blind, w[2].big_blind);
            }
        }
    }

    #[test]
    fn rules_13_4_with_arrivals_nobody_posts_the_big_blind_twice_running(
        run in arb_run(),
        arrivals in prop::collection::vec(any::<u128>(), HANDS),
    ) {
        // Seats up to 23 whatever the run's table: newcomers fill them.
        let hands = play_with_arrivals(&run, &arrivals)?;
        prop_assert!(hands >= 1);
    }
}
