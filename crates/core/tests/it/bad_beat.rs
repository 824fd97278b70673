//! RULES.md §11 (the bad-beat jackpot): every numbered rule and the worked
//! examples 11.1 and 11.2, one test each, named after them. Hands are
//! ranked by the cards crate, as the server ranks them.

use crate::common::{cards, high};
use showdown_cards::{both_hole_cards_play, five_card_high_value, VariantId};
use showdown_core::{
    bad_beat, BadBeatError, BadBeatOutcome, BadBeatPayout, BadBeatPlayer, BadBeatRefusal,
    BadBeatRole, BadBeatTerms, BadBeatWin, CardsRefusal, ChipAmount, ChipsRefusal, NotQualified,
    Unit,
};

/// A player of `variant` in `seat`: live with `hole` on `board`, or folded.
fn player(variant: VariantId, seat: u32, hole: Option<&str>, board: &str) -> BadBeatPlayer {
    match hole {
        Some(hole) => BadBeatPlayer {
            seat,
            live: true,
            high: Some(high(variant, hole, board)),
            both_hole_cards_play: both_hole_cards_play(variant, &cards(hole), &cards(board)),
        },
        None => BadBeatPlayer {
            seat,
            live: false,
            high: None,
            both_hole_cards_play: false,
        },
    }
}

/// Hold'em players in seats 1, 2, …, one a hand (`None` folded).
fn table(board: &str, hands: &[Option<&str>]) -> Vec<BadBeatPlayer> {
    (1..)
        .zip(hands)
        .map(|(seat, h)| player(VariantId::Holdem, seat, *h, board))
        .collect()
}

/// Aces full of tens, hold'em's usual threshold.
fn aces_full(pool: u64) -> BadBeatTerms {
    let min = five_card_high_value(VariantId::Holdem, &cards("Ah Ad Ac Th Td")).unwrap();
    BadBeatTerms::new(pool, min)
}

fn win(outcome: BadBeatOutcome) -> BadBeatWin {
    match outcome {
        BadBeatOutcome::Qualified(w) => w,
        BadBeatOutcome::NotQualified(r) => panic!("not qualified: {}", r.as_str()),
    }
}

fn reason(outcome: BadBeatOutcome) -> &'static str {
    match outcome {
        BadBeatOutcome::Qualified(_) => "qualified",
        BadBeatOutcome::NotQualified(r) => r.as_str(),
    }
}

fn payouts(w: &BadBeatWin) -> Vec<(usize, &'static str, u64)> {
    w.payouts
        .iter()
        .map(
            |&BadBeatPayout {
                 player,
                 role,
                 amount,
             }| (player, role.as_str(), amount),
        )
        .collect()
}

const BOARD_11_1: &str = "Ac Ad Tc 9c 8c";

/// 11.1: A `Ah Th` loses to B `Qc Jc`; four others folded.
fn example_11_1() -> Vec<BadBeatPlayer> {
    table(
        BOARD_11_1,
        &[Some("Ah Th"), Some("Qc Jc"), None, None, None, None],
    )
}

#[test]
fn worked_example_11_1_aces_full_beaten_by_a_straight_flush() {
    let w = win(bad_beat(&aces_full(100_000), &example_11_1(), 1).unwrap());
    assert_eq!((w.losers.clone(), w.winners.clone()), (vec![0], vec![1]));
    assert_eq!(w.losing_hand, high(VariantId::Holdem, "Ah Th", BOARD_11_1));
    assert_eq!(w.winning_hand, high(VariantId::Holdem, "Qc Jc", BOARD_11_1));
    assert_eq!(
        payouts(&w),
        vec![
            (0, "loser", 50_000),
            (1, "winner", 25_000),
            (2, "table", 6_250),
            (3, "table", 6_250),
            (4, "table", 6_250),
            (5, "table", 6_250),
        ]
    );
    assert_eq!((w.paid, w.remaining), (100_000, 0));

    // Pool 100001: the same payouts, one chip stays in the fund.
    let w1 = win(bad_beat(&aces_full(100_001), &example_11_1(), 1).unwrap());
    assert_eq!(payouts(&w1), payouts(&w));
    assert_eq!((w1.paid, w1.remaining), (100_000, 1));
}

