//! W3C trace context over the real binary: the caller's trace continued in
//! the log lines and in the span exported over OTLP/HTTP to a receiver on
//! loopback that decodes the official OTLP protobuf messages.

use crate::common;
use serde_json::Value;
use std::io::{BufRead, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(crate) const TRACE_ID: &str = "4bf92f3577b34da6a3ce929d0e0e4736";
pub(crate) const CALLER_SPAN: &str = "00f067aa0ba902b7";

pub(crate) fn traceparent() -> String {
    format!("00-{TRACE_ID}-{CALLER_SPAN}-01")
}

/// The binary, its JSON log collected line by line.
pub(crate) struct Served {
    child: Child,
    addr: SocketAddr,
    pub start: Value,
    log: Arc<Mutex<Vec<Value>>>,
}

impl Served {
    pub(crate) fn start(flags: &[&str], env: &[(&str, String)]) -> Served {
        let (child, start, reader) = common::spawn_serve_with(flags, "info", env);
        let addr = start["addr"].as_str().unwrap().parse().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in reader.lines().map_while(Result::ok) {
                let v = serde_json::from_str(&line).unwrap_or(Value::Null);
                sink.lock().unwrap().push(v);
            }
        });
        Served {
            child,
            addr,
            start,
            log,
        }
    }

    /// Status, head (lower case) and body of a request read to the end.
    pub(crate) fn send(
        &self,
        method: &str,
        path: &str,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> (u16, String, String) {
        let mut raw = format!(
            "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (k, v) in headers {
            raw.push_str(&format!("{k}: {v}\r\n"));
        }
        raw.push_str("\r\n");
        let mut s = TcpStream::connect(self.addr).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(raw.as_bytes()).unwrap();
        s.write_all(body).unwrap();
        let mut answer = String::new();
        let _ = s.read_to_string(&mut answer);
        let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|c| c.parse().ok())
            .unwrap_or(0);
        (status, head.to_ascii_lowercase(), body.to_string())
    }

    /// The first log line that `f` accepts, waiting up to 10 s.
    pub(crate) fn wait_log(&self, f: impl Fn(&Value) -> bool) -> Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(v) = self.log.lock().unwrap().iter().find(|v| f(v)) {
                return v.clone();
            }
            assert!(
                Instant::now() < deadline,
                "no such log line in 10 s: {:?}",
                self.log.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The names of the process's threads (Linux).
    pub(crate) fn threads(&self) -> Vec<String> {
        let dir = format!("/proc/{}/task", self.child.id());
        std::fs::read_dir(dir)
            .map(|d| {
                d.filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
                    .map(|n| n.trim().to_string())
                    .collect()
            })
            .unwrap_or_default()
    }

    pub(crate) fn terminate(&mut self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(ok.success());
        let _ = self.child.wait();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn request_id(head: &str) -> String {
    head.lines()
        .find_map(|l| l.strip_prefix("x-request-id: "))
        .expect("x-request-id")
        .trim()
        .to_string()
}

pub(crate) fn settle_body() -> Vec<u8> {
    serde_json::to_vec(&common::api_example()).unwrap()
}

#[test]
fn a_refused_request_is_logged_with_the_callers_trace_id_and_no_exporter_runs() {
    let server = Served::start(&[], &[]);
    assert_eq!(server.start["otlp_endpoint"], "none");
    let mut bad = common::api_example();
    bad["players"][0]["cards"] = serde_json::json!(["As", "As"]);
    let tp = traceparent();
    let json = [
        ("content-type", "application/json"),
        ("traceparent", tp.as_str()),
    ];
    let (status, head, _) = server.send(
        "POST",
        "/v1/settle",
        &json,
        &serde_json::to_vec(&bad).unwrap(),
    );
    assert_eq!(status, 422);
    let id = request_id(&head);
    let line = server.wait_log(|v| v["request_id"] == id.as_str());
    assert_eq!(line["message"], "request refused");
    assert_eq!(line["level"], "INFO");
    assert_eq!(line["span"]["trace_id"], TRACE_ID, "{line}");
    assert_eq!(line["span"]["request_id"], id.as_str());
    // The service's own span: a new id, not the caller's.
    let span_id = line["span"]["span_id"].as_str().unwrap();
    assert!(span_id.len() == 16 && span_id != CALLER_SPAN, "{line}");
    // No traceparent: a fresh trace id each time.
    let plain = [("content-type", "application/json")];
    let fresh: Vec<String> = (0..2)
        .map(|_| {
            let (status, head, _) = server.send("POST", "/v1/settle", &plain, b"{}");
            assert_eq!(status, 400);
            let id = request_id(&head);
            let line = server.wait_log(|v| v["request_id"] == id.as_str());
            line["span"]["trace_id"].as_str().unwrap().to_string()
        })
        .collect();
    for t in &fresh {
        assert!(
            t.len() == 32 && t.bytes().all(|b| b.is_ascii_hexdigit()) && t != TRACE_ID,
            "{t}"
        );
    }
    assert_ne!(fresh[0], fresh[1]);
    // Successes are not logged at info by default.
    let (status, head, _) = server.send("POST", "/v1/settle", &json, &settle_body());
    assert_eq!(status, 200);
    std::thread::sleep(Duration::from_millis(200));
    let id = request_id(&head);
    assert!(!server
        .log
        .lock()
        .unwrap()
        .iter()
        .any(|v| v["request_id"] == id.as_str()));
    // No endpoint, no exporter: the SDK's batch thread never starts.
    let threads = server.threads();
    assert!(
        threads.iter().any(|t| t.starts_with("showdown-log")),
        "{threads:?}"
    );
    assert!(
        !threads.iter().any(|t| t.starts_with("OpenTelemetry")),
        "{threads:?}"
    );
}

#[test]
fn log_requests_logs_every_request_at_info_with_its_trace_id() {
    let server = Served::start(&["--log-requests"], &[]);
    assert_eq!(server.start["log_requests"], true);
    let tp = traceparent();
    let (status, head, _) = server.send(
        "POST",
        "/v1/settle",
        &[("content-type", "application/json"), ("traceparent", &tp)],
        &settle_body(),
    );
    assert_eq!(status, 200);
    let id = request_id(&head);
    let line = server.wait_log(|v| v["request_id"] == id.as_str());
    assert_eq!(line["message"], "request");
    assert_eq!(line["level"], "INFO");
    assert_eq!(line["status"], 200);
    assert_eq!(line["span"]["trace_id"], TRACE_ID);
}

#[test]
fn otlp_settings_the_service_cannot_honour_stop_the_start() {
    for (var, value, says) in [
        ("OTEL_EXPORTER_OTLP_PROTOCOL", "grpc", "http/protobuf only"),
        ("OTEL_EXPORTER_OTLP_TIMEOUT", "soon", "milliseconds"),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_showdown"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .env("OTEL_EXPORTER_OTLP_ENDPOINT", "http://127.0.0.1:1")
            .env(var, value)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{var}: {err}");
        assert!(err.contains(var) && err.contains(says), "{err}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_showdown"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", "https://collector:4318")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("plain http://"));
}
