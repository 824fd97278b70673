//! `showdown equity` and `showdown tables`: one request in, the route's
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

/// `showdown tables`: the route's pipeline; the answer on stdout, a
/// problem on stderr, so `> out.json` never captures an error.
pub(super) fn tables(args: &EquityArgs) -> ExitCode {
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
