//! A subcommand's input and output: the request from FILE or stdin, the
//! answer on stdout, a problem on stderr, and the exit status each gives.

use showdown_json::Problem;
use std::io::{Read, Write};
use std::process::ExitCode;

/// FILE, or stdin when absent or `-`.
pub(super) fn open_input(
    file: Option<&std::path::Path>,
    command: &str,
) -> Result<Box<dyn Read>, ExitCode> {
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
pub(super) fn read_input(
    file: Option<&std::path::Path>,
    command: &str,
) -> Result<Vec<u8>, ExitCode> {
    let mut input = open_input(file, command)?;
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes).map_err(|e| {
        eprintln!("showdown {command}: read error: {e}");
        ExitCode::from(2)
    })?;
    Ok(bytes)
}

/// Write an answer's text and flush: exit 0, or 2 when stdout is gone.
pub(super) fn write_out(out: &mut dyn Write, text: &serde_json::Result<String>) -> ExitCode {
    let text = text.as_deref().unwrap_or_default();
    if writeln!(out, "{text}").is_err() || out.flush().is_err() {
        return ExitCode::from(2);
    }
    ExitCode::SUCCESS
}

/// A refused request's problem on stderr (stdout keeps answers only): exit 1.
pub(super) fn problem_out(p: &Problem) -> ExitCode {
    match write_out(
        &mut std::io::stderr().lock(),
        &serde_json::to_string_pretty(p),
    ) {
        c if c == ExitCode::SUCCESS => ExitCode::FAILURE,
        c => c,
    }
}
