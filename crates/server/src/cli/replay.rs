//! `showdown replay PATH...`: the history crate's replay of PHH and OHH
//! files, its report on stdout, a progress bar on stderr when stderr is a
//! terminal (never in a pipe or a log), and the exit status.

use indicatif::{ProgressBar, ProgressStyle};
use showdown_history::progress::Progress;
use showdown_history::replay::replay as replay_paths;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

/// The files read so far, as a bar on a terminal.
struct Bar(ProgressBar);

impl Progress for Bar {
    fn found(&self, files: u64) {
        self.0.inc_length(files);
    }

    fn done(&self) {
        self.0.inc(1);
    }
}

/// A bar on stderr when it is a terminal, else one that draws nothing.
fn bar() -> Bar {
    if !std::io::stderr().is_terminal() {
        return Bar(ProgressBar::hidden());
    }
    let bar = ProgressBar::new(0);
    if let Ok(style) = ProgressStyle::with_template("{bar:40} {pos}/{len} files {elapsed}") {
        bar.set_style(style);
    }
    Bar(bar)
}

/// Exit 1 when a hand failed (a PHH hand off its recorded stacks, an OHH
/// hand off the room's pots) or when no hand was settled at all (a wrong
/// folder must not look like a pass), 2 when the paths cannot be read.
pub(super) fn replay(paths: &[PathBuf]) -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let progress = bar();
    let result = replay_paths(paths, &mut out, &progress);
    progress.0.finish_and_clear();
    let flushed = out.flush();
    match (result, flushed) {
        (Ok(o), Ok(())) if o.settled() == 0 => {
            let names: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
            eprintln!(
                "showdown replay: settled nothing: no hand in {} could be settled \
                 (give .phh, .phhs or OHH .json, .jsonl, .ohh files, folders of them, \
                 or a .tar.gz archive of PHH files)",
                names.join(", ")
            );
            ExitCode::FAILURE
        }
        (Ok(o), Ok(())) if !o.failed() => ExitCode::SUCCESS,
        (Ok(_), Ok(())) => ExitCode::FAILURE,
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("showdown replay: {e}");
            ExitCode::from(2)
        }
    }
}
