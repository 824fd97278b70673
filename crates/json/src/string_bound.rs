//! What every string of a JSON body must be (API.md, "Strings"): ids,
//! names, game ids, cards and words alike, keys too. At most 256 bytes: a
//! real room's ids and names are tens of characters, and a bound keeps an
//! answer, which repeats them, within a small multiple of its body. And
//! free of control characters (U+0000 to U+001F, U+007F), escaped or
//! not: no id or name has one, and one that did would break the logs,
//! the steps' text and the lines of whatever shows the answer at a table.
//!
//! Ours: serde and the schema crates check a string only field by field,
//! and these rules hold for every string of every route at once, checked
//! by one scan of the body that an accepted request pays (well under a
//! microsecond for a settle); the pointer is looked for only when the scan
//! finds a string too long as written, a control character's escape, or a
//! DEL. (A raw U+0000 to U+001F is not JSON: serde_json stops on it, and
//! `parse` points at its field.)

use crate::invalid::FieldError;
use crate::pointer::escape;
use serde_json::Value;

/// The most bytes (UTF-8, after JSON escapes are read) a string of a body
/// may have, a key or a value.
pub const MAX_STRING_BYTES: usize = 256;

/// What a string holding a control character is told.
pub const CONTROL_CHARACTER: &str =
    "a string holds no control character (U+0000 to U+001F, U+007F), escaped or not";

/// A control character: C0 or DEL.
fn is_control(b: u8) -> bool {
    b < 0x20 || b == 0x7f
}

/// Whether the escape at `bytes[at]` (a backslash) stands for a control
/// character: `\b`, `\f`, `\n`, `\r`, `\t`, or `\u` of one.
fn escapes_a_control(bytes: &[u8], at: usize) -> bool {
    match bytes.get(at + 1) {
        Some(b'b' | b'f' | b'n' | b'r' | b't') => true,
        Some(b'u') => bytes
            .get(at + 2..at + 6)
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .is_some_and(|c| c < 0x20 || c == 0x7f),
        _ => false,
    }
}

/// The bytes the scan of a body stops at: a quote, a backslash, DEL.
const STOPS: [bool; 256] = {
    let mut stops = [false; 256];
    stops[b'"' as usize] = true;
    stops[b'\\' as usize] = true;
    stops[0x7f] = true;
    stops
};

/// Whether some string of a syntactically valid body may break a rule:
/// longer than [`MAX_STRING_BYTES`] as written (escapes counted as
/// written, so at least its decoded length), an escape of a control
/// character, or a DEL anywhere (outside a string it is not JSON). One
/// pass over the bytes: a body's strings are a few bytes each, and
/// memchr's search a string (or its iterator over every quote) cost
/// more a hit than the bytes it skipped.
fn some_string_suspect(bytes: &[u8]) -> bool {
    // Where the string being read opens (after its quote), if one is.
    let mut open: Option<usize> = None;
    let mut at = 0;
    while let Some(k) = bytes
        .get(at..)
        .and_then(|rest| rest.iter().position(|&b| STOPS[usize::from(b)]))
    {
        at += k;
        match bytes[at] {
            b'\\' => {
                if escapes_a_control(bytes, at) {
                    return true;
                }
                // The escaped byte is not a quote or a backslash of its own.
                at += 1;
            }
            b'"' => match open.take() {
                None => open = Some(at + 1),
                Some(start) if at - start > MAX_STRING_BYTES => return true,
                Some(_) => {}
            },
            _ => return true, // DEL
        }
        at += 1;
    }
    false
}

/// The first string of the body, in document order, longer than
/// [`MAX_STRING_BYTES`] or holding a control character, with its pointer
/// (a key's pointer is its member's), if any.
pub fn bad_string(bytes: &[u8]) -> Option<FieldError> {
    if !some_string_suspect(bytes) {
        return None;
    }
    let value: Value = serde_json::from_slice(bytes).ok()?;
    let mut at = String::new();
    let fault = find(&value, &mut at)?;
    Some(FieldError {
        message: match fault {
            Fault::TooLong => format!(
                "a string is at most {MAX_STRING_BYTES} bytes long (an id or a name of a real room is tens of characters)"
            ),
            Fault::Control => CONTROL_CHARACTER.to_string(),
        },
        pointer: at,
    })
}

/// Which rule a string breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fault {
    TooLong,
    Control,
}

/// The rule `s` breaks, if any.
fn fault(s: &str) -> Option<Fault> {
    if s.len() > MAX_STRING_BYTES {
        Some(Fault::TooLong)
    } else if s.bytes().any(is_control) {
        Some(Fault::Control)
    } else {
        None
    }
}