#[test]
fn worked_example_11_2_hole_cards_do_not_play() {
    let players = table(
        "Ac Ad Ah Tc 8c",
        &[Some("Th 3s"), Some("As Kd"), None, None, None, None],
    );
    assert!(!players[0].both_hole_cards_play);
    assert_eq!(
        reason(bad_beat(&aces_full(100_000), &players, 1).unwrap()),
        "hole-cards-do-not-play"
    );
    // Without the requirement the hand qualifies.
    let terms = BadBeatTerms {
        both_hole_cards_play: false,
        ..aces_full(100_000)
    };
    assert_eq!(reason(bad_beat(&terms, &players, 1).unwrap()), "qualified");
}

#[test]
fn rules_11_1_omaha_hands_always_play_and_only_the_first_board_counts() {
    // Omaha: two hole cards always play; quads against a straight flush.
    let board = "Ac Ad Tc 9c 8c";
    let omaha = |seat, hole| player(VariantId::Omaha, seat, hole, board);
    let players = vec![
        omaha(1, Some("Ah As 2d 3d")),
        omaha(2, Some("Qc Jc 2s 3s")),
        omaha(3, None),
        omaha(4, None),
    ];
    assert!(players.iter().take(2).all(|p| p.both_hole_cards_play));
    let terms = BadBeatTerms::new(
        1_000,
        five_card_high_value(VariantId::Omaha, &cards("Ah Ad Ac As 2d")).unwrap(),
    );
    let w = win(bad_beat(&terms, &players, 1).unwrap());
    assert_eq!((w.losers, w.winners), (vec![0], vec![1]));

    // Two boards: the caller ranks the first; a second board on which the
    // loser's hand is weak changes nothing.
    let second = table(
        "2s 3h 7d Jd Kh",
        &[Some("Ah Th"), Some("Qc Jc"), None, None],
    );
    let first = table(BOARD_11_1, &[Some("Ah Th"), Some("Qc Jc"), None, None]);
    assert_eq!(
        reason(bad_beat(&aces_full(1_000), &second, 1).unwrap()),
        "losing-hand-too-low"
    );
    assert_eq!(
        reason(bad_beat(&aces_full(1_000), &first, 1).unwrap()),
        "qualified"
    );
}

#[test]
fn rules_11_2_terms_defaults_and_bounds() {
    let t = BadBeatTerms::new(7, 9);
    assert_eq!((t.pool, t.min_losing_hand), (7, 9));
    assert!(t.both_hole_cards_play);
    assert_eq!((t.min_players_dealt, t.players_dealt), (4, None));
    assert_eq!((t.loser_bp, t.winner_bp, t.table_bp), (5_000, 2_500, 2_500));

    // Short deck ranks the threshold by its own order: a flush beats a
    // full house there, not in hold'em.
    let flush = "Ah Kh 9h 7h 6h";
    let boat = "As Ad Ac Ks Kd";
    let sd = |c| five_card_high_value(VariantId::ShortDeck, &cards(c)).unwrap();
    let he = |c| five_card_high_value(VariantId::Holdem, &cards(c)).unwrap();
    assert!(sd(flush) > sd(boat));
    assert!(he(flush) < he(boat));

    let players = example_11_1();
    let over = BadBeatTerms {
        table_bp: 2_501,
        ..aces_full(100)
    };
    assert_eq!(
        bad_beat(&over, &players, 1),
        Err(BadBeatError::Refused(BadBeatRefusal::Shares(10_001)))
    );
    assert_eq!(
        bad_beat(&aces_full(101), &players, 5),
        Err(BadBeatError::Pool(ChipsRefusal::NotMultiple(
            ChipAmount::Pool,
            101,
            5
        )))
    );
    assert_eq!(
        bad_beat(&aces_full(100), &players, 0),
        Err(BadBeatError::ChipUnit(ChipsRefusal::UnitZero(Unit::Chip)))
    );
    let dealt = BadBeatTerms {
        players_dealt: Some(5),
        ..aces_full(100)
    };
    assert_eq!(
        bad_beat(&dealt, &players, 1),
        Err(BadBeatError::Refused(BadBeatRefusal::PlayersDealt {
            players: 6,
            dealt: 5
        }))
    );
    let mut no_hand = players.clone();
    no_hand[1].high = None;
    assert_eq!(
        bad_beat(&aces_full(100), &no_hand, 1),
        Err(BadBeatError::Cards(CardsRefusal::LiveWithoutCards {
            player: 1
        }))
    );
}

