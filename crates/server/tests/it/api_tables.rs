//! API.md's field tables say what the OpenAPI document says, word for
//! word: a table under `<!-- fields of Schema -->` has one row a field,
//! and its last cell is that field's description in the document, which
//! the DTOs' doc comments write. So a field is described in one place,
//! and a doc comment changed without the guide fails here.
//! `UPDATE_API_TABLES=1` (`make openapi` sets it) writes the cells anew.

use serde_json::Value;

const GUIDE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/API.md");
const MARK: &str = "<!-- fields of ";

#[test]
fn api_md_field_tables_are_the_documents_descriptions() {
    let doc = crate::openapi::doc();
    let guide = std::fs::read_to_string(GUIDE).unwrap();
    let (written, faults) = tables_written(&doc, &guide);
    if std::env::var_os("UPDATE_API_TABLES").is_some() {
        assert!(faults.is_empty(), "{faults:#?}");
        std::fs::write(GUIDE, &written).unwrap();
        return;
    }
    assert!(
        guide.matches(MARK).count() >= 25,
        "the marked tables are found"
    );
    assert!(faults.is_empty(), "{faults:#?}");
    let stale: Vec<_> = guide
        .lines()
        .zip(written.lines())
        .filter(|(was, is)| was != is)
        .collect();
    assert!(
        stale.is_empty(),
        "API.md's rows differ from the document's descriptions \
         (UPDATE_API_TABLES=1 make openapi writes them): {stale:#?}"
    );
}

/// A changed description is caught: the check reads the cell, not only
/// the field's name.
#[test]
fn a_row_that_says_something_else_is_caught() {
    let doc = crate::openapi::doc();
    let guide = std::fs::read_to_string(GUIDE).unwrap();
    let row = guide
        .lines()
        .find(|l| l.starts_with("| `chipUnit` |"))
        .expect("the settle table lists chipUnit");
    let wrong = guide.replacen(row, "| `chipUnit` | no | the smallest chip |", 1);
    let (written, faults) = tables_written(&doc, &wrong);
    assert!(faults.is_empty(), "{faults:#?}");
    assert_ne!(written, wrong);
    assert_eq!(written, tables_written(&doc, &guide).0);
}

/// The guide with every marked table's last cells taken from the
/// document, and the rows whose field the document lacks.
fn tables_written(doc: &Value, guide: &str) -> (String, Vec<String>) {
    let mut out = Vec::new();
    let mut faults = Vec::new();
    let mut schema: Option<&str> = None;
    for line in guide.lines() {
        if let Some(rest) = line.strip_prefix(MARK) {
            schema = rest.strip_suffix(" -->");
            out.push(line.to_string());
            continue;
        }
        let Some(name) = schema else {
            out.push(line.to_string());
            continue;
        };
        if !line.starts_with('|') {
            // The table ended (a blank line ends it; the marker's own
            // line is followed at once by the header).
            if out.last().is_some_and(|l| l.starts_with('|')) {
                schema = None;
            }
            out.push(line.to_string());
            continue;
        }
        out.push(row_written(doc, name, line, &mut faults));
    }
    let mut text = out.join("\n");
    if guide.ends_with('\n') {
        text.push('\n');
    }
    (text, faults)
}

/// One row: the header and its rule stay; a field's row gets the
/// document's description as its last cell.
fn row_written(doc: &Value, schema: &str, line: &str, faults: &mut Vec<String>) -> String {
    let cells: Vec<&str> = line.trim_matches('|').split(" | ").collect();
    let first = cells[0].trim();
    let Some(field) = first.strip_prefix('`').and_then(|f| f.strip_suffix('`')) else {
        return line.to_string(); // the header or its rule
    };
    match description(doc, schema, field) {
        Some(text) => {
            let mut cells: Vec<String> = cells.iter().map(|c| c.trim().to_string()).collect();
            let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
            *cells.last_mut().unwrap() = text.replace('|', "\\|");
            format!("| {} |", cells.join(" | "))
        }
        None => {
            faults.push(format!("{schema}: no description of `{field}`"));
            line.to_string()
        }
    }
}

/// The description of `path` (`a`, `a.b`, `a[].b`) in `schema`.
fn description(doc: &Value, schema: &str, path: &str) -> Option<String> {
    let schemas = &doc["components"]["schemas"];
    let mut at = &schemas[schema];
    let parts: Vec<&str> = path.split('.').collect();
    for (i, part) in parts.iter().enumerate() {
        let name = part.trim_end_matches("[]");
        let prop = property(schemas, at, name)?;
        if i + 1 == parts.len() {
            let own = prop["description"].as_str();
            let referred = referred(schemas, prop).and_then(|s| s["description"].as_str());
            return own.or(referred).map(str::to_string);
        }
        at = referred(schemas, prop)?;
    }
    None
}

/// The property `name` of an object schema, or of one of the schemas it
/// is made of (`allOf`: an answer that flattens the event into itself).
fn property<'a>(schemas: &'a Value, at: &'a Value, name: &str) -> Option<&'a Value> {
    if let Some(prop) = at["properties"].get(name) {
        return Some(prop);
    }
    at["allOf"].as_array()?.iter().find_map(|part| {
        let part = match part["$ref"].as_str() {
            Some(r) => schemas.get(r.rsplit('/').next()?)?,
            None => part,
        };
        property(schemas, part, name)
    })
}

/// The schema a property holds: through `$ref`, a nullable `oneOf`, or
/// an array's items.
fn referred<'a>(schemas: &'a Value, prop: &'a Value) -> Option<&'a Value> {
    if let Some(r) = prop["$ref"].as_str() {
        return schemas.get(r.rsplit('/').next()?);
    }
    for key in ["oneOf", "anyOf", "allOf"] {
        if let Some(found) = prop[key]
            .as_array()
            .into_iter()
            .flatten()
            .find_map(|p| referred(schemas, p))
        {
            return Some(found);
        }
    }
    prop.get("items").and_then(|items| referred(schemas, items))
}
