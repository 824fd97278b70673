//! serde_json's shape errors ("invalid type: floating point `1.5`, expected
//! u64 at line 1 column 264") said in a client's words, with a guess at the
//! field a misspelt one meant. Written here because serde's messages are for
//! Rust programmers and no crate rewords them.

/// The plain-words message for one shape error of serde_json.
pub(crate) fn plain(message: &str) -> String {
    let message = strip_position(message);
    if let Some(rest) = message.strip_prefix("unknown field `") {
        return unknown_field(rest);
    }
    if let Some(rest) = message.strip_prefix("duplicate field `") {
        let name = rest.trim_end_matches('`');
        return format!("the field \"{name}\" is given twice");
    }
    if let Some(rest) = message.strip_prefix("missing field `") {
        let name = rest.trim_end_matches('`');
        return format!("the required field \"{name}\" is missing");
    }
    for prefix in ["invalid type: ", "invalid value: "] {
        if let Some(rest) = message.strip_prefix(prefix) {
            if let Some((got, expected)) = rest.split_once(", expected ") {
                if got == "sequence" && expected.starts_with("struct ") {
                    // serde's list form of a struct, refused (crate::objects).
                    return "expected an object, got a list: fields are given by name, \
                            never by position"
                        .to_string();
                }
                // A whole number too large for a narrow field: "0 or more"
                // would not say why it was refused.
                let expected = match (prefix, largest(expected)) {
                    ("invalid value: ", Some(max)) => format!("a whole number from 0 to {max}"),
                    _ => expected_words(expected).to_string(),
                };
                return format!("expected {expected}, got {}", got_words(got));
            }
        }
    }
    message.to_string()
}

/// The largest value of a narrow unsigned field serde names.
fn largest(expected: &str) -> Option<u64> {
    match expected {
        "u32" => Some(u32::MAX.into()),
        "u16" => Some(u16::MAX.into()),
        "u8" => Some(u8::MAX.into()),
        _ => None,
    }
}

/// serde_json appends where in the text it stopped; a pointer says it better.
fn strip_position(message: &str) -> &str {
    match message.rfind(" at line ") {
        Some(at) if message[at..].contains(" column ") => &message[..at],
        _ => message,
    }
}

fn expected_words(expected: &str) -> &str {
    match expected {
        "u64" | "u32" | "u16" | "u8" | "usize" => "a whole number, 0 or more",
        "i64" | "i32" => "a whole number",
        "a boolean" => "true or false",
        "a sequence" => "a list",
        "a string" => "a string",
        "struct SettleRequest" | "a map" => "an object",
        other if other.starts_with("struct ") => "an object",
        other => other,
    }
}

/// serde's "floating point `1.5`" and "integer `-5`" with the backticks gone.
fn got_words(got: &str) -> String {
    let plain = got.replace('`', "");
    if let Some(n) = plain.strip_prefix("floating point ") {
        // serde_json reads a whole number past the 64-bit range as a float:
        // too large, not a fraction. Not every number field is chips (basis
        // points, bounty money, seats), so the words name none.
        // A whole value inside that range was written as a decimal
        // (`100.0`, `1e3`): not too large, only not a whole number's form.
        const RANGE: f64 = 18_446_744_073_709_551_616.0; // 2^64
        return match n.parse::<f64>() {
            Ok(f) if f.fract() == 0.0 && f >= RANGE => format!("{n}: too large"),
            Ok(f) if f.fract() == 0.0 && f <= -RANGE => format!("{n}: too small"),
            Ok(f) if f.fract() == 0.0 => {
                format!("{n}: write a whole number without a decimal point or exponent")
            }
            _ => format!("{n} (whole numbers only: no fractions)"),
        };
    }
    if let Some(n) = plain.strip_prefix("integer ") {
        return n.to_string();
    }
    plain
}

