//! `POST /v1/settle/phh?record=ohh` (API.md, "The hand as played"): a PHH
//! hand of a flop game written as OHH and completed, on hands worked out
//! by hand below.

use crate::common::*;
use serde_json::{json, Value};

fn app() -> axum::Router {
    showdown_server::app(showdown_server::AppState::default())
}

fn post_phh(path: &str, text: &str) -> axum::http::Request<axum::body::Body> {
    axum::http::Request::post(path)
        .header("content-type", "application/toml")
        .body(axum::body::Body::from(text.to_string()))
        .unwrap()
}

/// No-limit hold'em 1/2: p3 (button) raises to 10, p1 calls, p2 moves all
/// in for 50, p3 raises to 120, p1 calls all in for 100; p3's 20 nobody
/// matched comes back. Main pot 150 to p2's aces, side pot 100 to p1's
/// kings: p1 100, p2 150, p3 100.
const SIDE_POT: &str = "variant = 'NT'\nblinds_or_straddles = [1, 2, 0]\n\
    starting_stacks = [100, 50, 200]\nplayers = ['Ann', 'Bo', 'Cy']\n\
    actions = ['d dh p1 KsKd', 'd dh p2 AsAd', 'd dh p3 QsQd', 'p3 cbr 10', 'p1 cc', \
    'p2 cbr 50', 'p3 cbr 120', 'p1 cc', 'd db 2c7h9d', 'd db Jc', 'd db 3s', \
    'p1 sm KsKd', 'p2 sm AsAd', 'p3 sm QsQd']\n";

/// Pot-limit Omaha heads-up in tenths: p2 (button, small blind) raises to
/// 6, p1 re-raises to 10, p2 calls; p1 bets 5 on the flop and p2 folds:
/// p1 wins 20, ending on 60.5, p2 on 30.
const HEADS_UP: &str = "variant = 'PO'\nblinds_or_straddles = [1, 2]\n\
    starting_stacks = [50.5, 40]\nactions = ['d dh p1 AsKsQdJd', 'd dh p2 ????????', \
    'p2 cbr 6', 'p1 cbr 10', 'p2 cc', 'd db 2c7h9d', 'p1 cbr 5', 'p2 f']\n";

/// The PHH answer's players (`p1`, ...) named by their OHH ids (`1`, ...).
fn as_ohh_ids(v: &Value) -> Value {
    match v {
        Value::String(s) if s.starts_with('p') && s[1..].parse::<u64>().is_ok() => {
            Value::String(s[1..].to_string())
        }
        Value::Array(a) => Value::Array(a.iter().map(as_ohh_ids).collect()),
        Value::Object(o) => Value::Object(
            o.iter()
                .map(|(k, v)| (as_ohh_ids(&Value::String(k.clone())), as_ohh_ids(v)))
                .map(|(k, v)| (k.as_str().unwrap_or_default().to_string(), v))
                .collect(),
        ),
        other => other.clone(),
    }
}

#[tokio::test]
async fn rules_16_5_a_phh_record_sent_back_as_ohh_settles_to_the_same_chips() {
    for text in [SIDE_POT, HEADS_UP] {
        let r = send(app(), post_phh("/v1/settle/phh?record=ohh", text)).await;
        assert_eq!(r.status.as_u16(), 200, "{}", r.json());
        let phh = r.json();
        let record = &phh["record"];
        assert!(
            record.get("differences").is_none(),
            "a PHH hand has no room pots"
        );
        let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": record["ohh"]})).await;
        assert_eq!(r.status.as_u16(), 200, "{}", r.json());
        let ohh = r.json();
        for field in ["finalChipStacks", "pots", "uncalled", "potBreakdown"] {
            assert_eq!(
                as_ohh_ids(&phh["data"][field]),
                ohh["data"][field],
                "{field}"
            );
        }
        assert_eq!(phh["betting"]["legal"], ohh["betting"]["legal"]);
        // The round trip: the OHH route's record is the PHH route's, but
        // for the `Showdown` round it adds to a contested hand, which the
        // PHH answer has no showdown terms for.
        let mut again = ohh["record"]["ohh"].clone();
        let played = record["ohh"]["rounds"].as_array().unwrap().len();
        again["rounds"].as_array_mut().unwrap().truncate(played);
        assert_eq!(again, record["ohh"]);
        // The record with its pots: the room (here, the PHH route) agrees.
        let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": record["ohh"]})).await;
        assert_eq!(r.json()["record"]["differences"], json!([]), "{text}");
    }
}

