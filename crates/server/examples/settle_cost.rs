//! Where one settle request's CPU goes, without HTTP: parse, validate, the
//! whole `settle_request`, and serializing the answer, averaged over a corpus
//! of one JSON request a line (e.g. `cat tests/load/corpus/*.json`).
//!
//! ```sh
//! cat tests/load/corpus/*.json > /tmp/corpus.ndjson
//! cargo run --release -p showdown-server --example settle_cost -- /tmp/corpus.ndjson
//! ```
//!
//! Each phase is its own `#[inline(never)]` function, so a profiler splits
//! the cost by phase too: `valgrind --tool=callgrind` counts instructions
//! (deterministic, unlike the clock on a shared VM), and with
//! `--toggle-collect=settle_cost::settle_all` only that phase is counted.
use showdown_contract::settle::{HandCompleteEvent, SettleRequest};
use std::time::{Duration, Instant};

/// The service's allocator, so the figures are the server's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[inline(never)]
fn parse_all(lines: &[&str], out: &mut Vec<SettleRequest>) {
    out.clear();
    for l in lines {
        out.push(showdown_json::parse_json::<SettleRequest>(l.as_bytes()).unwrap());
    }
}

#[inline(never)]
fn settle_all<'a>(reqs: &'a [SettleRequest], out: &mut Vec<HandCompleteEvent<'a>>) {
    out.clear();
    for r in reqs {
        out.push(showdown_contract::settle_request(r).unwrap());
    }
}

/// Serialized as the route does (`settle::to_json`), bytes counted.
#[inline(never)]
fn serialize_all(evs: &[HandCompleteEvent]) -> usize {
    evs.iter()
        .map(|e| showdown_contract::settle::to_json(e).map_or(0, |b| b.len()))
        .sum()
}

#[inline(never)]
fn validate_all(reqs: &[SettleRequest]) {
    for r in reqs {
        std::hint::black_box(showdown_contract::settle::validate(r).unwrap());
    }
}

/// Parse, settle and serialize each request after sweeping `kib` KiB of
/// memory, timing each phase of each request alone.
fn cold(lines: &[&str], n: usize, kib: usize) {
    let mut junk = vec![0u8; kib * 1024];
    let (mut parse, mut settle, mut ser) = (Duration::ZERO, Duration::ZERO, Duration::ZERO);
    for round in 0..n {
        for l in lines {
            for b in junk.iter_mut().step_by(64) {
                *b = b.wrapping_add(round as u8);
            }
            std::hint::black_box(&junk);
            let t = Instant::now();
            let req = cold_parse(l);
            let t1 = Instant::now();
            let event = cold_settle(&req);
            let t2 = Instant::now();
            std::hint::black_box(cold_serialize(&event));
            let t3 = Instant::now();
            parse += t1 - t;
            settle += t2 - t1;
            ser += t3 - t2;
        }
    }
    let k = (n * lines.len()) as u32;
    println!(
        "per request, caches swept by {kib} KiB: parse {:?} settle(all) {:?} serialize {:?}",
        parse / k,
        settle / k,
        ser / k
    );
}

// One request's phases, each its own function for
// `valgrind --tool=callgrind --cache-sim=yes --toggle-collect=...`.
#[inline(never)]
fn cold_parse(line: &str) -> SettleRequest {
    showdown_json::parse_json::<SettleRequest>(line.as_bytes()).unwrap()
}

#[inline(never)]
fn cold_settle(req: &SettleRequest) -> HandCompleteEvent<'_> {
    showdown_contract::settle_request(req).unwrap()
}

#[inline(never)]
fn cold_serialize(event: &HandCompleteEvent) -> Vec<u8> {
    showdown_contract::settle::to_json(event).unwrap_or_default()
}

/// Every body through the whole app, as `POST /v1/settle`; each must be 200.
#[inline(never)]
async fn route_all(app: &axum::Router, bodies: &[axum::body::Bytes]) {
    use tower::ServiceExt;
    for b in bodies {
        let req = axum::http::Request::post("/v1/settle")
            .header("content-type", "application/json")
            .body(axum::body::Body::from(b.clone()))
            .unwrap();
        let res = app.clone().oneshot(req).await.unwrap();
        assert_eq!(res.status(), 200);
        std::hint::black_box(
            axum::body::to_bytes(res.into_body(), usize::MAX)
                .await
                .unwrap(),
        );
    }
}

/// Run `f` `n` times; the time it took.
fn timed(n: usize, mut f: impl FnMut()) -> Duration {
    let t = Instant::now();
    for _ in 0..n {
        f();
    }
    t.elapsed()
}

fn main() {
    let text = std::fs::read_to_string(std::env::args().nth(1).unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().filter(|l| !l.is_empty()).collect();
    // SETTLE_COST_ROUNDS: passes over the corpus (300; fewer under valgrind).
    let n: usize = std::env::var("SETTLE_COST_ROUNDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let mut reqs = Vec::new();
    let mut evs = Vec::new();
    // Build the lazy tables outside every timed (and profiled) phase.
    parse_all(&lines, &mut reqs);
    for r in &reqs {
        std::hint::black_box(showdown_contract::settle_request(r).unwrap());
    }
    // SETTLE_COST_PROFILE=1: only settle_request, 20 times longer, for a
    // profiler (`perf record --call-graph dwarf`).
    if std::env::var_os("SETTLE_COST_PROFILE").is_some() {
        for _ in 0..20 * n {
            settle_all(&reqs, &mut evs);
        }
        return;
    }
    // SETTLE_COST_COLD=KiB: each request with cold caches, as under load,
    // where the kernel, hyper and the load generator share the cores' caches:
    // before each request a buffer of that size is written over (not timed).
    if let Ok(kib) = std::env::var("SETTLE_COST_COLD") {
        let kib = kib
            .parse()
            .unwrap_or_else(|_| panic!("SETTLE_COST_COLD wants KiB, not {kib:?}"));
        cold(&lines, n, kib);
        return;
    }
    // SETTLE_COST_ROUTE=1: the whole app (`routes::app()`, every layer) per
    // request, through `tower::ServiceExt::oneshot`, without hyper or
    // sockets: with callgrind (`--toggle-collect=settle_cost::route_all`),
    // what the layers and axum add to parse + settle + serialize.
    if std::env::var_os("SETTLE_COST_ROUTE").is_some() {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let app = showdown_server::app(showdown_server::AppState::default());
        let bodies: Vec<axum::body::Bytes> = lines
            .iter()
            .map(|l| axum::body::Bytes::copy_from_slice(l.as_bytes()))
            .collect();
        rt.block_on(route_all(&app, &bodies)); // warm-up
        let t = Instant::now();
        for _ in 0..n {
            rt.block_on(route_all(&app, &bodies));
        }
        println!(
            "per request through the app: {:?}",
            t.elapsed() / (n * lines.len()) as u32
        );
        return;
    }
    let parse = timed(n, || parse_all(&lines, &mut reqs));
    let settle = timed(n, || settle_all(&reqs, &mut evs));
    let mut bytes = 0;
    let ser = timed(n, || bytes += serialize_all(&evs));
    let val = timed(n, || validate_all(&reqs));
    let k = (n * lines.len()) as u32;
    println!(
        "per request: parse {:?} validate {:?} settle(all) {:?} serialize {:?} ({} bytes avg)",
        parse / k,
        val / k,
        settle / k,
        ser / k,
        bytes / k as usize
    );
}
