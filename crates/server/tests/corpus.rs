//! The real-hands test (issue 7): unpack the PHH corpus of `../shared/corpus`
//! (10,088 hands: Pluribus 6-max NLHE and the 2023 WSOP $50K PPC final table
//! in 9 variants, plus five famous hands), replay and settle every hand, and
//! compare each player's final stack with the recorded `finishing_stacks`.
//!
//! The recording has no odd-chip rule: where a split pot has an odd chip it
//! records halves (`10112.5`). Those hands must settle with the whole chip
//! to the first tied seat left of the button (RULES.md §4, TDA 19) and
//! match the record everywhere else; they are listed.

use showdown_server::phh::check::{check_files, collect_files, HandResult, Summary, Verdict};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

/// The corpus archive: `$SHOWDOWN_CORPUS`, else `../shared/corpus` next to
/// the workspace root.
fn archive() -> PathBuf {
    match std::env::var_os("SHOWDOWN_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../../shared/corpus/phh-pluribus-wsop.tar.gz"),
    }
}

fn unpack() -> PathBuf {
    let tarball = archive();
    assert!(
        tarball.is_file(),
        "corpus archive {} not found (set SHOWDOWN_CORPUS)",
        tarball.display()
    );
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("phh-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let status = Command::new("tar")
        .arg("xzf")
        .arg(&tarball)
        .arg("-C")
        .arg(&dir)
        .status()
        .expect("run tar");
    assert!(status.success(), "tar failed: {status}");
    dir
}

/// `  data/...: why` for the hands `pick` chooses, labels relative to the corpus.
fn list(
    results: &[HandResult],
    root: &Path,
    pick: impl Fn(&Verdict) -> Option<String>,
) -> Vec<String> {
    let root = format!("{}/", root.display());
    results
        .iter()
        .filter_map(|r| {
            let label = r.label.strip_prefix(&root).unwrap_or(&r.label);
            pick(&r.verdict).map(|why| format!("  {label}: {why}"))
        })
        .collect()
}

#[test]
fn phh_corpus_settles_to_the_recorded_stacks() {
    let t0 = Instant::now();
    let dir = unpack();
    let unpacked = t0.elapsed();
    let files = collect_files(std::slice::from_ref(&dir)).unwrap();
    let t1 = Instant::now();
    let results = check_files(&files);
    let replayed = t1.elapsed();
    std::fs::remove_dir_all(&dir).unwrap();

    let s = Summary::of(&results);
    let odd = list(&results, &dir, |v| match v {
        Verdict::OddChip { detail } => Some(detail.clone()),
        _ => None,
    });
    let skipped = list(&results, &dir, |v| match v {
        Verdict::Skipped { reason } => Some(reason.clone()),
        _ => None,
    });
    let failed = list(&results, &dir, |v| match v {
        Verdict::Failed { detail } => Some(detail.clone()),
        _ => None,
    });
    let unrecorded = list(&results, &dir, |v| {
        matches!(v, Verdict::Unrecorded).then(|| "settled".to_string())
    });
    println!(
        "{} files, {} hands: {} passed ({} odd-chip), {} failed, {} skipped, {} without finishing_stacks; \
         unpack {unpacked:.2?}, replay+settle {replayed:.2?}",
        files.len(),
        results.len(),
        s.passed,
        s.odd_chip,
        s.failed,
        s.skipped,
        s.unrecorded
    );
    println!("odd chip split in halves by the record, whole chip to the first tied seat left of the button:");
    println!("{}", odd.join("\n"));
    println!(
        "without finishing_stacks (settled, nothing to compare):\n{}",
        unrecorded.join("\n")
    );
    println!("skipped:\n{}", skipped.join("\n"));
    println!("failed:\n{}", failed.join("\n"));

    assert_eq!(
        files.len(),
        10_088,
        "the corpus is 10,088 hands, one a file"
    );
    assert!(
        failed.is_empty(),
        "{} hands settle off the record:\n{}",
        failed.len(),
        failed.join("\n")
    );
    assert!(
        skipped.is_empty(),
        "{} hands do not replay:\n{}",
        skipped.len(),
        skipped.join("\n")
    );
    assert_eq!(s.passed + s.unrecorded, results.len());
}

/// The `.phhs` sample of `tests/corpus/` (several hands, one TOML table
/// each) through `showdown replay`'s function: every hand passes, and the
/// summary line is exactly `N passed, M failed`.
#[test]
fn phhs_sample_replays_through_the_cli_function() {
    let sample =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/wsop-2023-sample.phhs");
    let mut out = Vec::new();
    let s = showdown_server::phh::replay(&[sample], &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!((s.passed, s.failed, s.skipped), (8, 0, 0), "{out}");
    assert_eq!(out.lines().next(), Some("8 passed, 0 failed"), "{out}");
}
