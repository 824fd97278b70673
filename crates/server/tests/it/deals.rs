//! RULES.md §14.5-14.7 and §14.9 over HTTP: `POST /v1/deals`. The golden
//! files are `tests/golden-deals/<name>.{request,response}.json` (the
//! answer as `showdown deals FILE` prints it); besides the byte-for-byte
//! comparison each test asserts the amounts worked out by hand.

use crate::common::{post_json, Reply};
use crate::tables::golden_at;
use proptest::prelude::*;
use serde_json::{json, Value};
use showdown_contract::deal::DealResponse;

fn app() -> axum::Router {
    showdown_server::app(showdown_server::AppState::default())
}

async fn deals(body: &Value) -> Reply {
    post_json(app(), "/v1/deals", body).await
}

async fn golden(name: &str) -> Value {
    golden_at::<DealResponse>("golden-deals", "/v1/deals", name).await
}

/// (agentId, amount, oddUnits) of every share, in the answer's order.
fn shares(a: &Value) -> Vec<(String, u64, u64)> {
    a["shares"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["agentId"].as_str().unwrap().to_string(),
                s["amount"].as_u64().unwrap(),
                s["oddUnits"].as_u64().unwrap(),
            )
        })
        .collect()
}

fn s(v: &[(&str, u64, u64)]) -> Vec<(String, u64, u64)> {
    v.iter().map(|&(a, b, c)| (a.to_string(), b, c)).collect()
}

#[tokio::test]
async fn rules_14_4_icm_example_answers_61786_48500_39714() {
    let a = golden("rules-14-4-icm-three-players").await;
    assert_eq!(a["method"], "icm");
    assert_eq!(a["total"], 150_000);
    assert_eq!(a["setAside"], 0);
    assert_eq!(
        shares(&a),
        s(&[("a", 61_786, 1), ("b", 48_500, 0), ("c", 39_714, 0)])
    );
}

#[tokio::test]
async fn rules_14_5_chip_chop_example_answers_650_470_380_dollars_by_stack() {
    // The request lists c, a, b: the answer is by stack.
    let a = golden("rules-14-5-chip-chop-three-players").await;
    assert_eq!(
        shares(&a),
        s(&[("a", 65_000, 0), ("b", 47_000, 0), ("c", 38_000, 0)])
    );
}

#[tokio::test]
async fn rules_14_6_equal_stacks_example_gives_a_b_c_the_odd_units() {
    let a = golden("rules-14-6-equal-stacks-icm").await;
    assert_eq!(
        shares(&a),
        s(&[("a", 3, 1), ("b", 3, 1), ("c", 3, 1), ("d", 2, 0)])
    );
}

#[tokio::test]
async fn rules_14_7_set_aside_example_divides_140000() {
    let a = golden("rules-14-7-set-aside-icm").await;
    assert_eq!(a["total"], 140_000);
    assert_eq!(a["setAside"], 10_000);
    assert_eq!(
        shares(&a),
        s(&[("a", 56_786, 1), ("b", 45_500, 0), ("c", 37_714, 0)])
    );
}

/// With one place still paid there is no second prize: `setAside` may be
/// the whole first prize (places past the list pay 0), and no more.
#[tokio::test]
async fn rules_14_5_set_aside_with_one_place_left_is_at_most_the_first_prize() {
    let body = |aside: u64| {
        json!({"method": "icm", "prizes": [100_000], "prizeUnit": 100, "setAside": aside,
            "players": players(&[5, 3, 2])})
    };
    let r = deals(&body(40_000)).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let a = r.json();
    assert_eq!(a["total"], 60_000);
    assert_eq!(
        shares(&a),
        s(&[("p0", 30_000, 0), ("p1", 18_000, 0), ("p2", 12_000, 0)])
    );
    let r = deals(&body(100_000)).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.json()["total"], 0);
    refused(&body(100_100), &["/setAside"]).await;
}

#[tokio::test]
async fn rules_14_7_equal_odd_cents_go_by_stack_then_id() {
    // 200000 / 3 = 66666 and 2 cents: p3 (9000 chips), then p1 before p2.
    let a = golden("equal-split-odd-cents-by-stack-then-id").await;
    assert_eq!(
        shares(&a),
        s(&[("p3", 66_667, 1), ("p1", 66_667, 1), ("p2", 66_666, 0)])
    );
}

#[tokio::test]
async fn rules_14_5_icm_six_players_three_paid_in_dollars() {
    let a = golden("icm-dollars-six-handed-short-table").await;
    let got = shares(&a);
    assert_eq!(got.iter().map(|s| s.1).sum::<u64>(), 1_000_000);
    assert!(got.iter().all(|s| s.1 % 100 == 0));
    assert!(got.windows(2).all(|w| w[0].1 >= w[1].1));
    // bob and cy have equal stacks: equal shares but for one odd dollar.
    assert!(got[1].1.abs_diff(got[2].1) <= 100, "{got:?}");
}

