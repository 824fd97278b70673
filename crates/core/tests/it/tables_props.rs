//! Property tests of RULES.md §13.6, §13.7 and §13.9: random states of
//! several tables between hands, some of them about to deal their first
//! hand, checked move by move against a model of the rules' words.

use std::collections::{BTreeMap, BTreeSet};

use crate::next_hand_props::{arb_rule, first_after, forward_reference};
use proptest::prelude::*;
use showdown_core::{
    between_hands, next_hand, Balancing, Before, ButtonRule, HandPlayed, NextHand, Seated, Table,
    TableNext, TablePlayer, TablesOutcome,
};

use ButtonRule::{Dead, Forward};

const TABLE_CASES: u32 = 512;

/// A random table: each seat taken with a probability that is high for
/// most tables, so some states balance rather than break; about one
/// table in twelve has nobody (already broken); about one in four has not
/// dealt yet, its button drawn to the first player from seat `d` on.
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
                prop::bool::weighted(0.25),
            )
        })
        .prop_map(|(seats, fill, taken, s, gap, d, first)| {
            let players: Vec<TablePlayer> = taken
                .iter()
                .zip(1..)
                .filter(|((roll, _), _)| *roll < fill)
                .map(|(&(_, arrived), seat)| TablePlayer {
                    id: 0,
                    seat,
                    arrived,
                })
                .collect();
            let taken: BTreeSet<u32> = players.iter().map(|p| p.seat).collect();
            let drawn = taken.range(d..).chain(taken.range(..d)).next().copied();
            let hand = match drawn {
                Some(button) if first => Before::FirstHand { button },
                _ => HandPlayed {
                    button: Some(d),
                    small_blind: s,
                    big_blind: (s - 1 + gap) % seats + 1,
                }
                .into(),
            };
            Table {
                seats,
                hand,
                players,
            }
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

/// §13.9's first hand, written from the rule's words: the button as
/// drawn, the small blind the first player after it, the big blind the
/// next; heads-up, the button posts the small blind; nobody waits.
fn first_hand_reference(button: u32, m: &Seats) -> TableNext {
    let seats: BTreeSet<u32> = m.keys().copied().collect();
    let after = |x: u32| first_after(&seats, x, |_| true).unwrap_or(x);
    let next = match seats.len() {
        0 | 1 => None,
        n => {
            let heads_up = n == 2;
            let small_blind = if heads_up { button } else { after(button) };
            Some(NextHand {
                button,
                small_blind,
                big_blind: after(small_blind),
                button_dead: false,
                small_blind_dead: false,
                heads_up,
            })
        }
    };
    TableNext {
        next,
        waiting: Vec::new(),
    }
}

/// A table's next hand in the model: the core's `next_hand` after a hand
/// played (its own properties are tested above), §13.9's reference at a
/// first hand, whose drawn button must still hold its player.
fn next_of(before: &Before, m: &Seats, rule: ButtonRule) -> Result<TableNext, TestCaseError> {
    match before {
        Before::Played(hand) => Ok(next_hand(hand, &seated(m), rule)),
        Before::FirstHand { button } => {
            prop_assert!(m.contains_key(button), "the drawn button's player stays");
            Ok(first_hand_reference(*button, m))
        }
    }
}

/// 13.6's worst position at a table of `seats` seats: the first empty seat
/// after the small-blind seat as the rule finds it before 13.3, that seat
/// itself last; at a first hand (13.9) the small blind is the first
/// player after the button, and with one player the button's seat.
fn worst_position(seats: u32, before: &Before, m: &Seats, rule: ButtonRule) -> Option<u32> {
    let sb = match (before, rule) {
        (Before::FirstHand { button }, _) => {
            let taken: BTreeSet<u32> = m.keys().copied().collect();
            first_after(&taken, *button, |_| true).unwrap_or(*button)
        }
        (Before::Played(hand), _) if m.len() < 2 => hand.big_blind,
        (Before::Played(hand), Dead) => hand.big_blind,
        (Before::Played(hand), Forward) => {
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
        let expected = next_of(&tables[t.table].hand, &seats_of_after(t), rule)?;
        prop_assert_eq!(&t.next, &expected);
    }
    before.sort_unstable();
    after.sort_unstable();
    prop_assert_eq!(before, after, "nobody lost or duplicated");
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(TABLE_CASES))]

    #[test]
    fn rules_13_6_13_7_13_9_tables_between_hands((tables, terms, rotate) in arb_tables()) {
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
        let next = next_of(&tables[si].hand, &live[src].1, terms.rule)?
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
