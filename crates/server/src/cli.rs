//! The `showdown` command line: `serve` (the default), `settle`, `openapi`,
//! `healthcheck`. Settings come from flags or `SHOWDOWN_*` variables.
//!
//! The top floor of the crate: it reads the settings and starts the edge
//! and the routes, and nothing below imports from it. Each subcommand is a
//! module of its own (`serve`, `settle`, `answer` for equity, tables and deals,
//! `healthcheck`), with their settings in `args` and the input and output
//! they share in `io`.
//!
//! Helpers add a subcommand by adding a variant to [`Command`], a match
//! arm in [`run`] and a module for it.

mod answer;
mod args;
mod healthcheck;
mod io;
mod replay;
mod serve;
mod settle;

use args::{EquityArgs, HealthcheckArgs, ServeArgs, SettleArgs};

use crate::routes::openapi;
use answer::{deals, equity, prizes, tables};
use clap::{Parser, Subcommand};
use healthcheck::healthcheck;
use serve::serve;
use settle::settle;
use std::path::PathBuf;
use std::process::ExitCode;

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
pub(crate) struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// `serve` settings, when no subcommand is given.
    #[command(flatten)]
    pub serve: ServeArgs,
}

// One `Command` is parsed a process: the size of `serve`'s settings
// (past clippy's 200 bytes with the write limits) costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
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
    /// The places and prize money of one hand dealt hand for hand at
    /// several tables, from FILE (or stdin), as `POST /v1/prizes` answers
    /// it. A problem goes to stderr, exit 1.
    #[command(after_help = LOG_HELP)]
    Prizes(EquityArgs),
    /// A final-table deal from FILE (or stdin), as `POST /v1/deals`
    /// answers it: each player's share, to the unit. A problem goes to
    /// stderr, exit 1.
    #[command(after_help = LOG_HELP)]
    Deals(EquityArgs),
    /// Print the OpenAPI document the code derives.
    Openapi,
    /// GET /healthz on --addr; exit 0 when it answers 200 (for Docker, which
    /// has no curl), else exit 1 naming the failure: connection refused,
    /// timeout, or the status it answered.
    Healthcheck(HealthcheckArgs),
    /// Replay PHH hands (.phh and .phhs files, folders of them, .tar.gz
    /// archives), settle each and compare every final stack with
    /// `finishing_stacks`; and OHH hands (.json: one hand or an array,
    /// .jsonl and .ohh: one a line), each settled with its betting verdict
    /// and every difference from the room's own `pots`. Exit 1 on a
    /// mismatch or when nothing was settled; a progress bar on a terminal.
    #[command(after_help = LOG_HELP)]
    Replay {
        /// PHH files (.phh, .phhs), OHH files (.json, .jsonl, .ohh),
        /// folders of them (searched throughout) or .tar.gz archives of
        /// PHH files; one or more.
        #[arg(required = true)]
        paths: Vec<PathBuf>,
    },
}

/// Parse the command line and run it.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    run(cli)
}

pub(crate) fn run(cli: Cli) -> ExitCode {
    match cli.command {
        None => serve(cli.serve),
        Some(Command::Serve(args)) => serve(args),
        Some(Command::Settle(args)) => settle(&args),
        Some(Command::Equity(args)) => equity(&args),
        Some(Command::Tables(args)) => tables(&args),
        Some(Command::Prizes(args)) => prizes(&args),
        Some(Command::Deals(args)) => deals(&args),
        Some(Command::Openapi) => print_openapi(),
        Some(Command::Healthcheck(args)) => healthcheck(&args),
        Some(Command::Replay { paths }) => replay::replay(&paths),
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
