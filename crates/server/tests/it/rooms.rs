//! Issue 42, the rooms' own conventions over HTTP: Bovada's rake spread
//! (RULES.md §8.5 `proportionalMainRest`) and hi-lo odd chips (§4
//! `hiLoOddChips: high`), each on the room's real hands written in cents
//! as our own requests, the rule in every split game of the golden files,
//! and the closed-set hints that know the new values.

use crate::common;

use common::{golden_request, settle};
use serde_json::{json, Value};

/// The answer's `data`, asserting a 200.
async fn settled(body: &Value) -> Value {
    let r = settle(body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()["data"].clone()
}

/// `field` of every pot, main first.
fn per_pot(d: &Value, field: &str) -> Vec<u64> {
    d["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p[field].as_u64().unwrap_or(0))
        .collect()
}

fn final_stack(d: &Value, id: &str) -> u64 {
    d["finalChipStacks"][id].as_u64().unwrap()
}

/// The Bovada hand: pots of $24.00 and $160.00, rake $2.00. The side pot
/// gives 173 rounded down, the main pot the other 27, as the room took;
/// `proportional` would take 26 and 174.
#[tokio::test]
async fn rules_8_5_proportional_main_rest_bovada_pots_2400_and_16000() {
    let body = golden_request("rules-8-5-proportional-main-rest-27-and-173-pots-2400-and-16000");
    let d = settled(&body).await;
    assert_eq!(per_pot(&d, "rake"), [27, 173]);
    assert_eq!(d["rake"]["amount"], json!(200));
    assert_eq!(final_stack(&d, "A"), 2373);
    let mut proportional = body.clone();
    proportional["rake"]["spread"] = json!("proportional");
    assert_eq!(per_pot(&settled(&proportional).await, "rake"), [26, 174]);
    // The drop follows: 100 over the 2373 and 15827 left, 14 and 86.
    let mut dropped = body;
    dropped["jackpot"] = json!({"amount": 100});
    let d = settled(&dropped).await;
    assert_eq!(per_pot(&d, "jackpot"), [14, 86]);
    assert_eq!(d["jackpot"]["amount"], json!(100));
}

/// Each share of pot 0 as `(agentId, half, amount, oddChips)`.
fn shares(d: &Value) -> Vec<(String, String, u64, u64)> {
    d["pots"][0]["shares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["agentId"].as_str().unwrap().to_string(),
                s["half"].as_str().unwrap().to_string(),
                s["amount"].as_u64().unwrap(),
                s["oddChips"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn share(id: &str, half: &str, amount: u64, odd: u64) -> (String, String, u64, u64) {
    (id.to_string(), half.to_string(), amount, odd)
}

/// The request with `hiLoOddChips` set to `how`, or left out.
fn with_hi_lo(body: &Value, how: Option<&str>) -> Value {
    let mut body = body.clone();
    match how {
        Some(h) => body["hiLoOddChips"] = json!(h),
        None => {
            body.as_object_mut().unwrap().remove("hiLoOddChips");
        }
    }
    body
}

/// Bovada's pot of $0.95: the high winner alone 0.49, the two low winners
/// 0.23 each; TDA 19 pays 0.48, 0.24 and 0.23.
#[tokio::test]
async fn rules_4_hi_lo_odd_chips_high_bovada_pot_95_pays_49_23_23() {
    let body = golden_request("rules-4-hi-lo-odd-chips-high-pot-95-high-49-lows-23-and-23");
    let d = settled(&body).await;
    assert_eq!(
        shares(&d),
        [
            share("C", "high", 49, 1),
            share("A", "low", 23, 0),
            share("B", "low", 23, 0)
        ]
    );
    let tda = settled(&with_hi_lo(&body, None)).await;
    assert_eq!(
        shares(&tda),
        [
            share("C", "high", 48, 0),
            share("A", "low", 24, 1),
            share("B", "low", 23, 0)
        ]
    );
    // `tda` named answers as `tda` left out, byte for byte.
    let named = settle(&with_hi_lo(&body, Some("tda"))).await;
    let left_out = settle(&with_hi_lo(&body, None)).await;
    assert_eq!(named.body, left_out.body);
}

/// Bovada's pot of $9.62: 7.22 to A, who won high and half the low, 2.40
/// to B, the other low winner; TDA 19 pays 7.21 and 2.41.
#[tokio::test]
async fn rules_4_hi_lo_odd_chips_high_bovada_pot_962_pays_722_and_240() {
    let body = golden_request("rules-4-hi-lo-odd-chips-high-pot-962-a-722-b-240");
    let d = settled(&body).await;
    let won = |d: &Value, id: &str| final_stack(d, id) - (1000 - 481);
    assert_eq!((won(&d, "A"), won(&d, "B")), (722, 240));
    let tda = settled(&with_hi_lo(&body, None)).await;
    assert_eq!((won(&tda, "A"), won(&tda, "B")), (721, 241));
}

/// Chips of pot `pot` on `half`, and the odd chips counted there.
fn on_half(d: &Value, pot: usize, half: &str) -> (u64, u64) {
    d["pots"][pot]["shares"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["half"] == half)
        .fold((0, 0), |(a, o), s| {
            (
                a + s["amount"].as_u64().unwrap(),
                o + s["oddChips"].as_u64().unwrap(),
            )
        })
}

/// `hiLoOddChips: high` on every golden hand of a split game (Omaha and
/// stud hi-lo, the mixed-hand games, several boards): the same pots paid
/// in full, the high halves gaining no more than TDA's low halves left
/// over, and with one board exactly that; one-hand games untouched.
#[tokio::test]
async fn rules_4_hi_lo_odd_chips_high_in_every_split_game_and_on_several_boards() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let n = e.file_name().to_string_lossy().to_string();
            n.strip_suffix(".request.json").map(str::to_string)
        })
        .collect();
    names.sort();
    let (mut split_hands, mut moved_somewhere) = (0, false);
    for name in &names {
        let body = golden_request(name);
        if body.get("cashOuts").is_some() || body.get("tournament").is_some() {
            continue;
        }
        let tda = settled(&with_hi_lo(&body, Some("tda"))).await;
        let high = settled(&with_hi_lo(&body, Some("high"))).await;
        let pots = tda["pots"].as_array().unwrap().len();
        assert_eq!(per_pot(&tda, "amount"), per_pot(&high, "amount"), "{name}");
        let boards = body.get("boards").is_some();
        for k in 0..pots {
            let (high_t, _) = on_half(&tda, k, "high");
            let (low_t, low_odd) = on_half(&tda, k, "low");
            let (high_h, _) = on_half(&high, k, "high");
            let (low_h, _) = on_half(&high, k, "low");
            let (whole_t, whole_h) = (on_half(&tda, k, "whole").0, on_half(&high, k, "whole").0);
            assert_eq!(high_t + low_t + whole_t, high_h + low_h + whole_h, "{name}");
            let unit = body["chipUnit"].as_u64().unwrap_or(1);
            let moved = high_h.saturating_sub(high_t);
            assert!(moved <= low_odd * unit, "{name}: {moved} moved");
            if !boards {
                assert_eq!(moved, low_odd * unit, "{name}");
            }
            moved_somewhere |= moved > 0;
        }
        let split_game = tda["pots"][0]["shares"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["half"] != "whole")
            || boards;
        split_hands += usize::from(split_game);
        if !split_game {
            assert_eq!(tda, high, "{name}: a hand no pot of which was halved");
        }
    }
    assert!(split_hands >= 8, "only {split_hands} split hands");
    assert!(moved_somewhere, "no golden hand moved a unit");
}

#[tokio::test]
async fn rules_4_hi_lo_odd_chips_and_8_5_spread_outside_the_set_get_a_hint() {
    let base = golden_request("rules-4-hi-lo-odd-chips-high-pot-95-high-49-lows-23-and-23");
    let spread = golden_request("rules-8-5-proportional-main-rest-27-and-173-pots-2400-and-16000");
    let cases = [
        (base.clone(), "hiLoOddChips", json!("HIGH"), "/hiLoOddChips",
            "unknown hiLoOddChips \"HIGH\": did you mean \"high\"?"),
        (base.clone(), "hiLoOddChips", json!("bovada"), "/hiLoOddChips",
            "unknown hiLoOddChips \"bovada\": use \"tda\" or \"high\""),
        (spread.clone(), "spread", json!("proportional-main-rest"), "/rake/spread",
            "unknown spread \"proportional-main-rest\": did you mean \"proportionalMainRest\"?"),
        (spread.clone(), "spread", json!("mainRest"), "/rake/spread",
            "unknown spread \"mainRest\": did you mean \"proportionalMainRest\"?"),
        (spread, "spread", json!("sidePotsDown"), "/rake/spread",
            "unknown spread \"sidePotsDown\": use one of \"proportional\", \"mainFirst\", \"lastFirst\", \"proportionalMainRest\""),
    ];
    for (mut body, field, value, pointer, message) in cases {
        match field {
            "spread" => body["rake"]["spread"] = value,
            _ => body[field] = value,
        }
        let r = settle(&body).await;
        assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
        assert_eq!(r.errors(), [(pointer.to_string(), message.to_string())]);
    }
}
