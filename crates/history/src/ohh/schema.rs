//! The JSON Schema of OHH 1.4.7 as this crate reads it (`GET
//! /v1/schemas/ohh.json`): derived from the same types the routes parse,
//! so the schema cannot say one thing and the reader do another, and the
//! record written back is of those types too.

use crate::ohh::hand::OhhDocument;
use serde_json::{json, Value};
use utoipa::{PartialSchema, ToSchema};

/// The schema's own address, as its `$id`.
pub const SCHEMA_ID: &str = "https://showdown.invalid/v1/schemas/ohh.json";

/// A JSON Schema (draft 2020-12) of one OHH document, `{"ohh": {...}}`:
/// the types' schemas under `$defs`, their references rewritten to point
/// there.
pub fn ohh_json_schema() -> Value {
    let mut parts = Vec::new();
    OhhDocument::schemas(&mut parts);
    let mut defs = serde_json::Map::new();
    for (name, schema) in parts {
        defs.insert(name, serde_json::to_value(schema).unwrap_or(Value::Null));
    }
    let root = serde_json::to_value(OhhDocument::schema()).unwrap_or(Value::Null);
    let mut doc = json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "Open Hand History 1.4.7, as Showdown reads it",
        "$defs": defs,
    });
    if let (Some(d), Value::Object(r)) = (doc.as_object_mut(), root) {
        d.extend(r);
    }
    rewrite_refs(&mut doc);
    doc
}

/// `#/components/schemas/X` (OpenAPI's place) to `#/$defs/X`.
fn rewrite_refs(v: &mut Value) {
    match v {
        Value::Object(m) => {
            if let Some(Value::String(r)) = m.get_mut("$ref") {
                if let Some(name) = r.strip_prefix("#/components/schemas/") {
                    *r = format!("#/$defs/{name}");
                }
            }
            m.values_mut().for_each(rewrite_refs);
        }
        Value::Array(a) => a.iter_mut().for_each(rewrite_refs),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every reference resolves to a definition, and every type of the
    /// hand is defined.
    #[test]
    fn the_ohh_schema_defines_every_type_it_refers_to() {
        let doc = ohh_json_schema();
        let text = doc.to_string();
        let defs = doc["$defs"].as_object().unwrap();
        for name in [
            "OhhHand",
            "BetLimit",
            "OhhPlayer",
            "OhhRound",
            "OhhAction",
            "OhhPot",
            "OhhWin",
            "OhhBounty",
        ] {
            assert!(defs.contains_key(name), "{name} not defined");
        }
        for part in text.split("\"$ref\":\"").skip(1) {
            let target = part.split('"').next().unwrap();
            let name = target.strip_prefix("#/$defs/").expect(target);
            assert!(defs.contains_key(name), "{target} does not resolve");
        }
        assert_eq!(doc["required"], json!(["ohh"]));
    }
}
