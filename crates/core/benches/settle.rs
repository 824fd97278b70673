//! Settling random 6-max and 9-max hands with side pots (issue 2).
//!
//! Each batch is 1,024 hands pre-generated from a fixed seed: random stacks,
//! a few early folds (their chips stay in the pots), everyone else
//! putting in the same bet capped by their stack, so the short stacks are
//! all-in and make side pots. Hand values are drawn from a small range so
//! ties (and odd chips) are common. `9-max-raked` settles the 9-max hands
//! with a 5 % rake, a cap ladder by players dealt and a jackpot drop
//! (RULES.md §8). The `settle_boards` group settles the same kind of hands
//! on 1, 2 and 3 boards (RULES.md §9), each board with its own random hand
//! values. Run: `cargo bench -p showdown-core`; the figures are in
//! `benches/README.md` and `benches/BOARDS.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use showdown_core::{
    settle, settle_boards, settle_with_house, Attribution, Cap, CapStep, HandInput, HandStrength,
    Hands, HouseTake, Jackpot, OddChipOrder, PlayerInput, Rake, Rounding, Spread,
};

const BATCH: usize = 1_024;

fn random_hand(rng: &mut ChaCha8Rng, seats: u32, split_game: bool) -> HandInput {
    let bet = rng.random_range(200..8_000u64);
    let mut players: Vec<PlayerInput> = (1..=seats)
        .map(|seat| {
            let stack = rng.random_range(100..10_000u64);
            let folded = rng.random_bool(0.3);
            let committed = if folded {
                rng.random_range(0..=stack.min(bet / 2))
            } else {
                stack.min(bet)
            };
            let strength = |rng: &mut ChaCha8Rng| HandStrength {
                value: rng.random_range(0..12),
                chip_key: rng.random(),
            };
            let high = strength(rng);
            let low = (split_game && rng.random_bool(0.6)).then(|| strength(rng));
            PlayerInput {
                seat,
                stack,
                committed,
                dead: 0,
                folded,
                hands: (!folded).then_some(Hands { high, low }),
            }
        })
        .collect();
    // Keep it a possible hand: somebody live, holding any uncalled bet.
    let top = players.iter().map(|p| p.committed).max().unwrap_or(0);
    for p in players.iter_mut().filter(|p| p.committed == top).take(1) {
        p.folded = false;
        p.hands.get_or_insert(Hands {
            high: HandStrength {
                value: 0,
                chip_key: 0,
            },
            low: None,
        });
    }
    let button_seat = rng.random_range(1..=seats);
    HandInput {
        players,
        chip_unit: 1,
        dead_money: 0,
        order: OddChipOrder::Button { button_seat },
        split_game,
    }
}

fn bench_settle(c: &mut Criterion) {
    let mut group = c.benchmark_group("settle");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, seats, split_game) in [
        ("6-max", 6, false),
        ("9-max", 9, false),
        ("9-max-hi-lo", 9, true),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed ^ u64::from(seats));
        let hands: Vec<HandInput> = (0..BATCH)
            .map(|_| random_hand(&mut rng, seats, split_game))
            .collect();
        let side_pots = hands
            .iter()
            .map(|h| settle(h).map_or(0, |s| s.pots.len().saturating_sub(1)))
            .sum::<usize>();
        eprintln!("{name}: {BATCH} hands, {side_pots} side pots in all");
        group.bench_with_input(BenchmarkId::from_parameter(name), &hands, |b, hands| {
            b.iter(|| {
                for h in hands {
                    let _ = black_box(settle(black_box(h)));
                }
            })
        });
    }
    // The same 9-max hands, raked: what the house's take adds to a hand.
    let house = HouseTake {
        rake: Some(Rake {
            percent_bp: 500,
            cap: Cap::ByPlayersDealt(vec![
                CapStep {
                    min_players: 2,
                    cap: 100,
                },
                CapStep {
                    min_players: 5,
                    cap: 300,
                },
            ]),
            players_dealt: None,
            rounding: Rounding::HalfEven,
            spread: Spread::Proportional,
            no_flop_no_drop: true,
            attribution: Attribution::WeightedContributed,
        }),
        jackpot: Some(Jackpot {
            amount: 100,
            min_pot: 2_000,
            no_flop_no_drop: true,
        }),
        flop_seen: true,
    };
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed ^ 9);
    let hands: Vec<HandInput> = (0..BATCH)
        .map(|_| random_hand(&mut rng, 9, false))
        .collect();
    group.bench_with_input(
        BenchmarkId::from_parameter("9-max-raked"),
        &hands,
        |b, hands| {
            b.iter(|| {
                for h in hands {
                    let _ = black_box(settle_with_house(black_box(h), black_box(&house)));
                }
            })
        },
    );
    group.finish();
}

/// Each live player's hands on `boards - 1` more boards, drawn like board 1's.
fn more_boards(rng: &mut ChaCha8Rng, hand: &HandInput, boards: usize) -> Vec<Vec<Option<Hands>>> {
    (1..boards)
        .map(|_| {
            hand.players
                .iter()
                .map(|p| {
                    p.hands.map(|h| Hands {
                        high: HandStrength {
                            value: rng.random_range(0..12),
                            chip_key: 0,
                        },
                        low: h.low.map(|_| HandStrength {
                            value: rng.random_range(0..12),
                            chip_key: 0,
                        }),
                    })
                })
                .collect()
        })
        .collect()
}

fn bench_boards(c: &mut Criterion) {
    let mut group = c.benchmark_group("settle_boards");
    group.throughput(Throughput::Elements(BATCH as u64));
    for (name, seats, split_game) in [("6-max", 6, false), ("9-max-hi-lo", 9, true)] {
        for boards in 1..=3usize {
            let mut rng = ChaCha8Rng::seed_from_u64(0xb0a2d ^ u64::from(seats));
            let hands: Vec<(HandInput, Vec<Vec<Option<Hands>>>)> = (0..BATCH)
                .map(|_| {
                    let h = random_hand(&mut rng, seats, split_game);
                    let more = more_boards(&mut rng, &h, boards);
                    (h, more)
                })
                .collect();
            let id = BenchmarkId::new(name, format!("{boards}-boards"));
            group.bench_with_input(id, &hands, |b, hands| {
                b.iter(|| {
                    for (h, more) in hands {
                        let _ = black_box(settle_boards(black_box(h), black_box(more)));
                    }
                })
            });
        }
    }
    group.finish();
}

criterion_group!(benches, bench_settle, bench_boards);
criterion_main!(benches);
