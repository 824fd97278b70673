//! `showdown healthcheck`: `GET /healthz` on the service's address (the
//! one the container's own `showdown serve` listens on), for Docker, which
//! has no curl.

use super::args::HealthcheckArgs;
use super::Cli;
use super::Command;
use crate::settings::defaults::DEFAULT_ADDR;
use clap::Parser;
use std::process::ExitCode;
use std::time::Duration;

/// The address `serve` listens on when its command line is `argv` (flags,
/// then `SHOWDOWN_*` variables, then defaults, read as `serve` reads them);
/// `None` when `argv` is not a `showdown` that serves.
pub(crate) fn serve_addr_of(argv: &[String]) -> Option<String> {
    let program = std::path::Path::new(argv.first()?).file_name()?;
    if program != "showdown" {
        return None;
    }
    let cli = Cli::try_parse_from(argv).ok()?;
    match cli.command {
        None => Some(cli.serve.addr),
        Some(Command::Serve(args)) => Some(args.addr),
        Some(_) => None,
    }
}

/// Where the health check asks: `--addr` if given, else the address the
/// container's own `showdown serve` (PID 1) was started with, so an image
/// run as `serve --addr 0.0.0.0:9000` is probed on 9000; else the
/// environment's or the default, like `serve`.
fn healthcheck_addr(args: &HealthcheckArgs) -> String {
    if let Some(addr) = &args.addr {
        return addr.clone();
    }
    let pid1 = std::fs::read("/proc/1/cmdline").unwrap_or_default();
    let argv: Vec<String> = pid1
        .split(|&b| b == 0)
        .filter(|a| !a.is_empty())
        .map(|a| String::from_utf8_lossy(a).into_owned())
        .collect();
    serve_addr_of(&argv).unwrap_or_else(|| {
        std::env::var("SHOWDOWN_ADDR")
            .ok()
            .filter(|a| !a.is_empty())
            .unwrap_or_else(|| DEFAULT_ADDR.to_string())
    })
}

/// Why a health check failed, named for the operator reading it.
#[derive(Debug, thiserror::Error)]
enum HealthFailed {
    #[error("connection refused (is the service running on this address?)")]
    Refused,
    #[error("no answer within {0} ms")]
    Timeout(u64),
    #[error("answered {0}, not 200")]
    Status(u16),
    #[error("{0}")]
    Io(std::io::Error),
}

pub(super) fn healthcheck(args: &HealthcheckArgs) -> ExitCode {
    let addr = healthcheck_addr(args);
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("showdown healthcheck: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let timeout = Duration::from_millis(args.timeout_ms);
    let checked = rt.block_on(async {
        match tokio::time::timeout(timeout, http_status(&addr, "GET", "/healthz")).await {
            Err(_) => Err(HealthFailed::Timeout(args.timeout_ms)),
            Ok(Err(e)) if e.kind() == std::io::ErrorKind::ConnectionRefused => {
                Err(HealthFailed::Refused)
            }
            Ok(Err(e)) => Err(HealthFailed::Io(e)),
            Ok(Ok(200)) => Ok(()),
            Ok(Ok(status)) => Err(HealthFailed::Status(status)),
        }
    });
    match checked {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("showdown healthcheck: GET {addr}/healthz: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The status code of one bodiless HTTP/1.1 request (enough for a healthcheck).
async fn http_status(addr: &str, method: &str, path: &str) -> std::io::Result<u16> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // The address a server listens on may be "every interface"; ask loopback.
    let addr = match addr.rsplit_once(':') {
        Some(("0.0.0.0", port)) => format!("127.0.0.1:{port}"),
        Some(("[::]", port)) => format!("[::1]:{port}"),
        _ => addr.to_string(),
    };
    let mut s = tokio::net::TcpStream::connect(addr.as_str()).await?;
    let req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await?;
    let mut buf = Vec::with_capacity(256);
    let mut chunk = [0u8; 256];
    while !buf.windows(2).any(|w| w == b"\r\n") {
        let n = s.read(&mut chunk).await?;
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    let line = String::from_utf8_lossy(&buf);
    line.split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP response"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(words: &[&str]) -> Vec<String> {
        words.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn healthcheck_follows_the_serve_addr_flag_of_pid_1() {
        let serve = argv(&["/usr/local/bin/showdown", "serve", "--addr", "0.0.0.0:9000"]);
        assert_eq!(serve_addr_of(&serve).as_deref(), Some("0.0.0.0:9000"));
        let equals = argv(&["showdown", "serve", "--addr=127.0.0.1:9001"]);
        assert_eq!(serve_addr_of(&equals).as_deref(), Some("127.0.0.1:9001"));
        // No subcommand means serve.
        let bare = argv(&["showdown", "--addr", "0.0.0.0:9002"]);
        assert_eq!(serve_addr_of(&bare).as_deref(), Some("0.0.0.0:9002"));
    }

    #[test]
    fn healthcheck_ignores_a_pid_1_that_does_not_serve() {
        assert_eq!(serve_addr_of(&argv(&["/sbin/init"])), None);
        assert_eq!(serve_addr_of(&argv(&["showdown", "openapi"])), None);
        assert_eq!(
            serve_addr_of(&argv(&["showdown", "serve", "--no-such-flag"])),
            None
        );
        assert_eq!(serve_addr_of(&[]), None);
    }

    #[test]
    fn an_explicit_healthcheck_addr_wins() {
        let args = HealthcheckArgs {
            addr: Some("127.0.0.1:1".into()),
            timeout_ms: 1,
        };
        assert_eq!(healthcheck_addr(&args), "127.0.0.1:1");
    }
}
