//! Settling PHH hands and comparing every player's final stack with the
//! recorded `finishing_stacks` (`showdown replay`, the corpus test).
//!
//! Its length (about 500 lines, half of them tests) covers reading
//! archives, settling in parallel and the verdict of each hand.

use super::all_in::{all_in_hand, AllInHand};
use super::betting::{judge_betting, BettingJudged};
use super::reader::{parse_hands, Decimal, PhhHand};
use super::replay::{player_id, replay as replay_hand, variant_id, Family};
use super::showdown::{judge_hand, ShowdownVerdict};
use crate::progress::{Done, Progress};
use showdown_contract::settle::settle_request;
use std::ffi::OsString;
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// What became of one hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Every final stack is the recorded one.
    Passed,
    /// The record splits an odd chip into fractions (it has no odd-chip
    /// rule); the settlement gave the whole chip to the first tied seat left
    /// of the button (RULES.md §4, TDA 19) and matches the record otherwise.
    OddChip { detail: String },
    /// Settled, but the file records no `finishing_stacks` to compare with.
    Unrecorded,
    /// Final stacks differ from the record.
    Failed { detail: String },
    /// Could not be replayed or settled.
    Skipped { reason: String },
}

impl Verdict {
    /// Counts as passed in the summary (an odd-chip hand passes the rule check).
    pub fn passed(&self) -> bool {
        matches!(self, Verdict::Passed | Verdict::OddChip { .. })
    }
}

/// One hand's label and verdict.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandResult {
    pub label: String,
    pub verdict: Verdict,
    /// Whether its recorded showdown follows RULES.md §15; `None` when it
    /// has none.
    pub showdown: Option<ShowdownVerdict>,
    /// What RULES.md §16 says of its betting; `None` when it was not read.
    pub betting: Option<BettingJudged>,
    /// Its all-in result (RULES.md §17), when its betting ended all in
    /// with cards to come.
    pub all_in: Option<AllInHand>,
}

/// Totals over many hands.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Summary {
    pub passed: usize,
    pub odd_chip: usize,
    pub failed: usize,
    pub unrecorded: usize,
    pub skipped: usize,
    /// Recorded showdowns judged by RULES.md §15, and how many follow it.
    pub showdowns: usize,
    pub showdowns_follow: usize,
}

impl Summary {
    /// Hands that were settled, whatever the comparison said.
    pub fn settled(&self) -> usize {
        self.passed + self.failed + self.unrecorded
    }

    pub fn of(results: &[HandResult]) -> Summary {
        let mut s = Summary::default();
        for r in results {
            if let Some(v) = &r.showdown {
                s.showdowns += 1;
                s.showdowns_follow += usize::from(*v == ShowdownVerdict::Follows);
            }
            match r.verdict {
                Verdict::Passed => s.passed += 1,
                Verdict::OddChip { .. } => {
                    s.passed += 1;
                    s.odd_chip += 1;
                }
                Verdict::Unrecorded => s.unrecorded += 1,
                Verdict::Failed { .. } => s.failed += 1,
                Verdict::Skipped { .. } => s.skipped += 1,
            }
        }
        s
    }
}

/// Replays, settles and checks one hand.
pub fn check_hand(hand: &PhhHand) -> Verdict {
    let replayed = match replay_hand(hand) {
        Ok(r) => r,
        Err(e) => {
            return Verdict::Skipped {
                reason: e.to_string(),
            }
        }
    };
    let event = match settle_request(&replayed.request) {
        Ok(e) => e,
        Err(invalid) => {
            return Verdict::Skipped {
                reason: format!(
                    "the service refused the request: {}",
                    refusal(
                        invalid
                            .errors
                            .iter()
                            .map(|e| (e.pointer.as_str(), e.message.as_str()))
                    )
                ),
            };
        }
    };
    let Some(recorded) = &hand.finishing_stacks else {
        return Verdict::Unrecorded;
    };
    let settled: Vec<Option<u64>> = (0..recorded.len())
        .map(|i| {
            event
                .data
                .final_chip_stacks
                .get(player_id(i).as_str())
                .copied()
        })
        .collect();
    let button_game = variant_id(&hand.variant).is_some_and(|(_, f)| f != Family::Stud);
    compare(&settled, recorded, replayed.scale, button_game)
}

/// A settlement's refusal on one line: each pointer and its words.
pub(crate) fn refusal<'a>(errors: impl Iterator<Item = (&'a str, &'a str)>) -> String {
    let why: Vec<String> = errors.map(|(at, why)| format!("{at} {why}")).collect();
    why.join("; ")
}

