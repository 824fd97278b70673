//! The replay against hand-written expected requests, on hands of the corpus.

use super::*;
use crate::phh::parse_one;

fn req(text: &str) -> SettleRequest {
    replay(&parse_one(text, "t.phh").unwrap()).unwrap().request
}

fn committed(r: &SettleRequest) -> Vec<(u64, Option<u64>, bool)> {
    r.players
        .iter()
        .map(|p| (p.committed, p.dead, p.folded))
        .collect()
}

/// WSOP 2023 #43 day 5, hand 1: the big blind's ante is dead money.
#[test]
fn rules_2_big_blind_ante_is_dead_money() {
    let r = req("variant = 'NT'\nante_trimming_status = false\nantes = [0, 120000, 0, 0, 0]\n\
        blinds_or_straddles = [40000, 80000, 0, 0, 0]\nmin_bet = 80000\n\
        starting_stacks = [7380000, 2500000, 5110000, 10170000, 4545000]\n\
        actions = ['d dh p1 7s4s', 'd dh p2 Js8h', 'd dh p3 Td8c', 'd dh p4 6d5h', 'd dh p5 Qh7h', 'p3 f', 'p4 cbr 170000', 'p5 f', 'p1 f', 'p2 cc', 'd db JcTs2d', 'p2 cc', 'p4 cbr 140000', 'p2 cc', 'd db As', 'p2 cc', 'p4 cbr 325000', 'p2 cc', 'd db Qs', 'p2 cc', 'p4 cbr 600000', 'p2 cc', 'p4 sm 6d5h', 'p2 sm Js8h']\n\
        hand = 1\nplayers = ['Matthew Ashton', 'Kristopher Tong', 'James Obst', 'Talal Shakerchi', 'Brian Rast']\n");
    assert_eq!(r.variant, "holdem");
    assert_eq!(r.button_seat, Some(5));
    assert_eq!(r.hand_number, Some(1));
    assert_eq!(
        committed(&r),
        vec![
            (40000, None, true),
            (1235000, Some(120000), false),
            (0, None, true),
            (1235000, None, false),
            (0, None, true),
        ]
    );
    assert_eq!(r.players[1].cards, Some(vec!["Js".into(), "8h".into()]));
    assert_eq!(r.players[1].name.as_deref(), Some("Kristopher Tong"));
    assert_eq!(r.players[0].cards, None);
    assert_eq!(
        r.board,
        Some(["Jc", "Ts", "2d", "As", "Qs"].map(String::from).to_vec())
    );
}

/// Heads-up the button (last index) posts the small blind: hand 80.
#[test]
fn heads_up_blinds_are_reversed_and_button_is_last() {
    let r = req(
        "variant = 'FO/8'\nantes = [0, 0]\nblinds_or_straddles = [150000, 300000]\n\
        starting_stacks = [4550000, 25150000]\n\
        actions = ['d dh p1 KsJs5s4d', 'd dh p2 9s4s3c2d', 'p2 cbr 600000', 'p1 cc']\n",
    );
    assert_eq!(r.variant, "omaha-hi-lo");
    assert_eq!(r.button_seat, Some(2));
    assert_eq!(
        committed(&r),
        vec![(600000, None, false), (600000, None, false)]
    );

    // Button folds its small blind at once: it lost 150000, not 300000.
    let r = req(
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
        actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\n",
    );
    assert_eq!(committed(&r), vec![(2, None, false), (1, None, true)]);

    // A trailing comment in an action is not part of it.
    let r = req(
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
        actions = ['p2 f # button gives up']\n",
    );
    assert_eq!(committed(&r), vec![(2, None, false), (1, None, true)]);
    assert_eq!(r.players[0].cards, None, "uncontested: no cards needed");
}

