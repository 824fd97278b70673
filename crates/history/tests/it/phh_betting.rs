//! RULES.md §16 on PHH stud and draw hands: the streets read from the
//! deals and the draws, stud's bring-in and completion, and who opens a
//! later stud street by the up cards.

use showdown_history::phh::betting::betting_next;
use showdown_history::phh::{judge_betting, parse_hands, parse_one, BettingJudged};

/// The hands of tests/phh/families.phhs, by their table number.
fn family(n: &str) -> showdown_history::phh::PhhHand {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/phh/families.phhs"
    ))
    .unwrap();
    parse_hands(&text, "families")
        .unwrap()
        .into_iter()
        .map(Result::unwrap)
        .find(|h| h.label == format!("families#{n}"))
        .unwrap()
}

#[test]
fn rules_16_1_stud_razz_and_triple_draw_records_bet_by_the_rules() {
    // Stud hi-lo (3), razz (4), 2-7 triple draw (5): every action legal.
    for n in ["3", "4", "5"] {
        assert_eq!(judge_betting(&family(n)), BettingJudged::Legal, "hand {n}");
    }
}

/// Stud 20/40, bring-in 10, four players; `actions` after third street's deal.
fn stud(actions: &str) -> String {
    format!(
        "variant = 'F7S'\nantes = [5, 5, 5, 5]\nbring_in = 10\nsmall_bet = 20\n\
         big_bet = 40\nstarting_stacks = [500, 500, 500, 500]\nactions = [\
         'd dh p1 AhKh9c', 'd dh p2 QsQd3d', 'd dh p3 7c8c2s', 'd dh p4 JdTdKc', {actions}]\n"
    )
}

fn next(text: &str) -> serde_json::Value {
    let hand = parse_one(text, "stud").unwrap();
    serde_json::to_value(betting_next(&hand).unwrap()).unwrap()
}

#[test]
fn rules_16_3_stud_the_bring_in_is_called_or_completed_to_the_small_bet() {
    let n = next(&stud("'p3 pb'"));
    assert_eq!(n["next"]["toAct"], "p4");
    assert_eq!(n["next"]["round"], "Third");
    assert_eq!(
        n["next"]["options"],
        serde_json::json!({"fold": true, "call": 10, "raise": {"min": 20, "max": 20}, "allIn": 495, "complete": 20})
    );
    // The completion is the first bet: the raise after it is one unit more.
    let n = next(&stud("'p3 pb', 'p4 cc', 'p1 cbr 20'"));
    assert_eq!(
        n["next"]["options"]["raise"],
        serde_json::json!({"min": 40, "max": 40})
    );
    // A completion to 30 is not one unit.
    let BettingJudged::Findings(f) =
        judge_betting(&parse_one(&stud("'p3 pb', 'p4 cbr 30'"), "s").unwrap())
    else {
        panic!()
    };
    assert_eq!(f, ["/actions/5: limitSize (§16.3)"]);
}

#[test]
fn rules_16_2_stud_a_later_street_opens_with_the_best_hand_showing() {
    // Everyone calls the bring-in: third street is over (§16.4).
    let third = "'p3 pb', 'p4 cc', 'p1 cc', 'p2 cc', \
                 'd dh p1 5s', 'd dh p2 6h', 'd dh p3 Qc', 'd dh p4 Jc'";
    // Fourth street: p4's K-J showing is the best.
    let n = next(&stud(third));
    assert_eq!(
        (n["next"]["toAct"].as_str(), n["next"]["round"].as_str()),
        (Some("p4"), Some("Fourth"))
    );
    // p1 acting first instead is out of turn.
    let BettingJudged::Findings(f) =
        judge_betting(&parse_one(&stud(&format!("{third}, 'p1 cc'")), "s").unwrap())
    else {
        panic!()
    };
    assert_eq!(f, ["/actions/12: outOfTurn (TDA 37)"]);
}

#[test]
fn rules_16_1_a_draw_round_starts_with_its_first_draw() {
    let text = "variant = 'F2L3D'\nblinds_or_straddles = [10, 20, 0]\nsmall_bet = 20\n\
                big_bet = 40\nstarting_stacks = [600, 600, 600]\nactions = [\
                'p3 cbr 40', 'p1 f', 'p2 cc', 'p2 sd KcKs', 'p3 sd Qd']\n";
    let n = next(text);
    assert_eq!(n["next"]["toAct"], "p2");
    assert_eq!(n["next"]["round"], "Draw1");
    assert_eq!(
        n["next"]["options"]["bet"],
        serde_json::json!({"min": 20, "max": 20})
    );
    let before = next(&text.replace(", 'p2 sd KcKs', 'p3 sd Qd'", ""));
    assert_eq!(
        before["next"],
        serde_json::json!({"over": "round", "deal": "Draw1"})
    );
}

/// RULES.md §16.2 and §16.7: before the bring-in is posted, the lowest
/// door card (p3's 2s) is to act, offered the bring-in or the completion
/// and neither a fold nor a check; completing at once is legal.
#[test]
fn rules_16_2_before_the_bring_in_its_player_posts_it_or_completes() {
    let n = next(&stud(""));
    assert_eq!(n["next"]["toAct"], "p3");
    assert_eq!(
        n["next"]["options"],
        serde_json::json!({"fold": false, "raise": {"min": 20, "max": 20}, "allIn": 495,
            "bringIn": 10, "complete": 20})
    );
    let completed = parse_one(&stud("'p3 cbr 20', 'p4 cc', 'p1 cc', 'p2 f'"), "stud").unwrap();
    assert_eq!(judge_betting(&completed), BettingJudged::Legal);
    let n = next(&stud("'p3 cbr 20'"));
    assert_eq!(n["next"]["toAct"], "p4");
    assert_eq!(n["next"]["options"]["call"], 20);
    // Razz: the highest door card brings in (p4's king).
    let razz = stud("").replace("'F7S'", "'FR'");
    assert_eq!(next(&razz)["next"]["toAct"], "p4");
}

/// §16.3: a straddle's full amount is what it posted. Seat 3 straddles
/// 40 from 25 left after the ante: a call (`cc`) puts in 25, as the
/// core reads the post and PokerKit writes the hand, not 35 of a 40
/// straddle (found by tests/crosscheck/betting_crosscheck.py).
#[test]
fn rules_16_3_a_straddle_all_in_for_less_is_called_for_what_it_posted() {
    let text = |actions: &str| {
        format!(
            "variant = 'NT'\nantes = 5\nblinds_or_straddles = [10, 20, 40, 0, 0, 0]\nmin_bet = 20\n\
             starting_stacks = [200, 1870, 30, 40, 46, 89]\nactions = [\
             'd dh p1 QdJs', 'd dh p2 4dKh', 'd dh p3 KdKc', 'd dh p4 8c8s', 'd dh p5 5cJh', \
             'd dh p6 Qh5s'{actions}]\n"
        )
    };
    let n = next(&text(", 'p4 cc'"));
    assert_eq!(n["next"]["toAct"], "p5");
    assert_eq!(n["next"]["toCall"], 25);
    let played = parse_one(&text(", 'p4 cc', 'p5 cc', 'p6 cc', 'p1 cc', 'p2 cc'"), "s").unwrap();
    assert_eq!(judge_betting(&played), BettingJudged::Legal);
}
