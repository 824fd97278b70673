//! The connection layer under attack: the real `showdown` binary with short
//! limits set by flags, each test named for the attack it survives.

use crate::common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// What becomes of the log after the "listening" line.
#[derive(Clone, Copy)]
enum Log {
    /// Read and dropped.
    Drained,
    /// Never read: a log reader that has stalled.
    Stalled,
}

/// The binary on a free loopback port, killed by its PID when dropped.
struct Showdown {
    child: Child,
    addr: SocketAddr,
    /// The admin listener's address, when started with `--admin-addr`.
    admin: Option<SocketAddr>,
}

impl Showdown {
    /// Starts the binary on a port the system picks (`--addr 127.0.0.1:0`)
    /// and reads the address from its "listening" line, so no other test
    /// can take the port between a probe and the bind. `log_level` is
    /// what the test needs beyond that line.
    fn spawn(flags: &[&str], log_level: &str, log: Log) -> Showdown {
        let (child, line, reader) =
            common::spawn_serve(flags, &format!("{log_level},showdown_server::cli=info"));
        let addr = line["addr"].as_str().unwrap().parse().unwrap();
        let admin = line["admin_addr"].as_str().unwrap().parse().ok();
        let mut reader = reader;
        match log {
            // Held open, never read: the pipe fills and the writer stalls.
            Log::Stalled => std::mem::forget(reader),
            Log::Drained => {
                std::thread::spawn(move || std::io::copy(&mut reader, &mut std::io::sink()));
            }
        }
        Showdown { child, addr, admin }
    }

    /// Polls the admin listener's `/metrics` until `line` appears (10 s at most).
    fn wait_for_metric(&self, line: &str) {
        let admin = self.admin.expect("started with --admin-addr");
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            let mut s = TcpStream::connect(admin).expect("the admin listener");
            s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
            let a = ask(&mut s, "GET", "/metrics", b"").expect("metrics answer");
            if String::from_utf8_lossy(&a.body).contains(line) {
                return;
            }
            assert!(Instant::now() < deadline, "{line:?} not seen in 10 s");
            std::thread::yield_now();
        }
    }

    fn connect(&self) -> TcpStream {
        let s = TcpStream::connect(self.addr).expect("connect");
        s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        s
    }

    fn terminate(&self) {
        let sent = Command::new("kill")
            .args(["-TERM", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success());
    }
}

