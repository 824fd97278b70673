//! Each kind of hand, ours side by side with `aya_poker` 0.1 on the same
//! seeded random hands. `ours` and `aya_from_cards` start from the cards
//! (each side's own card type, so no conversion is timed);
//! `ours_key` and `aya` from a prebuilt key (our `HandKey`, aya's `Hand`:
//! per-card sums already done, what a caller dealing card by card holds).
//!
//! `high_7_random_arrays` times 20,000,000 random 7-card arrays per
//! iteration (140 MB, far beyond the caches), the shape of OMPEval's
//! "random order evaluation (card arrays)": every hand's cards stream from
//! memory, and the look-ups meet no warm cache lines of their own.
//!
//! `cargo bench -p showdown-cards --bench eval`

use std::cell::OnceCell;
use std::hint::black_box;
use std::time::Duration;

use criterion::{
    criterion_group, criterion_main, BenchmarkGroup, Criterion, SamplingMode, Throughput,
};
use showdown_cards::{
    ace_five_value, badugi_value, deuce_seven_value, high_value, high_value_7, high_values_7,
    low8_value, omaha_high_value, omaha_low8_value, short_deck_value, Card, HandKey,
};

#[path = "../tests/it/common/mod.rs"]
mod common;
use common::{aya, aya_hand, Dealer};

const N: usize = 10_000;

/// `N` deals of `n` cards each, stored flat (`chunks_exact(n)` is a hand),
/// so no heap pointer is chased per hand by either side.
fn hands(seed: u64, short: bool, n: usize) -> Vec<Card> {
    let mut d = Dealer::new(seed, short);
    (0..N).flat_map(|_| d.deal(n)).collect()
}

type Group<'a> = BenchmarkGroup<'a, criterion::measurement::WallTime>;

fn group<'a>(c: &'a mut Criterion, name: &str) -> Group<'a> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(N as u64));
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));
    g.sample_size(30);
    g
}

/// No prebuilt-key variant for this kind.
const NO_KEY: Option<fn(&HandKey) -> u32> = None;

/// One-hand kinds: all cards in one set. Every function is passed as its
/// own item type (`impl Fn`), never as a `fn` pointer, so both sides are
/// called the same way: statically, inlinable. (A `fn` pointer is an
/// indirect call per hand that the side passed as an item does not pay.)
fn single<T: Ord, U: Ord, K: Fn(&HandKey) -> u32>(
    c: &mut Criterion,
    name: &str,
    (short, n): (bool, usize),
    (ours, key): (impl Fn(&[Card]) -> T, Option<K>),
    theirs: impl Fn(&aya_poker::base::Hand) -> U,
) {
    let set = hands(7, short, n);
    // The same cards as aya_poker's own card type, converted before timing:
    // "from cards" means from each side's own cards.
    let aya_set: Vec<aya_poker::base::Card> = set.iter().map(|&c| aya(c)).collect();
    let prebuilt: Vec<aya_poker::base::Hand> = set.chunks_exact(n).map(aya_hand).collect();
    let keys: Vec<HandKey> = set.chunks_exact(n).map(HandKey::from_cards).collect();
    let mut g = group(c, name);
    g.bench_function("ours", |b| {
        b.iter(|| set.chunks_exact(n).map(|h| ours(black_box(h))).max())
    });
    if let Some(key) = key {
        g.bench_function("ours_key", |b| {
            b.iter(|| keys.iter().map(|k| key(black_box(k))).max())
        });
    }
    g.bench_function("aya", |b| {
        b.iter(|| prebuilt.iter().map(|h| theirs(black_box(h))).max())
    });
    g.bench_function("aya_from_cards", |b| {
        b.iter(|| {
            aya_set
                .chunks_exact(n)
                .map(|h| theirs(&black_box(h).iter().collect()))
                .max()
        })
    });
    g.finish();
}

/// Omaha kinds: hole and board apart (never a card in both: aya panics).
fn omaha<T: Ord, U: Ord>(
    c: &mut Criterion,
    name: &str,
    ours: impl Fn(&[Card], &[Card]) -> T,
    theirs: impl Fn(&aya_poker::base::Hand, &aya_poker::base::Hand) -> U,
) {
    let flat = hands(11, false, 9);
    let set: Vec<(&[Card], &[Card])> = flat.chunks_exact(9).map(|c| c.split_at(4)).collect();
    let aya_flat: Vec<aya_poker::base::Card> = flat.iter().map(|&c| aya(c)).collect();
    let aya_set: Vec<_> = aya_flat.chunks_exact(9).map(|c| c.split_at(4)).collect();
    let prebuilt: Vec<_> = set
        .iter()
        .map(|(h, b)| (aya_hand(h), aya_hand(b)))
        .collect();
    let mut g = group(c, name);
    g.bench_function("ours", |b| {
        b.iter(|| {
            set.iter()
                .map(|(h, bd)| ours(black_box(h), black_box(bd)))
                .max()
        })
    });
    g.bench_function("aya", |b| {
        b.iter(|| {
            prebuilt
                .iter()
                .map(|(h, bd)| theirs(black_box(h), black_box(bd)))
                .max()
        })
    });
    g.bench_function("aya_from_cards", |b| {
        b.iter(|| {
            aya_set
                .iter()
                .map(|(h, bd)| {
                    let (h, bd) = (black_box(h), black_box(bd));
                    theirs(&h.iter().collect(), &bd.iter().collect())
                })
                .max()
        })
    });
    g.finish();
}

