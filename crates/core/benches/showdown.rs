//! What RULES.md §15 adds to settling a hand: 1,024 random 9-player
//! showdowns (fixed seed), each with three players all in at three
//! different heights, so the hand has a main pot and three side pots.
//! `settle` times the settlement alone; `showdown` who shows on the
//! hands settled beforehand; `settle+showdown` the same settlement and
//! then who shows, in what order, and who mucks, as an
//! ordinary showdown (`faceUp: bettingOver`, six players still betting)
//! from a last aggressor, so every hand is judged pot by pot. Run with
//! the `bench` feature; the figures are in `benches/README.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use showdown_core::{
    settle, showdown, FaceUp, HandInput, HandStrength, Hands, OddChipOrder, PlayerInput,
    ShowdownHand, ShowdownTerms,
};

const BATCH: usize = 1_024;

/// Nine live players: seats 1 to 3 all in for 100, 200 and 300 (in a
/// random order of seats), the other six putting in 1,000 of 5,000.
fn random_hand(rng: &mut ChaCha8Rng) -> HandInput {
    let mut short = [100u64, 200, 300];
    for i in (1..short.len()).rev() {
        short.swap(i, rng.random_range(0..=i));
    }
    let players = (1..=9u32)
        .map(|seat| {
            let (stack, committed) = match short.get(seat as usize - 1) {
                Some(&s) => (s, s),
                None => (5_000, 1_000),
            };
            PlayerInput {
                seat,
                stack,
                committed,
                dead: 0,
                folded: false,
                hands: Some(Hands {
                    high: HandStrength {
                        value: rng.random_range(0..1_000),
                        chip_key: 0,
                    },
                    low: None,
                }),
            }
        })
        .collect();
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button {
            button_seat: rng.random_range(1..=9),
        },
        split_game: false,
    }
}

fn bench_showdown(c: &mut Criterion) {
    let mut group = c.benchmark_group("showdown");
    group.throughput(Throughput::Elements(BATCH as u64));
    let mut rng = ChaCha8Rng::seed_from_u64(0x5d0e);
    let hands: Vec<(HandInput, ShowdownTerms)> = (0..BATCH)
        .map(|_| {
            let h = random_hand(&mut rng);
            let terms = ShowdownTerms {
                last_aggressor: Some(rng.random_range(3..9)),
                face_up: FaceUp::BettingOver,
                ..ShowdownTerms::default()
            };
            (h, terms)
        })
        .collect();
    let pots: usize = hands
        .iter()
        .map(|(h, _)| settle(h).map_or(0, |s| s.pots.len()))
        .sum();
    eprintln!("{BATCH} hands, {pots} pots in all");
    let shows = [false; 9];
    let id = BenchmarkId::new("9-max-3-side-pots", "settle");
    group.bench_with_input(id, &hands, |b, hands| {
        b.iter(|| {
            for (h, _) in hands {
                let _ = black_box(settle(black_box(h)));
            }
        })
    });
    // The showdown alone, on hands settled beforehand.
    let settled: Vec<Vec<showdown_core::Pot>> = hands
        .iter()
        .map(|(h, _)| settle(h).map(|s| s.pots).unwrap_or_default())
        .collect();
    let id = BenchmarkId::new("9-max-3-side-pots", "showdown");
    group.bench_with_input(id, &hands, |b, hands| {
        b.iter(|| {
            for ((h, terms), pots) in hands.iter().zip(&settled) {
                let hand = ShowdownHand {
                    input: h,
                    more_boards: &[],
                    pots,
                    shows: &shows,
                    showing: None,
                };
                let _ = black_box(showdown(black_box(&hand), black_box(terms)));
            }
        })
    });
    let id = BenchmarkId::new("9-max-3-side-pots", "settle+showdown");
    group.bench_with_input(id, &hands, |b, hands| {
        b.iter(|| {
            for (h, terms) in hands {
                let Ok(s) = settle(black_box(h)) else {
                    continue;
                };
                let hand = ShowdownHand {
                    input: h,
                    more_boards: &[],
                    pots: &s.pots,
                    shows: &shows,
                    showing: None,
                };
                let _ = black_box(showdown(&hand, black_box(terms)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_showdown);
criterion_main!(benches);
