//! The `showdown` command line: `serve` (the default), `settle`, `openapi`,
//! `healthcheck`. Settings come from flags or `SHOWDOWN_*` variables.
//!
//! Helpers add a subcommand by adding a variant to [`Command`] and a match
//! arm in [`run`].

use crate::edge::auth::{AuthConfig, AuthError};
use crate::edge::config::{
    init_tracing, AppConfig, Bound, LogFormat, SettingError, DEFAULT_ADDR, DEFAULT_BODY_LIMIT,
    DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS,
};
use crate::edge::serve::{
    bind, effective_max_connections, ServeConfig, ServeError, Signals, DEFAULT_HEADER_TIMEOUT_MS,
    DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS, DEFAULT_MAX_HEADER_BYTES,
    MAX_CONNECTIONS_CEILING, MIN_HEADER_BYTES,
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

/// Said under every command's help: where the logs go and what sets them.
const LOG_HELP: &str = "Logs go to stderr. RUST_LOG sets what is logged (default `info`; \
`RUST_LOG=showdown_server=debug` logs every request, `warn` only problems). \
Answers go to stdout; problems and errors to stderr.";

#[derive(Debug, Parser)]
#[command(
    name = "showdown",
    version,
    about = "Settles poker showdowns over HTTP (API.md)",
    after_help = LOG_HELP
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
    #[command(after_help = LOG_HELP)]
    Serve(ServeArgs),
    /// Settle a request from FILE (or stdin) and print the hand_complete
    /// event on stdout; a refused request's problem goes to stderr (exit 1).
    #[command(after_help = LOG_HELP)]
    Settle(SettleArgs),
    /// Each player's exact all-in equity for a request from FILE (or
    /// stdin), as `POST /v1/equity` answers it, on stdout; a refused
    /// request's problem goes to stderr (exit 1).
    #[command(after_help = LOG_HELP)]
    Equity(EquityArgs),
    /// A tournament's tables between hands from FILE (or stdin), as
    /// `POST /v1/tables` answers it: next buttons and blinds, balancing
    /// moves or the table that breaks. A problem goes to stderr, exit 1.
    #[command(after_help = LOG_HELP)]
    Tables(EquityArgs),
    /// Print the OpenAPI document the code derives.
    Openapi,
    /// GET /healthz on --addr; exit 0 when it answers 200 (for Docker, which
    /// has no curl), else exit 1 naming the failure: connection refused,
    /// timeout, or the status it answered.
    Healthcheck(HealthcheckArgs),
    /// Replay PHH hands (.phh and .phhs files, folders of them, .tar.gz
    /// archives), settle each and compare every final stack with
    /// `finishing_stacks`; exit 1 on a mismatch or when nothing was settled.
    #[command(after_help = LOG_HELP)]
    Replay {
        /// PHH files (.phh, .phhs), folders of them (searched throughout)
        /// or .tar.gz archives of them; one or more.
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
    /// Log format (on stderr; RUST_LOG sets the level, `info` by default).
    #[arg(long, env = "SHOWDOWN_LOG_FORMAT", value_enum, default_value = "json")]
    pub log_format: LogFormat,
    /// Largest request body, in bytes (larger is 413); at least 1.
    #[arg(long, env = "SHOWDOWN_BODY_LIMIT", default_value_t = DEFAULT_BODY_LIMIT)]
    pub body_limit: usize,
    /// Request timeout in milliseconds (then 408).
    #[arg(long, env = "SHOWDOWN_REQUEST_TIMEOUT_MS", default_value_t = DEFAULT_TIMEOUT_MS)]
    pub request_timeout_ms: u64,
    /// API requests handled at once; more are refused at once with 503 (not
    /// queued); at least 1.
    #[arg(long, env = "SHOWDOWN_CONCURRENCY_LIMIT", default_value_t = DEFAULT_CONCURRENCY)]
    pub concurrency_limit: usize,
    /// Seconds requests in flight have to finish once the listener has
    /// closed (after the drain linger); 0 stops at once.
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
    /// Milliseconds the listener keeps accepting after SIGTERM/SIGINT while
    /// /readyz answers 503 (so a load balancer sees it and stops sending;
    /// responses then say `Connection: close`); then it closes. 0: at once.
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
    /// One request a line in, one response (or problem) a line out on
    /// stdout, in order: answer N is for line N, a blank line included (a
    /// problem stays in its place there and is also said on stderr).
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

/// A day in milliseconds: the longest duration a setting takes (a deadline
/// past what a clock can hold would panic when it is computed).
const DAY_MS: u64 = 24 * 3600 * 1000;

/// Bounds of a duration in milliseconds; `min` 0 means "none" is allowed.
const fn ms_bound(flag: &'static str, var: &'static str, min: u64) -> Bound {
    Bound {
        flag,
        var,
        min,
        max: DAY_MS,
        why: "a duration runs from 1 ms (0 where it means none) to a day",
    }
}

const BODY_LIMIT: Bound = Bound {
    flag: "--body-limit",
    var: "SHOWDOWN_BODY_LIMIT",
    min: 1,
    max: u64::MAX,
    why: "0 would refuse every body with 413",
};
const CONCURRENCY: Bound = Bound {
    flag: "--concurrency-limit",
    var: "SHOWDOWN_CONCURRENCY_LIMIT",
    min: 1,
    // tokio's semaphore holds at most this many permits.
    max: (usize::MAX >> 3) as u64,
    why: "0 would refuse every API request with 503",
};
const MAX_HEADER: Bound = Bound {
    flag: "--max-header-bytes",
    var: "SHOWDOWN_MAX_HEADER_BYTES",
    min: MIN_HEADER_BYTES as u64,
    max: u64::MAX,
    why: "hyper reads a request head into a buffer of at least 8192 bytes",
};
const MAX_CONNS: Bound = Bound {
    flag: "--max-connections",
    var: "SHOWDOWN_MAX_CONNECTIONS",
    min: 1,
    max: MAX_CONNECTIONS_CEILING as u64,
    why: "0 would shed every connection; far more would exhaust memory first",
};
const EQUITY_THREADS: Bound = Bound {
    flag: "--equity-threads",
    var: "SHOWDOWN_EQUITY_THREADS",
    min: 1,
    max: 256,
    why: "enumerations need a thread; more than 256 only adds switching",
};
const EQUITY_LIMIT: Bound = Bound {
    flag: "--equity-limit",
    var: "SHOWDOWN_EQUITY_LIMIT",
    min: 1,
    max: 1 << 20,
    why: "0 would refuse every enumeration with 503",
};
const GRACE_SECS: Bound = Bound {
    flag: "--shutdown-grace-secs",
    var: "SHOWDOWN_SHUTDOWN_GRACE_SECS",
    min: 0,
    max: DAY_MS / 1000,
    why: "0 stops at once when the listener closes; at most a day",
};

impl ServeArgs {
    /// The router's settings, each checked against its bounds (a refused
    /// value stops the start; none is raised or lowered silently).
    pub fn app_config(&self) -> Result<AppConfig, ServeFailed> {
        let mut auth = AuthConfig::load(
            self.auth_tokens_file.as_deref(),
            self.auth_tokens.as_deref(),
        )?;
        auth.metrics_public = self.admin_addr.is_none();
        let threads = EQUITY_THREADS.check(
            self.equity_threads
                .unwrap_or_else(crate::edge::compute::default_threads),
        )?;
        let timeout = ms_bound("--request-timeout-ms", "SHOWDOWN_REQUEST_TIMEOUT_MS", 1);
        Ok(AppConfig {
            body_limit: BODY_LIMIT.check(self.body_limit)?,
            request_timeout: Duration::from_millis(timeout.check(self.request_timeout_ms)?),
            concurrency_limit: CONCURRENCY.check(self.concurrency_limit)?,
            auth,
            compute_threads: threads,
            compute_limit: EQUITY_LIMIT.check(
                self.equity_limit
                    .unwrap_or_else(|| crate::edge::compute::default_limit(threads)),
            )?,
        })
    }

    /// The connections' settings, checked like [`ServeArgs::app_config`]'s.
    pub fn serve_config(&self) -> Result<ServeConfig, SettingError> {
        let ms = |b: Bound, v: u64| b.check(v).map(Duration::from_millis);
        Ok(ServeConfig {
            header_timeout: ms(
                ms_bound("--header-timeout-ms", "SHOWDOWN_HEADER_TIMEOUT_MS", 1),
                self.header_timeout_ms,
            )?,
            idle_timeout: ms(
                ms_bound("--idle-timeout-ms", "SHOWDOWN_IDLE_TIMEOUT_MS", 1),
                self.idle_timeout_ms,
            )?,
            max_header_bytes: MAX_HEADER.check(self.max_header_bytes)?,
            max_connections: MAX_CONNS.check(self.max_connections)?,
            shutdown_grace: Duration::from_secs(GRACE_SECS.check(self.shutdown_grace_secs)?),
            drain_linger: ms(
                ms_bound("--drain-linger-ms", "SHOWDOWN_DRAIN_LINGER_MS", 0),
                self.drain_linger_ms,
            )?,
        })
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
pub enum ServeFailed {
    #[error(transparent)]
    Auth(#[from] AuthError),
    #[error(transparent)]
    Setting(#[from] SettingError),
    #[error(transparent)]
    Serve(#[from] ServeError),
}

async fn serve_async(args: ServeArgs) -> Result<(), ServeFailed> {
    let config = args.app_config()?;
    let serve_config = args.serve_config()?;
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
    let local =
        |l: &tokio::net::TcpListener| l.local_addr().map_or(String::new(), |a| a.to_string());
    let admin_addr = admin.as_ref().map_or("none".to_string(), |a| local(&a.0));
    log_start(
        &local(&listener),
        &admin_addr,
        &state.config,
        &serve_config,
        args.log_format,
    );
    crate::edge::serve::serve(listener, app, admin, state, serve_config, signals).await?;
    Ok(())
}

/// The build profile: `debug` for an unoptimised build, else `release`
/// (`make run`, the image's `dist`), so a slow service shows why.
pub const PROFILE: &str = if cfg!(debug_assertions) {
    "debug"
} else {
    "release"
};

/// The "listening" line: the version and every setting in force, as plain
/// values (after defaults, and the connection cap after the open-file limit).
fn log_start(
    addr: &str,
    admin_addr: &str,
    app: &AppConfig,
    serve: &ServeConfig,
    format: LogFormat,
) {
    let max_connections = effective_max_connections(serve.max_connections);
    if max_connections < serve.max_connections {
        tracing::warn!(
            configured = serve.max_connections,
            max_connections,
            "--max-connections lowered to fit the open-file limit (ulimit -n)"
        );
    }
    let log_level = crate::edge::config::log_filter().to_string();
    let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        version = env!("CARGO_PKG_VERSION"),
        profile = PROFILE,
        addr,
        admin_addr,
        body_limit = app.body_limit,
        request_timeout_ms = ms(app.request_timeout),
        concurrency_limit = app.concurrency_limit,
        equity_threads = app.compute_threads,
        equity_limit = app.compute_limit,
        header_timeout_ms = ms(serve.header_timeout),
        idle_timeout_ms = ms(serve.idle_timeout),
        max_header_bytes = serve.max_header_bytes,
        max_connections,
        shutdown_grace_secs = serve.shutdown_grace.as_secs(),
        drain_linger_ms = ms(serve.drain_linger),
        log_level = log_level.as_str(),
        log_format = format.as_str(),
        auth = app.auth.enabled(),
        "listening"
    );
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
    match answer {
        Ok(a) => write_out(
            &mut std::io::stdout().lock(),
            &serde_json::to_string_pretty(&a),
        ),
        Err(p) => problem_out(&p),
    }
}

/// Write an answer's text and flush: exit 0, or 2 when stdout is gone.
fn write_out(out: &mut dyn Write, text: &serde_json::Result<String>) -> ExitCode {
    let text = text.as_deref().unwrap_or_default();
    if writeln!(out, "{text}").is_err() || out.flush().is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// A refused request's problem on stderr (stdout keeps answers only): exit 1.
fn problem_out(p: &Problem) -> ExitCode {
    match write_out(
        &mut std::io::stderr().lock(),
        &serde_json::to_string_pretty(p),
    ) {
        c if c == ExitCode::SUCCESS => ExitCode::FAILURE,
        c => c,
    }
}

/// `showdown tables`: the route's pipeline; the answer on stdout, a
/// problem on stderr, so `> out.json` never captures an error.
fn tables(args: &EquityArgs) -> ExitCode {
    use showdown_contract::problem::TYPE_INVALID_REQUEST;
    use showdown_contract::tables::{check_required, tables_request, TablesRequest};
    let bytes = match read_input(args.file.as_deref(), "tables") {
        Ok(b) => b,
        Err(code) => return code,
    };
    let req = match parse_json::<TablesRequest>(&bytes) {
        Ok(req) => req,
        Err(p) => return problem_out(&p),
    };
    if let Err(p) = check_required(&req) {
        return problem_out(&p);
    }
    match tables_request(&req) {
        Ok(a) => write_out(
            &mut std::io::stdout().lock(),
            &serde_json::to_string_pretty(&a),
        ),
        Err(e) => problem_out(&Problem::impossible(
            TYPE_INVALID_REQUEST,
            "tables request",
            e,
        )),
    }
}

fn settle(args: &SettleArgs) -> ExitCode {
    let input = match open_input(args.file.as_deref(), "settle") {
        Ok(i) => i,
        Err(code) => return code,
    };
    if args.ndjson {
        return settle_ndjson(input, args.explain);
    }
    let mut bytes = Vec::new();
    let mut input = input;
    if let Err(e) = input.read_to_end(&mut bytes) {
        eprintln!("showdown settle: read error: {e}");
        return ExitCode::from(2);
    }
    match settle_bytes_with(&bytes, args.explain, |e| serde_json::to_string_pretty(e)) {
        Ok(text) => write_out(&mut std::io::stdout().lock(), &text),
        Err(p) => problem_out(&p),
    }
}

/// `settle --ndjson`: answer N on stdout line N, a problem in its place (so
/// the lines stay paired) and said again on stderr with its line number.
fn settle_ndjson(input: Box<dyn Read>, explain: bool) -> ExitCode {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = false;
    for (n, line) in std::io::BufReader::new(input).lines().enumerate() {
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
            settle_bytes_with(line.as_bytes(), explain, |e| serde_json::to_string(e))
        };
        let text = match settled {
            Ok(text) => text,
            Err(p) => {
                failed = true;
                eprintln!("showdown settle: line {}: {}: {}", n + 1, p.title, p.detail);
                serde_json::to_string(&p)
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

fn healthcheck(args: &HealthcheckArgs) -> ExitCode {
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
