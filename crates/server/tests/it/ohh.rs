//! `POST /v1/settle/ohh` and `POST /v1/betting` (API.md, "The hand as
//! played"; RULES.md §16), on hands worked out by hand below.

use crate::common::*;
use serde_json::{json, Value};

fn app() -> axum::Router {
    showdown_server::app(showdown_server::AppState::default())
}

fn act(player: u64, action: &str, amount: Option<f64>) -> Value {
    let mut a = json!({"player_id": player, "action": action});
    if let Some(x) = amount {
        a["amount"] = json!(x);
    }
    a
}

/// Three-handed no-limit hold'em at 0.01/0.02, the button (id 0, seat 1)
/// raising to 0.06, the small blind (id 1) calling, the big blind folding;
/// the small blind's pair of queens beats ace-king at the showdown. Pot:
/// 0.36 + 0.36 + 0.02 = 0.74 to id 1: stacks 1.64, 1.88, 2.98.
fn three_handed() -> Value {
    json!({"spec_version": "1.4.7", "site_name": "test", "game_number": "h-1",
        "game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "dealer_seat": 1,
        "small_blind_amount": 0.01, "big_blind_amount": 0.02, "ante_amount": 0,
        "players": [
            {"id": 0, "seat": 1, "name": "Hero", "starting_stack": 2.00},
            {"id": 1, "seat": 2, "name": "Sb", "starting_stack": 1.50},
            {"id": 2, "seat": 3, "name": "Bb", "starting_stack": 3.00}],
        "rounds": [
            {"id": 0, "street": "Preflop", "cards": "", "actions": [
                act(1, "Post SB", Some(0.01)), act(2, "Post BB", Some(0.02)),
                {"player_id": 0, "action": "Dealt Cards", "cards": ["Ah", "Kh"]},
                act(0, "Raise", Some(0.06)), act(1, "Call", Some(0.05)), act(2, "Fold", None)]},
            {"id": 1, "street": "Flop", "cards": ["2c", "7d", "9s"], "actions": [
                act(1, "Check", None), act(0, "Bet", Some(0.10)), act(1, "Call", Some(0.10))]},
            {"id": 2, "street": "Turn", "cards": ["Qh"], "actions": [
                act(1, "Check", None), act(0, "Check", None)]},
            {"id": 3, "street": "River", "cards": ["3s"], "actions": [
                act(1, "Bet", Some(0.20)), act(0, "Call", Some(0.20))]},
            {"id": 4, "street": "Showdown", "actions": [
                {"player_id": 1, "action": "Shows Cards", "cards": ["Kd", "Qd"]},
                {"player_id": 0, "action": "Shows Cards", "cards": ["Ah", "Kh"]}]}]})
}

#[tokio::test]
async fn rules_16_5_an_ohh_hand_settles_from_its_actions_in_its_own_decimals() {
    let mut hand = three_handed();
    hand["pots"] = json!([{"number": 0, "amount": 0.74, "rake": 0,
        "player_wins": [{"player_id": 1, "win_amount": 0.74}]}]);
    let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": hand})).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    let a = r.json();
    assert_eq!(a["type"], "hand_complete");
    assert_eq!(a["data"]["gameId"], "h-1");
    // Counted in cents, the hand's smallest decimal place.
    assert_eq!(
        a["data"]["finalChipStacks"],
        json!({"0": 164, "1": 188, "2": 298})
    );
    assert_eq!(a["betting"], json!({"legal": true, "findings": []}));
    let pots = &a["record"]["ohh"]["pots"];
    assert_eq!(
        pots,
        &json!([{"number": 0, "amount": 0.74,
            "player_wins": [{"player_id": 1, "win_amount": 0.74}]}])
    );
    assert_eq!(a["record"]["differences"], json!([]));
}

