//! A request span's fields as the JSON log stores them. Ours because
//! tracing-subscriber's `JsonFields` builds a map and a JSON value for
//! every span, which cost each request some 6,000 instructions (5 % of a
//! settlement) to store three short strings that are written out only when
//! a line is logged; this writes the object directly.

use std::fmt::{self, Write};
use tracing::field::{Field, Visit};
use tracing_subscriber::field::RecordFields;
use tracing_subscriber::fmt::format::Writer;
use tracing_subscriber::fmt::{FormatFields, FormattedFields};

/// Span fields as one JSON object, `{"name":value,...}`, the form the JSON
/// log format reads them back in.
#[derive(Debug, Clone, Copy, Default)]
pub struct SpanFieldsJson;

impl<'w> FormatFields<'w> for SpanFieldsJson {
    fn format_fields<R: RecordFields>(&self, mut writer: Writer<'w>, fields: R) -> fmt::Result {
        // Built apart, then written once: the writer's string grows once.
        let mut object = String::with_capacity(160);
        object.push('{');
        let mut v = Members::new(&mut object, true);
        fields.record(&mut v);
        v.close()?;
        writer.write_str(&object)
    }

    /// A field recorded later goes into the object already written.
    fn add_fields(
        &self,
        current: &'w mut FormattedFields<Self>,
        fields: &tracing::span::Record<'_>,
    ) -> fmt::Result {
        if current.fields.pop() != Some('}') {
            current.fields.clear();
            return self.format_fields(current.as_writer(), fields);
        }
        let empty = current.fields.len() == 1;
        let mut v = Members::new(&mut current.fields, empty);
        fields.record(&mut v);
        v.close()
    }
}

/// Writes `"name":value` members, comma-separated, then the closing brace.
struct Members<'a> {
    out: &'a mut String,
    first: bool,
    result: fmt::Result,
}

impl<'a> Members<'a> {
    fn new(out: &'a mut String, first: bool) -> Members<'a> {
        Members {
            out,
            first,
            result: Ok(()),
        }
    }

    fn key(&mut self, field: &Field) -> fmt::Result {
        if !std::mem::take(&mut self.first) {
            self.out.push(',');
        }
        write_json_str(self.out, field.name())?;
        self.out.push(':');
        Ok(())
    }

    fn member(&mut self, field: &Field, value: impl FnOnce(&mut String) -> fmt::Result) {
        if self.result.is_ok() {
            self.result = self.key(field).and_then(|()| value(self.out));
        }
    }

    fn close(self) -> fmt::Result {
        self.result?;
        self.out.push('}');
        Ok(())
    }
}

impl Visit for Members<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        self.member(field, |out| write_json_str(out, value));
    }

    fn record_i64(&mut self, field: &Field, value: i64) {
        self.member(field, |out| write!(out, "{value}"));
    }

    fn record_u64(&mut self, field: &Field, value: u64) {
        self.member(field, |out| write!(out, "{value}"));
    }

    fn record_bool(&mut self, field: &Field, value: bool) {
        self.member(field, |out| write!(out, "{value}"));
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        self.member(field, |out| {
            out.write_char('"')?;
            write!(Escaped(out), "{value:?}")?;
            out.write_char('"')
        });
    }
}

fn write_json_str(out: &mut impl Write, s: &str) -> fmt::Result {
    out.write_char('"')?;
    Escaped(out).write_str(s)?;
    out.write_char('"')
}

/// Escapes what JSON strings may not hold as they are.
struct Escaped<'a, W: Write>(&'a mut W);

impl<W: Write> Write for Escaped<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        // Ids and request ids are plain: one pass, one write.
        if !s.bytes().any(|b| b < b' ' || b == b'"' || b == b'\\') {
            return self.0.write_str(s);
        }
        let mut plain = 0;
        for (i, c) in s.char_indices() {
            let escape = match c {
                '"' => "\\\"",
                '\\' => "\\\\",
                '\n' => "\\n",
                '\r' => "\\r",
                '\t' => "\\t",
                c if c < ' ' => "",
                _ => continue,
            };
            self.0.write_str(&s[plain..i])?;
            if escape.is_empty() {
                write!(self.0, "\\u{:04x}", u32::from(c))?;
            } else {
                self.0.write_str(escape)?;
            }
            plain = i + c.len_utf8();
        }
        self.0.write_str(&s[plain..])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tracing_subscriber::layer::SubscriberExt;

    /// The JSON log of one event inside a span with these fields, recorded
    /// in two steps.
    fn logged() -> serde_json::Value {
        let buf = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let sink = buf.clone();
        let layer = tracing_subscriber::fmt::layer()
            .json()
            .fmt_fields(SpanFieldsJson)
            .with_writer(move || Sink(sink.clone()));
        let subscriber = tracing_subscriber::registry().with(layer);
        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!(
                "request",
                request_id = "a \"quoted\" \\ id\u{1}",
                trace_id = %"4bf92f3577b34da6a3ce929d0e0e4736",
                status = tracing::field::Empty,
                ok = tracing::field::Empty,
            );
            span.record("status", 422_i64);
            span.record("ok", false);
            span.in_scope(|| tracing::info!("inside"));
        });
        let text = String::from_utf8(buf.lock().unwrap().clone()).unwrap();
        serde_json::from_str(text.trim()).unwrap()
    }

    struct Sink(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

    impl std::io::Write for Sink {
        fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(b);
            Ok(b.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn span_fields_reach_the_json_line_whole_and_escaped() {
        let line = logged();
        let span = &line["span"];
        assert_eq!(span["request_id"], "a \"quoted\" \\ id\u{1}", "{line}");
        assert_eq!(span["trace_id"], "4bf92f3577b34da6a3ce929d0e0e4736");
        assert_eq!(span["status"], 422);
        assert_eq!(span["ok"], false);
        assert_eq!(span["name"], "request");
    }
}