/// A show with no cards is a muck: the player is out of the pots (hand 16).
#[test]
fn muck_at_showdown_is_folded() {
    let r = req("variant = 'FO/8'\nblinds_or_straddles = [100000, 200000, 0, 0, 0]\n\
        starting_stacks = [9375000, 4075000, 6200000, 5800000, 4250000]\n\
        actions = ['d dh p1 AcKd5s3d', 'd dh p2 AsQsTh9c', 'd dh p3 AhJh7s6d', 'd dh p4 7h7d4c3s', 'd dh p5 ????????', 'p3 cbr 400000', 'p4 f', 'p5 f', 'p1 cbr 600000', 'p2 f', 'p3 cc', 'd db 6sQc7c', 'p1 cc', 'p3 cc', 'd db Jd', 'p1 cc', 'p3 cbr 400000', 'p1 cc', 'd db Jc', 'p1 cc', 'p3 cbr 400000', 'p1 cc', 'p3 sm AhJh7s6d', 'p1 sm']\n");
    assert_eq!(
        committed(&r),
        vec![
            (1400000, None, true),
            (200000, None, true),
            (1400000, None, false),
            (0, None, true),
            (0, None, true),
        ]
    );
    // One live player left: the hand is uncontested and needs no cards.
    assert_eq!(r.players[2].cards, None);
}

/// Stud: antes all post (live), the bring-in counts toward third street,
/// `cbr` is to an amount on each street, all seven cards shown, no button (hand 48).
#[test]
fn stud_bring_in_streets_and_seven_cards() {
    let r = req("variant = 'F7S/8'\nantes = [50000, 50000, 50000, 50000, 50000]\nbring_in = 75000\n\
        starting_stacks = [4425000, 1850000, 14525000, 6125000, 2775000]\n\
        actions = ['d dh p1 Ac8dAs', 'd dh p2 Tc4h5s', 'd dh p3 Td7h2h', 'd dh p4 KdJsJd', 'd dh p5 8h3hAh', 'p3 pb', 'p4 f', 'p5 cbr 250000', 'p1 cbr 500000', 'p2 f', 'p3 f', 'p5 cc', 'd dh p1 Th', 'd dh p5 3s', 'p1 cc', 'p5 cbr 250000', 'p1 cc', 'd dh p1 3c', 'd dh p5 Jc', 'p5 cc', 'p1 cbr 500000', 'p5 cc', 'd dh p1 Ts', 'd dh p5 7d', 'p1 cbr 500000', 'p5 cc', 'd dh p1 7c', 'd dh p5 4s', 'p1 cbr 500000', 'p5 cc', 'p1 sm Ac8dAsTh3cTs7c', 'p5 sm 8h3hAh3sJc7d4s']\n");
    assert_eq!(r.variant, "stud-hi-lo");
    assert_eq!(r.button_seat, None);
    assert_eq!(r.board, None);
    assert_eq!(
        committed(&r),
        vec![
            (2300000, None, false),
            (50000, None, true),
            (125000, None, true),
            (50000, None, true),
            (2300000, None, false),
        ]
    );
    assert_eq!(r.players[0].cards.as_ref().unwrap().len(), 7);
}

/// Draws replace the discarded cards by the next deal (hand 55, 2-7 triple draw).
#[test]
fn draw_discards_are_replaced() {
    let r = req("variant = 'F2L3D'\nblinds_or_straddles = [125000, 250000, 0, 0, 0]\n\
        starting_stacks = [6125000, 1500000, 14550000, 4575000, 2950000]\n\
        actions = ['d dh p1 QdJc8s7d5h', 'd dh p2 KsKd4s4c2s', 'd dh p3 QhQcJd8c3h', 'd dh p4 AhAdQs9h4d', 'd dh p5 Js9s9c5d2d', 'p3 f', 'p4 f', 'p5 f', 'p1 cbr 500000', 'p2 cc', 'p1 sd QdJc', 'p2 sd KsKd4s', 'd dh p1 As6s', 'd dh p2 7s7c5c', 'p1 cbr 250000', 'p2 cbr 500000', 'p1 cc', 'p1 sd As', 'p2 sd 7s', 'd dh p1 9d', 'd dh p2 6h', 'p1 cc', 'p2 cbr 500000', 'p1 cc', 'p1 sd 8s', 'p2 sd', 'd dh p1 7h']\n");
    assert_eq!(r.variant, "deuce-to-seven");
    assert_eq!(r.button_seat, Some(5));
    assert_eq!(committed(&r)[0], (1500000, None, false));
    assert_eq!(committed(&r)[1], (1500000, None, false));
    // Not shown: the hands are what the draws left.
    assert_eq!(
        r.players[0].cards,
        Some(["7d", "5h", "6s", "9d", "7h"].map(String::from).to_vec())
    );
    assert_eq!(
        r.players[1].cards,
        Some(["4c", "2s", "7c", "5c", "6h"].map(String::from).to_vec())
    );
}

