//! The `showdown` command line: `serve` (the default), `settle`, `openapi`,
//! `healthcheck`. Settings come from flags or `SHOWDOWN_*` variables.
//!
//! Helpers add a subcommand by adding a variant to [`Command`] and a match
//! arm in [`run`].

use crate::edge::auth::{AuthConfig, AuthError};
use crate::edge::config::{
    init_tracing, AppConfig, LogFormat, DEFAULT_ADDR, DEFAULT_BODY_LIMIT, DEFAULT_CONCURRENCY,
    DEFAULT_TIMEOUT_MS,
};
use crate::edge::serve::{
    bind, effective_max_connections, ServeConfig, ServeError, Signals, DEFAULT_HEADER_TIMEOUT_MS,
    DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_HEADER_BYTES,
};
use crate::edge::state::AppState;
use crate::routes::{app, openapi};
use clap::{Args, Parser, Subcommand};
use showdown_contract::parse_json;
use showdown_contract::settle::settle_request;
use showdown_contract::Problem;
use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

#[derive(Debug, Parser)]
#[command(
    name = "showdown",
    version,
    about = "Settles poker showdowns over HTTP (API.md)"
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `serve` settings, when no subcommand is given.
    #[command(flatten)]
    pub serve: ServeArgs,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run the HTTP service (the default).
    Serve(ServeArgs),
    /// Settle a request from FILE (or stdin) and print the hand_complete event.
    Settle(SettleArgs),
    /// Each player's exact all-in equity for a request from FILE (or
    /// stdin), as `POST /v1/equity` answers it.
    Equity(EquityArgs),
    /// A tournament's tables between hands from FILE (or stdin), as
    /// `POST /v1/tables` answers it: next buttons and blinds, balancing
    /// moves or the table that breaks. A problem goes to stderr, exit 1.
    Tables(EquityArgs),
    /// Print the OpenAPI document the code derives.
    Openapi,
    /// GET /healthz on --addr; exit 0 when it answers 200 (for Docker, which has no curl).
    Healthcheck(HealthcheckArgs),
    /// Replay PHH hands (.phh and .phhs files, folders of them, .tar.gz
    /// archives), settle each and compare every final stack with
    /// `finishing_stacks`; exit 1 on a mismatch or when nothing was settled.
    Replay {
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

#[derive(Debug, Clone, Args)]
pub struct ServeArgs {
    /// Address to listen on (`host:port`; a name such as `localhost:8080` is resolved).
    /// Kept as text until `serve` runs, so a bad value never stops `settle`.
    #[arg(long, env = "SHOWDOWN_ADDR", default_value = DEFAULT_ADDR)]
    pub addr: String,
    /// Log format.
    #[arg(long, env = "SHOWDOWN_LOG_FORMAT", value_enum, default_value = "json")]
    pub log_format: LogFormat,
    /// Largest request body, in bytes (larger is 413).
    #[arg(long, env = "SHOWDOWN_BODY_LIMIT", default_value_t = DEFAULT_BODY_LIMIT)]
    pub body_limit: usize,
    /// Request timeout in milliseconds (then 408).
    #[arg(long, env = "SHOWDOWN_REQUEST_TIMEOUT_MS", default_value_t = DEFAULT_TIMEOUT_MS)]
    pub request_timeout_ms: u64,
    /// API requests handled at once; more are refused at once with 503 (not queued).
    #[arg(long, env = "SHOWDOWN_CONCURRENCY_LIMIT", default_value_t = DEFAULT_CONCURRENCY)]
    pub concurrency_limit: usize,
    /// Seconds to let requests in flight finish after SIGTERM/SIGINT.
    #[arg(long, env = "SHOWDOWN_SHUTDOWN_GRACE_SECS", default_value_t = 30)]
    pub shutdown_grace_secs: u64,
    /// Milliseconds a client has to send a request's headers, counted from
    /// when the connection opens or its previous response was sent.
    #[arg(long, env = "SHOWDOWN_HEADER_TIMEOUT_MS", default_value_t = DEFAULT_HEADER_TIMEOUT_MS)]
    pub header_timeout_ms: u64,
    /// Milliseconds a connection may send nothing, with no request in
    /// progress, before it is closed.
    #[arg(long, env = "SHOWDOWN_IDLE_TIMEOUT_MS", default_value_t = DEFAULT_IDLE_TIMEOUT_MS)]
    pub idle_timeout_ms: u64,
    /// Largest request line and headers, in bytes (at least 8192; larger is 431).
    #[arg(long, env = "SHOWDOWN_MAX_HEADER_BYTES", default_value_t = DEFAULT_MAX_HEADER_BYTES)]
    pub max_header_bytes: usize,
    /// Open connections at most (lowered to fit the open-file limit); a
    /// connection over it is answered 503 and closed at once.
    #[arg(long, env = "SHOWDOWN_MAX_CONNECTIONS", default_value_t = DEFAULT_MAX_CONNECTIONS)]
    pub max_connections: usize,
    /// Milliseconds connections keep being served after SIGTERM/SIGINT
    /// (each response then says `Connection: close`) before idle ones close.
    #[arg(long, env = "SHOWDOWN_DRAIN_LINGER_MS", default_value_t = 500)]
    pub drain_linger_ms: u64,
    /// A file of bearer tokens (one a line, `#` comments); with tokens the
    /// API answers 401 without one. Health and readiness never need one.
    #[arg(long, env = "SHOWDOWN_AUTH_TOKENS_FILE")]
    pub auth_tokens_file: Option<PathBuf>,
    /// Bearer tokens, separated by commas or spaces (prefer the file: a
    /// variable shows in the process environment).
    #[arg(long, env = "SHOWDOWN_AUTH_TOKENS", hide_env_values = true)]
    pub auth_tokens: Option<String>,
    /// Serve `/metrics` on this address (`host:port`) instead of the public one.
    #[arg(long, env = "SHOWDOWN_ADMIN_ADDR")]
    pub admin_addr: Option<String>,
    /// Threads that run equity and cash-out enumerations, apart from
    /// settlements (default: half the cores, at least 1).
    #[arg(long, env = "SHOWDOWN_EQUITY_THREADS")]
    pub equity_threads: Option<usize>,
    /// Enumerations running or waiting at once (default: 64 a thread);
    /// more are refused at once with 503.
    #[arg(long, env = "SHOWDOWN_EQUITY_LIMIT")]
    pub equity_limit: Option<usize>,
}

#[derive(Debug, Clone, Args)]
pub struct SettleArgs {
    /// A request JSON file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
    /// One request a line in, one response (or problem) a line out, in order:
    /// answer N is for line N, a blank line included.
    #[arg(long)]
    pub ndjson: bool,
    /// Ask every request for its `explanation` (a request's own `explain`
    /// field is passed through either way).
    #[arg(long)]
    pub explain: bool,
}

#[derive(Debug, Clone, Args)]
pub struct EquityArgs {
    /// A request JSON file; stdin when absent or `-`.
    pub file: Option<PathBuf>,
}

#[derive(Debug, Clone, Args)]
pub struct HealthcheckArgs {
    /// Address of the service (`host:port`). When absent: the `--addr` of
    /// the `showdown serve` that is PID 1 (the process of a container),
    /// else `SHOWDOWN_ADDR`, else the default, as `serve` reads them.
    #[arg(long)]
    pub addr: Option<String>,
    /// Give up after this many milliseconds.
    #[arg(long, default_value_t = 2000)]
    pub timeout_ms: u64,
}

impl ServeArgs {
    pub fn app_config(&self) -> Result<AppConfig, AuthError> {
        let mut auth = AuthConfig::load(
            self.auth_tokens_file.as_deref(),
            self.auth_tokens.as_deref(),
        )?;
        auth.metrics_public = self.admin_addr.is_none();
        let threads = self
            .equity_threads
            .unwrap_or_else(crate::edge::compute::default_threads)
            .clamp(1, 256);
        Ok(AppConfig {
            body_limit: self.body_limit,
            request_timeout: Duration::from_millis(self.request_timeout_ms.max(1)),
            concurrency_limit: self.concurrency_limit.max(1),
            auth,
            compute_threads: threads,
            compute_limit: self
                .equity_limit
                .unwrap_or_else(|| crate::edge::compute::default_limit(threads))
                .max(1),
        })
    }

    /// Durations are kept between 1 ms and a day: a deadline past what a
    /// clock can hold would panic when it is computed.
    pub fn serve_config(&self) -> ServeConfig {
        const DAY_MS: u64 = 24 * 3600 * 1000;
        let ms = |v: u64| Duration::from_millis(v.clamp(1, DAY_MS));
        ServeConfig {
            header_timeout: ms(self.header_timeout_ms),
            idle_timeout: ms(self.idle_timeout_ms),
            max_header_bytes: self.max_header_bytes,
            max_connections: self.max_connections,
            shutdown_grace: ms(self.shutdown_grace_secs.saturating_mul(1000)),
            drain_linger: ms(self.drain_linger_ms),
        }
    }
}

/// Parse the command line and run it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli)
}

