//! The OpenAPI document: snapshot-tested, and the committed
//! `openapi/openapi.json` must be exactly what the code derives.
//!
//! When a route or schema changes on purpose: `make openapi` rewrites the
//! file, `INSTA_UPDATE=always cargo test -p showdown-server --test it openapi::`
//! (or `cargo insta accept`) the snapshot.

use crate::common;

use axum::body::{Body, Bytes};
use axum::http::{header, Method, Request};
use common::{send, Reply};
use serde_json::{json, Value};
use showdown_server::auth::AuthConfig;
use showdown_server::cli::openapi_text;
use showdown_server::config::AppConfig;
use showdown_server::{app, AppState};
use std::collections::{BTreeMap, BTreeSet};

#[test]
fn openapi_document_snapshot() {
    let doc: serde_json::Value = serde_json::from_str(&openapi_text()).unwrap();
    insta::assert_json_snapshot!("openapi", doc);
}

#[test]
fn committed_openapi_json_is_what_the_code_derives() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/openapi.json");
    let committed =
        std::fs::read_to_string(path).expect("openapi/openapi.json exists (make openapi)");
    assert!(
        committed == openapi_text(),
        "openapi/openapi.json is stale: run `make openapi` and commit it"
    );
}

#[test]
fn document_is_openapi_3_1_and_covers_the_contract() {
    let doc: serde_json::Value = serde_json::from_str(&openapi_text()).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/v1/settle",
        "/v1/variants",
        "/healthz",
        "/readyz",
        "/metrics",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
    let settle = &doc["paths"]["/v1/settle"]["post"];
    for status in ["200", "400", "413", "415", "422"] {
        assert!(
            settle["responses"][status].is_object(),
            "settle {status} missing"
        );
    }
    assert!(settle["responses"]["422"]["content"]["application/problem+json"].is_object());
    // Examples: the request of API.md is in the schema.
    assert_eq!(
        doc["components"]["schemas"]["SettleRequest"]["example"]["gameId"],
        "poker-game-123"
    );
}

#[tokio::test]
async fn served_document_equals_the_derived_one() {
    use tower::ServiceExt;
    let res = showdown_server::app(showdown_server::AppState::default())
        .oneshot(
            axum::http::Request::get("/openapi.json")
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    let served: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let derived: serde_json::Value = serde_json::from_str(&openapi_text()).unwrap();
    assert_eq!(served, derived);
}

fn doc() -> Value {
    serde_json::from_str(&openapi_text()).unwrap()
}

/// The document's statuses of `path`'s one operation, and that operation.
fn operation<'a>(doc: &'a Value, path: &str) -> (Method, &'a Value) {
    let item = &doc["paths"][path];
    for method in [Method::GET, Method::POST] {
        let op = &item[method.as_str().to_ascii_lowercase()];
        if op.is_object() {
            return (method, op);
        }
    }
    panic!("{path} has no GET or POST");
}

fn paths(doc: &Value) -> Vec<String> {
    doc["paths"].as_object().unwrap().keys().cloned().collect()
}

/// A schema behind its `$ref` (the schema itself when it has none), and
/// the component's name.
fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> (&'a Value, Option<&'a str>) {
    let name = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"));
    match name {
        Some(n) => (&doc["components"]["schemas"][n], Some(n)),
        None => (schema, None),
    }
}

/// Whether a schema takes null: `type` lists it, or a `oneOf` branch is it.
fn nullable(schema: &Value) -> bool {
    schema["type"]
        .as_array()
        .is_some_and(|t| t.contains(&json!("null")))
        || schema["oneOf"]
            .as_array()
            .is_some_and(|b| b.iter().any(|s| s["type"] == "null"))
}

/// The branch of a `oneOf` that is not null, or the schema itself.
fn non_null(schema: &Value) -> &Value {
    schema["oneOf"]
        .as_array()
        .and_then(|b| b.iter().find(|s| s["type"] != "null"))
        .unwrap_or(schema)
}

