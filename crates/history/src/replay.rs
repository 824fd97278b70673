//! `showdown replay` over both formats: PHH files, folders and archives
//! checked against their recorded stacks (`phh::check`), OHH files settled
//! with their verdicts and differences (`ohh::replay`), one report.

use crate::ohh::replay::{check_file, is_ohh_file, ohh_files, write_report, OhhResult, OhhSummary};
use crate::phh::all_in::{write_table, AllInHand};
use crate::phh::betting::BettingJudged;
use crate::phh::check::{check_path, HandResult, Summary, Verdict};
use crate::phh::showdown::ShowdownVerdict;
use crate::progress::{Done, Progress};
use std::io::{self, Write};
use std::path::PathBuf;

/// What a replay found in each format.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Outcome {
    pub phh: Summary,
    pub ohh: OhhSummary,
}

impl Outcome {
    /// Hands settled in either format.
    pub fn settled(&self) -> usize {
        self.phh.settled() + self.ohh.settled
    }

    /// A PHH hand off its recorded stacks, or an OHH hand off the room's pots.
    pub fn failed(&self) -> bool {
        self.phh.failed > 0 || self.ohh.differing > 0
    }
}

/// `showdown replay PATH...`. A path is a PHH file, an OHH file (`.json`,
/// `.jsonl`, `.ohh`), a folder (searched for both) or a `.tar.gz` archive
/// of PHH files. The PHH report comes first (one line per failed or
/// skipped hand, the summary `N passed, M failed`, then the showdowns,
/// the betting and the all-in table; left out when only OHH hands were
/// read), then the OHH report, whose summary line ends the output. The
/// caller exits non-zero when anything failed or nothing was settled.
pub fn replay(
    paths: &[PathBuf],
    out: &mut dyn Write,
    progress: &dyn Progress,
) -> io::Result<Outcome> {
    let ohh = ohh_files(paths)?;
    progress.found(ohh.len() as u64);
    let mut phh = Vec::new();
    // A file named as OHH is the OHH replay's; a folder is both's.
    for p in paths.iter().filter(|p| !(p.is_file() && is_ohh_file(p))) {
        phh.extend(check_path(p, progress)?);
    }
    let ohh: Vec<OhhResult> = ohh
        .iter()
        .flat_map(|f| {
            let _done = Done(progress);
            check_file(f)
        })
        .collect();
    let mut outcome = Outcome::default();
    if !phh.is_empty() || ohh.is_empty() {
        outcome.phh = write_phh(&phh, out)?;
    }
    if !ohh.is_empty() {
        outcome.ohh = write_report(&ohh, out)?;
    }
    Ok(outcome)
}

/// The PHH report: one line per failed hand, one per skipped hand with
/// its reason, the summary line `N passed, M failed`, then the showdowns,
/// the betting and the all-in table.
fn write_phh(results: &[HandResult], out: &mut dyn Write) -> io::Result<Summary> {
    for r in results {
        match &r.verdict {
            Verdict::Failed { detail } => writeln!(out, "FAIL {}: {detail}", r.label)?,
            Verdict::Skipped { reason } => writeln!(out, "SKIP {}: {reason}", r.label)?,
            _ => {}
        }
    }
    let s = Summary::of(results);
    writeln!(out, "{} passed, {} failed", s.passed, s.failed)?;
    if s.odd_chip > 0 {
        writeln!(
            out,
            "({} of the passed split an odd chip into fractions in the record; \
             the whole chip went to the first tied seat left of the button)",
            s.odd_chip
        )?;
    }
    if s.unrecorded > 0 {
        writeln!(
            out,
            "{} settled with no finishing_stacks to compare",
            s.unrecorded
        )?;
    }
    if s.skipped > 0 {
        writeln!(out, "{} skipped (reasons above)", s.skipped)?;
    }
    showdowns(results, &s, out)?;
    bettings(results, out)?;
    let all_in: Vec<&AllInHand> = results.iter().filter_map(|r| r.all_in.as_ref()).collect();
    write_table(&all_in, out)?;
    Ok(s)
}

/// The recorded betting against RULES.md §16: how many hands were judged
/// and how many follow it, then one line for each that does not.
fn bettings(results: &[HandResult], out: &mut dyn Write) -> io::Result<()> {
    let judged: Vec<(&str, &BettingJudged)> = results
        .iter()
        .filter_map(|r| r.betting.as_ref().map(|b| (r.label.as_str(), b)))
        .filter(|(_, b)| !matches!(b, BettingJudged::NotJudged(_)))
        .collect();
    if judged.is_empty() {
        return Ok(());
    }
    let legal = judged
        .iter()
        .filter(|(_, b)| **b == BettingJudged::Legal)
        .count();
    writeln!(
        out,
        "{legal} of {} judged hands bet by RULES.md §16 (every action in turn and of a size the rules allow)",
        judged.len()
    )?;
    for (label, b) in judged {
        match b {
            BettingJudged::Findings(f) => writeln!(out, "BETTING {label}: {}", f.join("; "))?,
            BettingJudged::Refused(why) => writeln!(out, "BETTING {label}: refused: {why}")?,
            _ => {}
        }
    }
    Ok(())
}

/// The recorded showdowns against RULES.md §15: how many follow its order
/// and mucks, then one line for each that does not, with the reason.
fn showdowns(results: &[HandResult], s: &Summary, out: &mut dyn Write) -> io::Result<()> {
    if s.showdowns == 0 {
        return Ok(());
    }
    writeln!(
        out,
        "{} of {} recorded showdowns follow RULES.md §15 (who shows first, in what order, who mucks)",
        s.showdowns_follow, s.showdowns
    )?;
    for r in results {
        if let Some(ShowdownVerdict::Differs { reason }) = &r.showdown {
            writeln!(out, "SHOWDOWN {}: {reason}", r.label)?;
        }
    }
    Ok(())
}
