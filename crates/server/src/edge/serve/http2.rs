//! The HTTP/2 preface answered, not dropped: a client that opens with
//! HTTP/2's preface (`PRI * HTTP/2.0`, prior knowledge over cleartext,
//! RFC 9113 §3.3) is told in HTTP/2's own frames that this service speaks
//! HTTP/1.1: the server's preface (an empty SETTINGS, §3.4), then a GOAWAY
//! with `HTTP_1_1_REQUIRED` (§7) that accepts no stream (curl
//! `--http2-prior-knowledge` says `received GOAWAY, error=13`). hyper
//! tells the preface only once it has all 24 bytes: a client that sends
//! its first line alone gets hyper's own 400.
//!
//! A refusal rather than HTTP/2 served: hyper's HTTP/2 has none of the
//! bounds this edge holds a connection to (a time limit on a request's
//! headers, answers given back as the socket takes their bytes, a reader
//! too slow cut off, which flow control would hide), and the service runs
//! behind a load balancer that speaks HTTP/1.1 to it. hyper stops on the
//! preface with an error that says so (`is_parse_version_h2`), and the
//! frames are written here: two fixed frames do not need the `h2` crate.

use super::linger;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::net::TcpStream;

/// What the GOAWAY says to a person reading a capture.
const DEBUG: &[u8] = b"HTTP/1.1 required: this service speaks HTTP/1.1 only";

/// An HTTP/2 frame's nine-byte header (RFC 9113 §4.1), on stream 0.
fn frame_header(out: &mut Vec<u8>, len: usize, kind: u8) {
    let len = u32::try_from(len).unwrap_or(0).to_be_bytes();
    out.extend_from_slice(&len[1..]);
    out.extend_from_slice(&[kind, 0, 0, 0, 0, 0]);
}

/// The server's preface and the GOAWAY, as written on the socket.
pub(super) fn refusal() -> Vec<u8> {
    const SETTINGS: u8 = 0x4;
    const GOAWAY: u8 = 0x7;
    const HTTP_1_1_REQUIRED: u32 = 0xd;
    let mut out = Vec::with_capacity(9 + 9 + 8 + DEBUG.len());
    frame_header(&mut out, 0, SETTINGS);
    frame_header(&mut out, 8 + DEBUG.len(), GOAWAY);
    // The last stream processed: none.
    out.extend_from_slice(&0u32.to_be_bytes());
    out.extend_from_slice(&HTTP_1_1_REQUIRED.to_be_bytes());
    out.extend_from_slice(DEBUG);
    out
}

/// Writes the refusal on `socket`, whose client has sent the preface,
/// within `limit`, closes its side, and drains what the client still
/// sends (its SETTINGS and first request) for a moment, so the client
/// reads the GOAWAY rather than a reset.
pub(super) async fn refuse(mut socket: TcpStream, limit: Duration) {
    let written = tokio::time::timeout(limit, async {
        socket.write_all(&refusal()).await?;
        socket.shutdown().await
    })
    .await;
    if matches!(written, Ok(Ok(()))) {
        linger::drain(socket).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_refusal_is_an_empty_settings_then_a_goaway_http_1_1_required() {
        let r = refusal();
        assert_eq!(&r[..9], &[0, 0, 0, 4, 0, 0, 0, 0, 0], "SETTINGS, empty");
        let goaway = &r[9..];
        let len = u32::from_be_bytes([0, goaway[0], goaway[1], goaway[2]]) as usize;
        assert_eq!(len, goaway.len() - 9);
        assert_eq!(&goaway[3..9], &[7, 0, 0, 0, 0, 0], "GOAWAY on stream 0");
        assert_eq!(&goaway[9..13], &[0, 0, 0, 0], "no stream accepted");
        assert_eq!(&goaway[13..17], &[0, 0, 0, 0xd], "HTTP_1_1_REQUIRED");
        assert_eq!(&goaway[17..], DEBUG);
    }
}
