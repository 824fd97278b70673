//! The replay against hand-written expected requests, on hands written for
//! these tests (`tests/phh/families.phhs` works out their final stacks).

use super::*;
use crate::phh::reader::{parse_hands, parse_one};

fn req(text: &str) -> SettleRequest {
    replay(&parse_one(text, "t.phh").unwrap()).unwrap().request
}

/// The families file: one hand per family the replay handles, each with
/// its final stacks worked out in a comment.
const FAMILIES: &str = include_str!("../../../../../tests/phh/families.phhs");

/// The request of hand `key` of the families file.
fn family(key: &str) -> SettleRequest {
    let label = format!("families.phhs#{key}");
    let hand = parse_hands(FAMILIES, "families.phhs")
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .find(|h| h.label == label)
        .unwrap_or_else(|| panic!("no hand {label}"));
    replay(&hand).unwrap().request
}

fn committed(r: &SettleRequest) -> Vec<(u64, Option<u64>, bool)> {
    r.players
        .iter()
        .map(|p| (p.committed, p.dead, p.folded))
        .collect()
}

/// Families hand 1: the big blind's ante is dead money, his blind and
/// calls are live.
#[test]
fn rules_2_big_blind_ante_is_dead_money() {
    let r = family("1");
    assert_eq!(r.variant, "holdem");
    assert_eq!(r.button_seat, Some(4));
    assert_eq!(r.hand_number, Some(1));
    assert_eq!(
        committed(&r),
        vec![
            (50, None, true),
            (1500, Some(100), false),
            (1500, None, false),
            (0, None, true),
        ]
    );
    assert_eq!(r.players[1].cards, Some(vec!["Kc".into(), "9d".into()]));
    assert_eq!(r.players[1].name.as_deref(), Some("Dave"));
    assert_eq!(r.players[0].cards, None);
    assert_eq!(
        r.board,
        Some(["9c", "6d", "2s", "Kh", "4c"].map(String::from).to_vec())
    );
}