/// RULES.md §16.2: a player the room flags `is_sitting_out`, whom no
/// action puts in the hand, is not dealt in: the hand plays as
/// three-handed (the button raises first, not seat 4), the sitter is
/// settled folded with the stack unchanged, and the record echoes the
/// flag. Flagged but posting, the player is in the hand.
#[tokio::test]
async fn rules_16_2_a_player_sitting_out_is_not_dealt_in() {
    let mut hand = three_handed();
    hand["players"].as_array_mut().unwrap().push(
        json!({"id": 3, "seat": 4, "name": "Away", "starting_stack": 5.00, "is_sitting_out": true}),
    );
    let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": hand.clone()})).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    let a = r.json();
    assert_eq!(
        a["data"]["finalChipStacks"],
        json!({"0": 164, "1": 188, "2": 298, "3": 500})
    );
    assert_eq!(a["betting"], json!({"legal": true, "findings": []}));
    assert_eq!(a["record"]["ohh"]["players"][3]["is_sitting_out"], true);
    let b = post_json(app(), "/v1/betting", &json!({"ohh": hand.clone()})).await;
    assert_eq!(b.status.as_u16(), 200, "{}", b.json());
    assert_eq!(
        b.json(),
        json!({"betting": {"legal": true, "findings": []}, "next": {"over": "showdown"}})
    );
    // The same player posting an ante is dealt in: seat 4 then acts
    // before the button, whose raise is out of turn.
    let antes = hand["rounds"][0]["actions"].as_array_mut().unwrap();
    antes.insert(0, act(3, "Post Ante", Some(0.01)));
    let b = post_json(app(), "/v1/betting", &json!({"ohh": hand})).await;
    assert_eq!(b.status.as_u16(), 200, "{}", b.json());
    let findings = &b.json()["betting"]["findings"];
    assert_eq!(findings[0]["code"], "outOfTurn", "{}", b.json());
    assert_eq!(findings[0]["at"], "/ohh/rounds/0/actions/4", "{}", b.json());
}

#[tokio::test]
async fn record_differences_name_where_the_rooms_pots_disagree() {
    let mut hand = three_handed();
    hand["pots"] = json!([{"number": 0, "amount": 0.73,
        "player_wins": [{"player_id": 1, "win_amount": 0.73}]}]);
    let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": hand})).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    assert_eq!(
        r.json()["record"]["differences"],
        json!([
            {"at": "/ohh/pots/0/amount", "room": 0.73, "showdown": 0.74},
            {"at": "/ohh/pots/0/player_wins/0/win_amount", "room": 0.73, "showdown": 0.74}
        ])
    );
}

/// API.md: a win's `cashout_amount`, `cashout_fee`, `bonus_amount` and
/// `contributed_rake` are the room's, echoed in `record.ohh` onto the
/// settlement's win of the same pot and player.
#[tokio::test]
async fn the_rooms_own_fields_of_a_win_are_echoed_in_the_record() {
    let mut hand = three_handed();
    hand["pots"] = json!([{"number": 0, "amount": 0.74, "player_wins": [{"player_id": 1,
        "win_amount": 0.74, "cashout_amount": 0.5, "cashout_fee": 0.01,
        "bonus_amount": 0.02, "contributed_rake": 0}]}]);
    let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": hand})).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    let a = r.json();
    assert_eq!(
        a["record"]["ohh"]["pots"],
        json!([{"number": 0, "amount": 0.74, "player_wins": [{"player_id": 1,
            "win_amount": 0.74, "cashout_amount": 0.5, "cashout_fee": 0.01,
            "bonus_amount": 0.02, "contributed_rake": 0}]}])
    );
    assert_eq!(a["record"]["differences"], json!([]));
}

#[tokio::test]
async fn the_record_sent_back_as_ohh_gives_the_same_answer() {
    let first = post_json(app(), "/v1/settle/ohh", &json!({"ohh": three_handed()})).await;
    assert_eq!(first.status.as_u16(), 200);
    let a = first.json();
    let again = post_json(app(), "/v1/settle/ohh", &json!({"ohh": a["record"]["ohh"]})).await;
    assert_eq!(again.status.as_u16(), 200, "{}", again.json());
    let b = again.json();
    assert_eq!(a["data"], b["data"]);
    assert_eq!(a["betting"], b["betting"]);
    assert_eq!(a["record"]["ohh"], b["record"]["ohh"]);
    assert_eq!(b["record"]["differences"], json!([]));
}