/// Whether `object` has every field its schema requires of it: its
/// `required`, and in an `allOf`, those of each `if`'s `then` or `else`
/// branch as the object takes it (a table has `firstHand: true` or its
/// blinds), `const` values matching.
fn complete(schema: &Value, object: &serde_json::Map<String, Value>) -> bool {
    let has = |s: &Value| {
        required(s).iter().all(|k| {
            object
                .get(k)
                .is_some_and(|v| s["properties"][k].get("const").is_none_or(|c| c == v))
        })
    };
    let holds = |c: &Value| match c.get("if") {
        Some(cond) => has(&c[if has(cond) { "then" } else { "else" }]),
        None => has(c),
    };
    has(schema)
        && schema["allOf"]
            .as_array()
            .is_none_or(|all| all.iter().all(holds))
}

fn required(schema: &Value) -> BTreeSet<String> {
    schema["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|r| r.as_str().map(String::from))
        .collect()
}

/// Every property says what it is, and so does every schema: generated
/// clients show these words, and a money field must say which chips it counts.
#[test]
fn every_schema_and_every_property_has_a_description() {
    let doc = doc();
    let described = |s: &Value| {
        s["description"]
            .as_str()
            .is_some_and(|d| !d.trim().is_empty())
    };
    let mut missing = Vec::new();
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        if !described(schema) {
            missing.push(name.clone());
        }
        for (prop, s) in schema["properties"].as_object().into_iter().flatten() {
            if !described(s) {
                missing.push(format!("{name}.{prop}"));
            }
        }
    }
    assert!(missing.is_empty(), "no description: {missing:?}");
}

/// The card pattern of the document is the parser's: every string the
/// parser reads matches it and every string it refuses does not, so a
/// client that checks the pattern refuses nothing the service takes.
#[test]
fn the_card_pattern_accepts_exactly_what_the_parser_accepts() {
    let doc = doc();
    let pattern = doc["components"]["schemas"]["CardName"]["pattern"]
        .as_str()
        .unwrap();
    let re = regex::Regex::new(pattern).unwrap();
    let alphabet: Vec<char> = "0123456789TJQKAtjqkacdhsCDHSxé ".chars().collect();
    let mut texts: Vec<String> = vec![String::new(), "10h".into(), "Ah ".into(), "AhK".into()];
    for &a in &alphabet {
        texts.push(a.to_string());
        for &b in &alphabet {
            texts.push(format!("{a}{b}"));
        }
    }
    let mut accepted = 0;
    for t in &texts {
        let parsed = t.parse::<showdown_cards::Card>().is_ok();
        assert_eq!(re.is_match(t), parsed, "{t:?}");
        accepted += usize::from(parsed);
    }
    assert_eq!(accepted, 52);
}

/// What a walk of answers saw of each schema: the keys of every object,
/// the properties seen null, and what did not fit the document.
#[derive(Default)]
struct Seen {
    keys: BTreeMap<String, Vec<BTreeSet<String>>>,
    nulls: BTreeSet<(String, String)>,
    faults: Vec<String>,
}

impl Seen {
    /// Checks `value` (at `at`) against `schema`: required fields present,
    /// no field the schema does not declare, null only where nullable.
    fn walk(&mut self, doc: &Value, schema: &Value, value: &Value, at: &str) {
        if value.is_null() {
            if !nullable(schema) {
                self.faults.push(format!("{at}: null, not nullable"));
            }
            return;
        }
        let (s, name) = resolve(doc, non_null(schema));
        match value {
            Value::Object(map) => {
                if let Some(props) = s["properties"].as_object() {
                    let name = name.unwrap_or("(inline)").to_string();
                    for r in required(s) {
                        if !map.contains_key(&r) {
                            self.faults
                                .push(format!("{at}: required {name}.{r} missing"));
                        }
                    }
                    for (k, v) in map {
                        let Some(ps) = props.get(k) else {
                            self.faults
                                .push(format!("{at}/{k}: not a property of {name}"));
                            continue;
                        };
                        if v.is_null() {
                            self.nulls.insert((name.clone(), k.clone()));
                        }
                        self.walk(doc, ps, v, &format!("{at}/{k}"));
                    }
                    self.keys
                        .entry(name)
                        .or_default()
                        .push(map.keys().cloned().collect());
                } else if s["additionalProperties"].is_object() {
                    for (k, v) in map {
                        self.walk(doc, &s["additionalProperties"], v, &format!("{at}/{k}"));
                    }
                }
            }
            Value::Array(items) if s["items"].is_object() => {
                for (i, v) in items.iter().enumerate() {
                    self.walk(doc, &s["items"], v, &format!("{at}/{i}"));
                }
            }
            _ => {}
        }
    }
}

