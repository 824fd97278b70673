//! The OTLP export over the real binary: a settle carrying `traceparent`
//! becomes one server span in the caller's trace, sent over OTLP/HTTP
//! (protobuf) to a receiver on loopback that decodes it with the official
//! OTLP messages (opentelemetry-proto).

use crate::traces::{request_id, settle_body, traceparent, Served, CALLER_SPAN, TRACE_ID};
use http_body_util::BodyExt;
use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
use opentelemetry_proto::tonic::common::v1::{any_value, KeyValue};
use opentelemetry_proto::tonic::trace::v1::{span::SpanKind, Span};
use prost::Message;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One export as received: its path, content type and decoded body.
struct Export {
    path: String,
    content_type: String,
    request: ExportTraceServiceRequest,
}

type Received = Arc<Mutex<Vec<Export>>>;

/// A collector's OTLP/HTTP receiver on loopback (hyper, HTTP/1.1): every
/// POST decoded as an `ExportTraceServiceRequest`, answered 200.
fn receiver() -> (String, Received) {
    let received = Received::default();
    let sink = received.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    listener.set_nonblocking(true).unwrap();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            loop {
                let Ok((stream, _)) = listener.accept().await else {
                    return;
                };
                let sink = sink.clone();
                let service = hyper::service::service_fn(
                    move |req: hyper::Request<hyper::body::Incoming>| {
                        let sink = sink.clone();
                        async move {
                            let path = req.uri().path().to_string();
                            let content_type = req
                                .headers()
                                .get("content-type")
                                .map(|v| v.to_str().unwrap_or_default().to_string())
                                .unwrap_or_default();
                            let body = req.into_body().collect().await?.to_bytes();
                            let request = ExportTraceServiceRequest::decode(body)
                                .expect("an OTLP trace export");
                            sink.lock().unwrap().push(Export {
                                path,
                                content_type,
                                request,
                            });
                            Ok::<_, hyper::Error>(hyper::Response::new(http_body_util::Full::new(
                                hyper::body::Bytes::new(),
                            )))
                        }
                    },
                );
                tokio::spawn(
                    hyper::server::conn::http1::Builder::new()
                        .serve_connection(hyper_util::rt::TokioIo::new(stream), service),
                );
            }
        });
    });
    (format!("http://{addr}"), received)
}

fn attribute<'a>(attrs: &'a [KeyValue], key: &str) -> Option<&'a any_value::Value> {
    attrs
        .iter()
        .find(|kv| kv.key == key)?
        .value
        .as_ref()?
        .value
        .as_ref()
}

fn string(attrs: &[KeyValue], key: &str) -> Option<String> {
    match attribute(attrs, key)? {
        any_value::Value::StringValue(s) => Some(s.clone()),
        _ => None,
    }
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Every span received so far, with its resource's service name.
fn spans(received: &Received) -> Vec<(Option<String>, Span)> {
    let got = received.lock().unwrap();
    got.iter()
        .flat_map(|e| e.request.resource_spans.iter())
        .flat_map(|rs| {
            let service = rs
                .resource
                .as_ref()
                .and_then(|r| string(&r.attributes, "service.name"));
            rs.scope_spans
                .iter()
                .flat_map(|ss| ss.spans.iter())
                .map(move |s| (service.clone(), s.clone()))
        })
        .collect()
}

/// The binary exporting to `endpoint`, batches sent every 100 ms.
fn exporting_to(endpoint: &str) -> Served {
    let server = Served::start(
        &[],
        &[
            ("OTEL_EXPORTER_OTLP_ENDPOINT", endpoint.to_string()),
            ("OTEL_EXPORTER_OTLP_PROTOCOL", "http/protobuf".into()),
            ("OTEL_SERVICE_NAME", "showdown-under-test".into()),
            ("OTEL_BSP_SCHEDULE_DELAY", "100".into()),
        ],
    );
    assert_eq!(server.start["otlp_endpoint"], endpoint);
    let threads = server.threads();
    assert!(
        threads.iter().any(|t| t.starts_with("OpenTelemetry")),
        "{threads:?}"
    );
    server
}

/// The first span of the caller's trace received, waiting up to 10 s.
fn wait_span(received: &Received) -> (Option<String>, Span) {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let found = spans(received)
            .into_iter()
            .find(|(_, s)| hex(&s.trace_id) == TRACE_ID);
        if let Some(found) = found {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "no span of trace {TRACE_ID} exported in 10 s"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn status_code(span: &Span) -> Option<&any_value::Value> {
    attribute(&span.attributes, "http.response.status_code")
}

fn settle_traced(server: &Served, body: &[u8]) -> (u16, String) {
    let tp = traceparent();
    let (status, head, _) = server.send(
        "POST",
        "/v1/settle",
        &[("content-type", "application/json"), ("traceparent", &tp)],
        body,
    );
    (status, request_id(&head))
}

#[test]
fn a_settle_with_traceparent_is_exported_as_a_server_span_in_the_callers_trace() {
    let (endpoint, received) = receiver();
    let mut server = exporting_to(&endpoint);
    // A probe first: logged, never exported.
    assert_eq!(server.send("GET", "/healthz", &[], b"").0, 200);
    let (status, id) = settle_traced(&server, &settle_body());
    assert_eq!(status, 200);
    let (service, span) = wait_span(&received);
    assert_eq!(service.as_deref(), Some("showdown-under-test"));
    assert_eq!(
        hex(&span.parent_span_id),
        CALLER_SPAN,
        "a child of the caller's span"
    );
    assert_eq!(span.kind, SpanKind::Server as i32);
    assert_eq!(span.name, "POST /v1/settle");
    assert_eq!(
        string(&span.attributes, "http.route").as_deref(),
        Some("/v1/settle")
    );
    assert_eq!(
        string(&span.attributes, "request_id").as_deref(),
        Some(id.as_str())
    );
    assert_eq!(status_code(&span), Some(&any_value::Value::IntValue(200)));
    assert!(span.start_time_unix_nano > 0 && span.end_time_unix_nano >= span.start_time_unix_nano);
    // The span exported is the one the log names: a refusal in the same
    // trace, its line's span id found among the spans sent at exit.
    let mut bad = crate::common::api_example();
    bad["variant"] = "holdem-ish".into();
    let (status, refused) = settle_traced(&server, &serde_json::to_vec(&bad).unwrap());
    assert_eq!(status, 422);
    let line = server.wait_log(|v| v["request_id"] == refused.as_str());
    assert_eq!(line["span"]["trace_id"], TRACE_ID);
    // SIGTERM: the spans still queued are sent before the process exits.
    server.terminate();
    let all = spans(&received);
    let logged = line["span"]["span_id"].as_str().unwrap();
    let (_, exported) = all
        .iter()
        .find(|(_, s)| hex(&s.span_id) == logged)
        .expect("the refused request's span, sent at exit");
    assert_eq!(
        status_code(exported),
        Some(&any_value::Value::IntValue(422))
    );
    let routes: Vec<_> = all
        .iter()
        .map(|(_, s)| string(&s.attributes, "http.route"))
        .collect();
    assert!(!routes.contains(&Some("/healthz".into())), "{routes:?}");
    let got = received.lock().unwrap();
    assert!(got
        .iter()
        .all(|e| e.path == "/v1/traces" && e.content_type == "application/x-protobuf"));
}