/// The field an unknown `name` probably meant: the closest of `fields` by
/// edit distance, ignoring case, when it is at most 2.
pub(crate) fn meant<'a>(name: &str, fields: &[&'a str]) -> Option<&'a str> {
    let name = name.to_lowercase();
    let len = name.chars().count();
    fields
        .iter()
        .map(|f| (f.to_lowercase(), *f))
        // The distance is at least the difference in length: a long key
        // costs nothing.
        .filter(|(lower, _)| lower.chars().count().abs_diff(len) <= 2)
        .map(|(lower, f)| (strsim::levenshtein(&name, &lower), f))
        .min()
        .filter(|(d, _)| *d <= 2)
        .map(|(_, f)| f)
}

/// "unknown field `comitted`, expected one of `id`, `committed`": names the
/// field it probably meant (edit distance at most 2), else lists them.
fn unknown_field(rest: &str) -> String {
    // serde writes "unknown field `NAME`, expected one of `a`, `b`" (or
    // "`, there are no fields"); NAME is the client's and may itself hold a
    // backtick, so it ends where serde's own words begin.
    let end = ["`, expected ", "`, there are no fields"]
        .iter()
        .filter_map(|words| rest.find(words))
        .min();
    let (name, known) = match end {
        Some(end) => (&rest[..end], &rest[end + 1..]),
        None => (rest.trim_end_matches('`'), ""),
    };
    let fields: Vec<&str> = known
        .split('`')
        .enumerate()
        .filter(|(i, _)| i % 2 == 1)
        .map(|(_, f)| f)
        .collect();
    match meant(name, &fields) {
        Some(f) => format!("unknown field \"{name}\": did you mean \"{f}\"?"),
        _ if !fields.is_empty() => {
            format!(
                "unknown field \"{name}\"; the fields here are {}",
                fields.join(", ")
            )
        }
        _ => format!("unknown field \"{name}\""),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(json: &str) -> String {
        let err = serde_json::from_str::<crate::test_request::SettleRequest>(json).unwrap_err();
        plain(&err.to_string())
    }

    #[test]
    fn a_float_amount_is_named_as_a_fraction() {
        let m = words(
            r#"{"variant":"holdem","players":[{"id":"a","seat":1,"stack":1.5,"committed":0}]}"#,
        );
        assert_eq!(
            m,
            "expected a whole number, 0 or more, got 1.5 (whole numbers only: no fractions)"
        );
    }

    #[test]
    fn a_negative_amount_says_zero_or_more() {
        let m = words(
            r#"{"variant":"holdem","players":[{"id":"a","seat":1,"stack":-5,"committed":0}]}"#,
        );
        assert_eq!(m, "expected a whole number, 0 or more, got -5");
    }

    #[test]
    fn a_seat_out_of_range_names_the_range_it_must_be_in() {
        for (seat, got) in [("4294967296", "4294967296"), ("-1", "-1")] {
            let m = words(&format!(
                r#"{{"variant":"holdem","players":[{{"id":"a","seat":{seat},"stack":5,"committed":0}}]}}"#
            ));
            assert_eq!(
                m,
                format!("expected a whole number from 0 to 4294967295, got {got}")
            );
        }
    }

    #[test]
    fn a_backtick_in_an_unknown_key_keeps_the_message_whole() {
        let m = words(
            r#"{"variant":"holdem","players":[{"id":"a","seat`":1,"stack":5,"committed":0}]}"#,
        );
        assert_eq!(m, "unknown field \"seat`\": did you mean \"seat\"?");
    }

    #[test]
    fn a_misspelt_field_names_the_one_it_probably_meant() {
        let m =
            words(r#"{"variant":"holdem","players":[{"id":"a","seat":1,"stack":5,"comitted":0}]}"#);
        assert_eq!(m, "unknown field \"comitted\": did you mean \"committed\"?");
    }

    #[test]
    fn messages_carry_no_line_and_column() {
        let m = words(r#"{"players":[]}"#);
        assert_eq!(m, "the required field \"variant\" is missing");
    }
}
