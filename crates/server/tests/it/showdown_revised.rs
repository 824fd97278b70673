//! RULES.md §15 as revised through the contract: a pot left to one live
//! player is won unseen (§15.3), the round a fold ended keeps its raiser
//! first (§15.1), and the hands the money needs seen are shown (§15.8):
//! a cash-out prices the hand face up, and the jackpot pays hands shown,
//! so an `audience: table` answer names no mucked hand in `badBeat`.

use crate::common::golden_request;
use serde_json::{json, Value};
use showdown_contract::settle_request;

const BOARD: [&str; 5] = ["Kd", "9s", "8c", "7h", "2d"];

fn answer(body: &Value) -> Value {
    let req = serde_json::from_value(body.clone()).unwrap();
    let ev = settle_request(&req).unwrap_or_else(|e| panic!("{e:?}"));
    serde_json::to_value(ev).unwrap()["data"].clone()
}

/// The answer's `showdown` as (agentId, shown, why).
fn shows(data: &Value) -> Vec<(String, bool, String)> {
    data["showdown"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let id = e["agentId"].as_str().unwrap().to_string();
            (id, e["shown"] == true, e["why"].as_str().unwrap().into())
        })
        .collect()
}

fn want(entries: &[(&str, bool, &str)]) -> Vec<(String, bool, String)> {
    entries
        .iter()
        .map(|&(id, shown, why)| (id.to_string(), shown, why.to_string()))
        .collect()
}

/// A (seat 2) all in for 100 with the straight, B (seat 4) 300 with the
/// queens, C (seat 6) 300 and folded: the side pot, 400, is B's alone.
fn one_live_in_the_side_pot(showdown: Value) -> Value {
    json!({"variant": "holdem", "buttonSeat": 1, "board": BOARD,
        "players": [
            {"id": "A", "seat": 2, "stack": 100, "committed": 100, "cards": ["Tc", "6c"]},
            {"id": "B", "seat": 4, "stack": 1000, "committed": 300, "cards": ["Qc", "Qd"]},
            {"id": "C", "seat": 6, "stack": 1000, "committed": 300, "folded": true}],
        "showdown": showdown})
}

#[test]
fn rules_15_3_a_pot_left_to_one_live_player_is_won_unseen() {
    for sd in [
        json!({"faceUp": "runOut", "order": "seat", "audience": "table"}),
        json!({"faceUp": "runOut", "lastAggressor": "A", "audience": "table"}),
        json!({"faceUp": "runOut", "order": "pots", "lastAggressor": "A", "audience": "table"}),
    ] {
        let mut body = one_live_in_the_side_pot(sd.clone());
        body["explain"] = json!(true);
        let d = answer(&body);
        // B no longer shows to claim the side pot: beaten in the main pot,
        // B mucks and takes the side pot unseen.
        if sd["order"] == "pots" {
            // Pot by pot from the side pot: B first there, so B shows.
            assert_eq!(
                shows(&d),
                want(&[("B", true, "first"), ("A", true, "contends")])
            );
            continue;
        }
        let order = want(&[("A", true, "first"), ("B", false, "beaten")]);
        assert_eq!(shows(&d), order, "{sd}");
        let text = d.to_string();
        assert!(
            !text.contains("\"Qc\"") && !text.contains("Pair of"),
            "{text}"
        );
        let paid: Vec<(&str, u64)> = d["potBreakdown"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                (
                    e["agentId"].as_str().unwrap(),
                    e["amount"].as_u64().unwrap(),
                )
            })
            .collect();
        assert_eq!(paid, [("B", 400), ("A", 300)]);
    }
}

