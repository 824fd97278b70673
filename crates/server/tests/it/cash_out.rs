//! All-in cash-outs over HTTP (API.md "Cash-outs and the bad-beat
//! jackpot"; RULES.md §10.5–10.6): the worked examples, each numbered rule,
//! every refusal as a 422 with its pointer, and the compute pool's 503.

use crate::common;

use common::{fill_compute_pool, golden_request, post_json, rejects, settle};
use serde_json::{json, Value};

fn example_10_2(board_b_wins: bool) -> Value {
    golden_request(if board_b_wins {
        "rules-10-2b-cash-out-on-the-flop-b-set-wins-house-keeps-53"
    } else {
        "rules-10-2a-cash-out-on-the-flop-a-flush-wins-house-pays-147"
    })
}

fn example_10_3() -> Value {
    golden_request("rules-10-3-cash-out-side-pot-c-on-the-flop-paid-142")
}

async fn data(body: &Value) -> Value {
    let r = settle(body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()["data"].clone()
}

fn without_cash_outs(body: &Value) -> Value {
    let mut b = body.clone();
    b.as_object_mut().unwrap().remove("cashOuts");
    b
}

/// Worked example 10.2: B cashes out on the flop at 67/90 of 200: V =
/// 148.89, A = 147. A's flush wins: B forfeits nothing, house −147. B's set
/// wins: 200 forfeited, house +53.
#[tokio::test]
async fn worked_example_10_2_flop_cash_out_pays_147_either_way() {
    for (b_wins, forfeited, balance, a_final) in [(false, 0, -147, 200), (true, 200, 53, 0)] {
        let d = data(&example_10_2(b_wins)).await;
        let c = &d["cashOuts"][0];
        assert_eq!(c["runouts"], json!(990));
        assert_eq!(
            c["pots"],
            json!([{"index": 0, "net": 200, "equity": {"numerator": 67, "denominator": 90}}])
        );
        assert_eq!(
            (c["value"].as_u64(), c["amount"].as_u64()),
            (Some(148), Some(147))
        );
        assert_eq!(c["forfeited"], json!(forfeited));
        assert_eq!(d["cashOutBalance"], json!(balance));
        assert_eq!(
            d["finalChipStacks"],
            json!({"agent-a": a_final, "agent-b": 147})
        );
    }
}

/// Worked example 10.3: C's equity is 4/7 of the main pot (150) and
/// 527/903 of the side pot (100), 903 runouts: V = 144.08, A = 142.
#[tokio::test]
async fn worked_example_10_3_side_pot_cash_out_pays_142() {
    let d = data(&example_10_3()).await;
    let c = &d["cashOuts"][0];
    assert_eq!(c["runouts"], json!(903));
    assert_eq!(
        c["pots"],
        json!([
            {"index": 0, "net": 150, "equity": {"numerator": 4, "denominator": 7}},
            {"index": 1, "net": 100, "equity": {"numerator": 527, "denominator": 903}}
        ])
    );
    assert_eq!(
        (c["value"].as_u64(), c["amount"].as_u64()),
        (Some(144), Some(142))
    );
}

/// §10.5.1 and §10.5.6: pots, shares, potBreakdown, rake and jackpot are
/// the same with and without the cash-out; only finalChipStacks and the
/// added fields differ.
#[tokio::test]
async fn rules_10_5_1_the_hand_settles_as_without_cash_outs() {
    for mut body in [example_10_2(true), example_10_3()] {
        body["rake"] = json!({"percentBp": 500, "cap": 3});
        let with = data(&body).await;
        let without = data(&without_cash_outs(&body)).await;
        for field in [
            "pots",
            "potBreakdown",
            "rake",
            "uncalled",
            "tie",
            "totalWinners",
        ] {
            assert_eq!(with[field], without[field], "{field}");
        }
        assert!(without.get("cashOuts").is_none() && without.get("cashOutBalance").is_none());
    }
}

/// §10.5.2–10.5.3: the net of a pot is after rake; A is the largest whole
/// chip at most V × (10000 − fee) / 10000, and a fee of 0 pays the value.
#[tokio::test]
async fn rules_10_5_3_amount_is_value_less_fee_rounded_down() {
    let mut body = example_10_2(true);
    body["rake"] = json!({"percentBp": 1000, "cap": 10});
    let c = data(&body).await["cashOuts"][0].clone();
    // net 190: V = 190 × 67/90 = 141.44; A = floor(140.03) = 140.
    assert_eq!(c["pots"][0]["net"], json!(190));
    assert_eq!(
        (c["value"].as_u64(), c["amount"].as_u64()),
        (Some(141), Some(140))
    );

    let mut body = example_10_2(true);
    body["cashOuts"][0]["feeBp"] = json!(0);
    let c = data(&body).await["cashOuts"][0].clone();
    assert_eq!(
        (c["value"].as_u64(), c["amount"].as_u64()),
        (Some(148), Some(148))
    );

    let mut body = example_10_2(true);
    body["chipUnit"] = json!(5);
    for p in body["players"].as_array_mut().unwrap() {
        p["stack"] = json!(100);
        p["committed"] = json!(100);
    }
    let c = data(&body).await["cashOuts"][0].clone();
    assert_eq!(
        (c["value"].as_u64(), c["amount"].as_u64()),
        (Some(145), Some(145))
    );
}

/// §10.5.4: the final stack is stack − committed − dead + returned + A;
/// an uncalled bet still comes back.
#[tokio::test]
async fn rules_10_5_4_final_stack_takes_the_amount_and_keeps_returns() {
    let mut body = example_10_2(true);
    body["players"][1]["stack"] = json!(500);
    body["players"][1]["committed"] = json!(300);
    let d = data(&body).await;
    assert_eq!(
        d["uncalled"],
        json!([{"agentId": "agent-b", "amount": 200}])
    );
    let a = d["cashOuts"][0]["amount"].as_u64().unwrap();
    assert_eq!(
        d["finalChipStacks"]["agent-b"].as_u64(),
        Some(500 - 300 + 200 + a)
    );
}

/// §10.5.5: several players cash out on their own terms; the balance is
/// Σ forfeited − Σ amount.
#[tokio::test]
async fn rules_10_5_5_several_players_each_on_their_own_terms() {
    let mut body = example_10_3();
    body["cashOuts"] = json!([
        {"agentId": "agent-c", "boardCards": 3},
        {"agentId": "agent-a", "boardCards": 0, "feeBp": 250}
    ]);
    let d = data(&body).await;
    let cs = d["cashOuts"].as_array().unwrap();
    assert_eq!(cs.len(), 2);
    assert_eq!(cs[1]["runouts"], json!(1_370_754));
    assert_eq!(
        cs[1]["pots"].as_array().unwrap().len(),
        1,
        "A is in the main pot only"
    );
    let sum = |k: &str| cs.iter().map(|c| c[k].as_i64().unwrap()).sum::<i64>();
    assert_eq!(
        d["cashOutBalance"].as_i64(),
        Some(sum("forfeited") - sum("amount"))
    );
    let total: u64 = d["finalChipStacks"]
        .as_object()
        .unwrap()
        .values()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(total as i64, 250 - d["cashOutBalance"].as_i64().unwrap());
}

/// §10.6: every refusal is a 422 at its pointer, all listed at once.
#[tokio::test]
async fn rules_10_6_refusals_are_422_with_pointers() {
    let mut body = example_10_3();
    body["cashOuts"] = json!([
        {"agentId": "agent-c", "boardCards": 5, "feeBp": 10001},
        {"agentId": "agent-c", "boardCards": 3},
        {"agentId": "nobody", "boardCards": 3}
    ]);
    rejects(
        &body,
        &[
            "/cashOuts/2/agentId",
            "/cashOuts/0/boardCards",
            "/cashOuts/0/feeBp",
            "/cashOuts/1/agentId",
        ],
    )
    .await;

    let mut body = example_10_3();
    body["players"][1]["folded"] = json!(true);
    body["players"][1]["cards"] = json!(null);
    body["cashOuts"] = json!([{"agentId": "agent-b", "boardCards": 3}]);
    rejects(&body, &["/cashOuts/0/agentId"]).await;

    let mut body = example_10_3();
    body["variant"] = json!("stud");
    body.as_object_mut().unwrap().remove("buttonSeat");
    body.as_object_mut().unwrap().remove("board");
    let r = settle(&body).await;
    assert_eq!(r.status, 422);
    assert!(
        r.pointers().contains(&"/cashOuts".to_string()),
        "{}",
        r.json()
    );

    let mut body = example_10_3();
    body.as_object_mut().unwrap().remove("board");
    body["boards"] = json!([
        ["7c", "6c", "2h", "Kh", "3d"],
        ["7c", "6c", "2h", "Jd", "4s"]
    ]);
    rejects(&body, &["/cashOuts"]).await;
}

/// A cash-out runs on the compute pool: with every slot taken the settle
/// is refused at once with 503 and Retry-After, while a plain settle of
/// the same hand still answers.
#[tokio::test]
async fn a_cash_out_with_the_pool_full_is_503_a_plain_settle_is_not() {
    let state = showdown_server::AppState::default();
    let held = fill_compute_pool(&state);
    let app = showdown_server::app(state);
    let r = post_json(app.clone(), "/v1/settle", &example_10_3()).await;
    assert_eq!(r.status, 503, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.headers.get("retry-after").unwrap(), "1");
    let r = post_json(
        app.clone(),
        "/v1/settle",
        &without_cash_outs(&example_10_3()),
    )
    .await;
    assert_eq!(r.status, 200);
    drop(held);
    let r = post_json(app, "/v1/settle", &example_10_3()).await;
    assert_eq!(r.status, 200);
}

/// §10.2: every live player's cards are known, also those of a live
/// player in no pot (here one who put nothing in): 52 − 6 − 3 = 43 cards
/// left, C(43, 2) = 903 runouts, not C(45, 2) = 990.
#[tokio::test]
async fn rules_10_2_a_live_hand_outside_every_pot_is_still_known() {
    let mut body = example_10_3();
    body["players"][0]["stack"] = json!(100);
    body["players"][0]["committed"] = json!(100);
    body["players"][2]["committed"] = json!(0);
    body["cashOuts"] = json!([{"agentId": "agent-a", "boardCards": 3}]);
    let c = data(&body).await["cashOuts"][0].clone();
    assert_eq!(c["runouts"], json!(903));
    assert_eq!(c["pots"].as_array().unwrap().len(), 1);
}

/// RULES.md §10.5.3 on worked example 10.3 (V = 144.08): `down` pays 142,
/// a fee of 2; `nearest` takes 1 % of 144 to the nearest chip, 1, and pays
/// 143. The fee is reported when `feeRounding` is named, never otherwise.
#[tokio::test]
async fn rules_10_5_3_fee_rounding_down_or_nearest_and_the_fee_reported() {
    for (how, amount, fee) in [("down", 142, 2), ("nearest", 143, 1)] {
        let mut body = example_10_3();
        body["cashOuts"][0]["feeRounding"] = json!(how);
        let d = data(&body).await;
        let c = &d["cashOuts"][0];
        assert_eq!(
            (&c["value"], &c["amount"]),
            (&json!(144), &json!(amount)),
            "{how}"
        );
        assert_eq!(c["fee"], json!(fee), "{how}");
        assert_eq!(d["cashOutBalance"], json!(-amount), "{how}");
        assert_eq!(d["finalChipStacks"]["agent-c"], json!(amount), "{how}");
    }
    let d = data(&example_10_3()).await;
    assert!(d["cashOuts"][0].get("fee").is_none(), "{d}");
}

#[tokio::test]
async fn rules_10_5_3_unknown_fee_rounding_is_422_at_its_pointer() {
    let mut body = example_10_3();
    body["cashOuts"][0]["feeRounding"] = json!("halfEven");
    body["cashOuts"][0]["feeBp"] = json!(10_001);
    rejects(&body, &["/cashOuts/0/feeBp", "/cashOuts/0/feeRounding"]).await;
    // A number is the wrong shape: 400.
    body["cashOuts"][0]["feeRounding"] = json!(1);
    assert_eq!(settle(&body).await.status, 400);
}

/// The cash-out step names the fee and its rounding when asked for it.
#[tokio::test]
async fn rules_10_5_3_the_cash_out_step_names_the_fee() {
    let mut body = example_10_3();
    body["cashOuts"][0]["feeRounding"] = json!("nearest");
    body["explain"] = json!(true);
    let d = data(&body).await;
    let steps = d["explanation"].as_array().unwrap();
    let step = steps.iter().find(|s| s["rule"] == "cash-out").unwrap();
    assert_eq!(step["amount"], json!(143));
    let text = step["text"].as_str().unwrap();
    assert!(text.contains("fee of 1 ("), "{text}");
    assert!(text.contains("nearest chip"), "{text}");
}
