//! The load test's ceiling: a bare axum server that does the cheapest thing
//! `POST /v1/settle` could possibly do, so `make load` can say how close
//! Showdown comes to it on the same machine, the same corpus and the same
//! load generator.
//!
//! It parses the body into the real [`SettleRequest`] (the same serde work
//! the service does, unknown fields rejected, same 64 KiB limit as API.md's
//! default) and answers a constant `hand_complete` of typical size. No
//! validation, no ranking, no pots, no middleware, no metrics, no logging:
//! everything Showdown spends beyond this is the price of settling.
//!
//! ```sh
//! CEILING_ADDR=127.0.0.1:18081 cargo run --release -p showdown-server --example ceiling
//! ```
//!
//! With `CEILING_LAYERS=1` the same constant handler runs inside Showdown's
//! own middleware (request id, access log, metrics, problem rendering,
//! timeout and concurrency limit, catch-panic, body limit) and its logging
//! set-up: `make load` measures it too, so the gap to Showdown splits into
//! "the layers" and "the settling". With `CEILING_WORK=settle` the bare
//! handler also settles each request and serializes the event (then drops
//! it and answers the constant): `make load` with `LOAD_WORK=1` runs it as
//! the "work" row, the price of the settling alone under load. With
//! `CEILING_WORK=spin:NANOS` the bare handler burns that much CPU without
//! touching memory first: the price of CPU time alone under load, to set
//! against the work row's (tests/load/README.md).

use axum::{
    extract::DefaultBodyLimit,
    http::header,
    response::IntoResponse,
    routing::{get, post},
    Json, Router,
};
use showdown_contract::settle::SettleRequest;

/// API.md's example response: about the size of a real two-player answer.
const ANSWER: &str = r#"{"type":"hand_complete","data":{"gameId":"poker-game-123","handNumber":5,"variant":"holdem","rules":"tda","reason":"showdown","winnerId":"agent-b","winnerName":"Agent B","winningHand":{"type":5,"name":"Flush","value":123456789,"description":"Flush, A high","cards":["Ah","Kh","9h","7h","2h"]},"tie":true,"totalWinners":2,"potBreakdown":[{"agentId":"agent-b","agentName":"Agent B","amount":301,"handRank":{"type":5,"name":"Flush","value":123456789,"description":"Flush, A high","cards":["Ah","Kh","9h","7h","2h"]}},{"agentId":"agent-a","agentName":"Agent A","amount":300,"handRank":{"type":5,"name":"Flush","value":123456789,"description":"Flush, A high","cards":["Ah","Kh","9h","7h","2h"]}}],"pots":[{"index":0,"name":"main","amount":601,"eligible":["agent-a","agent-b"],"tie":true,"shares":[{"agentId":"agent-b","half":"whole","amount":301,"oddChips":1},{"agentId":"agent-a","half":"whole","amount":300,"oddChips":0}]}],"uncalled":[],"finalChipStacks":{"agent-a":1000,"agent-b":1001}}}"#;

async fn settle(Json(req): Json<SettleRequest>) -> impl IntoResponse {
    // Keep the parse from being optimised away.
    std::hint::black_box(&req);
    ([(header::CONTENT_TYPE, "application/json")], ANSWER)
}

/// Diagnosis (`CEILING_WORK=settle`): settle the request too, serialize
/// the event and drop it, still answering the constant: what settling costs
/// under load, apart from writing a different answer.
async fn settle_and_drop(Json(req): Json<SettleRequest>) -> impl IntoResponse {
    if let Ok(event) = showdown_contract::settle_request(&req) {
        std::hint::black_box(showdown_contract::settle::to_json(&event).ok());
    }
    ([(header::CONTENT_TYPE, "application/json")], ANSWER)
}

/// The constant handler inside the very layers Showdown's routes get
/// (`routes::with_layers`), with its logging set-up.
fn with_showdown_layers() -> Router {
    use showdown_server::config::{init_tracing, AppConfig, LogFormat};
    use showdown_server::{with_layers, AppState, ROUTES};
    // The log writer lives as long as the process, as in the server.
    std::mem::forget(init_tracing(LogFormat::Json, None));
    let routes = Router::new()
        .route("/v1/settle", handler())
        .route("/healthz", get(|| async { "ok" }));
    with_layers(routes, AppState::new(AppConfig::default()), ROUTES)
}

/// Diagnosis (`CEILING_WORK=spin:NANOS`): burn NANOS of CPU in a loop
/// that touches no memory beyond reading the clock, then answer the
/// constant: what CPU alone costs under load, without cache misses.
async fn spin(Json(req): Json<SettleRequest>) -> impl IntoResponse {
    std::hint::black_box(&req);
    let until = std::time::Instant::now() + std::time::Duration::from_nanos(spin_nanos());
    while std::time::Instant::now() < until {
        std::hint::spin_loop();
    }
    ([(header::CONTENT_TYPE, "application/json")], ANSWER)
}

fn spin_nanos() -> u64 {
    static NANOS: std::sync::OnceLock<u64> = std::sync::OnceLock::new();
    *NANOS.get_or_init(|| {
        let work = std::env::var("CEILING_WORK").unwrap_or_default();
        match work.strip_prefix("spin:") {
            Some(n) => n
                .parse()
                .unwrap_or_else(|_| panic!("CEILING_WORK=spin:NANOS wants a number, not {n:?}")),
            None => 0,
        }
    })
}

fn handler<S: Clone + Send + Sync + 'static>() -> axum::routing::MethodRouter<S> {
    if spin_nanos() > 0 {
        post(spin)
    } else if std::env::var("CEILING_WORK").is_ok_and(|v| v == "settle") {
        post(settle_and_drop)
    } else {
        post(settle)
    }
}

#[tokio::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::var("CEILING_ADDR").unwrap_or_else(|_| "127.0.0.1:18081".to_owned());
    let app = if std::env::var("CEILING_LAYERS").is_ok_and(|v| v == "1") {
        with_showdown_layers()
    } else {
        Router::new()
            .route("/v1/settle", handler())
            .route("/healthz", get(|| async { "ok" }))
            .layer(DefaultBodyLimit::max(64 * 1024))
    };
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    eprintln!("ceiling listening on {}", listener.local_addr()?);
    // SIGTERM or SIGINT ends `main` normally (the connections are dropped,
    // not drained).
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())?;
    tokio::select! {
        r = axum::serve(listener, app) => r,
        _ = term.recv() => Ok(()),
        _ = tokio::signal::ctrl_c() => Ok(()),
    }
}
