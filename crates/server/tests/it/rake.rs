//! The house's take over HTTP (API.md "Rake, jackpot drop and several
//! boards"): every bad `rake` or `jackpot` field is a 422 with its JSON
//! Pointer, a wrong shape a 400, and a raked answer carries `rake`,
//! `jackpot`, `pots[].rake` and `pots[].jackpot` only when asked.

use crate::common;

use common::{api_example, golden_request, settle};
use serde_json::{json, Value};

/// API.md's example with `rake` and `jackpot` fields set.
fn with(rake: Option<Value>, jackpot: Option<Value>) -> Value {
    let mut body = api_example();
    if let Some(r) = rake {
        body["rake"] = r;
    }
    if let Some(j) = jackpot {
        body["jackpot"] = j;
    }
    body
}

/// Asserts a 422 whose errors point exactly at `pointers`, in order.
async fn rejects(body: &Value, pointers: &[&str]) {
    let r = settle(body).await;
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.content_type(), "application/problem+json");
    assert_eq!(r.pointers(), pointers, "{}", r.json());
}

#[tokio::test]
async fn status_422_rake_rate_outside_0_to_10000() {
    rejects(
        &with(Some(json!({"percentBp": 10_001})), None),
        &["/rake/percentBp"],
    )
    .await;
    // A huge rate is still a number: 422, not 400.
    rejects(
        &with(Some(json!({"percentBp": 1u64 << 60})), None),
        &["/rake/percentBp"],
    )
    .await;
}

#[tokio::test]
async fn status_422_cap_amount_and_min_pot_not_a_multiple_of_chip_unit() {
    let mut body = with(
        Some(json!({"percentBp": 500, "cap": 7})),
        Some(json!({"amount": 3, "minPot": 11})),
    );
    body["chipUnit"] = json!(5);
    body["deadMoney"] = json!(0);
    for p in body["players"].as_array_mut().unwrap() {
        p["committed"] = json!(300);
    }
    rejects(&body, &["/rake/cap", "/jackpot/amount", "/jackpot/minPot"]).await;
}

#[tokio::test]
async fn status_422_cap_amount_and_min_pot_over_2_53() {
    let over = (1u64 << 53) + 4;
    rejects(
        &with(
            Some(json!({"percentBp": 500, "capsByPlayersDealt": [{"minPlayers": 2, "cap": over}]})),
            Some(json!({"amount": over, "minPot": over})),
        ),
        &[
            "/rake/capsByPlayersDealt/0/cap",
            "/jackpot/amount",
            "/jackpot/minPot",
        ],
    )
    .await;
}

#[tokio::test]
async fn status_422_cap_together_with_caps_by_players_dealt() {
    rejects(
        &with(
            Some(
                json!({"percentBp": 500, "cap": 10, "capsByPlayersDealt": [{"minPlayers": 2, "cap": 5}]}),
            ),
            None,
        ),
        &["/rake/capsByPlayersDealt"],
    )
    .await;
}

#[tokio::test]
async fn status_422_the_same_min_players_twice() {
    let steps = json!([{"minPlayers": 2, "cap": 5}, {"minPlayers": 4, "cap": 9}, {"minPlayers": 2, "cap": 6}]);
    rejects(
        &with(
            Some(json!({"percentBp": 500, "capsByPlayersDealt": steps})),
            None,
        ),
        &["/rake/capsByPlayersDealt/2/minPlayers"],
    )
    .await;
}

#[tokio::test]
async fn status_422_players_dealt_below_the_players_of_the_hand() {
    rejects(
        &with(Some(json!({"percentBp": 500, "playersDealt": 1})), None),
        &["/rake/playersDealt"],
    )
    .await;
}

