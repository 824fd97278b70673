//! The `settle` and `replay` subcommands, run as the real binary.

use crate::common;

use std::path::{Path, PathBuf};

use common::showdown;

/// A fresh, empty folder of this test's own under the system temp dir.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("showdown-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Seven hands written for the tests, one per family the replay handles.
fn families() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/phh/families.phhs")
}

/// Packs `files` (name inside the archive, path on disk) into a .tar.gz.
fn pack(archive: &Path, files: &[(&str, &Path)]) {
    let gz = flate2::write::GzEncoder::new(
        std::fs::File::create(archive).unwrap(),
        flate2::Compression::fast(),
    );
    let mut tar = tar::Builder::new(gz);
    for (name, path) in files {
        tar.append_path_with_name(path, name).unwrap();
    }
    tar.into_inner().unwrap().finish().unwrap();
}

#[test]
fn settle_ndjson_answers_blank_lines_so_answers_line_up_with_input() {
    let good = serde_json::to_string(&common::api_example()).unwrap();
    let input = format!("{good}\n\n   \n{good}\r\n");
    let out = showdown(&["settle", "--ndjson"], input.as_bytes());
    assert_eq!(out.status.code(), Some(1), "a failed line makes the exit 1");
    // Each problem is said on stderr too, with its line number.
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 2: Malformed request") && err.contains("line 3:"),
        "{err}"
    );
    assert!(
        !err.contains("line 1:") && !err.contains("line 4:"),
        "{err}"
    );
    let lines: Vec<serde_json::Value> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 4, "one answer per input line: {lines:?}");
    assert_eq!(lines[0]["type"], "hand_complete");
    for blank in &lines[1..3] {
        assert_eq!(blank["status"], 400, "{blank}");
        assert!(
            blank["detail"].as_str().unwrap().contains("blank line"),
            "{blank}"
        );
    }
    assert_eq!(lines[3], lines[0], "a CRLF line settles like an LF line");
}

