//! What an operator relies on from the command line: answers on stdout and
//! problems on stderr, a health check that names its failure, and help
//! for every argument.

use crate::common;

use common::showdown;

use std::io::{Read, Write};

#[test]
fn settle_and_equity_keep_stdout_for_answers_and_problems_for_stderr() {
    let good = serde_json::to_vec(&common::api_example()).unwrap();
    let out = showdown(&["settle"], &good);
    assert_eq!(out.status.code(), Some(0));
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["type"], "hand_complete");
    for command in ["settle", "equity"] {
        let out = showdown(&[command], b"{not json");
        assert_eq!(out.status.code(), Some(1), "{command}");
        assert!(
            out.stdout.is_empty(),
            "{command}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
        let problem: serde_json::Value = serde_json::from_slice(&out.stderr).unwrap();
        assert_eq!(problem["status"], 400, "{command}");
    }
    let equity = std::fs::read(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/golden-equity/api-md-example.request.json"
    ))
    .unwrap();
    let out = showdown(&["equity"], &equity);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.stderr.is_empty());
    assert!(serde_json::from_slice::<serde_json::Value>(&out.stdout).is_ok());
}

#[test]
fn healthcheck_names_the_failure() {
    // A port nothing listens on: bound, then closed.
    let dead = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let out = showdown(&["healthcheck", "--addr", &dead.to_string()], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("connection refused"));
    // A listener that never answers.
    let mute = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = mute.local_addr().unwrap().to_string();
    let out = showdown(
        &["healthcheck", "--addr", &addr, "--timeout-ms", "300"],
        b"",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("no answer within 300 ms"));
    // A server that answers 503.
    let busy = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let answerer = std::thread::spawn(move || {
        let (mut s, _) = busy.accept().unwrap();
        let mut buf = [0u8; 512];
        let _ = s.read(&mut buf);
        let _ = s.write_all(b"HTTP/1.1 503 Service Unavailable\r\nContent-Length: 0\r\n\r\n");
    });
    let out = showdown(&["healthcheck", "--addr", &addr], b"");
    answerer.join().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("answered 503, not 200"));
    drop(mute);
}

#[test]
fn every_argument_has_help_and_the_help_mentions_rust_log() {
    let top = showdown(&["-h"], b"");
    assert!(String::from_utf8_lossy(&top.stdout).contains("RUST_LOG"));
    for command in ["serve", "settle", "equity", "healthcheck", "replay"] {
        let out = showdown(&[command, "-h"], b"");
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        assert_eq!(out.status.code(), Some(0), "{command}: {text}");
        // An argument's help is on its line, or on the next, indented more.
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let t = line.trim_start();
            let is_arg = t.starts_with('-') || t.starts_with('<') || t.starts_with('[');
            if is_arg && line.starts_with("  ") && t.split_whitespace().count() <= 2 {
                let indent = line.len() - t.len();
                let next = lines.get(i + 1).copied().unwrap_or("");
                let next_indent = next.len() - next.trim_start().len();
                assert!(
                    !next.trim().is_empty() && next_indent > indent,
                    "{command}: no help for {t:?}\n{text}"
                );
            }
        }
        if command != "healthcheck" {
            assert!(text.contains("RUST_LOG"), "{command}: {text}");
        }
    }
}
