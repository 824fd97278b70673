//! What RULES.md §15 adds to settling a hand: batches of 1,024 random
//! 9-player showdowns, each with three players all in at three different
//! heights, so the hand has a main pot and three side pots. Every timed
//! batch is drawn anew (from one fixed seed), outside the time.
//! `settle` times the settlement alone; `showdown` who shows on the
//! hands settled beforehand; `settle+showdown` the same settlement and
//! then who shows, in what order, and who mucks, as an ordinary showdown
//! (`faceUp: bettingOver`, six players still betting) from a last
//! aggressor, so every hand is judged pot by pot. The answer goes to a
//! buffer on the stack (`showdown_into`). Run with the `bench` feature;
//! the figures are in `benches/README.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use showdown_core::{
    settle, showdown_into, FaceUp, HandInput, HandStrength, Hands, OddChipOrder, PlayerInput, Pot,
    ShowEntry, ShowdownHand, ShowdownTerms,
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

/// A batch of hands with the terms they are shown under.
type Batch = Vec<(HandInput, ShowdownTerms)>;

/// `BATCH` hands never drawn before: a batch is drawn anew for every
/// timed run (outside the time), so that no branch predictor can learn
/// the hands by heart, which it did with one batch drawn once and run
/// over and over (settling alone then ran faster than settling before a
/// showdown). A server never sees the same hand twice either.
fn draw(rng: &mut ChaCha8Rng) -> Batch {
    (0..BATCH)
        .map(|_| {
            let h = random_hand(rng);
            let terms = ShowdownTerms {
                last_aggressor: Some(rng.random_range(3..9)),
                face_up: FaceUp::BettingOver,
                ..ShowdownTerms::default()
            };
            (h, terms)
        })
        .collect()
}

/// The settlement's pots of each hand of a batch.
fn pots_of(batch: &Batch) -> Vec<Vec<Pot>> {
    batch
        .iter()
        .map(|(h, _)| settle(h).map(|s| s.pots).unwrap_or_default())
        .collect()
}

fn bench_showdown(c: &mut Criterion) {
    let mut group = c.benchmark_group("showdown");
    group.throughput(Throughput::Elements(BATCH as u64));
    let mut rng = ChaCha8Rng::seed_from_u64(0x5d0e);
    let pots: usize = pots_of(&draw(&mut rng)).iter().map(Vec::len).sum();
    eprintln!("{BATCH} hands, {pots} pots in all");
    let shows = [false; 9];
    let id = BenchmarkId::new("9-max-3-side-pots", "settle");
    group.bench_function(id, |b| {
        b.iter_batched_ref(
            || draw(&mut rng),
            |hands| {
                for (h, _) in hands.iter() {
                    let _ = black_box(settle(black_box(h)));
                }
            },
            BatchSize::PerIteration,
        )
    });
    // The showdown alone, on hands settled beforehand.
    let id = BenchmarkId::new("9-max-3-side-pots", "showdown");
    group.bench_function(id, |b| {
        b.iter_batched_ref(
            || {
                let hands = draw(&mut rng);
                let pots = pots_of(&hands);
                (hands, pots)
            },
            |(hands, settled)| {
                for ((h, terms), pots) in hands.iter().zip(settled.iter()) {
                    let hand = ShowdownHand {
                        input: h,
                        more_boards: &[],
                        pots,
                        shows: &shows,
                        jackpot: &[],
                        showing: None,
                    };
                    let mut entries = [ShowEntry::UNDECIDED; 9];
                    let live = showdown_into(black_box(&hand), black_box(terms), &mut entries);
                    let _ = black_box((&entries, live));
                }
            },
            BatchSize::PerIteration,
        )
    });
    let id = BenchmarkId::new("9-max-3-side-pots", "settle+showdown");
    group.bench_function(id, |b| {
        b.iter_batched_ref(
            || draw(&mut rng),
            |hands| {
                for (h, terms) in hands.iter() {
                    let Ok(s) = settle(black_box(h)) else {
                        continue;
                    };
                    let hand = ShowdownHand {
                        input: h,
                        more_boards: &[],
                        pots: &s.pots,
                        shows: &shows,
                        jackpot: &[],
                        showing: None,
                    };
                    let mut entries = [ShowEntry::UNDECIDED; 9];
                    let live = showdown_into(&hand, black_box(terms), &mut entries);
                    let _ = black_box((&entries, live));
                }
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

criterion_group!(benches, bench_showdown);
criterion_main!(benches);
