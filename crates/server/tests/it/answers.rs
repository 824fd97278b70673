//! Issue 57, item 3: answers are bounded. Through the router, an answer
//! over its limit is a 422 and one the body budget cannot hold now a 503;
//! on the real binary, an answer is held until written, and a client that
//! reads too slowly is cut off within the documented time.

use crate::attack::{ask, Log, Showdown};
use crate::common::{self, assert_problem};
use axum::http::header;
use showdown_server::config::AppConfig;
use showdown_server::{app, AppState};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

#[tokio::test]
async fn an_answer_over_its_limit_is_a_422_that_names_the_bound() {
    let state = AppState::new(AppConfig {
        answer_limit: 256,
        ..Default::default()
    });
    let r = common::post_json(app(state.clone()), "/v1/settle", &common::api_example()).await;
    assert_problem(&r, 422);
    let p = r.json();
    assert_eq!(p["type"], "about:blank");
    let detail = p["detail"].as_str().unwrap();
    assert!(detail.contains("over its limit of 256 bytes"), "{detail}");
    assert!(detail.contains("--answer-limit"), "{detail}");
    assert_eq!(state.body_budget.held(), 0, "nothing held for a refusal");
    // Under the default bound the same request is answered.
    let r = common::settle(&common::api_example()).await;
    assert_eq!(r.status, 200);
}

#[tokio::test]
async fn an_answer_the_budget_cannot_hold_now_is_503_with_retry_after() {
    let body = serde_json::to_vec(&common::api_example()).unwrap();
    let answered = common::settle(&common::api_example()).await;
    assert_eq!(answered.status, 200);
    let (b, a) = (body.len(), answered.body.len());
    assert!(a > b + 2, "the answer is larger than its body");
    let state = AppState::new(AppConfig {
        body_budget: 1024 * 1024,
        ..Default::default()
    });
    // Room for the body, not for its answer: the body is read, then refused.
    let free = b + (a - b) / 2;
    // Held in pieces of 64 KiB at most: small holds may take all of it.
    let mut rest = 1024 * 1024 - free;
    let mut _held = Vec::new();
    while rest > 0 {
        let n = rest.min(64 * 1024);
        _held.push(state.body_budget.hold(n).unwrap());
        rest -= n;
    }
    // With its length declared, the body holds its own bytes (a chunked
    // one would hold a step of 16 KiB).
    let r = common::send(app(state.clone()), with_length(&body)).await;
    assert_problem(&r, 503);
    assert_eq!(r.headers[header::RETRY_AFTER], "1");
    let detail = r.json()["detail"].as_str().unwrap().to_string();
    assert!(detail.contains("cannot take this answer"), "{detail}");
    assert!(detail.contains("--body-budget"), "{detail}");
    assert_eq!(state.body_budget.held(), 1024 * 1024 - free, "gave back");
    // With room, the answer is held as long as the response is.
    drop(_held);
    let res = tower::ServiceExt::oneshot(app(state.clone()), with_length(&body))
        .await
        .unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(state.body_budget.held(), a, "the answer is held");
    drop(res);
    assert_eq!(state.body_budget.held(), 0);
}

/// A settle of `body`, its length declared.
fn with_length(body: &[u8]) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::post("/v1/settle")
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_LENGTH, body.len().to_string())
        .body(axum::body::Body::from(body.to_vec()))
        .unwrap()
}

/// A connection to `addr` whose receive buffer is small (4 KiB asked).
fn small_buffer(addr: SocketAddr) -> TcpStream {
    let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    socket.connect(&addr.into()).unwrap();
    socket.into()
}

/// `count` requests pipelined on one connection whose receive buffer is
/// small, written by a thread: settles of API.md's example with `explain`
/// (`settle`), else `GET /openapi.json`. Enough of them are answered with
/// more than the kernel's buffers take unread (4 MiB at most on the
/// server's side).
fn pipelined(
    addr: SocketAddr,
    count: usize,
    settle: bool,
) -> (TcpStream, std::thread::JoinHandle<()>) {
    let s = small_buffer(addr);
    let mut body = common::api_example();
    body["explain"] = serde_json::json!(true);
    let body = serde_json::to_vec(&body).unwrap();
    let one = if settle {
        let head = format!(
            "POST /v1/settle HTTP/1.1\r\nHost: showdown\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
            body.len()
        );
        [head.as_bytes(), &body].concat()
    } else {
        b"GET /openapi.json HTTP/1.1\r\nHost: showdown\r\n\r\n".to_vec()
    };
    let all = one.repeat(count);
    let mut w = s.try_clone().unwrap();
    // The server stops reading once it is cut: the write then fails.
    let writer = std::thread::spawn(move || drop(w.write_all(&all)));
    (s, writer)
}

