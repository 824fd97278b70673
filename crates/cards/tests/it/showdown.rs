//! `rank_showdown` and `stud_odd_chip_key` by the rules they implement.

use showdown_cards::{
    parse_cards, rank_showdown, stud_odd_chip_key, Card, EvalError, NotInShortDeck, Rulebook, Side,
    VariantId,
};

fn cards(s: &str) -> Vec<Card> {
    parse_cards(&s.split_whitespace().collect::<Vec<_>>()).unwrap()
}

fn show(v: VariantId, hole: &str, board: &str) -> showdown_cards::Showdown {
    rank_showdown(v, &cards(hole), &cards(board)).unwrap()
}

#[test]
fn api_example_both_players_play_the_board_flush_and_tie() {
    let a = show(VariantId::Holdem, "3c 4d", "Ah Kh 9h 7h 2h");
    let b = show(VariantId::Holdem, "5s 6d", "Ah Kh 9h 7h 2h");
    assert_eq!(a.high.value, b.high.value);
    assert_eq!(a.high.category, 5);
    assert_eq!(a.high.description, "Flush, A high");
    assert!(a.low.is_none());
}

#[test]
fn wrong_counts_duplicates_and_short_deck_cards_are_errors_not_panics() {
    assert_eq!(
        rank_showdown(VariantId::Holdem, &cards("As"), &cards("2c 3c 4c 5c 7d")),
        Err(EvalError::HoleCount {
            variant: "holdem",
            expected: 2,
            got: 1
        })
    );
    assert_eq!(
        rank_showdown(VariantId::Omaha, &cards("As Ks Qs Js"), &cards("2c 3c 4c")),
        Err(EvalError::BoardCount {
            variant: "omaha",
            expected: 5,
            got: 3
        })
    );
    assert_eq!(
        rank_showdown(VariantId::Holdem, &cards("As Ks"), &cards("As 3c 4c 5c 7d")),
        Err(EvalError::Duplicate("As".parse().unwrap()))
    );
    assert_eq!(
        rank_showdown(
            VariantId::ShortDeck,
            &cards("As Ks"),
            &cards("2c 7c 8c 9c Td")
        ),
        Err(EvalError::NotInDeck(NotInShortDeck("2c".parse().unwrap())))
    );
    assert!(rank_showdown(VariantId::Stud, &cards("As Ks"), &cards("")).is_err());
}

#[test]
fn every_variant_ranks_a_valid_deal() {
    let deal = cards("Ah 2d 3c 4s 5h 6d 7c 8s 9h Td Jc");
    for id in VariantId::ALL {
        let v = id.variant();
        let pool: Vec<Card> = if v.short_deck {
            cards("Ah 6d 7c 8s 9h Td Jc")
        } else {
            deal.clone()
        };
        let (hole, board) = (
            &pool[..v.hole_cards],
            &pool[v.hole_cards..v.hole_cards + v.board_cards],
        );
        let s = rank_showdown(id, hole, board).unwrap();
        assert!(!s.high.cards.is_empty(), "{id}");
        assert!(s.high.value < 1 << 53, "{id}");
        assert_eq!(
            s.low.is_some(),
            v.low.is_some(),
            "{id}: a deal that qualifies for every low"
        );
    }
}

#[test]
fn omaha_hi_lo_without_a_qualifying_low_has_no_low_hand() {
    let s = show(VariantId::OmahaHiLo, "Kc Kd Qs Jh", "2h 3d 9s Tc Td");
    assert!(s.low.is_none());
}

#[test]
fn stud_hi_lo_low_is_eight_or_better_from_seven_cards() {
    let s = show(VariantId::StudHiLo, "As 2s 3d 4c 9h Kd 7s", "");
    assert_eq!(s.low.unwrap().name, "7-4-3-2-A low");
}

#[test]
fn sohe_high_side_is_the_omaha_part_and_low_side_the_holdem_part() {
    // Omaha part AsKs QdJd cannot use the two tens; Hold'em part TcTh makes quads.
    let s = show(VariantId::Sohe, "As Ks Qd Jd Tc Th", "Ts Td 2s 7s 9h");
    assert_eq!(s.high.description, "Flush, A high");
    assert_eq!(s.low.unwrap().category, 7);
}

#[test]
fn dramaha_high_side_is_the_five_card_draw_hand() {
    let s = show(VariantId::Dramaha, "As Ad Kc 7h 2d", "Ah Ks Kh 8c 3s");
    assert_eq!(s.high.description, "Pair of Aces, K-7-2 kickers");
    assert_eq!(
        s.low.unwrap().category,
        6,
        "Omaha: A-A from the hand, A-K-K from the board, a full house"
    );
}

