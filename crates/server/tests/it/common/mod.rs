//! Helpers shared by the server's integration tests.
#![allow(dead_code)]

use axum::body::{to_bytes, Body};
use axum::http::{header, Request, StatusCode};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;

/// The example of API.md, POST /v1/settle (its golden request file).
pub fn api_example() -> Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/golden/api-md-example.request.json"
    );
    serde_json::from_slice(&std::fs::read(path).expect("golden API.md example")).expect("JSON")
}

/// A golden request of tests/golden by name.
pub fn golden_request(name: &str) -> Value {
    let path = format!(
        "{}/../../tests/golden/{name}.request.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_slice(&std::fs::read(path).expect("golden request")).expect("JSON")
}

/// Asserts that settling `body` is a 422 whose errors point exactly at
/// `pointers`, in order.
pub async fn rejects(body: &Value, pointers: &[&str]) {
    let r = settle(body).await;
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.pointers(), pointers, "{}", r.json());
}

/// Takes every slot of the compute pool, so the next enumeration is refused.
pub fn fill_compute_pool(state: &showdown_server::AppState) -> tokio::sync::OwnedSemaphorePermit {
    let slots = state.compute.slots().clone();
    let n = slots.available_permits() as u32;
    slots.try_acquire_many_owned(n).expect("free slots")
}

/// A response: status, headers, body bytes.
pub struct Reply {
    pub status: StatusCode,
    pub headers: axum::http::HeaderMap,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn content_type(&self) -> &str {
        self.headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    /// A problem's `errors` as `(pointer, message)` pairs.
    pub fn errors(&self) -> Vec<(String, String)> {
        self.json()["errors"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| {
                        let s = |k: &str| e[k].as_str().unwrap_or("").to_string();
                        (s("pointer"), s("message"))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The pointers of a 422's `errors`.
    pub fn pointers(&self) -> Vec<String> {
        self.json()["errors"]
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|e| e["pointer"].as_str().unwrap_or("").to_string())
                    .collect()
            })
            .unwrap_or_default()
    }
}

pub async fn send(app: Router, req: Request<Body>) -> Reply {
    let res = app.oneshot(req).await.expect("the router is infallible");
    let status = res.status();
    let headers = res.headers().clone();
    let body = to_bytes(res.into_body(), usize::MAX)
        .await
        .expect("body")
        .to_vec();
    Reply {
        status,
        headers,
        body,
    }
}

pub async fn post_json(app: Router, path: &str, body: &Value) -> Reply {
    let req = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(serde_json::to_vec(body).unwrap()))
        .unwrap();
    send(app, req).await
}

pub async fn settle(body: &Value) -> Reply {
    post_json(
        showdown_server::app(showdown_server::AppState::default()),
        "/v1/settle",
        body,
    )
    .await
}

pub async fn get(path: &str) -> Reply {
    send(
        showdown_server::app(showdown_server::AppState::default()),
        Request::get(path).body(Body::empty()).unwrap(),
    )
    .await
}

/// A problem+json body with the RFC 9457 members and our request id.
pub fn assert_problem(r: &Reply, status: u16) {
    assert_eq!(
        r.status.as_u16(),
        status,
        "{}",
        String::from_utf8_lossy(&r.body)
    );
    assert_eq!(r.content_type(), "application/problem+json");
    let p = r.json();
    assert_eq!(p["status"], status);
    assert!(
        p["type"].is_string() && p["title"].is_string() && p["detail"].is_string(),
        "{p}"
    );
    let id = r
        .headers
        .get("x-request-id")
        .expect("x-request-id echoed")
        .to_str()
        .unwrap();
    assert_eq!(
        p["requestId"], id,
        "the body carries the request id of the header"
    );
}

/// `showdown serve` on a port the system picks (`--addr 127.0.0.1:0`), its
/// JSON log piped; returns the child, its "listening" line (which names the
/// port: no other test can take it between a probe and the bind) and the
/// rest of the log for the caller to read, drain or leave stalled.
pub fn spawn_serve(
    flags: &[&str],
    rust_log: &str,
) -> (
    std::process::Child,
    Value,
    std::io::BufReader<std::process::ChildStderr>,
) {
    spawn_serve_with(flags, rust_log, &[])
}

/// [`spawn_serve`] with these variables set too.
pub fn spawn_serve_with(
    flags: &[&str],
    rust_log: &str,
    vars: &[(&str, String)],
) -> (
    std::process::Child,
    Value,
    std::io::BufReader<std::process::ChildStderr>,
) {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_showdown"))
        .args(["serve", "--addr", "127.0.0.1:0", "--log-format", "json"])
        .args(flags)
        .env("RUST_LOG", rust_log)
        // As the image runs it (docker/Dockerfile): mimalloc gives freed
        // memory back to the system at once, and keeps its arena out of
        // transparent huge pages.
        .env("MIMALLOC_PURGE_DELAY", "0")
        .env("MIMALLOC_ALLOW_THP", "0")
        .envs(vars.iter().map(|(k, v)| (*k, v.as_str())))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the showdown binary starts");
    let mut log = std::io::BufReader::new(child.stderr.take().unwrap());
    let line = listening_line(&mut log);
    (child, line, log)
}

/// Runs the binary with `args`, `stdin` written to it; its output.
pub fn showdown(args: &[&str], stdin: &[u8]) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_showdown"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the showdown binary starts");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    child.wait_with_output().unwrap()
}

/// Reads a server's log up to its "listening" line and returns the address
/// it names (the server binds port 0; the system picks the port).
pub fn listening_addr(log: &mut impl std::io::BufRead) -> std::net::SocketAddr {
    listening_line(log)["addr"]
        .as_str()
        .expect("addr")
        .parse()
        .expect("a socket address")
}

/// The "listening" line of a server's JSON log, as read from `log`.
pub fn listening_line(log: &mut impl std::io::BufRead) -> Value {
    let mut line = String::new();
    loop {
        line.clear();
        let n = log.read_line(&mut line).expect("the log reads");
        assert!(n > 0, "the server exited before it listened");
        let entry: Value = serde_json::from_str(&line).unwrap_or_default();
        if entry["message"] == "listening" {
            return entry;
        }
    }
}
