//! `showdown replay` of Open Hand History files: each hand judged and
//! settled as `POST /v1/settle/ohh` settles it, its betting verdict, and
//! where the file carries the room's own `pots`, every difference.
//!
//! A `.json` file holds one hand or an array of them; a `.jsonl` or
//! `.ohh` file one hand a line. A hand is wrapped as the specification
//! writes it (`{"ohh": {...}}`, with the route's `settle` terms if
//! wanted) or bare.

use crate::ohh::answer::{betting, BettingAnswer};
use crate::ohh::record::{record, Difference};
use crate::ohh::request::settle_request as derive_request;
use crate::ohh::{judge, OhhHand, OhhRequest, OhhTerms};
use crate::phh::check::{refusal, walk};
use serde_json::Value;
use std::io::{self, Write};
use std::path::Path;

/// What became of one OHH hand.
#[derive(Debug, Clone, PartialEq)]
pub enum OhhOutcome {
    /// Settled: the verdict on its betting and, when the file carried the
    /// room's pots, where they differ from ours.
    Settled {
        betting: BettingAnswer,
        differences: Option<Vec<Difference>>,
    },
    /// Not a hand, or one that cannot be settled: the pointer and why.
    Refused(String),
}

/// One hand's label and outcome.
#[derive(Debug, Clone, PartialEq)]
pub struct OhhResult {
    pub label: String,
    pub outcome: OhhOutcome,
}

/// Totals over the OHH hands read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct OhhSummary {
    pub read: usize,
    pub settled: usize,
    pub refused: usize,
    /// Settled hands whose betting broke a rule of RULES.md §16.
    pub illegal: usize,
    /// Settled hands whose room pots differ from the settlement's.
    pub differing: usize,
}

impl OhhSummary {
    pub fn of(results: &[OhhResult]) -> OhhSummary {
        let mut s = OhhSummary {
            read: results.len(),
            ..OhhSummary::default()
        };
        for r in results {
            match &r.outcome {
                OhhOutcome::Refused(_) => s.refused += 1,
                OhhOutcome::Settled {
                    betting,
                    differences,
                } => {
                    s.settled += 1;
                    s.illegal += usize::from(!betting.legal);
                    s.differing += usize::from(differences.as_ref().is_some_and(|d| !d.is_empty()));
                }
            }
        }
        s
    }
}

/// Whether `path` is an OHH file by its extension.
pub fn is_ohh_file(path: &Path) -> bool {
    matches!(
        path.extension().and_then(|e| e.to_str()),
        Some("json" | "jsonl" | "ohh")
    )
}

/// The OHH files under `paths`: files as given, folders recursively,
/// sorted so the output is stable.
pub fn ohh_files(paths: &[std::path::PathBuf]) -> io::Result<Vec<std::path::PathBuf>> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out, &is_ohh_file)
                .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", p.display())))?;
        } else if is_ohh_file(p) {
            out.push(p.clone());
        }
    }
    Ok(out)
}

/// The hands of one OHH text, each with its label (`file#k`, `k` from 1:
/// the array's place, or the line of a `.jsonl`/`.ohh` file).
pub fn hands_of(
    text: &str,
    label: &str,
    by_line: bool,
) -> Vec<(String, Result<OhhRequest, String>)> {
    if by_line {
        return text
            .lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty())
            .map(|(i, line)| {
                let hand = serde_json::from_str(line)
                    .map_err(|e| format!("not JSON: {e}"))
                    .and_then(request_of);
                (format!("{label}#{}", i + 1), hand)
            })
            .collect();
    }
    match serde_json::from_str::<Value>(text) {
        Err(e) => vec![(label.to_string(), Err(format!("not JSON: {e}")))],
        Ok(Value::Array(list)) => list
            .into_iter()
            .enumerate()
            .map(|(i, v)| (format!("{label}#{}", i + 1), request_of(v)))
            .collect(),
        Ok(one) => vec![(label.to_string(), request_of(one))],
    }
}

/// A hand wrapped (`{"ohh": ...}`, perhaps with `settle`) or bare.
fn request_of(value: Value) -> Result<OhhRequest, String> {
    let wrapped = value.as_object().is_some_and(|o| o.contains_key("ohh"));
    let shape = |e: serde_json::Error| format!("not an OHH hand: {e}");
    if wrapped {
        serde_json::from_value(value).map_err(shape)
    } else {
        let ohh: OhhHand = serde_json::from_value(value).map_err(shape)?;
        Ok(OhhRequest {
            ohh,
            settle: OhhTerms::default(),
        })
    }
}

/// Judges and settles one hand as the OHH route does.
pub fn settle_one(req: &OhhRequest) -> OhhOutcome {
    let refused = |at: &str, why: &str| OhhOutcome::Refused(format!("/ohh{at}: {why}"));
    let judged = match judge(req) {
        Ok(j) => j,
        Err(e) => return refused(&e.at, &e.message),
    };
    let request = match derive_request(req, &judged) {
        Ok(r) => r,
        Err(e) if e.at.starts_with("/settle") => return OhhOutcome::Refused(e.to_string()),
        Err(e) => return refused(&e.at, &e.message),
    };
    match showdown_contract::settle::settle_request(&request) {
        Ok(event) => OhhOutcome::Settled {
            betting: betting(&judged.replay.verdict, &judged.read, "/ohh"),
            differences: record(&req.ohh, &event.data, judged.read.scale).differences,
        },
        Err(invalid) => OhhOutcome::Refused(format!(
            "the settle request its actions give is refused: {}",
            refusal(
                invalid
                    .errors
                    .iter()
                    .map(|e| (e.pointer.as_str(), e.message.as_str()))
            )
        )),
    }
}

