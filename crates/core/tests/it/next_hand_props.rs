//! Property tests of RULES.md §13 (between hands): long runs of hands at
//! one table, players busting, under both button rules (13.2, 13.3, 13.5),
//! and random states of several tables between hands (13.6, 13.7).
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
use showdown_core::{
    between_hands, next_hand, Balancing, ButtonRule, HandPlayed, NextHand, Seated, Table,
    TablePlayer, TablesOutcome, MAX_SEATS,
};

use ButtonRule::{Dead, Forward};

const RUN_CASES: u32 = 256;
const HANDS: usize = 80;
const TABLE_CASES: u32 = 512;

fn arb_rule() -> impl Strategy<Value = ButtonRule> {
    prop_oneof![Just(Dead), Just(Forward)]
}

/// The first seat after `x` going clockwise (x excluded, once round the
/// table) among `seats` for which `keep` holds.
fn first_after(seats: &BTreeSet<u32>, x: u32, keep: impl Fn(u32) -> bool) -> Option<u32> {
    seats
        .range(x + 1..)
        .chain(seats.range(..x))
        .copied()
        .find(|&s| keep(s))
}

/// 13.5's button and small blind, written from the rule's text: `players`
/// maps each seat taken to whether its player arrived.
fn forward_reference(hand: &HandPlayed, players: &BTreeMap<u32, bool>) -> Option<(u32, u32)> {
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
/// first hand (button, small blind, big blind on players, as a dealer
/// would start), how likely a player is to bust each hand (in 16ths) and
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

// ---------------------------------------------------------------------
// Several tables between hands.

/// A random table: each seat taken with a probability that is high for
/// most tables, so some states balance rather than break; about one
/// table in twelve has nobody (already broken).
fn arb_table() -> impl Strategy<Value = Table> {
    (2u32..=23)
        .prop_flat_map(|seats| {
            (
                Just(seats),
                prop_oneof![
                    1 => Just(0u32),
                    6 => Just(100u32),
                    4 => 85u32..100,
                    4 => 0u32..85,
                ],
                prop::collection::vec((0u32..100, prop::bool::weighted(0.2)), seats as usize),
                1..=seats,
                1..seats,
                1..=seats,
            )
        })
        .prop_map(|(seats, fill, taken, s, gap, d)| Table {
            seats,
            hand: HandPlayed {
                button: Some(d),
                small_blind: s,
                big_blind: (s - 1 + gap) % seats + 1,
            },
            players: taken
                .iter()
                .zip(1..)
                .filter(|((roll, _), _)| *roll < fill)
                .map(|(&(_, arrived), seat)| TablePlayer {
                    id: 0,
                    seat,
                    arrived,
                })
                .collect(),
        })
}

/// Tables with unique player ids, the terms, and a rotation that shuffles
/// the order players are listed in.
fn arb_tables() -> impl Strategy<Value = (Vec<Table>, Balancing, usize)> {
    (
        prop::collection::vec(arb_table(), 1..=6),
        1u32..=4,
        1u32..=4,
        arb_rule(),
        0usize..23,
    )
        .prop_map(|(mut tables, max, extra, rule, rotate)| {
            let mut id = 0;
            for t in &mut tables {
                for p in &mut t.players {
                    id += 1;
                    p.id = id * 7 % 1_009;
                }
            }
            let terms = Balancing {
                max_difference: max,
                halt_difference: max + extra,
                rule,
            };
            (tables, terms, rotate)
        })
}

/// A table as the property tests model it: seat -> (id, arrived).
type Seats = BTreeMap<u32, (usize, bool)>;

fn seats_of(t: &Table) -> Seats {
    t.players
        .iter()
        .map(|p| (p.seat, (p.id, p.arrived)))
        .collect()
}

fn seated(m: &Seats) -> Vec<Seated> {
    m.iter()
        .map(|(&seat, &(_, arrived))| Seated { seat, arrived })
        .collect()
}

/// 13.6's worst position at a table of `seats` seats: the first empty seat
/// after the small-blind seat as the rule finds it before 13.3, that seat
/// itself last.
fn worst_position(seats: u32, hand: &HandPlayed, m: &Seats, rule: ButtonRule) -> Option<u32> {
    let sb = match rule {
        _ if m.len() < 2 => hand.big_blind,
        Dead => hand.big_blind,
        Forward => {
            let arrived = m.iter().map(|(&s, &(_, a))| (s, a)).collect();
            forward_reference(hand, &arrived).map_or(hand.big_blind, |(_, sb)| sb)
        }
    };
    (1..=seats)
        .map(|k| (sb - 1 + k) % seats + 1)
        .find(|s| !m.contains_key(s))
}

/// (most, fewest, fewest among the tables with an empty seat) over the
/// live tables.
fn sizes(tables: &[Table], live: &[(usize, Seats)]) -> (usize, usize, Option<usize>) {
    let most = live.iter().map(|(_, m)| m.len()).max().unwrap_or(0);
    let fewest = live.iter().map(|(_, m)| m.len()).min().unwrap_or(0);
    let open = live
        .iter()
        .filter(|(i, m)| m.len() < tables[*i].seats as usize)
        .map(|(_, m)| m.len())
        .min();
    (most, fewest, open)
}

/// Every player of the request is at exactly one seat of one table after
/// the moves, within that table's seats; each table's next hand is its
/// own with the players it has after the moves.
fn check_everyone_seated_once(
    tables: &[Table],
    rule: ButtonRule,
    out: &TablesOutcome,
) -> Result<(), TestCaseError> {
    let mut before: Vec<usize> = tables
        .iter()
        .flat_map(|t| t.players.iter().map(|p| p.id))
        .collect();
    let mut after = Vec::new();
    for t in &out.tables {
        let seats = tables[t.table].seats;
        let mut taken = BTreeSet::new();
        for p in &t.players {
            prop_assert!((1..=seats).contains(&p.seat), "seat {} of {seats}", p.seat);
            prop_assert!(taken.insert(p.seat), "seat {} taken twice", p.seat);
            after.push(p.id);
        }
        // The listed next hand is the table's own after the moves.
        let seated: Vec<Seated> = t
            .players
            .iter()
            .map(|p| Seated {
                seat: p.seat,
                arrived: p.arrived,
            })
            .collect();
        prop_assert_eq!(&t.next, &next_hand(&tables[t.table].hand, &seated, rule));
    }
    before.sort_unstable();
    after.sort_unstable();
    prop_assert_eq!(before, after, "nobody lost or duplicated");
    Ok(())
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(TABLE_CASES))]

    #[test]
    fn rules_13_6_13_7_tables_between_hands((tables, terms, rotate) in arb_tables()) {
        let out = between_hands(&tables, &terms);
        let live: Vec<(usize, Seats)> = tables
            .iter()
            .enumerate()
            .filter(|(_, t)| !t.players.is_empty())
            .map(|(i, t)| (i, seats_of(t)))
            .collect();
        let listed: Vec<usize> = out.tables.iter().map(|t| t.table).collect();
        let live_index: Vec<usize> = live.iter().map(|(i, _)| *i).collect();
        prop_assert_eq!(listed, live_index, "the tables with players, in order");
        check_everyone_seated_once(&tables, terms.rule, &out)?;

        // Halted: before the moves, haltDifference short of the largest.
        let (most, fewest, _) = sizes(&tables, &live);
        let halted: Vec<usize> = live
            .iter()
            .filter(|(_, m)| m.len() + terms.halt_difference as usize <= most)
            .map(|(i, _)| *i)
            .collect();
        prop_assert_eq!(&out.halted, &halted);

        // Breaking: every player fits at the other tables.
        let players: usize = live.iter().map(|(_, m)| m.len()).sum();
        let others: usize = live
            .iter()
            .rev()
            .skip(1)
            .map(|(i, _)| tables[*i].seats as usize)
            .sum();
        let breaks = live.len() >= 2 && players <= others;
        prop_assert_eq!(out.breaking.is_some(), breaks);
        if let Some(b) = &out.breaking {
            prop_assert!(out.moves.is_empty(), "nothing moves when a table breaks");
            let (last, m) = live.last().unwrap();
            prop_assert_eq!(b.table, *last);
            let ids: Vec<usize> = m.values().map(|&(id, _)| id).collect();
            prop_assert_eq!(&b.players, &ids);
            let open: Vec<(usize, u32)> = live[..live.len() - 1]
                .iter()
                .flat_map(|(i, m)| {
                    (1..=tables[*i].seats)
                        .filter(|s| !m.contains_key(s))
                        .map(move |s| (*i, s))
                })
                .collect();
            prop_assert_eq!(&b.open_seats, &open);
            for (t, (_, m)) in out.tables.iter().zip(&live) {
                prop_assert_eq!(&seats_of_after(t), m, "nobody moved");
            }
        } else {
            replay_moves(&tables, &terms, live, &out)?;
            if most - fewest <= terms.max_difference as usize {
                prop_assert!(out.moves.is_empty(), "already balanced: nobody moves");
            }
        }

        // The order of the players within a table never matters.
        let mut shuffled = tables.clone();
        for t in &mut shuffled {
            t.players.reverse();
            let k = rotate % t.players.len().max(1);
            t.players.rotate_left(k);
        }
        prop_assert_eq!(between_hands(&shuffled, &terms), out);
    }
}