/// Compares settled stacks (whole units of `10^-scale`) with the record.
fn compare(
    settled: &[Option<u64>],
    recorded: &[Decimal],
    scale: u32,
    button_game: bool,
) -> Verdict {
    // A common scale fine enough for both (the record may split a unit).
    let fine = recorded.iter().map(|d| d.scale).fold(scale, u32::max);
    let unit = 10i128.pow(fine - scale);
    let mut diffs = Vec::with_capacity(recorded.len());
    let mut split = Vec::new();
    let mut lines = Vec::new();
    for (i, rec) in recorded.iter().enumerate() {
        let Some(got) = settled[i] else {
            return Verdict::Skipped {
                reason: format!("{} missing from finalChipStacks", player_id(i)),
            };
        };
        let got_fine = i128::from(got) * unit;
        let rec_fine = rec.at_scale(fine).unwrap_or(i128::MAX);
        let diff = got_fine - rec_fine;
        if rec.at_scale(scale).is_none() {
            split.push(i);
        }
        if diff != 0 {
            lines.push(format!(
                "{} settled {} recorded {rec}",
                player_id(i),
                Decimal {
                    units: i128::from(got),
                    scale
                }
            ));
        }
        diffs.push(diff);
    }
    if lines.is_empty() {
        return Verdict::Passed;
    }
    let detail = lines.join(", ");
    // The record's fractions: an odd chip cut into pieces among tied
    // players. Accept exactly "whole chips to the first tied seats".
    let only_split_players = diffs
        .iter()
        .enumerate()
        .all(|(i, d)| *d == 0 || split.contains(&i));
    let conserved = diffs.iter().fold(0i128, |a, d| a.saturating_add(*d)) == 0;
    let under_a_chip = diffs.iter().all(|d| d.abs() < unit);
    // Seat order is index order and the button is the last index, so the
    // odd-chip order of a button game is index order: every tied player who
    // got more than the record must come before every one who got less.
    let winners_first = {
        let last_up = diffs.iter().rposition(|d| *d > 0);
        let first_down = diffs.iter().position(|d| *d < 0);
        match (last_up, first_down) {
            (Some(u), Some(d)) => u < d,
            _ => false,
        }
    };
    if !split.is_empty() && only_split_players && conserved && under_a_chip {
        if button_game && !winners_first {
            return Verdict::Failed {
                detail: format!("odd chip not to the first tied seat left of the button: {detail}"),
            };
        }
        return Verdict::OddChip { detail };
    }
    Verdict::Failed { detail }
}

/// Every hand of one PHH text, checked.
pub fn check_text(text: &str, label: &str) -> Vec<HandResult> {
    match parse_hands(text, label) {
        Err(e) => vec![HandResult {
            label: label.to_string(),
            verdict: Verdict::Skipped {
                reason: e.to_string(),
            },
            showdown: None,
            betting: None,
            all_in: None,
        }],
        Ok(hands) => hands
            .into_iter()
            .enumerate()
            .map(|(k, hand)| match hand {
                Ok(h) => HandResult {
                    label: h.label.clone(),
                    verdict: check_hand(&h),
                    showdown: judge_hand(&h),
                    betting: Some(judge_betting(&h)),
                    all_in: all_in_hand(&h),
                },
                Err(e) => HandResult {
                    label: format!("{label}#{}", k + 1),
                    verdict: Verdict::Skipped {
                        reason: e.to_string(),
                    },
                    showdown: None,
                    betting: None,
                    all_in: None,
                },
            })
            .collect(),
    }
}

/// The `.phh` and `.phhs` files under `paths` (files as given, folders
/// recursively), sorted so output is stable.
pub fn collect_files(paths: &[PathBuf]) -> io::Result<Vec<PathBuf>> {
    let mut files = Vec::new();
    for p in paths {
        let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", p.display()));
        if p.is_dir() {
            walk(p, &mut files, &is_phh_file).map_err(named)?;
        } else {
            // A named file is read whatever its extension; a missing one is an error.
            std::fs::metadata(p).map_err(named)?;
            files.push(p.clone());
        }
    }
    Ok(files)
}

fn is_phh_file(p: &Path) -> bool {
    matches!(p.extension().and_then(|e| e.to_str()), Some("phh" | "phhs"))
}

