//! Reading a JSON body into a contract type: the fast serde parse first,
//! and on failure a 400 problem that names every field at fault.

use crate::invalid::FieldError;
use crate::objects::Objects;
pub use crate::pointer::{escape, pointer};
use crate::problem::Problem;
use serde::de::DeserializeOwned;

/// Parse a body as `T`, with a pointer to the first field that is not the
/// shape. Shared with `showdown settle`, so both report the same problems.
// A Problem is only built on the error path; boxing it buys nothing.
#[allow(clippy::result_large_err)]
pub fn parse_json<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, Problem> {
    // Plain serde_json first: tracking the path of every field costs about a
    // quarter of the parse, and only a rejected body needs it. A body that
    // fails is parsed again, path tracked, for the pointer of its 400.
    //
    // The body is checked as UTF-8 once, whole, and parsed as text: parsed
    // as bytes, serde_json checks each string on its own, and the call per
    // string cost more than the check (a settle body is ~40 short strings).
    // Bytes that are not UTF-8 fail here and get the byte parser's answer.
    if let Ok(text) = std::str::from_utf8(bytes) {
        if let Ok(value) = from_str(text) {
            return within_string_bound(bytes, value);
        }
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(Objects(&mut *de)).map_err(|e| {
        let inner = e.inner();
        if bytes.trim_ascii().is_empty() {
            Problem::malformed(
                "the body is empty: send the request as a JSON object",
                Vec::new(),
            )
        } else if let Some(message) = out_of_bounds(inner) {
            // JSON by its grammar's shape, but a value no request may
            // hold: pointed at, where the parse stopped.
            let at = FieldError {
                pointer: pointer(e.path()),
                message: message.to_string(),
            };
            Problem::malformed(
                format!("the body is not the shape of the request: {message}"),
                vec![at],
            )
        } else if inner.is_syntax() || inner.is_eof() {
            Problem::malformed(format!("the body is not JSON: {inner}"), Vec::new())
        } else {
            let first = field_error(&e);
            let mut detail = format!(
                "the body is not the shape of the request: {}",
                first.message
            );
            // The typed parse names the first problem; a walk of the body
            // names them all (issue #19), that one first.
            let (every, complete) = crate::shape::every::<T>(bytes, first);
            if let Some(counts) = every.count_words() {
                detail.push_str("; ");
                detail.push_str(&counts);
            }
            if !complete {
                detail
                    .push_str("; the body is too large to look for every problem: more may follow");
            }
            Problem::malformed(detail, every.errors)
        }
    })?;
    de.end()
        .map_err(|e| Problem::malformed(format!("the body is not JSON: {e}"), Vec::new()))?;
    within_string_bound(bytes, value)
}

/// What a number too large for JSON's range is told (API.md, "Numbers").
pub const NUMBER_OUT_OF_RANGE: &str = "a number is out of JSON's range (past a double's, about 1.8e308; RFC 8259 §6): amounts are whole numbers of at most 2^53 - 1";

/// The words of a value serde_json stops on that a request never holds,
/// though the body is JSON to the last byte before it: a number past a
/// double's range (`1e400`, or a whole number of 400 digits), and a raw
/// control character in a string. serde_json says which only in its
/// message, which a test holds it to.
fn out_of_bounds(e: &serde_json::Error) -> Option<&'static str> {
    let message = e.to_string();
    if message.starts_with("number out of range") {
        Some(NUMBER_OUT_OF_RANGE)
    } else if message.starts_with("control character (\\u0000-\\u001F) found") {
        Some(crate::string_bound::CONTROL_CHARACTER)
    } else {
        None
    }
}

/// A parsed body, unless one of its strings is over the bound or holds a
/// control character (a 400 pointing at it).
#[allow(clippy::result_large_err)]
fn within_string_bound<T>(bytes: &[u8], value: T) -> Result<T, Problem> {
    match crate::string_bound::bad_string(bytes) {
        None => Ok(value),
        Some(e) => Err(Problem::malformed(
            format!("the body is not the shape of the request: {}", e.message),
            vec![e],
        )),
    }
}

/// The typed parse's problem: its pointer and plain words. serde names a
/// field given twice from its object (the key is read, its value not yet);
/// the pointer goes on to the field, as the walk's does.
pub fn field_error(e: &serde_path_to_error::Error<serde_json::Error>) -> FieldError {
    let message = e.inner().to_string();
    let mut at = pointer(e.path());
    if let Some(rest) = message.strip_prefix("duplicate field `") {
        let field = rest.split('`').next().unwrap_or_default();
        at.push('/');
        at.push_str(&escape(field));
    }
    FieldError {
        pointer: at,
        message: crate::shape::words::plain(&message),
    }
}