#[tokio::test]
async fn status_422_unknown_rounding_spread_or_attribution() {
    let r = settle(&with(
        Some(
            json!({"percentBp": 500, "rounding": "ceiling", "spread": "sidePotFirst",
                    "attribution": "button"}),
        ),
        None,
    ))
    .await;
    assert_eq!(r.status, 422);
    assert_eq!(
        r.pointers(),
        ["/rake/rounding", "/rake/spread", "/rake/attribution"]
    );
    let messages = r.json()["errors"].to_string();
    assert!(messages.contains("\\\"up\\\""), "{messages}");
    assert!(messages.contains("mainFirst"), "{messages}");
    assert!(messages.contains("weightedContributed"), "{messages}");
}

#[tokio::test]
async fn status_422_every_bad_field_at_once_with_the_hands_own_problems() {
    let mut body = with(
        Some(json!({"percentBp": 20_000, "cap": 1, "capsByPlayersDealt": [], "rounding": "x"})),
        Some(json!({"amount": 1u64 << 54})),
    );
    body["players"][0]["seat"] = json!(0);
    rejects(
        &body,
        &[
            "/players/0/seat",
            "/rake/percentBp",
            "/rake/capsByPlayersDealt",
            "/rake/rounding",
            "/jackpot/amount",
        ],
    )
    .await;
}

#[tokio::test]
async fn status_400_wrong_shape_or_unknown_field_in_rake_or_jackpot() {
    for body in [
        with(Some(json!({"percentBp": 500, "capp": 5})), None),
        with(Some(json!({"cap": 5})), None),
        with(Some(json!({"percentBp": -1})), None),
        with(None, Some(json!({"amount": 1, "min_pot": 5}))),
        with(
            Some(json!({"percentBp": 500, "capsByPlayersDealt": [{"cap": 5}]})),
            None,
        ),
    ] {
        let r = settle(&body).await;
        assert_eq!(
            r.status,
            400,
            "{body}: {}",
            String::from_utf8_lossy(&r.body)
        );
    }
}

#[tokio::test]
async fn raked_answer_adds_the_fields_only_when_asked() {
    // API.md's pot of 601 at 5 %: 30 (down), weights 300/300, 15 each.
    let r = settle(&with(Some(json!({"percentBp": 500})), None)).await;
    assert_eq!(r.status, 200);
    let d = &r.json()["data"];
    assert_eq!(
        d["rake"],
        json!({"amount": 30, "contributions": {"agent-a": 15, "agent-b": 15}})
    );
    assert_eq!(d["pots"][0]["amount"], 601);
    assert_eq!(d["pots"][0]["rake"], 30);
    assert!(d.get("jackpot").is_none() && d["pots"][0].get("jackpot").is_none());
    // 571 two ways: the odd chip still goes first left of the button.
    assert_eq!(
        d["pots"][0]["shares"][0],
        json!({"agentId": "agent-b", "half": "whole", "amount": 286, "oddChips": 1})
    );
    assert_eq!(
        d["finalChipStacks"],
        json!({"agent-a": 985, "agent-b": 986})
    );

    let plain = settle(&api_example()).await.json();
    let d = &plain["data"];
    assert!(d.get("rake").is_none() && d["pots"][0].get("rake").is_none());
}

#[tokio::test]
async fn jackpot_alone_and_no_flop_no_drop_on_a_short_board() {
    // A jackpot without a rake: the drop, attributed by weight.
    let r = settle(&with(None, Some(json!({"amount": 100, "minPot": 601})))).await;
    let d = &r.json()["data"];
    assert_eq!(
        d["jackpot"],
        json!({"amount": 100, "contributions": {"agent-a": 50, "agent-b": 50}})
    );
    assert_eq!(d["pots"][0]["jackpot"], 100);
    assert!(d.get("rake").is_none());

    // Everyone but one folded before the flop: the board is short, no take.
    let mut body = with(
        Some(json!({"percentBp": 500})),
        Some(json!({"amount": 100})),
    );
    body["board"] = json!([]);
    body["players"][0]["folded"] = json!(true);
    let d = settle(&body).await.json()["data"].clone();
    assert_eq!(d["rake"]["amount"], 0);
    assert_eq!(d["jackpot"]["amount"], 0);

    // With the switch off, the same hand is raked.
    body["rake"]["noFlopNoDrop"] = json!(false);
    let d = settle(&body).await.json()["data"].clone();
    assert_eq!(d["rake"]["amount"], 30);
    assert_eq!(d["jackpot"]["amount"], 0);
}

