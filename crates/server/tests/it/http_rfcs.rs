//! HTTP as the RFCs say (issue 57), on the real binary over raw TCP: the
//! admin address's errors as problem+json, `Host` (RFC 9112 §3.2), and the
//! HTTP/2 preface answered, never dropped; and through `app` on every JSON
//! route with a golden body, control characters and numbers past JSON's
//! range refused at their pointer. The bearer scheme's case is
//! `edge::bearer`'s unit test.

use crate::attack::{Log, Showdown};
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// One raw answer: its status, its head's lines lowercased, its body.
struct Raw {
    status: u16,
    head: String,
    body: Vec<u8>,
}

impl Raw {
    fn header(&self, name: &str) -> Option<&str> {
        let prefix = format!("{name}: ");
        self.head
            .lines()
            .find_map(|l| l.strip_prefix(prefix.as_str()))
    }

    /// The body as a problem, its shape and request id checked.
    fn problem(&self, status: u16) -> Value {
        assert_eq!(self.status, status, "{}", self.head);
        assert_eq!(
            self.header("content-type"),
            Some("application/problem+json")
        );
        let p: Value = serde_json::from_slice(&self.body).expect("a JSON body");
        assert_eq!(p["status"], status, "{p}");
        assert!(p["type"].is_string() && p["title"].is_string() && p["detail"].is_string());
        let id = self.header("x-request-id").expect("x-request-id");
        assert_eq!(
            p["requestId"].as_str().map(str::to_ascii_lowercase),
            Some(id.into())
        );
        p
    }
}

/// Everything the server sends on a new connection after `request`, until
/// it closes (5 s at most).
fn exchange(addr: SocketAddr, request: &[u8]) -> Vec<u8> {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    s.write_all(request).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    out
}

/// One answer to `request` on a connection the server closes after it.
fn answer(addr: SocketAddr, request: &[u8]) -> Raw {
    let out = exchange(addr, request);
    let end = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no answer: {:?}", String::from_utf8_lossy(&out)));
    let head = String::from_utf8_lossy(&out[..end]).to_ascii_lowercase();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Raw {
        status,
        head,
        body: out[end + 4..].to_vec(),
    }
}

#[test]
fn the_admin_address_answers_unknown_paths_and_methods_with_problems() {
    let server = Showdown::spawn(&["--admin-addr", "127.0.0.1:0"], "warn", Log::Drained);
    let admin = server.admin.unwrap();
    let close = "Host: x\r\nConnection: close\r\n\r\n";
    let r = answer(admin, format!("GET /nope HTTP/1.1\r\n{close}").as_bytes());
    let p = r.problem(404);
    assert_eq!(p["detail"], "no route for GET /nope");
    let r = answer(
        admin,
        format!("POST /metrics HTTP/1.1\r\n{close}").as_bytes(),
    );
    r.problem(405);
    assert_eq!(r.header("allow"), Some("get,head"));
    let r = answer(
        admin,
        format!("GET /metrics HTTP/1.1\r\n{close}").as_bytes(),
    );
    assert_eq!(r.status, 200);
    assert!(String::from_utf8_lossy(&r.body).contains("showdown_http_requests"));
    // The public address, for comparison: the same answer.
    let r = answer(
        server.addr,
        format!("GET /nope HTTP/1.1\r\n{close}").as_bytes(),
    );
    assert_eq!(r.problem(404)["detail"], "no route for GET /nope");
}

