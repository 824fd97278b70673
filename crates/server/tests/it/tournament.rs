//! RULES.md §12 over HTTP (API.md "Tournaments: eliminations and
//! bounties"): each worked example 12.1-12.5 and each numbered rule, named
//! after it; every refusal of §12.10 a 422 with its pointer; and the
//! `winnerId` of a showdown whose pots the rake took whole.

use crate::common;

use common::{api_example, assert_problem, golden_request, rejects, settle};
use serde_json::{json, Value};

/// Settles `body` and returns the answer's `data`, asserting a 200.
async fn data(body: &Value) -> Value {
    let r = settle(body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()["data"].clone()
}

/// (collector, amount, cash, head, oddUnits) of elimination `e`'s awards.
fn awards(d: &Value, e: usize) -> Vec<(String, u64, u64, u64, u64)> {
    d["eliminations"][e]["awards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| {
            let n = |k: &str| a[k].as_u64().unwrap();
            (
                a["agentId"].as_str().unwrap().to_string(),
                n("amount"),
                n("cash"),
                n("head"),
                n("oddUnits"),
            )
        })
        .collect()
}

fn award(id: &str, amount: u64, cash: u64, head: u64, odd: u64) -> (String, u64, u64, u64, u64) {
    (id.to_string(), amount, cash, head, odd)
}

#[tokio::test]
async fn worked_12_1_across_pots_over_http() {
    let d = data(&golden_request(
        "rules-12-1-across-pots-c-beats-b-for-the-side-pot-and-collects",
    ))
    .await;
    assert_eq!(d["eliminations"].as_array().unwrap().len(), 1);
    assert_eq!(d["eliminations"][0]["agentId"], "agent-b");
    assert_eq!(d["eliminations"][0]["pot"], 1);
    assert_eq!(awards(&d, 0), vec![award("agent-c", 1000, 1000, 0, 0)]);
    assert_eq!(d["bountyCash"], json!({"agent-c": 1000}));
    assert_eq!(d["bounties"], json!({"agent-a": 1000, "agent-c": 1000}));
    assert!(d.get("tournamentWinner").is_none());
}

#[tokio::test]
async fn worked_12_2_chopped_over_http() {
    let d = data(&golden_request(
        "rules-12-2a-chopped-bounty-2501-odd-unit-left-of-button",
    ))
    .await;
    assert_eq!(
        awards(&d, 0),
        vec![
            award("agent-b", 1251, 1251, 0, 1),
            award("agent-c", 1250, 1250, 0, 0)
        ]
    );
    let d = data(&golden_request(
        "rules-12-2b-chopped-bounty-101-units-of-25",
    ))
    .await;
    assert_eq!(
        awards(&d, 0),
        vec![
            award("agent-b", 1275, 1275, 0, 1),
            award("agent-c", 1250, 1250, 0, 0)
        ]
    );
}

#[tokio::test]
async fn worked_12_3_progressive_over_http() {
    let d = data(&golden_request(
        "rules-12-3a-progressive-one-collector-3979-head-1989-cash-1990",
    ))
    .await;
    assert_eq!(awards(&d, 0), vec![award("agent-b", 3979, 1990, 1989, 0)]);
    assert_eq!(d["bounties"], json!({"agent-b": 500 + 1989}));
    let d = data(&golden_request(
        "rules-12-3b-progressive-two-collectors-1990-and-1989",
    ))
    .await;
    assert_eq!(
        awards(&d, 0),
        vec![
            award("agent-b", 1990, 995, 995, 1),
            award("agent-c", 1989, 995, 994, 0)
        ]
    );
}

