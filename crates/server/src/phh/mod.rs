//! Real hands: reading Poker Hand History (PHH) files, replaying their
//! actions into a settle request, and checking the settlement against the
//! recorded `finishing_stacks` (`showdown replay`; `routes::phh` serves
//! `POST /v1/settle/phh`).

pub mod check;
pub mod reader;
pub mod replay;

pub use check::{check_hand, read_archive, replay, HandResult, Summary, Verdict};
pub use reader::{parse_hands, parse_one, Decimal, PhhHand};
pub use replay::{replay as replay_hand, Replayed};

/// Why a PHH text could not be turned into a settle request.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhhError {
    #[error("not valid TOML: {0}")]
    Toml(String),
    #[error("field `{field}`: {message}")]
    Field {
        field: &'static str,
        message: String,
    },
    #[error("action {index} `{action}`: {message}")]
    Action {
        index: usize,
        action: String,
        message: String,
    },
    #[error("not supported: {0}")]
    Unsupported(String),
}

/// `showdown replay PATH...`: prints one line per failed or skipped hand and
/// the summary `N passed, M failed`; exit 1 when a hand failed or when no
/// hand was settled at all (a wrong folder must not look like a pass), 2
/// when the paths cannot be read.
pub fn replay_cli(paths: &[std::path::PathBuf]) -> std::process::ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = replay(paths, &mut out);
    let flushed = std::io::Write::flush(&mut out);
    match (result, flushed) {
        (Ok(s), Ok(())) if s.settled() == 0 => {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            eprintln!(
                "showdown replay: settled nothing: no hand in {} could be settled \
                 (give .phh or .phhs files, folders of them, or a .tar.gz archive)",
                names.join(", ")
            );
            std::process::ExitCode::FAILURE
        }
        (Ok(s), Ok(())) if s.failed == 0 => std::process::ExitCode::SUCCESS,
        (Ok(_), Ok(())) => std::process::ExitCode::FAILURE,
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("showdown replay: {e}");
            std::process::ExitCode::from(2)
        }
    }
}
