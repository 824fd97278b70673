//! RULES.md §14.1-14.4 over HTTP: prize money at the showdown (the settle
//! route's `tournament.prizes`) and hand for hand (`POST /v1/prizes`).
//! Each rule and worked example is a test named after it; the prizes
//! route's golden files are `tests/golden-prizes/<name>.{request,response}.json`
//! (as `showdown prizes FILE` prints them), the settle route's are in
//! `tests/golden` (`*rules-14-*`, compared by `golden.rs`). Every test
//! also asserts the amounts it is about, worked out by hand.

use crate::common::{post_json, settle, Reply};
use crate::tables::golden_at;
use serde_json::{json, Value};
use showdown_contract::prizes::PrizesResponse;

async fn prizes(body: &Value) -> Reply {
    post_json(
        showdown_server::app(showdown_server::AppState::default()),
        "/v1/prizes",
        body,
    )
    .await
}

async fn golden(name: &str) -> Value {
    golden_at::<PrizesResponse>("golden-prizes", "/v1/prizes", name).await
}

/// (id, order, places, prize) of one elimination.
type Row = (String, u64, [u64; 2], u64);

/// [`Row`] of every elimination.
fn finishes(answer: &Value) -> Vec<Row> {
    answer["eliminations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let places = &e["places"];
            (
                e["agentId"].as_str().unwrap().to_string(),
                e["order"].as_u64().unwrap(),
                [places[0].as_u64().unwrap(), places[1].as_u64().unwrap()],
                e["prize"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn row(id: &str, order: u64, places: [u64; 2], prize: u64) -> Row {
    (id.to_string(), order, places, prize)
}

/// Worked example 14.1's hand: B (seat 3) and C (seat 5) start with 2,000
/// chips each and lose to A; button seat 1; six left.
fn hand_14_1(tournament: Value) -> Value {
    json!({"variant": "holdem", "buttonSeat": 1, "board": ["2c", "7d", "9h", "Js", "3c"],
        "tournament": tournament, "players": [
        {"id": "a", "seat": 1, "stack": 10000, "committed": 2000, "cards": ["As", "Ad"]},
        {"id": "b", "seat": 3, "stack": 2000, "committed": 2000, "cards": ["Ks", "Kd"]},
        {"id": "c", "seat": 5, "stack": 2000, "committed": 2000, "cards": ["Qs", "Qd"]}]})
}

#[tokio::test]
async fn worked_14_1_shared_places_half_each_over_http() {
    let t = json!({"playersLeft": 6, "prizes": [50000, 30000, 20000, 10000, 7000, 4500]});
    let r = settle(&hand_14_1(t)).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let data = &r.json()["data"];
    assert_eq!(
        finishes(data),
        vec![row("b", 1, [5, 6], 5750), row("c", 1, [5, 6], 5750)]
    );
    assert_eq!(data["prizeCash"], json!({"b": 5750, "c": 5750}));
}

#[tokio::test]
async fn worked_14_1_odd_cent_to_b_met_first_after_the_button() {
    let t = json!({"playersLeft": 6, "prizes": [50000, 30000, 20000, 10000, 7000, 4501]});
    let data = settle(&hand_14_1(t)).await.json()["data"].clone();
    assert_eq!(data["prizeCash"], json!({"b": 5751, "c": 5750}));
}

#[tokio::test]
async fn worked_14_1_tied_places_seat_b_5th_c_6th() {
    let t = json!({"playersLeft": 6, "tiedPlaces": "seat",
        "prizes": [50000, 30000, 20000, 10000, 7000, 4500]});
    let data = settle(&hand_14_1(t)).await.json()["data"].clone();
    assert_eq!(
        finishes(&data),
        vec![row("b", 1, [5, 5], 7000), row("c", 2, [6, 6], 4500)]
    );
}

#[tokio::test]
async fn rules_14_3_tied_places_seat_orders_without_prizes_too() {
    let t = json!({"playersLeft": 6, "tiedPlaces": "seat"});
    let data = settle(&hand_14_1(t)).await.json()["data"].clone();
    let e = &data["eliminations"];
    assert_eq!(
        (e[0]["agentId"].clone(), e[0]["places"].clone()),
        (json!("b"), json!([5, 5]))
    );
    assert_eq!(
        (e[1]["agentId"].clone(), e[1]["places"].clone()),
        (json!("c"), json!([6, 6]))
    );
    assert!(e[0].get("prize").is_none() && data.get("prizeCash").is_none());
}

#[tokio::test]
async fn worked_14_3_last_hand_pays_second_and_first_prize() {
    let body = json!({"variant": "holdem", "buttonSeat": 1, "board": ["2c", "7d", "9h", "Js", "3c"],
        "tournament": {"playersLeft": 2, "prizes": [90000, 60000]}, "players": [
        {"id": "a", "seat": 1, "stack": 6000, "committed": 4000, "cards": ["As", "Ad"]},
        {"id": "b", "seat": 2, "stack": 4000, "committed": 4000, "cards": ["Ks", "Kd"]}]});
    let data = settle(&body).await.json()["data"].clone();
    assert_eq!(data["tournamentWinner"], json!("a"));
    assert_eq!(data["prizeCash"], json!({"a": 90000, "b": 60000}));
    assert_eq!(finishes(&data), vec![row("b", 1, [2, 2], 60000)]);
}

#[tokio::test]
async fn rules_14_2_a_hand_without_prizes_answers_as_before() {
    let data = settle(&hand_14_1(json!({"playersLeft": 6}))).await.json()["data"].clone();
    assert!(data.get("prizeCash").is_none());
    assert!(data["eliminations"][0].get("prize").is_none());
}

#[tokio::test]
async fn rules_14_2_explain_prize_steps_say_how_a_shared_prize_divided() {
    let t = json!({"playersLeft": 6, "prizes": [50000, 30000, 20000, 10000, 7000, 4501]});
    let mut body = hand_14_1(t);
    body["explain"] = json!(true);
    let data = settle(&body).await.json()["data"].clone();
    let steps: Vec<&Value> = data["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["rule"] == "prize")
        .collect();
    assert_eq!(steps.len(), 2);
    assert_eq!(
        (steps[0]["amount"].clone(), steps[1]["amount"].clone()),
        (json!(5751), json!(5750))
    );
    let text = steps[0]["text"].as_str().unwrap();
    assert!(
        text.contains("11501") && text.contains("seat order after the button"),
        "{text}"
    );
}

#[tokio::test]
async fn rules_14_9_settle_route_refusals_point_at_the_field() {
    let cases = [
        (json!({"prizes": [100]}), "/tournament/prizes"),
        (
            json!({"playersLeft": 6, "prizes": [100, 200]}),
            "/tournament/prizes/1",
        ),
        (
            json!({"playersLeft": 6, "prizes": [100, 55], "prizeUnit": 10}),
            "/tournament/prizes/1",
        ),
        (
            json!({"playersLeft": 6, "prizes": [100], "prizeUnit": 0}),
            "/tournament/prizeUnit",
        ),
        (
            json!({"playersLeft": 6, "tiedPlaces": "seats"}),
            "/tournament/tiedPlaces",
        ),
        (
            json!({"playersLeft": 6, "prizes": [9007199254740991u64, 1]}),
            "/tournament/prizes",
        ),
    ];
    for (t, pointer) in cases {
        let r = settle(&hand_14_1(t.clone())).await;
        assert_eq!(r.status, 422, "{t}");
        let errors = r.json()["errors"].clone();
        assert!(
            errors
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["pointer"] == pointer),
            "{t}: {errors}"
        );
    }
    let many = json!({"playersLeft": 6, "prizes": vec![0; 10_001]});
    let r = settle(&hand_14_1(many)).await;
    assert_eq!(r.status, 422);
    assert_eq!(r.json()["errors"][0]["pointer"], "/tournament/prizes");
}

#[tokio::test]
async fn rules_14_4_api_md_example() {
    let a = golden("api-md-example").await;
    assert_eq!(
        finishes(&a),
        vec![
            row("p2", 1, [10, 10], 2000),
            row("p7", 2, [11, 12], 1500),
            row("p9", 2, [11, 12], 1500)
        ]
    );
    assert_eq!(a["playersLeft"], 9);
}

/// The prize unit is the tournament's (TOURNAMENT.md): a shared prize is
/// divided in whole units, so 11,500 shared by two is 5800 and 5700 in
/// units of 100, 5750 each in units of 1. The listing follows the house's
/// order (no `tieBreak`: the ids).
#[tokio::test]
async fn rules_14_2_the_prize_unit_decides_a_shared_prize() {
    let body = |unit: u64| {
        json!({"playersLeft": 3, "prizes": [50_000, 6_000, 5_500], "prizeUnit": unit,
            "players": [{"id": "b", "stack": 10}, {"id": "a", "stack": 10}]})
    };
    let r = prizes(&body(100)).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let want = vec![row("a", 1, [2, 3], 5800), row("b", 1, [2, 3], 5700)];
    assert_eq!(finishes(&r.json()), want);
    let r = prizes(&body(1)).await;
    let want = vec![row("a", 1, [2, 3], 5750), row("b", 1, [2, 3], 5750)];
    assert_eq!(finishes(&r.json()), want);
}

#[tokio::test]
async fn rules_14_4_split_odd_cent_goes_by_tie_break() {
    let a = golden("rules-14-4a-hand-for-hand-split-odd-cent-by-tie-break").await;
    assert_eq!(
        finishes(&a),
        vec![
            row("t1-seat3", 1, [5, 6], 5751),
            row("t2-seat5", 1, [5, 6], 5750)
        ]
    );
}

#[tokio::test]
async fn rules_14_4_seat_places_equal_stacks_by_tie_break() {
    let a = golden("rules-14-4b-hand-for-hand-seat-by-tie-break").await;
    assert_eq!(
        finishes(&a),
        vec![
            row("t1-seat8", 1, [4, 4], 10000),
            row("t1-seat3", 2, [5, 5], 7000),
            row("t2-seat5", 3, [6, 6], 4500)
        ]
    );
    assert_eq!(
        a["prizeCash"],
        json!({"t1-seat3": 7000, "t1-seat8": 10000, "t2-seat5": 4500})
    );
}

#[tokio::test]
async fn rules_14_2_units_of_100_odd_unit_by_id_and_nothing_past_the_table() {
    let a = golden("rules-14-2-units-of-100-odd-unit-by-id-5th-pays-0").await;
    assert_eq!(
        finishes(&a),
        vec![
            row("a", 1, [3, 4], 5100),
            row("b", 1, [3, 4], 5000),
            row("c", 3, [5, 5], 0)
        ]
    );
    assert_eq!(a["prizeCash"], json!({"a": 5100, "b": 5000}));
}

#[tokio::test]
async fn rules_14_9_prizes_route_refusals_point_at_the_field() {
    let p =
        |players: Value| json!({"playersLeft": 4, "prizes": [300, 200, 100], "players": players});
    let mut seat = p(json!([{"id": "a", "stack": 5, "tieBreak": 1}, {"id": "b", "stack": 5}]));
    seat["tiedPlaces"] = json!("seat");
    let mut twice =
        p(json!([{"id": "a", "stack": 5, "tieBreak": 1}, {"id": "b", "stack": 5, "tieBreak": 1}]));
    twice["tiedPlaces"] = json!("seat");
    let cases = [
        (p(json!([])), "/players"),
        (
            json!({"playersLeft": 2, "prizes": [1], "players": [{"id": "a", "stack": 1}, {"id": "b", "stack": 1}]}),
            "/playersLeft",
        ),
        (p(json!([{"id": "a", "stack": 0}])), "/players/0/stack"),
        (
            p(json!([{"id": "a", "stack": 1}, {"id": "a", "stack": 2}])),
            "/players/1/id",
        ),
        (p(json!([{"id": "", "stack": 1}])), "/players/0/id"),
        (seat, "/players/1/tieBreak"),
        (twice, "/players/1/tieBreak"),
        (
            json!({"playersLeft": 4, "prizes": [1, 2], "players": [{"id": "a", "stack": 1}]}),
            "/prizes/1",
        ),
        (
            json!({"playersLeft": 4, "prizes": [1], "prizeUnit": 0, "players": [{"id": "a", "stack": 1}]}),
            "/prizeUnit",
        ),
        (
            json!({"playersLeft": 4, "prizes": [1], "tiedPlaces": "chop", "players": [{"id": "a", "stack": 1}]}),
            "/tiedPlaces",
        ),
        (
            json!({"playersLeft": 4, "prizes": vec![0; 10_001], "players": [{"id": "a", "stack": 1}]}),
            "/prizes",
        ),
    ];
    for (body, pointer) in cases {
        let r = prizes(&body).await;
        assert_eq!(r.status, 422, "{body}");
        let errors = r.json()["errors"].clone();
        assert!(
            errors
                .as_array()
                .unwrap()
                .iter()
                .any(|e| e["pointer"] == pointer),
            "{pointer}: {errors}"
        );
    }
    let shape =
        prizes(&json!({"playersLeft": 4, "prizes": [1], "players": [{"id": "a", "stack": -3}]}))
            .await;
    assert_eq!(shape.status, 400);
}

#[tokio::test]
async fn rules_14_9_amounts_near_2_pow_53_neither_overflow_nor_panic() {
    let max = 9007199254740991u64;
    let body = json!({"playersLeft": 3, "prizes": [max - 1, 1], "players": [
        {"id": "a", "stack": max}, {"id": "b", "stack": max}]});
    let a = prizes(&body).await;
    assert_eq!(a.status, 200, "{}", String::from_utf8_lossy(&a.body));
    let got = a.json();
    assert_eq!(got["prizeCash"], json!({"a": 1}));
    let over =
        json!({"playersLeft": max + 1, "prizes": [1], "players": [{"id": "a", "stack": max + 1}]});
    let r = prizes(&over).await;
    assert_eq!(r.status, 422);
}
