//! The all-in expectation over HTTP (API.md "All-in expectation"; RULES.md
//! §17): worked example 17.1, each numbered rule, every refusal as a 422
//! with its pointer, and the answer without `allInEv` unchanged.

use crate::common;

use common::{post_json, rejects, settle};
use serde_json::{json, Value};

/// Worked example 17.1: A (Ah Ad) and B (Kh Kd) all in before the flop
/// for 1000 each; the board gives B a king.
fn example_17_1() -> Value {
    json!({
        "variant": "holdem",
        "buttonSeat": 2,
        "board": ["Kc", "7s", "2d", "9h", "3c"],
        "players": [
            {"id": "a", "seat": 1, "stack": 1000, "committed": 1000, "cards": ["Ah", "Ad"]},
            {"id": "b", "seat": 2, "stack": 1000, "committed": 1000, "cards": ["Kh", "Kd"]}
        ],
        "allInEv": {"boardCards": 0}
    })
}

async fn data(body: &Value) -> Value {
    let r = settle(body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()["data"].clone()
}

#[tokio::test]
async fn worked_example_17_1_aces_against_kings_before_the_flop() {
    let d = data(&example_17_1()).await;
    assert_eq!(
        d["allInEv"],
        json!([
            {"agentId": "a",
             "expected": {"numerator": 176873750, "denominator": 107019, "chips": 1653},
             "won": 0,
             "luck": {"numerator": -176873750, "denominator": 107019, "chips": -1653}},
            {"agentId": "b",
             "expected": {"numerator": 37164250, "denominator": 107019, "chips": 347},
             "won": 2000,
             "luck": {"numerator": 176873750, "denominator": 107019, "chips": 1653}}
        ])
    );
    // The equity route quotes the same hands the same way (RULES.md §10).
    let eq = post_json(
        showdown_server::app(showdown_server::AppState::new(Default::default())),
        "/v1/equity",
        &json!({"variant": "holdem", "board": [], "players": [
            {"id": "a", "cards": ["Ah", "Ad"]}, {"id": "b", "cards": ["Kh", "Kd"]}]}),
    )
    .await;
    assert_eq!(eq.status, 200, "{}", String::from_utf8_lossy(&eq.body));
    let quoted = &eq.json()["players"];
    assert_eq!(
        quoted[0]["equity"],
        json!({"numerator": 707495, "denominator": 856152})
    );
    assert_eq!(
        quoted[1]["equity"],
        json!({"numerator": 148657, "denominator": 856152})
    );
}

/// §17.3: the chips of the answer are those without `allInEv`, which adds
/// one field and changes no other byte.
#[tokio::test]
async fn rules_17_3_the_expectation_changes_no_chip_of_the_answer() {
    let with = data(&example_17_1()).await;
    let mut body = example_17_1();
    body.as_object_mut().unwrap().remove("allInEv");
    let without = data(&body).await;
    let mut stripped = with.clone();
    stripped.as_object_mut().unwrap().remove("allInEv");
    assert_eq!(stripped, without);
    assert!(without.get("allInEv").is_none());
}

/// §17.2-17.3: four players, three all in, two side pots and rake; the
/// flop is out.
/// The expectations add up to the pots' net total, luck to zero.
#[tokio::test]
async fn rules_17_3_three_way_with_side_pots_and_rake_sums_exactly() {
    let body = json!({
        "variant": "holdem",
        "buttonSeat": 3,
        "board": ["Qs", "Jd", "4c", "8h", "2s"],
        "players": [
            {"id": "short", "seat": 1, "stack": 300, "committed": 300, "cards": ["As", "Ks"]},
            {"id": "mid", "seat": 2, "stack": 700, "committed": 700, "cards": ["Qh", "Qd"]},
            {"id": "big", "seat": 3, "stack": 1500, "committed": 1500, "cards": ["Jh", "Tc"]},
            {"id": "deep", "seat": 4, "stack": 5000, "committed": 1500, "cards": ["9c", "8c"]}
        ],
        "rake": {"percentBp": 500, "cap": 150},
        "allInEv": {"boardCards": 3}
    });
    let d = data(&body).await;
    let entries = d["allInEv"].as_array().unwrap();
    assert_eq!(entries.len(), 4);
    let seats: Vec<&str> = entries
        .iter()
        .map(|e| e["agentId"].as_str().unwrap())
        .collect();
    assert_eq!(
        seats,
        ["deep", "short", "mid", "big"],
        "left of the button first"
    );
    let net: u64 = d["pots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            p["shares"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["amount"].as_u64().unwrap())
                .sum::<u64>()
        })
        .sum();
    let (expected, luck) = sums(entries);
    assert_eq!(
        expected,
        (i128::from(net), 1),
        "Σ expected = the pots' net total"
    );
    assert_eq!(luck, (0, 1), "Σ luck = 0");
    let won: u64 = entries.iter().map(|e| e["won"].as_u64().unwrap()).sum();
    assert_eq!(won, net);
}

