//! Final-table deals (RULES.md §14.5-14.7): ICM at 10 and at 20 players
//! with distinct stacks and every place paid (2^20 sets of finishers, the
//! most §14.6 allows), the 20-player deal of issue 57 that 127 bits cannot
//! place (the wide interval and the residues decide it), and a chip chop
//! of 10,000 players.
//!
//! Run: `cargo bench -p showdown-core --bench deal --profile dist`; the
//! figures are in `benches/README.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use showdown_core::{deal, DealMethod, DealTerms};

/// `n` distinct stacks (a spread like a final table's: the leader about
/// ten times the short stack) and a prize table paying every place.
fn final_table(n: usize) -> (Vec<u64>, Vec<u64>) {
    let stacks = (0..n as u64)
        .map(|i| 1_000_000 + 9_000_000 * (n as u64 - i) / n as u64 + 37 * i)
        .collect();
    let prizes = (0..n as u64)
        .map(|j| 100_000_000 / (j + 1) / 100 * 100)
        .collect();
    (stacks, prizes)
}

fn icm(c: &mut Criterion) {
    let mut group = c.benchmark_group("deal/icm");
    group.sample_size(10);
    for n in [10, 20] {
        let (stacks, prizes) = final_table(n);
        let terms = DealTerms {
            method: DealMethod::Icm,
            prizes,
            unit: 1,
            set_aside: 0,
        };
        group.bench_with_input(BenchmarkId::from_parameter(n), &stacks, |b, stacks| {
            b.iter(|| deal(black_box(stacks), black_box(&terms)))
        });
    }
    group.finish();
}

/// The golden deal of issue 57: one stack near 2^53 and 19 small distinct
/// ones, prizes X + 1 three times then X.
fn wide(c: &mut Criterion) {
    let request: &str = include_str!(
        "../../../tests/golden-deals/icm-twenty-players-a-share-2-pow-63-under-a-unit.request.json"
    );
    let numbers = |key: &str| -> Vec<u64> {
        let after = &request[request.find(key).unwrap() + key.len()..];
        let list = &after[after.find('[').unwrap() + 1..after.find(']').unwrap()];
        list.split(',').map(|v| v.trim().parse().unwrap()).collect()
    };
    let prizes = numbers("\"prizes\"");
    let mut stacks: Vec<u64> = request
        .split("\"stack\":")
        .skip(1)
        .map(|s| {
            s.trim_start()
                .split(|c: char| !c.is_ascii_digit())
                .next()
                .unwrap()
                .parse()
                .unwrap()
        })
        .collect();
    stacks.sort_unstable_by(|a, b| b.cmp(a));
    let terms = DealTerms {
        method: DealMethod::Icm,
        prizes,
        unit: 1,
        set_aside: 0,
    };
    let mut group = c.benchmark_group("deal/icm-wide");
    group.sample_size(10);
    group.bench_function("20", |b| {
        b.iter(|| deal(black_box(&stacks), black_box(&terms)))
    });
    group.finish();
}

fn chip_chop(c: &mut Criterion) {
    let stacks: Vec<u64> = (0..10_000u64).map(|i| 1_000 + i * 7 % 9_973).collect();
    let terms = DealTerms {
        method: DealMethod::ChipChop,
        prizes: (0..10_000u64).map(|j| 10_000_000 - j * 100).collect(),
        unit: 1,
        set_aside: 0,
    };
    c.bench_function("deal/chip-chop/10000", |b| {
        b.iter(|| deal(black_box(&stacks), black_box(&terms)))
    });
}

criterion_group!(benches, icm, wide, chip_chop);
criterion_main!(benches);
