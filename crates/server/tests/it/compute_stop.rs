//! Issue 57: an enumeration whose request is dropped (it timed out, or its
//! client went away) gives its thread back. Heavy requests fill the queue
//! of a one-thread pool, their waiters are dropped, and a small job behind
//! them must be answered long before the queue would have been worked off.

use crate::common;

use common::post_json;
use serde_json::{json, Value};
use showdown_server::config::AppConfig;
use showdown_server::{app, AppState};
use std::time::{Duration, Instant};

/// Heavy requests queued before their waiters are dropped.
const QUEUED: u32 = 48;

/// The three hands as `/v1/equity` takes them, or with the chips of a settle.
fn omaha6_players(chips: bool) -> Value {
    let mut players = json!([
        {"id": "a", "seat": 1, "stack": 100, "committed": 100, "cards": ["As", "Ah", "Kd", "Qd", "2c", "3h"]},
        {"id": "b", "seat": 2, "stack": 100, "committed": 100, "cards": ["Ks", "Kh", "7c", "6c", "4d", "5s"]},
        {"id": "c", "seat": 3, "stack": 100, "committed": 100, "cards": ["Js", "Th", "9c", "8d", "2d", "3s"]}
    ]);
    if !chips {
        for p in players.as_array_mut().into_iter().flatten() {
            if let Some(o) = p.as_object_mut() {
                o.retain(|k, _| k == "id" || k == "cards");
            }
        }
    }
    players
}

/// Three Omaha-6 hands before the flop: one of the dearest enumerations
/// (278,256 runouts, about 10 ms on the development VM).
fn heavy_equity() -> Value {
    json!({"variant": "omaha-6", "players": omaha6_players(false)})
}

/// A flop spot: 990 runouts, still on the pool.
fn small_equity() -> Value {
    json!({"variant": "holdem", "board": ["Qh", "7h", "2c"],
           "players": [{"id": "a", "cards": ["Ah", "Kh"]}, {"id": "b", "cards": ["Qs", "Qd"]}]})
}

/// The same three hands settled with their all-in expectation from
/// `board_cards` cards of the board.
fn settle_all_in_ev(board_cards: u64) -> Value {
    json!({"variant": "omaha-6", "buttonSeat": 3, "board": ["Tc", "9h", "4h", "5c", "6d"],
           "players": omaha6_players(true), "allInEv": {"boardCards": board_cards}})
}

fn answered_200(r: &common::Reply) {
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
}

/// Polls `done` every millisecond for up to 10 s, so a failure cannot hang.
async fn within_10_s(what: &str, done: impl Fn() -> bool) {
    let until = Instant::now() + Duration::from_secs(10);
    while !done() {
        assert!(Instant::now() < until, "{what}: not within 10 s");
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
}

/// Queue [`QUEUED`] `heavy` requests on a one-thread pool, drop them, and
/// time the `small` one after them against one heavy request answered whole.
async fn dropped_waiters_free_the_pool(path: &'static str, heavy: Value, small: Value) {
    let config = AppConfig {
        compute_threads: 1,
        compute_limit: 64,
        ..AppConfig::default()
    };
    let state = AppState::new(config);
    let app = app(state.clone());
    // The service builds its tables at start-up, before any request.
    showdown_contract::equity::build_tables();
    let start = Instant::now();
    let whole = post_json(app.clone(), path, &heavy).await;
    let one = start.elapsed();
    answered_200(&whole);

    let slots = state.compute.slots().clone();
    let free = slots.available_permits();
    let waiters: Vec<_> = (0..QUEUED)
        .map(|_| {
            let (app, heavy) = (app.clone(), heavy.clone());
            tokio::spawn(async move { post_json(app, path, &heavy).await })
        })
        .collect();
    // Every heavy job holds a slot or has ended: a quiet machine may end
    // the first before the last has queued, so the slots alone may never
    // count them all.
    within_10_s("the heavy jobs reach the pool", || {
        let ended = waiters.iter().filter(|w| w.is_finished()).count();
        free - slots.available_permits() + ended >= QUEUED as usize
    })
    .await;
    waiters.iter().for_each(|w| w.abort());
    let dropped = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(30), post_json(app, path, &small))
        .await
        .expect("the small job is answered within 30 s");
    let waited = dropped.elapsed();
    answered_200(&answer);
    within_10_s("every slot comes back", || {
        slots.available_permits() == free
    })
    .await;
    eprintln!("{path}: one heavy {one:?}, {QUEUED} queued, the small one after {waited:?}");
    // Worked off, the queue would take QUEUED times `one`; stopped, each
    // job gives up at its next rank multiset or before it starts.
    assert!(
        waited < one * QUEUED / 4,
        "{path}: the small job waited {waited:?}; one heavy job takes {one:?}"
    );
}

#[tokio::test]
async fn dropped_equities_stop_and_free_the_pool() {
    dropped_waiters_free_the_pool("/v1/equity", heavy_equity(), small_equity()).await;
}

#[tokio::test]
async fn dropped_all_in_expectations_stop_and_free_the_pool() {
    let (heavy, small) = (settle_all_in_ev(0), settle_all_in_ev(4));
    dropped_waiters_free_the_pool("/v1/settle", heavy, small).await;
}