async fn refused(body: &Value, pointers: &[&str]) {
    let r = deals(body).await;
    assert_eq!(r.status, 422, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(r.pointers(), pointers, "{}", r.json());
}

fn players(stacks: &[u64]) -> Value {
    stacks
        .iter()
        .enumerate()
        .map(|(i, &s)| json!({"id": format!("p{i}"), "stack": s}))
        .collect()
}

#[tokio::test]
async fn rules_14_9_deal_refusals_point_at_each_fault() {
    let ok = json!({"method": "icm", "prizes": [300, 200, 100], "players": players(&[3, 2, 1])});
    let with = |f: &dyn Fn(&mut Value)| {
        let mut b = ok.clone();
        f(&mut b);
        b
    };
    refused(&with(&|b| b["method"] = json!("ICM")), &["/method"]).await;
    let r = deals(&with(&|b| b["method"] = json!("chipchop"))).await;
    assert!(
        r.errors()[0].1.contains("did you mean \"chipChop\""),
        "{:?}",
        r.errors()
    );
    refused(
        &with(&|b| b["players"] = players(&[3])),
        &["/players", "/prizes"],
    )
    .await;
    refused(&with(&|b| b["prizes"] = json!([4, 3, 2, 1])), &["/prizes"]).await;
    refused(&with(&|b| b["prizes"] = json!([100, 200])), &["/prizes/1"]).await;
    refused(&with(&|b| b["prizeUnit"] = json!(0)), &["/prizeUnit"]).await;
    refused(
        &with(&|b| b["prizeUnit"] = json!(7)),
        &["/prizes/0", "/prizes/1", "/prizes/2"],
    )
    .await;
    refused(
        &with(&|b| b["players"][1]["stack"] = json!(0)),
        &["/players/1/stack"],
    )
    .await;
    refused(
        &with(&|b| b["players"][2]["id"] = json!("p0")),
        &["/players/2/id"],
    )
    .await;
    refused(
        &with(&|b| b["players"][2]["id"] = json!("")),
        &["/players/2/id"],
    )
    .await;
    refused(&with(&|b| b["setAside"] = json!(101)), &["/setAside"]).await;
    refused(
        &with(&|b| {
            b["prizeUnit"] = json!(50);
            b["setAside"] = json!(25);
            b["prizes"] = json!([300, 200, 100]);
        }),
        &["/setAside"],
    )
    .await;
    let big = 1u64 << 52;
    refused(&with(&|b| b["prizes"] = json!([big, big])), &["/prizes"]).await;
    refused(
        &with(&|b| b["players"] = players(&[1 << 52, 1 << 52, 1])),
        &["/players"],
    )
    .await;
    // Negative or fractional amounts are the body's shape: 400.
    let r = deals(&with(&|b| b["setAside"] = json!(-1))).await;
    assert_eq!(r.status, 400);
    let r = deals(&with(&|b| b["players"][0]["seat"] = json!(1))).await;
    assert_eq!(r.status, 400, "unknown fields are refused");
}

#[tokio::test]
async fn rules_14_9_bounds_21_icm_players_10001_others_and_10001_prizes() {
    let stacks: Vec<u64> = (1..=21).collect();
    refused(
        &json!({"method": "icm", "prizes": [100], "players": players(&stacks)}),
        &["/players"],
    )
    .await;
    let many = players(&vec![3; 10_001]);
    refused(
        &json!({"method": "chipChop", "prizes": [100], "players": many}),
        &["/players"],
    )
    .await;
    let prizes = vec![1; 10_001];
    refused(
        &json!({"method": "equal", "prizes": prizes, "players": players(&[1, 2])}),
        &["/prizes"],
    )
    .await;
    // 10,000 of each is answered.
    let r = deals(&json!({"method": "chipChop", "prizes": vec![5; 10_000], "players": players(&vec![7; 10_000])})).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    assert_eq!(shares(&r.json()).iter().map(|s| s.1).sum::<u64>(), 50_000);
}

#[tokio::test]
async fn rules_14_6_icm_of_twenty_distinct_stacks_is_answered() {
    let stacks: Vec<u64> = (0..20u64).map(|i| 9_000_000 - i * 400_009).collect();
    let prizes: Vec<u64> = (0..20u64).map(|j| 50_000_000 / (j + 1)).collect();
    let r = deals(&json!({"method": "icm", "prizes": prizes, "players": players(&stacks)})).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    let got = shares(&r.json());
    assert_eq!(
        got.iter().map(|s| s.1).sum::<u64>(),
        prizes.iter().sum::<u64>()
    );
    assert!(got.windows(2).all(|w| w[0].1 >= w[1].1));
}

#[tokio::test]
async fn rules_14_6_a_share_2_pow_63_under_a_unit_is_placed_exactly() {
    // One stack near 2^53 and 19 small distinct ones, prizes X + 1 three
    // times then X: 127 bits cannot place the big stack's share, and the
    // exact integers of old grew without bound. The amounts agree with a
    // computation apart at 600 bits (make icm-crosscheck).
    let a = golden("icm-twenty-players-a-share-2-pow-63-under-a-unit").await;
    let got = shares(&a);
    assert_eq!(got.len(), 20);
    assert_eq!(got[0], ("p0".to_string(), 474_063_118_670_579, 1));
}

#[tokio::test]
async fn rules_14_6_thirteen_equal_stacks_are_answered_700000_each() {
    let prizes: Vec<u64> = (1..=13).rev().map(|j| j * 100_000).collect();
    let body = json!({"method": "icm", "prizes": prizes, "players": players(&[777; 13])});
    let r = deals(&body).await;
    assert_eq!(r.status, 200, "{}", r.json());
    assert!(shares(&r.json()).iter().all(|s| s.1 == 700_000 && s.2 == 0));
}

#[tokio::test]
async fn a_prize_written_as_a_decimal_is_told_to_be_a_whole_number() {
    let body = json!({"method": "icm", "prizes": [100.0], "players": players(&[3, 2])});
    let r = deals(&body).await;
    assert_eq!(r.status, 400, "{}", r.json());
    let errors = r.errors();
    assert_eq!(errors[0].0, "/prizes/0");
    assert!(
        errors[0].1.ends_with("without a decimal point or exponent"),
        "{:?}",
        errors
    );
    assert!(!errors[0].1.contains("too large"), "{:?}", errors);
}

#[tokio::test]
async fn rules_14_9_near_2_pow_53_answers_without_overflow() {
    let max = (1u64 << 53) - 1;
    for method in ["icm", "chipChop", "equal"] {
        let body =
            json!({"method": method, "prizes": [max - 1, 1], "players": players(&[max - 3, 2, 1])});
        let r = deals(&body).await;
        assert_eq!(
            r.status,
            200,
            "{method}: {}",
            String::from_utf8_lossy(&r.body)
        );
        assert_eq!(shares(&r.json()).iter().map(|s| s.1).sum::<u64>(), max);
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The order of `players` never changes an answer, byte for byte.
    #[test]
    fn rules_14_7_the_order_of_players_never_changes_the_answer(
        stacks in prop::collection::vec(1u64..6, 2..9),
        prizes in prop::collection::vec(0u64..50, 0..3),
        method in prop::sample::select(vec!["icm", "chipChop", "equal"]),
        seed in any::<u64>(),
    ) {
        let mut prizes = prizes;
        prizes.sort_unstable_by(|a, b| b.cmp(a));
        let body = json!({"method": method, "prizes": prizes, "players": players(&stacks)});
        let mut moved = body.clone();
        let list = moved["players"].as_array_mut().unwrap();
        let r = seed as usize % list.len();
        list.rotate_left(r);
        list.reverse();
        let (a, b) = runtime().block_on(async { (deals(&body).await, deals(&moved).await) });
        prop_assert_eq!(a.status, 200);
        prop_assert_eq!(a.body, b.body);
    }
}

/// A deal of 10,000 players is about 400 KB: the route reads it whole,
/// past the 64 KiB of a hand.
#[tokio::test]
async fn the_deals_route_reads_its_largest_request() {
    let many: Vec<Value> = (0..10_000)
        .map(|i| json!({"id": format!("player-number-{i:05}"), "stack": 1_000_000_000u64 + i}))
        .collect();
    let body =
        json!({"method": "chipChop", "prizes": vec![100_000_000u64; 10_000], "players": many});
    assert!(body.to_string().len() > 64 * 1024);
    let r = deals(&body).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
}

/// Every golden pair in `tests/golden-deals`, byte for byte, and each
/// answer's amounts add up to its total.
#[tokio::test]
async fn every_golden_deal_matches_byte_for_byte() {
    let dir = crate::tables::dir("golden-deals");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().to_string();
            name.strip_suffix(".request.json").map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 6, "{names:?}");
    for name in names {
        let a = golden(&name).await;
        let paid: u64 = shares(&a).iter().map(|s| s.1).sum();
        assert_eq!(paid, a["total"].as_u64().unwrap(), "{name}");
    }
}
