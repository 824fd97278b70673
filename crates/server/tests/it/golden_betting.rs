//! Golden files of the hand as played (RULES.md §16; API.md, "The hand
//! as played"): `tests/golden-betting/<name>.request.json` through `app()`,
//! the answer compared byte for byte with `<name>.response.json` (the
//! body pretty-printed in its own field order, two spaces, a trailing
//! newline). The route is the file's: a `.request.toml` is a PHH hand for
//! `POST /v1/settle/phh`, a name ending `-next` a hand so far for `POST
//! /v1/betting`, any other an OHH request for `POST /v1/settle/ohh`.
//!
//! The files cover worked example 16.1 played out, a pot-limit Omaha hand
//! raised to the pot each time (16.3), fixed limit capped in every round,
//! a straddle over a big blind all in for less, a stud hand with its
//! bring-in and completion (PHH), the next action of 16.1 and 16.5 and of
//! a capped round, and one hand for each finding code of §16.6. Every
//! answer was worked out by hand from RULES.md first (the table below and
//! tests/golden-betting/README.md) and only then compared with the
//! service's. To regenerate one after a deliberate change, post the
//! request to a running `showdown serve` and pretty-print it in its own
//! order (`python3 -m json.tool --indent 2 --no-ensure-ascii` gives the
//! same bytes) — and check it again.

use crate::common::{post_json, send, Reply};
use serde_json::{json, Value};
use std::path::PathBuf;

fn app() -> axum::Router {
    showdown_server::app(showdown_server::AppState::default())
}

fn dir() -> PathBuf {
    PathBuf::from(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/golden-betting"
    ))
}

/// One golden pair: its name, its request file and the route it goes to.
struct Case {
    name: String,
    request: PathBuf,
    route: &'static str,
}

fn cases() -> Vec<Case> {
    let mut out: Vec<Case> = std::fs::read_dir(dir())
        .expect("tests/golden-betting exists")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let file = e.file_name().to_string_lossy().to_string();
            let (name, route) = if let Some(n) = file.strip_suffix(".request.toml") {
                (n, "/v1/settle/phh")
            } else {
                let n = file.strip_suffix(".request.json")?;
                let route = if n.ends_with("-next") {
                    "/v1/betting"
                } else {
                    "/v1/settle/ohh"
                };
                (n, route)
            };
            Some(Case {
                name: name.to_string(),
                request: e.path(),
                route,
            })
        })
        .collect();
    out.sort_by(|a, b| a.name.cmp(&b.name));
    out
}

async fn answer(case: &Case) -> Reply {
    let body = std::fs::read(&case.request).unwrap();
    if case.route == "/v1/settle/phh" {
        let req = axum::http::Request::post(case.route)
            .header("content-type", "application/toml")
            .body(axum::body::Body::from(body))
            .unwrap();
        return send(app(), req).await;
    }
    let body: Value = serde_json::from_slice(&body).unwrap();
    post_json(app(), case.route, &body).await
}

/// Compact JSON pretty-printed as serde_json's pretty printer writes it
/// (two spaces, `"key": value`, `[]` and `{}` when empty), keeping the
/// body's own field order, which a `Value` would sort.
fn pretty(compact: &[u8]) -> String {
    let text = std::str::from_utf8(compact).expect("UTF-8");
    let mut out = String::with_capacity(text.len() * 2);
    let mut depth = 0usize;
    let mut in_string = false;
    let mut escaped = false;
    let mut chars = text.chars().peekable();
    let newline = |out: &mut String, depth: usize| {
        out.push('\n');
        out.push_str(&"  ".repeat(depth));
    };
    while let Some(c) = chars.next() {
        if in_string {
            out.push(c);
            match (escaped, c) {
                (true, _) => escaped = false,
                (false, '\\') => escaped = true,
                (false, '"') => in_string = false,
                _ => {}
            }
            continue;
        }
        match c {
            '"' => {
                in_string = true;
                out.push(c);
            }
            '{' | '[' => {
                out.push(c);
                let close = if c == '{' { '}' } else { ']' };
                if chars.peek() == Some(&close) {
                    out.push(chars.next().unwrap());
                } else {
                    depth += 1;
                    newline(&mut out, depth);
                }
            }
            '}' | ']' => {
                depth -= 1;
                newline(&mut out, depth);
                out.push(c);
            }
            ',' => {
                out.push(c);
                newline(&mut out, depth);
            }
            ':' => out.push_str(": "),
            c => out.push(c),
        }
    }
    out.push('\n');
    out
}

