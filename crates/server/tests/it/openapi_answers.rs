//! The document against the service's real answers: every success and
//! error answer fits its schema exactly, and every error example is an
//! answer the service really gives (the helpers are `openapi`'s).

use crate::common::{send, Reply};
use crate::openapi::*;
use axum::body::{Body, Bytes};
use axum::http::Request;
use serde_json::{json, Value};
use showdown_server::auth::AuthConfig;
use showdown_server::config::AppConfig;
use showdown_server::{app, AppState};
use std::collections::BTreeMap;

/// Real answers of every route to requests that ask for nothing optional
/// and to requests that ask for everything: the golden requests, the
/// document's own examples, and a few bare ones.
pub(crate) async fn success_answers(doc: &Value) -> Vec<(String, Reply)> {
    let mut requests = settle_requests(doc);
    requests.extend(route_requests(doc));
    let mut out = Vec::new();
    for (path, req) in requests {
        let r = send(app(AppState::default()), req).await;
        assert_eq!(
            r.status,
            200,
            "{path}: {}",
            String::from_utf8_lossy(&r.body)
        );
        out.push((path, r));
    }
    out
}

/// The settle routes' requests: the golden files, the document's
/// examples, a bare hand, and the PHH examples.
fn settle_requests(doc: &Value) -> Vec<(String, Request<Body>)> {
    let golden = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden");
    let mut requests: Vec<(String, Request<Body>)> = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(golden)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(".request.json"))
        .collect();
    files.sort();
    for f in files {
        requests.push((
            "/v1/settle".into(),
            post("/v1/settle", "application/json", std::fs::read(f).unwrap()),
        ));
    }
    for e in request_examples(doc, "/v1/settle") {
        requests.push(("/v1/settle".into(), post_json("/v1/settle", &e)));
    }
    // No gameId, handNumber or names: the answer leaves them out.
    let bare = json!({"variant": "holdem", "buttonSeat": 1, "board": ["Ah", "Kh", "9h", "7h", "2h"],
        "players": [{"id": "a", "seat": 1, "stack": 10, "committed": 5, "cards": ["3c", "4d"]},
                    {"id": "b", "seat": 2, "stack": 10, "committed": 5, "cards": ["5s", "6d"]}]});
    requests.push(("/v1/settle".into(), post_json("/v1/settle", &bare)));
    for e in request_examples(doc, "/v1/settle/phh") {
        let text = e.as_str().unwrap().to_string();
        requests.push((
            "/v1/settle/phh".into(),
            post("/v1/settle/phh", "application/toml", text),
        ));
    }
    requests
}

