//! What the hand-as-played routes cost beside the settle route (issue
//! 58): a six-handed no-limit OHH hand of 15 actions, from its JSON body
//! to the answer's bytes as each route does it, without HTTP:
//!
//! - `settle`: `POST /v1/settle` of the settle request the hand derives
//!   (RULES.md §16.5), parsed, settled and written;
//! - `settle-ohh`: `POST /v1/settle/ohh`: the OHH body parsed, the betting
//!   judged, the request derived and settled, the verdict and the record
//!   written with the event;
//! - `betting`: `POST /v1/betting` of the same hand: parsed, judged, the
//!   verdict and the next action written.
//!
//! Run: `cargo bench -p showdown-history --profile dist --features bench
//! --bench ohh`; the figures are in `benches/README.md`.

use std::hint::black_box;

/// The server's allocator: the routes allocate what they parse, and
/// their cost is the one the server pays.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

use criterion::{criterion_group, criterion_main, Criterion};
use serde::Serialize;
use serde_json::{json, Value};
use showdown_contract::settle::{settle_request, to_json, HandCompleteEvent, SettleRequest};
use showdown_history::ohh::answer::{betting, next, BettingAnswer, BettingNext};
use showdown_history::ohh::record::{record, Record};
use showdown_history::ohh::request::settle_request as derive_request;
use showdown_history::ohh::{judge, OhhRequest};
use showdown_json::parse_json;

fn act(player: u64, action: &str, amount: Option<f64>) -> Value {
    let mut a = json!({"player_id": player, "action": action});
    if let Some(x) = amount {
        a["amount"] = json!(x);
    }
    a
}

/// Six-handed no-limit hold'em at 0.05/0.10, 15 actions (blinds
/// included): the hijack (id 3) raises to 0.30, the cutoff (4) and the
/// big blind (2) call; on the flop the big blind checks, the hijack bets
/// 0.60, the cutoff calls and the big blind folds; on the turn the hijack
/// checks, the cutoff moves all in for 4.10 and is called; the river is
/// run out and both show.
fn hand() -> Value {
    let players: Vec<Value> = (0..6u64)
        .map(|i| {
            let stack = if i == 4 { 5.00 } else { 10.00 };
            json!({"id": i, "seat": i + 1, "name": format!("Player {i}"), "starting_stack": stack})
        })
        .collect();
    json!({"ohh": {"spec_version": "1.4.7", "site_name": "bench", "game_number": "b-1",
        "game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "dealer_seat": 6,
        "small_blind_amount": 0.05, "big_blind_amount": 0.10, "players": players,
        "rounds": [
            {"id": 0, "street": "Preflop", "cards": "", "actions": [
                act(0, "Post SB", Some(0.05)), act(1, "Post BB", Some(0.10)),
                act(2, "Fold", None), act(3, "Raise", Some(0.30)), act(4, "Call", Some(0.30)),
                act(5, "Fold", None), act(0, "Fold", None), act(1, "Call", Some(0.20))]},
            {"id": 1, "street": "Flop", "cards": ["Kd", "8s", "3h"], "actions": [
                act(1, "Check", None), act(3, "Bet", Some(0.60)), act(4, "Call", Some(0.60)),
                act(1, "Fold", None)]},
            {"id": 2, "street": "Turn", "cards": ["2c"], "actions": [
                act(3, "Check", None),
                {"player_id": 4, "action": "Bet", "amount": 4.10, "is_allin": true},
                act(3, "Call", Some(4.10))]},
            {"id": 3, "street": "River", "cards": ["Jh"], "actions": []},
            {"id": 4, "street": "Showdown", "actions": [
                {"player_id": 4, "action": "Shows Cards", "cards": ["Ks", "Qs"]},
                {"player_id": 3, "action": "Shows Cards", "cards": ["Ac", "Kc"]}]}]}})
}

/// `POST /v1/settle/ohh`'s answer, as the route writes it.
#[derive(Serialize)]
struct OhhSettled<'a> {
    #[serde(flatten)]
    event: HandCompleteEvent<'a>,
    betting: BettingAnswer,
    record: Record,
}

/// `POST /v1/settle`: body in, answer bytes out.
// Not inlined: callgrind counts its instructions a call (README).
#[inline(never)]
fn settle_bytes(body: &[u8]) -> Vec<u8> {
    let req: SettleRequest = parse_json(body).unwrap();
    to_json(&settle_request(&req).unwrap()).unwrap()
}

/// `POST /v1/settle/ohh`: body in, answer bytes out.
// Not inlined: callgrind counts its instructions a call (README).
#[inline(never)]
fn settle_ohh_bytes(body: &[u8]) -> Vec<u8> {
    let req: OhhRequest = parse_json(body).unwrap();
    let judged = judge(&req).unwrap();
    let request = derive_request(&req, &judged).unwrap();
    let event = settle_request(&request).unwrap();
    let answer = OhhSettled {
        betting: betting(&judged.replay.verdict, &judged.read, "/ohh"),
        record: record(&req.ohh, &event.data, judged.read.scale),
        event,
    };
    serde_json::to_vec(&answer).unwrap()
}

/// `POST /v1/betting`: body in, answer bytes out.
// Not inlined: callgrind counts its instructions a call (README).
#[inline(never)]
fn betting_bytes(body: &[u8]) -> Vec<u8> {
    let req: OhhRequest = parse_json(body).unwrap();
    let judged = judge(&req).unwrap();
    let answer = BettingNext {
        betting: betting(&judged.replay.verdict, &judged.read, "/ohh"),
        next: next(judged.read.betting.game, &judged.replay.next, &|p| {
            req.ohh
                .players
                .get(p)
                .map_or(Value::Null, |pl| pl.id.into())
        }),
    };
    serde_json::to_vec(&answer).unwrap()
}

fn bench(c: &mut Criterion) {
    let ohh = serde_json::to_vec(&hand()).unwrap();
    let req: OhhRequest = parse_json(&ohh).unwrap();
    let actions: usize = req.ohh.rounds[..4].iter().map(|r| r.actions.len()).sum();
    assert_eq!((req.ohh.players.len(), actions), (6, 15));
    let derived = derive_request(&req, &judge(&req).unwrap()).unwrap();
    let settle = serde_json::to_vec(&derived).unwrap();
    // The derived request settles to the chips the OHH route answers.
    let plain: Value = serde_json::from_slice(&settle_bytes(&settle)).unwrap();
    let full: Value = serde_json::from_slice(&settle_ohh_bytes(&ohh)).unwrap();
    assert_eq!(plain["data"], full["data"]);
    assert_eq!(full["betting"]["legal"], true);
    eprintln!(
        "bodies: OHH {} bytes, settle {} bytes; answers: {}, {} and {} bytes",
        ohh.len(),
        settle.len(),
        settle_bytes(&settle).len(),
        settle_ohh_bytes(&ohh).len(),
        betting_bytes(&ohh).len()
    );
    let mut g = c.benchmark_group("ohh");
    g.bench_function("6-max-15-actions/settle", |b| {
        b.iter(|| settle_bytes(black_box(&settle)))
    });
    g.bench_function("6-max-15-actions/settle-ohh", |b| {
        b.iter(|| settle_ohh_bytes(black_box(&ohh)))
    });
    g.bench_function("6-max-15-actions/betting", |b| {
        b.iter(|| betting_bytes(black_box(&ohh)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
