//! The OHH reader against RULES.md §16: what an Open Hand History hand
//! says, read as the betting rules read it.

use serde_json::{json, Value};
use showdown_core::betting::Next;
use showdown_history::ohh::{judge, OhhRequest};

fn request(ohh: Value) -> OhhRequest {
    serde_json::from_value(json!({ "ohh": ohh })).expect("an OHH request")
}

/// Worked example 16.5: blinds 50/100, the button (id 1) first to act, the
/// small blind id 2, the big blind id 3 all in for 60 (OHH records the 60
/// it posted).
fn short_big_blind(actions: Vec<Value>) -> OhhRequest {
    let mut posts = vec![
        json!({"player_id": 2, "action": "Post SB", "amount": 50}),
        json!({"player_id": 3, "action": "Post BB", "amount": 60, "is_allin": true}),
    ];
    posts.extend(actions);
    request(
        json!({"game_type": "Holdem", "bet_limit": {"bet_type": "NL"},
        "dealer_seat": 1, "small_blind_amount": 50, "big_blind_amount": 100,
        "players": [{"id": 1, "seat": 1, "starting_stack": 1000},
                    {"id": 2, "seat": 2, "starting_stack": 1000},
                    {"id": 3, "seat": 3, "starting_stack": 60}],
        "rounds": [{"street": "Preflop", "actions": posts}]}),
    )
}

/// (player, chips to call as a round total, smallest raise) of the next action.
fn next(req: &OhhRequest) -> (usize, Option<u64>, Option<u64>) {
    match judge(req).expect("judged").replay.next {
        Next::Act { player, options } => (
            player,
            options.call.map(|c| c.to),
            options.raise.map(|r| r.min),
        ),
        other => panic!("nobody to act: {other:?}"),
    }
}

/// RULES.md §16.3 and worked example 16.5: the big blind all in for less
/// still opens at its full size, read from `big_blind_amount` since OHH
/// records only what was posted. The reader once opened at the 60 posted:
/// the button was asked 60 to call and 160 to raise.
#[test]
fn rules_16_5_a_big_blind_all_in_for_less_opens_at_big_blind_amount() {
    let hand = short_big_blind(vec![]);
    assert_eq!(next(&hand), (0, Some(100), Some(200)));
    // A call of the 60 alone is short of what is owed, not all in.
    let short = short_big_blind(vec![
        json!({"player_id": 1, "action": "Call", "amount": 60}),
    ]);
    let verdict = judge(&short).unwrap().replay.verdict;
    assert_eq!(
        verdict
            .findings
            .iter()
            .map(|f| f.code.name())
            .collect::<Vec<_>>(),
        ["underCall"]
    );
    // Everyone folds to the small blind: nobody else could put in more,
    // so the small blind completes to 60 (or calls the full 100, the
    // excess coming back).
    let folded = short_big_blind(vec![json!({"player_id": 1, "action": "Fold"})]);
    assert_eq!(next(&folded), (1, Some(60), None));
}

/// A blind that is not all in opens at what it posted, whatever
/// `big_blind_amount` says (a room's irregular post stands as recorded).
#[test]
fn rules_16_3_a_blind_not_all_in_opens_at_what_it_posted() {
    let mut hand = short_big_blind(vec![]);
    hand.ohh.players[2].starting_stack = hand.ohh.players[0].starting_stack;
    assert_eq!(next(&hand), (0, Some(60), Some(160)));
}
