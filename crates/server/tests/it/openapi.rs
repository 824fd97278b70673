//! The OpenAPI document: snapshot-tested, and the committed
//! `openapi/openapi.json` must be exactly what the code derives.
//!
//! When a route or schema changes on purpose: `make openapi` rewrites the
//! file, `INSTA_UPDATE=always cargo test -p showdown-server --test it openapi::`
//! (or `cargo insta accept`) the snapshot.
//!
//! The document's helpers live here; `openapi_answers` holds the tests
//! against real answers, `openapi_requests` those against real requests.

use axum::body::Body;
use axum::http::{header, Method, Request};
use serde_json::{json, Value};
use showdown_server::cli::openapi_text;
use std::collections::{BTreeMap, BTreeSet};

#[test]
pub(crate) fn openapi_document_snapshot() {
    let doc: serde_json::Value = serde_json::from_str(&openapi_text()).unwrap();
    insta::assert_json_snapshot!("openapi", doc);
}

#[test]
pub(crate) fn committed_openapi_json_is_what_the_code_derives() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/openapi.json");
    let committed =
        std::fs::read_to_string(path).expect("openapi/openapi.json exists (make openapi)");
    assert!(
        committed == openapi_text(),
        "openapi/openapi.json is stale: run `make openapi` and commit it"
    );
}

#[test]
pub(crate) fn document_is_openapi_3_1_and_covers_the_contract() {
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

pub(crate) fn doc() -> Value {
    serde_json::from_str(&openapi_text()).unwrap()
}

/// The document's statuses of `path`'s one operation, and that operation.
pub(crate) fn operation<'a>(doc: &'a Value, path: &str) -> (Method, &'a Value) {
    let item = &doc["paths"][path];
    for method in [Method::GET, Method::POST] {
        let op = &item[method.as_str().to_ascii_lowercase()];
        if op.is_object() {
            return (method, op);
        }
    }
    panic!("{path} has no GET or POST");
}

pub(crate) fn paths(doc: &Value) -> Vec<String> {
    doc["paths"].as_object().unwrap().keys().cloned().collect()
}

/// A schema behind its `$ref` (the schema itself when it has none), and
/// the component's name.
pub(crate) fn resolve<'a>(doc: &'a Value, schema: &'a Value) -> (&'a Value, Option<&'a str>) {
    let name = schema["$ref"]
        .as_str()
        .and_then(|r| r.strip_prefix("#/components/schemas/"));
    match name {
        Some(n) => (&doc["components"]["schemas"][n], Some(n)),
        None => (schema, None),
    }
}

/// Whether a schema takes null: `type` lists it, or a `oneOf` branch is it.
pub(crate) fn nullable(schema: &Value) -> bool {
    schema["type"]
        .as_array()
        .is_some_and(|t| t.contains(&json!("null")))
        || schema["oneOf"]
            .as_array()
            .is_some_and(|b| b.iter().any(|s| s["type"] == "null"))
}

/// The branch of a `oneOf` that is not null, or the schema itself.
pub(crate) fn non_null(schema: &Value) -> &Value {
    schema["oneOf"]
        .as_array()
        .and_then(|b| b.iter().find(|s| s["type"] != "null"))
        .unwrap_or(schema)
}

/// Whether `object` has every field its schema requires of it: its
/// `required`, and in an `allOf`, those of each `if`'s `then` or `else`
/// branch as the object takes it (a table has `firstHand: true` or its
/// blinds), `const` values matching.
pub(crate) fn complete(schema: &Value, object: &serde_json::Map<String, Value>) -> bool {
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

pub(crate) fn required(schema: &Value) -> BTreeSet<String> {
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
pub(crate) fn every_schema_and_every_property_has_a_description() {
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

/// Every amount's `maximum` is the core's `MAX_AMOUNT` (2^53 - 1, the
/// largest integer a JSON number keeps exactly). utoipa 6 reads
/// `#[schema(maximum = ...)]` as a literal token only (no const path or
/// expression), so the DTOs spell the number out and this test holds
/// each of them to the one home: any maximum above `u32::MAX` is it.
#[test]
pub(crate) fn every_amount_maximum_is_the_cores_max_amount() {
    fn walk(v: &Value, at: &str, found: &mut Vec<(String, u64)>) {
        match v {
            Value::Object(m) => {
                if let Some(max) = m.get("maximum").and_then(Value::as_u64) {
                    found.push((at.to_string(), max));
                }
                for (k, x) in m {
                    walk(x, &format!("{at}/{k}"), found);
                }
            }
            Value::Array(a) => {
                for (i, x) in a.iter().enumerate() {
                    walk(x, &format!("{at}/{i}"), found);
                }
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    walk(&doc(), "", &mut found);
    let amounts: Vec<_> = found
        .into_iter()
        .filter(|(_, max)| *max > u64::from(u32::MAX))
        .collect();
    assert!(!amounts.is_empty(), "no amount has a maximum");
    let wrong: Vec<_> = amounts
        .iter()
        .filter(|(_, max)| *max != showdown_core::MAX_AMOUNT)
        .collect();
    assert!(wrong.is_empty(), "not MAX_AMOUNT: {wrong:?}");
}

/// The card pattern of the document is the parser's: every string the
/// parser reads matches it and every string it refuses does not, so a
/// client that checks the pattern refuses nothing the service takes.
#[test]
pub(crate) fn the_card_pattern_accepts_exactly_what_the_parser_accepts() {
    let doc = doc();
    let pattern = doc["components"]["schemas"]["CardName"]["pattern"]
        .as_str()
        .unwrap();
    let re = regex_lite::Regex::new(pattern).unwrap();
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
pub(crate) struct Seen {
    pub(crate) keys: BTreeMap<String, Vec<BTreeSet<String>>>,
    pub(crate) nulls: BTreeSet<(String, String)>,
    pub(crate) faults: Vec<String>,
}

impl Seen {
    /// Checks `value` (at `at`) against `schema`: required fields present,
    /// no field the schema does not declare, null only where nullable.
    pub(crate) fn walk(&mut self, doc: &Value, schema: &Value, value: &Value, at: &str) {
        if value.is_null() {
            if !nullable(schema) {
                self.faults.push(format!("{at}: null, not nullable"));
            }
            return;
        }
        let (mut s, mut name) = resolve(doc, non_null(schema));
        // A union of objects (`oneOf`, no null): the branch the value fills.
        if let (Some(branches), Value::Object(map)) = (s["oneOf"].as_array(), value) {
            if let Some(branch) = branches
                .iter()
                .map(|b| resolve(doc, b))
                .find(|(b, _)| complete(b, map))
            {
                (s, name) = branch;
            }
        }
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

pub(crate) fn post(path: &str, content_type: &str, body: impl Into<Body>) -> Request<Body> {
    Request::post(path)
        .header(header::CONTENT_TYPE, content_type)
        .body(body.into())
        .unwrap()
}

pub(crate) fn post_json(path: &str, body: &Value) -> Request<Body> {
    post(path, "application/json", serde_json::to_vec(body).unwrap())
}

pub(crate) fn get(path: &str) -> Request<Body> {
    Request::get(path).body(Body::empty()).unwrap()
}

/// The request examples of an operation's JSON or TOML body, and its
/// schema's example.
pub(crate) fn request_examples(doc: &Value, path: &str) -> Vec<Value> {
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
    use showdown_json::problem::*;
    for kind in [TYPE_MALFORMED, TYPE_INVALID_HAND, TYPE_INVALID_REQUEST] {
        assert!(guide.contains(&format!("| `{kind}` |")), "{kind}");
    }
}
