//! `POST /v1/equity` over one keep-alive connection against `/healthz` on
//! the same connection: what an equity costs past an HTTP round trip. The
//! real `showdown` binary serves on a free loopback port and is killed
//! when the bench ends. Heads-up hold'em before the flop is answered from
//! the equity crate's table; the three-way preflop spot still enumerates.
//!
//! `cargo bench -p showdown-server --bench http_equity --profile dist`
//! (figures in `crates/equity/README.md`).

use std::hint::black_box;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use criterion::{criterion_group, criterion_main, Criterion};

/// The service, killed on drop so the bench leaves nothing running.
struct Server {
    child: Child,
    addr: SocketAddr,
}

impl Server {
    fn start() -> Server {
        let addr = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free loopback port");
        let child = Command::new(env!("CARGO_BIN_EXE_showdown"))
            .args(["serve", "--addr", &addr.to_string()])
            .env("RUST_LOG", "warn")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the showdown binary starts");
        let server = Server { child, addr };
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect(addr).is_err() {
            assert!(Instant::now() < deadline, "no listener on {addr}");
            std::thread::sleep(Duration::from_millis(20));
        }
        server
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// One keep-alive HTTP/1.1 connection.
struct Client {
    reader: BufReader<TcpStream>,
    writer: TcpStream,
    body: Vec<u8>,
}

impl Client {
    fn connect(addr: SocketAddr) -> Client {
        let s = TcpStream::connect(addr).expect("connect");
        s.set_nodelay(true).expect("nodelay");
        Client {
            writer: s.try_clone().expect("clone"),
            reader: BufReader::new(s),
            body: Vec::new(),
        }
    }

    /// Send `request` (the bytes of a whole request) and read the whole
    /// answer; its status.
    fn round_trip(&mut self, request: &[u8]) -> u16 {
        self.writer.write_all(request).expect("write");
        let mut line = String::new();
        self.reader.read_line(&mut line).expect("status line");
        let status = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .expect("a status");
        let mut length = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).expect("header");
            if line == "\r\n" {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().expect("a length");
                }
            }
        }
        self.body.resize(length, 0);
        self.reader.read_exact(&mut self.body).expect("body");
        status
    }
}

fn post(path: &str, json: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: bench\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{json}",
        json.len()
    )
    .into_bytes()
}

const HEADS_UP: &str = r#"{"variant":"holdem","players":[{"id":"a","cards":["Ah","Kh"]},{"id":"b","cards":["Qs","Qd"]}]}"#;
const THREE_WAY: &str = r#"{"variant":"holdem","players":[{"id":"a","cards":["Ah","Kh"]},{"id":"b","cards":["Qs","Qd"]},{"id":"c","cards":["7c","8c"]}]}"#;

fn bench(c: &mut Criterion) {
    let server = Server::start();
    let mut client = Client::connect(server.addr);
    let healthz = b"GET /healthz HTTP/1.1\r\nHost: bench\r\n\r\n".to_vec();
    let heads_up = post("/v1/equity", HEADS_UP);
    let three_way = post("/v1/equity", THREE_WAY);
    // The first answers also wait for the tables the service builds beside
    // its listener; every case must answer 200 before it is timed.
    for r in [&healthz, &heads_up, &three_way] {
        let status = client.round_trip(r);
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&client.body));
    }
    let mut g = c.benchmark_group("http");
    g.sample_size(50);
    g.measurement_time(Duration::from_secs(5));
    g.bench_function("healthz", |b| {
        b.iter(|| client.round_trip(black_box(&healthz)))
    });
    g.bench_function("equity/holdem-heads-up-preflop", |b| {
        b.iter(|| client.round_trip(black_box(&heads_up)))
    });
    g.sample_size(10);
    g.bench_function("equity/holdem-three-way-preflop", |b| {
        b.iter(|| client.round_trip(black_box(&three_way)))
    });
    g.finish();
    drop(server);
}

criterion_group!(benches, bench);
criterion_main!(benches);
