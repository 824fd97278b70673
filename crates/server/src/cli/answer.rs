//! `showdown equity`, `showdown tables`, `showdown prizes` and `showdown
//! deals`: one request in, the route's answer out, on this thread.

use super::args::EquityArgs;
use super::io::{problem_out, read_input, write_out};
use showdown_json::parse_json;
use showdown_json::Problem;
use std::process::ExitCode;

/// `showdown equity`: the route's pipeline, on this thread.
pub(super) fn equity(args: &EquityArgs) -> ExitCode {
    use showdown_contract::equity::{equity_request, EquityRequest};
    use showdown_json::problem::TYPE_INVALID_REQUEST;
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
    use showdown_contract::tables::{check_required, tables_request, TablesRequest};
    let check = |req: &TablesRequest| check_required(req).err();
    route::<TablesRequest, _>(args, "tables", check, |req| {
        tables_request(req).map(|a| serde_json::to_string_pretty(&a))
    })
}

/// `showdown prizes`: the route's pipeline, as `showdown tables`.
pub(super) fn prizes(args: &EquityArgs) -> ExitCode {
    use showdown_contract::prizes::prizes_request;
    use showdown_contract::prizes::PrizesRequest;
    route::<PrizesRequest, _>(
        args,
        "prizes",
        |_| None,
        |req| prizes_request(req).map(|a| serde_json::to_string_pretty(&a)),
    )
}

/// `showdown deals`: the route's pipeline, as `showdown tables`.
pub(super) fn deals(args: &EquityArgs) -> ExitCode {
    use showdown_contract::deal::deal_request;
    use showdown_contract::deal::DealRequest;
    route::<DealRequest, _>(
        args,
        "deals",
        |_| None,
        |req| deal_request(req).map(|a| serde_json::to_string_pretty(&a)),
    )
}

/// One request from FILE or stdin through a route's pipeline `run`: its
/// answer on stdout, or its problem on stderr (exit 1). `check` is the
/// route's shape rule beyond the types (a 400), if it has one.
fn route<Req, F>(
    args: &EquityArgs,
    command: &str,
    check: impl FnOnce(&Req) -> Option<Problem>,
    run: F,
) -> ExitCode
where
    Req: serde::de::DeserializeOwned,
    F: FnOnce(&Req) -> Result<serde_json::Result<String>, showdown_json::Invalid>,
{
    use showdown_json::problem::TYPE_INVALID_REQUEST;
    let bytes = match read_input(args.file.as_deref(), command) {
        Ok(b) => b,
        Err(code) => return code,
    };
    let req = match parse_json::<Req>(&bytes) {
        Ok(req) => req,
        Err(p) => return problem_out(&p),
    };
    if let Some(p) = check(&req) {
        return problem_out(&p);
    }
    match run(&req) {
        Ok(text) => write_out(&mut std::io::stdout().lock(), &text),
        Err(e) => problem_out(&Problem::impossible(
            TYPE_INVALID_REQUEST,
            &format!("{command} request"),
            e,
        )),
    }
}