#[tokio::test]
async fn rules_16_5_the_record_of_a_side_pot_hand_names_each_pots_winner() {
    let r = send(app(), post_phh("/v1/settle/phh?record=ohh", SIDE_POT)).await;
    let a = r.json();
    assert_eq!(
        a["data"]["finalChipStacks"],
        json!({"p1": 100, "p2": 150, "p3": 100})
    );
    let ohh = &a["record"]["ohh"];
    assert_eq!(
        ohh["pots"],
        json!([
            {"number": 0, "amount": 150, "player_wins": [{"player_id": 2, "win_amount": 150}]},
            {"number": 1, "amount": 100, "player_wins": [{"player_id": 1, "win_amount": 100}]}])
    );
    assert_eq!(ohh["players"][0]["name"], "Ann");
    assert_eq!(ohh["dealer_seat"], 3);
    let streets: Vec<&str> = ohh["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["street"].as_str().unwrap())
        .collect();
    assert_eq!(streets, ["Preflop", "Flop", "Turn", "River", "Showdown"]);
    // p3's raise to 120 over a call of 10 adds 110 chips, as OHH counts.
    let raise = &ohh["rounds"][0]["actions"][8];
    assert_eq!(
        (&raise["action"], &raise["amount"]),
        (&json!("Raise"), &json!(110))
    );
}

#[tokio::test]
async fn a_phh_hand_without_record_has_none_and_heads_up_decimals_stay_its_own() {
    let r = send(app(), post_phh("/v1/settle/phh", HEADS_UP)).await;
    assert_eq!(r.status.as_u16(), 200);
    assert!(r.json().get("record").is_none());
    let r = send(app(), post_phh("/v1/settle/phh?record=ohh", HEADS_UP)).await;
    let a = r.json();
    assert_eq!(a["data"]["finalChipStacks"], json!({"p1": 605, "p2": 300}));
    let ohh = &a["record"]["ohh"];
    assert_eq!(ohh["game_type"], "Omaha");
    assert_eq!(ohh["bet_limit"]["bet_type"], "PL");
    assert_eq!(ohh["players"][0]["starting_stack"], json!(50.5));
    assert_eq!(ohh["pots"][0]["amount"], json!(20));
}

#[tokio::test]
async fn a_stud_or_draw_hand_has_no_ohh_record_422_at_the_variant() {
    let stud = "variant = 'F7S'\nantes = [1, 1]\nbring_in = 2\nsmall_bet = 5\nbig_bet = 10\n\
                starting_stacks = [100, 100]\nactions = ['d dh p1 AsAd2c', 'd dh p2 KsKd3c', \
                'p2 pb 2', 'p1 f']\n";
    for text in [stud, showdown_history::phh::EXAMPLE_HAND] {
        let r = send(app(), post_phh("/v1/settle/phh?record=ohh", text)).await;
        assert_eq!(r.status.as_u16(), 422, "{}", r.json());
        assert!(r.content_type().starts_with("application/problem+json"));
        let p = r.json();
        assert_eq!(p["errors"][0]["pointer"], "/variant");
        assert!(
            p["detail"].as_str().unwrap().contains("no OHH record"),
            "{p}"
        );
    }
}

#[tokio::test]
async fn an_unknown_query_parameter_or_value_is_400_problem_json() {
    for query in [
        "?record=phh",
        "?recrod=ohh",
        "?record=ohh&record=ohh",
        "?record",
    ] {
        let path = format!("/v1/settle/phh{query}");
        let r = send(app(), post_phh(&path, SIDE_POT)).await;
        assert_eq!(r.status.as_u16(), 400, "{query}: {}", r.json());
        assert!(r.content_type().starts_with("application/problem+json"));
        let p = r.json();
        assert_eq!(p["type"], "urn:showdown:problem:malformed-request");
        assert_eq!(p["errors"][0]["pointer"], "", "{query}");
    }
    // An empty query is no query.
    let r = send(app(), post_phh("/v1/settle/phh?", SIDE_POT)).await;
    assert_eq!(r.status.as_u16(), 200);
}

/// The small blind folds before the button has acted: out of turn.
const EARLY_FOLD: &str = "variant = 'NT'\nblinds_or_straddles = [1, 2, 0]\n\
    starting_stacks = [100, 100, 100]\nplayers = ['Ann', 'Bo', 'Cy']\n\
    actions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p1 f', 'p3 cbr 6', 'p2 f']\n";

#[tokio::test]
async fn rules_16_6_explain_gains_a_step_per_finding_citing_the_tda_rule() {
    let r = send(app(), post_phh("/v1/settle/phh?explain=true", EARLY_FOLD)).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    let steps = r.json()["data"]["explanation"].clone();
    let first = &steps[0];
    assert_eq!(first["rule"], "betting-finding");
    assert_eq!(first["source"], "TDA 2013 Rule 37");
    assert_eq!(first["players"], json!(["p1"]));
    assert_eq!(first["amount"], 0);
    let text = first["text"].as_str().unwrap();
    assert!(
        text.starts_with("Ann's action at /actions/3: another player was to act"),
        "{text}"
    );
    // Play goes on from the folder: p3's raise, before p2, is a second one.
    assert_eq!(
        steps
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["rule"] == "betting-finding")
            .count(),
        2
    );
    // Without `explain` there is no explanation; a legal hand gets no such step.
    let r = send(app(), post_phh("/v1/settle/phh", EARLY_FOLD)).await;
    assert!(r.json()["data"].get("explanation").is_none());
    let r = send(
        app(),
        post_phh("/v1/settle/phh?explain=true&record=ohh", SIDE_POT),
    )
    .await;
    let steps = r.json()["data"]["explanation"].clone();
    assert!(steps
        .as_array()
        .unwrap()
        .iter()
        .all(|s| s["rule"] != "betting-finding"));
    let r = send(app(), post_phh("/v1/settle/phh?explain=yes", SIDE_POT)).await;
    assert_eq!(r.status.as_u16(), 400);

    // The OHH route: the same finding, at the OHH action's pointer.
    let record = send(app(), post_phh("/v1/settle/phh?record=ohh", EARLY_FOLD))
        .await
        .json();
    let body = json!({"ohh": record["record"]["ohh"], "settle": {"explain": true}});
    let r = post_json(app(), "/v1/settle/ohh", &body).await;
    let first = r.json()["data"]["explanation"][0].clone();
    assert_eq!(first["rule"], "betting-finding");
    assert_eq!(first["source"], "TDA 2013 Rule 37");
    assert_eq!(first["players"], json!(["1"]));
    let at = r.json()["betting"]["findings"][0]["at"].clone();
    assert!(
        first["text"]
            .as_str()
            .unwrap()
            .contains(at.as_str().unwrap()),
        "{first}"
    );
}
