//! End to end: the real `showdown` binary on a port of its own, spoken to over
//! TCP with a tiny HTTP/1.1 client (no HTTP client dependency needed).

use crate::common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    /// Starts the binary on a port the system picks (`--addr
    /// 127.0.0.1:0`) and reads the address from its "listening" log line,
    /// so no other test's server can take the port between a probe and
    /// the bind.
    fn start(extra: &[&str]) -> Server {
        let (child, line, mut log) = common::spawn_serve(extra, "warn,showdown_server::cli=info");
        let addr = line["addr"].as_str().unwrap().parse().unwrap();
        // Keep reading the log so that it never fills its pipe.
        std::thread::spawn(move || std::io::copy(&mut log, &mut std::io::sink()));
        Server { child, addr }
    }

    fn signal(&self, sig: &str) {
        let ok = Command::new("kill")
            .arg(format!("-{sig}"))
            .arg(self.child.id().to_string())
            .status()
            .unwrap()
            .success();
        assert!(ok);
    }

    fn wait_exit(&mut self, within: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + within;
        while Instant::now() < deadline {
            if let Some(s) = self.child.try_wait().unwrap() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

struct Resp {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Resp {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
    fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap()
    }
}

fn read_response(mut s: TcpStream) -> Resp {
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let mut raw = Vec::new();
    s.read_to_end(&mut raw).unwrap();
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a complete head");
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect();
    Resp {
        status,
        headers,
        body: raw[split + 4..].to_vec(),
    }
}

fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    content_type: Option<&str>,
    body: &[u8],
) -> Resp {
    let mut s = TcpStream::connect(addr).unwrap();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(ct) = content_type {
        head.push_str(&format!("Content-Type: {ct}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n", body.len()));
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(body).unwrap();
    read_response(s)
}

#[test]
fn binary_serves_the_contract_over_http() {
    let server = Server::start(&[]);
    let body = serde_json::to_vec(&common::api_example()).unwrap();
    let r = request(
        server.addr,
        "POST",
        "/v1/settle",
        Some("application/json"),
        &body,
    );
    assert_eq!(r.status, 200);
    assert_eq!(r.header("content-type"), Some("application/json"));
    assert!(r.header("x-request-id").is_some());
    let req = serde_json::from_slice(&body).unwrap();
    let expected = serde_json::to_vec(&showdown_contract::settle_request(&req).unwrap()).unwrap();
    assert_eq!(
        r.body, expected,
        "the binary answers what settle_request computes"
    );

    let r = request(server.addr, "GET", "/nope", None, b"");
    assert_eq!(r.status, 404);
    assert_eq!(r.header("content-type"), Some("application/problem+json"));
    assert_eq!(r.json()["requestId"].as_str(), r.header("x-request-id"));

    let r = request(
        server.addr,
        "POST",
        "/v1/settle",
        Some("application/json"),
        b"{\"variant\":\"holdem\",\"players\":[]}",
    );
    assert_eq!(r.status, 422);

    for path in [
        "/healthz",
        "/readyz",
        "/metrics",
        "/openapi.json",
        "/v1/variants",
        "/docs/",
    ] {
        assert_eq!(
            request(server.addr, "GET", path, None, b"").status,
            200,
            "{path}"
        );
    }
    let metrics =
        String::from_utf8(request(server.addr, "GET", "/metrics", None, b"").body).unwrap();
    assert!(
        metrics.contains("showdown_settlements_total{variant=\"holdem\"} 1"),
        "{metrics}"
    );
}

#[test]
fn healthcheck_subcommand_exits_0_when_up_and_1_when_down() {
    let server = Server::start(&[]);
    let up = Command::new(env!("CARGO_BIN_EXE_showdown"))
        .args(["healthcheck", "--addr", &server.addr.to_string()])
        .status()
        .unwrap();
    assert!(up.success());
    let free = TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let down = Command::new(env!("CARGO_BIN_EXE_showdown"))
        .args([
            "healthcheck",
            "--addr",
            &free.to_string(),
            "--timeout-ms",
            "500",
        ])
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert_eq!(down.code(), Some(1));
}

#[test]
fn slow_body_gets_408_problem_not_a_dropped_connection() {
    let server = Server::start(&["--request-timeout-ms", "300"]);
    let mut s = TcpStream::connect(server.addr).unwrap();
    let head = "POST /v1/settle HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"variant\":";
    s.write_all(head.as_bytes()).unwrap();
    let r = read_response(s);
    assert_eq!(r.status, 408);
    assert_eq!(r.header("content-type"), Some("application/problem+json"));
    assert_eq!(r.json()["status"], 408);
}

#[test]
fn sigterm_finishes_the_request_in_flight_then_exits_0() {
    let mut server = Server::start(&[]);
    let body = serde_json::to_vec(&common::api_example()).unwrap();
    // Start a request and leave its body half sent.
    let mut s = TcpStream::connect(server.addr).unwrap();
    let head = format!(
        "POST /v1/settle HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).unwrap();
    s.write_all(&body[..10]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    server.signal("TERM");
    std::thread::sleep(Duration::from_millis(200));
    // New connections are refused once shutdown began...
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "still finishing the request in flight"
    );
    // ...and the one in flight completes.
    s.write_all(&body[10..]).unwrap();
    let r = read_response(s);
    assert_eq!(r.status, 200);
    let status = server
        .wait_exit(Duration::from_secs(10))
        .expect("exits after the last request");
    assert!(status.success(), "{status:?}");
}

#[test]
fn settle_subcommand_ndjson_answers_one_line_per_request_in_order() {
    let good = serde_json::to_string(&common::api_example()).unwrap();
    let input = format!("{good}\n{{\"variant\":\"nope\",\"players\":[]}}\nnot json\n{good}\n");
    let mut child = Command::new(env!("CARGO_BIN_EXE_showdown"))
        .args(["settle", "--ndjson"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "a failed line makes the exit status 1"
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["type"], "hand_complete");
    assert_eq!(lines[1]["status"], 422);
    assert_eq!(lines[2]["status"], 400);
    assert_eq!(lines[3], lines[0]);
}

#[test]
fn sigterm_right_after_start_is_a_graceful_stop() {
    let mut server = Server::start(&[]);
    server.signal("TERM");
    let status = server.wait_exit(Duration::from_secs(10)).expect("exits");
    assert_eq!(status.code(), Some(0), "handled, not killed by the signal");
}

#[test]
fn second_signal_stops_at_once_despite_a_request_in_flight() {
    let mut server = Server::start(&[]);
    let mut s = TcpStream::connect(server.addr).unwrap();
    s.write_all(b"POST /v1/settle HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 50\r\n\r\n{")
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    server.signal("TERM");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        server.child.try_wait().unwrap().is_none(),
        "waits for the request in flight"
    );
    server.signal("INT");
    let status = server
        .wait_exit(Duration::from_secs(5))
        .expect("a second signal stops it");
    assert_eq!(status.code(), Some(0));
}
