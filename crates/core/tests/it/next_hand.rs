//! RULES.md §13 (between hands): each numbered rule 13.1-13.7 and each
//! worked example 13.1-13.9, one test each, named after them
//! (`rules_13_N_…` for the rules, `worked_13_N_…` for the examples). The
//! refusals of §13.8 belong to the contract and are tested there and over
//! HTTP. Every expected seat below was worked out by hand from the rules.

use showdown_core::{
    between_hands, next_hand, Balancing, Before, Breaking, ButtonRule, HandPlayed, Move, NextHand,
    Seated, Table, TableNext, TablePlayer,
};

use ButtonRule::{Dead, Forward};

pub(crate) fn played(seats: &[u32]) -> Vec<Seated> {
    seats
        .iter()
        .map(|&seat| Seated {
            seat,
            arrived: false,
        })
        .collect()
}

pub(crate) fn with_arrivals(seats: &[u32], arrivals: &[u32]) -> Vec<Seated> {
    let mut out = played(seats);
    out.extend(arrivals.iter().map(|&seat| Seated {
        seat,
        arrived: true,
    }));
    out
}

fn hand(button: u32, small_blind: u32, big_blind: u32) -> HandPlayed {
    HandPlayed {
        button: Some(button),
        small_blind,
        big_blind,
    }
}

/// (button, small blind, big blind) of the next hand and its flags.
fn seats_of(next: &TableNext) -> (u32, u32, u32) {
    let n = next.next.expect("a next hand");
    (n.button, n.small_blind, n.big_blind)
}

fn next(h: HandPlayed, players: &[Seated], rule: ButtonRule) -> NextHand {
    next_hand(&h, players, rule).next.expect("a next hand")
}

#[test]
fn worked_13_1_nobody_busts_everything_moves_one_seat() {
    for rule in [Dead, Forward] {
        let n = next(hand(6, 1, 2), &played(&[1, 2, 3, 4, 5, 6]), rule);
        assert_eq!(
            (n.button, n.small_blind, n.big_blind),
            (1, 2, 3),
            "{rule:?}"
        );
        assert!(!n.button_dead && !n.small_blind_dead && !n.heads_up);
    }
}

#[test]
fn worked_13_2_small_blind_busts_dead_button() {
    let n = next(hand(6, 1, 2), &played(&[2, 3, 4, 5, 6]), Dead);
    assert_eq!((n.button, n.small_blind, n.big_blind), (1, 2, 3));
    assert!(n.button_dead);
    assert!(!n.small_blind_dead);
}

#[test]
fn worked_13_3_big_blind_busts_dead_small_blind_then_dead_button() {
    let n = next(hand(6, 1, 2), &played(&[1, 3, 4, 5, 6]), Dead);
    assert_eq!((n.button, n.small_blind, n.big_blind), (1, 2, 3));
    assert!(n.small_blind_dead);
    assert!(!n.button_dead);
    // The hand after: small blind seat 2 (dead), big blind seat 3.
    let after = next(hand(1, 2, 3), &played(&[1, 3, 4, 5, 6]), Dead);
    assert_eq!(
        (after.button, after.small_blind, after.big_blind),
        (2, 3, 4)
    );
    assert!(after.button_dead);
    assert!(!after.small_blind_dead);
}

#[test]
fn worked_13_4_both_blinds_bust_seat_6_acts_last_three_hands() {
    let n = next(hand(6, 1, 2), &played(&[3, 4, 5, 6]), Dead);
    assert_eq!((n.button, n.small_blind, n.big_blind), (1, 2, 3));
    assert!(n.button_dead && n.small_blind_dead);
    // The hand after: button 2 (dead), small blind 3, big blind 4; seat 6
    // still acts last before the blinds.
    let after = next(hand(1, 2, 3), &played(&[3, 4, 5, 6]), Dead);
    assert_eq!(
        (after.button, after.small_blind, after.big_blind),
        (2, 3, 4)
    );
    assert!(after.button_dead && !after.small_blind_dead);
}

#[test]
fn worked_13_5_heads_up_from_three() {
    for rule in [Dead, Forward] {
        // Seat 2 (the button) busts: 5 and 7 are left.
        let n = next(hand(2, 5, 7), &played(&[5, 7]), rule);
        assert_eq!(
            (n.button, n.small_blind, n.big_blind),
            (7, 7, 5),
            "{rule:?}"
        );
        assert!(n.heads_up && !n.button_dead && !n.small_blind_dead);
        // Seat 5 (the small blind) busts instead: 2 and 7 are left.
        let n = next(hand(2, 5, 7), &played(&[2, 7]), rule);
        assert_eq!(
            (n.button, n.small_blind, n.big_blind),
            (7, 7, 2),
            "{rule:?}"
        );
        assert!(n.heads_up);
    }
}