#[test]
fn a_request_with_two_hosts_or_none_is_a_400_problem_and_the_connection_closes() {
    let server = Showdown::spawn(&[], "warn", Log::Drained);
    let two = answer(
        server.addr,
        b"GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
    );
    assert!(two.problem(400)["detail"]
        .as_str()
        .unwrap()
        .contains("more than one Host"));
    assert_eq!(two.header("connection"), Some("close"));
    let none = answer(server.addr, b"GET /healthz HTTP/1.1\r\n\r\n");
    assert!(none.problem(400)["detail"]
        .as_str()
        .unwrap()
        .contains("needs a Host"));
    let bad = answer(server.addr, b"GET /healthz HTTP/1.1\r\nHost: a b\r\n\r\n");
    bad.problem(400);
    // HTTP/1.0 needs no Host; one Host on HTTP/1.1 passes.
    let old = answer(server.addr, b"GET /healthz HTTP/1.0\r\n\r\n");
    assert_eq!(old.status, 200);
    let one = answer(
        server.addr,
        b"GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(one.status, 200);
}

#[test]
fn a_request_hidden_behind_two_hosts_is_never_answered() {
    let server = Showdown::spawn(&[], "warn", Log::Drained);
    // A front that routes by the first Host and one that reads the second
    // disagree on where this goes: the service answers neither it nor the
    // request its body carries.
    let inner = b"GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n";
    let mut raw = format!(
        "POST /v1/settle HTTP/1.1\r\nHost: a\r\nHost: b\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        inner.len()
    )
    .into_bytes();
    raw.extend_from_slice(inner);
    raw.extend_from_slice(inner);
    let out = exchange(server.addr, &raw);
    let text = String::from_utf8_lossy(&out);
    assert!(text.starts_with("HTTP/1.1 400 "), "{text}");
    assert_eq!(text.matches("HTTP/1.1 ").count(), 1, "{text}");
}

/// The client's preface, its SETTINGS (empty) and a HEADERS frame on
/// stream 1, as curl's `--http2-prior-knowledge` opens.
fn http2_opening() -> Vec<u8> {
    let mut out = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".to_vec();
    out.extend_from_slice(&[0, 0, 0, 4, 0, 0, 0, 0, 0]);
    // HEADERS, END_STREAM | END_HEADERS, stream 1: :method GET, :path /,
    // :scheme http (HPACK static table, indexed).
    out.extend_from_slice(&[0, 0, 3, 1, 5, 0, 0, 0, 1, 0x82, 0x84, 0x86]);
    out
}

#[test]
fn the_http2_preface_is_answered_with_goaway_http_1_1_required() {
    let server = Showdown::spawn(&[], "warn", Log::Drained);
    let out = exchange(server.addr, &http2_opening());
    assert!(out.len() > 26, "answered, not dropped: {out:?}");
    assert_eq!(
        &out[..9],
        &[0, 0, 0, 4, 0, 0, 0, 0, 0],
        "the server's SETTINGS"
    );
    let goaway = &out[9..];
    assert_eq!(goaway[3], 7, "a GOAWAY: {out:?}");
    let len = u32::from_be_bytes([0, goaway[0], goaway[1], goaway[2]]) as usize;
    assert_eq!(goaway.len(), 9 + len, "nothing after it: {out:?}");
    assert_eq!(&goaway[9..13], &[0, 0, 0, 0], "no stream accepted");
    assert_eq!(&goaway[13..17], &[0, 0, 0, 0xd], "HTTP_1_1_REQUIRED");
    // The preface alone is answered the same. Its first line alone, as a
    // client that trickles it would send, is hyper's 400 (hyper tells the
    // preface only when it has all 24 bytes): answered, never dropped.
    let alone = exchange(server.addr, b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n");
    assert_eq!(alone, out);
    let line = exchange(server.addr, b"PRI * HTTP/2.0\r\n");
    assert!(line.starts_with(b"HTTP/1.1 400 "), "{line:?}");
    // And the server goes on serving HTTP/1.1.
    let r = answer(
        server.addr,
        b"GET /healthz HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
    );
    assert_eq!(r.status, 200);
}

/// A request of each JSON route with a golden file, and its route.
const BODIES: [(&str, &str); 5] = [
    ("/v1/settle", "golden/api-md-example"),
    ("/v1/equity", "golden-equity/api-md-example"),
    ("/v1/prizes", "golden-prizes/api-md-example"),
    (
        "/v1/deals",
        "golden-deals/icm-dollars-six-handed-short-table",
    ),
    ("/v1/tables", "golden-tables/rules-13-3-heads-up-from-four"),
];

fn golden(name: &str) -> Value {
    let path = format!(
        "{}/../../tests/{name}.request.json",
        env!("CARGO_MANIFEST_DIR")
    );
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The pointer of the first leaf, in the order serde_json writes it, for
/// which `pick` says yes; `pick` may change it.
fn first_leaf(v: &mut Value, at: &mut String, pick: &mut dyn FnMut(&mut Value) -> bool) -> bool {
    let steps: Vec<String> = match v {
        Value::Object(m) => m.keys().cloned().collect(),
        Value::Array(a) => (0..a.len()).map(|i| i.to_string()).collect(),
        _ => return pick(v),
    };
    for step in steps {
        let len = at.len();
        at.push('/');
        at.push_str(&step.replace('~', "~0").replace('/', "~1"));
        let child = match v {
            Value::Object(m) => m.get_mut(&step).unwrap(),
            Value::Array(a) => &mut a[step.parse::<usize>().unwrap()],
            _ => unreachable!(),
        };
        if first_leaf(child, at, pick) {
            return true;
        }
        at.truncate(len);
    }
    false
}

async fn refused(path: &str, body: Vec<u8>) -> crate::common::Reply {
    let req = axum::http::Request::post(path)
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body))
        .unwrap();
    crate::common::send(showdown_server::app(Default::default()), req).await
}

#[tokio::test]
async fn a_control_character_in_any_string_of_any_body_is_a_400_at_its_pointer() {
    for (path, name) in BODIES {
        for control in ["\u{0}", "\n", "\u{1f}", "\u{7f}"] {
            let mut body = golden(name);
            let mut at = String::new();
            let found = first_leaf(&mut body, &mut at, &mut |v| match v {
                Value::String(s) => {
                    s.push_str(control);
                    true
                }
                _ => false,
            });
            assert!(found, "{name} has a string");
            let r = refused(path, serde_json::to_vec(&body).unwrap()).await;
            crate::common::assert_problem(&r, 400);
            assert_eq!(
                r.pointers(),
                [at.clone()],
                "{path} {control:?}: {}",
                r.json()
            );
            assert!(r.json()["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("control character"));
        }
    }
}

#[tokio::test]
async fn a_number_past_jsons_range_in_any_body_is_a_400_at_its_pointer() {
    const MARK: u64 = 987_654_321_987_654_321;
    let mut tested = 0;
    for (path, name) in BODIES {
        let mut body = golden(name);
        let mut at = String::new();
        let found = first_leaf(&mut body, &mut at, &mut |v| {
            let number = v.is_number();
            if number {
                *v = Value::from(MARK);
            }
            number
        });
        if !found {
            // The equity example is cards alone.
            continue;
        }
        tested += 1;
        let text = serde_json::to_string(&body).unwrap();
        for big in ["1e400".to_string(), "-1e400".to_string(), "9".repeat(400)] {
            let r = refused(path, text.replace(&MARK.to_string(), &big).into_bytes()).await;
            crate::common::assert_problem(&r, 400);
            assert_eq!(r.pointers(), [at.clone()], "{path} {big}: {}", r.json());
            assert!(r.json()["errors"][0]["message"]
                .as_str()
                .unwrap()
                .contains("out of JSON's range"));
        }
    }
    assert_eq!(tested, 4, "every route with a number in its golden body");
}