/// Depth first, in document order; `at` ends as the pointer when found.
fn find(value: &Value, at: &mut String) -> Option<Fault> {
    match value {
        Value::String(s) => fault(s),
        Value::Array(items) => items.iter().enumerate().find_map(|(i, v)| {
            let len = at.len();
            at.push('/');
            at.push_str(&i.to_string());
            let found = find(v, at);
            if found.is_none() {
                at.truncate(len);
            }
            found
        }),
        Value::Object(members) => members.iter().find_map(|(k, v)| {
            let len = at.len();
            at.push('/');
            at.push_str(&escape(k));
            let found = fault(k).or_else(|| find(v, at));
            if found.is_none() {
                at.truncate(len);
            }
            found
        }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The scan as it was, a search a string: the reference the one pass
    /// must agree with.
    fn suspect_string_by_string(bytes: &[u8]) -> bool {
        if memchr::memchr(0x7f, bytes).is_some() {
            return true;
        }
        let mut at = 0;
        while let Some(quote) = memchr::memchr(b'"', &bytes[at..]) {
            let open = at + quote + 1;
            let mut end = open;
            loop {
                match memchr::memchr2(b'"', b'\\', &bytes[end..]) {
                    Some(k) if bytes[end + k] == b'\\' => {
                        if escapes_a_control(bytes, end + k) {
                            return true;
                        }
                        end += k + 2;
                    }
                    Some(k) => {
                        end += k;
                        break;
                    }
                    None => return false,
                }
            }
            if end - open > MAX_STRING_BYTES {
                return true;
            }
            at = end + 1;
        }
        false
    }

    /// A piece of a JSON string: plain text, or an escape; control
    /// characters rarely, so most bodies hang on the lengths alone.
    fn piece() -> impl Strategy<Value = String> {
        prop_oneof![
            8 => "[a-z ]{0,40}",
            3 => Just("x".repeat(120)),
            3 => Just("x".repeat(250)),
            3 => Just("\\\"".to_string()),
            3 => Just("\\\\".to_string()),
            2 => Just("\\/".to_string()),
            2 => Just("\\u0041".to_string()),
            2 => Just("é".to_string()),
            1 => Just("\\n".to_string()),
            1 => Just("\\u001f".to_string()),
            1 => Just("\\u007F".to_string()),
            1 => Just("\u{7f}".to_string()),
        ]
    }

    proptest! {
        #[test]
        fn the_one_pass_finds_what_a_search_a_string_finds(
            strings in prop::collection::vec(prop::collection::vec(piece(), 0..6), 1..4)
        ) {
            let members: Vec<String> = strings
                .iter()
                .enumerate()
                .map(|(i, parts)| format!("\"k{i}\":\"{}\"", parts.concat()))
                .collect();
            let body = format!("{{{}, \"n\": [1, 2.5, true]}}", members.join(","));
            prop_assert!(serde_json::from_str::<Value>(&body).is_ok(), "{}", body);
            prop_assert_eq!(
                some_string_suspect(body.as_bytes()),
                suspect_string_by_string(body.as_bytes()),
                "{}", body
            );
        }
    }

    fn long(n: usize) -> String {
        "x".repeat(n)
    }

    #[test]
    fn a_string_of_the_bound_passes_and_one_byte_more_is_pointed_at() {
        let ok = format!(r#"{{"players":[{{"id":"{}"}}]}}"#, long(MAX_STRING_BYTES));
        assert_eq!(bad_string(ok.as_bytes()), None);
        let bad = format!(
            r#"{{"gameId":"g","players":[{{"id":"a"}},{{"id":"{}"}}]}}"#,
            long(MAX_STRING_BYTES + 1)
        );
        let e = bad_string(bad.as_bytes()).unwrap();
        assert_eq!(e.pointer, "/players/1/id");
    }

    #[test]
    fn escapes_count_as_read_and_a_long_key_is_pointed_at_its_member() {
        // 200 characters written as 1,200 bytes of escapes: 200 bytes read.
        let escaped = r"\u0041".repeat(200);
        let ok = format!(r#"{{"name":"{escaped}","q":"a\"b"}}"#);
        assert_eq!(bad_string(ok.as_bytes()), None);
        let bad = format!(r#"{{"a":{{"{}":1}}}}"#, long(300));
        let e = bad_string(bad.as_bytes()).unwrap();
        assert_eq!(e.pointer, format!("/a/{}", long(300)));
    }

    #[test]
    fn a_control_character_escaped_or_a_del_is_pointed_at_and_others_pass() {
        for ok in [
            r#"{"id":"a\"b\\c\/d\u0041\u00e9\u0080 é"}"#,
            r#"{"id":"tab"}"#,
        ] {
            assert_eq!(bad_string(ok.as_bytes()), None, "{ok}");
        }
        for control in [
            r"\u0000", r"\u001f", r"\u001F", r"\u007f", r"\n", r"\t", r"\r", r"\b", r"\f", "\x7f",
        ] {
            let bad =
                format!(r#"{{"gameId":"g","players":[{{"id":"a"}},{{"id":"x{control}y"}}]}}"#);
            let e = bad_string(bad.as_bytes()).unwrap_or_else(|| panic!("{bad}"));
            assert_eq!(e.pointer, "/players/1/id", "{bad}");
            assert_eq!(e.message, CONTROL_CHARACTER);
        }
        // In a key: the member's pointer; the first fault in the body's order.
        let key = r#"{"a":{"k\u0007":1},"b":"\n"}"#;
        assert_eq!(bad_string(key.as_bytes()).unwrap().pointer, "/a/k\u{7}");
    }
}