/// Every hand of one OHH file, settled.
pub fn check_file(path: &Path) -> Vec<OhhResult> {
    let label = path.display().to_string();
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            return vec![OhhResult {
                label,
                outcome: OhhOutcome::Refused(format!("cannot read: {e}")),
            }]
        }
    };
    let by_line = path.extension().is_some_and(|e| e != "json");
    hands_of(&text, &label, by_line)
        .into_iter()
        .map(|(label, hand)| OhhResult {
            label,
            outcome: match hand {
                Ok(req) => settle_one(&req),
                Err(why) => OhhOutcome::Refused(why),
            },
        })
        .collect()
}

/// One line per hand (its verdict, or why it was refused), one per
/// difference, then the summary line; returns the summary.
pub fn write_report(results: &[OhhResult], out: &mut dyn Write) -> io::Result<OhhSummary> {
    for r in results {
        match &r.outcome {
            OhhOutcome::Refused(why) => writeln!(out, "REFUSED {}: {why}", r.label)?,
            OhhOutcome::Settled {
                betting,
                differences,
            } => {
                writeln!(out, "OHH {}: {}", r.label, verdict_words(betting))?;
                for d in differences.iter().flatten() {
                    let side = |a: Option<crate::ohh::Amount>| {
                        a.map_or_else(|| "none".to_string(), |a| a.0.to_string())
                    };
                    writeln!(
                        out,
                        "DIFF {}: {} room {} showdown {}",
                        r.label,
                        d.at,
                        side(d.room),
                        side(d.showdown)
                    )?;
                }
            }
        }
    }
    let s = OhhSummary::of(results);
    writeln!(
        out,
        "{} OHH hands read: {} settled, {} refused, {} with illegal betting, {} with differences",
        s.read, s.settled, s.refused, s.illegal, s.differing
    )?;
    Ok(s)
}

/// A verdict on one line: `legal`, or each finding with its rule.
fn verdict_words(b: &BettingAnswer) -> String {
    if b.legal {
        return "betting legal".to_string();
    }
    let findings: Vec<String> = b
        .findings
        .iter()
        .map(|f| format!("{}: {} ({})", f.at, f.code, f.rule))
        .collect();
    format!("betting illegal: {}", findings.join("; "))
}

#[cfg(test)]
mod tests {
    use super::*;

    const BARE: &str = r#"{"game_type": "Holdem", "bet_limit": {"bet_type": "NL"},
        "dealer_seat": 1, "small_blind_amount": 1, "big_blind_amount": 2,
        "players": [{"id": 1, "seat": 1, "starting_stack": 100},
                    {"id": 2, "seat": 2, "starting_stack": 100}],
        "rounds": [{"street": "Preflop", "actions": [
            {"player_id": 1, "action": "Post SB", "amount": 1},
            {"player_id": 2, "action": "Post BB", "amount": 2},
            {"player_id": 1, "action": "Fold"}]}]"#;

    fn bare(pots: &str) -> String {
        format!("{BARE}{pots}}}")
    }

    #[test]
    fn a_hand_is_read_wrapped_bare_in_an_array_or_a_line_each() {
        let one = bare("");
        let wrapped = format!("{{\"ohh\": {one}}}");
        assert_eq!(hands_of(&one, "a.json", false).len(), 1);
        assert!(hands_of(&wrapped, "b.json", false)[0].1.is_ok());
        let array = hands_of(&format!("[{one}, {wrapped}]"), "c.json", false);
        assert_eq!(array[1].0, "c.json#2");
        let lines = format!(
            "{}\n\n{}\n",
            one.replace('\n', " "),
            wrapped.replace('\n', " ")
        );
        let lines = hands_of(&lines, "d.jsonl", true);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[1].0, "d.jsonl#3");
        assert!(lines.iter().all(|(_, h)| h.is_ok()));
        assert!(hands_of("{", "e.json", false)[0].1.is_err());
    }

    #[test]
    fn rules_16_6_each_hand_gets_its_verdict_and_its_differences() {
        // The big blind's 1 nobody matched comes back: the pot is 2.
        let agree = r#", "pots": [{"number": 0, "amount": 2,
            "player_wins": [{"player_id": 2, "win_amount": 2}]}]"#;
        let differ = agree.replace("\"win_amount\": 2", "\"win_amount\": 1");
        let text = format!(
            "[{}, {}, {{\"game_type\": \"Stud\"}}]",
            bare(agree),
            bare(&differ)
        );
        let results: Vec<OhhResult> = hands_of(&text, "h.json", false)
            .into_iter()
            .map(|(label, hand)| OhhResult {
                label,
                outcome: hand.map_or_else(OhhOutcome::Refused, |r| settle_one(&r)),
            })
            .collect();
        let mut out = Vec::new();
        let s = write_report(&results, &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        assert_eq!(
            (s.read, s.settled, s.refused, s.differing),
            (3, 2, 1, 1),
            "{out}"
        );
        assert!(out.contains("OHH h.json#1: betting legal"), "{out}");
        assert!(
            out.contains("DIFF h.json#2: /ohh/pots/0/player_wins/0/win_amount room 1 showdown 2"),
            "{out}"
        );
        assert_eq!(
            out.lines().last(),
            Some("3 OHH hands read: 2 settled, 1 refused, 0 with illegal betting, 1 with differences")
        );
    }
}
