//! What a cash-out adds to a settle (issue "Cash-outs and the bad-beat
//! jackpot"): the same hand settled plainly, with a cash-out on the flop
//! (worked example 10.2) and with one before the flop (heads-up, so the
//! equity crate's table answers it), each from its JSON body to the
//! answer's bytes as the route does it; and `/v1/equity`'s pipeline for
//! the same two hands before the flop. Run:
//! `cargo bench -p showdown-contract --bench cash_out --profile dist`;
//! the figures are in `benches/README.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use showdown_contract::equity::{equity_request, EquityRequest};
use showdown_contract::settle::SettleRequest;
use showdown_contract::settle::{settle_request, to_json};
use showdown_json::parse_json;

fn body(cash_out: Option<u64>) -> Vec<u8> {
    let mut v = serde_json::json!({
        "gameId": "bench", "handNumber": 1, "variant": "holdem", "buttonSeat": 2,
        "board": ["Qh", "7h", "2c", "5c", "8d"],
        "players": [
            {"id": "agent-a", "seat": 1, "stack": 100, "committed": 100, "cards": ["Ah", "Kh"]},
            {"id": "agent-b", "seat": 2, "stack": 100, "committed": 100, "cards": ["Qs", "Qd"]}
        ]
    });
    if let Some(k) = cash_out {
        v["cashOuts"] = serde_json::json!([{"agentId": "agent-b", "boardCards": k}]);
    }
    serde_json::to_vec(&v).unwrap()
}

/// Body in, answer bytes out: what the settle route does on one request.
fn settle_bytes(body: &[u8]) -> Vec<u8> {
    let req: SettleRequest = parse_json(body).unwrap();
    to_json(&settle_request(&req).unwrap()).unwrap()
}

fn bench(c: &mut Criterion) {
    showdown_contract::equity::build_tables();
    let plain = body(None);
    let flop = body(Some(3));
    let preflop = body(Some(0));
    let equity: EquityRequest = serde_json::from_value(serde_json::json!({
        "variant": "holdem",
        "players": [{"id": "agent-a", "cards": ["Ah", "Kh"]}, {"id": "agent-b", "cards": ["Qs", "Qd"]}]
    }))
    .unwrap();

    let mut g = c.benchmark_group("settle");
    g.bench_function("plain", |b| b.iter(|| settle_bytes(black_box(&plain))));
    g.bench_function("flop cash-out", |b| {
        b.iter(|| settle_bytes(black_box(&flop)))
    });
    g.bench_function("preflop cash-out", |b| {
        b.iter(|| settle_bytes(black_box(&preflop)))
    });
    g.finish();

    // The parse alone: serde_json as it is (a struct may be a list) against
    // the route's parse, whose structs are objects only (src/objects.rs).
    let text = std::str::from_utf8(&plain).unwrap();
    let mut g = c.benchmark_group("parse");
    g.bench_function("serde_json", |b| {
        b.iter(|| serde_json::from_str::<SettleRequest>(black_box(text)).unwrap())
    });
    g.bench_function("objects only", |b| {
        b.iter(|| parse_json::<SettleRequest>(black_box(&plain)).unwrap())
    });
    g.finish();

    let mut g = c.benchmark_group("preflop");
    g.bench_function("equity route", |b| {
        b.iter(|| equity_request(black_box(&equity)).unwrap())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
