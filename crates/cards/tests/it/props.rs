//! Property tests: no panic on any card input, the fast value paths agree
//! with the full `HandRank` paths, and our order of two hands agrees with
//! `aya_poker`'s wherever it covers the kind.

use std::cmp::Ordering;

use proptest::prelude::*;
use showdown_cards::*;

use crate::common::{aya_hand, Dealer};

fn deal(seed: u64, short: bool, n: usize) -> Vec<Card> {
    Dealer::new(seed, short).deal(n)
}

fn any_card() -> impl Strategy<Value = Card> {
    (0u8..52).prop_map(Card::from_index)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn no_card_input_panics_rank_showdown(
        v in 0usize..19,
        hole in prop::collection::vec(any_card(), 0..9),
        board in prop::collection::vec(any_card(), 0..7),
        rules in prop_oneof![Just(Rulebook::Tda), Just(Rulebook::Roberts)],
    ) {
        let id = VariantId::ALL[v];
        if let Ok(s) = rank_showdown(id, &hole, &board) {
            prop_assert!(s.high.value < 1 << 53);
            prop_assert!(s.low.as_ref().is_none_or(|l| l.value < 1 << 53));
            let all: Vec<Card> = hole.iter().chain(&board).copied().collect();
            stud_odd_chip_key(id, rules, Side::High, &s.high, &all);
            if let Some(l) = &s.low {
                stud_odd_chip_key(id, rules, Side::Low, l, &all);
            }
        }
    }

    #[test]
    fn valid_deals_of_every_variant_rank_without_error(v in 0usize..19, seed in any::<u64>()) {
        let id = VariantId::ALL[v];
        let var = id.variant();
        let cards = deal(seed, var.short_deck, var.hole_cards + var.board_cards);
        let s = rank_showdown(id, &cards[..var.hole_cards], &cards[var.hole_cards..]).unwrap();
        prop_assert!(!s.high.cards.is_empty());
        prop_assert!(s.high.cards.iter().all(|c| cards.contains(c)));
    }

    #[test]
    fn showdown_values_equal_rank_showdown_values_of_every_variant(v in 0usize..19, seed in any::<u64>()) {
        let id = VariantId::ALL[v];
        let var = id.variant();
        let cards = deal(seed, var.short_deck, var.hole_cards + var.board_cards);
        let (hole, board) = cards.split_at(var.hole_cards);
        let s = rank_showdown(id, hole, board).unwrap();
        prop_assert_eq!(
            showdown_values(id, hole, board).unwrap(),
            (s.high.value, s.low.map(|l| l.value))
        );
    }

    #[test]
    fn showdown_values_refuse_what_rank_showdown_refuses(
        v in 0usize..19,
        hole in prop::collection::vec(any_card(), 0..9),
        board in prop::collection::vec(any_card(), 0..7),
    ) {
        let id = VariantId::ALL[v];
        prop_assert_eq!(
            showdown_values(id, &hole, &board),
            rank_showdown(id, &hole, &board).map(|s| (s.high.value, s.low.map(|l| l.value)))
        );
    }

    #[test]
    fn fast_values_equal_the_full_hand_rank_values(seed in any::<u64>(), n in 5usize..=7) {
        let c = deal(seed, false, n);
        prop_assert_eq!(high_value(&c) as u64, high_rank(&c).value);
        prop_assert_eq!(ace_five_value(&c) as u64, ace_five_rank(&c).value);
        prop_assert_eq!(low8_value(&c).map(u64::from), low8_rank(&c).map(|h| h.value));
        prop_assert_eq!(badugi_value(&c, true) as u64, badugi_rank(&c, true).value);
        let key = HandKey::from_cards(&c);
        prop_assert_eq!(key.high_value(), high_value(&c));
        prop_assert_eq!(key.ace_five_value(), ace_five_value(&c));
        let d = deal(seed, true, n);
        prop_assert_eq!(short_deck_value(&d) as u64, short_deck_rank(&d).value);
        prop_assert_eq!(HandKey::from_cards(&d).short_deck_value(), short_deck_value(&d));
        prop_assert_eq!(deuce_seven_value(&c[..5]) as u64, deuce_seven_rank(&c[..5]).value);
        let o = deal(seed, false, 4 + (n - 5) + 5);
        let (hole, board) = o.split_at(o.len() - 5);
        prop_assert_eq!(omaha_high_value(hole, board) as u64, omaha_high_rank(hole, board).value);
        prop_assert_eq!(omaha_low8_value(hole, board).map(u64::from), omaha_low8_rank(hole, board).map(|h| h.value));
    }

    #[test]
    fn grouped_and_fixed_size_values_equal_high_value(seed in any::<u64>(), extra in 0usize..=5) {
        let mut d = Dealer::new(seed, false);
        let hands: [[Card; 7]; 8] = std::array::from_fn(|_| {
            let h = d.deal(7);
            std::array::from_fn(|i| h[i])
        });
        let one_by_one = hands.map(|h| high_value(&h));
        prop_assert_eq!(hands.map(|h| high_value_7(&h)), one_by_one);
        prop_assert_eq!(high_values_7(&hands), one_by_one);
        // Keys of 7 + `extra` cards: past seven, the rank-mask fallback.
        let keys: [HandKey; 8] = std::array::from_fn(|i| {
            let mut k = HandKey::from_cards(&hands[i]);
            for c in d.deal(52).into_iter().filter(|c| !hands[i].contains(c)).take(extra) {
                k.add(c);
            }
            k
        });
        prop_assert_eq!(HandKey::high_values(&keys), keys.map(|k| k.high_value()));
    }

    #[test]
    fn hand_keys_past_seven_cards_fall_back_to_the_rank_masks(seed in any::<u64>(), n in 8usize..=12) {
        let c = deal(seed, false, n);
        let key = HandKey::from_cards(&c);
        prop_assert_eq!(key.high_value(), high_value(&c));
        prop_assert_eq!(key.ace_five_value(), ace_five_value(&c));
    }

    #[test]
    fn high_hands_order_as_aya_poker(seed in any::<u64>(), n in prop_oneof![Just(5usize), Just(7)]) {
        let (a, b) = (deal(seed, false, n), deal(seed ^ 0x9e37, false, n));
        prop_assert_eq!(high_value(&a).cmp(&high_value(&b)),
            aya_poker::poker_rank(&aya_hand(&a)).cmp(&aya_poker::poker_rank(&aya_hand(&b))));
    }

    #[test]
    fn short_deck_hands_order_as_aya_poker(seed in any::<u64>()) {
        let (a, b) = (deal(seed, true, 7), deal(seed ^ 0x9e37, true, 7));
        prop_assert_eq!(short_deck_value(&a).cmp(&short_deck_value(&b)),
            aya_poker::short_deck_rank(&aya_hand(&a)).cmp(&aya_poker::short_deck_rank(&aya_hand(&b))));
    }

    #[test]
    fn ace_to_five_lows_order_as_aya_poker(seed in any::<u64>(), n in prop_oneof![Just(5usize), Just(7)]) {
        let (a, b) = (deal(seed, false, n), deal(seed ^ 0x9e37, false, n));
        prop_assert_eq!(ace_five_value(&a).cmp(&ace_five_value(&b)),
            aya_poker::ace_five_rank(&aya_hand(&a)).cmp(&aya_poker::ace_five_rank(&aya_hand(&b))));
        let aya8 = |h: &[Card]| aya_poker::ace_five_rank(&aya_hand(h)).to_lo_8_rank();
        prop_assert_eq!(low8_value(&a).cmp(&low8_value(&b)), aya8(&a).cmp(&aya8(&b)));
    }

    /// aya_poker 0.1 reads A-2-3-4-5 as a straight in deuce-to-seven; the
    /// rules (and PokerKit's `StandardLowHand`) read it as ace high, no
    /// straight (`deuce_to_seven_a2345_is_not_a_straight`), so those hands
    /// are left out of this comparison only.
    #[test]
    fn deuce_to_seven_lows_order_as_aya_poker(seed in any::<u64>()) {
        let (a, b) = (deal(seed, false, 5), deal(seed ^ 0x9e37, false, 5));
        let wheel = |h: &[Card]| [Rank::Ace, Rank::Two, Rank::Three, Rank::Four, Rank::Five]
            .iter().all(|r| h.iter().any(|c| c.rank() == *r));
        prop_assume!(!wheel(&a) && !wheel(&b));
        prop_assert_eq!(deuce_seven_value(&a).cmp(&deuce_seven_value(&b)),
            aya_poker::deuce_seven_rank(&aya_hand(&a)).cmp(&aya_poker::deuce_seven_rank(&aya_hand(&b))));
    }

    #[test]
    fn omaha_hands_order_as_aya_poker(seed in any::<u64>(), holes in 4usize..=6) {
        // One deal: a shared board and two hands (aya panics on a card in both).
        let c = deal(seed, false, 5 + 2 * holes);
        let (board, rest) = c.split_at(5);
        let (a, b) = rest.split_at(holes);
        let aya_hi = |h: &[Card]| aya_poker::omaha_rank(&aya_hand(h), &aya_hand(board));
        prop_assert_eq!(omaha_high_value(a, board).cmp(&omaha_high_value(b, board)), aya_hi(a).cmp(&aya_hi(b)));
        let aya_lo = |h: &[Card]| aya_poker::omaha_lo_rank(&aya_hand(h), &aya_hand(board)).to_lo_8_rank();
        prop_assert_eq!(omaha_low8_value(a, board).cmp(&omaha_low8_value(b, board)), aya_lo(a).cmp(&aya_lo(b)));
    }

    #[test]
    fn badugi_hands_order_as_aya_poker(seed in any::<u64>(), n in 4usize..=7) {
        let (a, b) = (deal(seed, false, n), deal(seed ^ 0x9e37, false, n));
        prop_assert_eq!(badugi_value(&a, true).cmp(&badugi_value(&b, true)),
            aya_poker::badugi_rank(&aya_hand(&a)).cmp(&aya_poker::badugi_rank(&aya_hand(&b))));
        prop_assert_eq!(badugi_value(&a, false).cmp(&badugi_value(&b, false)),
            aya_poker::baduci_rank(&aya_hand(&a)).cmp(&aya_poker::baduci_rank(&aya_hand(&b))));
    }
}

#[test]
fn aya_poker_ties_are_our_ties_on_a_board_everyone_plays() {
    let board: Vec<Card> = parse_cards(&["Ah", "Kh", "Qh", "Jh", "Th"]).unwrap();
    let a = [board.clone(), parse_cards(&["2c", "3c"]).unwrap()].concat();
    let b = [board, parse_cards(&["4d", "5d"]).unwrap()].concat();
    assert_eq!(high_value(&a).cmp(&high_value(&b)), Ordering::Equal);
    assert_eq!(
        aya_poker::poker_rank(&aya_hand(&a)).cmp(&aya_poker::poker_rank(&aya_hand(&b))),
        Ordering::Equal
    );
}