fn post(path: &str, content_type: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, content_type)
        .body(body.into())
        .unwrap()
}

fn post_json(path: &str, body: &Value) -> Request<Body> {
    post(path, "application/json", serde_json::to_vec(body).unwrap())
}

fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).unwrap()
}

/// The request examples of an operation's JSON or TOML body, and its
/// schema's example.
fn request_examples(doc: &Value, path: &str) -> Vec<Value> {
    let body = &doc["paths"][path]["post"]["requestBody"]["content"];
    let mut out = Vec::new();
    for content in body.as_object().into_iter().flatten().map(|(_, c)| c) {
        out.extend(
            content["example"]
                .as_object()
                .map(|_| content["example"].clone()),
        );
        out.extend(content["example"].as_str().map(|t| json!(t)));
        for e in content["examples"].as_object().into_iter().flatten() {
            out.push(e.1["value"].clone());
        }
        let (schema, _) = resolve(doc, &content["schema"]);
        out.extend(
            schema["example"]
                .as_object()
                .map(|_| schema["example"].clone()),
        );
    }
    out
}

/// Real answers of every route to requests that ask for nothing optional
/// and to requests that ask for everything: the golden requests, the
/// document's own examples, and a few bare ones.
async fn success_answers(doc: &Value) -> Vec<(String, Reply)> {
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
    for path in ["/v1/variants", "/healthz", "/readyz"] {
        requests.push((path.into(), get(path)));
    }
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

/// A request body that never ends: only the timeout answers it.
fn endless(path: &str) -> Request<Body> {
    let stream = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
    post(path, "application/json", Body::from_stream(stream))
}

/// Real error answers: (path, answer) for every status the document gives
/// an example of, but 500 (only a bug gives it).
async fn error_answers(doc: &Value) -> Vec<(String, Reply)> {
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
    let big = vec![b' '; AppConfig::default().body_limit + 1];

    // Each on a service of its own, with the default settings.
    let plain = [
        post_json("/v1/settle", &stack),
        post("/v1/settle/phh", "application/toml", "variant = 'NT'"),
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
    ];
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
fn normalized(mut problem: Value) -> Value {
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
fn answer_schema<'a>(doc: &'a Value, path: &str, status: u16, content_type: &str) -> &'a Value {
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

/// The request schemas are exact too: leaving out a field the document
/// requires is a 400, leaving out any other is not; null is taken exactly
/// where the document says nullable. Checked field by field on requests
/// that use every property of every request schema.
#[tokio::test]
async fn requests_need_exactly_the_required_fields_and_take_null_where_nullable() {
    let doc = doc();
    let full = [
        (
            "/v1/settle",
            json!({"gameId": "g", "handNumber": 1, "variant": "holdem", "rules": "tda",
            "hiLoOddChips": "tda", "chipUnit": 1, "buttonSeat": 1, "board": ["Ah", "Kh", "9h", "7h", "2h"], "deadMoney": 0,
            "players": [
                {"id": "a", "name": "A", "seat": 1, "stack": 100, "committed": 10, "dead": 0,
                 "folded": false, "cards": ["3c", "4d"], "bounty": 0},
                {"id": "b", "seat": 2, "stack": 100, "committed": 10, "cards": ["5s", "6d"]}],
            "rake": {"percentBp": 500, "cap": 10, "capsByPlayersDealt": [{"minPlayers": 2, "cap": 5}],
                     "playersDealt": 2, "rounding": "down", "spread": "mainFirst", "noFlopNoDrop": true,
                     "attribution": "dealt"},
            "jackpot": {"amount": 1, "minPot": 0, "noFlopNoDrop": true},
            "boards": [["Ah", "Kh", "9h", "7h", "2h"]], "explain": true,
            "cashOuts": [{"agentId": "a", "boardCards": 3, "feeBp": 100, "feeRounding": "nearest"}],
            "badBeat": {"pool": 100, "minLosingHand": ["Ah", "Ad", "Ac", "Th", "Td"],
                        "bothHoleCardsPlay": true, "minPlayersDealt": 2, "playersDealt": 2,
                        "loserBp": 5000, "winnerBp": 2500, "tableBp": 2500},
            "tournament": {"bountyUnit": 1, "progressiveBp": 5000, "playersLeft": 2,
                           "smallBlindSeat": 1, "bigBlindSeat": 2, "buttonRule": "dead",
                           "prizes": [2, 1], "prizeUnit": 1, "tiedPlaces": "split"}}),
        ),
        (
            "/v1/equity",
            json!({"variant": "holdem", "board": ["Qh", "7h", "2c"], "dead": ["3s"],
            "players": [{"id": "a", "cards": ["Ah", "Kh"]}, {"id": "b", "cards": ["Qs", "Qd"]}]}),
        ),
        (
            "/v1/chip-race",
            json!({"removedDenomination": 5, "colorUpTo": 25, "convention": "standard",
            "smallBlindSeat": 1, "seed": 1, "players": [
                {"id": "a", "name": "A", "seat": 1, "leftoverChips": 3, "otherChips": 10,
                 "cards": ["Ah", "Kd", "Qs"]}]}),
        ),
        (
            "/v1/tables",
            json!({"buttonRule": "dead", "maxDifference": 1, "haltDifference": 3, "tables": [
                {"id": "t1", "seats": 9, "buttonSeat": 1, "smallBlindSeat": 2, "bigBlindSeat": 3,
                 "players": [{"id": "a", "seat": 1, "arrived": false}, {"id": "b", "seat": 2}]}]}),
        ),
        (
            "/v1/prizes",
            json!({"playersLeft": 3, "prizes": [2, 1], "prizeUnit": 1, "tiedPlaces": "split",
                "players": [{"id": "a", "stack": 1, "tieBreak": 1}]}),
        ),
        (
            "/v1/tables",
            json!({"tables": [
                {"id": "t1", "seats": 9, "firstHand": true, "buttonSeat": 1,
                 "players": [{"id": "a", "seat": 1}, {"id": "b", "seat": 2}]}]}),
        ),
        (
            "/v1/deals",
            json!({"method": "icm", "prizes": [300, 100], "prizeUnit": 100, "setAside": 100,
            "players": [{"id": "a", "stack": 3}, {"id": "b", "stack": 2}]}),
        ),
        (
            "/v1/draw",
            json!({"purpose": "button", "dealerSeat": 1, "seed": 3, "players": [
            {"id": "a", "name": "A", "seat": 1, "card": "Ah"}, {"id": "b", "seat": 2}]}),
        ),
    ];
    let mut faults = Vec::new();
    let mut used: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, body) in full {
        let schema =
            &doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"];
        // (pointer, schema) of every object of the request, arrays by their first item.
        let mut objects = vec![(String::new(), schema.clone())];
        while let Some((ptr, schema)) = objects.pop() {
            let (s, name) = resolve(&doc, non_null(&schema));
            let s = s.clone();
            let name = name.unwrap_or("(inline)").to_string();
            let object = body.pointer(&ptr).unwrap().as_object().unwrap().clone();
            for (k, v) in &object {
                let (mut without, mut null) = (object.clone(), object.clone());
                without.remove(k);
                null.insert(k.clone(), Value::Null);
                let required = !complete(&s, &without);
                used.entry(name.clone()).or_default().insert(k.clone());
                let prop = &s["properties"][k];
                let at = format!("{ptr}/{k}");
                let answer = |mut b: Value, null: bool| {
                    let parent = b.pointer_mut(&ptr).unwrap().as_object_mut().unwrap();
                    if null {
                        parent.insert(k.clone(), Value::Null);
                    } else {
                        parent.remove(k);
                    }
                    send(app(AppState::default()), post_json(path, &b))
                };
                let r = answer(body.clone(), false).await;
                let missing =
                    r.status == 400 && r.json()["detail"].as_str().unwrap().contains("missing");
                if missing != required {
                    faults.push(format!(
                        "{path}{at}: left out gives {}, required {required}",
                        r.status,
                    ));
                }
                let r = answer(body.clone(), true).await;
                let takes_null = nullable(prop) && complete(&s, &null);
                if (r.status != 400) != takes_null {
                    faults.push(format!(
                        "{path}{at}: null gives {}, nullable {takes_null}",
                        r.status,
                    ));
                }
                let (inner, _) = resolve(&doc, non_null(prop));
                if v.is_object() {
                    objects.push((at, prop.clone()));
                } else if v
                    .as_array()
                    .is_some_and(|a| a.first().is_some_and(Value::is_object))
                {
                    objects.push((format!("{at}/0"), inner["items"].clone()));
                }
            }
        }
    }
    for (name, keys) in &used {
        let declared: BTreeSet<String> = doc["components"]["schemas"][name]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .cloned()
            .collect();
        assert_eq!(
            &declared, keys,
            "{name}: the requests above use every property"
        );
    }
    assert!(faults.is_empty(), "{faults:#?}");
}

/// The statuses every route documents: what the edge gives on every route
/// (408, 431, 500), on the API routes (413, 503), on routes with a body
/// (400, 415, 422), behind tokens (401), and each route's own.
#[test]
fn every_route_documents_the_errors_it_can_give() {
    let doc = doc();
    for path in paths(&doc) {
        let (_, op) = operation(&doc, &path);
        let has = |s: &str| op["responses"][s].is_object();
        let mut want = vec!["200", "408", "431", "500"];
        if path.starts_with("/v1/") {
            want.extend(["401", "413", "503"]);
        }
        if op["requestBody"].is_object() {
            want.extend(["400", "415", "422"]);
        }
        match path.as_str() {
            "/metrics" => want.extend(["401", "404"]),
            "/readyz" => want.push("503"),
            _ => {}
        }
        for s in want {
            assert!(has(s), "{path} documents no {s}");
        }
        let guarded = !matches!(path.as_str(), "/healthz" | "/readyz");
        assert_eq!(has("401"), guarded, "{path}");
        assert_eq!(op["security"].is_array(), guarded, "{path}");
    }
    let metrics = &doc["paths"]["/metrics"]["get"]["responses"]["200"]["content"];
    assert!(metrics["application/openmetrics-text; version=1.0.0; charset=utf-8"].is_object());
    let phh = &doc["paths"]["/v1/settle/phh"]["post"]["requestBody"]["content"];
    assert!(phh["application/toml"].is_object() && phh["text/plain"].is_object());
}

/// API.md documents every property of every schema of the document: each
/// name appears there as `name`, `a.name`, `name[]` or "name" (the
/// document is generated from the code, so a field added to a type and
/// left out of the guide fails here).
#[test]
fn api_md_names_every_property_of_every_schema() {
    let doc = doc();
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/API.md"))
            .unwrap();
    let mut missing = Vec::new();
    for (schema, body) in doc["components"]["schemas"].as_object().unwrap() {
        for prop in body["properties"]
            .as_object()
            .into_iter()
            .flatten()
            .map(|(k, _)| k)
        {
            let forms = [
                format!("`{prop}`"),
                format!(".{prop}`"),
                format!("`{prop}[]"),
                format!("\"{prop}\""),
            ];
            if !forms.iter().any(|f| guide.contains(f.as_str())) {
                missing.push(format!("{schema}.{prop}"));
            }
        }
    }
    assert!(missing.is_empty(), "not in API.md: {missing:?}");
}

/// Every problem type the service emits is in API.md's table of errors.
#[test]
fn api_md_lists_every_problem_type() {
    let guide =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/API.md"))
            .unwrap();
    use showdown_contract::problem::*;
    for kind in [TYPE_MALFORMED, TYPE_INVALID_HAND, TYPE_INVALID_REQUEST] {
        assert!(guide.contains(&format!("| `{kind}` |")), "{kind}");
    }
}
