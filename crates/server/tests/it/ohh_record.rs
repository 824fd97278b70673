//! What `record.ohh` writes from the house's terms (API.md, "The hand as
//! played"; issue 58): `player_wins` with the cash-outs the settlement
//! counted, `tournament_bounties` with the bounties it paid, and the
//! record sent back with the same terms giving the same answer.

use crate::common::post_json;
use serde_json::{json, Value};

fn app() -> axum::Router {
    showdown_server::app(showdown_server::AppState::default())
}

fn act(player: u64, action: &str, amount: u64) -> Value {
    json!({"player_id": player, "action": action, "amount": amount})
}

/// Heads-up, blinds 1/2: B (id 1, the button) moves all in for 1000 and A
/// (id 0) calls with aces; the flop Kc 7s 2d gives B's kings a set, the
/// board runs 9h 3c and B wins the 2000. Each has a bounty of 2.40.
fn all_in_on_the_flop() -> Value {
    json!({"game_type": "Holdem", "bet_limit": {"bet_type": "NL"}, "dealer_seat": 2,
        "small_blind_amount": 1, "big_blind_amount": 2,
        "players": [
            {"id": 0, "seat": 1, "name": "A", "starting_stack": 1000, "player_bounty": 2.40},
            {"id": 1, "seat": 2, "name": "B", "starting_stack": 1000, "player_bounty": 2.40}],
        "rounds": [
            {"street": "Preflop", "actions": [
                act(1, "Post SB", 1), act(0, "Post BB", 2),
                {"player_id": 0, "action": "Dealt Cards", "cards": ["Ah", "Ad"]},
                {"player_id": 1, "action": "Dealt Cards", "cards": ["Kh", "Kd"]},
                {"player_id": 1, "action": "Raise", "amount": 999, "is_allin": true},
                {"player_id": 0, "action": "Call", "amount": 998, "is_allin": true}]},
            {"street": "Flop", "cards": ["Kc", "7s", "2d"], "actions": []},
            {"street": "Turn", "cards": ["9h"], "actions": []},
            {"street": "River", "cards": ["3c"], "actions": []}]})
}

async fn settled(ohh: &Value, settle: &Value) -> Value {
    let r = post_json(
        app(),
        "/v1/settle/ohh",
        &json!({"ohh": ohh, "settle": settle}),
    )
    .await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()
}

/// The record sent back as `ohh` with the same `settle` gives the same
/// answer, and agrees with itself.
async fn round_trips(settle: &Value) -> Value {
    let first = settled(&all_in_on_the_flop(), settle).await;
    let again = settled(&first["record"]["ohh"], settle).await;
    assert_eq!(again["data"], first["data"]);
    assert_eq!(again["record"]["ohh"], first["record"]["ohh"]);
    assert_eq!(again["record"]["differences"], json!([]));
    first
}

/// RULES.md §10: A cashes out on the flop. A wins with an ace and
/// anything but the Ks (2 x 42 runouts) or both aces (1): 85 of 990,
/// 17/198 of the 2000, a value of 171; paid 2000 x 17/198 x 0.99 = 170
/// (the default fee of 1 %, rounded down), the fee 171 - 170 = 1. OHH
/// writes it on A's win in the main pot, `win_amount` staying what the
/// hand won there, 0.
#[tokio::test]
async fn rules_10_a_cash_out_is_written_in_player_wins_and_round_trips() {
    let a = round_trips(&json!({"cashOuts": [{"agentId": "0", "boardCards": 3}]})).await;
    assert_eq!(
        a["record"]["ohh"]["pots"],
        json!([{"number": 0, "amount": 2000, "player_wins": [
            {"player_id": 0, "win_amount": 0, "cashout_amount": 170, "cashout_fee": 1},
            {"player_id": 1, "win_amount": 2000}]}])
    );
    // A room that paid another amount is told where.
    let mut hand = a["record"]["ohh"].clone();
    hand["pots"][0]["player_wins"][0]["cashout_amount"] = json!(171);
    let b = settled(
        &hand,
        &json!({"cashOuts": [{"agentId": "0", "boardCards": 3}]}),
    )
    .await;
    assert_eq!(
        b["record"]["differences"],
        json!([{"at": "/ohh/pots/0/player_wins/0/cashout_amount", "room": 171, "showdown": 170}])
    );
}

/// RULES.md §12: B knocks A out and collects A's bounty of 2.40, in the
/// hand's bounty decimals; in a progressive knockout half is paid now
/// (1.20, `bounty_won`) and half goes on B's own bounty.
#[tokio::test]
async fn rules_12_the_bounties_paid_are_written_in_tournament_bounties_and_round_trip() {
    let a = round_trips(&json!({"tournament": {}})).await;
    assert_eq!(
        a["record"]["ohh"]["tournament_bounties"],
        json!([{"player_id": 1, "bounty_won": 2.4, "defeated_player_id": 0}])
    );
    let a = round_trips(&json!({"tournament": {"progressiveBp": 5000}})).await;
    assert_eq!(
        a["record"]["ohh"]["tournament_bounties"],
        json!([{"player_id": 1, "bounty_won": 1.2, "defeated_player_id": 0}])
    );
    assert_eq!(a["data"]["bounties"], json!({"1": 36}));
    // RULES.md §12.7, the last hand: the winner is paid their own bounty,
    // grown by the head they took (2.40 + 1.20), an entry of its own.
    let a = round_trips(&json!({"tournament": {"progressiveBp": 5000, "playersLeft": 2}})).await;
    assert_eq!(a["data"]["tournamentWinner"], "1");
    assert_eq!(a["data"]["bountyCash"], json!({"1": 48}));
    assert_eq!(
        a["record"]["ohh"]["tournament_bounties"],
        json!([{"player_id": 1, "bounty_won": 1.2, "defeated_player_id": 0},
            {"player_id": 1, "bounty_won": 3.6, "defeated_player_id": 1}])
    );
    // The room's bounties, where they differ, are named.
    let mut hand = all_in_on_the_flop();
    hand["tournament_bounties"] =
        json!([{"player_id": 1, "bounty_won": 2.4, "defeated_player_id": 0}]);
    let b = settled(&hand, &json!({"tournament": {"progressiveBp": 5000}})).await;
    assert_eq!(
        b["record"]["differences"],
        json!([{"at": "/ohh/tournament_bounties/0/bounty_won", "room": 2.4, "showdown": 1.2}])
    );
    // Without the tournament's terms the room's bounties stay as they came.
    let c = settled(&hand, &json!({})).await;
    assert_eq!(
        c["record"]["ohh"]["tournament_bounties"],
        hand["tournament_bounties"]
    );
    assert!(c["record"].get("differences").is_none());
}

/// The room's own fields of a win (`bonus_amount`, `contributed_rake`, a
/// cash-out the settlement was not asked to count) are echoed.
#[tokio::test]
async fn the_rooms_own_fields_of_a_win_are_echoed() {
    let mut hand = all_in_on_the_flop();
    hand["pots"] = json!([{"number": 0, "amount": 2000, "player_wins": [
        {"player_id": 1, "win_amount": 2000, "bonus_amount": 5, "contributed_rake": 0}]}]);
    let a = settled(&hand, &json!({})).await;
    assert_eq!(a["record"]["ohh"]["pots"], hand["pots"]);
    assert_eq!(a["record"]["differences"], json!([]));
}
