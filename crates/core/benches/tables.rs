//! Between hands (RULES.md §13): `between_hands` on the largest request
//! §13.8 allows and on a typical 20-table tournament, and one `next_hand`.
//!
//! The largest request is 1,000 tables and 10,000 players, tables of up to
//! 23 seats. A table breaks (§13.7) as soon as every player fits in the
//! seats of the other tables, so a state of that size that balances rather
//! than breaks has fewer empty seats than its last table has seats (at
//! most 22), and each empty seat is filled at most once: no request makes
//! more than 22 moves. `largest-balance` makes all 22: 23 full 23-seat
//! tables (the last table among them), 22 tables of 9 seats with 8
//! players, the rest full tables of 9 and 10 seats. `largest-break` is
//! 1,000 tables of 23 seats with 10 players each: the last breaks and its
//! players are listed with the 12,987 empty seats of the others.
//!
//! The typical case is 20 tables of 9 seats: 173 players (a few short
//! tables, a few moves) and 150 players (the last table breaks).
//!
//! Run: `cargo bench -p showdown-core --bench tables --profile dist`; the
//! figures are in `benches/README.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use showdown_core::{
    between_hands, next_hand, Balancing, ButtonRule, HandPlayed, Seated, Table, TablePlayer,
    MAX_SEATS,
};

/// A table of `seats` seats with players in seats 1 ..= `players`, ids
/// from `*next_id`, whose last hand's blinds sit somewhere that depends on
/// `k` so the tables do not all look alike.
fn table(seats: u32, players: u32, k: u32, next_id: &mut usize) -> Table {
    let d = k % players.max(1) + 1;
    let s = d % seats + 1;
    let b = s % seats + 1;
    Table {
        seats,
        hand: HandPlayed {
            button: Some(d),
            small_blind: s,
            big_blind: b,
        }
        .into(),
        players: (1..=players)
            .map(|seat| {
                *next_id += 1;
                TablePlayer {
                    id: *next_id,
                    seat,
                    arrived: false,
                }
            })
            .collect(),
    }
}

/// 1,000 tables, 10,000 players, 9,999 seats at all but the last table:
/// 22 moves, from the 23-seat tables to the 9-seat tables of 8.
fn largest_balance() -> Vec<Table> {
    let mut id = 0;
    let (mut tens, mut nines) = (700, 255);
    let mut tables: Vec<Table> = (0..999u32)
        .map(|k| {
            // 22 full 23-seat tables and 22 short 9-seat tables spread
            // over the request's order; the rest full tables of 10 and 9.
            let (seats, players) = if k % 45 == 0 && k / 45 < 22 {
                (23, 23)
            } else if k % 45 == 20 && k / 45 < 22 {
                (9, 8)
            } else if tens > 0 && (k % 3 != 0 || nines == 0) {
                tens -= 1;
                (10, 10)
            } else {
                nines -= 1;
                (9, 9)
            };
            table(seats, players, k, &mut id)
        })
        .collect();
    tables.push(table(23, 23, 999, &mut id));
    tables
}

/// 1,000 tables of 23 seats with 10 players each: the last breaks.
fn largest_break() -> Vec<Table> {
    let mut id = 0;
    (0..1_000).map(|k| table(23, 10, k, &mut id)).collect()
}

/// 20 tables of 9 seats, full but for tables 3, 10 and 17, which have
/// `short` players.
fn twenty(short: [u32; 3]) -> Vec<Table> {
    let mut id = 0;
    (0..20u32)
        .map(|k| {
            let n = if k % 7 == 3 {
                short[(k / 7) as usize]
            } else {
                9
            };
            table(9, n, k, &mut id)
        })
        .collect()
}

fn bench_tables(c: &mut Criterion) {
    let terms = Balancing::default();
    let balance = largest_balance();
    let broken = largest_break();
    // 20 tables of 9: three short tables (6, 7, 8 players), 174 players.
    let typical = twenty([6, 7, 8]);
    // 20 tables of 9 with 150 players: the last breaks.
    let mut id = 0;
    let typical_break: Vec<Table> = (0..20u32)
        .map(|k| table(9, if k < 10 { 8 } else { 7 }, k, &mut id))
        .collect();

    let cases = [
        ("largest-balance", &balance),
        ("largest-break", &broken),
        ("typical-balance", &typical),
        ("typical-break", &typical_break),
    ];
    for (name, tables) in cases {
        let players: usize = tables.iter().map(|t| t.players.len()).sum();
        // Within RULES.md §13.8's limits.
        assert!(tables.len() <= 1_000 && players <= 10_000, "{name}");
        assert!(tables.iter().all(|t| (2..=MAX_SEATS).contains(&t.seats)));
        let out = between_hands(tables, &terms);
        eprintln!(
            "{name}: {} tables, {players} players, {} moves, breaking {}",
            tables.len(),
            out.moves.len(),
            out.breaking.as_ref().map_or(0, |b| b.open_seats.len()),
        );
        assert_eq!(out.breaking.is_some(), name.ends_with("break"), "{name}");
        assert!(out.breaking.is_some() || !out.moves.is_empty(), "{name}");
    }

    let mut group = c.benchmark_group("between_hands");
    for (name, tables) in cases {
        group.bench_with_input(BenchmarkId::from_parameter(name), tables, |b, tables| {
            b.iter(|| between_hands(black_box(tables), black_box(&terms)))
        });
    }
    group.finish();

    // One table of 9 after a hand with button 6, small blind 1, big blind
    // 2, in which the big blind busted (RULES.md example 13.3 / 13.9).
    let hand = HandPlayed {
        button: Some(6),
        small_blind: 1,
        big_blind: 2,
    };
    let players: Vec<Seated> = [1, 3, 4, 5, 6, 8, 9]
        .iter()
        .map(|&seat| Seated {
            seat,
            arrived: seat == 8,
        })
        .collect();
    let mut group = c.benchmark_group("next_hand");
    for rule in [ButtonRule::Dead, ButtonRule::Forward] {
        let id = BenchmarkId::from_parameter(format!("{rule:?}").to_lowercase());
        group.bench_with_input(id, &players, |b, players| {
            b.iter(|| next_hand(black_box(&hand), black_box(players), rule))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_tables);
criterion_main!(benches);