#[test]
fn rules_11_3_winners_have_the_best_hand_losers_the_best_below_it() {
    // Seat 3's straight flush beats seat 1's and seat 4's aces full (a
    // tie among the losers), and seat 2's pair of aces, which is table.
    let players = table(
        BOARD_11_1,
        &[
            Some("Ah Th"),
            Some("Kd Qd"),
            Some("Qc Jc"),
            Some("As Ts"),
            None,
        ],
    );
    let w = win(bad_beat(&aces_full(10_000), &players, 1).unwrap());
    assert_eq!((w.losers.clone(), w.winners.clone()), (vec![0, 3], vec![2]));
    assert_eq!(
        payouts(&w),
        vec![
            (0, "loser", 2_500),
            (3, "loser", 2_500),
            (2, "winner", 2_500),
            (1, "table", 1_250),
            (4, "table", 1_250),
        ]
    );
    // Players dealt, not players in the request, count for the minimum.
    let heads_up = table(BOARD_11_1, &[Some("Ah Th"), Some("Qc Jc")]);
    assert_eq!(
        reason(bad_beat(&aces_full(100), &heads_up, 1).unwrap()),
        "too-few-players"
    );
    let dealt = BadBeatTerms {
        players_dealt: Some(4),
        ..aces_full(100)
    };
    let w = win(bad_beat(&dealt, &heads_up, 1).unwrap());
    // Nobody else is in the request: the table's part stays in the fund.
    assert_eq!(payouts(&w), vec![(0, "loser", 50), (1, "winner", 25)]);
    assert_eq!((w.paid, w.remaining), (75, 25));
}

#[test]
fn rules_11_4_parts_round_down_to_the_chip_unit_and_the_rest_stays() {
    // Chip unit 5, pool 1005 (201 units): loser ⌊100.5⌋ = 100 units, winner
    // and table ⌊50.25⌋ = 50 units; the table's 50 over four players is 12
    // units each, 2 units left.
    let w = win(bad_beat(&aces_full(1_005), &example_11_1(), 5).unwrap());
    assert_eq!(
        payouts(&w),
        vec![
            (0, "loser", 500),
            (1, "winner", 250),
            (2, "table", 60),
            (3, "table", 60),
            (4, "table", 60),
            (5, "table", 60),
        ]
    );
    assert_eq!((w.paid, w.remaining), (990, 15));
    assert!(w.payouts.iter().all(|p| p.amount % 5 == 0));
    // Shares under 10000 leave the rest in the fund.
    let half = BadBeatTerms {
        loser_bp: 2_000,
        winner_bp: 1_000,
        table_bp: 0,
        ..aces_full(1_000)
    };
    let w = win(bad_beat(&half, &example_11_1(), 1).unwrap());
    assert_eq!((w.paid, w.remaining), (300, 700));
    assert_eq!(
        w.payouts
            .iter()
            .filter(|p| p.role == BadBeatRole::Table)
            .count(),
        4
    );
}

#[test]
fn rules_11_5_the_first_condition_that_fails_in_order() {
    // (board, hands, the answer) against aces full of tens.
    let cases: [(&str, &[Option<&str>], &str); 5] = [
        // No showdown: one live player, even with too few dealt.
        (BOARD_11_1, &[Some("Ah Th"), None], "no-showdown"),
        // Too few players comes before a low losing hand.
        (
            BOARD_11_1,
            &[Some("2h 3h"), Some("Qc Jc"), None],
            "too-few-players",
        ),
        (
            BOARD_11_1,
            &[Some("2h 3h"), Some("Qc Jc"), None, None],
            "losing-hand-too-low",
        ),
        // Every live hand ties: nobody lost.
        (
            "Ac Ad Ah As Kc",
            &[Some("2h 3h"), Some("4d 5d"), None, None],
            "losing-hand-too-low",
        ),
        // A low losing hand comes before hole cards that do not play.
        (
            "Ac Ad Ah Tc 8c",
            &[Some("2h 3s"), Some("As Kd"), None, None],
            "losing-hand-too-low",
        ),
    ];
    for (board, hands, expected) in cases {
        let got = reason(bad_beat(&aces_full(100), &table(board, hands), 1).unwrap());
        assert_eq!(got, expected, "{board} {hands:?}");
    }
    // The winner's hole cards count too: quads with the board's four aces.
    let board = "Ac Ad Ah As 8c";
    let winner = table(board, &[Some("Kc Kd"), Some("Th 9h"), None, None]);
    let terms = BadBeatTerms::new(100, high(VariantId::Holdem, "Th 9h", board));
    assert!(!winner[0].both_hole_cards_play);
    let got = reason(bad_beat(&terms, &winner, 1).unwrap());
    assert_eq!(got, "hole-cards-do-not-play");
    assert_eq!(NotQualified::TooFewPlayers.as_str(), "too-few-players");
}