/// The other routes' requests: their examples and a few that ask for
/// every option or none.
fn route_requests(doc: &Value) -> Vec<(String, Request<Body>)> {
    let mut requests: Vec<(String, Request<Body>)> = Vec::new();
    // An audit under tda: no seed, no small blind seat; one player races
    // nothing (no best card, no award), the other is raced out.
    let race = json!({"removedDenomination": 5, "colorUpTo": 25, "players": [
        {"id": "a", "seat": 1, "leftoverChips": 5, "otherChips": 100},
        {"id": "b", "seat": 2, "leftoverChips": 2, "otherChips": 0, "cards": ["Ah", "Kd"]}]});
    for e in request_examples(doc, "/v1/chip-race")
        .into_iter()
        .chain([race])
    {
        requests.push(("/v1/chip-race".into(), post_json("/v1/chip-race", &e)));
    }
    // The forward button, a table breaking, a heads-up table with waiters.
    let tables = json!({"buttonRule": "forward", "tables": [
        {"id": "t1", "seats": 6, "buttonSeat": 2, "smallBlindSeat": 2, "bigBlindSeat": 1,
         "players": [{"id": "a", "seat": 1}, {"id": "b", "seat": 2}, {"id": "c", "seat": 4, "arrived": true}]},
        {"id": "t2", "seats": 6, "buttonSeat": 1, "smallBlindSeat": 2, "bigBlindSeat": 3,
         "players": [{"id": "d", "seat": 3}]}]});
    // The dead button with the big blind busted: the small blind is dead.
    let dead = json!({"tables": [{"id": "t1", "seats": 9, "smallBlindSeat": 2, "bigBlindSeat": 3,
        "players": [{"id": "a", "seat": 1}, {"id": "b", "seat": 2}, {"id": "c", "seat": 5}]}]});
    for e in request_examples(doc, "/v1/tables")
        .into_iter()
        .chain([tables, dead])
    {
        requests.push(("/v1/tables".into(), post_json("/v1/tables", &e)));
    }
    // Hand for hand by seat, with a prize unit and a bust out of the money.
    let prizes = json!({"playersLeft": 5, "prizes": [600, 300, 100], "prizeUnit": 100, "tiedPlaces": "seat",
        "players": [{"id": "a", "stack": 7, "tieBreak": 2}, {"id": "b", "stack": 7, "tieBreak": 1}, {"id": "c", "stack": 1, "tieBreak": 1}]});
    for e in request_examples(doc, "/v1/prizes")
        .into_iter()
        .chain([prizes])
    {
        requests.push(("/v1/prizes".into(), post_json("/v1/prizes", &e)));
    }
    // Every method, the defaults left out, and a table shorter than the field.
    for (method, prizes) in [("chipChop", json!([300, 100])), ("equal", json!([]))] {
        let e = json!({"method": method, "prizes": prizes,
            "players": [{"id": "a", "stack": 7}, {"id": "b", "stack": 2}, {"id": "c", "stack": 2}]});
        requests.push(("/v1/deals".into(), post_json("/v1/deals", &e)));
    }
    for e in request_examples(doc, "/v1/deals") {
        requests.push(("/v1/deals".into(), post_json("/v1/deals", &e)));
    }
    let draw = json!({"seed": 7, "players": [{"id": "a", "seat": 1}, {"id": "b", "name": "B", "seat": 2}]});
    for e in request_examples(doc, "/v1/draw").into_iter().chain([draw]) {
        requests.push(("/v1/draw".into(), post_json("/v1/draw", &e)));
    }
    for path in ["/v1/settle/ohh", "/v1/betting"] {
        for e in request_examples(doc, path) {
            requests.push((path.into(), post_json(path, &e)));
        }
    }
    // A hand so far: the big blind to post is not an action, so the small
    // blind's opponent acts with a call, a raise and an all-in open.
    let mut so_far = ohh_hand(json!(100), 0);
    so_far["ohh"]["rounds"][0]["actions"]
        .as_array_mut()
        .unwrap()
        .push(json!({"player_id": 1, "action": "Post BB", "amount": 2}));
    requests.push(("/v1/betting".into(), post_json("/v1/betting", &so_far)));
    // The button calls (the big blind may check or raise), shoves (the big
    // blind may only call) or folds (nobody is to act).
    for last in [
        json!({"player_id": 0, "action": "Call", "amount": 1}),
        json!({"player_id": 0, "action": "Raise", "amount": 99, "is_allin": true}),
        json!({"player_id": 0, "action": "Fold"}),
    ] {
        let mut hand = so_far.clone();
        hand["ohh"]["rounds"][0]["actions"]
            .as_array_mut()
            .unwrap()
            .push(last);
        requests.push(("/v1/betting".into(), post_json("/v1/betting", &hand)));
    }
    for path in ["/v1/variants", "/healthz", "/readyz"] {
        requests.push((path.into(), get(path)));
    }
    requests
}

/// A request body that never ends: only the timeout answers it.
pub(crate) fn endless(path: &str) -> Request<Body> {
    let stream = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
    post(path, "application/json", Body::from_stream(stream))
}

/// One request a route refuses for each 4xx its document shows, each
/// for a service of its own with the default settings.
/// A two-player OHH hand so far: a stack of `stack`, the small blind
/// posted by player `poster`.
fn ohh_hand(stack: Value, poster: u64) -> Value {
    json!({"ohh": {"game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "dealer_seat": 1,
        "small_blind_amount": 1, "big_blind_amount": 2,
        "players": [{"id": 0, "seat": 1, "starting_stack": stack},
            {"id": 1, "seat": 2, "starting_stack": 100}],
        "rounds": [{"street": "Preflop",
            "actions": [{"player_id": poster, "action": "Post SB", "amount": 1}]}]}})
}