#[test]
fn replay_reads_a_tar_gz_archive() {
    let dir = scratch("archive");
    let archive = dir.join("hands.tar.gz");
    pack(&archive, &[("data/families.phhs", &families())]);
    let out = showdown(&["replay", archive.to_str().unwrap()], b"");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(
        stdout.lines().next(),
        Some("7 passed, 0 failed"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn replay_that_settles_nothing_exits_non_zero() {
    let dir = scratch("empty");
    let out = showdown(&["replay", dir.to_str().unwrap()], b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("settled nothing"), "{stderr}");

    // An archive without hand files settles nothing either.
    let archive = dir.join("none.tar.gz");
    let readme = dir.join("README.md");
    std::fs::write(&readme, "no hands here\n").unwrap();
    pack(&archive, &[("README.md", &readme)]);
    let out = showdown(&["replay", archive.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(1));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn replay_refuses_archives_it_does_not_read_by_name() {
    let dir = scratch("zip");
    let zip = dir.join("hands.zip");
    std::fs::write(&zip, b"PK\x03\x04 not really").unwrap();
    let out = showdown(&["replay", zip.to_str().unwrap()], b"");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("hands.zip"), "{stderr}");
    assert!(stderr.contains(".tar.gz"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
}

/// The command line settles a tournament hand through the same pipeline as
/// the route: worked example 12.5's golden answer, byte for byte, and a
/// §12.10 refusal exits 1 with its pointer.
#[test]
fn settle_prints_a_tournament_hands_golden_answer() {
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden");
    let name = "rules-12-5-last-hand-a-wins-and-is-paid-7000-more";
    let request = golden.join(format!("{name}.request.json"));
    let out = showdown(&["settle", request.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0));
    let expected = std::fs::read(golden.join(format!("{name}.response.json"))).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(expected).unwrap()
    );

    let mut body: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&request).unwrap()).unwrap();
    body["tournament"]["progressiveBp"] = serde_json::json!(20_000);
    let out = showdown(&["settle", "-"], body.to_string().as_bytes());
    assert_eq!(out.status.code(), Some(1));
    let problem =
        String::from_utf8_lossy(&out.stdout).to_string() + &String::from_utf8_lossy(&out.stderr);
    assert!(problem.contains("/tournament/progressiveBp"), "{problem}");
}

/// `showdown COMMAND` answers as its route does: golden pair `name` of
/// `tests/WHICH` byte for byte on stdout; the request changed by `spoil`
/// exits 1 with a problem naming `pointer` on stderr and nothing on stdout.
fn prints_the_golden_answer_and_problems_to_stderr(
    command: &str,
    which: &str,
    name: &str,
    spoil: impl FnOnce(&mut serde_json::Value),
    pointer: &str,
) {
    let golden = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests")
        .join(which);
    let request = std::fs::read(golden.join(format!("{name}.request.json"))).unwrap();
    let out = showdown(&[command], &request);
    assert_eq!(out.status.code(), Some(0));
    let expected = std::fs::read(golden.join(format!("{name}.response.json"))).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(expected).unwrap()
    );

    let mut body: serde_json::Value = serde_json::from_slice(&request).unwrap();
    spoil(&mut body);
    let out = showdown(&[command, "-"], body.to_string().as_bytes());
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let problem = String::from_utf8_lossy(&out.stderr);
    assert!(problem.contains(pointer), "{problem}");
}

/// `showdown tables`: worked example 13.7c; a §13.8 refusal.
#[test]
fn tables_prints_the_golden_answer_and_problems_to_stderr() {
    prints_the_golden_answer_and_problems_to_stderr(
        "tables",
        "golden-tables",
        "worked-13-7c-nine-and-five",
        |body| body["tables"][0]["seats"] = serde_json::json!(30),
        "/tables/0/seats",
    );
}

/// `showdown deals`: worked example 14.4; a §14.9 refusal.
#[test]
fn deals_prints_the_golden_answer_and_problems_to_stderr() {
    prints_the_golden_answer_and_problems_to_stderr(
        "deals",
        "golden-deals",
        "rules-14-4-icm-three-players",
        |body| body["method"] = serde_json::json!("chop"),
        "/method",
    );
}

/// `showdown --version`, the OpenAPI document's `info.version`, the
/// manifests and the CHANGELOG's latest entry name one version.
#[test]
fn the_binary_the_document_and_the_changelog_share_one_version() {
    let version = env!("CARGO_PKG_VERSION");
    let out = showdown(&["--version"], b"");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("showdown {version}")
    );
    let doc = showdown(&["openapi"], b"");
    let doc: serde_json::Value = serde_json::from_slice(&doc.stdout).expect("JSON");
    assert_eq!(doc["info"]["version"], version);
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    let changelog = std::fs::read_to_string(format!("{root}/CHANGELOG.md")).unwrap();
    let latest = changelog.lines().find(|l| l.starts_with("## ")).unwrap();
    assert_eq!(latest, format!("## {version}"));
    let license = std::fs::read_to_string(format!("{root}/LICENSE")).unwrap();
    assert!(license.starts_with("MIT License"), "the manifests say MIT");
}

/// Heads-up, blinds 1/2: the button (id 1) posts the small blind and
/// folds, the big blind wins 2 (its 1 nobody matched comes back). With
/// `early`, the big blind checks before the button acts: out of turn.
fn ohh_fold(pots: serde_json::Value, early: bool) -> serde_json::Value {
    let mut actions = vec![
        serde_json::json!({"player_id": 1, "action": "Post SB", "amount": 1}),
        serde_json::json!({"player_id": 2, "action": "Post BB", "amount": 2}),
    ];
    if early {
        actions.push(serde_json::json!({"player_id": 2, "action": "Check"}));
    }
    actions.push(serde_json::json!({"player_id": 1, "action": "Fold"}));
    serde_json::json!({"game_type": "Holdem", "bet_limit": {"bet_type": "NL"},
        "dealer_seat": 1, "small_blind_amount": 1, "big_blind_amount": 2,
        "players": [{"id": 1, "seat": 1, "starting_stack": 100},
                    {"id": 2, "seat": 2, "starting_stack": 100}],
        "rounds": [{"street": "Preflop", "actions": actions}], "pots": pots})
}

fn ohh_pots(win: u64) -> serde_json::Value {
    serde_json::json!([{"number": 0, "amount": 2,
        "player_wins": [{"player_id": 2, "win_amount": win}]}])
}

/// `showdown replay` reads OHH files: a `.json` array of hands wrapped
/// and bare, a `.jsonl` file one hand a line; each hand's verdict, each
/// difference from the room's pots, and the summary line last. No
/// progress bar is drawn when stderr is not a terminal.
#[test]
fn replay_reads_ohh_files_with_verdicts_differences_and_a_summary() {
    let dir = scratch("ohh");
    let agree = serde_json::json!({"ohh": ohh_fold(ohh_pots(2), false)});
    let array = serde_json::json!([agree, ohh_fold(ohh_pots(3), true)]);
    std::fs::write(dir.join("hands.json"), array.to_string()).unwrap();
    let lines = format!("{agree}\nnot a hand\n");
    std::fs::write(dir.join("more.jsonl"), lines).unwrap();
    let out = showdown(&["replay", dir.to_str().unwrap()], b"");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "a difference fails: {stdout}");
    assert!(out.stderr.is_empty(), "no bar off a terminal: {out:?}");
    let json = dir.join("hands.json").display().to_string();
    let jsonl = dir.join("more.jsonl").display().to_string();
    let expected = [
        format!("OHH {json}#1: betting legal"),
        format!("OHH {json}#2: betting illegal: /ohh/rounds/0/actions/2: outOfTurn (TDA 37)"),
        format!("DIFF {json}#2: /ohh/pots/0/player_wins/0/win_amount room 3 showdown 2"),
        format!("OHH {jsonl}#1: betting legal"),
    ];
    let got: Vec<&str> = stdout.lines().collect();
    assert_eq!(got[..4], expected, "{stdout}");
    assert!(
        got[4].starts_with(&format!("REFUSED {jsonl}#2: not JSON")),
        "{stdout}"
    );
    assert_eq!(
        got.last().copied(),
        Some("4 OHH hands read: 3 settled, 1 refused, 1 with illegal betting, 1 with differences")
    );
    assert!(
        !stdout.contains("passed"),
        "no PHH report without PHH hands: {stdout}"
    );

    // One bare hand in an .ohh file whose room agrees: exit 0.
    let one = dir.join("one.ohh");
    std::fs::write(&one, ohh_fold(ohh_pots(2), false).to_string()).unwrap();
    let out = showdown(&["replay", one.to_str().unwrap()], b"");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(
        stdout.lines().last(),
        Some("1 OHH hands read: 1 settled, 0 refused, 0 with illegal betting, 0 with differences")
    );
    let _ = std::fs::remove_dir_all(dir);
}
