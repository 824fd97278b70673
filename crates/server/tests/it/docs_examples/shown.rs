//! What a page shows of an answer, against the answer: the first place
//! where they differ, as a JSON Pointer into the answer.

use serde_json::Value;

/// Where `shown` and `real` first differ, and how: `None` when every
/// field `shown` has is in `real` with an equal value (recursively).
/// Arrays are compared item by item and have the same length, unless the
/// last item shown is `"..."`: then the answer may have more. A key
/// `"..."` stands for fields not shown; a `requestId` shown as a string
/// is any string (it differs every time). With `exact`, an object has no
/// field the page leaves out either (unless it shows `"..."`).
pub(crate) fn difference(shown: &Value, real: &Value, exact: bool) -> Option<(String, String)> {
    walk(shown, real, String::new(), exact)
}

fn walk(shown: &Value, real: &Value, at: String, exact: bool) -> Option<(String, String)> {
    match (shown, real) {
        (Value::Object(s), Value::Object(r)) => {
            for (k, v) in s.iter().filter(|(k, _)| *k != "...") {
                let here = format!("{at}/{}", escape(k));
                let Some(rv) = r.get(k) else {
                    return Some((here, format!("shown as {v}, not in the answer")));
                };
                if k == "requestId" && v.is_string() && rv.is_string() {
                    continue;
                }
                if let Some(d) = walk(v, rv, here, exact) {
                    return Some(d);
                }
            }
            let left_out = r.iter().find(|(k, _)| !s.contains_key(*k));
            match left_out {
                Some((k, v)) if exact && !s.contains_key("...") => Some((
                    format!("{at}/{}", escape(k)),
                    format!("the answer has {v}, not shown"),
                )),
                _ => None,
            }
        }
        (Value::Array(s), Value::Array(r)) => {
            let open = s.last().is_some_and(|l| l == "...");
            let items = &s[..s.len() - usize::from(open)];
            if r.len() < items.len() || (!open && r.len() != items.len()) {
                let more = if open { " or more" } else { "" };
                return Some((
                    at,
                    format!(
                        "{} items shown{more}, the answer has {}",
                        items.len(),
                        r.len()
                    ),
                ));
            }
            items
                .iter()
                .zip(r)
                .enumerate()
                .find_map(|(i, (s, r))| walk(s, r, format!("{at}/{i}"), exact))
        }
        _ if shown == real => None,
        _ => Some((at, format!("shown as {shown}, the answer has {real}"))),
    }
}

/// A key as a JSON Pointer writes it (RFC 6901).
fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

#[test]
fn a_changed_number_deep_in_an_answer_is_named_by_its_pointer() {
    let real =
        serde_json::json!({"data": {"pots": [{"amount": 601, "name": "main"}], "tie": true}});
    let shown = serde_json::json!({"data": {"pots": [{"amount": 600}]}});
    assert_eq!(
        difference(&shown, &real, false),
        Some((
            "/data/pots/0/amount".to_string(),
            "shown as 600, the answer has 601".to_string()
        ))
    );
}

#[test]
fn fields_left_out_pass_and_fields_made_up_do_not() {
    let real = serde_json::json!({"a": 1, "b": [1, 2, 3], "c/d": {"requestId": "x-1"}});
    let ok = serde_json::json!({"b": [1, 2, "..."], "c/d": {"requestId": "y-2"}, "...": "..."});
    assert_eq!(difference(&ok, &real, false), None);
    let short = serde_json::json!({"b": [1, 2]});
    assert_eq!(
        difference(&short, &real, false).unwrap().0,
        "/b",
        "an array shown whole has the answer's length"
    );
    let made_up = serde_json::json!({"c/d": {"z": 0}});
    assert_eq!(difference(&made_up, &real, false).unwrap().0, "/c~1d/z");
    let partial = serde_json::json!({"a": 1});
    assert_eq!(difference(&partial, &real, true).unwrap().0, "/b");
}