/// Σ of the entries' `expected` and of their `luck`, exact, in lowest terms.
pub(crate) fn sums(entries: &[Value]) -> ((i128, i128), (i128, i128)) {
    let add = |acc: (i128, i128), f: &Value| {
        let num = |v: &Value| -> i128 {
            v.as_i64()
                .map(i128::from)
                .unwrap_or_else(|| v.as_str().unwrap().parse().unwrap())
        };
        add_fractions(acc, (num(&f["numerator"]), num(&f["denominator"])))
    };
    let expected = entries
        .iter()
        .fold((0, 1), |acc, e| add(acc, &e["expected"]));
    let luck = entries.iter().fold((0, 1), |acc, e| add(acc, &e["luck"]));
    (expected, luck)
}

/// `a/b + c/d` in lowest terms.
pub(crate) fn add_fractions((a, b): (i128, i128), (c, d): (i128, i128)) -> (i128, i128) {
    let (n, m) = (a * d + c * b, b * d);
    let g = gcd(n.abs(), m);
    (n / g, m / g)
}

fn gcd(a: i128, b: i128) -> i128 {
    if b == 0 {
        a.max(1)
    } else {
        gcd(b, a % b)
    }
}

/// §17.4: a cashed-out player's expectation is unchanged, their `won` is
/// the cash-out amount, and luck adds up to minus the house's balance.
#[tokio::test]
async fn rules_17_4_beside_a_cash_out_luck_sums_to_minus_the_balance() {
    let mut body = example_17_1();
    body["cashOuts"] = json!([{"agentId": "a", "boardCards": 0, "feeBp": 100}]);
    let d = data(&body).await;
    let a = &d["allInEv"][0];
    assert_eq!(a["expected"]["numerator"], 176873750);
    assert_eq!(a["won"], d["cashOuts"][0]["amount"]);
    let (_, luck) = sums(d["allInEv"].as_array().unwrap());
    let balance = d["cashOutBalance"].as_i64().unwrap();
    assert_eq!(luck, (-i128::from(balance), 1));
}

/// §17.3: an uncontested hand answers its one player, `expected` = `won`.
#[tokio::test]
async fn rules_17_3_an_uncontested_hand_answers_its_one_player() {
    let body = json!({
        "variant": "holdem",
        "buttonSeat": 2,
        "players": [
            {"id": "a", "seat": 1, "stack": 1000, "committed": 50, "folded": true},
            {"id": "b", "seat": 2, "stack": 1000, "committed": 100}
        ],
        "allInEv": {"boardCards": 0}
    });
    let d = data(&body).await;
    assert_eq!(
        d["allInEv"],
        json!([{"agentId": "b",
                "expected": {"numerator": 100, "denominator": 1, "chips": 100},
                "won": 100,
                "luck": {"numerator": 0, "denominator": 1, "chips": 0}}])
    );
}

