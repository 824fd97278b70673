//! RULES.md §10, rule by rule, and its worked examples.

use crate::common;

use common::{cards, GAMES};
use showdown_cards::{Card, VariantId};
use showdown_equity::{
    enumerate, enumerate_one_pot, CardAt, Equity, EquityError, EquityRefusal, PlayerEquity,
    PotMask, D,
};

#[test]
fn worked_example_10_1_flop_and_preflop() {
    let (a, b) = (cards("Ah Kh"), cards("Qs Qd"));
    let e = enumerate_one_pot(VariantId::Holdem, &[&a, &b], &cards("Qh 7h 2c"), &[]).unwrap();
    assert_eq!(e.runouts, 990);
    assert_eq!(e.fraction(0, 0), (23, 90));
    assert_eq!(e.fraction(0, 1), (67, 90));
    let e = enumerate_one_pot(VariantId::Holdem, &[&a, &b], &[], &[]).unwrap();
    assert_eq!(e.runouts, 1_712_304);
    assert_eq!(e.fraction(0, 0), (197_833, 428_076));
}

/// Worked example 10.3: A all in for less, a main pot (A, B, C) and a
/// side pot (B, C), on the flop.
fn example_10_3() -> Equity {
    let (a, b, c) = (cards("As Ad"), cards("Ks Kd"), cards("9c 8c"));
    let pots = [PotMask::of(&[0, 1, 2]), PotMask::of(&[1, 2])];
    enumerate(
        VariantId::Holdem,
        &[&a, &b, &c],
        &cards("7c 6c 2h"),
        &[],
        &pots,
    )
    .unwrap()
}

#[test]
fn worked_example_10_3_side_pot() {
    let e = example_10_3();
    assert_eq!(e.runouts, 903);
    assert_eq!(e.fraction(0, 2), (4, 7));
    assert_eq!(e.fraction(1, 2), (527, 903));
    assert_eq!(
        e.pots[1].players[0],
        PlayerEquity::default(),
        "A is not in the side pot"
    );
}

#[test]
fn rules_10_4_equities_are_exact_fractions_that_sum_to_one() {
    let e = example_10_3();
    for (p, pot) in e.pots.iter().enumerate() {
        let s: u64 = pot.players.iter().map(|x| x.share_units).sum();
        assert_eq!(s, e.denominator(), "pot {p}");
    }
    // E = S / (N x D), in lowest terms.
    let s = e.pots[1].players[2].share_units;
    assert_eq!(s * 903, 527 * e.denominator());
}

#[test]
fn rules_10_1_the_seven_games_and_no_other() {
    for variant in VariantId::ALL {
        let v = variant.variant();
        let hands: Vec<Vec<Card>> = [0u8, 1]
            .iter()
            .map(|p| {
                (0..v.hole_cards as u8)
                    .map(|i| Card::from_index(51 - p * 8 - i))
                    .collect()
            })
            .collect();
        let refs: Vec<&[Card]> = hands.iter().map(|h| h.as_slice()).collect();
        let r = enumerate_one_pot(variant, &refs, &cards("6c 7c 8d 9d"), &[]);
        if GAMES.contains(&variant) {
            assert!(r.is_ok(), "{variant}: {r:?}");
        } else {
            let refused = EquityError::Refused(EquityRefusal::Game(variant));
            assert_eq!(r, Err(refused), "{variant}");
        }
    }
}

#[test]
fn rules_10_1_hole_cards_are_the_variants_count() {
    let (a, b) = (cards("As Ad Kc Kd"), cards("Qs Qd Jc"));
    assert_eq!(
        enumerate_one_pot(VariantId::Omaha, &[&a, &b], &[], &[]),
        Err(EquityError::Refused(EquityRefusal::HoleCards {
            player: 1,
            variant: VariantId::Omaha,
            want: 4,
            got: 3
        }))
    );
    assert_eq!(
        enumerate_one_pot(VariantId::Omaha5, &[&a, &b], &[], &[]),
        Err(EquityError::Refused(EquityRefusal::HoleCards {
            player: 0,
            variant: VariantId::Omaha5,
            want: 5,
            got: 4
        }))
    );
}

#[test]
fn rules_10_2_runouts_are_every_completion_of_the_board() {
    let (a, b) = (cards("Ah Kh"), cards("Qs Qd"));
    let n = |board: &str, dead: &str| {
        enumerate_one_pot(VariantId::Holdem, &[&a, &b], &cards(board), &cards(dead))
            .map(|e| e.runouts)
    };
    assert_eq!(n("", ""), Ok(1_712_304)); // C(48, 5)
    assert_eq!(n("Qh 7h 2c", ""), Ok(990)); // C(45, 2)
    assert_eq!(n("Qh 7h 2c 3d", ""), Ok(44));
    assert_eq!(n("Qh 7h 2c", "3d 4d"), Ok(903)); // dead cards leave the deck
    for bad in ["Qh", "Qh 7h", "Qh 7h 2c 3d 4d"] {
        let len = cards(bad).len();
        let refused = EquityError::Refused(EquityRefusal::BoardCards(len));
        assert_eq!(n(bad, ""), Err(refused), "{bad}");
    }
    // No pot: the runouts are still counted.
    let e = enumerate(VariantId::Holdem, &[&a, &b], &cards("Qh 7h 2c"), &[], &[]).unwrap();
    assert_eq!((e.runouts, e.pots.len()), (990, 0));
    // Short deck: 36 cards, less the four held: C(32, 5).
    let e = enumerate_one_pot(VariantId::ShortDeck, &[&a, &b], &[], &[]).unwrap();
    assert_eq!(e.runouts, 201_376);
}