#[test]
fn worked_13_6_arrivals_between_button_and_small_blind_wait() {
    let h = hand(6, 1, 4);
    let base = [1, 4, 6, 7, 8];
    for seat in [2, 3] {
        let t = next_hand(&h, &with_arrivals(&base, &[seat]), Dead);
        assert_eq!(t.waiting, vec![seat]);
        assert_eq!(seats_of(&t), (1, 4, 6));
    }
    // Seat 5 lies between the old big blind and the next: posts at once.
    let t = next_hand(&h, &with_arrivals(&base, &[5]), Dead);
    assert!(t.waiting.is_empty());
    assert_eq!(seats_of(&t), (1, 4, 5));
}

#[test]
fn worked_13_7_balancing_examples() {
    let b = Balancing::default();
    // A 9, B 6: B halted; one move A -> B.
    let out = between_hands(&[full("A", 9, 0), full("B", 6, 100)], &b);
    assert_eq!(out.halted, vec![1]);
    assert_eq!(out.moves.len(), 1);
    assert_eq!(counts(&out), vec![8, 7]);
    // A's next big blind (seat 4: A played button 1, small blind 2, big
    // blind 3) goes to B's first empty seat after its seat b = 3: seat 7.
    assert_eq!(
        out.moves[0],
        Move {
            player: 4,
            from_table: 0,
            from_seat: 4,
            to_table: 1,
            to_seat: 7
        }
    );
    // A 9, B 9, C 7: one move A -> C; balanced.
    let out = between_hands(&[full("A", 9, 0), full("B", 9, 100), full("C", 7, 200)], &b);
    assert!(out.halted.is_empty());
    assert_eq!(out.moves.len(), 1);
    assert_eq!((out.moves[0].from_table, out.moves[0].to_table), (0, 2));
    assert_eq!(counts(&out), vec![8, 9, 8]);
    // A 9, B 5: B halted; two moves, the second A's next big blind after
    // the first left (seat 4, then seat 5).
    let out = between_hands(&[full("A", 9, 0), full("B", 5, 100)], &b);
    assert_eq!(out.halted, vec![1]);
    let from: Vec<u32> = out.moves.iter().map(|m| m.from_seat).collect();
    assert_eq!(from, vec![4, 5]);
    assert_eq!(counts(&out), vec![7, 7]);
}

#[test]
fn worked_13_8_breaking_lists_players_and_open_seats() {
    let out = between_hands(&[full("A", 5, 0), full("B", 4, 100)], &Balancing::default());
    assert!(out.moves.is_empty());
    assert_eq!(
        out.breaking,
        Some(Breaking {
            table: 1,
            players: vec![101, 102, 103, 104],
            open_seats: vec![(0, 6), (0, 7), (0, 8), (0, 9)],
        })
    );
    // The breaking table is still listed with its next hand.
    assert_eq!(out.tables.len(), 2);
    assert!(out.tables[1].next.next.is_some());
}

#[test]
fn worked_13_9_forward_button() {
    // The big blind (seat 2) busts.
    let n = next(hand(6, 1, 2), &played(&[1, 3, 4, 5, 6]), Forward);
    assert_eq!((n.button, n.small_blind, n.big_blind), (1, 3, 4));
    assert!(!n.button_dead && !n.small_blind_dead);
    // The small blind (seat 1) busts.
    let n = next(hand(6, 1, 2), &played(&[2, 3, 4, 5, 6]), Forward);
    assert_eq!((n.button, n.small_blind, n.big_blind), (2, 3, 4));
    // Heads-up to more: button and small blind 2, big blind 1, four arrive
    // in seats 3-6.
    let players = with_arrivals(&[1, 2], &[3, 4, 5, 6]);
    let t = next_hand(&hand(2, 2, 1), &players, Forward);
    assert_eq!(seats_of(&t), (1, 2, 3));
    assert!(t.waiting.is_empty());
    let t = next_hand(&hand(2, 2, 1), &players, Dead);
    assert_eq!(t.waiting, vec![3, 4, 5, 6]);
    assert_eq!(seats_of(&t), (1, 1, 2));
    assert!(t.next.unwrap().heads_up);
}

#[test]
fn rules_13_1_players_with_chips_and_arrivals_are_the_table() {
    // Who is seated is all the rules read: the order given does not matter.
    let mut players = with_arrivals(&[1, 4, 6, 7, 8], &[5]);
    let a = next_hand(&hand(6, 1, 4), &players, Dead);
    players.reverse();
    assert_eq!(next_hand(&hand(6, 1, 4), &players, Dead), a);
    // Fewer than two players: no next hand, nobody waits.
    let t = next_hand(&hand(6, 1, 4), &with_arrivals(&[], &[2]), Dead);
    assert_eq!(t, TableNext::default());
}

#[test]
fn rules_13_2_dead_button_big_blind_moves_one_player() {
    // Seats 3, 4 and 5 bust from button 1, small blind 2, big blind 3.
    let n = next(hand(1, 2, 3), &played(&[1, 2, 6, 7]), Dead);
    assert_eq!((n.button, n.small_blind, n.big_blind), (2, 3, 6));
    assert!(!n.button_dead && n.small_blind_dead);
    // The big blind goes round the table past the highest seat.
    let n = next(hand(7, 8, 9), &played(&[2, 7, 8, 9]), Dead);
    assert_eq!((n.button, n.small_blind, n.big_blind), (8, 9, 2));
}