/// The files under `dir` that `keep` takes, recursively, in sorted order
/// (one walk for both formats' replays).
pub(crate) fn walk(
    dir: &Path,
    files: &mut Vec<PathBuf>,
    keep: &dyn Fn(&Path) -> bool,
) -> io::Result<()> {
    // The directory's own entry types spare a `stat` a file; only a link
    // is followed to see whether it names a folder.
    let mut entries: Vec<(OsString, PathBuf, bool)> = std::fs::read_dir(dir)?
        .map(|e| {
            let e = e?;
            let kind = e.file_type()?;
            let path = e.path();
            let folder = kind.is_dir() || (kind.is_symlink() && path.is_dir());
            Ok((e.file_name(), path, folder))
        })
        .collect::<io::Result<_>>()?;
    // One folder's entries differ only in their names: comparing those
    // bytes orders them as comparing the whole paths does, and the names
    // are taken once, not split out of the path at every comparison.
    entries.sort_unstable_by(|(a, ..), (b, ..)| a.cmp(b));
    for (_, p, folder) in entries {
        if folder {
            walk(&p, files, keep)?;
        } else if keep(&p) {
            files.push(p);
        }
    }
    Ok(())
}

/// Checks every file, in parallel (see [`check_parallel`]), telling
/// `progress` of each one read.
pub fn check_files(files: &[PathBuf], progress: &dyn Progress) -> Vec<HandResult> {
    progress.found(files.len() as u64);
    check_parallel(files, |f| {
        let label = f.display().to_string();
        let _done = Done(progress);
        match std::fs::read_to_string(f) {
            Ok(text) => check_text(&text, &label),
            Err(e) => vec![HandResult {
                label,
                verdict: Verdict::Skipped {
                    reason: format!("cannot read: {e}"),
                },
                showdown: None,
                betting: None,
                all_in: None,
            }],
        }
    })
}

/// Runs `check` over `items` on every core: the corpus is 10,088 small
/// hands and TOML parsing dominates, so the items are shared out among
/// threads in contiguous chunks. The results keep the order of `items`.
pub fn check_parallel<T: Sync>(
    items: &[T],
    check: impl Fn(&T) -> Vec<HandResult> + Sync,
) -> Vec<HandResult> {
    let threads = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1)
        .clamp(1, 8);
    let chunk = items.len().div_ceil(threads).max(1);
    let check = &check;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(chunk)
            .map(|part| scope.spawn(move || part.iter().flat_map(check).collect::<Vec<_>>()))
            .collect();
        handles
            .into_iter()
            // A panic in a hand is the test's failure, never lost results.
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// Whether `name` is a PHH file by its extension.
fn is_hand_file(name: &str) -> bool {
    name.ends_with(".phh") || name.ends_with(".phhs")
}

/// Whether `path` names a gzipped tar archive (`.tar.gz`, `.tgz`).
pub fn is_archive(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    name.ends_with(".tar.gz") || name.ends_with(".tgz")
}

/// The packed forms `replay` does not read, so it refuses them by name
/// rather than reporting their bytes as one unreadable hand.
fn is_other_archive(path: &Path) -> bool {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    [".tar", ".gz", ".zip", ".xz", ".bz2", ".zst", ".7z"]
        .iter()
        .any(|ext| name.ends_with(ext))
}

/// Every `.phh`/`.phhs` file of a gzipped tar archive: (path inside it,
/// text), in archive order. Read in memory: writing 10,088 small files out
/// costs more than settling them, and nothing is left behind.
pub fn read_archive(path: &Path) -> io::Result<Vec<(String, String)>> {
    let file = std::fs::File::open(path)?;
    let mut tar = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut out = Vec::new();
    for entry in tar.entries()? {
        let mut entry = entry?;
        let name = entry.path()?.display().to_string();
        if entry.header().entry_type().is_file() && is_hand_file(&name) {
            let mut text = String::new();
            entry
                .read_to_string(&mut text)
                .map_err(|e| io::Error::new(e.kind(), format!("{name}: {e}")))?;
            out.push((name, text));
        }
    }
    Ok(out)
}

