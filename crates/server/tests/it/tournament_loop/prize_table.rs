//! The guide's advice at the scale it is written for: a 12,000-player
//! event paying 10,000 places sends its whole prize table on every hand
//! (TOURNAMENT.md step 10). Far from the money a bust is paid 0; at the
//! last paid places the same table pays them; the bubble's hand for hand
//! sends it to `POST /v1/prizes`. Every body is over the 64 KiB default
//! and under the routes' 1 MiB.

use super::house::{ok, post, PRIZE_UNIT, TIED_PLACES};
use serde_json::{json, Value};

/// The last places' prize: 10,000.00 in cents.
const MIN_CASH: u64 = 1_000_000;

/// 10,000 places, never rising: 50,000,000.00 first, down to [`MIN_CASH`]
/// for the last 2,000 places, in cents.
fn big_table() -> Vec<u64> {
    (0..10_000u64)
        .map(|i| match i {
            0 => 5_000_000_000,
            i if i < 8_000 => (2_000_000_000 / i).max(MIN_CASH) / PRIZE_UNIT * PRIZE_UNIT,
            _ => MIN_CASH,
        })
        .collect()
}

/// One hand at one table of the event: a (3,000 chips) and b (1,000)
/// are all in against c (5,000), who wins; b's and a's stacks decide
/// their places.
fn hand(players_left: u64, prizes: &[u64], a_stack: u64) -> Value {
    json!({
        "variant": "holdem", "buttonSeat": 3, "board": ["2c", "7d", "9h", "Js", "3c"],
        "tournament": {"playersLeft": players_left, "prizes": prizes,
                       "prizeUnit": PRIZE_UNIT, "tiedPlaces": TIED_PLACES},
        "players": [
            {"id": "a", "seat": 1, "stack": a_stack, "committed": a_stack, "cards": ["Kd", "Qd"]},
            {"id": "b", "seat": 2, "stack": 1000, "committed": 1000, "cards": ["8s", "4h"]},
            {"id": "c", "seat": 3, "stack": 5000, "committed": 3000, "cards": ["As", "Ad"]}]
    })
}

fn prizes_of(a: &Value) -> Vec<(String, [u64; 2], u64)> {
    a["data"]["eliminations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            let p = &e["places"];
            (
                e["agentId"].as_str().unwrap().to_string(),
                [p[0].as_u64().unwrap(), p[1].as_u64().unwrap()],
                e["prize"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn rules_14_1_every_hand_carries_a_10000_place_prize_table() {
    let table = big_table();
    assert!(table.windows(2).all(|w| w[0] >= w[1]));
    let far = hand(12_000, &table, 3000);
    assert!(far.to_string().len() > 64 * 1024);
    // Far from the money: places past the table pay 0, listed as 0.
    let a = ok(post(&far, "/v1/settle").await);
    let got = prizes_of(&a);
    assert_eq!(got[0], ("a".to_string(), [11_999, 11_999], 0));
    assert_eq!(got[1], ("b".to_string(), [12_000, 12_000], 0));
    assert_eq!(a["data"]["prizeCash"], json!({}), "nothing to pay");
    // The last two paid places, from the same table; equal stacks share.
    let a = ok(post(&hand(10_000, &table, 3000), "/v1/settle").await);
    assert_eq!(
        prizes_of(&a)[0],
        ("a".to_string(), [9_999, 9_999], MIN_CASH)
    );
    let a = ok(post(&hand(10_000, &table, 1000), "/v1/settle").await);
    let got = prizes_of(&a);
    assert_eq!(got[0], ("a".to_string(), [9_999, 10_000], MIN_CASH));
    assert_eq!(got[1], ("b".to_string(), [9_999, 10_000], MIN_CASH));
}

/// The bubble of the same event, hand for hand: three busts at three
/// tables placed together with the whole table.
#[tokio::test]
async fn rules_14_4_hand_for_hand_with_a_10000_place_prize_table() {
    let body = json!({
        "playersLeft": 10_002, "prizes": big_table(), "prizeUnit": PRIZE_UNIT,
        "tiedPlaces": TIED_PLACES,
        "players": [{"id": "x", "stack": 400}, {"id": "y", "stack": 900}, {"id": "z", "stack": 400}],
    });
    assert!(body.to_string().len() > 64 * 1024);
    let a = ok(post(&body, "/v1/prizes").await);
    assert_eq!(a["playersLeft"], json!(9_999));
    let e = &a["eliminations"];
    assert_eq!(
        (&e[0]["agentId"], &e[0]["places"]),
        (&json!("y"), &json!([10_000, 10_000]))
    );
    assert_eq!(e[0]["prize"], json!(MIN_CASH));
    // x and z share 10,001st and 10,002nd: past the table, 0 each.
    assert_eq!(e[1]["places"], json!([10_001, 10_002]));
    assert_eq!((&e[1]["prize"], &e[2]["prize"]), (&json!(0), &json!(0)));
}