fn plain_error_requests() -> Vec<Request<Body>> {
    let stack = json!({"variant": "holdem", "buttonSeat": 1,
        "players": [{"id": "a", "seat": 1, "stack": -5, "committed": 0}]});
    let zz = json!({"variant": "holdem", "board": ["Ah", "Kh", "9h", "7h", "2h"], "players": [
        {"id": "a", "seat": 1, "stack": 100, "committed": 10, "cards": ["3c", "4d"]},
        {"id": "b", "seat": 2, "stack": 100, "committed": 10, "cards": ["5s", "Zz"]}]});
    let hidden = "variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [10, 10]\n\
        actions = ['d dh p1 ????', 'd dh p2 AsAd', 'p2 cc', 'p1 cc', 'd db 2c3c4d5h9s']\n";
    let race_shape = json!({"removedDenomination": 5, "colorUpTo": "25", "players": []});
    let race = json!({"removedDenomination": 5, "colorUpTo": 12,
        "players": [{"id": "a", "seat": 0, "leftoverChips": 3, "otherChips": 100}]});
    let draw_shape = json!({"players": [{"id": "a", "seat": 1, "card": "Kh"},
        {"id": "b", "seat": 2, "card": "Kh", "colour": 1}]});
    let draw = json!({"players": [{"id": "a", "seat": 1, "card": "Kh"}, {"id": "b", "seat": 1, "card": "Kh"}]});
    let equity_shape = json!({"variant": "holdem", "players": [{"id": "a", "cards": "AhKh"},
        {"id": "b", "cards": ["Qs", "Qd"]}]});
    let equity = json!({"variant": "holdem", "board": ["Qh", "7h"], "players": [
        {"id": "a", "cards": ["Ah", "Kh"]}, {"id": "b", "cards": ["Qs", "Qh"]}]});
    let tables_shape = json!({"tables": [{"id": "t1", "seats": "9", "smallBlindSeat": 1,
        "bigBlindSeat": 2, "players": [{"id": "p1", "seat": 1}]}]});
    let tables = json!({"tables": [
        {"id": "t1", "seats": 30, "smallBlindSeat": 1, "bigBlindSeat": 2, "players": [{"id": "p1", "seat": 1}]},
        {"id": "t2", "seats": 9, "smallBlindSeat": 1, "bigBlindSeat": 2,
         "players": [{"id": "p2", "seat": 1}, {"id": "p1", "seat": 2}]}]});
    let prizes_shape =
        json!({"playersLeft": 4, "prizes": [1], "players": [{"id": "a", "stack": -300}]});
    let prizes = json!({"playersLeft": 3, "prizes": [50000, 30000, 10000, 12000], "players": [
        {"id": "a", "stack": 1}, {"id": "b", "stack": 2}, {"id": "c", "stack": 3}]});
    let deals_shape = json!({"method": "icm", "prizes": [100],
        "players": [{"id": "a", "stack": -5}, {"id": "b", "stack": 5}]});
    let deals = json!({"method": "chipchop", "prizes": [100, 200],
        "players": [{"id": "a", "stack": 5}, {"id": "b", "stack": 5}]});
    // Over the settle route's own limit (API.md: 1 MiB).
    let big = vec![b' '; (1 << 20) + 1];

    vec![
        post_json("/v1/settle", &stack),
        post("/v1/settle/phh", "application/toml", "variant = 'NT'"),
        post_json("/v1/settle/ohh", &ohh_hand(json!("100"), 1)),
        post_json("/v1/betting", &ohh_hand(json!(100), 7)),
        post_json("/v1/chip-race", &race_shape),
        post_json("/v1/draw", &draw_shape),
        post_json("/v1/tables", &tables_shape),
        post_json("/v1/tables", &tables),
        post_json("/v1/prizes", &prizes_shape),
        post_json("/v1/prizes", &prizes),
        post_json("/v1/deals", &deals_shape),
        post_json("/v1/deals", &deals),
        post("/v1/settle", "application/json", big),
        post("/v1/settle", "text/plain", "{}"),
        post("/v1/settle/phh", "application/json", "{}"),
        post_json("/v1/settle", &zz),
        post("/v1/settle/phh", "application/toml", hidden),
        post_json("/v1/chip-race", &race),
        post_json("/v1/draw", &draw),
        post_json("/v1/equity", &equity_shape),
        post_json("/v1/equity", &equity),
    ]
}