/// Hands in one batch of `high_7_random_arrays`: 140 MB of cards.
const BIG: usize = 20_000_000;

/// Seven random distinct cards per hand, `BIG` hands, stored as arrays.
fn random_arrays() -> Vec<[Card; 7]> {
    let mut d = Dealer::new(20, false);
    (0..BIG)
        .map(|_| {
            let h = d.deal(7);
            std::array::from_fn(|i| h[i])
        })
        .collect()
}

/// 7-card high values of a large batch of random arrays, summed (wrapping:
/// only the work matters), three ways: `slice` calls `high_value` on each
/// array as a slice, `array` calls `high_value_7`, `groups_of_8` calls
/// `high_values_7` on each group of eight (`as_chunks`), the rest one by
/// one. The batch is built on first use, so filtering this group out costs
/// nothing.
fn high_7_random_arrays(c: &mut Criterion) {
    let set = OnceCell::new();
    let set = || set.get_or_init(random_arrays);
    let mut g = c.benchmark_group("high_7_random_arrays");
    g.throughput(Throughput::Elements(BIG as u64));
    g.sampling_mode(SamplingMode::Flat);
    g.sample_size(10);
    g.warm_up_time(Duration::from_secs(1));
    g.measurement_time(Duration::from_secs(4));
    let sum = |s: u32, v: u32| s.wrapping_add(v);
    // The batch goes through `black_box` once per sweep, not each hand:
    // OMPEval's loop reads its arrays plainly too.
    g.bench_function("slice", |b| {
        let set = set();
        b.iter(|| black_box(set).iter().fold(0, |s, h| sum(s, high_value(h))))
    });
    g.bench_function("array", |b| {
        let set = set();
        b.iter(|| {
            black_box(set)
                .iter()
                .fold(0, |s, h| sum(s, high_value_7(h)))
        })
    });
    g.bench_function("groups_of_8", |b| {
        let set = set();
        b.iter(|| {
            let (groups, rest) = black_box(set).as_chunks::<8>();
            let s = groups
                .iter()
                .fold(0, |s, g| high_values_7(g).into_iter().fold(s, sum));
            rest.iter().fold(s, |s, h| sum(s, high_value_7(h)))
        })
    });
    g.finish();
}

fn benches(c: &mut Criterion) {
    high_7_random_arrays(c);
    let high = (high_value, Some(HandKey::high_value));
    single(c, "high_7", (false, 7), high, aya_poker::poker_rank);
    single(c, "high_5", (false, 5), high, aya_poker::poker_rank);
    let sd = (short_deck_value, Some(HandKey::short_deck_value));
    single(c, "short_deck_7", (true, 7), sd, aya_poker::short_deck_rank);
    omaha(c, "omaha_high_4", omaha_high_value, aya_poker::omaha_rank);
    let aya_lo8 = |h: &_, b: &_| aya_poker::omaha_lo_rank(h, b).to_lo_8_rank();
    omaha(c, "omaha_low8_4", omaha_low8_value, aya_lo8);
    let low8 = |h: &aya_poker::base::Hand| aya_poker::ace_five_rank(h).to_lo_8_rank();
    single(c, "low8_7", (false, 7), (low8_value, NO_KEY), low8);
    let a5 = (ace_five_value, Some(HandKey::ace_five_value));
    single(c, "ace_five_7", (false, 7), a5, aya_poker::ace_five_rank);
    let d27 = (deuce_seven_value, NO_KEY);
    single(
        c,
        "deuce_seven_5",
        (false, 5),
        d27,
        aya_poker::deuce_seven_rank,
    );
    let badugi = (|h: &[Card]| badugi_value(h, true), NO_KEY);
    single(c, "badugi_4", (false, 4), badugi, aya_poker::badugi_rank);
    let baduci = (|h: &[Card]| badugi_value(h, false), NO_KEY);
    single(
        c,
        "badugi_ace_high_4",
        (false, 4),
        baduci,
        aya_poker::baduci_rank,
    );
    single(c, "badugi_7", (false, 7), badugi, aya_poker::badugi_rank);
}

criterion_group!(eval, benches);
criterion_main!(eval);