#[test]
fn rules_13_3_heads_up_button_posts_the_small_blind() {
    // Heads-up to heads-up: the blinds alternate.
    let n = next(hand(2, 2, 1), &played(&[1, 2]), Dead);
    assert_eq!((n.button, n.small_blind, n.big_blind), (1, 1, 2));
    assert!(n.heads_up);
    // From four to two: the big blind moves one player; the other player
    // takes the button even though the dead button would skip them.
    let n = next(hand(1, 2, 3), &played(&[3, 4]), Dead);
    assert_eq!((n.button, n.small_blind, n.big_blind), (3, 3, 4));
}

#[test]
fn rules_13_4_nobody_waits_when_two_would_not_be_dealt() {
    // Two players left and an arrival in a waiting seat: it is dealt in,
    // or the table could not play.
    let t = next_hand(&hand(6, 1, 4), &with_arrivals(&[4], &[2]), Dead);
    assert!(t.waiting.is_empty());
    assert!(t.next.unwrap().heads_up);
    // An arrival on the new small blind's seat posts it.
    let t = next_hand(&hand(6, 1, 2), &with_arrivals(&[1, 3, 4, 5, 6], &[2]), Dead);
    let n = t.next.unwrap();
    assert_eq!((n.small_blind, n.small_blind_dead), (2, false));
    assert!(t.waiting.is_empty());
}

#[test]
fn rules_13_5_forward_button_never_on_an_empty_seat() {
    // Both blinds bust: the button is the first player after seat 1.
    let n = next(hand(6, 1, 2), &played(&[3, 4, 5, 6]), Forward);
    assert_eq!((n.button, n.small_blind, n.big_blind), (3, 4, 5));
    // Arrivals between the button and the small blind wait.
    let t = next_hand(&hand(6, 1, 2), &with_arrivals(&[2, 5, 6], &[3, 4]), Forward);
    assert_eq!(seats_of(&t), (2, 5, 6));
    assert_eq!(t.waiting, vec![3, 4]);
    // Every player arrived (a new table): they all count as having played.
    let t = next_hand(&hand(6, 1, 2), &with_arrivals(&[], &[1, 3, 5]), Forward);
    assert_eq!(seats_of(&t), (1, 3, 5));
    // Only the small blind's player is left of those who played: the
    // button stays on seat 1, the small blind is the next player.
    let t = next_hand(&hand(6, 1, 2), &with_arrivals(&[1], &[4, 8]), Forward);
    assert_eq!(seats_of(&t), (1, 4, 8));
}

#[test]
fn rules_13_6_worst_position_is_the_big_blind_when_it_is_empty() {
    // B played button 1, small blind 2, big blind 3; seat 4 is empty, so
    // the mover takes seat 4: the big blind at once.
    let a = full("A", 9, 0);
    let b = table(9, hand(1, 2, 3), &[1, 2, 3, 5, 6, 7], 100);
    let out = between_hands(&[a, b], &Balancing::default());
    assert_eq!(out.moves[0].to_seat, 4);
    let after = &out.tables[1];
    assert_eq!(after.next.next.unwrap().big_blind, 4);
    // A table already balanced moves nobody.
    let out = between_hands(&[full("A", 8, 0), full("B", 7, 100)], &Balancing::default());
    assert!(out.moves.is_empty() && out.halted.is_empty() && out.breaking.is_none());
}

#[test]
fn rules_13_7_tables_without_players_are_left_out() {
    let empty = table(9, hand(1, 2, 3), &[], 50);
    let out = between_hands(
        &[full("A", 6, 0), empty, full("B", 6, 100)],
        &Balancing::default(),
    );
    let listed: Vec<usize> = out.tables.iter().map(|t| t.table).collect();
    assert_eq!(listed, vec![0, 2]);
    assert!(out.breaking.is_none());
}

/// A 9-seat table whose last hand had button 1, small blind 2, big blind 3,
/// with `n` players in seats 1 ..= n, ids `first + seat`.
fn full(_name: &str, n: u32, first: usize) -> Table {
    let seats: Vec<u32> = (1..=n).collect();
    table(9, hand(1, 2, 3), &seats, first)
}

pub(crate) fn table(seats: u32, h: impl Into<Before>, at: &[u32], first: usize) -> Table {
    Table {
        seats,
        hand: h.into(),
        players: at
            .iter()
            .map(|&seat| TablePlayer {
                id: first + seat as usize,
                seat,
                arrived: false,
            })
            .collect(),
    }
}

fn counts(out: &showdown_core::TablesOutcome) -> Vec<usize> {
    out.tables.iter().map(|t| t.players.len()).collect()
}
