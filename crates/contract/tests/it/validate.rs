//! The settle route's validation through `validate`: the problem list's
//! bound, and the cards' problems and pointers.

use showdown_cards::Card;
use showdown_contract::settle::validate;
use showdown_contract::settle::SettleRequest;
use showdown_core::MAX_AMOUNT;
use showdown_json::Invalid;
use showdown_json::MAX_LISTED;

fn request(board: &[&str], hands: &[&[&str]]) -> SettleRequest {
    let players: Vec<serde_json::Value> = hands
        .iter()
        .enumerate()
        .map(|(i, cards)| {
            serde_json::json!({"id": format!("p{i}"), "seat": i + 1, "stack": 100,
                "committed": 10, "cards": cards, "folded": cards.is_empty()})
        })
        .collect();
    serde_json::from_value(serde_json::json!({"variant": "holdem", "buttonSeat": 1,
        "board": board, "players": players}))
    .unwrap()
}

fn messages(req: &SettleRequest) -> Vec<(String, String)> {
    validate(req)
        .err()
        .map(|e| {
            e.errors
                .into_iter()
                .map(|f| (f.pointer, f.message))
                .collect()
        })
        .unwrap_or_default()
}

/// API.md Errors: at most MAX_LISTED problems listed, the rest counted.
#[test]
fn api_errors_list_at_most_max_listed_problems_and_count_the_rest() {
    let bad: Vec<String> = (0..400).map(|i| format!("/{i}")).collect();
    let mut req = request(&["Ah", "Kd", "7c", "2s", "3h"], &[&["Qs", "Js"], &[]]);
    for (i, id) in bad.iter().enumerate() {
        let mut pl = req.players[1].clone();
        pl.id = id.clone();
        pl.seat = 0;
        pl.folded = i % 2 == 0;
        req.players.push(pl);
    }
    let invalid = validate(&req).unwrap_err();
    assert_eq!(invalid.errors.len(), MAX_LISTED);
    const { assert!(MAX_LISTED >= 20) };
    assert!(invalid.unlisted > 0);
    assert_eq!(invalid.total(), invalid.errors.len() + invalid.unlisted);
    let problem = showdown_json::Problem::from(invalid.clone());
    assert_eq!(problem.errors.len(), MAX_LISTED);
    assert!(
        problem
            .detail
            .contains(&format!("{} more not listed", invalid.unlisted)),
        "{}",
        problem.detail
    );
    // Invalid::new bounds lists built elsewhere the same way.
    let many = Invalid::new(vec![invalid.errors[0].clone(); MAX_LISTED + 7]);
    assert_eq!((many.errors.len(), many.unlisted), (MAX_LISTED, 7));
}

/// API.md 422: `handNumber` over 2^53 - 1, with its pointer.
#[test]
fn api_hand_number_over_2_53_is_a_422_with_a_pointer() {
    let mut req = request(
        &["Ah", "Kd", "7c", "2s", "3h"],
        &[&["Qs", "Js"], &["9d", "8d"]],
    );
    req.hand_number = Some(MAX_AMOUNT);
    assert!(validate(&req).is_ok());
    req.hand_number = Some(MAX_AMOUNT + 1);
    let m = messages(&req);
    assert_eq!(m.len(), 1);
    assert_eq!(m[0].0, "/handNumber");
}

/// More cards than the variant deals is one problem, not one per card.
#[test]
fn too_many_cards_is_one_problem_before_any_card_is_parsed() {
    let junk: Vec<&str> = vec!["Zz"; 5000];
    let req = request(&["Ah", "Kd", "7c", "2s", "3h"], &[&junk, &["9d", "8d"]]);
    assert_eq!(
        messages(&req),
        [(
            "/players/0/cards".to_string(),
            "holdem needs 2 cards per player, got 5000".to_string()
        )]
    );
    let board: Vec<&str> = vec!["Zz"; 300];
    let req = request(&board, &[&["Qs", "Js"], &["9d", "8d"]]);
    assert_eq!(messages(&req).len(), 1);
}

/// API.md 422 "duplicate card": every later copy points at the
/// first, wherever the copies are; a malformed card is never "first".
#[test]
fn a_duplicate_card_names_its_first_copy() {
    let board = ["Ah", "Kd", "7c", "2s", "3h"];
    let req = request(&board, &[&["Ah", "Qs"], &["Js", "Kd"]]);
    assert_eq!(
        messages(&req),
        [
            (
                "/players/0/cards/0",
                "card Ah appears more than once (first at /board/0)"
            ),
            (
                "/players/1/cards/1",
                "card Kd appears more than once (first at /board/1)"
            ),
        ]
        .map(|(p, m)| (p.to_string(), m.to_string()))
    );
    let req = request(&board, &[&["Qs", "Xx"], &["Qs", "Qs"]]);
    let got = messages(&req);
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!(got[0].0, "/players/0/cards/1");
    for (pointer, message) in &got[1..] {
        assert!(pointer.starts_with("/players/1/cards/"), "{pointer}");
        assert_eq!(
            message,
            "card Qs appears more than once (first at /players/0/cards/0)"
        );
    }
}

#[test]
fn a_valid_request_keeps_every_players_cards_apart() {
    let req = request(
        &["Ah", "Kd", "7c", "2s", "3h"],
        &[&["As", "Qs"], &[], &["Js", "Td"]],
    );
    let v = validate(&req).unwrap();
    assert_eq!(v.board().len(), 5);
    assert_eq!(
        v.hole(0),
        ["As".parse::<Card>().unwrap(), "Qs".parse().unwrap()]
    );
    assert!(v.hole(1).is_empty());
    assert_eq!(v.hole(2)[1], "Td".parse::<Card>().unwrap());
}