/// A call for more than is behind is all-in (Dwan-Ivey 2009: antes all post).
#[test]
fn call_is_capped_at_the_stack() {
    let r = req("variant = 'NT'\nantes = [500, 500, 500]\nblinds_or_straddles = [1000, 2000, 0]\n\
        starting_stacks = [1125600, 2000000, 553500]\n\
        actions = ['d dh p1 Ac2d', 'd dh p2 ????', 'd dh p3 7h6h', 'p3 cbr 7000', 'p1 cbr 23000', 'p2 f', 'p3 cc', 'd db Jc3d5c', 'p1 cbr 35000', 'p3 cc', 'd db 4h', 'p1 cbr 90000', 'p3 cbr 232600', 'p1 cbr 1067100', 'p3 cc', 'p1 sm Ac2d', 'p3 sm 7h6h', 'd db Jh']\n");
    assert_eq!(
        committed(&r),
        vec![
            (1125600, None, false),
            (2500, None, true),
            (553500, None, false)
        ]
    );
}

/// The player who bet more than the all-in caller and then mucks gets the
/// uncalled part back before leaving the pots (the service refuses a folded
/// player holding an uncalled bet).
#[test]
fn rules_2_1_mucking_bettor_keeps_uncalled_part() {
    let r = req("variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 50]\n\
        actions = ['d dh p1 AsAd', 'd dh p2 KsKd', 'p2 cbr 100', 'p1 cc', 'd db 2c3c4d5h9s', 'p2 sm KsKd', 'p1 sm']\n");
    // p2 (button, 50 chips) is all-in; p1 raised to 100 and mucked.
    assert_eq!(committed(&r), vec![(50, None, true), (50, None, false)]);
}

