//! RULES.md §10, rule by rule, and its worked examples.

use showdown_cards::{Card, VariantId};
use showdown_equity::{enumerate, enumerate_one_pot, PotMask};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

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

#[test]
fn worked_example_10_3_side_pot() {
    let (a, b, c) = (cards("As Ad"), cards("Ks Kd"), cards("9c 8c"));
    let pots = [PotMask::of(&[0, 1, 2]), PotMask::of(&[1, 2])];
    let e = enumerate(
        VariantId::Holdem,
        &[&a, &b, &c],
        &cards("7c 6c 2h"),
        &[],
        &pots,
    )
    .unwrap();
    assert_eq!(e.runouts, 903);
    assert_eq!(e.fraction(0, 2), (4, 7));
    assert_eq!(e.fraction(1, 2), (527, 903));
    assert_eq!(
        e.pots[1].players[0].share_units, 0,
        "A is not in the side pot"
    );
}