#[test]
fn badacey_high_is_ace_to_five_and_low_is_badugi() {
    let s = show(VariantId::Badacey, "As 2h 3d 4c 5s", "");
    assert_eq!(s.high.name, "Wheel");
    assert_eq!(s.low.unwrap().description, "4-card badugi, 4 high");
}

#[test]
fn badeucy_high_is_deuce_to_seven_and_low_is_ace_high_badugi() {
    let s = show(VariantId::Badeucy, "7s 5h 4d 3c 2s", "");
    assert_eq!(s.high.name, "7-5-4-3-2 low");
    assert_eq!(s.low.unwrap().description, "4-card badugi, 5 high");
}

#[test]
fn tda_19_stud_odd_chip_goes_to_the_high_card_by_suit_in_the_five_card_hand() {
    // Both make the 6-high straight; only the 6s or 6c differ.
    let a = show(VariantId::Stud, "6s 5d 4h 3c 2d Kc Kd", "");
    let b = show(VariantId::Stud, "6c 5c 4c 3h 2h Qs Qh", "");
    assert_eq!(a.high.value, b.high.value);
    let ka = stud_odd_chip_key(
        VariantId::Stud,
        Rulebook::Tda,
        Side::High,
        &a.high,
        &cards("6s 5d 4h 3c 2d Kc Kd"),
    );
    let kb = stud_odd_chip_key(
        VariantId::Stud,
        Rulebook::Tda,
        Side::High,
        &b.high,
        &cards("6c 5c 4c 3h 2h Qs Qh"),
    );
    assert!(ka > kb);
}

#[test]
fn tda_19_in_a_low_hand_the_ace_is_low_so_6_4_3_2_a_is_keyed_by_its_six() {
    let hole = cards("6c 4d 3d 2d Ah Ks Kd");
    let s = show(VariantId::Razz, "6c 4d 3d 2d Ah Ks Kd", "");
    let key = stud_odd_chip_key(VariantId::Razz, Rulebook::Tda, Side::High, &s.high, &hole);
    assert_eq!(key, 6 * 4, "the 6c, not the ace of hearts nor the kings");
}

#[test]
fn tda_19_the_player_tables_the_most_favourable_five_cards() {
    // Razz: 8-5-4-3-2 with the 8 in two suits: the 8s is tabled.
    let s = show(VariantId::Razz, "8s 8c 5d 4d 3h 2c Kd", "");
    assert!(s.high.cards.contains(&"8s".parse().unwrap()));
}

#[test]
fn roberts_3_7_1_high_stud_counts_all_cards_highest_by_suit() {
    let hole = cards("6s 5d 4h 3c 2d Kc Kd");
    let s = show(VariantId::Stud, "6s 5d 4h 3c 2d Kc Kd", "");
    let key = stud_odd_chip_key(
        VariantId::Stud,
        Rulebook::Roberts,
        Side::High,
        &s.high,
        &hole,
    );
    assert_eq!(
        key,
        13 * 4 + 1,
        "the Kd, which is not in the five-card hand"
    );
}

#[test]
fn roberts_3_7_1_lowball_sides_give_the_chip_to_the_lowest_card_by_suit() {
    let a = cards("Ac 4d 3d 2d 6h Ks Kd");
    let b = cards("Ad 4c 3c 2c 6s Qs Qd");
    let (sa, sb) = (
        show(VariantId::Razz, "Ac 4d 3d 2d 6h Ks Kd", ""),
        show(VariantId::Razz, "Ad 4c 3c 2c 6s Qs Qd", ""),
    );
    let ka = stud_odd_chip_key(VariantId::Razz, Rulebook::Roberts, Side::High, &sa.high, &a);
    let kb = stud_odd_chip_key(VariantId::Razz, Rulebook::Roberts, Side::High, &sb.high, &b);
    assert!(ka > kb, "the ace of clubs is the lowest card");
    // Razzdugi's badugi side is lowball too.
    let s = rank_showdown(VariantId::Razzdugi, &a, &[]).unwrap();
    let k = stud_odd_chip_key(
        VariantId::Razzdugi,
        Rulebook::Roberts,
        Side::Low,
        s.low.as_ref().unwrap(),
        &a,
    );
    assert_eq!(k, 255 - 4);
}
