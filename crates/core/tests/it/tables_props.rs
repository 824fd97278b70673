//! Property tests of RULES.md §13.6 and §13.7: random states of several
//! tables between hands, balanced or broken (one table's long runs of
//! hands are in `next_hand_props`).

use std::collections::{BTreeMap, BTreeSet};

use crate::next_hand_props::{arb_rule, forward_reference};
use proptest::prelude::*;
use showdown_core::{
    between_hands, next_hand, Balancing, ButtonRule, HandPlayed, Seated, Table, TablePlayer,
    TablesOutcome,
};

use ButtonRule::{Dead, Forward};

const TABLE_CASES: u32 = 512;

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
