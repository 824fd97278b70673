//! `ApiJson<T>`: axum's `Json` with the contract's errors (API.md, Errors).
//!
//! axum's own `Json` answers a wrong shape with 422 and plain text; the
//! contract keeps 422 for impossible hands and wants 400 for "not JSON or
//! not the shape", 413 over the body limit and 415 for another content
//! type, all as problem+json, with a JSON Pointer to the field at fault.

use crate::problem::Problem;
use crate::validate::FieldError;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{header, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;

/// A JSON request body.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

/// The media type of a request without its parameters, lowercase
/// (`Application/JSON; charset=utf-8` is `application/json`).
pub(crate) fn media_type(headers: &HeaderMap) -> Option<String> {
    let ct = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    Some(
        ct.split(';')
            .next()
            .unwrap_or("")
            .trim()
            .to_ascii_lowercase(),
    )
}

/// `application/json`, or any `+json` type, parameters allowed.
fn is_json(headers: &HeaderMap) -> bool {
    media_type(headers).is_some_and(|essence| {
        essence == "application/json"
            || (essence.starts_with("application/") && essence.ends_with("+json"))
    })
}

/// A key as one step of a JSON Pointer (RFC 6901: `~` is `~0`, `/` is `~1`).
pub(crate) fn escape(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

/// A serde path as a JSON Pointer (RFC 6901: `~` is `~0`, `/` is `~1`).
pub fn pointer(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for seg in path.iter() {
        match seg {
            Segment::Seq { index } => {
                out.push('/');
                out.push_str(&index.to_string());
            }
            Segment::Map { key } | Segment::Enum { variant: key } => {
                out.push('/');
                out.push_str(&escape(key));
            }
            Segment::Unknown => {}
        }
    }
    out
}

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
        if let Ok(value) = serde_json::from_str(text) {
            return Ok(value);
        }
    }
    let de = &mut serde_json::Deserializer::from_slice(bytes);
    let value = serde_path_to_error::deserialize(&mut *de).map_err(|e| {
        let inner = e.inner();
        if inner.is_syntax() || inner.is_eof() {
            Problem::malformed(format!("the body is not JSON: {inner}"), Vec::new())
        } else {
            let first = FieldError {
                pointer: pointer(e.path()),
                message: crate::shape_words::plain(&inner.to_string()),
            };
            let mut detail = format!(
                "the body is not the shape of the request: {}",
                first.message
            );
            // The typed parse names the first problem; a walk of the body
            // names them all (issue #19), that one first.
            let (every, complete) = crate::shape_problems::every::<T>(bytes, first);
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
    Ok(value)
}

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request(req: Request, state: &S) -> Result<Self, Problem> {
        if !is_json(req.headers()) {
            return Err(Problem::from_status(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the body must be JSON: send Content-Type: application/json",
            ));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(Problem::from_bytes_rejection)?;
        parse_json(&bytes).map(ApiJson)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_content_types_with_parameters_and_suffixes_are_json() {
        let mut h = HeaderMap::new();
        for (ct, ok) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("Application/JSON", true),
            ("application/problem+json", true),
            ("text/plain", false),
            ("application/jsonx", false),
        ] {
            h.insert(header::CONTENT_TYPE, ct.parse().unwrap());
            assert_eq!(is_json(&h), ok, "{ct}");
        }
    }

    /// The text fast path changes no answer: a body that is not UTF-8 is
    /// still refused as not JSON (whether the bad byte is in a string or
    /// not); UTF-8 bodies the text parser refuses (a lone surrogate escape,
    /// a byte-order mark, trailing data) fall back to the byte parser and
    /// get its answer; and a good body parses to the same request as from
    /// bytes, raw and escaped non-ASCII alike.
    #[test]
    fn bodies_the_text_parser_refuses_get_the_byte_parsers_answer() {
        use crate::dto::SettleRequest;
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
}
