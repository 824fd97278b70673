//! The OpenAPI document's examples: every request example of every
//! route is sent, and where the route's 200 answer has an example of its
//! own, the answer is that example exactly. The request schema's
//! `example` pairs with the answer schema's `example`, the request
//! content's `example` with the answer content's (`POST /v1/settle/ohh`,
//! `POST /v1/betting`); a named request example (`examples`) with the
//! answer's of the same name. A route whose answer example pairs with no
//! request example fails, unless listed in `UNPAIRED` with why.

use super::shown::difference;
use crate::common::send;
use crate::openapi::{doc, operation, paths, post, resolve};
use serde_json::Value;
use showdown_server::{app, AppState};

/// Routes whose answer example answers another request than their
/// request example, and why; each is still sent.
const UNPAIRED: &[(&str, &str)] = &[];

/// (name, content type, body) of every request example of a route's
/// body: the schema's `example` is named `schema`.
fn request_examples(doc: &Value, op: &Value) -> Vec<(String, String, Value)> {
    let mut out = Vec::new();
    for (ty, content) in op["requestBody"]["content"]
        .as_object()
        .into_iter()
        .flatten()
    {
        if let Some(e) = content.get("example") {
            out.push(("example".into(), ty.clone(), e.clone()));
        }
        for (name, e) in content["examples"].as_object().into_iter().flatten() {
            out.push((name.clone(), ty.clone(), e["value"].clone()));
        }
        if let Some(e) = resolve(doc, &content["schema"]).0.get("example") {
            out.push(("schema".into(), ty.clone(), e.clone()));
        }
    }
    out
}

/// The example answer of a route's 200 for the request example `name`.
fn answer_example<'a>(doc: &'a Value, op: &'a Value, name: &str) -> Option<&'a Value> {
    let content = &op["responses"]["200"]["content"]["application/json"];
    match name {
        "schema" => resolve(doc, &content["schema"]).0.get("example"),
        "example" => content.get("example"),
        _ => content["examples"].get(name).map(|e| &e["value"]),
    }
}

/// Whether a route with a body shows an example of its 200 answer: the
/// content's `example` or `examples`, or its schema's `example`.
fn has_answer_example(doc: &Value, op: &Value) -> bool {
    let content = &op["responses"]["200"]["content"]["application/json"];
    op["requestBody"].is_object()
        && (content.get("example").is_some()
            || content.get("examples").is_some()
            || resolve(doc, &content["schema"]).0.get("example").is_some())
}

#[tokio::test]
async fn every_openapi_request_example_is_answered_as_its_answer_example_shows() {
    let doc = doc();
    let (mut sent, mut compared, mut faults) = (0, 0, Vec::new());
    for path in paths(&doc) {
        let (_, op) = operation(&doc, &path);
        let paired_before = compared;
        for (name, ty, body) in request_examples(&doc, op) {
            let bytes = match &body {
                Value::String(text) => text.clone().into_bytes(),
                v => serde_json::to_vec(v).unwrap(),
            };
            let r = send(app(AppState::default()), post(&path, &ty, bytes)).await;
            sent += 1;
            let at = format!("openapi.json {path} request example {name} ({ty})");
            if r.status != 200 {
                let body = String::from_utf8_lossy(&r.body);
                faults.push(format!("{at}: answered {}: {body}", r.status));
                continue;
            }
            let Some(shown) = answer_example(&doc, op, &name) else {
                continue;
            };
            if UNPAIRED.iter().any(|(p, _)| *p == path) {
                continue;
            }
            compared += 1;
            if let Some((ptr, what)) = difference(shown, &r.json(), true) {
                faults.push(format!("{at}: the answer example differs at {ptr}: {what}"));
            }
        }
        let unpaired = UNPAIRED.iter().any(|(p, _)| *p == path);
        if compared == paired_before && has_answer_example(&doc, op) && !unpaired {
            faults.push(format!(
                "openapi.json {path}: its answer example pairs with no request example \
                 (name them alike, or list the route in UNPAIRED with why)"
            ));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // settle (5 named and the schema's), PHH (2 types), OHH, betting,
    // equity, chip race, tables, prizes, deals, draw.
    assert!(sent >= 16, "only {sent} request examples sent");
    // settle, OHH, betting, equity, tables, prizes, deals, draw.
    assert!(compared >= 8, "only {compared} answer examples compared");
}