/// Heads-up the button (last index) posts the small blind.
#[test]
fn heads_up_blinds_are_reversed_and_button_is_last() {
    // The button raises to 100, the big blind folds: p1 lost its 50, not 25.
    let r = req(
        "variant = 'FO/8'\nantes = [0, 0]\nblinds_or_straddles = [25, 50]\n\
        starting_stacks = [1200, 3000]\n\
        actions = ['d dh p1 QsJs6d5c', 'd dh p2 Ah3h8c9d', 'p2 cbr 100', 'p1 f']\n",
    );
    assert_eq!(r.variant, "omaha-hi-lo");
    assert_eq!(r.button_seat, Some(2));
    assert_eq!(committed(&r), vec![(50, None, true), (100, None, false)]);

    // Button folds its small blind at once: it lost 1, not 2.
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

/// A show with no cards is a muck: the player is out of the pots.
#[test]
fn muck_at_showdown_is_folded() {
    let r = req("variant = 'FO/8'\nblinds_or_straddles = [10, 20, 0]\n\
        starting_stacks = [500, 500, 500]\n\
        actions = ['d dh p1 KhQd4s3c', 'd dh p2 ????????', 'd dh p3 AdJd7s6c', 'p3 cbr 40', 'p1 cbr 60', 'p2 f', 'p3 cc', 'd db 6hQc7c', 'p1 cc', 'p3 cc', 'd db Jh', 'p1 cc', 'p3 cbr 40', 'p1 cc', 'd db Js', 'p1 cc', 'p3 cbr 40', 'p1 cc', 'p3 sm AdJd7s6c', 'p1 sm']\n");
    assert_eq!(
        committed(&r),
        vec![(140, None, true), (20, None, true), (140, None, false)]
    );
    // One live player left: the hand is uncontested and needs no cards.
    assert_eq!(r.players[2].cards, None);

    // Families hand 6: Dave's cards were never seen and he mucks; the two
    // who showed stay in with their cards.
    let r = family("6");
    assert_eq!(
        committed(&r),
        vec![
            (10, None, true),
            (100, None, false),
            (100, None, false),
            (100, None, true),
        ]
    );
    assert_eq!(r.players[3].cards, None);
    assert_eq!(
        r.players[1].cards,
        Some(["Ah", "4d", "Kc", "Tc"].map(String::from).to_vec())
    );
    assert_eq!(
        r.players[2].cards,
        Some(["As", "Js", "Qh", "Qd"].map(String::from).to_vec())
    );
}

/// Stud: antes all post (live), the bring-in counts toward third street,
/// `cbr` is to an amount on each street, all seven cards shown, no button
/// (families hand 3).
#[test]
fn stud_bring_in_streets_and_seven_cards() {
    let r = family("3");
    assert_eq!(r.variant, "stud-hi-lo");
    assert_eq!(r.button_seat, None);
    assert_eq!(r.board, None);
    assert_eq!(
        committed(&r),
        vec![(410, None, false), (410, None, false), (30, None, true)]
    );
    assert_eq!(r.players[0].cards.as_ref().unwrap().len(), 7);
}

/// Draws replace the discarded cards by the next deal (families hand 5,
/// 2-7 triple draw).
#[test]
fn draw_discards_are_replaced() {
    let r = family("5");
    assert_eq!(r.variant, "deuce-to-seven");
    assert_eq!(r.button_seat, Some(3));
    assert_eq!(committed(&r)[1], (140, None, false));
    assert_eq!(committed(&r)[2], (140, None, false));
    // Not shown: the hands are what the draws left.
    assert_eq!(
        r.players[1].cards,
        Some(["2c", "3d", "8h", "4h", "6s"].map(String::from).to_vec())
    );
    assert_eq!(
        r.players[2].cards,
        Some(["2h", "4c", "5d", "7s", "Td"].map(String::from).to_vec())
    );
}

/// A call for more than is behind is all-in; antes that all post are live.
#[test]
fn call_is_capped_at_the_stack() {
    // p3 has 400 - 5 - 200 = 195 behind when p1 bets 300 on the flop.
    let r = req("variant = 'NT'\nantes = [5, 5, 5]\nblinds_or_straddles = [10, 20, 0]\n\
        starting_stacks = [1000, 2000, 400]\n\
        actions = ['d dh p1 AhKd', 'd dh p2 ????', 'd dh p3 9s9c', 'p3 cbr 60', 'p1 cbr 200', 'p2 f', 'p3 cc', 'd db 9d4h2c', 'p1 cbr 300', 'p3 cc', 'd db Kc', 'd db 5s', 'p1 sm AhKd', 'p3 sm 9s9c']\n");
    assert_eq!(
        committed(&r),
        vec![(505, None, false), (25, None, true), (400, None, false)]
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

/// Decimal stacks are scaled to whole units (hundredths here).
#[test]
fn decimal_amounts_are_scaled() {
    let rep = replay(
        &parse_one(
            "variant = 'PO'\nblinds_or_straddles = [5, 10]\nstarting_stacks = [2500.75, 1800.5]\n\
             actions = ['d dh p1 AsKhQdJc', 'd dh p2 9h8h7c6c', 'p2 cbr 30', 'p1 f']\n",
            "t",
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(rep.scale, 2);
    assert_eq!(rep.request.players[0].stack, 250075);
    assert_eq!(rep.request.players[0].committed, 1000);
    assert_eq!(rep.request.players[1].committed, 3000);
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

#[test]
fn player_ids_are_p_and_the_index_from_one() {
    let ids: Vec<String> = [0, 1, 8, 9, 10, 254, 255, 1000].map(player_id).to_vec();
    assert_eq!(
        ids,
        ["p1", "p2", "p9", "p10", "p11", "p255", "p256", "p1001"]
    );
}