#[test]
fn rules_15_1_a_fold_that_ends_the_round_leaves_its_raiser_first() {
    // A (seat 2) all in for 100; B (seat 4) raises to 300; C (seat 6)
    // calls all in; D (seat 8) folds, which ends the betting: the board is
    // run out, and B, who bet last on that round, shows first.
    let body = json!({"variant": "holdem", "buttonSeat": 1, "board": BOARD,
        "players": [
            {"id": "A", "seat": 2, "stack": 100, "committed": 100, "cards": ["Tc", "6c"]},
            {"id": "B", "seat": 4, "stack": 1000, "committed": 300, "cards": ["Ks", "9h"]},
            {"id": "C", "seat": 6, "stack": 300, "committed": 300, "cards": ["Qc", "Qd"]},
            {"id": "D", "seat": 8, "stack": 1000, "committed": 100, "folded": true}],
        "showdown": {"lastAggressor": "B", "runOut": true}});
    let everyone = want(&[
        ("B", true, "allIn"),
        ("C", true, "allIn"),
        ("A", true, "allIn"),
    ]);
    assert_eq!(shows(&answer(&body)), everyone);
    let mut by_pots = body.clone();
    by_pots["showdown"]["faceUpOrder"] = json!("pots");
    // Pot by pot after a run-out nobody is due first: from the button.
    let pots = want(&[
        ("B", true, "allIn"),
        ("C", true, "allIn"),
        ("A", true, "allIn"),
    ]);
    assert_eq!(shows(&answer(&by_pots)), pots);
}

#[test]
fn rules_15_8_a_cash_out_is_priced_face_up() {
    // Worked example 10.3 (C cashes out on the flop) under `faceUp:
    // runOut`: without the cash-out an ordinary showdown where C, beaten
    // in both pots, mucks; with it every live hand is turned up.
    let mut body = golden_request("rules-10-3-cash-out-side-pot-c-on-the-flop-paid-142");
    body["showdown"] = json!({"faceUp": "runOut", "audience": "table"});
    body["explain"] = json!(true);
    let mut plain = body.clone();
    plain.as_object_mut().unwrap().remove("cashOuts");
    let ordinary = shows(&answer(&plain));
    assert!(
        ordinary.contains(&("agent-c".into(), false, "beaten".into())),
        "{ordinary:?}"
    );
    let d = answer(&body);
    let every = want(&[
        ("agent-a", true, "allIn"),
        ("agent-b", true, "allIn"),
        ("agent-c", true, "allIn"),
    ]);
    assert_eq!(shows(&d), every);
    // The equity the table sees is of hands it sees.
    assert_eq!(d["cashOuts"][0]["agentId"], json!("agent-c"));
    let steps = d["explanation"].as_array().unwrap();
    let priced = steps
        .iter()
        .filter(|s| s["source"] == "RULES.md §15.8")
        .count();
    assert_eq!(priced, 3, "{steps:?}");
}

#[test]
fn rules_15_8_the_hands_the_jackpot_pays_are_shown() {
    // Worked example 11.1 with B's straight flush shown first: A's aces
    // full cannot beat it and would be mucked, but the jackpot pays the
    // loser, so A is turned up (`badBeat`) and the table sees the hand.
    let mut body =
        golden_request("rules-11-1a-bad-beat-aces-full-loses-to-straight-flush-pool-100000");
    body["showdown"] = json!({"lastAggressor": "agent-b", "audience": "table"});
    body["explain"] = json!(true);
    let d = answer(&body);
    assert_eq!(
        shows(&d),
        want(&[("agent-b", true, "first"), ("agent-a", true, "badBeat")])
    );
    let bb = &d["badBeat"];
    assert_eq!(bb["qualified"], json!(true));
    assert_eq!(
        bb["losingHand"]["description"],
        json!("Full House, Aces full of Tens")
    );
    assert_eq!(
        bb["payouts"][0],
        json!({"agentId": "agent-a", "role": "loser", "amount": 50000})
    );
    let text = d["explanation"].to_string();
    assert!(
        text.contains("the bad-beat jackpot pays this hand"),
        "{text}"
    );
    assert!(!text.contains("a hand not shown"), "{text}");
    // Without the jackpot the same showdown mucks A's hand.
    body.as_object_mut().unwrap().remove("badBeat");
    assert_eq!(
        shows(&answer(&body)),
        want(&[("agent-b", true, "first"), ("agent-a", false, "beaten")])
    );
}
