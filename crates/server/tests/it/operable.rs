//! What an operator relies on, over the real binary: the start-up line,
//! refused settings, refusal log lines, metrics and the drain (the CLI's
//! streams and help are in `operable_cli`).

use crate::common;

use std::io::{BufRead, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The binary serving on a port of its own, its log collected line by line.
struct Server {
    child: Child,
    addr: SocketAddr,
    start: serde_json::Value,
    log: Arc<Mutex<Vec<serde_json::Value>>>,
}

impl Server {
    fn start(flags: &[&str], rust_log: &str) -> Server {
        let (child, start, reader) = common::spawn_serve(flags, rust_log);
        let addr = start["addr"].as_str().unwrap().parse().unwrap();
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = log.clone();
        std::thread::spawn(move || {
            for line in reader.lines() {
                let Ok(line) = line else { return };
                let v = serde_json::from_str(&line).unwrap_or(serde_json::Value::Null);
                sink.lock().unwrap().push(v);
            }
        });
        Server {
            child,
            addr,
            start,
            log,
        }
    }

    /// The first log line with this message, waiting for it up to 10 s.
    fn wait_log(&self, message: &str) -> serde_json::Value {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(v) = self.find_log(|v| v["message"] == message) {
                return v;
            }
            assert!(Instant::now() < deadline, "no {message:?} line in 10 s");
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    fn find_log(&self, f: impl Fn(&serde_json::Value) -> bool) -> Option<serde_json::Value> {
        self.log.lock().unwrap().iter().find(|v| f(v)).cloned()
    }

    fn request(&self, raw: &[u8]) -> (u16, String, String) {
        let mut s = TcpStream::connect(self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s.write_all(raw).unwrap();
        read_all(s)
    }

    fn get(&self, path: &str) -> (u16, String, String) {
        self.request(
            format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").as_bytes(),
        )
    }

    fn post(&self, path: &str, body: &[u8]) -> (u16, String, String) {
        let mut raw = format!(
            "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            body.len()
        )
        .into_bytes();
        raw.extend_from_slice(body);
        self.request(&raw)
    }

    fn terminate(&self) {
        let ok = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(ok.success());
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Status, head and body of a response read to the connection's end.
fn read_all(mut s: TcpStream) -> (u16, String, String) {
    let mut raw = Vec::new();
    let _ = s.read_to_end(&mut raw);
    let text = String::from_utf8_lossy(&raw).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

use common::showdown;

#[test]
fn the_start_up_line_has_plain_values_of_every_setting_in_force() {
    let server = Server::start(
        &["--max-header-bytes", "9000", "--equity-threads", "1"],
        "info",
    );
    let s = &server.start;
    assert_eq!(s["version"], env!("CARGO_PKG_VERSION"));
    assert!(s["profile"] == "debug" || s["profile"] == "release", "{s}");
    assert_eq!(s["addr"], server.addr.to_string());
    assert_eq!(s["admin_addr"], "none");
    assert_eq!(s["log_level"], "info");
    assert_eq!(s["log_format"], "json");
    for (field, value) in [
        ("body_limit", 65536),
        ("body_budget", 24 * 1024 * 1024),
        ("answer_limit", 8 * 1024 * 1024),
        ("write_stall_ms", 5_000),
        ("write_timeout_ms", 30_000),
        ("send_buffer_bytes", 65_536),
        ("request_timeout_ms", 10_000),
        ("concurrency_limit", 1024),
        ("equity_threads", 1),
        ("equity_limit", 64),
        ("header_timeout_ms", 10_000),
        ("idle_timeout_ms", 5_000),
        ("max_header_bytes", 9000),
        ("shutdown_grace_secs", 30),
        ("drain_linger_ms", 500),
    ] {
        assert_eq!(s[field], value, "{field}: {s}");
    }
    assert!(s["max_connections"].as_u64().unwrap() >= 1, "{s}");
    let text = s.to_string();
    assert!(!text.contains("Some(") && !text.contains("None"), "{text}");
    // The value logged is the value enforced: 5,000 bytes of header pass,
    // 12,000 are refused with 431.
    let head = |n: usize| {
        format!(
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Pad: {}\r\nConnection: close\r\n\r\n",
            "a".repeat(n)
        )
    };
    assert_eq!(server.request(head(5000).as_bytes()).0, 200);
    assert_eq!(server.request(head(12_000).as_bytes()).0, 431);
}

/// Each setting with a value it refuses, and what the refusal says.
const MEANINGLESS: [(&str, &str, &str); 15] = [
    (
        "--body-limit",
        "0",
        "--body-limit (or SHOWDOWN_BODY_LIMIT) is 0, below its least value 1",
    ),
    (
        "--concurrency-limit",
        "0",
        "--concurrency-limit (or SHOWDOWN_CONCURRENCY_LIMIT) is 0",
    ),
    (
        "--body-budget",
        "1048575",
        "--body-budget (or SHOWDOWN_BODY_BUDGET) is 1048575, below its least value 1048576",
    ),
    (
        "--max-header-bytes",
        "100",
        "--max-header-bytes (or SHOWDOWN_MAX_HEADER_BYTES) is 100, below its least value 8192",
    ),
    (
        "--max-connections",
        "0",
        "--max-connections (or SHOWDOWN_MAX_CONNECTIONS) is 0",
    ),
    (
        "--equity-threads",
        "0",
        "--equity-threads (or SHOWDOWN_EQUITY_THREADS) is 0",
    ),
    (
        "--equity-limit",
        "0",
        "--equity-limit (or SHOWDOWN_EQUITY_LIMIT) is 0",
    ),
    (
        "--request-timeout-ms",
        "0",
        "--request-timeout-ms (or SHOWDOWN_REQUEST_TIMEOUT_MS) is 0",
    ),
    (
        "--header-timeout-ms",
        "0",
        "--header-timeout-ms (or SHOWDOWN_HEADER_TIMEOUT_MS) is 0",
    ),
    (
        "--idle-timeout-ms",
        "0",
        "--idle-timeout-ms (or SHOWDOWN_IDLE_TIMEOUT_MS) is 0",
    ),
    (
        "--drain-linger-ms",
        "86400001",
        "above its largest value 86400000",
    ),
    (
        "--write-stall-ms",
        "0",
        "--write-stall-ms (or SHOWDOWN_WRITE_STALL_MS) is 0",
    ),
    (
        "--write-timeout-ms",
        "0",
        "--write-timeout-ms (or SHOWDOWN_WRITE_TIMEOUT_MS) is 0",
    ),
    (
        "--send-buffer-bytes",
        "4095",
        "--send-buffer-bytes (or SHOWDOWN_SEND_BUFFER_BYTES) is 4095, below",
    ),
    (
        "--answer-limit",
        "18874369",
        "--answer-limit (or SHOWDOWN_ANSWER_LIMIT) is 18874369, above its largest value 18874368",
    ),
];

#[test]
fn settings_that_mean_nothing_stop_the_start_with_a_clear_message() {
    for (flag, value, says) in MEANINGLESS {
        let out = showdown(&["serve", "--addr", "127.0.0.1:0", flag, value], b"");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{flag} {value}: {err}");
        assert!(err.contains(says), "{flag} {value}: {err}");
        assert!(!err.contains("listening"), "{flag} {value} started: {err}");
    }
}

#[test]
fn the_pretty_log_has_no_colour_codes_when_stderr_is_not_a_terminal() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_showdown"))
        .args(["serve", "--addr", "127.0.0.1:0", "--log-format", "pretty"])
        .env("RUST_LOG", "info")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut reader = std::io::BufReader::new(child.stderr.take().unwrap());
    let mut seen = String::new();
    while !seen.contains("listening") {
        let mut line = String::new();
        assert!(reader.read_line(&mut line).unwrap() > 0, "exited: {seen}");
        seen.push_str(&line);
    }
    let _ = child.kill();
    let _ = child.wait();
    assert!(!seen.contains('\u{1b}'), "{seen:?}");
    assert!(seen.contains("max_header_bytes"), "{seen}");
}

#[test]
fn a_refusal_is_logged_with_its_problem_and_counted_by_type() {
    let server = Server::start(&["--body-limit", "1000"], "info");
    let mut bad = common::api_example();
    bad["players"][0]["cards"] = serde_json::json!(["As", "As"]);
    let (status, head, body) = server.post("/v1/settle", &serde_json::to_vec(&bad).unwrap());
    assert_eq!(status, 422, "{body}");
    let problem: serde_json::Value = serde_json::from_str(&body).unwrap();
    let id = problem["requestId"].as_str().unwrap().to_string();
    assert!(head
        .to_ascii_lowercase()
        .contains(&format!("x-request-id: {}", id.to_ascii_lowercase())));
    let deadline = Instant::now() + Duration::from_secs(10);
    let line = loop {
        if let Some(v) = server.find_log(|v| v["request_id"] == id.as_str()) {
            break v;
        }
        assert!(Instant::now() < deadline, "no log line for {id}");
        std::thread::sleep(Duration::from_millis(5));
    };
    assert_eq!(line["message"], "request refused");
    assert_eq!(line["level"], "INFO");
    assert_eq!(line["status"], 422);
    assert_eq!(line["problem_type"], problem["type"]);
    assert_eq!(line["title"], problem["title"]);
    assert_eq!(line["pointer"], problem["errors"][0]["pointer"]);
    assert!(!line["pointer"].as_str().unwrap().is_empty(), "{line}");
    // The 413 names the limit in force, not the default.
    let (status, _, body) = server.post("/v1/equity", &[b' '; 2000]);
    assert_eq!(status, 413);
    assert!(body.contains("size limit of 1000 bytes"), "{body}");
    let (_, _, metrics) = server.get("/metrics");
    let kind = problem["type"].as_str().unwrap();
    assert!(
        metrics.contains(&format!(
            "showdown_refusals_total{{status=\"422\",type=\"{kind}\"}} 1\n"
        )),
        "{metrics}"
    );
    assert!(metrics.contains("showdown_refusals_total{status=\"413\",type=\"about:blank\"} 1\n"));
}

/// Issue 48: a body the budget cannot hold is refused with 503 before it
/// is read, and a warning says why, with the figures; the client, which
/// wrote its whole body, still reads the answer.
#[test]
fn a_body_past_the_budget_is_refused_with_a_warning_that_says_why() {
    let server = Server::start(
        // The answer limit within the three quarters of it that large
        // answers may hold.
        &["--body-budget", "1048576", "--answer-limit", "786432"],
        "warn,showdown_server::cli=info",
    );
    // Large bodies may hold three quarters of the 1 MiB budget: 768 KiB.
    let (status, head, body) = server.post("/v1/tables", &vec![b' '; 900_000]);
    assert_eq!(status, 503, "{body}");
    assert!(
        head.to_ascii_lowercase().contains("retry-after: 1"),
        "{head}"
    );
    assert!(body.contains("--body-budget"), "{body}");
    let line = server.wait_log("body refused with 503: the body budget cannot hold it now");
    assert_eq!(line["level"], "WARN");
    assert_eq!(line["reason"], "body_budget");
    assert_eq!(line["path"], "/v1/tables");
    assert_eq!(line["body_bytes"], 900_000);
    assert_eq!(line["budget_bytes"], 1_048_576);
    // A small body still passes.
    let (status, _, body) = server.post(
        "/v1/settle",
        &serde_json::to_vec(&common::api_example()).unwrap(),
    );
    assert_eq!(status, 200, "{body}");
}

#[test]
fn metrics_show_the_build_the_process_and_requests_in_flight() {
    let server = Server::start(&[], "warn,showdown_server::cli=info");
    let (status, _, text) = server.get("/metrics");
    assert_eq!(status, 200);
    let version = env!("CARGO_PKG_VERSION");
    assert!(
        text.contains(&format!(
            "showdown_build_info{{version=\"{version}\",profile=\""
        )),
        "{text}"
    );
    // The scrape itself is in flight while it is rendered.
    assert!(
        text.contains("showdown_http_requests_in_flight 1\n"),
        "{text}"
    );
    assert!(text.contains("showdown_concurrency_limit 1024\n"));
    assert!(text.contains("showdown_equity_in_use 0\n"));
    assert!(text.contains("showdown_connections_open{listener=\"public\"} 1\n"));
    let value = |text: &str, name: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name}: {text}"))
            .parse()
            .unwrap()
    };
    assert!(value(&text, "process_resident_memory_bytes") > 1e6);
    assert!(value(&text, "process_open_fds") >= 3.0);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs_f64();
    let started = value(&text, "process_start_time_seconds");
    assert!(
        started <= now + 1.0 && started > now - 600.0,
        "{started} vs {now}"
    );
    let cpu = value(&text, "process_cpu_seconds_total");
    // Some work, then the CPU counter has moved.
    let body = serde_json::to_vec(&common::api_example()).unwrap();
    let spin = Instant::now();
    let mut later = text.clone();
    while value(&later, "process_cpu_seconds_total") <= cpu {
        for _ in 0..50 {
            assert_eq!(server.post("/v1/settle", &body).0, 200);
        }
        later = server.get("/metrics").2;
        assert!(
            spin.elapsed() < Duration::from_secs(30),
            "CPU time never moved"
        );
    }
}

/// What a client that keeps opening connections saw, and when.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Seen {
    Status(u16),
    Refused,
}

/// A client that opens a connection to `/readyz` every 20 ms, as a load
/// balancer's health check would, and notes what each one got.
struct Prober {
    seen: Arc<Mutex<Vec<(Instant, Seen)>>>,
    stop: Arc<std::sync::atomic::AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Prober {
    fn start(addr: SocketAddr) -> Prober {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (log, halt) = (seen.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            while !halt.load(std::sync::atomic::Ordering::Relaxed) {
                let outcome = probe(addr);
                log.lock().unwrap().push((Instant::now(), outcome));
                // A load balancer's pace, not a wait for anything.
                std::thread::sleep(Duration::from_millis(20));
            }
        });
        Prober {
            seen,
            stop,
            thread: Some(thread),
        }
    }

    /// Waits (10 s at most) until a probe got `what`.
    fn wait_for(&self, what: Seen) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while !self.seen.lock().unwrap().iter().any(|(_, s)| *s == what) {
            assert!(Instant::now() < deadline, "no {what:?} in 10 s");
            std::thread::yield_now();
        }
    }

    /// Stops probing; what was seen after `since`, with its delay.
    fn stop(mut self, since: Instant) -> Vec<(Duration, Seen)> {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        self.thread.take().unwrap().join().unwrap();
        let seen = self.seen.lock().unwrap();
        seen.iter()
            .filter(|(t, _)| *t > since)
            .map(|(t, s)| (*t - since, *s))
            .collect()
    }
}

fn probe(addr: SocketAddr) -> Seen {
    match TcpStream::connect(addr) {
        Ok(mut s) => {
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            let raw = b"GET /readyz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
            match s.write_all(raw) {
                Ok(()) => Seen::Status(read_all(s).0),
                Err(_) => Seen::Status(0),
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::ConnectionRefused => Seen::Refused,
        Err(e) => panic!("connect: {e}"),
    }
}

/// A settle whose headers and first half of body are sent: in flight until
/// the rest comes. Returns the connection and the rest of the body.
fn half_sent_settle(server: &Server) -> (TcpStream, Vec<u8>) {
    let body = serde_json::to_vec(&common::api_example()).unwrap();
    let mut slow = TcpStream::connect(server.addr).unwrap();
    slow.set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let head = format!(
        "POST /v1/settle HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    slow.write_all(head.as_bytes()).unwrap();
    let half = body.len() / 2;
    slow.write_all(&body[..half]).unwrap();
    // In flight: the slow settle and the scrape that reads the gauge.
    let deadline = Instant::now() + Duration::from_secs(10);
    while !server
        .get("/metrics")
        .2
        .contains("showdown_http_requests_in_flight 2\n")
    {
        assert!(Instant::now() < deadline, "the slow request never started");
    }
    (slow, body[half..].to_vec())
}

/// The order a prober must see after the signal: 503s (readiness failed
/// first, never a 200 after), accepted through most of the linger, then
/// refused and nothing else.
fn assert_drain_order(after: &[(Duration, Seen)], linger: Duration) {
    let first_503 = after
        .iter()
        .position(|(_, s)| *s == Seen::Status(503))
        .expect("a 503");
    let first_refused = after
        .iter()
        .position(|(_, s)| *s == Seen::Refused)
        .expect("refused");
    assert!(first_503 < first_refused, "{after:?}");
    assert!(
        after[first_503..]
            .iter()
            .all(|(_, s)| *s != Seen::Status(200)),
        "{after:?}"
    );
    assert!(
        after[first_refused..]
            .iter()
            .all(|(_, s)| *s == Seen::Refused),
        "{after:?}"
    );
    let last_accepted = after[..first_refused].last().unwrap().0;
    assert!(
        last_accepted >= linger * 2 / 3,
        "accepting stopped at {last_accepted:?}: {after:?}"
    );
}

#[test]
fn the_drain_fails_readiness_first_then_closes_the_listener_then_finishes_in_flight() {
    let linger = Duration::from_millis(1500);
    let server = Server::start(
        &["--drain-linger-ms", "1500", "--shutdown-grace-secs", "20"],
        "info",
    );
    let (mut slow, rest) = half_sent_settle(&server);
    let prober = Prober::start(server.addr);
    prober.wait_for(Seen::Status(200));
    let signalled = Instant::now();
    server.terminate();
    // Step 1: not ready, at info, while still accepting.
    let not_ready = server.wait_log("shutdown: not ready; still accepting for the linger");
    assert_eq!(not_ready["linger_ms"], 1500);
    prober.wait_for(Seen::Status(503));
    // Step 2: the listener closes after the linger.
    let closed = server.wait_log("shutdown: listener closed; finishing requests in flight");
    assert_eq!(closed["level"], "INFO");
    prober.wait_for(Seen::Refused);
    // Step 3: the request in flight finishes after the listener closed.
    slow.write_all(&rest).unwrap();
    let (status, head, _) = read_all(slow);
    assert_eq!(status, 200);
    assert!(
        head.to_ascii_lowercase().contains("connection: close"),
        "{head}"
    );
    assert_drain_order(&prober.stop(signalled), linger);
    let mut server = server;
    let exit = server.child.wait().unwrap();
    assert!(exit.success(), "{exit:?}");
    // The readiness 503s were logged at info, and nothing at error.
    let log = server.log.lock().unwrap().clone();
    let readyz: Vec<_> = log
        .iter()
        .filter(|v| v["route"] == "/readyz" && v["status"] == 503)
        .collect();
    assert!(!readyz.is_empty());
    assert!(readyz.iter().all(|v| v["level"] == "INFO"), "{readyz:?}");
    assert!(log.iter().all(|v| v["level"] != "ERROR"), "{log:?}");
}
