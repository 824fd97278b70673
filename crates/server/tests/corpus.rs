//! The real-hands test: read the PHH corpus of `tests/corpus-phh/`
//! (10,088 hands: Pluribus 6-max NLHE and the 2023 WSOP $50K PPC final table
//! in 9 variants, plus five famous hands), replay and settle every hand, and
//! compare each player's final stack with the recorded `finishing_stacks`.
//!
//! The recording has no odd-chip rule: where a split pot has an odd chip it
//! records halves (`10112.5`). Those hands must settle with the whole chip
//! to the first tied seat left of the button (RULES.md §4, TDA 19) and
//! match the record everywhere else; they are listed.

use showdown_server::phh::check::{check_parallel, check_text, HandResult, Summary, Verdict};
use std::path::PathBuf;
use std::time::Instant;

/// The corpus archive: `$SHOWDOWN_CORPUS`, else the copy the repository
/// carries, so a fresh clone tests without anything beside it.
fn archive() -> PathBuf {
    match std::env::var_os("SHOWDOWN_CORPUS") {
        Some(p) => PathBuf::from(p),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/corpus-phh/phh-pluribus-wsop.tar.gz"),
    }
}

/// Every `.phh`/`.phhs` file of the archive: (path inside it, text), in
/// archive order, read as `showdown replay` reads an archive.
fn read_archive() -> Vec<(String, String)> {
    let path = archive();
    showdown_server::phh::read_archive(&path).unwrap_or_else(|e| {
        panic!(
            "corpus archive {} not readable: {e} (set SHOWDOWN_CORPUS)",
            path.display()
        )
    })
}

/// `  data/...: why` for the hands `pick` chooses.
fn list(results: &[HandResult], pick: impl Fn(&Verdict) -> Option<String>) -> Vec<String> {
    results
        .iter()
        .filter_map(|r| pick(&r.verdict).map(|why| format!("  {}: {why}", r.label)))
        .collect()
}

#[test]
fn phh_corpus_settles_to_the_recorded_stacks() {
    let t0 = Instant::now();
    let files = read_archive();
    let read = t0.elapsed();
    let t1 = Instant::now();
    let results = check_parallel(&files, |(label, text)| check_text(text, label));
    let replayed = t1.elapsed();

    let s = Summary::of(&results);
    let odd = list(&results, |v| match v {
        Verdict::OddChip { detail } => Some(detail.clone()),
        _ => None,
    });
    let skipped = list(&results, |v| match v {
        Verdict::Skipped { reason } => Some(reason.clone()),
        _ => None,
    });
    let failed = list(&results, |v| match v {
        Verdict::Failed { detail } => Some(detail.clone()),
        _ => None,
    });
    let unrecorded = list(&results, |v| {
        matches!(v, Verdict::Unrecorded).then(|| "settled".to_string())
    });
    println!(
        "{} files, {} hands: {} passed ({} odd-chip), {} failed, {} skipped, {} without finishing_stacks; \
         read+gunzip {read:.2?}, replay+settle {replayed:.2?}",
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
    assert_eq!(results.len(), files.len(), "one result a hand");
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

/// The five famous hands have no `finishing_stacks`; their outcomes are
/// public (the files cite the videos): who won, and the busted player.
#[test]
fn famous_hands_settle_to_their_known_winners() {
    use showdown_server::phh::{parse_one, replay_hand};
    use showdown_server::settle_request;
    // (file, winner, the winner's hand category, a player who ends with 0 or the known stack)
    let known = [
        // Dwan's 7-high straight beats Ivey's; Ivey's raise above Dwan's stack comes back.
        ("data/dwan-ivey-2009.phh", "p3", "Straight", ("p1", 572_100)),
        // Carol's 8-high badugi beats Alice's 9-high; Alice loses 16.
        ("data/alice-carol-wikipedia.phh", "p2", "", ("p4", 184)),
        // Arieh's 7-5-4-3-2 beats Yockey's 7-6-4-3-2; Yockey is all in and out.
        ("data/arieh-yockey-2019.phh", "p4", "", ("p1", 0)),
        // Xuan's queens make a straight against Phua's kings; Phua is out.
        ("data/phua-xuan-2019.phh", "p3", "Straight", ("p5", 0)),
        // Antonius wins the $1.36M pot (amounts in cents); Blom is out.
        ("data/antonius-blom-2009.phh", "p1", "Straight", ("p2", 0)),
    ];
    let files = read_archive();
    for (name, winner, category, (who, stack)) in known {
        let (_, text) = files.iter().find(|(n, _)| n == name).unwrap();
        let req = replay_hand(&parse_one(text, name).unwrap())
            .unwrap()
            .request;
        let event = settle_request(&req).unwrap().data;
        assert_eq!(event.winner_id.as_deref(), Some(winner), "{name}");
        if !category.is_empty() {
            assert_eq!(
                event.winning_hand.as_ref().unwrap().name,
                category,
                "{name}"
            );
        }
        assert_eq!(event.final_chip_stacks[who], stack, "{name}");
        let total: u64 = req.players.iter().map(|p| p.stack).sum();
        assert_eq!(
            event.final_chip_stacks.values().sum::<u64>(),
            total,
            "{name}: chips conserved"
        );
    }
}
