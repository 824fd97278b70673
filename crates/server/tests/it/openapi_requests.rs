//! The document against real requests: a field it requires is a 400 when
//! left out, any other is not, and null is taken only where nullable.

use crate::common::send;
use crate::openapi::*;
use serde_json::{json, Value};
use showdown_server::{app, AppState};
use std::collections::{BTreeMap, BTreeSet};

/// Requests that use every property of every request schema, one a route
/// (two for the tables route: a hand just played and a first hand).
fn full_requests() -> Vec<(&'static str, Value)> {
    vec![
        (
            "/v1/settle",
            json!({"gameId": "g", "handNumber": 1, "variant": "holdem", "rules": "tda",
            "hiLoOddChips": "tda", "chipUnit": 1, "buttonSeat": 1, "board": ["Ah", "Kh", "9h", "7h", "2h"], "deadMoney": 0,
            "players": [
                {"id": "a", "name": "A", "seat": 1, "stack": 100, "committed": 10, "dead": 0,
                 "folded": false, "cards": ["3c", "4d"], "bounty": 0, "shows": false},
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
                           "prizes": [2, 1], "prizeUnit": 1, "tiedPlaces": "split"},
            "showdown": {"lastAggressor": "a", "runOut": false, "muck": "losers", "faceUp": "allIn",
                         "order": "action", "faceUpOrder": "seat", "audience": "house"}}),
        ),
        (
            "/v1/settle",
            json!({"variant": "holdem", "buttonSeat": 2, "board": ["Kc", "7s", "2d", "9h", "3c"],
            "players": [
                {"id": "a", "seat": 1, "stack": 1000, "committed": 1000, "cards": ["Ah", "Ad"]},
                {"id": "b", "seat": 2, "stack": 1000, "committed": 1000, "cards": ["Kh", "Kd"]}],
            "allInEv": {"boardCards": 3}}),
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
    ]
}

/// The request schemas are exact too: leaving out a field the document
/// requires is a 400, leaving out any other is not; null is taken exactly
/// where the document says nullable. Checked field by field on requests
/// that use every property of every request schema.
#[tokio::test]
async fn requests_need_exactly_the_required_fields_and_take_null_where_nullable() {
    let doc = doc();
    let full = full_requests();
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