#[test]
fn the_pretty_printer_writes_as_serde_json_does() {
    let v = json!({"b": [1, {"c": []}, {}], "a": "x, \"y\": [z]", "d": {"e": 2.5}});
    let compact = serde_json::to_vec(&v).unwrap();
    assert_eq!(
        pretty(&compact),
        serde_json::to_string_pretty(&v).unwrap() + "\n"
    );
}

#[tokio::test]
async fn every_betting_golden_response_matches_byte_for_byte() {
    let cases = cases();
    assert!(cases.len() >= 19, "golden files missing: {}", cases.len());
    let mut failures = Vec::new();
    for case in &cases {
        let name = &case.name;
        let response = dir().join(format!("{name}.response.json"));
        let expected = std::fs::read_to_string(&response)
            .unwrap_or_else(|_| panic!("{name}: response file missing"));
        let r = answer(case).await;
        if r.status != 200 {
            failures.push(format!(
                "{name}: status {} {}",
                r.status,
                String::from_utf8_lossy(&r.body)
            ));
            continue;
        }
        let got = pretty(&r.body);
        if got != expected {
            failures.push(format!(
                "{name} ({}): response differs\n--- expected\n{expected}\n--- got\n{got}",
                case.route
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// API.md: `record.ohh` sent back as `ohh` gives the same answer, and it
/// carries the pots, so the room (here, ourselves) agrees with them.
#[tokio::test]
async fn every_golden_record_sent_back_gives_the_same_answer() {
    for case in cases().iter().filter(|c| c.route == "/v1/settle/ohh") {
        let first = answer(case).await.json();
        let again = post_json(
            app(),
            "/v1/settle/ohh",
            &json!({"ohh": first["record"]["ohh"]}),
        )
        .await;
        assert_eq!(again.status, 200, "{}", case.name);
        let again = again.json();
        assert_eq!(first["data"], again["data"], "{}", case.name);
        assert_eq!(first["betting"], again["betting"], "{}", case.name);
        assert_eq!(
            first["record"]["ohh"], again["record"]["ohh"],
            "{}",
            case.name
        );
        assert_eq!(again["record"]["differences"], json!([]), "{}", case.name);
    }
}

/// The golden answer of `name` (any route), read from its file.
fn golden(name: &str) -> Value {
    let path = dir().join(format!("{name}.response.json"));
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// (final stacks by id, the findings' codes) of a settled golden answer.
fn settled(name: &str) -> (Value, Vec<String>) {
    let a = golden(name);
    let codes = a["betting"]["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["code"].as_str().unwrap().to_string())
        .collect();
    (a["data"]["finalChipStacks"].clone(), codes)
}

/// Worked example 16.1 played out: B's 25 and D's 75 re-open the betting
/// for A, who raises to 300; C and E call; checked down. Main pot 225 x 5
/// = 1125 to B's aces, side pot 75 x 4 = 300 to D's kings, side pot 100 x
/// 3 = 300 to A's jacks: A 1000 - 400 + 300 = 900, C and E 600.
#[test]
fn rules_16_1_two_short_all_ins_reopen_the_betting_for_a() {
    let (stacks, codes) = settled("rules-16-1-no-limit-two-short-all-ins-reopen-the-betting");
    assert_eq!(
        stacks,
        json!({"1": 900, "2": 1125, "3": 600, "4": 300, "5": 600})
    );
    assert!(codes.is_empty());
    let next = golden("rules-16-1-after-a-calls-c-facing-75-may-not-raise-next");
    assert_eq!(
        next["next"]["options"],
        json!({"fold": true, "call": 75, "allIn": 900})
    );
}

/// Worked example 16.3 and on: 7 (2 + 5), 24 (7 + 17), on the flop a bet
/// of the pot, 51, and a raise to 51 + 102 + 51 = 204, called all in.
/// Pot 459 to B's aces.
#[test]
fn rules_16_3_pot_limit_omaha_every_raise_to_the_pot() {
    let (stacks, codes) = settled("rules-16-3-pot-limit-omaha-every-raise-to-the-pot");
    assert_eq!(stacks, json!({"1": 99, "2": 98, "3": 72, "4": 459}));
    assert!(codes.is_empty());
}

/// Fixed limit 10/20: 20, 30, 40 before the flop (the big blind the first
/// bet, so the cap), 10, 20, 30, 40 on the flop; the button may then only
/// call. Pot 280 to the big blind's set.
#[test]
fn rules_16_3_fixed_limit_raised_to_the_cap() {
    let (stacks, codes) = settled("rules-16-3-fixed-limit-raised-to-the-cap-every-round");
    assert_eq!(stacks, json!({"1": 400, "2": 680, "3": 420}));
    assert!(codes.is_empty());
    let next = golden("rules-16-3-fixed-limit-capped-the-button-may-only-call-next");
    assert_eq!(
        next["next"]["options"],
        json!({"fold": true, "call": 20, "allIn": 500})
    );
}

/// The straddle (200) opens, over a big blind all in for 60: the button
/// raises to 400, the straddler calls and folds the flop to a bet of 300,
/// which comes back. Main pot 50 + 60 x 3 = 230 to the big blind's aces,
/// the side pot 340 x 2 = 680 to the button.
#[test]
fn rules_16_3_a_straddle_over_a_big_blind_all_in_for_less() {
    let (stacks, codes) = settled("rules-16-3-straddle-over-a-big-blind-all-in-for-less");
    assert_eq!(stacks, json!({"1": 950, "2": 230, "3": 600, "4": 1280}));
    assert!(codes.is_empty());
}

/// Stud: p3's 2s brings in for 10, p1 completes to 20, p2 raises to 40;
/// p4's K-J showing opens fourth street and after. Pot 350 to p4's two
/// pair.
#[test]
fn rules_16_2_stud_bring_in_then_completion_then_best_showing() {
    let a = golden("rules-16-3-stud-bring-in-then-completion");
    assert_eq!(
        a["data"]["finalChipStacks"],
        json!({"p1": 455, "p2": 355, "p3": 485, "p4": 705})
    );
    assert_eq!(a["betting"], json!({"legal": true, "findings": []}));
}

/// Worked example 16.5: the others call the big blind's full 100 and
/// raise to 200; folded to the small blind, 10 more matches the 60.
#[test]
fn rules_16_5_a_big_blind_all_in_for_less_is_called_in_full() {
    let call = |name: &str| golden(name)["next"]["options"].clone();
    assert_eq!(
        call("rules-16-5-big-blind-all-in-for-60-is-called-in-full-next"),
        json!({"fold": true, "call": 100, "raise": {"min": 200, "max": 1000}, "allIn": 1000})
    );
    assert_eq!(
        call("rules-16-5-folded-to-the-small-blind-who-completes-to-60-next"),
        json!({"fold": true, "call": 10, "allIn": 1000})
    );
}

/// RULES.md §16.6: one hand for each finding code, each the one finding
/// of its hand, at its action, and the hand settled as recorded.
#[test]
fn rules_16_6_one_hand_for_each_finding_code() {
    let cases = [
        (
            "rules-16-6-betting-over-a-check-after-the-all-in-was-called",
            "bettingOver",
            json!({"1": 150, "2": 198, "3": 102}),
        ),
        (
            "rules-16-6-out-of-turn-small-blind-folds-before-the-button",
            "outOfTurn",
            json!({"1": 199, "2": 198, "3": 203}),
        ),
        (
            "rules-16-6-check-facing-bet-big-blind-checks-a-raise",
            "checkFacingBet",
            json!({"1": 199, "2": 198, "3": 203}),
        ),
        (
            "rules-16-6-under-call-small-blind-calls-short-not-all-in",
            "underCall",
            json!({"1": 196, "2": 198, "3": 206}),
        ),
        (
            "rules-16-6-over-cap-fixed-limit-raise-after-the-cap",
            "overCap",
            json!({"1": 194, "2": 192, "3": 214}),
        ),
        (
            "rules-16-2-not-reopened-a-raises-after-a-short-all-in",
            "notReopened",
            json!({"1": 117000, "2": 100000, "3": 0, "4": 98000, "5": 92500}),
        ),
        (
            "rules-16-6-under-bet-flop-bet-below-the-big-blind",
            "underBet",
            json!({"1": 204, "2": 198, "3": 198}),
        ),
        (
            "rules-16-6-under-raise-re-raise-to-8-not-10",
            "underRaise",
            json!({"1": 208, "2": 198, "3": 194}),
        ),
        (
            "rules-16-6-over-pot-pot-limit-raise-to-8-over-the-pot-of-7",
            "overPot",
            json!({"1": 199, "2": 198, "3": 203}),
        ),
        (
            "rules-16-6-limit-size-fixed-limit-raise-to-6-not-4",
            "limitSize",
            json!({"1": 199, "2": 198, "3": 203}),
        ),
        (
            "rules-16-6-bring-in-not-posted-the-low-card-folds",
            "bringInNotPosted",
            json!({"p1": 525, "p2": 495, "p3": 495, "p4": 485}),
        ),
    ];
    for (name, code, stacks) in cases {
        assert_eq!(settled(name), (stacks, vec![code.to_string()]), "{name}");
    }
}
