//! What the all-in expectation costs (issue 59, RULES.md §17), in one
//! criterion run: a three-way hold'em all-in before the flop settled with
//! `allInEv: {boardCards: 0}` against `/v1/equity`'s pipeline on the same
//! three hands (target ≤ 1.1×), and the same hand on the flop settled with
//! `allInEv: {boardCards: 3}` against one cash-out on the flop instead
//! (target ≤ 1.1×). Both sides start from the JSON body and end with the
//! answer's bytes, as the routes do, without HTTP. Run:
//! `cargo bench -p showdown-contract --profile dist --features bench --bench all_in_ev`;
//! the figures are in `benches/README.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use serde_json::{json, Value};
use showdown_contract::equity::{equity_request, EquityRequest};
use showdown_contract::settle::SettleRequest;
use showdown_contract::settle::{settle_request, to_json};
use showdown_json::parse_json;

/// The three hands, A first to act.
const HANDS: [(&str, [&str; 2]); 3] = [
    ("agent-a", ["Ah", "Kh"]),
    ("agent-b", ["Qs", "Qd"]),
    ("agent-c", ["Jc", "Tc"]),
];

/// The three-way all-in, every stack `stacks[i]` committed; `extra` is
/// merged into the body (the `allInEv` or the `cashOuts`).
fn settle_body(stacks: [u64; 3], extra: Value) -> Vec<u8> {
    let players: Vec<Value> = (HANDS.iter().zip(stacks).enumerate())
        .map(|(i, ((id, cards), stack))| {
            json!({"id": id, "seat": i + 1, "stack": stack, "committed": stack, "cards": cards})
        })
        .collect();
    let mut v = json!({
        "gameId": "bench", "handNumber": 1, "variant": "holdem", "buttonSeat": 3,
        "board": ["Qh", "7h", "2c", "5c", "8d"],
        "players": players
    });
    for (k, x) in extra.as_object().unwrap() {
        v[k] = x.clone();
    }
    serde_json::to_vec(&v).unwrap()
}

fn equity_body() -> Vec<u8> {
    let players: Vec<Value> = (HANDS.iter())
        .map(|(id, cards)| json!({"id": id, "cards": cards}))
        .collect();
    serde_json::to_vec(&json!({"variant": "holdem", "players": players})).unwrap()
}

/// Body in, answer bytes out: what the settle route does on one request.
fn settle_bytes(body: &[u8]) -> Vec<u8> {
    let req: SettleRequest = parse_json(body).unwrap();
    to_json(&settle_request(&req).unwrap()).unwrap()
}

/// Body in, answer bytes out: what `/v1/equity` does, without HTTP and
/// without the hop to the compute pool.
fn equity_bytes(body: &[u8]) -> Vec<u8> {
    let req: EquityRequest = parse_json(body).unwrap();
    serde_json::to_vec(&equity_request(&req).unwrap()).unwrap()
}

fn bench(c: &mut Criterion) {
    showdown_contract::equity::build_tables();
    let even = [100, 100, 100];
    let sides = [100, 200, 300];
    let equity = equity_body();
    let preflop = settle_body(even, json!({"allInEv": {"boardCards": 0}}));
    let preflop_sides = settle_body(sides, json!({"allInEv": {"boardCards": 0}}));

    // Before the flop: 1,712,304 runouts of three hands, no table.
    let mut g = c.benchmark_group("preflop three-way");
    g.sample_size(20);
    g.bench_function("equity route", |b| {
        b.iter(|| equity_bytes(black_box(&equity)))
    });
    g.bench_function("allInEv, one pot", |b| {
        b.iter(|| settle_bytes(black_box(&preflop)))
    });
    g.bench_function("allInEv, main and side pot", |b| {
        b.iter(|| settle_bytes(black_box(&preflop_sides)))
    });
    g.finish();

    // On the flop: 903 runouts, the same enumeration behind both.
    let cash_out = json!({"cashOuts": [{"agentId": "agent-b", "boardCards": 3}]});
    let flop_cash_out = settle_body(even, cash_out);
    let flop = settle_body(even, json!({"allInEv": {"boardCards": 3}}));
    let mut g = c.benchmark_group("flop three-way");
    g.bench_function("one cash-out", |b| {
        b.iter(|| settle_bytes(black_box(&flop_cash_out)))
    });
    g.bench_function("allInEv", |b| b.iter(|| settle_bytes(black_box(&flop))));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
