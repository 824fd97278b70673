//! RULES.md §13.9 (the first hand at a table): each part of the rule a
//! test named after it. The refusals belong to the contract and are
//! tested over HTTP. Every expected seat was worked out by hand.

use crate::next_hand::{played, table, with_arrivals};
use showdown_core::{
    between_hands, first_hand, next_hand, Balancing, Before, ButtonRule, HandPlayed, NextHand,
    Table, TableNext, TablePlayer,
};

use ButtonRule::{Dead, Forward};

fn first(button: u32, seats: &[u32]) -> NextHand {
    let t = first_hand(button, &played(seats));
    assert!(t.waiting.is_empty());
    t.next.expect("a first hand")
}

#[test]
fn rules_13_9_first_hand_button_as_drawn_small_blind_next_big_blind_after() {
    // Seats 1, 3, 4 and 7; the draw gave the button to seat 4.
    let n = first(4, &[1, 3, 4, 7]);
    assert_eq!((n.button, n.small_blind, n.big_blind), (4, 7, 1));
    assert!(!n.button_dead && !n.small_blind_dead && !n.heads_up);
    // Going round the top seat: button 7, small blind 1, big blind 3.
    let n = first(7, &[1, 3, 4, 7]);
    assert_eq!((n.button, n.small_blind, n.big_blind), (7, 1, 3));
}

#[test]
fn rules_13_9_first_hand_one_player_has_none() {
    assert_eq!(first_hand(4, &played(&[4])), TableNext::default());
}

#[test]
fn rules_13_9_first_hand_heads_up_the_button_posts_the_small_blind() {
    let n = first(6, &[2, 6]);
    assert_eq!((n.button, n.small_blind, n.big_blind), (6, 6, 2));
    assert!(n.heads_up && !n.button_dead && !n.small_blind_dead);
    let n = first(2, &[2, 6]);
    assert_eq!((n.button, n.small_blind, n.big_blind), (2, 2, 6));
}

#[test]
fn rules_13_9_first_hand_nobody_waits_every_player_counts_as_played() {
    // All five marked as arrivals: at a first hand nobody waits, under
    // either rule. After a hand played (button 5, small blind 1, big blind
    // 4) the arrivals in seats 2 and 3 would wait under the dead button.
    let arrivals = with_arrivals(&[], &[1, 2, 3, 4, 5]);
    let t = first_hand(5, &arrivals);
    assert!(t.waiting.is_empty());
    let n = t.next.unwrap();
    assert_eq!((n.button, n.small_blind, n.big_blind), (5, 1, 2));
    let played = HandPlayed {
        button: Some(5),
        small_blind: 1,
        big_blind: 4,
    };
    assert_eq!(next_hand(&played, &arrivals, Dead).waiting, vec![2, 3]);
    for rule in [Dead, Forward] {
        let out = between_hands(
            &[Table {
                seats: 9,
                hand: Before::FirstHand { button: 5 },
                players: arrivals
                    .iter()
                    .map(|s| TablePlayer {
                        id: s.seat as usize,
                        seat: s.seat,
                        arrived: true,
                    })
                    .collect(),
            }],
            &Balancing {
                rule,
                ..Balancing::default()
            },
        );
        assert_eq!(out.tables[0].next, t, "{rule:?}");
    }
}

#[test]
fn rules_13_9_first_hand_balancing_moves_the_first_big_blind_to_the_worst_position() {
    // A: 9 players, button drawn to seat 5: its first big blind is seat 7.
    // B: 6 players in seats 1, 2, 4-7, button 1: small blind 2, big blind
    // 4; halted (3 short). The mover takes B's first empty seat after its
    // small blind, seat 3, and is B's big blind at once, not waiting.
    let a = table(
        9,
        Before::FirstHand { button: 5 },
        &[1, 2, 3, 4, 5, 6, 7, 8, 9],
        0,
    );
    let b = table(9, Before::FirstHand { button: 1 }, &[1, 2, 4, 5, 6, 7], 100);
    let out = between_hands(&[a, b], &Balancing::default());
    assert_eq!(out.halted, vec![1]);
    assert_eq!(out.moves.len(), 1);
    let m = out.moves[0];
    assert_eq!((m.player, m.from_seat, m.to_table, m.to_seat), (7, 7, 1, 3));
    let na = out.tables[0].next.next.unwrap();
    assert_eq!((na.button, na.small_blind, na.big_blind), (5, 6, 8));
    let nb = &out.tables[1].next;
    assert!(nb.waiting.is_empty());
    let nb = nb.next.unwrap();
    assert_eq!((nb.button, nb.small_blind, nb.big_blind), (1, 2, 3));
}

#[test]
fn rules_13_9_first_hand_breaking_lists_the_first_hands() {
    // 5 and 4 players at two 9-seat tables that have not dealt: the 9 fit
    // at the first, so the second breaks; both still have their first hand.
    let a = table(9, Before::FirstHand { button: 3 }, &[1, 3, 5, 7, 9], 0);
    let b = table(9, Before::FirstHand { button: 8 }, &[2, 4, 6, 8], 100);
    let out = between_hands(&[a, b], &Balancing::default());
    let breaking = out.breaking.expect("the second table breaks");
    assert_eq!(breaking.table, 1);
    assert_eq!(breaking.players, vec![102, 104, 106, 108]);
    assert_eq!(breaking.open_seats, vec![(0, 2), (0, 4), (0, 6), (0, 8)]);
    assert!(out.moves.is_empty());
    let n = out.tables[1].next.next.unwrap();
    assert_eq!((n.button, n.small_blind, n.big_blind), (8, 2, 4));
}

#[test]
fn rules_13_9_first_hand_beside_a_table_that_has_played() {
    // A played (button 6, small blind 1, big blind 2) and keeps 8 players;
    // B is new with 5 (button drawn to 9): A's next big blind, seat 3,
    // moves to B's first empty seat after its first small blind (seat 1):
    // seat 2, B's big blind at once (A 7, B 6).
    let played = HandPlayed {
        button: Some(6),
        small_blind: 1,
        big_blind: 2,
    };
    let a = table(9, played, &[1, 2, 3, 4, 5, 6, 7, 8], 0);
    let b = table(9, Before::FirstHand { button: 9 }, &[1, 5, 6, 7, 9], 100);
    let out = between_hands(&[a, b], &Balancing::default());
    let m = out.moves[0];
    assert_eq!((m.player, m.from_seat, m.to_seat), (3, 3, 2));
    assert_eq!(out.moves.len(), 1);
    let na = out.tables[0].next.next.unwrap();
    assert_eq!((na.button, na.small_blind, na.big_blind), (1, 2, 4));
    let nb = out.tables[1].next.next.unwrap();
    assert_eq!((nb.button, nb.small_blind, nb.big_blind), (9, 1, 2));
}