/// `name`'s value in the admin listener's metrics.
fn metric(server: &Showdown, name: &str) -> u64 {
    let mut s = TcpStream::connect(server.admin.expect("--admin-addr")).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let a = ask(&mut s, "GET", "/metrics", b"").expect("metrics");
    let text = String::from_utf8(a.body).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix(name)?.strip_prefix(' ')?.parse().ok())
        // A labelled gauge is listed once its label has been used.
        .unwrap_or(0)
}

/// Polls `name` (every 20 ms, `limit` at most) until `ok`; how long it took.
fn until(server: &Showdown, name: &str, limit: Duration, ok: impl Fn(u64) -> bool) -> Duration {
    let start = Instant::now();
    loop {
        let v = metric(server, name);
        if ok(v) {
            return start.elapsed();
        }
        assert!(start.elapsed() < limit, "{name} is {v} after {limit:?}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

const OPEN: &str = "showdown_connections_open{listener=\"public\"}";

/// The binary with the write limits given and the idle and header
/// timeouts out of the way (60 s), with an admin listener.
fn with_write_limits(stall_ms: &str, timeout_ms: &str) -> Showdown {
    Showdown::spawn(
        &[
            "--admin-addr",
            "127.0.0.1:0",
            "--write-stall-ms",
            stall_ms,
            "--write-timeout-ms",
            timeout_ms,
            "--idle-timeout-ms",
            "60000",
            "--header-timeout-ms",
            "60000",
        ],
        "warn",
        Log::Drained,
    )
}

#[test]
fn a_client_that_never_reads_is_closed_within_the_write_stall_and_its_answers_given_back() {
    let server = with_write_limits("1000", "60000");
    let (mut s, writer) = pipelined(server.addr, 5000, true);
    // Answers wait on the client: their bytes are held against the budget.
    until(
        &server,
        "showdown_body_bytes_held",
        Duration::from_secs(10),
        |v| v > 0,
    );
    let cut = until(&server, OPEN, Duration::from_secs(10), |v| v == 0);
    // Answering until the kernel's buffers are full, then 1 s of stall
    // and a tick (a quarter of it); not the idle or header timeouts.
    assert!(cut < Duration::from_secs(5), "cut after {cut:?}");
    assert_eq!(metric(&server, "showdown_body_bytes_held"), 0, "given back");
    assert!(metric(&server, "showdown_connection_errors_total") >= 1);
    // The client gets what the kernel took, then the end: not every answer.
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut got = Vec::new();
    let _ = s.read_to_end(&mut got);
    let answers = got.windows(12).filter(|w| w == b"HTTP/1.1 200").count();
    assert!(answers < 5000, "{answers} answers of 5000");
    writer.join().unwrap();
}

#[test]
fn a_cut_connection_is_reset_so_the_kernel_drops_what_it_queued() {
    let server = with_write_limits("1000", "60000");
    // 60 OpenAPI documents: more than the kernel's buffers take, and every
    // request read, so a plain close would end in a FIN after them all.
    let (mut s, writer) = pipelined(server.addr, 60, false);
    until(&server, OPEN, Duration::from_secs(5), |v| v == 1);
    until(&server, OPEN, Duration::from_secs(10), |v| v == 0);
    // Closed, the socket would go on sending the megabytes the kernel
    // queued (to a slow reader, for minutes): reset, they are dropped.
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut got = Vec::new();
    let e = s.read_to_end(&mut got).expect_err("reset, not closed");
    assert_eq!(e.kind(), std::io::ErrorKind::ConnectionReset, "{e}");
    let answers = got.windows(12).filter(|w| w == b"HTTP/1.1 200").count();
    assert!(answers < 60, "{answers} answers of 60");
    writer.join().unwrap();
}

#[test]
fn a_client_that_reads_a_trickle_is_closed_within_the_write_timeout() {
    let server = with_write_limits("60000", "2000");
    // 60 OpenAPI documents (150 KB and more each), read a trickle.
    let (s, writer) = pipelined(server.addr, 60, false);
    let start = Instant::now();
    let mut r = s.try_clone().unwrap();
    r.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    // 2 KiB every 100 ms, 20 KB/s: the socket takes a little now and then
    // (the stall, 60 s, never ends it), and the writing waits in all.
    let reader = std::thread::spawn(move || {
        let mut buf = [0u8; 2048];
        while matches!(r.read(&mut buf), Ok(n) if n > 0) {
            std::thread::sleep(Duration::from_millis(100));
        }
    });
    until(&server, OPEN, Duration::from_secs(5), |v| v == 1);
    until(&server, OPEN, Duration::from_secs(10), |v| v == 0);
    let cut = start.elapsed();
    // Cut at 2 s of waiting (from when the kernel's buffers filled, at
    // once), seen within a tick (500 ms), and the polls' own time.
    assert!(
        cut >= Duration::from_millis(1500) && cut < Duration::from_secs(4),
        "cut after {cut:?}"
    );
    let _ = s.shutdown(std::net::Shutdown::Both);
    reader.join().unwrap();
    writer.join().unwrap();
}
