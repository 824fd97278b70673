//! Exhaustive checks of the high evaluator against the known counts of
//! every five-card and every seven-card hand.

use std::collections::HashSet;

use showdown_cards::{high_rank, high_value, high_value_7, high_values_7, Card, HandKey};

const FIVE_CARD_COUNTS: [u64; 10] = [
    1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 36, 4,
];
const SEVEN_CARD_COUNTS: [u64; 10] = [
    23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848,
    37_260, 4_324,
];

/// API type (0 high card … 9 royal flush) of a packed high value.
fn category(v: u32) -> usize {
    let slot = (v >> 26) as usize;
    if slot == 8 && v & 0x1FFF == 1 << 12 {
        9
    } else {
        slot
    }
}

fn deck() -> Vec<Card> {
    (0..52).map(Card::from_index).collect()
}

#[test]
fn all_2_598_960_five_card_hands_have_the_known_category_counts_and_7462_values() {
    let d = deck();
    let mut counts = [0u64; 10];
    let mut values = HashSet::new();
    let mut hand = [d[0]; 5];
    for a in 0..52 {
        hand[0] = d[a];
        for b in a + 1..52 {
            hand[1] = d[b];
            for c in b + 1..52 {
                hand[2] = d[c];
                for e in c + 1..52 {
                    hand[3] = d[e];
                    for &card in &d[e + 1..] {
                        hand[4] = card;
                        let v = high_value(&hand);
                        counts[category(v)] += 1;
                        values.insert(v);
                    }
                }
            }
        }
    }
    assert_eq!(counts, FIVE_CARD_COUNTS);
    assert_eq!(
        counts[8] + counts[9],
        40,
        "40 straight flushes, royals included"
    );
    assert_eq!(values.len(), 7462);
    let royal = high_rank(&["As", "Ks", "Qs", "Js", "Ts"].map(|s| s.parse().unwrap()));
    assert_eq!(royal.category, 9);
}

/// Seven-card counts over two threads (`make exhaustive`, release mode).
#[test]
#[ignore = "133,784,560 hands: run in release with `make exhaustive`"]
fn all_133_784_560_seven_card_hands_have_the_known_category_counts() {
    let d = deck();
    // Also checks, on every hand, that the fixed-size path, the grouped
    // path (groups of 8 consecutive hands) and a key summed card by card
    // (`HandKey`, the path `high_value` takes for other lengths) give
    // `high_value`'s value.
    let work = |first: Vec<usize>| {
        let mut counts = [0u64; 10];
        let mut mismatches = 0u64;
        let mut group = [[d[0]; 7]; 8];
        let mut values = [0u32; 8];
        let mut n = 0;
        let mut h = [d[0]; 7];
        for a in first {
            h[0] = d[a];
            for b in a + 1..52 {
                h[1] = d[b];
                for c in b + 1..52 {
                    h[2] = d[c];
                    for e in c + 1..52 {
                        h[3] = d[e];
                        for f in e + 1..52 {
                            h[4] = d[f];
                            for g in f + 1..52 {
                                h[5] = d[g];
                                for &card in &d[g + 1..] {
                                    h[6] = card;
                                    let v = high_value(&h);
                                    counts[category(v)] += 1;
                                    mismatches += u64::from(high_value_7(&h) != v);
                                    mismatches +=
                                        u64::from(HandKey::from_cards(&h).high_value() != v);
                                    (group[n], values[n]) = (h, v);
                                    n += 1;
                                    if n == 8 {
                                        mismatches += u64::from(high_values_7(&group) != values);
                                        n = 0;
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        (counts, mismatches)
    };
    // Alternate first cards between the threads: low first cards carry most hands.
    let (even, odd): (Vec<usize>, Vec<usize>) = (0..46).partition(|a| a % 2 == 0);
    let (c0, c1) = std::thread::scope(|s| {
        let t0 = s.spawn(|| work(even));
        let t1 = s.spawn(|| work(odd));
        (t0.join().unwrap(), t1.join().unwrap())
    });
    assert_eq!(
        c0.1 + c1.1,
        0,
        "high_value_7, high_values_7 or HandKey disagree"
    );
    let counts: Vec<u64> = c0.0.iter().zip(c1.0.iter()).map(|(x, y)| x + y).collect();
    println!("seven-card category counts: {counts:?}");
    assert_eq!(counts, SEVEN_CARD_COUNTS);
    assert_eq!(counts[8] + counts[9], 41_584);
    assert_eq!(counts.iter().sum::<u64>(), 133_784_560);
}
