//! The longest string a JSON body may hold (API.md, "Strings"): ids,
//! names, game ids, cards and words alike. A real room's ids and names
//! are tens of characters; a bound keeps an answer, which repeats them,
//! within a small multiple of its body.
//!
//! Ours: serde and the schema crates check a length only field by field,
//! and this bound holds for every string of every route at once, measured
//! by one scan of the body that an accepted request pays (well under a
//! microsecond for a settle); the pointer is looked for only when the scan
//! finds a string too long as written.

use crate::invalid::FieldError;
use crate::pointer::escape;
use serde_json::Value;

/// The most bytes (UTF-8, after JSON escapes are read) a string of a body
/// may have, a key or a value.
pub const MAX_STRING_BYTES: usize = 256;

/// Whether some string of a syntactically valid body is longer than
/// [`MAX_STRING_BYTES`] as written (escapes counted as written, so at
/// least its decoded length).
fn some_string_written_too_long(bytes: &[u8]) -> bool {
    let mut at = 0;
    while let Some(quote) = memchr::memchr(b'"', &bytes[at..]) {
        let open = at + quote + 1;
        let mut end = open;
        loop {
            match memchr::memchr2(b'"', b'\\', &bytes[end..]) {
                Some(k) if bytes[end + k] == b'\\' => end += k + 2,
                Some(k) => {
                    end += k;
                    break;
                }
                None => return false,
            }
            if end >= bytes.len() {
                return false;
            }
        }
        if end - open > MAX_STRING_BYTES {
            return true;
        }
        at = end + 1;
    }
    false
}

/// The first string of the body longer than [`MAX_STRING_BYTES`], with its
/// pointer (a key's pointer is its member's), if any.
pub fn too_long_string(bytes: &[u8]) -> Option<FieldError> {
    if !some_string_written_too_long(bytes) {
        return None;
    }
    let value: Value = serde_json::from_slice(bytes).ok()?;
    let mut at = String::new();
    find(&value, &mut at).then(|| FieldError {
        message: format!(
            "a string is at most {MAX_STRING_BYTES} bytes long (an id or a name of a real room is tens of characters)"
        ),
        pointer: at,
    })
}

/// Depth first, in document order; `at` ends as the pointer when found.
fn find(value: &Value, at: &mut String) -> bool {
    match value {
        Value::String(s) => s.len() > MAX_STRING_BYTES,
        Value::Array(items) => items.iter().enumerate().any(|(i, v)| {
            let len = at.len();
            at.push('/');
            at.push_str(&i.to_string());
            let found = find(v, at);
            if !found {
                at.truncate(len);
            }
            found
        }),
        Value::Object(members) => members.iter().any(|(k, v)| {
            let len = at.len();
            at.push('/');
            at.push_str(&escape(k));
            let found = k.len() > MAX_STRING_BYTES || find(v, at);
            if !found {
                at.truncate(len);
            }
            found
        }),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn long(n: usize) -> String {
        "x".repeat(n)
    }

    #[test]
    fn a_string_of_the_bound_passes_and_one_byte_more_is_pointed_at() {
        let ok = format!(r#"{{"players":[{{"id":"{}"}}]}}"#, long(MAX_STRING_BYTES));
        assert_eq!(too_long_string(ok.as_bytes()), None);
        let bad = format!(
            r#"{{"gameId":"g","players":[{{"id":"a"}},{{"id":"{}"}}]}}"#,
            long(MAX_STRING_BYTES + 1)
        );
        let e = too_long_string(bad.as_bytes()).unwrap();
        assert_eq!(e.pointer, "/players/1/id");
    }

    #[test]
    fn escapes_count_as_read_and_a_long_key_is_pointed_at_its_member() {
        // 200 characters written as 1,200 bytes of escapes: 200 bytes read.
        let escaped = r"\u0041".repeat(200);
        let ok = format!(r#"{{"name":"{escaped}","q":"a\"b"}}"#);
        assert_eq!(too_long_string(ok.as_bytes()), None);
        let bad = format!(r#"{{"a":{{"{}":1}}}}"#, long(300));
        let e = too_long_string(bad.as_bytes()).unwrap();
        assert_eq!(e.pointer, format!("/a/{}", long(300)));
    }
}
