//! Where one settle request's CPU goes, without HTTP: parse, validate, the
//! whole `settle_request`, and serializing the answer, averaged over a corpus
//! of one JSON request a line (e.g. `cat tests/load/corpus/*.json`).
//!
//! ```sh
//! cat tests/load/corpus/*.json > /tmp/corpus.ndjson
//! cargo run --release -p showdown-server --example settle_cost -- /tmp/corpus.ndjson
//! ```
use showdown_server::dto::SettleRequest;
use std::time::Instant;

/// The service's allocator, so the figures are the server's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    let n = 300;
    let t = Instant::now();
    let mut reqs = Vec::new();
    for _ in 0..n {
        reqs.clear();
        for l in &lines {
            reqs.push(showdown_server::extract::parse_json::<SettleRequest>(l.as_bytes()).unwrap());
        }
    }
    let parse = t.elapsed();
    // SETTLE_COST_PROFILE=1: only settle_request, 20 times longer, for a
    // profiler (`perf record --call-graph dwarf`).
    if std::env::var_os("SETTLE_COST_PROFILE").is_some() {
        for _ in 0..20 * n {
            for r in &reqs {
                std::hint::black_box(showdown_server::settle_request(r).unwrap());
            }
        }
        return;
    }
    let t = Instant::now();
    let mut evs = Vec::new();
    for _ in 0..n {
        evs.clear();
        for r in &reqs {
            evs.push(showdown_server::settle_request(r).unwrap());
        }
    }
    let settle = t.elapsed();
    let t = Instant::now();
    let mut v = 0;
    for _ in 0..n {
        for e in &evs {
            v += serde_json::to_vec(e).unwrap().len();
        }
    }
    let ser = t.elapsed();
    let t = Instant::now();
    for _ in 0..n {
        for r in &reqs {
            std::hint::black_box(showdown_server::validate::validate(r).unwrap());
        }
    }
    let val = t.elapsed();
    let k = (n * lines.len()) as u32;
    println!(
        "per request: parse {:?} validate {:?} settle(all) {:?} serialize {:?} ({} bytes avg)",
        parse / k,
        val / k,
        settle / k,
        ser / k,
        v / k as usize
    );
}
