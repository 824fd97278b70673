//! `showdown equity`, `showdown tables` and `showdown prizes`: one request in, the route's
//! answer out, on this thread.

use super::args::EquityArgs;
use super::io::{problem_out, read_input, write_out};
use showdown_contract::parse_json;
use showdown_contract::Problem;
use std::process::ExitCode;

/// `showdown equity`: the route's pipeline, on this thread.
pub(super) fn equity(args: &EquityArgs) -> ExitCode {
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

/// An answer as the command line prints it.
fn pretty(answer: &impl serde::Serialize) -> serde_json::Result<String> {
    serde_json::to_string_pretty(answer)
}

/// `showdown tables`: a tournament's tables between hands.
pub(super) fn tables(args: &EquityArgs) -> ExitCode {
    use showdown_contract::tables::tables_request;
    pipeline(args, "tables", "tables request", |r| {
        tables_request(r).map(|a| pretty(&a))
    })
}

/// `showdown prizes`: the places and prizes of a hand-for-hand hand.
pub(super) fn prizes(args: &EquityArgs) -> ExitCode {
    use showdown_contract::prize::prizes_request;
    pipeline(args, "prizes", "prizes request", |r| {
        prizes_request(r).map(|a| pretty(&a))
    })
}

/// A route's pipeline `run` on FILE (or stdin): the answer on stdout, a
/// problem on stderr, so `> out.json` never captures an error. The answer
/// borrows from the request, so `run` hands it back already written out.
fn pipeline<R: serde::de::DeserializeOwned>(
    args: &EquityArgs,
    name: &str,
    subject: &str,
    run: impl Fn(&R) -> Result<serde_json::Result<String>, showdown_contract::Invalid>,
) -> ExitCode {
    use showdown_contract::problem::TYPE_INVALID_REQUEST;
    let bytes = match read_input(args.file.as_deref(), name) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let req = match parse_json::<R>(&bytes) {
        Ok(req) => req,
        Err(p) => return problem_out(&p),
    };
    match run(&req) {
        Ok(text) => write_out(&mut std::io::stdout().lock(), &text),
        Err(e) => problem_out(&Problem::impossible(TYPE_INVALID_REQUEST, subject, e)),
    }
}