/// `serde_json::from_str` with structs read from objects only
/// ([`Objects`]).
fn from_str<T: DeserializeOwned>(text: &str) -> serde_json::Result<T> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = T::deserialize(Objects(&mut de))?;
    de.end()?;
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_request::SettleRequest;

    /// The text fast path changes no answer: a body that is not UTF-8 is
    /// still refused as not JSON (whether the bad byte is in a string or
    /// not); UTF-8 bodies the text parser refuses (a lone surrogate escape,
    /// a byte-order mark, trailing data) fall back to the byte parser and
    /// get its answer; and a good body parses to the same request as from
    /// bytes, raw and escaped non-ASCII alike.
    #[test]
    fn bodies_the_text_parser_refuses_get_the_byte_parsers_answer() {
        let good = r#"{"variant":"holdem","players":[{"id":"a\u00e9","name":"Zoë","seat":1,"stack":5,"committed":1,"cards":["Ah","Kd"]}]}"#;
        let parsed: SettleRequest = parse_json(good.as_bytes()).unwrap();
        assert_eq!(
            parsed,
            serde_json::from_slice::<SettleRequest>(good.as_bytes()).unwrap()
        );
        assert_eq!(parsed.players[0].id, "a\u{e9}");
        assert_eq!(parsed.players[0].name.as_deref(), Some("Zoë"));
        let not_utf8 = [
            &b"{\"variant\":\"hold\xffem\",\"players\":[]}"[..],
            &b"{\"variant\":\"holdem\",\"players\":[]}\xff"[..],
            &b"{\"variant\":\"\xc3\",\"players\":[]}"[..],
        ];
        let utf8_refused = [
            r#"{"variant":"holdem","players":[{"id":"\ud800","seat":1,"stack":5,"committed":1}]}"#,
            "\u{feff}{\"variant\":\"holdem\",\"players\":[]}",
            r#"{"variant":"holdem","players":[]} x"#,
        ];
        for bad in not_utf8
            .into_iter()
            .chain(utf8_refused.iter().map(|s| s.as_bytes()))
        {
            let p = parse_json::<SettleRequest>(bad).unwrap_err();
            assert_eq!(p.status, 400, "{bad:?}");
            assert!(p.detail.starts_with("the body is not JSON"), "{}", p.detail);
            // The byte parser's own message, as before the text path.
            let e = serde_json::from_slice::<SettleRequest>(bad).unwrap_err();
            assert!(p.detail.ends_with(&e.to_string()), "{} / {e}", p.detail);
        }
        for bad in not_utf8 {
            assert!(std::str::from_utf8(bad).is_err());
        }
    }

    /// A request with one player's field replaced by `value`, as written.
    fn with_stack(value: &str) -> String {
        format!(
            r#"{{"variant":"holdem","players":[{{"id":"a","seat":1,"stack":5,"committed":1}},{{"id":"b","seat":2,"stack":{value},"committed":1}}]}}"#
        )
    }

    #[test]
    fn a_number_past_jsons_range_is_a_400_pointing_at_it() {
        let digits = "9".repeat(400);
        for big in ["1e400", "-1e400", "1E+999", digits.as_str()] {
            let p = parse_json::<SettleRequest>(with_stack(big).as_bytes()).unwrap_err();
            assert_eq!(p.status, 400, "{big}");
            assert_eq!(p.errors.len(), 1, "{big}: {p:?}");
            assert_eq!(p.errors[0].pointer, "/players/1/stack", "{big}");
            assert_eq!(p.errors[0].message, NUMBER_OUT_OF_RANGE);
            assert!(p.detail.ends_with(NUMBER_OUT_OF_RANGE), "{}", p.detail);
        }
        // Within a double's range it is the field's own refusal, as before.
        let p = parse_json::<SettleRequest>(with_stack("1e300").as_bytes()).unwrap_err();
        assert_eq!(p.errors[0].pointer, "/players/1/stack");
        assert_ne!(p.errors[0].message, NUMBER_OUT_OF_RANGE);
    }

    #[test]
    fn a_control_character_raw_or_escaped_is_a_400_pointing_at_its_string() {
        let body = |id: &str| {
            format!(
                r#"{{"variant":"holdem","players":[{{"id":"a","seat":1,"stack":5,"committed":1}},{{"id":"{id}","name":"B","seat":2,"stack":5,"committed":1}}]}}"#
            )
        };
        // As written in the body: JSON escapes, then raw bytes.
        let escaped = [r"b\u0000", r"b\n", r"b\u007f", r"b\u001F", r"b\t", r"\rb"];
        let raw = ["b\x7f", "b\x01", "\x1fb", "b\t", "b\n"];
        for id in escaped.into_iter().chain(raw) {
            let p = parse_json::<SettleRequest>(body(id).as_bytes()).unwrap_err();
            assert_eq!(p.status, 400, "{id:?}");
            assert_eq!(p.errors.len(), 1, "{id:?}: {p:?}");
            assert_eq!(p.errors[0].pointer, "/players/1/id", "{id:?}");
            assert_eq!(p.errors[0].message, crate::string_bound::CONTROL_CHARACTER);
        }
        // Other characters pass, escaped or not (U+0080 is not C0 or DEL).
        let fine: SettleRequest =
            parse_json(body(r"b\u00e9\u0080\u2028Zo\u00eb").as_bytes()).unwrap();
        assert_eq!(fine.players[1].id, "b\u{e9}\u{80}\u{2028}Zo\u{eb}");
    }
}