/// With `explain`, each entry has its `all-in-ev` step.
#[tokio::test]
async fn rules_17_3_explain_gives_each_entry_its_step() {
    let mut body = example_17_1();
    body["explain"] = json!(true);
    let d = data(&body).await;
    let steps: Vec<&Value> = d["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["rule"] == "all-in-ev")
        .collect();
    assert_eq!(steps.len(), 2);
    assert_eq!(steps[0]["amount"], 1653);
    assert_eq!(steps[0]["players"], json!(["a"]));
    assert!(
        steps[1]["text"].as_str().unwrap().contains("347"),
        "{}",
        steps[1]
    );
}

/// §17.5: every refusal is a 422 at its pointer.
#[tokio::test]
async fn rules_17_5_every_refusal_at_its_pointer() {
    let mut stud = json!({
        "variant": "stud",
        "players": [
            {"id": "a", "seat": 1, "stack": 100, "committed": 100,
             "cards": ["Ah", "Ad", "2c", "3c", "4d", "9s", "Jd"]},
            {"id": "b", "seat": 2, "stack": 100, "committed": 100,
             "cards": ["Kh", "Kd", "5c", "6c", "8d", "Ts", "Qd"]}
        ],
        "allInEv": {"boardCards": 0}
    });
    rejects(&stud, &["/allInEv"]).await;
    stud["allInEv"]["boardCards"] = json!(5);
    rejects(&stud, &["/allInEv", "/allInEv/boardCards"]).await;

    let mut five = example_17_1();
    five["allInEv"]["boardCards"] = json!(5);
    rejects(&five, &["/allInEv/boardCards"]).await;

    let mut twice = example_17_1();
    twice.as_object_mut().unwrap().remove("board");
    twice["boards"] = json!([
        ["Kc", "7s", "2d", "9h", "3c"],
        ["Kc", "7s", "2d", "Th", "4c"]
    ]);
    twice["allInEv"]["boardCards"] = json!(4);
    rejects(&twice, &["/allInEv/boardCards"]).await;
    twice["allInEv"]["boardCards"] = json!(3);
    assert_eq!(
        settle(&twice).await.status,
        200,
        "the boards share three cards"
    );

    let mut open = example_17_1();
    open["players"][0]["stack"] = json!(5000);
    open["players"][1]["stack"] = json!(5000);
    rejects(&open, &["/allInEv"]).await;
    open["players"][1]["stack"] = json!(1000);
    assert_eq!(
        settle(&open).await.status,
        200,
        "one player with chips behind"
    );

    let mut unknown = example_17_1();
    unknown["allInEv"]["street"] = json!("flop");
    assert_eq!(settle(&unknown).await.status, 400);
}

/// §17.4 with §15.8: the expectation is counted from every live hand, so
/// with `audience: table` none is mucked unseen, whatever `faceUp` says.
#[tokio::test]
async fn rules_17_4_every_live_hand_is_face_up_beside_the_expectation() {
    let mut body = example_17_1();
    body["showdown"] = json!({"lastAggressor": "b", "faceUp": "runOut", "audience": "table"});
    let d = data(&body).await;
    let shown: Vec<bool> = d["showdown"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["shown"].as_bool().unwrap())
        .collect();
    assert_eq!(shown, [true, true], "{}", d["showdown"]);
    body.as_object_mut().unwrap().remove("allInEv");
    let plain = data(&body).await;
    let mucked = plain["showdown"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["shown"] == false)
        .count();
    assert_eq!(
        mucked, 1,
        "without it the beaten hand is mucked: {}",
        plain["showdown"]
    );
}

/// The cash-outs' enumeration serves the expectation from the same board,
/// and one from another board is counted apart: `expected` is the same
/// whichever board the cash-out was taken on.
#[tokio::test]
async fn rules_17_4_the_expectation_does_not_depend_on_the_cash_outs_board() {
    let plain = data(&example_17_1()).await;
    for cash_out_board in [0, 3, 4] {
        let mut body = example_17_1();
        body["cashOuts"] = json!([{"agentId": "b", "boardCards": cash_out_board}]);
        let d = data(&body).await;
        for k in 0..2 {
            assert_eq!(
                d["allInEv"][k]["expected"], plain["allInEv"][k]["expected"],
                "{cash_out_board}"
            );
        }
        assert_eq!(d["allInEv"][1]["won"], d["cashOuts"][0]["amount"]);
    }
}

/// API.md: like a cash-out, the expectation enumerates run-outs on the
/// equity route's pool, and is refused at once (503) when that is full;
/// the same hand without `allInEv` is not.
#[tokio::test]
async fn api_md_all_in_ev_runs_on_the_equity_pool_and_is_shed_when_full() {
    let state = showdown_server::AppState::new(Default::default());
    let held = common::fill_compute_pool(&state);
    let app = showdown_server::app(state);
    let r = post_json(app.clone(), "/v1/settle", &example_17_1()).await;
    assert_eq!(r.status, 503, "{}", String::from_utf8_lossy(&r.body));
    let mut plain = example_17_1();
    plain.as_object_mut().unwrap().remove("allInEv");
    assert_eq!(
        post_json(app.clone(), "/v1/settle", &plain).await.status,
        200
    );
    drop(held);
    assert_eq!(
        post_json(app, "/v1/settle", &example_17_1()).await.status,
        200
    );
}

/// §17.3: "all in" is `committed + dead = stack`: a player whose last
/// chips went in as a dead ante is all in, and the betting had ended.
#[tokio::test]
async fn rules_17_3_a_dead_ante_counts_towards_all_in() {
    let mut body = example_17_1();
    body["players"][0]["stack"] = json!(1010);
    body["players"][1]["stack"] = json!(1010);
    rejects(&body, &["/allInEv"]).await;
    body["players"][0]["dead"] = json!(10);
    body["players"][1]["dead"] = json!(10);
    let d = data(&body).await;
    assert_eq!(d["allInEv"].as_array().unwrap().len(), 2);
}