/// Real error answers: (path, answer) for every status the document gives
/// an example of, but 500 (only a bug gives it).
pub(crate) async fn error_answers(doc: &Value) -> Vec<(String, Reply)> {
    let short = || AppConfig {
        request_timeout: std::time::Duration::from_millis(50),
        ..AppConfig::default()
    };
    let with_tokens = AppConfig {
        auth: AuthConfig::load(None, Some("secret")).unwrap(),
        ..AppConfig::default()
    };
    let mut private_metrics = AppConfig::default();
    private_metrics.auth.metrics_public = false;
    let plain = plain_error_requests();
    let mut cases: Vec<(AppConfig, Request<Body>)> = plain
        .into_iter()
        .map(|r| (AppConfig::default(), r))
        .collect();
    cases.push((private_metrics, get("/metrics")));
    cases.push((short(), endless("/v1/settle")));
    for path in paths(doc)
        .into_iter()
        .filter(|p| !matches!(p.as_str(), "/healthz" | "/readyz"))
    {
        let (method, _) = operation(doc, &path);
        let req = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        cases.push((with_tokens.clone(), req));
    }
    let mut out = Vec::new();
    for (config, req) in cases {
        let path = req.uri().path().to_string();
        out.push((path, send(app(AppState::new(config)), req).await));
    }
    // 503: every slot of the concurrency limit taken, and shutdown begun.
    let busy = AppState::new(AppConfig {
        concurrency_limit: 1,
        ..AppConfig::default()
    });
    let _held = busy.limiter.clone().try_acquire_owned().unwrap();
    let settle = request_examples(doc, "/v1/settle").remove(0);
    out.push((
        "/v1/settle".into(),
        send(app(busy.clone()), post_json("/v1/settle", &settle)).await,
    ));
    // 503 of the compute pool: every enumeration slot taken.
    let pool = AppState::default();
    let slots = pool.compute.slots().clone();
    let n = slots.available_permits() as u32;
    let _pool_held = slots.try_acquire_many_owned(n).unwrap();
    let spot = request_examples(doc, "/v1/equity").remove(0);
    out.push((
        "/v1/equity".into(),
        send(app(pool), post_json("/v1/equity", &spot)).await,
    ));
    let closing = AppState::default();
    closing
        .ready
        .store(false, std::sync::atomic::Ordering::Relaxed);
    out.push(("/readyz".into(), send(app(closing), get("/readyz")).await));
    out
}

/// An error answer as the document's example shows it: no request id (it
/// differs every time), numbers in `detail` (a timeout, a limit) as `#`.
pub(crate) fn normalized(mut problem: Value) -> Value {
    let map = problem.as_object_mut().unwrap();
    map.remove("requestId");
    if let Some(Value::String(d)) = map.get_mut("detail") {
        let mut out = String::new();
        for c in d.chars() {
            if !c.is_ascii_digit() {
                out.push(c);
            } else if !out.ends_with('#') {
                out.push('#');
            }
        }
        *d = out;
    }
    problem
}

/// The schema of `status`'s answer of `path` for `content_type`.
pub(crate) fn answer_schema<'a>(
    doc: &'a Value,
    path: &str,
    status: u16,
    content_type: &str,
) -> &'a Value {
    let (_, op) = operation(doc, path);
    let content = &op["responses"][status.to_string()]["content"];
    let media = content
        .as_object()
        .and_then(|c| {
            c.keys()
                .find(|k| content_type.starts_with(k.split(';').next().unwrap()))
        })
        .unwrap_or_else(|| panic!("{path} {status}: {content_type} is not documented"));
    &content[media]["schema"]
}