impl Showdown {
    /// The exit status, once the process has ended; fails the test when it
    /// is still running after `limit` (from now, just after a signal).
    fn exit_within(&mut self, limit: Duration) -> std::process::ExitStatus {
        let signalled = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(
                signalled.elapsed() < limit,
                "still running {limit:?} after SIGTERM"
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for Showdown {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One answer read off a keep-alive connection.
#[derive(Debug)]
struct Answer {
    status: u16,
    close: bool,
    body: Vec<u8>,
}

/// Read one response (sized by Content-Length); `None` when the server
/// closed the connection first.
fn read_answer(s: &mut TcpStream) -> Option<Answer> {
    let mut raw = Vec::new();
    let mut chunk = [0u8; 4096];
    let head_end = loop {
        if let Some(i) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
        match s.read(&mut chunk) {
            Ok(0) | Err(_) => return None,
            Ok(n) => raw.extend_from_slice(&chunk[..n]),
        }
    };
    let head = String::from_utf8_lossy(&raw[..head_end]).to_ascii_lowercase();
    let status = head.split(' ').nth(1)?.parse().ok()?;
    let field = |name: &str| {
        head.lines()
            .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
    };
    let length: usize = field("content-length:").and_then(|v| v.parse().ok())?;
    let close = field("connection:").is_some_and(|v| v == "close");
    while raw.len() < head_end + length {
        match s.read(&mut chunk) {
            Ok(0) | Err(_) => return None,
            Ok(n) => raw.extend_from_slice(&chunk[..n]),
        }
    }
    Some(Answer {
        status,
        close,
        body: raw[head_end..head_end + length].to_vec(),
    })
}

fn send(s: &mut TcpStream, method: &str, path: &str, body: &[u8]) -> std::io::Result<()> {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: showdown\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes())?;
    s.write_all(body)
}

fn ask(s: &mut TcpStream, method: &str, path: &str, body: &[u8]) -> Option<Answer> {
    send(s, method, path, body).ok()?;
    read_answer(s)
}

/// How long until the server closes `s` (reads until EOF or a reset),
/// giving up after `limit`.
fn closed_after(s: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    s.set_read_timeout(Some(limit)).unwrap();
    let mut buf = [0u8; 1024];
    loop {
        match s.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => continue,
            Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => {
                return None
            }
            Err(_) => return Some(start.elapsed()),
        }
    }
}

fn settle_body() -> Vec<u8> {
    serde_json::to_vec(&common::api_example()).unwrap()
}

#[test]
fn half_header_connection_is_closed_within_the_header_timeout() {
    let server = Showdown::spawn(
        &["--header-timeout-ms", "400", "--idle-timeout-ms", "60000"],
        "warn",
        Log::Drained,
    );
    let mut s = server.connect();
    // A slowloris: part of a request line, then a byte now and then.
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    let drip = std::thread::spawn({
        let mut s = s.try_clone().unwrap();
        move || {
            for _ in 0..20 {
                std::thread::sleep(Duration::from_millis(100));
                if s.write_all(b"X").is_err() {
                    return;
                }
            }
        }
    });
    let closed = closed_after(&mut s, Duration::from_secs(3));
    let _ = drip.join();
    let closed = closed.expect("a half-header connection stayed open 3 s");
    assert!(
        closed < Duration::from_millis(1500),
        "closed after {closed:?}"
    );
    // The server still answers.
    let mut fresh = server.connect();
    assert_eq!(ask(&mut fresh, "GET", "/healthz", b"").unwrap().status, 200);
}

#[test]
fn idle_keep_alive_connection_is_closed_within_the_idle_timeout() {
    let server = Showdown::spawn(
        &["--idle-timeout-ms", "300", "--header-timeout-ms", "60000"],
        "warn",
        Log::Drained,
    );
    let mut s = server.connect();
    let a = ask(&mut s, "GET", "/healthz", b"").expect("an answer");
    assert_eq!((a.status, a.close), (200, false));
    let closed = closed_after(&mut s, Duration::from_secs(3)).expect("idle connection kept 3 s");
    assert!(
        closed < Duration::from_millis(1200),
        "closed after {closed:?}"
    );
    // A connection that never sends anything is idle too.
    let mut silent = server.connect();
    let closed = closed_after(&mut silent, Duration::from_secs(3)).expect("silent connection kept");
    assert!(
        closed < Duration::from_millis(1200),
        "closed after {closed:?}"
    );
}

#[test]
fn at_the_connection_cap_a_new_healthz_is_answered_or_refused_at_once() {
    let server = Showdown::spawn(
        &[
            "--max-connections",
            "4",
            "--idle-timeout-ms",
            "60000",
            "--header-timeout-ms",
            "60000",
            "--admin-addr",
            "127.0.0.1:0",
        ],
        "warn",
        Log::Drained,
    );
    // Four connections in the middle of a request hold every slot.
    let mut held: Vec<TcpStream> = (0..4).map(|_| server.connect()).collect();
    for s in &mut held {
        s.write_all(b"POST /v1/settle HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
    }
    // The admin listener's metrics say when the server holds all four.
    server.wait_for_metric("showdown_connections_open{listener=\"public\"} 4\n");
    let start = Instant::now();
    let mut probe = server.connect();
    probe
        .set_read_timeout(Some(Duration::from_secs(2)))
        .unwrap();
    let answer = ask(&mut probe, "GET", "/healthz", b"");
    let took = start.elapsed();
    assert!(took < Duration::from_millis(1000), "took {took:?}");
    // Answered (a slot was freed) or refused with the minimal 503.
    if let Some(a) = answer {
        assert!(a.status == 200 || (a.status == 503 && a.close), "{a:?}");
    }
    // Once the holders have been quiet a while (1 s), a newcomer makes room.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let mut later = server.connect();
        if let Some(a) = ask(&mut later, "GET", "/healthz", b"") {
            if a.status == 200 {
                break;
            }
        }
        assert!(Instant::now() < deadline, "no room made within 10 s");
    }
}

#[test]
fn a_never_read_log_pipe_does_not_stop_healthz_or_a_settle() {
    // stderr is a pipe nobody reads: it fills after 64 KiB of log.
    let server = Showdown::spawn(&[], "debug", Log::Stalled);
    let mut s = server.connect();
    let long_path = format!("/{}", "x".repeat(4000));
    let start = Instant::now();
    // Every refused request logs a line: about 1 MB of log in all.
    for _ in 0..250 {
        let a = ask(&mut s, "GET", &long_path, b"").expect("a 404 while the log is stalled");
        assert_eq!(a.status, 404);
    }
    let body = settle_body();
    for _ in 0..50 {
        assert_eq!(ask(&mut s, "GET", "/healthz", b"").unwrap().status, 200);
        assert_eq!(
            ask(&mut s, "POST", "/v1/settle", &body).unwrap().status,
            200
        );
    }
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
}

/// The largest body the settle route reads (1 MiB, API.md), every player
/// at a seat of their own.
fn largest_settle(player: impl Fn(usize) -> serde_json::Value) -> Vec<u8> {
    let mut req = common::api_example();
    let players: Vec<serde_json::Value> = (0..16_000).map(player).collect();
    req["players"] = serde_json::json!(players);
    let mut body = serde_json::to_vec(&req).unwrap();
    while body.len() > 1024 * 1024 {
        // Drop about as many players as the excess holds, at least one.
        let players = req["players"].as_array_mut().unwrap();
        let each = body.len() / players.len();
        let keep = players.len() - ((body.len() - 1024 * 1024) / each).max(1);
        players.truncate(keep);
        body = serde_json::to_vec(&req).unwrap();
    }
    body
}

#[test]
fn a_1_mib_body_of_bad_cards_gets_a_bounded_422_quickly() {
    let server = Showdown::spawn(&[], "warn", Log::Drained);
    let template = common::api_example()["players"][0].clone();
    // As many players as fit in 1 MiB, each with two malformed cards.
    let body = largest_settle(|i| {
        let mut pl = template.clone();
        pl["id"] = serde_json::json!(format!("p{i}"));
        pl["seat"] = serde_json::json!(i + 1);
        pl["cards"] = serde_json::json!(["Zz", "Yy"]);
        pl
    });
    let mut s = server.connect();
    let start = Instant::now();
    let a = ask(&mut s, "POST", "/v1/settle", &body).expect("an answer");
    let took = start.elapsed();
    assert_eq!(a.status, 422);
    assert!(a.body.len() < 16 * 1024, "{} bytes", a.body.len());
    assert!(took < Duration::from_secs(2), "took {took:?}");
    let problem: serde_json::Value = serde_json::from_slice(&a.body).unwrap();
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("more not listed"), "{detail}");
    assert!(!problem["errors"].as_array().unwrap().is_empty());
}

/// A valid hand as large as the settle route reads: thousands of folded
/// players, each with a bet of its own, explained step by step.
#[test]
fn a_1_mib_hand_of_folded_players_settles_quickly() {
    let server = Showdown::spawn(&[], "warn", Log::Drained);
    let body = largest_settle(|i| match i {
        0 | 1 => common::api_example()["players"][i].clone(),
        _ => serde_json::json!({"id": format!("p{i}"), "seat": i + 1, "stack": 1000,
            "committed": i % 300, "folded": true}),
    });
    let mut req: serde_json::Value = serde_json::from_slice(&body).unwrap();
    req["explain"] = serde_json::json!(true);
    let body = serde_json::to_vec(&req).unwrap();
    assert!(body.len() > 900 * 1024, "{} bytes", body.len());
    let mut s = server.connect();
    let start = Instant::now();
    let a = ask(&mut s, "POST", "/v1/settle", &body).expect("an answer");
    let took = start.elapsed();
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    assert!(took < Duration::from_secs(2), "took {took:?}");
}

#[test]
fn sigterm_under_keep_alive_load_loses_no_request() {
    let server = Showdown::spawn(
        &["--shutdown-grace-secs", "20", "--drain-linger-ms", "300"],
        "warn",
        Log::Drained,
    );
    // A connection stuck half-way through its headers must not hold the exit.
    let mut stuck = server.connect();
    stuck.write_all(b"POST /v1/settle HTTP/1.1\r\n").unwrap();
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let (first_tx, first_rx) = std::sync::mpsc::channel();
    let clients: Vec<_> = (0..4)
        .map(|i| {
            let mut s = server.connect();
            let stop = stop.clone();
            let first = first_tx.clone();
            std::thread::spawn(move || {
                let body = settle_body();
                let (mut sent, mut answered, mut not_ready) = (0u32, 0u32, 0u32);
                loop {
                    let (method, path, b) = match i {
                        0 => ("GET", "/readyz", &b""[..]),
                        _ => ("POST", "/v1/settle", &body[..]),
                    };
                    if send(&mut s, method, path, b).is_err() {
                        break;
                    }
                    sent += 1;
                    let Some(a) = read_answer(&mut s) else { break };
                    answered += 1;
                    if answered == 1 {
                        let _ = first.send(i);
                    }
                    not_ready += u32::from(a.status == 503);
                    if a.close || stop.load(std::sync::atomic::Ordering::Relaxed) {
                        break;
                    }
                    if i == 0 {
                        // A probe's pace, not back to back: a /readyz the
                        // handler answered 200 just before the signal gets
                        // `Connection: close` on its way out (rightly), and
                        // back to back that race ended the probe before it
                        // could see a 503.
                        std::thread::sleep(Duration::from_millis(5));
                    }
                }
                (sent, answered, not_ready)
            })
        })
        .collect();
    // Every client has had an answer: the load is on.
    for _ in 0..4 {
        first_rx
            .recv_timeout(Duration::from_secs(20))
            .expect("every client answered");
    }
    server.terminate();
    let mut server = server;
    let status = server.exit_within(Duration::from_secs(5));
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    assert!(status.success(), "{status:?}");
    for (i, c) in clients.into_iter().enumerate() {
        let (sent, answered, not_ready) = c.join().unwrap();
        assert!(sent > 1, "client {i} sent {sent}");
        assert_eq!(sent, answered, "client {i} lost a request");
        if i == 0 {
            assert!(not_ready >= 1, "/readyz never answered 503 while draining");
        }
    }
}

/// What one client of the drain test saw: requests written whole, and
/// those of them that got no answer.
#[derive(Default)]
struct Tally {
    written: u64,
    lost: u64,
}

/// A client settling back to back on a keep-alive connection, opening a
/// new one whenever an answer says `Connection: close` (or a connection
/// ends), until the listener refuses it or 60 s have passed.
fn settle_back_to_back(addr: SocketAddr, first: std::sync::mpsc::Sender<()>) -> Tally {
    let body = settle_body();
    let mut tally = Tally::default();
    let mut conn: Option<TcpStream> = None;
    let until = Instant::now() + Duration::from_secs(60);
    while Instant::now() < until {
        let s = match conn.as_mut() {
            Some(s) => s,
            None => match TcpStream::connect(addr) {
                Ok(s) => {
                    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
                    conn.insert(s)
                }
                // The listener has closed: the drain is over for new work.
                Err(_) => break,
            },
        };
        if send(s, "POST", "/v1/settle", &body).is_err() {
            // Not written whole: the connection had ended first.
            conn = None;
            continue;
        }
        tally.written += 1;
        match read_answer(s) {
            Some(a) => {
                if tally.written == 1 {
                    let _ = first.send(());
                }
                if a.close {
                    conn = None;
                }
            }
            None => {
                tally.lost += 1;
                conn = None;
            }
        }
    }
    tally
}

/// Issue 43: sixteen keep-alive clients settling back to back, SIGTERM
/// after one second (the default linger and grace): every request written
/// whole is answered. Through the linger every answer says
/// `Connection: close`, so the clients reconnect all the time, and when the
/// listener closes some connections are still in the kernel's queue and
/// others have just sent a request the server has not read yet.
#[test]
fn sigterm_answers_every_request_written_whole_by_16_keep_alive_clients() {
    let server = Showdown::spawn(&[], "warn", Log::Drained);
    let addr = server.addr;
    let (first_tx, first_rx) = std::sync::mpsc::channel();
    let clients: Vec<_> = (0..16)
        .map(|_| {
            let first = first_tx.clone();
            std::thread::spawn(move || settle_back_to_back(addr, first))
        })
        .collect();
    for _ in 0..16 {
        first_rx
            .recv_timeout(Duration::from_secs(30))
            .expect("every client answered");
    }
    std::thread::sleep(Duration::from_secs(1));
    server.terminate();
    let mut server = server;
    let status = server.exit_within(Duration::from_secs(20));
    assert!(status.success(), "{status:?}");
    let (mut written, mut lost) = (0, 0);
    for c in clients {
        let t = c.join().unwrap();
        written += t.written;
        lost += t.lost;
    }
    assert!(written > 16, "only {written} requests written");
    assert_eq!(
        lost, 0,
        "{lost} of {written} requests written whole got no answer"
    );
}
