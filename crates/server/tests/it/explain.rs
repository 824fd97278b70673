//! Issue 18: the explanation of a settlement agrees with its numbers, names
//! every rule somewhere in the golden files, survives hostile names, and is
//! absent (no byte changes) unless asked.

use showdown_contract::settle::settle_request;
use showdown_contract::settle::{ExplainRule, ExplainStep};
use showdown_contract::settle::{HandCompleteEvent, SettleRequest};
use std::collections::BTreeSet;
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden"))
}

fn golden(suffix: &str) -> Vec<(String, PathBuf)> {
    let mut out: Vec<_> = std::fs::read_dir(golden_dir())
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| (e.file_name().to_string_lossy().to_string(), e.path()))
        .filter(|(n, _)| n.ends_with(suffix))
        .collect();
    out.sort();
    out
}

fn request(path: &PathBuf) -> SettleRequest {
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

fn steps(ev: &HandCompleteEvent) -> Vec<ExplainStep> {
    ev.data.explanation.clone().expect("explanation present")
}

#[test]
fn every_rule_id_appears_in_a_golden_explanation() {
    let mut seen = BTreeSet::new();
    for (name, path) in golden(".response.json") {
        let ev: HandCompleteEvent = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        if let Some(steps) = ev.data.explanation {
            assert!(name.starts_with("explain-"), "{name}");
            seen.extend(steps.iter().map(|s| format!("{:?}", s.rule)));
        }
    }
    // The hand-as-played routes add `betting-finding` to a settlement's
    // steps; `phh_record` and `ohh` test it, as no settle request has one.
    for rule in ExplainRule::ALL
        .into_iter()
        .filter(|r| *r != ExplainRule::BettingFinding)
    {
        assert!(
            seen.contains(&format!("{rule:?}")),
            "{rule:?} in no golden file"
        );
    }
}

/// The explanation can never disagree with the settlement: over every
/// golden request with `explain` forced on, the paying steps sum to the
/// pot breakdown (per player too), the uncalled-bet steps to the uncalled
/// bets, and the rake and jackpot steps to the house's takes.
#[test]
fn step_amounts_add_up_to_the_answer_on_every_golden_request() {
    let mut n = 0;
    for (name, path) in golden(".request.json") {
        let mut req = request(&path);
        req.explain = true;
        let ev = settle_request(&req).unwrap_or_else(|_| panic!("{name}"));
        let steps = steps(&ev);
        let d = &ev.data;
        for b in &d.pot_breakdown {
            let paid: u64 = steps
                .iter()
                .filter(|s| s.rule.pays() && s.players == [b.agent_id.to_string()])
                .map(|s| s.amount)
                .sum();
            assert_eq!(paid, b.amount, "{name}: {}", b.agent_id);
        }
        let sum = |f: &dyn Fn(ExplainRule) -> bool| -> u64 {
            steps.iter().filter(|s| f(s.rule)).map(|s| s.amount).sum()
        };
        let won: u64 = d.pot_breakdown.iter().map(|b| b.amount).sum();
        assert_eq!(sum(&|r| r.pays()), won, "{name}");
        let back: u64 = d.uncalled.iter().map(|u| u.amount).sum();
        assert_eq!(sum(&|r| r == ExplainRule::UncalledBet), back, "{name}");
        let take =
            |t: &Option<showdown_contract::settle::TakeDto>| t.as_ref().map_or(0, |t| t.amount);
        assert_eq!(sum(&|r| r == ExplainRule::Rake), take(&d.rake), "{name}");
        assert_eq!(
            sum(&|r| r == ExplainRule::Jackpot),
            take(&d.jackpot),
            "{name}"
        );
        let sides: u64 = d.pots.iter().skip(1).map(|p| p.amount).sum();
        assert_eq!(sum(&|r| r == ExplainRule::SidePot), sides, "{name}");
        for s in &steps {
            assert!(!s.text.is_empty() && !s.text.contains('\n'), "{name}");
        }
        n += 1;
    }
    assert!(n >= 40, "only {n} golden requests");
}

/// Without `explain` the answer is exactly what it was: the explained
/// event minus its explanation serialises to the same bytes.
#[test]
fn without_explain_the_answer_is_byte_identical() {
    for (name, path) in golden(".request.json") {
        let mut req = request(&path);
        req.explain = false;
        let plain = serde_json::to_vec(&settle_request(&req).unwrap()).unwrap();
        assert!(
            !String::from_utf8_lossy(&plain).contains("explanation"),
            "{name}"
        );
        req.explain = true;
        let mut ev = settle_request(&req).unwrap();
        ev.data.explanation = None;
        assert_eq!(serde_json::to_vec(&ev).unwrap(), plain, "{name}");
    }
}

#[test]
fn hostile_names_come_out_escaped_on_one_line() {
    let path = golden_dir().join("rules-5-1-holdem-pot-101-odd-chip-left-of-button.request.json");
    let mut req = request(&path);
    let long = "Я".repeat(10 * 1024);
    req.players[0].name = Some("Bob \"the\"\nnewline\u{7}".into());
    req.players[1].name = Some(long.clone());
    req.explain = true;
    let ev = settle_request(&req).unwrap();
    let json = serde_json::to_string(&ev).unwrap();
    let back: HandCompleteEvent = serde_json::from_str(&json).unwrap();
    for s in steps(&back) {
        assert!(!s.text.chars().any(char::is_control), "{}", s.text);
        assert!(s.text.len() < 1000, "a name is capped in the text");
    }
    let texts: String = steps(&back).iter().map(|s| s.text.clone()).collect();
    assert!(texts.contains("Bob \"the\" newline "), "{texts}");
    assert!(texts.contains(&format!("{}…", "Я".repeat(40))), "{texts}");
}

#[test]
fn cli_explain_flag_and_ndjson_field_pass_through() {
    let path = golden_dir().join("rules-5-1-holdem-pot-101-odd-chip-left-of-button.request.json");
    let run = |args: &[&str], stdin: Option<String>| {
        // The NDJSON input goes through a file, so the child never waits on us.
        let input = std::env::temp_dir().join(format!("explain-{}.ndjson", std::process::id()));
        std::fs::write(&input, stdin.unwrap_or_default()).unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_showdown"))
            .arg("settle")
            .args(args)
            .stdin(std::fs::File::open(&input).unwrap())
            .output()
            .unwrap();
        let _ = std::fs::remove_file(&input);
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let p = path.to_str().unwrap();
    assert!(run(&["--explain", p], None).contains("\"explanation\""));
    assert!(!run(&[p], None).contains("\"explanation\""));
    let mut asked = request(&path);
    asked.explain = true;
    let lines = format!(
        "{}\n{}\n",
        serde_json::to_string(&asked).unwrap(),
        serde_json::to_string(&request(&path)).unwrap()
    );
    let out = run(&["--ndjson"], Some(lines));
    let found: Vec<bool> = out.lines().map(|l| l.contains("\"explanation\"")).collect();
    assert_eq!(found, [true, false]);
}