/// RULES.md §15.3: a hand won without a call has no showdown, so its
/// record adds no `Showdown` round (it once said the winner mucked, and
/// the record sent back was then refused: nobody left in the hand).
#[tokio::test]
async fn rules_15_3_an_uncontested_hands_record_has_no_showdown_and_round_trips() {
    let mut hand = three_handed();
    let rounds = hand["rounds"].as_array_mut().unwrap();
    rounds.truncate(2);
    rounds[1]["actions"] = json!([
        act(1, "Check", None),
        act(0, "Bet", Some(0.10)),
        act(1, "Fold", None)
    ]);
    let first = post_json(app(), "/v1/settle/ohh", &json!({"ohh": hand})).await;
    assert_eq!(first.status.as_u16(), 200, "{}", first.json());
    let a = first.json();
    assert_eq!(a["data"]["reason"], "uncontested");
    assert_eq!(
        a["data"]["finalChipStacks"],
        json!({"0": 208, "1": 144, "2": 298})
    );
    let streets: Vec<&str> = a["record"]["ohh"]["rounds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["street"].as_str().unwrap())
        .collect();
    assert_eq!(streets, ["Preflop", "Flop"]);
    let again = post_json(app(), "/v1/settle/ohh", &json!({"ohh": a["record"]["ohh"]})).await;
    assert_eq!(again.status.as_u16(), 200, "{}", again.json());
    assert_eq!(again.json()["data"], a["data"]);
    assert_eq!(again.json()["record"]["differences"], json!([]));
}

#[tokio::test]
async fn rules_16_2_an_action_out_of_turn_is_a_finding_at_its_pointer() {
    let mut hand = three_handed();
    // The small blind calls before the button has acted.
    let pre = hand["rounds"][0]["actions"].as_array_mut().unwrap();
    pre.swap(3, 4);
    pre[3]["amount"] = json!(0.01);
    pre[4]["amount"] = json!(0.06);
    pre.truncate(5);
    let r = post_json(app(), "/v1/betting", &json!({"ohh": hand})).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    let betting = &r.json()["betting"];
    assert_eq!(betting["legal"], false);
    assert_eq!(
        betting["findings"][0],
        json!({"at": "/ohh/rounds/0/actions/3", "code": "outOfTurn", "rule": "TDA 37",
            "message": "another player was to act"})
    );
}

/// Worked example 16.1 (TDA's Addendum to Rule 41, Example 1): blinds
/// 50/100, five players see the flop for 100; A bets 100, B is all in for
/// 125, C calls, D is all in for 200, E calls. A faces 100 more, and B's
/// 25 and D's 75 make a full raise: A may raise to at least 300.
fn example_16_1() -> Value {
    let stacks = [1000.0, 225.0, 1000.0, 300.0, 1000.0];
    let players: Vec<Value> = (0..5)
        .map(|i| json!({"id": i, "seat": i + 1, "starting_stack": stacks[i as usize]}))
        .collect();
    json!({"game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "dealer_seat": 5,
        "small_blind_amount": 50, "big_blind_amount": 100, "players": players,
        "rounds": [
            {"street": "Preflop", "actions": [
                act(0, "Post SB", Some(50.0)), act(1, "Post BB", Some(100.0)),
                act(2, "Call", Some(100.0)), act(3, "Call", Some(100.0)),
                act(4, "Call", Some(100.0)), act(0, "Call", Some(50.0)), act(1, "Check", None)]},
            {"street": "Flop", "cards": ["2c", "7d", "9s"], "actions": [
                act(0, "Bet", Some(100.0)),
                {"player_id": 1, "action": "Raise", "amount": 125, "is_allin": true},
                act(2, "Call", Some(125.0)),
                {"player_id": 3, "action": "Raise", "amount": 200, "is_allin": true},
                act(4, "Call", Some(200.0))]}]})
}

#[tokio::test]
async fn rules_16_worked_example_1_short_all_ins_add_up_to_a_full_raise() {
    let r = post_json(app(), "/v1/betting", &json!({"ohh": example_16_1()})).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    assert_eq!(
        r.json(),
        json!({"betting": {"legal": true, "findings": []},
            "next": {"toAct": 0, "round": "Flop", "toCall": 100, "pot": 1250,
                "options": {"fold": true, "call": 100, "raise": {"min": 300, "max": 900},
                    "allIn": 900}}})
    );
    // A calls: C faces 75, not a full raise, and may only call or fold.
    let mut hand = example_16_1();
    hand["rounds"][1]["actions"]
        .as_array_mut()
        .unwrap()
        .push(act(0, "Call", Some(100.0)));
    let r = post_json(app(), "/v1/betting", &json!({"ohh": hand})).await;
    assert_eq!(
        r.json()["next"],
        json!({"toAct": 2, "round": "Flop", "toCall": 75, "pot": 1350,
            "options": {"fold": true, "call": 75, "allIn": 900}})
    );
}

#[tokio::test]
async fn a_hand_in_progress_is_not_settled_but_its_next_action_is_answered() {
    let mut hand = three_handed();
    hand["rounds"].as_array_mut().unwrap().truncate(2);
    let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": hand.clone()})).await;
    assert_problem(&r, 422);
    assert_eq!(r.pointers(), ["/ohh/rounds"]);
    let r = post_json(app(), "/v1/betting", &json!({"ohh": hand})).await;
    assert_eq!(r.json()["next"], json!({"over": "round", "deal": "Turn"}));
}

#[tokio::test]
async fn rules_16_6_refusals_are_422_with_their_pointers() {
    let mut stud = three_handed();
    stud["game_type"] = json!("Stud");
    let mut stranger = three_handed();
    stranger["rounds"][1]["actions"][0]["player_id"] = json!(9);
    let mut over = three_handed();
    over["rounds"][3]["actions"][0]["amount"] = json!(5);
    let cases = [
        (json!({"ohh": stud}), "/ohh/game_type"),
        (
            json!({"ohh": stranger}),
            "/ohh/rounds/1/actions/0/player_id",
        ),
        (json!({"ohh": over}), "/ohh/rounds/3/actions/0"),
        (
            json!({"ohh": three_handed(), "settle": {"players": []}}),
            "/settle/players",
        ),
    ];
    for (body, pointer) in cases {
        let r = post_json(app(), "/v1/settle/ohh", &body).await;
        assert_problem(&r, 422);
        assert_eq!(r.pointers(), [pointer], "{}", r.json());
    }
}

#[tokio::test]
async fn an_ohh_body_of_the_wrong_shape_is_400_with_its_pointer() {
    let mut hand = three_handed();
    hand["players"][1]["starting_stack"] = json!("1.50");
    let r = post_json(app(), "/v1/settle/ohh", &json!({"ohh": hand})).await;
    assert_problem(&r, 400);
    assert_eq!(r.pointers(), ["/ohh/players/1/starting_stack"]);
}

#[tokio::test]
async fn betting_reads_a_phh_hand_so_far() {
    let text = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
                min_bet = 2\nstarting_stacks = [100, 100, 100]\n\
                actions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p3 cbr 6']\n";
    let req = axum::http::Request::post("/v1/betting")
        .header("content-type", "application/toml")
        .body(axum::body::Body::from(text))
        .unwrap();
    let r = send(app(), req).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    assert_eq!(
        r.json()["next"],
        json!({"toAct": "p1", "round": "Preflop", "toCall": 5, "pot": 9,
            "options": {"fold": true, "call": 5, "raise": {"min": 10, "max": 100}, "allIn": 100}})
    );
}

#[tokio::test]
async fn the_ohh_schema_is_served_and_names_every_field_the_reader_takes() {
    let r = send(
        app(),
        axum::http::Request::get("/v1/schemas/ohh.json")
            .body(axum::body::Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(r.status.as_u16(), 200);
    assert_eq!(r.content_type(), "application/schema+json");
    let schema = r.json();
    let hand = &schema["$defs"]["OhhHand"]["properties"];
    for field in [
        "game_type",
        "bet_limit",
        "dealer_seat",
        "players",
        "rounds",
        "pots",
    ] {
        assert!(hand[field].is_object(), "{field}");
    }
    // The record written back is a document of the same types.
    let settled = post_json(app(), "/v1/settle/ohh", &json!({"ohh": three_handed()})).await;
    let record = &settled.json()["record"]["ohh"];
    for key in record.as_object().unwrap().keys() {
        assert!(
            hand[key].is_object(),
            "record field {key} is not in the schema"
        );
    }
}

#[tokio::test]
async fn rules_16_6_the_phh_route_adds_the_verdict_on_the_betting() {
    let post = |text: &'static str| {
        axum::http::Request::post("/v1/settle/phh")
            .header("content-type", "application/toml")
            .body(axum::body::Body::from(text))
            .unwrap()
    };
    let legal = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
                 min_bet = 2\nstarting_stacks = [100, 100, 100]\n\
                 actions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p3 cbr 6', \
                 'p1 f', 'p2 f']\n";
    let r = send(app(), post(legal)).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    assert_eq!(r.json()["betting"], json!({"legal": true, "findings": []}));
    // The small blind folds before the button has acted: out of turn.
    let early = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\n\
                 min_bet = 2\nstarting_stacks = [100, 100, 100]\n\
                 actions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 7h2c', 'p1 f', \
                 'p3 cbr 6', 'p2 f']\n";
    let r = send(app(), post(early)).await;
    assert_eq!(r.json()["betting"]["findings"][0]["at"], "/actions/3");
    assert_eq!(r.json()["betting"]["findings"][0]["code"], "outOfTurn");
}

/// Worked example 17.1 as played: B (the button, small blind 1) moves all
/// in for 1000 before the flop, A (big blind 2) calls; the board is run
/// out. `allInEv: true` reads the board at the all-in from the actions.
fn aces_against_kings() -> Value {
    json!({"game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "dealer_seat": 2,
        "small_blind_amount": 1, "big_blind_amount": 2,
        "players": [
            {"id": 0, "seat": 1, "name": "A", "starting_stack": 1000},
            {"id": 1, "seat": 2, "name": "B", "starting_stack": 1000}],
        "rounds": [
            {"street": "Preflop", "actions": [
                act(1, "Post SB", Some(1.0)), act(0, "Post BB", Some(2.0)),
                {"player_id": 0, "action": "Dealt Cards", "cards": ["Ah", "Ad"]},
                {"player_id": 1, "action": "Dealt Cards", "cards": ["Kh", "Kd"]},
                {"player_id": 1, "action": "Raise", "amount": 999, "is_allin": true},
                {"player_id": 0, "action": "Call", "amount": 998, "is_allin": true}]},
            {"street": "Flop", "cards": ["Kc", "7s", "2d"], "actions": []},
            {"street": "Turn", "cards": ["9h"], "actions": []},
            {"street": "River", "cards": ["3c"], "actions": []}]})
}

#[tokio::test]
async fn rules_17_1_the_hand_as_played_reads_the_board_at_the_all_in() {
    let body = json!({"ohh": aces_against_kings(), "settle": {"allInEv": true}});
    let r = post_json(app(), "/v1/settle/ohh", &body).await;
    assert_eq!(r.status.as_u16(), 200, "{}", r.json());
    let ev = &r.json()["data"]["allInEv"];
    assert_eq!(ev[0]["agentId"], "0");
    assert_eq!(
        ev[0]["expected"],
        json!({"numerator": 176873750, "denominator": 107019, "chips": 1653})
    );
    assert_eq!(ev[1]["won"], 2000);
    assert_eq!(
        ev[1]["luck"],
        json!({"numerator": 176873750, "denominator": 107019, "chips": 1653})
    );
    // A hand whose betting ran to the river has no all-in to count.
    let body = json!({"ohh": three_handed(), "settle": {"allInEv": true}});
    let r = post_json(app(), "/v1/settle/ohh", &body).await;
    assert_eq!(r.status.as_u16(), 422, "{}", r.json());
    assert_eq!(r.pointers(), ["/settle/allInEv"], "{}", r.json());
}

/// RULES.md §16.3, nobody to call: the blinds have 0.03 and 0.035 in all,
/// below the button's minimum raise to 0.04, so `matchAll` offers 0.035
/// beside it (counted in the hand's smallest decimal place, 0.001: 35 and
/// 40).
#[tokio::test]
async fn rules_16_3_betting_offers_match_all_below_the_minimum_raise() {
    let mut hand = three_handed();
    hand["players"][1]["starting_stack"] = json!(0.03);
    hand["players"][2]["starting_stack"] = json!(0.035);
    let rounds = hand["rounds"].as_array_mut().unwrap();
    rounds.truncate(1);
    rounds[0]["actions"].as_array_mut().unwrap().truncate(3);
    let r = post_json(app(), "/v1/betting", &json!({"ohh": hand})).await;
    let raise = &r.json()["next"]["options"]["raise"];
    assert_eq!(raise["min"], json!(40), "{}", r.json());
    assert_eq!(raise["matchAll"], json!(35));
}