/// The hands under one path (telling `progress` of each file): a `.tar.gz` archive's hand files (labelled
/// `archive:path/inside`), or the files of [`collect_files`].
pub fn check_path(path: &Path, progress: &dyn Progress) -> io::Result<Vec<HandResult>> {
    let named = |e: io::Error| io::Error::new(e.kind(), format!("{}: {e}", path.display()));
    if path.is_file() && is_archive(path) {
        let texts = read_archive(path).map_err(named)?;
        let archive = path.display();
        progress.found(texts.len() as u64);
        return Ok(check_parallel(&texts, |(name, text)| {
            let _done = Done(progress);
            check_text(text, &format!("{archive}:{name}"))
        }));
    }
    if path.is_file() && is_other_archive(path) {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "{}: not a hand file; replay reads .phh and .phhs files, folders \
                 and .tar.gz archives (unpack this one first)",
                path.display()
            ),
        ));
    }
    Ok(check_files(
        &collect_files(&[path.to_path_buf()])?,
        progress,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(s: &str) -> Decimal {
        Decimal::parse(s).unwrap()
    }

    #[test]
    fn exact_stacks_pass() {
        let v = compare(&[Some(90), Some(110)], &[d("90"), d("110")], 0, true);
        assert_eq!(v, Verdict::Passed);
    }

    #[test]
    fn tda_19_odd_chip_to_first_tied_seat_left_of_button_against_half_chips() {
        // Record: 10112.5 each; settled: seat 1 (first left of the button) 10113.
        let rec = [d("10112.5"), d("10112.5"), d("9775")];
        let v = compare(&[Some(10113), Some(10112), Some(9775)], &rec, 0, true);
        assert!(matches!(v, Verdict::OddChip { .. }), "{v:?}");
        // The chip to the later seat is wrong under TDA 19.
        let v = compare(&[Some(10112), Some(10113), Some(9775)], &rec, 0, true);
        assert!(matches!(v, Verdict::Failed { .. }), "{v:?}");
    }

    #[test]
    fn a_real_difference_fails() {
        let v = compare(&[Some(100), Some(100)], &[d("90"), d("110")], 0, true);
        match v {
            Verdict::Failed { detail } => {
                assert_eq!(
                    detail,
                    "p1 settled 100 recorded 90, p2 settled 100 recorded 110"
                )
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn replay_walks_folders_and_prints_the_summary() {
        let dir = std::env::temp_dir().join(format!("phh-check-{}", std::process::id()));
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        // Button folds the small blind heads-up: the big blind wins 1.
        std::fs::write(
            dir.join("sub/a.phh"),
            "variant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
             actions = ['d dh p1 ????', 'd dh p2 ????', 'p2 f']\nfinishing_stacks = [101, 99]\n",
        )
        .unwrap();
        std::fs::write(
            dir.join("b.phhs"),
            "[1]\nvariant = 'NT'\nblinds_or_straddles = [1, 2]\nstarting_stacks = [100, 100]\n\
             actions = ['p2 f']\nfinishing_stacks = [100, 100]\n\n\
             [2]\nvariant = 'ZZ'\nstarting_stacks = [1, 1]\nactions = []\n",
        )
        .unwrap();
        std::fs::write(dir.join("ignored.txt"), "not a hand").unwrap();
        let mut out = Vec::new();
        let s = crate::replay::replay(std::slice::from_ref(&dir), &mut out, &())
            .unwrap()
            .phh;
        let out = String::from_utf8(out).unwrap();
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!((s.passed, s.failed, s.skipped), (1, 1, 1), "{out}");
        assert!(
            out.contains("b.phhs#1: p1 settled 101 recorded 100"),
            "{out}"
        );
        assert!(
            out.contains("b.phhs#2: not supported: variant `ZZ`"),
            "{out}"
        );
        assert!(out.lines().any(|l| l == "1 passed, 1 failed"), "{out}");
    }
}

#[cfg(test)]
mod rule_tests {
    use super::*;
    use crate::phh::reader::parse_one;

    // The request example of `POST /v1/settle/phh` (2-7 single draw): the
    // big blind posts a 30 ante and a 20 blind, p4 raises to 40, all fold.
    use crate::phh::EXAMPLE_HAND;

    /// RULES.md §2: the big-blind ante is dead. Counted live, the big blind
    /// (folded) would have 50 in against the raiser's 40: a folded player
    /// holding an uncalled bet, which the service refuses (422), and any
    /// settlement of it misses the record by 10 both ways. Dead, the hand
    /// settles to the record.
    #[test]
    fn rules_2_big_blind_ante_dead_settles_to_the_record_live_does_not() {
        let hand = parse_one(EXAMPLE_HAND, "example").unwrap();
        assert_eq!(check_hand(&hand), Verdict::Passed);

        let mut live = replay_hand(&hand).unwrap().request;
        let bb = &mut live.players[1];
        bb.committed += bb.dead.take().unwrap();
        let refused = settle_request(&live).unwrap_err();
        assert!(
            refused
                .errors
                .iter()
                .any(|e| e.pointer == "/players/1/folded"),
            "{refused:?}"
        );
    }
}