#[tokio::test]
async fn worked_12_4_places_over_http() {
    let d = data(&golden_request("rules-12-4a-places-10-left-a-9th-c-10th")).await;
    let finish = |d: &Value| -> Vec<(String, u64, Value)> {
        d["eliminations"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["agentId"].as_str().unwrap().to_string(),
                    e["order"].as_u64().unwrap(),
                    e["places"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(
        finish(&d),
        vec![
            ("agent-a".into(), 1, json!([9, 9])),
            ("agent-c".into(), 2, json!([10, 10]))
        ]
    );
    let d = data(&golden_request(
        "rules-12-4b-places-equal-stacks-share-9th-and-10th",
    ))
    .await;
    assert_eq!(
        finish(&d),
        vec![
            ("agent-a".into(), 1, json!([9, 10])),
            ("agent-c".into(), 1, json!([9, 10]))
        ]
    );
}

#[tokio::test]
async fn worked_12_5_last_hand_over_http() {
    let d = data(&golden_request(
        "rules-12-5-last-hand-a-wins-and-is-paid-7000-more",
    ))
    .await;
    assert_eq!(awards(&d, 0), vec![award("agent-a", 4000, 2000, 2000, 0)]);
    assert_eq!(d["tournamentWinner"], "agent-a");
    assert_eq!(d["bountyCash"], json!({"agent-a": 9000}));
    assert_eq!(d["bounties"], json!({"agent-a": 0}));
}

/// API.md's example as a tournament hand: both players play the board and
/// tie, nobody is knocked out.
fn example(tournament: Value) -> Value {
    let mut body = api_example();
    body["tournament"] = tournament;
    body
}

#[tokio::test]
async fn rules_12_1_terms_default_to_unit_1_and_a_plain_knockout() {
    let mut body = golden_request("rules-12-3b-progressive-two-collectors-1990-and-1989");
    body["tournament"] = json!({});
    let d = data(&body).await;
    // No progressive part: the whole bounty is paid, split in units of 1.
    assert_eq!(
        awards(&d, 0),
        vec![
            award("agent-b", 1990, 1990, 0, 1),
            award("agent-c", 1989, 1989, 0, 0)
        ]
    );
}

#[tokio::test]
async fn rules_12_2_settles_the_chips_first_exactly_as_without_tournament() {
    let plain = settle(&api_example()).await;
    let t = settle(&example(json!({"playersLeft": 9}))).await;
    let mut d = t.json();
    let data = d["data"].as_object_mut().unwrap();
    assert_eq!(data.remove("eliminations"), Some(json!([])));
    assert_eq!(data.remove("bountyCash"), Some(json!({})));
    assert_eq!(
        data.remove("bounties"),
        Some(json!({"agent-a": 0, "agent-b": 0}))
    );
    assert_eq!(d, plain.json());
    // The tournament fields come last, so the rest is the plain answer's
    // bytes, to the byte.
    let cut = t
        .body
        .windows(17)
        .position(|w| w == b",\"eliminations\":[")
        .unwrap();
    assert_eq!(t.body[..cut], plain.body[..plain.body.len() - 2]);
}

#[tokio::test]
async fn rules_12_3_finishing_order_by_starting_stack() {
    let d = data(&golden_request("rules-12-4a-places-10-left-a-9th-c-10th")).await;
    let stacks: Vec<u64> = d["eliminations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["stack"].as_u64().unwrap())
        .collect();
    assert_eq!(stacks, vec![3000, 1200]);
    // Without playersLeft: the order, and no places.
    let mut body = golden_request("rules-12-4a-places-10-left-a-9th-c-10th");
    body["tournament"] = json!({});
    let d = data(&body).await;
    assert_eq!(d["eliminations"][1]["order"], 2);
    assert!(d["eliminations"][1].get("places").is_none());
}

/// RULES.md §12 "Listing" (API.md says it the same way): best finish
/// first; equal finishes that share places (`split`) by seat number, while
/// a shared prize's odd unit goes in seat order after the button; under
/// `seat` the seat order that placed them is the listing.
#[tokio::test]
async fn rules_12_3_equal_finishes_listed_by_seat_number() {
    // Button on 3: a (seat 1) and e (seat 5), 500 each, lose to c's aces.
    let body = |tied: &str| {
        json!({"variant": "holdem", "buttonSeat": 3, "board": ["2c", "7d", "9h", "Js", "3c"],
            "tournament": {"playersLeft": 5, "prizes": [500, 300, 200, 101, 100], "tiedPlaces": tied},
            "players": [
                {"id": "a", "seat": 1, "stack": 500, "committed": 500, "cards": ["Kd", "Qd"]},
                {"id": "c", "seat": 3, "stack": 2000, "committed": 500, "cards": ["As", "Ad"]},
                {"id": "d", "seat": 4, "stack": 900, "committed": 0, "folded": true},
                {"id": "e", "seat": 5, "stack": 500, "committed": 500, "cards": ["8s", "4h"]}]})
    };
    let listed = |d: &Value| -> Vec<(String, Value, u64)> {
        let e = d["eliminations"].as_array().unwrap();
        e.iter()
            .map(|e| {
                let id = e["agentId"].as_str().unwrap().to_string();
                (id, e["places"].clone(), e["prize"].as_u64().unwrap())
            })
            .collect()
    };
    let d = data(&body("split")).await;
    let got = listed(&d);
    assert_eq!(got[0], ("a".into(), json!([4, 5]), 100));
    // e, met first after the button, takes the odd unit of 201.
    assert_eq!(got[1], ("e".into(), json!([4, 5]), 101));
    let d = data(&body("seat")).await;
    let got = listed(&d);
    assert_eq!(got[0], ("e".into(), json!([4, 4]), 101));
    assert_eq!(got[1], ("a".into(), json!([5, 5]), 100));
}

#[tokio::test]
async fn rules_12_4_the_eliminating_pot_is_the_last_holding_their_chips() {
    let d = data(&golden_request(
        "rules-12-1-across-pots-c-beats-b-for-the-side-pot-and-collects",
    ))
    .await;
    // agent-a won the main pot, which held agent-b's chips too: no share.
    assert_eq!(d["pots"][0]["shares"][0]["agentId"], "agent-a");
    assert_eq!(d["eliminations"][0]["pot"], 1);
    assert_eq!(awards(&d, 0).len(), 1);
}

#[tokio::test]
async fn rules_12_5_division_in_odd_chip_order_every_collector_listed() {
    let mut body = golden_request("rules-12-2a-chopped-bounty-2501-odd-unit-left-of-button");
    body["players"][0]["bounty"] = json!(1);
    let d = data(&body).await;
    assert_eq!(
        awards(&d, 0),
        vec![award("agent-b", 1, 1, 0, 1), award("agent-c", 0, 0, 0, 0)]
    );
    assert_eq!(d["bountyCash"], json!({"agent-b": 1}));
}

#[tokio::test]
async fn rules_12_6_progressive_head_added_to_the_collectors_bounty() {
    let mut body = golden_request("rules-12-4a-places-10-left-a-9th-c-10th");
    body["tournament"] = json!({"progressiveBp": 5000, "bountyUnit": 25});
    body["players"][0]["bounty"] = json!(1025);
    body["players"][2]["bounty"] = json!(975);
    let d = data(&body).await;
    // 1025: head 500 (512.5 down to 25s), cash 525; 975: head 475, cash 500.
    assert_eq!(awards(&d, 0), vec![award("agent-b", 1025, 525, 500, 0)]);
    assert_eq!(awards(&d, 1), vec![award("agent-b", 975, 500, 475, 0)]);
    assert_eq!(d["bounties"], json!({"agent-b": 1000 + 500 + 475}));
    assert_eq!(d["bountyCash"], json!({"agent-b": 1025}));
}

#[tokio::test]
async fn rules_12_7_the_last_hand_names_the_winner() {
    let mut body = golden_request("rules-12-5-last-hand-a-wins-and-is-paid-7000-more");
    body["tournament"]["playersLeft"] = json!(3);
    let d = data(&body).await;
    assert!(d.get("tournamentWinner").is_none());
    assert_eq!(d["bounties"], json!({"agent-a": 7000}));
    assert_eq!(d["eliminations"][0]["places"], json!([3, 3]));
}

#[tokio::test]
async fn rules_12_8_mystery_bounty_paid_whole_chips_unchanged() {
    let plain = golden_request("rules-12-1-across-pots-c-beats-b-for-the-side-pot-and-collects");
    let mut drawn = plain.clone();
    drawn["players"][1]["bounty"] = json!(25_000);
    let (a, b) = (data(&plain).await, data(&drawn).await);
    assert_eq!(awards(&b, 0), vec![award("agent-c", 25_000, 25_000, 0, 0)]);
    assert_eq!(a["finalChipStacks"], b["finalChipStacks"]);
    assert_eq!(a["pots"], b["pots"]);
}

#[tokio::test]
async fn rules_12_9_bounties_in_equal_cash_plus_growth_over_http() {
    let d = data(&golden_request(
        "rules-12-5-last-hand-a-wins-and-is-paid-7000-more",
    ))
    .await;
    // 4000 (B's) + 7000 (A's own after growth) = 9000 paid + 2000 grown.
    let paid: u64 = d["bountyCash"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    let grown: u64 = awards(&d, 0).iter().map(|a| a.3).sum();
    assert_eq!(4000 + 7000, paid + grown);
}

#[tokio::test]
async fn rules_12_10_house_fields_are_refused_with_a_tournament() {
    let mut body = example(json!({}));
    body["rake"] = json!({"percentBp": 500});
    body["jackpot"] = json!({"amount": 1});
    body["badBeat"] = json!({"pool": 100, "minLosingHand": ["Ah", "Ad", "Ac", "Th", "Td"]});
    body["cashOuts"] = json!([{"agentId": "agent-a", "boardCards": 3}]);
    rejects(&body, &["/rake", "/jackpot", "/cashOuts", "/badBeat"]).await;
}

#[tokio::test]
async fn rules_12_10_bounty_terms_are_refused_with_pointers() {
    // A bounty without a tournament.
    let mut body = api_example();
    body["players"][1]["bounty"] = json!(100);
    rejects(&body, &["/players/1/bounty"]).await;

    // Off the unit, a zero unit, a rate over 100 %, too few players left.
    let mut body = example(json!({"bountyUnit": 25, "progressiveBp": 10_001, "playersLeft": 1}));
    body["players"][0]["bounty"] = json!(30);
    rejects(
        &body,
        &[
            "/tournament/progressiveBp",
            "/tournament/playersLeft",
            "/players/0/bounty",
        ],
    )
    .await;
    rejects(
        &example(json!({"bountyUnit": 0})),
        &["/tournament/bountyUnit"],
    )
    .await;

    // Bounties adding up past 2^53 - 1.
    let mut body = example(json!({}));
    body["players"][0]["bounty"] = json!(1u64 << 52);
    body["players"][1]["bounty"] = json!(1u64 << 52);
    rejects(&body, &["/players"]).await;
}

/// A player with no chips is out of the event: never live in a tournament
/// hand (they could only win dead money), and a hand needs two with chips.
#[tokio::test]
async fn rules_12_2_a_player_without_chips_cannot_be_live() {
    let mut body = example(json!({"playersLeft": 2}));
    body["players"]
        .as_array_mut()
        .unwrap()
        .push(json!({"id": "z", "seat": 3, "stack": 0, "committed": 0, "cards": ["Qc", "Qd"]}));
    rejects(&body, &["/players/2/folded"]).await;
    body["players"][2]["folded"] = json!(true);
    body["players"][2]["bounty"] = json!(100);
    let d = data(&body).await;
    assert_eq!(d["bounties"]["z"], 100, "listed, not out, bounty kept");

    let mut body = example(json!({}));
    body["players"][0]["stack"] = json!(0);
    body["players"][0]["committed"] = json!(0);
    body["players"][0]["folded"] = json!(true);
    rejects(&body, &["/players"]).await;
}

/// A tournament hand lists at most 23 players, so that a small body
/// cannot ask for an answer of knockouts times collectors without bound.
#[tokio::test]
async fn rules_12_10_at_most_23_players_in_a_tournament_hand() {
    let mut body = example(json!({}));
    let folded = |i: u64| json!({"id": format!("f{i}"), "seat": 10 + i, "stack": 1, "committed": 0, "folded": true});
    let players = body["players"].as_array_mut().unwrap();
    players.extend((0..21).map(folded));
    assert_eq!(data(&body).await["eliminations"], json!([]));
    body["players"].as_array_mut().unwrap().push(folded(21));
    rejects(&body, &["/players"]).await;
    // Without tournament the same hand settles as before.
    body.as_object_mut().unwrap().remove("tournament");
    data(&body).await;
}

#[tokio::test]
async fn rules_12_10_a_negative_bounty_is_a_400() {
    let mut body = example(json!({}));
    body["players"][0]["bounty"] = json!(-5);
    let r = settle(&body).await;
    assert_problem(&r, 400);
    assert_eq!(r.pointers(), ["/players/0/bounty"]);
    let mut body = example(json!({"progressiveBp": -1}));
    body["players"][0]["bounty"] = json!(5);
    let r = settle(&body).await;
    assert_problem(&r, 400);
    assert_eq!(r.pointers(), ["/tournament/progressiveBp"]);
}

#[tokio::test]
async fn explained_tournament_steps_cite_section_12() {
    let mut body = golden_request("rules-12-5-last-hand-a-wins-and-is-paid-7000-more");
    body["explain"] = json!(true);
    let d = data(&body).await;
    let steps: Vec<(String, u64, String)> = d["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["source"].as_str().unwrap().starts_with("RULES.md §12"))
        .map(|s| {
            (
                s["rule"].as_str().unwrap().to_string(),
                s["amount"].as_u64().unwrap(),
                s["text"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let rules: Vec<&str> = steps.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(rules, ["elimination", "bounty-award", "tournament-win"]);
    assert_eq!(
        steps.iter().map(|s| s.1).collect::<Vec<_>>(),
        [4000, 4000, 7000]
    );
    assert!(
        steps[0].2.starts_with("Player B finishes 2nd"),
        "{}",
        steps[0].2
    );
    assert!(
        steps[1].2.starts_with(
            "Player A collects Player B's 4000 bounty: 2000 paid, 2000 added to Player A's"
        ),
        "{}",
        steps[1].2
    );
}

/// API.md `winnerId`: at a showdown where the rake took every pot, nobody
/// won chips, and the event names no winner: all three fields null.
#[tokio::test]
async fn winner_is_null_when_the_rake_takes_every_pot() {
    for rake in [
        json!({"percentBp": 10_000}),
        // A one-chip pot rounded up: 60 % of 1 chip is 0.6, which
        // half-even rounding makes a whole chip of rake.
        json!({"percentBp": 6_000, "rounding": "halfEven"}),
    ] {
        let mut body = api_example();
        body["deadMoney"] = json!(0);
        body["players"][0]["committed"] = json!(0);
        body["players"][1]["committed"] = json!(0);
        body["deadMoney"] = json!(1);
        body["rake"] = rake.clone();
        let d = data(&body).await;
        assert_eq!(d["pots"][0]["rake"], d["pots"][0]["amount"], "{rake}");
        assert_eq!(d["potBreakdown"], json!([]), "{rake}");
        assert_eq!(d["totalWinners"], 0);
        assert_eq!(d["winnerId"], Value::Null, "{rake}");
        assert_eq!(d["winnerName"], Value::Null, "{rake}");
        assert_eq!(d["winningHand"], Value::Null, "{rake}");
    }
    // A winner without a name still leaves winnerName out.
    let mut body = api_example();
    for p in body["players"].as_array_mut().unwrap() {
        p.as_object_mut().unwrap().remove("name");
    }
    let d = data(&body).await;
    assert_eq!(d["winnerId"], "agent-b");
    assert!(d.get("winnerName").is_none());
}