/// Decimal stacks are scaled to whole units (Antonius-Blom 2009).
#[test]
fn decimal_amounts_are_scaled() {
    let rep = replay(
        &parse_one(
            "variant = 'PO'\nblinds_or_straddles = [500, 1000]\nstarting_stacks = [1259450.25, 678473.5]\n\
             actions = ['d dh p1 Ah3sKsKh', 'd dh p2 6d9s7d8h', 'p2 cbr 3000', 'p1 f']\n",
            "t",
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(rep.scale, 2);
    assert_eq!(rep.request.players[0].stack, 125945025);
    assert_eq!(rep.request.players[0].committed, 100000);
    assert_eq!(rep.request.players[1].committed, 300000);
}

#[test]
fn unknown_cards_of_a_live_player_at_showdown_cannot_settle() {
    let hand = parse_one(
        "variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [10, 10]\n\
         actions = ['d dh p1 ????', 'd dh p2 AsAd', 'p2 cc', 'p1 cc', 'd db 2c3c4d5h9s']\n",
        "t",
    )
    .unwrap();
    assert!(matches!(replay(&hand), Err(PhhError::Unsupported(_))));
    let bad = parse_one(
        "variant = 'NT'\nstarting_stacks = [10, 10]\nactions = ['p3 f']\n",
        "t",
    )
    .unwrap();
    assert!(matches!(
        replay(&bad),
        Err(PhhError::Action { index: 0, .. })
    ));
    let unknown = parse_one(
        "variant = 'XX'\nstarting_stacks = [10, 10]\nactions = []\n",
        "t",
    )
    .unwrap();
    assert!(matches!(replay(&unknown), Err(PhhError::Unsupported(_))));
}

mod no_panic {
    use super::*;
    use proptest::prelude::*;
    use showdown_contract::settle::settle_request;

    /// Mostly well-formed actions of players 1..=n, some malformed.
    fn action(n: usize) -> impl Strategy<Value = String> {
        let p = 1usize..=n;
        prop_oneof![
            2 => p.clone().prop_map(|p| format!("p{p} f")),
            5 => p.clone().prop_map(|p| format!("p{p} cc")),
            3 => (p.clone(), 0u64..400).prop_map(|(p, x)| format!("p{p} cbr {x}")),
            1 => p.clone().prop_map(|p| format!("p{p} pb")),
            1 => p.clone().prop_map(|p| format!("p{p} sm")),
            1 => (p.clone(), "([2-9TJQKA][shdc]){2,7}").prop_map(|(p, c)| format!("p{p} sm {c}")),
            1 => p.clone().prop_map(|p| format!("p{p} sd")),
            2 => (p, "([2-9TJQKA?][shdc?]){1,3}").prop_map(|(p, c)| format!("d dh p{p} {c}")),
            2 => "([2-9TJQKA][shdc]){1,3}".prop_map(|c| format!("d db {c}")),
            1 => "[a-z0-9 ]{0,12}",
        ]
    }

    /// A hand's text: every player dealt 2 to 7 known cards, then the actions.
    fn hand_text() -> impl Strategy<Value = String> {
        (2usize..=4).prop_flat_map(|n| {
            (
                prop_oneof![
                    Just("NT"),
                    Just("FO/8"),
                    Just("F7S/8"),
                    Just("F2L3D"),
                    Just("FB"),
                    Just("QQ")
                ],
                proptest::collection::vec(0u64..500, n),
                proptest::collection::vec(0u64..5, 0..=n),
                proptest::collection::vec("([2-9TJQKA][shdc]){2,7}", n),
                proptest::collection::vec(action(n), 0..12),
            )
                .prop_map(|(variant, stacks, antes, deals, actions)| {
                    let list =
                        |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
                    let mut all: Vec<String> = deals
                        .iter()
                        .enumerate()
                        .map(|(i, c)| format!("'d dh p{} {c}'", i + 1))
                        .collect();
                    all.extend(actions.iter().map(|a| format!("'{a}'")));
                    format!(
                        "variant = '{variant}'\nstarting_stacks = [{}]\nantes = [{}]\n\
                         blinds_or_straddles = [1, 2]\nbring_in = 1\nactions = [{}]\n",
                        list(&stacks),
                        list(&antes),
                        all.join(", ")
                    )
                })
        })
    }

    proptest! {
        /// `POST /v1/settle/phh` must never 5xx: whatever the actions, the
        /// replay gives a request or an error naming the action, and
        /// settling never panics and conserves chips.
        #[test]
        fn phh_replay_and_settle_never_panic(text in hand_text()) {
            let hand = parse_one(&text, "t");
            prop_assert!(hand.is_ok(), "{text}: {hand:?}");
            match replay(&hand.unwrap()) {
                Ok(r) => {
                    if let Ok(event) = settle_request(&r.request) {
                        // Whatever was replayed, settling moves chips, never makes them.
                        let total: u64 = r.request.players.iter().map(|p| p.stack).sum();
                        prop_assert_eq!(event.data.final_chip_stacks.values().sum::<u64>(), total);
                    }
                }
                Err(e) => prop_assert!(
                    matches!(e, PhhError::Action { .. } | PhhError::Unsupported(_)),
                    "{e}"
                ),
            }
        }
    }
}