fn seats_of_after(t: &showdown_core::TableAfter) -> Seats {
    t.players
        .iter()
        .map(|p| (p.seat, (p.id, p.arrived)))
        .collect()
}

/// Replays the moves in order on a model of the tables, checking each
/// against 13.6: from the first most crowded table, its next big blind,
/// to the first emptiest table with an empty seat, at its worst position,
/// only while unbalanced and only while it helps; then that balancing
/// stopped by the rule and that the model ends where the answer does.
fn replay_moves(
    tables: &[Table],
    terms: &Balancing,
    mut live: Vec<(usize, Seats)>,
    out: &TablesOutcome,
) -> Result<(), TestCaseError> {
    let max = terms.max_difference as usize;
    let empty_before: usize = live
        .iter()
        .map(|(i, m)| tables[*i].seats as usize - m.len())
        .sum();
    prop_assert!(
        out.moves.len() <= empty_before,
        "each empty seat is filled once at most"
    );
    let pos = |live: &[(usize, Seats)], table: usize| live.iter().position(|(i, _)| *i == table);
    for (k, mv) in out.moves.iter().enumerate() {
        let (most, fewest, open) = sizes(tables, &live);
        prop_assert!(most - fewest > max, "move {k} while balanced");
        let open = open.expect("a move needs an open table");
        prop_assert!(most > open + max, "move {k} that does not help");
        let src = pos(&live, mv.from_table).expect("a live source");
        let dst = pos(&live, mv.to_table).expect("a live destination");
        let first_most = live.iter().position(|(_, m)| m.len() == most).unwrap();
        prop_assert_eq!(src, first_most, "move {} from the first most crowded", k);
        let first_open = live
            .iter()
            .position(|(i, m)| m.len() == open && m.len() < tables[*i].seats as usize)
            .unwrap();
        prop_assert_eq!(
            dst,
            first_open,
            "move {} to the first emptiest open table",
            k
        );
        let (si, di) = (live[src].0, live[dst].0);
        prop_assert!(
            live[dst].1.len() < tables[di].seats as usize,
            "move {k} to a full table"
        );
        let next = next_hand(&tables[si].hand, &seated(&live[src].1), terms.rule)
            .next
            .expect("the source has a next hand");
        prop_assert_eq!(
            mv.from_seat,
            next.big_blind,
            "move {} is the source's next big blind",
            k
        );
        let worst = worst_position(tables[di].seats, &tables[di].hand, &live[dst].1, terms.rule);
        prop_assert_eq!(Some(mv.to_seat), worst, "move {} to the worst position", k);
        prop_assert!(!live[dst].1.contains_key(&mv.to_seat));
        let (id, _) = live[src]
            .1
            .remove(&mv.from_seat)
            .expect("someone at from_seat");
        prop_assert_eq!(id, mv.player);
        live[dst].1.insert(mv.to_seat, (id, true));
    }
    // Stopped by the rule: balanced, no open table, or no move that helps.
    let (most, fewest, open) = sizes(tables, &live);
    let stopped = most - fewest <= max || open.is_none_or(|o| most <= o + max);
    prop_assert!(stopped, "balancing stopped early: {most} {fewest} {open:?}");
    for (t, (_, m)) in out.tables.iter().zip(&live) {
        prop_assert_eq!(&seats_of_after(t), m);
    }
    Ok(())
}
