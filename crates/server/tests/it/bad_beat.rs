//! The bad-beat jackpot over HTTP (API.md "Cash-outs and the bad-beat
//! jackpot"; RULES.md §11): the worked examples' answers, every refusal of
//! §11.5 as a 422 with its pointer, and the answer left as it was when
//! `badBeat` is not asked for.

use crate::common;

use common::{golden_request, rejects, settle};
use serde_json::{json, Value};

fn example_11_1() -> Value {
    golden_request("rules-11-1a-bad-beat-aces-full-loses-to-straight-flush-pool-100000")
}

async fn bad_beat(body: &Value) -> Value {
    let r = settle(body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()["data"]["badBeat"].clone()
}

fn payouts(bb: &Value) -> Vec<(String, String, u64)> {
    bb["payouts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            (
                p["agentId"].as_str().unwrap().to_string(),
                p["role"].as_str().unwrap().to_string(),
                p["amount"].as_u64().unwrap(),
            )
        })
        .collect()
}

/// Worked example 11.1: aces full of tens (both hole cards) loses to a
/// queen-high straight flush; pool 100000 pays 50000, 25000 and 6250 to
/// each of the four others; pool 100001 leaves 1 in the fund.
#[tokio::test]
async fn worked_example_11_1_aces_full_loses_to_straight_flush_50_25_25() {
    let bb = bad_beat(&example_11_1()).await;
    assert_eq!(bb["qualified"], json!(true));
    assert_eq!(
        bb["losingHand"]["description"],
        json!("Full House, Aces full of Tens")
    );
    assert_eq!(bb["winningHand"]["name"], json!("Straight Flush"));
    let want: Vec<(String, String, u64)> = [
        ("agent-a", "loser", 50_000),
        ("agent-b", "winner", 25_000),
        ("agent-c", "table", 6_250),
        ("agent-d", "table", 6_250),
        ("agent-e", "table", 6_250),
        ("agent-f", "table", 6_250),
    ]
    .iter()
    .map(|(a, r, n)| (a.to_string(), r.to_string(), *n))
    .collect();
    assert_eq!(payouts(&bb), want);
    assert_eq!(
        (bb["paid"].as_u64(), bb["remaining"].as_u64()),
        (Some(100_000), Some(0))
    );

    let mut body = example_11_1();
    body["badBeat"]["pool"] = json!(100_001);
    let bb = bad_beat(&body).await;
    assert_eq!(payouts(&bb), want);
    assert_eq!(
        (bb["paid"].as_u64(), bb["remaining"].as_u64()),
        (Some(100_000), Some(1))
    );
}

/// Worked example 11.2: aces full of tens made with one hole card only.
#[tokio::test]
async fn worked_example_11_2_one_hole_card_does_not_qualify() {
    let bb = bad_beat(&golden_request(
        "rules-11-2-bad-beat-one-hole-card-plays-not-qualified",
    ))
    .await;
    assert_eq!(
        bb,
        json!({"qualified": false, "reason": "hole-cards-do-not-play"})
    );
}

/// §11.4: the payouts come from the fund, so finalChipStacks and the pots
/// are the same with and without badBeat.
#[tokio::test]
async fn rules_11_4_payouts_are_not_in_final_chip_stacks() {
    let with = settle(&example_11_1()).await.json();
    let mut body = example_11_1();
    body.as_object_mut().unwrap().remove("badBeat");
    let without = settle(&body).await.json();
    assert!(without["data"].get("badBeat").is_none());
    let mut stripped = with.clone();
    stripped["data"].as_object_mut().unwrap().remove("badBeat");
    assert_eq!(stripped, without);
}

/// §11.5's reasons, in order: no showdown, too few players dealt, a losing
/// hand below the minimum (or no losing hand at all), hole cards.
#[tokio::test]
async fn rules_11_5_the_first_failing_condition_is_the_reason() {
    let mut body = example_11_1();
    body["players"][1]["folded"] = json!(true);
    body["players"][1]["committed"] = json!(500);
    assert_eq!(bad_beat(&body).await["reason"], json!("no-showdown"));

    let mut body = example_11_1();
    body["badBeat"]["minPlayersDealt"] = json!(7);
    assert_eq!(bad_beat(&body).await["reason"], json!("too-few-players"));

    let mut body = example_11_1();
    body["badBeat"]["minLosingHand"] = json!(["Ah", "Ad", "Ac", "Kh", "Kd"]);
    assert_eq!(
        bad_beat(&body).await["reason"],
        json!("losing-hand-too-low")
    );

    // Both play the board's royal flush: every live hand ties, no loser.
    let mut body = example_11_1();
    body["board"] = json!(["As", "Ks", "Qs", "Js", "Ts"]);
    assert_eq!(
        bad_beat(&body).await["reason"],
        json!("losing-hand-too-low")
    );
}

/// §11.5: terms in another game, shares over 10000 and a minLosingHand
/// that is not five distinct cards of the deck are 422s with pointers.
#[tokio::test]
async fn rules_11_5_bad_terms_are_422_with_pointers() {
    let mut body = example_11_1();
    body["badBeat"]["loserBp"] = json!(6000);
    body["badBeat"]["minLosingHand"] = json!(["Ah", "Ad", "Ac", "Th", "Ah"]);
    rejects(&body, &["/badBeat", "/badBeat/minLosingHand/4"]).await;

    let mut body = example_11_1();
    body["badBeat"]["minLosingHand"] = json!(["Ah", "Ad", "Ac", "Th"]);
    rejects(&body, &["/badBeat/minLosingHand"]).await;

    let mut body = example_11_1();
    body["badBeat"]["minLosingHand"][0] = json!("1h");
    body["badBeat"]["pool"] = json!(1u64 << 53);
    rejects(&body, &["/badBeat/pool", "/badBeat/minLosingHand/0"]).await;

    let mut body = example_11_1();
    body["variant"] = json!("omaha-hi-lo");
    for (i, cards) in [["Ah", "Th", "2s", "3s"], ["Qc", "Jc", "4d", "5d"]]
        .iter()
        .enumerate()
    {
        body["players"][i]["cards"] = json!(cards);
    }
    rejects(&body, &["/badBeat"]).await;

    let mut body = example_11_1();
    body["badBeat"]["playersDealt"] = json!(3);
    rejects(&body, &["/badBeat/playersDealt"]).await;
}