pub fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => serve(cli.serve),
        Some(Command::Serve(args)) => serve(args),
        Some(Command::Settle(args)) => settle(&args),
        Some(Command::Equity(args)) => equity(&args),
        Some(Command::Tables(args)) => tables(&args),
        Some(Command::Openapi) => print_openapi(),
        Some(Command::Healthcheck(args)) => healthcheck(&args),
        Some(Command::Replay { paths }) => crate::phh::replay_cli(&paths),
    }
}

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
}

fn serve(args: ServeArgs) -> ExitCode {
    // Held until the process ends: dropping it stops the log writer thread.
    let _log = init_tracing(args.log_format);
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("showdown: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match rt.block_on(serve_async(args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            // The log writer may be behind or stalled; say it on stderr too.
            eprintln!("showdown: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Why `serve` stopped with an error.
#[derive(Debug, thiserror::Error)]
enum ServeFailed {
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Serve(#[from] ServeError),
}

async fn serve_async(args: ServeArgs) -> Result<(), ServeFailed> {
    let config = args.app_config()?;
    // Signal handlers before the port opens (see `serve::serve`).
    let signals = Signals::new().map_err(ServeError::Signals)?;
    // The hand-value tables (about 50 ms to build in release) are built
    // before the port opens, so no client's first request pays for them.
    showdown_cards::build_tables();
    // The equity tables (about 50 ms more) are built beside the listener
    // rather than before it, so the port opens as early as it did; a first
    // equity request meanwhile waits for them on its own thread.
    std::thread::Builder::new()
        .name("showdown-tables".into())
        .spawn(showdown_contract::equity::build_tables)
        .map_err(|e| tracing::warn!(error = %e, "the equity tables wait for their first request"))
        .ok();
    let state = AppState::new(config);
    let app = app(state.clone());
    let listener = bind(&args.addr, "--addr", "SHOWDOWN_ADDR").await?;
    let admin = match &args.admin_addr {
        Some(addr) => Some((
            bind(addr, "--admin-addr", "SHOWDOWN_ADMIN_ADDR").await?,
            admin_app(state.clone()),
        )),
        None => None,
    };
    let serve_config = args.serve_config();
    tracing::info!(addr = ?listener.local_addr().ok(), admin_addr = ?admin.as_ref().and_then(|a| a.0.local_addr().ok()),
        body_limit = args.body_limit, request_timeout_ms = args.request_timeout_ms,
        concurrency_limit = args.concurrency_limit, header_timeout_ms = args.header_timeout_ms,
        idle_timeout_ms = args.idle_timeout_ms, max_header_bytes = args.max_header_bytes,
        max_connections = effective_max_connections(args.max_connections),
        auth = state.config.auth.enabled(), "listening");
    crate::edge::serve::serve(listener, app, admin, state, serve_config, signals).await?;
    Ok(())
}

/// The admin address's router: `/metrics` alone.
fn admin_app(state: AppState) -> axum::Router {
    axum::Router::new()
        .route(
            "/metrics",
            axum::routing::get(crate::routes::metrics::metrics),
        )
        .with_state(state)
}

/// Settle one request's bytes: `answer` of the event (which borrows the
/// request), or the problem (with its status).
// A Problem is only built on the error path; boxing it buys nothing.
#[allow(clippy::result_large_err)]
pub fn settle_bytes<T>(
    bytes: &[u8],
    answer: impl FnOnce(&showdown_contract::dto::HandCompleteEvent<'_>) -> T,
) -> Result<T, Problem> {
    settle_bytes_with(bytes, false, answer)
}

/// [`settle_bytes`], with `explain` forced on when asked (`--explain`).
#[allow(clippy::result_large_err)]
pub fn settle_bytes_with<T>(
    bytes: &[u8],
    explain: bool,
    answer: impl FnOnce(&showdown_contract::dto::HandCompleteEvent<'_>) -> T,
) -> Result<T, Problem> {
    let mut req: showdown_contract::dto::SettleRequest = parse_json(bytes)?;
    req.explain |= explain;
    settle_request(&req)
        .map(|e| answer(&e))
        .map_err(Problem::from)
}

/// FILE, or stdin when absent or `-`.
fn open_input(file: Option<&std::path::Path>, command: &str) -> Result<Box<dyn Read>, ExitCode> {
    match file {
        None => Ok(Box::new(std::io::stdin())),
        Some(p) if p.as_os_str() == "-" => Ok(Box::new(std::io::stdin())),
        Some(p) => match std::fs::File::open(p) {
            Ok(f) => Ok(Box::new(f)),
            Err(e) => {
                eprintln!("showdown {command}: cannot open {}: {e}", p.display());
                Err(ExitCode::from(2))
            }
        },
    }
}

/// The whole of one request, from FILE or stdin; exit status 2 when it
/// cannot be read.
fn read_input(file: Option<&std::path::Path>, command: &str) -> Result<Vec<u8>, ExitCode> {
    let mut input = open_input(file, command)?;
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(|e| {
        eprintln!("showdown {command}: read error: {e}");
        ExitCode::from(2)
    })?;
    Ok(bytes)
}

/// `showdown equity`: the route's pipeline, on this thread.
fn equity(args: &EquityArgs) -> ExitCode {
    use showdown_contract::equity::{equity_request, EquityRequest};
    use showdown_contract::problem::TYPE_INVALID_REQUEST;
    let bytes = match read_input(args.file.as_deref(), "equity") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let answer = match parse_json::<EquityRequest>(&bytes) {
        Ok(req) => equity_request(&req)
            .map_err(|e| Problem::impossible(TYPE_INVALID_REQUEST, "equity request", e)),
        Err(p) => Err(p),
    };
    let (text, code) = match answer {
        Ok(a) => (serde_json::to_string_pretty(&a), ExitCode::SUCCESS),
        Err(p) => (serde_json::to_string_pretty(&p), ExitCode::FAILURE),
    };
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{}", text.unwrap_or_default()).is_err() || out.flush().is_err() {
        return ExitCode::from(2);
    }
    code
}

/// `showdown tables`: the route's pipeline; the answer on stdout, a
/// problem on stderr, so `> out.json` never captures an error.
fn tables(args: &EquityArgs) -> ExitCode {
    use showdown_contract::problem::TYPE_INVALID_REQUEST;
    use showdown_contract::tables::{tables_request, TablesRequest};
    let bytes = match read_input(args.file.as_deref(), "tables") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let req = match parse_json::<TablesRequest>(&bytes) {
        Ok(req) => req,
        Err(p) => return problem_to_stderr(&p),
    };
    match tables_request(&req) {
        Ok(a) => {
            let mut out = std::io::stdout().lock();
            let text = serde_json::to_string_pretty(&a).unwrap_or_default();
            if writeln!(out, "{text}").is_err() || out.flush().is_err() {
                return ExitCode::from(2);
            }
            ExitCode::SUCCESS
        }
        Err(e) => problem_to_stderr(&Problem::impossible(
            TYPE_INVALID_REQUEST,
            "tables request",
            e,
        )),
    }
}

/// A problem as JSON on stderr, exit status 1.
fn problem_to_stderr(p: &Problem) -> ExitCode {
    eprintln!("{}", serde_json::to_string_pretty(p).unwrap_or_default());
    ExitCode::FAILURE
}

fn settle(args: &SettleArgs) -> ExitCode {
    let input = match open_input(args.file.as_deref(), "settle") {
        Ok(i) => i,
        Err(code) => return code,
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut failed = false;
    if args.ndjson {
        for line in std::io::BufReader::new(input).lines() {
            let line = match line {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("showdown settle: read error: {e}");
                    return ExitCode::from(2);
                }
            };
            // A blank line is answered too, so answer N stays line N's.
            let settled = if line.trim().is_empty() {
                Err(Problem::malformed(
                    "a blank line: each line must hold one settle request",
                    Vec::new(),
                ))
            } else {
                settle_bytes_with(line.as_bytes(), args.explain, |e| serde_json::to_string(e))
            };
            let text = match settled {
                Ok(text) => text,
                Err(p) => {
                    failed = true;
                    serde_json::to_string(&p)
                }
            };
            if writeln!(out, "{}", text.unwrap_or_default()).is_err() {
                return ExitCode::from(2);
            }
        }
    } else {
        let mut bytes = Vec::new();
        let mut input = input;
        if let Err(e) = input.read_to_end(&mut bytes) {
            eprintln!("showdown settle: read error: {e}");
            return ExitCode::from(2);
        }
        let text =
            match settle_bytes_with(&bytes, args.explain, |e| serde_json::to_string_pretty(e)) {
                Ok(text) => text,
                Err(p) => {
                    failed = true;
                    serde_json::to_string_pretty(&p)
                }
            };
        if writeln!(out, "{}", text.unwrap_or_default()).is_err() {
            return ExitCode::from(2);
        }
    }
    if out.flush().is_err() {
        return ExitCode::from(2);
    }
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The document as `openapi/openapi.json` holds it: pretty, newline at the end.
pub fn openapi_text() -> String {
    let mut s = openapi().to_pretty_json().unwrap_or_default();
    s.push('\n');
    s
}

fn print_openapi() -> ExitCode {
    print!("{}", openapi_text());
    ExitCode::SUCCESS
}

/// The address `serve` listens on when its command line is `argv` (flags,
/// then `SHOWDOWN_*` variables, then defaults, read as `serve` reads them);
/// `None` when `argv` is not a `showdown` that serves.
pub fn serve_addr_of(argv: &[String]) -> Option<String> {
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

fn healthcheck(args: &HealthcheckArgs) -> ExitCode {
    let addr = healthcheck_addr(args);
    let rt = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(_) => return ExitCode::FAILURE,
    };
    let timeout = Duration::from_millis(args.timeout_ms);
    let ok = rt.block_on(async {
        tokio::time::timeout(timeout, http_status(&addr, "GET", "/healthz"))
            .await
            .ok()
            .and_then(Result::ok)
            == Some(200)
    });
    if ok {
        ExitCode::SUCCESS
    } else {
        eprintln!("showdown healthcheck: {addr} /healthz did not answer 200");
        ExitCode::FAILURE
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
