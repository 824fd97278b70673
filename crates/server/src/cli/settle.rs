//! `showdown settle`: one request, or one a line with `--ndjson`, settled
//! as the route settles it.

use super::args::SettleArgs;
use super::io::{open_input, problem_out, write_out};
use showdown_contract::settle::settle_request;
use showdown_json::parse_json;
use showdown_json::Problem;
use std::io::{BufRead, Read, Write};
use std::process::ExitCode;

/// Settle one request's bytes: `answer` of the event (which borrows the
/// request), or the problem (with its status); `explain` forced on when
/// asked (`--explain`).
// A Problem is only built on the error path; boxing it buys nothing.
#[allow(clippy::result_large_err)]
pub(crate) fn settle_bytes_with<T>(
    bytes: &[u8],
    explain: bool,
    answer: impl FnOnce(&showdown_contract::settle::HandCompleteEvent<'_>) -> T,
) -> Result<T, Problem> {
    let mut req: showdown_contract::settle::SettleRequest = parse_json(bytes)?;
    req.explain |= explain;
    settle_request(&req)
        .map(|e| answer(&e))
        .map_err(Problem::from)
}

/// `showdown settle`: the answer on stdout, a problem on stderr.
pub(super) fn settle(args: &SettleArgs) -> ExitCode {
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
