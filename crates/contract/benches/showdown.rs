//! What RULES.md §15 adds to the settle route: a 9-player hold'em hand
//! with three players all in at three heights (a main pot and three side
//! pots), from its JSON body to the answer's bytes as the route does it,
//! without `showdown`, with it (`faceUp: bettingOver`, six still betting,
//! a last aggressor: an ordinary showdown, several hands mucked), and
//! with `audience: table`. Run:
//! `cargo bench -p showdown-contract --features bench --bench showdown`;
//! the figures are in `benches/README.md`.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use showdown_contract::settle::SettleRequest;
use showdown_contract::settle::{settle_request, to_json};
use showdown_json::parse_json;

fn body(showdown: Option<serde_json::Value>) -> Vec<u8> {
    let hole = [
        ["Ah", "Kd"],
        ["Qs", "Qd"],
        ["Jc", "Tc"],
        ["9h", "9d"],
        ["8s", "7s"],
        ["6d", "6c"],
        ["5h", "4h"],
        ["3s", "3d"],
        ["Kc", "2d"],
    ];
    let players: Vec<serde_json::Value> = (0..9)
        .map(|i| {
            let (stack, committed) = match i {
                0 => (100, 100),
                3 => (200, 200),
                6 => (300, 300),
                _ => (5_000, 1_000),
            };
            serde_json::json!({"id": format!("agent-{i}"), "seat": i + 1, "stack": stack,
                "committed": committed, "cards": hole[i]})
        })
        .collect();
    let mut v = serde_json::json!({
        "gameId": "bench", "handNumber": 1, "variant": "holdem", "buttonSeat": 9,
        "board": ["Ks", "Jh", "7d", "4c", "2s"], "players": players
    });
    if let Some(s) = showdown {
        v["showdown"] = s;
    }
    serde_json::to_vec(&v).unwrap()
}

/// Body in, answer bytes out: what the settle route does on one request.
fn settle_bytes(body: &[u8]) -> Vec<u8> {
    let req: SettleRequest = parse_json(body).unwrap();
    to_json(&settle_request(&req).unwrap()).unwrap()
}

fn bench(c: &mut Criterion) {
    let plain = body(None);
    let house = body(Some(
        serde_json::json!({"lastAggressor": "agent-4", "faceUp": "bettingOver"}),
    ));
    let table = body(Some(
        serde_json::json!({"lastAggressor": "agent-4", "faceUp": "bettingOver",
        "audience": "table"}),
    ));
    let mut g = c.benchmark_group("showdown");
    g.bench_function("9-max-3-side-pots/plain", |b| {
        b.iter(|| settle_bytes(black_box(&plain)))
    });
    g.bench_function("9-max-3-side-pots/showdown", |b| {
        b.iter(|| settle_bytes(black_box(&house)))
    });
    g.bench_function("9-max-3-side-pots/table", |b| {
        b.iter(|| settle_bytes(black_box(&table)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
