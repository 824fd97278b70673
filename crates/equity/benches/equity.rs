//! The equity engine on the spots OMPEval's `EquityCalculator` was timed on
//! (exact enumeration, one thread; README.md has both sets of figures) and
//! on the Omaha targets; and a main pot with a side pot, as the cash-out
//! asks. Heads-up preflop hold'em and short deck are answered from the
//! table; their `/walk` cases time the enumeration the table replaces.
//!
//! `cargo bench -p showdown-equity --profile dist --bench equity`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use showdown_cards::{Card, VariantId};
use showdown_equity::{enumerate, enumerate_by_walk, enumerate_one_pot, PotMask};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(|c| c.parse().unwrap()).collect()
}

/// (name, variant, hands, board)
const SPOTS: [(&str, VariantId, &[&str], &str); 8] = [
    (
        "holdem/AhKh-QsQd/preflop",
        VariantId::Holdem,
        &["Ah Kh", "Qs Qd"],
        "",
    ),
    (
        "holdem/AhKh-QsQd-7c8c/preflop",
        VariantId::Holdem,
        &["Ah Kh", "Qs Qd", "7c 8c"],
        "",
    ),
    (
        "holdem/six-way/preflop",
        VariantId::Holdem,
        &["Ah Kh", "Qs Qd", "7c 8c", "2d 2c", "Js Ts", "9h 9d"],
        "",
    ),
    (
        "holdem/AhKh-QsQd/Qh7h2c",
        VariantId::Holdem,
        &["Ah Kh", "Qs Qd"],
        "Qh 7h 2c",
    ),
    (
        "holdem/AhKh-QsQd-7c8c/Qh7h2c",
        VariantId::Holdem,
        &["Ah Kh", "Qs Qd", "7c 8c"],
        "Qh 7h 2c",
    ),
    (
        // Three suits in which someone holds two: few boards fold together.
        "omaha/heads-up/preflop",
        VariantId::Omaha,
        &["As Ks Jh Th", "Qs Qh 9d 8d"],
        "",
    ),
    (
        "omaha-hi-lo/heads-up/preflop",
        VariantId::OmahaHiLo,
        &["Ah 2h 3c Kd", "As Ks 5d 4d"],
        "",
    ),
    (
        "omaha/six-way/flop",
        VariantId::Omaha,
        &[
            "As Ah Kd Qc",
            "Jd Tc 9s 8s",
            "7h 6h 5c 4c",
            "Ks Kc 2d 3d",
            "Qs Jh Td 9c",
            "8d 7d 6s 5s",
        ],
        "Ac 7c 2h",
    ),
];

fn bench(c: &mut Criterion) {
    showdown_equity::build_tables();
    let mut g = c.benchmark_group("equity");
    g.sample_size(20);
    for (name, variant, hands, board) in SPOTS {
        let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
        let refs: Vec<&[Card]> = hands.iter().map(|h| h.as_slice()).collect();
        let board = cards(board);
        let e = enumerate_one_pot(variant, &refs, &board, &[]).unwrap();
        eprintln!(
            "{name}: {} runouts, {:?}",
            e.runouts,
            (0..refs.len())
                .map(|i| e.fraction(0, i))
                .collect::<Vec<_>>()
        );
        g.bench_function(name, |b| {
            b.iter(|| enumerate_one_pot(variant, black_box(&refs), black_box(&board), &[]).unwrap())
        });
    }
    // The heads-up table against the walk it replaces, both games.
    for (name, variant, a, b) in [
        (
            "holdem/AhKh-QsQd/preflop",
            VariantId::Holdem,
            "Ah Kh",
            "Qs Qd",
        ),
        (
            "short-deck/AhKh-QsQd/preflop",
            VariantId::ShortDeck,
            "Ah Kh",
            "Qs Qd",
        ),
    ] {
        let (a, b) = (cards(a), cards(b));
        let refs = [a.as_slice(), b.as_slice()];
        let pots = [PotMask::all(2)];
        assert_eq!(
            enumerate(variant, &refs, &[], &[], &pots),
            enumerate_by_walk(variant, &refs, &[], &[], &pots)
        );
        if variant == VariantId::ShortDeck {
            g.bench_function(name, |b| {
                b.iter(|| enumerate(variant, black_box(&refs), &[], &[], &pots).unwrap())
            });
        }
        g.bench_function(format!("{name}/walk"), |b| {
            b.iter(|| enumerate_by_walk(variant, black_box(&refs), &[], &[], &pots).unwrap())
        });
    }
    // The cash-out's shape: a main pot and a side pot without player 0.
    let hands: Vec<Vec<Card>> = ["Ah Kh", "Qs Qd", "7c 8c"]
        .iter()
        .map(|h| cards(h))
        .collect();
    let refs: Vec<&[Card]> = hands.iter().map(|h| h.as_slice()).collect();
    let pots = [PotMask::all(3), PotMask::of(&[1, 2])];
    g.bench_function("holdem/AhKh-QsQd-7c8c/preflop/main-and-side-pot", |b| {
        b.iter(|| enumerate(VariantId::Holdem, black_box(&refs), &[], &[], &pots).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