#[test]
fn rules_10_2_known_cards_once_and_in_the_deck() {
    let (a, b) = (cards("Ah Kh"), cards("Qs 5d"));
    assert_eq!(
        enumerate_one_pot(VariantId::ShortDeck, &[&a, &b], &[], &[]),
        Err(EquityError::NotInDeck {
            card: "5d".parse().unwrap(),
            at: CardAt::Hand {
                player: 1,
                index: 1
            }
        })
    );
    assert_eq!(
        enumerate_one_pot(VariantId::Holdem, &[&a, &b], &cards("2c 3c Kh"), &[]),
        Err(EquityError::Duplicate {
            card: "Kh".parse().unwrap(),
            first: CardAt::Hand {
                player: 0,
                index: 1
            },
            second: CardAt::Board { index: 2 }
        })
    );
    assert_eq!(
        enumerate_one_pot(VariantId::Holdem, &[&a, &b], &[], &cards("2c 2c")),
        Err(EquityError::Duplicate {
            card: "2c".parse().unwrap(),
            first: CardAt::Dead { index: 0 },
            second: CardAt::Dead { index: 1 }
        })
    );
}

#[test]
fn rules_10_2_players_and_pots_are_checked() {
    let (a, b) = (cards("Ah Kh"), cards("Qs Qd"));
    assert_eq!(
        enumerate_one_pot(VariantId::Holdem, &[&a], &[], &[]),
        Err(EquityError::TooFewPlayers(1))
    );
    let many: Vec<Vec<Card>> = (0..11u8)
        .map(|p| vec![Card::from_index(2 * p), Card::from_index(2 * p + 1)])
        .collect();
    let refs: Vec<&[Card]> = many.iter().map(|h| h.as_slice()).collect();
    assert_eq!(
        enumerate_one_pot(VariantId::Holdem, &refs, &[], &[]),
        Err(EquityError::TooManyPlayers { max: 10, got: 11 })
    );
    // Eight Omaha-6 hands and a turn leave no card for the river.
    let six: Vec<Vec<Card>> = (0..8u8)
        .map(|p| (0..6).map(|i| Card::from_index(6 * p + i)).collect())
        .collect();
    let refs: Vec<&[Card]> = six.iter().map(|h| h.as_slice()).collect();
    let turn: Vec<Card> = (48..52).map(Card::from_index).collect();
    assert_eq!(
        enumerate_one_pot(VariantId::Omaha6, &refs, &turn, &[]),
        Err(EquityError::Refused(EquityRefusal::DeckRunsOut {
            known: 52,
            size: 52,
            need: 1
        }))
    );
    let pots = |p: &[PotMask]| enumerate(VariantId::Holdem, &[&a, &b], &[], &[], p);
    assert_eq!(
        pots(&[PotMask::all(2), PotMask(0)]),
        Err(EquityError::EmptyPot { pot: 1 })
    );
    assert_eq!(
        pots(&[PotMask(0b101)]),
        Err(EquityError::PotPlayer { pot: 0, player: 2 })
    );
}

/// The shares of one complete board (every other card dead).
fn one_runout(variant: VariantId, hands: &[&str], board: &str, pots: &[PotMask]) -> Vec<Vec<u64>> {
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    let refs: Vec<&[Card]> = hands.iter().map(|h| h.as_slice()).collect();
    let full = cards(board);
    let dead: Vec<Card> = (0..52)
        .map(Card::from_index)
        .filter(|c| !full.contains(c) && !hands.iter().flatten().any(|h| h == c))
        .collect();
    let e = enumerate(variant, &refs, &full[..4], &dead, pots).unwrap();
    assert_eq!(e.runouts, 1);
    e.pots
        .iter()
        .map(|p| p.players.iter().map(|x| x.share_units).collect())
        .collect()
}

#[test]
fn rules_10_3_shares_of_a_runout_high_low_and_ties() {
    let all3 = [PotMask::all(3)];
    // High only, a three-way tie on the board's straight.
    assert_eq!(
        one_runout(
            VariantId::Holdem,
            &["2c 3d", "2d 3h", "2h 4s"],
            "Ts Jd Qh Kc Ac",
            &all3
        ),
        vec![vec![D / 3; 3]]
    );
    // Hi-lo, quartered: A has the high (a flush) and shares the wheel with B.
    assert_eq!(
        one_runout(
            VariantId::OmahaHiLo,
            &["Ah 2h Kc Kd", "Ad 2d 9s 9c", "Qs Qd Js Jd"],
            "3h 4h 5c Kh Qc",
            &all3
        ),
        vec![vec![D / 2 + D / 4, D / 4, 0]]
    );
    // Hi-lo: quads take the high half, the wheel the low half.
    assert_eq!(
        one_runout(
            VariantId::OmahaHiLo,
            &["Kd Kh 9s 9c", "Ad 2d Js Jc"],
            "3h 4d 5c Ks Kc",
            &[PotMask::all(2)]
        ),
        vec![vec![D / 2, D / 2]]
    );
    // Hi-lo without a qualifying low: the high takes all.
    assert_eq!(
        one_runout(
            VariantId::OmahaHiLo,
            &["Kd Kh 9s 9c", "Ad 2d 3s 3c"],
            "Th 9d 5c Ks Qc",
            &[PotMask::all(2)]
        ),
        vec![vec![D, 0]]
    );
}