#[tokio::test]
async fn the_openapi_raked_example_settles() {
    let doc: Value = serde_json::from_str(&showdown_server::cli::openapi_text()).unwrap();
    let examples = &doc["paths"]["/v1/settle"]["post"]["requestBody"]["content"]
        ["application/json"]["examples"];
    let raked = &examples["raked"]["value"];
    assert!(raked["rake"].is_object(), "{examples}");
    let r = settle(raked).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert!(r.json()["data"]["rake"]["amount"].as_u64() > Some(0));
    let plain = &examples["API.md"]["value"];
    assert_eq!(settle(plain).await.status, 200);
}

/// The PokerStars hand of RULES.md §8.5 in cents: pots 315 and 358, 5 %
/// down capped at 30. Each spread over HTTP: the pots' `rake`, the side
/// pot winner's net, the same `rake.amount`; `proportional` named or left
/// out answers alike.
#[tokio::test]
async fn rules_8_5_each_spread_over_http_on_the_worked_example() {
    let base = golden_request("rules-8-5-proportional-14-and-16-pots-315-and-358-cap-30");
    let cases = [
        (None, [14, 16]),
        (Some("proportional"), [14, 16]),
        (Some("mainFirst"), [15, 15]),
        (Some("lastFirst"), [13, 17]),
    ];
    let mut answers = Vec::new();
    for (spread, want) in cases {
        let mut body = base.clone();
        match spread {
            Some(s) => body["rake"]["spread"] = json!(s),
            None => {
                body["rake"].as_object_mut().unwrap().remove("spread");
            }
        }
        let r = settle(&body).await;
        assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
        let d = r.json()["data"].clone();
        let rakes: Vec<u64> = d["pots"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["rake"].as_u64().unwrap())
            .collect();
        assert_eq!(rakes, want, "{spread:?}");
        assert_eq!(d["rake"]["amount"], json!(30), "{spread:?}");
        assert_eq!(d["pots"][1]["shares"][0]["amount"], json!(358 - want[1]));
        answers.push(r.body);
    }
    assert_eq!(answers[0], answers[1], "proportional is the default");
}

/// RULES.md §8.3 `up` over HTTP: 5 % of a 10-chip pot takes 1.
#[tokio::test]
async fn rules_8_3_rounding_up_over_http() {
    let body = golden_request("rules-8-3-up-five-percent-of-10-takes-1");
    let r = settle(&body).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.json()["data"]["rake"]["amount"], json!(1));
    let mut down = body.clone();
    down["rake"]["rounding"] = json!("down");
    assert_eq!(
        settle(&down).await.json()["data"]["rake"]["amount"],
        json!(0)
    );
}

/// RULES.md §8.5 in `explain`: the steps cite §8.5 and say which way the
/// rake came off; the rake steps still add up to `rake.amount`.
#[tokio::test]
async fn rules_8_5_explain_cites_the_spread_and_why_each_pot_paid() {
    let body = golden_request("explain-rules-8-5-main-first-15-and-15-pots-315-and-358-cap-30");
    let d = settle(&body).await.json()["data"].clone();
    let rake_steps: Vec<&Value> = d["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["rule"] == "rake")
        .collect();
    assert_eq!(rake_steps.len(), 2);
    let total: u64 = rake_steps
        .iter()
        .map(|s| s["amount"].as_u64().unwrap())
        .sum();
    assert_eq!(json!(total), d["rake"]["amount"]);
    for s in &rake_steps {
        assert_eq!(s["source"], "RULES.md §8.5");
        assert!(
            s["text"].as_str().unwrap().contains("main pot first"),
            "{s}"
        );
    }
    assert!(rake_steps[0]["text"]
        .as_str()
        .unwrap()
        .contains("on its own 315"));
    assert!(rake_steps[1]["text"].as_str().unwrap().contains("673"));
}