/// Every answer of the service fits its schema, and the schemas are exact:
/// a field every answer carries is `required` (openapi-typescript then
/// types it non-optional), a field left out of some answer is not, and only
/// fields seen null are nullable (a field left out is never null).
#[tokio::test]
async fn answers_have_exactly_the_required_fields_and_null_only_where_nullable() {
    let doc = doc();
    let mut seen = Seen::default();
    let mut answers = success_answers(&doc).await;
    answers.extend(error_answers(&doc).await);
    for (path, r) in &answers {
        let schema = answer_schema(&doc, path, r.status.as_u16(), r.content_type());
        seen.walk(
            &doc,
            schema,
            &r.json(),
            &format!("{path} {}", r.status.as_u16()),
        );
    }
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    for (name, instances) in &seen.keys {
        let mut always = instances[0].clone();
        for keys in instances {
            always.retain(|k| keys.contains(k));
        }
        let schema = &schemas[name];
        let required = required(schema);
        for k in always.difference(&required) {
            seen.faults
                .push(format!("{name}.{k}: in every answer, not required"));
        }
        for (prop, s) in schema["properties"].as_object().into_iter().flatten() {
            if nullable(s) && !seen.nulls.contains(&(name.clone(), prop.clone())) {
                seen.faults
                    .push(format!("{name}.{prop}: nullable, never null"));
            }
        }
    }
    for name in [
        "HandCompleteEvent",
        "HandComplete",
        "PotBreakdownEntry",
        "HandRank",
        "Pot",
        "Share",
        "Uncalled",
        "Take",
        "Board",
        "BoardHand",
        "PotBoard",
        "BoardHalf",
        "ExplainStep",
        "ChipRaceResponse",
        "ChipRacePlayerResult",
        "ChipRaceAward",
        "DrawResponse",
        "DrawPlayerResult",
        "VariantsResponse",
        "Variant",
        "Health",
        "ToAct",
        "OptionsAnswer",
        "Range",
        "Over",
        "Problem",
        "FieldError",
    ] {
        assert!(seen.keys.contains_key(name), "no answer shows {name}");
    }
    assert!(seen.faults.is_empty(), "{:#?}", seen.faults);
}

/// Every error example of the document is an answer the service really
/// gives on that route (a 500 only fits the shape: only a bug gives it),
/// every real error is documented on its route, and each is problem+json.
#[tokio::test]
async fn error_examples_are_real_answers_of_their_routes() {
    let doc = doc();
    let mut real: BTreeMap<(String, u16), Value> = BTreeMap::new();
    for (path, r) in error_answers(&doc).await {
        let status = r.status.as_u16();
        assert_eq!(
            r.content_type(),
            "application/problem+json",
            "{path} {status}"
        );
        let (_, op) = operation(&doc, &path);
        assert!(
            op["responses"][status.to_string()].is_object(),
            "{path} {status} undocumented"
        );
        real.insert((path, status), normalized(r.json()));
    }
    let mut checked = 0;
    for path in paths(&doc) {
        let (_, op) = operation(&doc, &path);
        for (status, response) in op["responses"].as_object().unwrap() {
            let status: u16 = status.parse().unwrap();
            let Some(example) = response["content"]["application/problem+json"].get("example")
            else {
                assert!(status < 400 || status == 431, "{path} {status}: no example");
                continue;
            };
            assert_eq!(example["status"], status, "{path}");
            if status == 500 {
                assert_eq!(example["type"], "about:blank", "{path}");
                continue;
            }
            let example = normalized(example.clone());
            let fits = match real.get(&(path.clone(), status)) {
                Some(answer) => *answer == example,
                None => real.iter().any(|((_, s), a)| *s == status && *a == example),
            };
            assert!(
                fits,
                "{path} {status}: the example is no real answer: {example}"
            );
            checked += 1;
        }
    }
    assert!(checked >= 30, "only {checked} examples checked");
}
