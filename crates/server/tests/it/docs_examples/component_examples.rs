//! The examples of the document's named schemas, beside the routes'
//! (`openapi_pairs`): each fits its own schema, and each part of a settle
//! request shown on its own (the rake, a cap step, the jackpot drop, the
//! bad beat, the showdown, the tournament, a player) is taken by the
//! service when it is put in a settle request, so a generated client's
//! documentation shows nothing the service refuses.

use crate::common::send;
use crate::openapi::{doc, post_json, Seen};
use serde_json::{json, Value};
use showdown_server::{app, AppState};

/// The settle request's own example, with a third player so that the
/// showdown example's `lastAggressor` (agent-c) is in the hand.
fn base(doc: &Value) -> Value {
    let mut req = doc["components"]["schemas"]["SettleRequest"]["example"].clone();
    let players = req["players"]
        .as_array_mut()
        .expect("the example has players");
    players.push(
        json!({"id": "agent-c", "seat": 3, "stack": 1000, "committed": 300,
        "cards": ["Qd", "Jc"]}),
    );
    req
}

/// Where each request part's example goes in a settle request: the
/// schema's name and the JSON Pointer of its place.
const PARTS: &[(&str, &str)] = &[
    ("RakeRequest", "/rake"),
    ("JackpotRequest", "/jackpot"),
    ("BadBeatRequest", "/badBeat"),
    ("ShowdownRequest", "/showdown"),
    ("TournamentRequest", "/tournament"),
    ("Player", "/players/0"),
];

#[test]
fn every_schema_example_fits_its_schema() {
    let doc = doc();
    let mut seen = Seen::default();
    let mut checked = 0;
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        let Some(example) = schema.get("example") else {
            continue;
        };
        let at = json!({"$ref": format!("#/components/schemas/{name}")});
        seen.walk(&doc, &at, example, &format!("{name}.example"));
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} schema examples");
    assert!(seen.faults.is_empty(), "{:#?}", seen.faults);
}

#[tokio::test]
async fn every_request_part_example_is_taken_in_a_settle_request() {
    let doc = doc();
    let schemas = &doc["components"]["schemas"];
    let mut requests: Vec<(String, Value)> = Vec::new();
    for (name, at) in PARTS {
        let mut req = base(&doc);
        let example = schemas[name]["example"].clone();
        assert!(example.is_object(), "{name} has an example");
        match req.pointer_mut(at) {
            Some(place) => *place = example,
            None => {
                req[at.trim_start_matches('/')] = example;
            }
        }
        requests.push((name.to_string(), req));
    }
    let mut stepped = base(&doc);
    stepped["rake"] = json!({"percentBp": 500,
        "capsByPlayersDealt": [schemas["CapStepRequest"]["example"].clone()]});
    requests.push(("CapStepRequest".into(), stepped));
    for (name, req) in requests {
        let r = send(app(AppState::default()), post_json("/v1/settle", &req)).await;
        assert_eq!(
            r.status.as_u16(),
            200,
            "{name}'s example in a settle request: {}",
            String::from_utf8_lossy(&r.body)
        );
    }
}

/// The check reads the example: one that names a field its schema does
/// not have fails.
#[test]
fn an_example_with_a_field_its_schema_lacks_is_caught() {
    let doc = doc();
    let mut take = doc["components"]["schemas"]["Take"]["example"].clone();
    take["paidBy"] = json!("agent-a");
    let mut seen = Seen::default();
    let at = json!({"$ref": "#/components/schemas/Take"});
    seen.walk(&doc, &at, &take, "Take.example");
    assert_eq!(seen.faults.len(), 1, "{:#?}", seen.faults);
}
