//! Golden files: `tests/golden/<name>.request.json` through `app()`, the
//! answer compared byte for byte with `<name>.response.json` (pretty JSON
//! and a trailing newline, as `showdown settle FILE` prints it).
//!
//! The files cover every worked example of RULES.md §5 (`rules-5-*`), the
//! example of API.md, and one hand of each of the 19 variants
//! (`variant-*`: a folded player, a short all-in, a side pot and an
//! uncalled bet), and every worked example of RULES.md §8 (`rules-8-*`,
//! the three spreads of §8.5 on one hand among them) and the fee
//! roundings of §10.5.3 (`rules-10-5-3-*`), and the showdowns of §15
//! (`rules-15-*`: a side pot by pots, a run-out, stud, a mucked low, and
//! `audience: table` with `explain`). Each response was checked by hand against RULES.md before
//! it was committed. To regenerate one after a deliberate change:
//! `showdown settle tests/golden/X.request.json > tests/golden/X.response.json`
//! — and check it again.

use crate::common;

use common::post_json;
use showdown_contract::settle::{HandCompleteEvent, SettleRequest};
use std::path::PathBuf;

fn golden_dir() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/golden"))
}

fn cases() -> Vec<(String, PathBuf, PathBuf)> {
    let mut out: Vec<_> = std::fs::read_dir(golden_dir())
        .expect("tests/golden exists")
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            let stem = name.strip_suffix(".request.json")?.to_string();
            let response = golden_dir().join(format!("{stem}.response.json"));
            Some((stem, e.path(), response))
        })
        .collect();
    out.sort();
    out
}

#[tokio::test]
async fn every_golden_response_matches_byte_for_byte() {
    let cases = cases();
    assert!(
        cases.len() >= 12 + 19,
        "golden files missing: {}",
        cases.len()
    );
    let mut failures = Vec::new();
    for (name, request, response) in &cases {
        let body: serde_json::Value =
            serde_json::from_slice(&std::fs::read(request).unwrap()).unwrap();
        let expected = std::fs::read_to_string(response)
            .unwrap_or_else(|_| panic!("{name}: response file missing"));
        let r = post_json(
            showdown_server::app(showdown_server::AppState::default()),
            "/v1/settle",
            &body,
        )
        .await;
        if r.status != 200 {
            failures.push(format!(
                "{name}: status {} {}",
                r.status,
                String::from_utf8_lossy(&r.body)
            ));
            continue;
        }
        // The HTTP body is the compact form of the same event.
        let event: HandCompleteEvent = serde_json::from_slice(&r.body).unwrap();
        assert_eq!(
            serde_json::to_vec(&event).unwrap(),
            r.body,
            "{name}: body round-trips"
        );
        let got = serde_json::to_string_pretty(&event).unwrap() + "\n";
        if got != expected {
            failures.push(format!(
                "{name}: response differs\n--- expected\n{expected}\n--- got\n{got}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// API.md's invariant: pot winnings plus uncalled (plus the rake and the
/// jackpot drop) equal everything put in; with cash-outs, the house's
/// balance on them closes the stacks' sum.
#[test]
fn golden_responses_conserve_chips() {
    for (name, request, response) in cases() {
        let req: SettleRequest = serde_json::from_slice(&std::fs::read(request).unwrap()).unwrap();
        let ev: HandCompleteEvent =
            serde_json::from_slice(&std::fs::read(response).unwrap()).unwrap();
        let put_in: u64 = req
            .players
            .iter()
            .map(|p| p.committed + p.dead.unwrap_or(0))
            .sum::<u64>()
            + req.dead_money.unwrap_or(0);
        let won: u64 = ev.data.pot_breakdown.iter().map(|e| e.amount).sum();
        let back: u64 = ev.data.uncalled.iter().map(|u| u.amount).sum();
        // RULES.md §8.8: the house's take is the rest.
        let house: u64 = [&ev.data.rake, &ev.data.jackpot]
            .into_iter()
            .flatten()
            .map(|t| t.amount)
            .sum();
        assert_eq!(won + back + house, put_in, "{name}");
        let before: u64 =
            req.players.iter().map(|p| p.stack).sum::<u64>() + req.dead_money.unwrap_or(0);
        let after: u64 = ev.data.final_chip_stacks.values().sum();
        // RULES.md §10.5.6: the house's result on cash-outs, which may be
        // negative, is the rest of the stacks.
        let cash_outs = i128::from(ev.data.cash_out_balance.unwrap_or(0));
        assert_eq!(
            i128::from(after + house) + cash_outs,
            i128::from(before),
            "{name}: stacks after + the house's take + cashOutBalance = stacks before + dead money"
        );
    }
}

/// `showdown settle FILE` prints exactly the golden bytes too.
#[test]
fn cli_settle_prints_the_golden_bytes() {
    for (name, request, response) in cases().into_iter().take(3) {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_showdown"))
            .arg("settle")
            .arg(&request)
            .output()
            .unwrap();
        assert!(out.status.success(), "{name}");
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            std::fs::read_to_string(response).unwrap(),
            "{name}"
        );
    }
}

// RULES.md §5, one named test per worked example, reading the golden answer.
fn shares(name: &str) -> Vec<(String, u64)> {
    let ev: HandCompleteEvent = serde_json::from_slice(
        &std::fs::read(golden_dir().join(format!("{name}.response.json"))).unwrap(),
    )
    .unwrap();
    ev.data
        .pot_breakdown
        .iter()
        .map(|e| (e.agent_id.to_string(), e.amount))
        .collect()
}

fn s(v: &[(&str, u64)]) -> Vec<(String, u64)> {
    v.iter().map(|(a, n)| (a.to_string(), *n)).collect()
}

#[test]
fn rules_5_1_tda_19_odd_chip_goes_left_of_button_not_to_it() {
    assert_eq!(
        shares("rules-5-1-holdem-pot-101-odd-chip-left-of-button"),
        s(&[("B", 51), ("A", 50)])
    );
}

#[test]
fn rules_5_2_three_way_tie_button_seat_2() {
    assert_eq!(
        shares("rules-5-2-holdem-pot-100-three-way-button-seat-2"),
        s(&[("C", 34), ("A", 33), ("B", 33)])
    );
}

#[test]
fn rules_5_3_robert_3_7_4_at_most_one_odd_chip_each() {
    assert_eq!(
        shares("rules-5-3a-holdem-pot-100-three-way-button-seat-3"),
        s(&[("A", 34), ("B", 33), ("C", 33)])
    );
    assert_eq!(
        shares("rules-5-3b-holdem-pot-101-three-way-two-odd-chips"),
        s(&[("A", 34), ("B", 34), ("C", 33)])
    );
}

#[test]
fn rules_5_4_side_pots_never_pay_half_chips() {
    assert_eq!(
        shares("rules-5-4a-side-pot-a-and-b-tie-c-all-in-loses"),
        s(&[("A", 250), ("B", 250)])
    );
    assert_eq!(
        shares("rules-5-4b-side-pot-with-dead-money-button-seat-3"),
        s(&[("A", 251), ("B", 250)])
    );
}

#[test]
fn rules_5_5_tda_illustration_f_example_1_same_hands_split_as_one() {
    assert_eq!(
        shares("rules-5-5-omaha-hi-lo-66-same-two-hands-both-halves"),
        s(&[("A", 33), ("B", 33)])
    );
}

#[test]
fn rules_5_6_tda_illustration_f_example_2_stud_odd_chip_by_suit() {
    assert_eq!(
        shares("rules-5-6a-stud-hi-lo-66-split-as-one"),
        s(&[("A", 33), ("B", 33)])
    );
    assert_eq!(
        shares("rules-5-6b-stud-hi-lo-67-odd-chip-to-six-of-spades"),
        s(&[("A", 34), ("B", 33)])
    );
}

#[test]
fn rules_5_7_odd_chip_of_the_pot_goes_to_the_high_half() {
    assert_eq!(
        shares("rules-5-7-omaha-hi-lo-5-chips-high-3-low-split-1-1"),
        s(&[("A", 3), ("B", 1), ("C", 1)])
    );
}

#[test]
fn rules_5_8_no_qualifying_low_high_scoops() {
    assert_eq!(
        shares("rules-5-8-omaha-hi-lo-no-qualifying-low-high-scoops"),
        s(&[("B", 100)])
    );
}

// RULES.md §8, one named test per worked example, reading the golden answer:
// (pot breakdown, each pot's rake, the rake and who paid it).
type Raked = (
    Vec<(String, u64)>,
    Vec<Option<u64>>,
    u64,
    Vec<(String, u64)>,
);

fn raked(name: &str) -> Raked {
    let ev: HandCompleteEvent = serde_json::from_slice(
        &std::fs::read(golden_dir().join(format!("{name}.response.json"))).unwrap(),
    )
    .unwrap();
    let rake = ev.data.rake.expect("the request asked for a rake");
    let paid = rake
        .contributions
        .iter()
        .map(|(a, n)| (a.to_string(), *n))
        .collect();
    let pots = ev.data.pots.iter().map(|p| p.rake).collect();
    (shares(name), pots, rake.amount, paid)
}

#[test]
fn rules_8_1_ten_percent_cap_5_is_one_cap_a_hand() {
    assert_eq!(
        raked("rules-8-1-ten-percent-cap-5-one-cap-a-hand-three-way-tie"),
        (
            s(&[("B", 198), ("C", 198), ("A", 99)]),
            vec![Some(3), Some(2)],
            5,
            s(&[("A", 1), ("B", 2), ("C", 2)])
        )
    );
}

#[test]
fn rules_8_2_five_percent_half_even_and_down() {
    let rake = |name: &str| raked(name).2;
    assert_eq!(rake("rules-8-2a-five-percent-half-even-pot-30-takes-2"), 2);
    assert_eq!(rake("rules-8-2b-five-percent-half-even-pot-90-takes-4"), 4);
    assert_eq!(rake("rules-8-2c-five-percent-down-pot-30-takes-1"), 1);
}

#[test]
fn rules_8_3_missing_unit_to_the_largest_remainder() {
    let (_, pots, amount, paid) = raked("rules-8-3-three-units-over-weights-100-200-200");
    assert_eq!(
        (pots, amount, paid),
        (
            vec![Some(2), Some(1)],
            3,
            s(&[("A", 1), ("B", 1), ("C", 1)])
        )
    );
}

#[test]
fn rules_8_4_preflop_raise_and_fold_no_flop_no_drop() {
    let name = "rules-8-4-preflop-raise-and-fold-no-flop-no-drop";
    let (won, pots, amount, paid) = raked(name);
    assert_eq!(
        (won, pots, amount, paid),
        (s(&[("A", 40)]), vec![Some(0)], 0, s(&[("A", 0), ("B", 0)]))
    );
}

// RULES.md §9 (several boards), one named test per worked example, and one
// two-board hand in each of the other split games that take boards.
#[test]
fn rules_9_1_example_two_runs_pot_6_chopped_twice_3_and_3() {
    assert_eq!(
        shares("rules-9-1-holdem-two-runs-pot-6-chopped-twice-3-and-3"),
        s(&[("A", 3), ("B", 3)])
    );
}

#[test]
fn rules_9_2_example_two_runs_pot_7_chopped_twice_4_and_3() {
    assert_eq!(
        shares("rules-9-2-holdem-two-runs-pot-7-chopped-twice-4-and-3"),
        s(&[("A", 4), ("B", 3)])
    );
}

#[test]
fn rules_9_3_example_two_runs_pot_15_a_wins_run_1_b_run_2() {
    assert_eq!(
        shares("rules-9-3-holdem-two-runs-pot-15-a-wins-run-1-b-run-2"),
        s(&[("A", 8), ("B", 7)])
    );
}

#[test]
fn rules_9_4_example_three_runs_pot_4_shares_2_1_1() {
    assert_eq!(
        shares("rules-9-4-holdem-three-runs-pot-4-shares-2-1-1"),
        s(&[("A", 3), ("B", 1)])
    );
}

#[test]
fn rules_9_5_example_omaha_hi_lo_two_boards_pot_9() {
    assert_eq!(
        shares("rules-9-5-omaha-hi-lo-two-boards-pot-9-a-7-b-2"),
        s(&[("A", 7), ("B", 2)])
    );
}

#[test]
fn rules_9_3_dramaha_draw_hand_high_on_each_board() {
    // Board 1 (6): A's draw hand 3, B's Omaha hand 3; board 2 (5): A both.
    assert_eq!(
        shares("rules-9-dramaha-two-boards-draw-hand-high-on-both"),
        s(&[("A", 8), ("B", 3)])
    );
}

#[test]
fn rules_9_3_sohe_each_boards_share_halved_odd_unit_to_the_omaha_hand() {
    // 5 and 5, each halved 3 (Omaha hand, high) and 2 (Hold'em hand).
    assert_eq!(
        shares("rules-9-sohe-two-boards-each-board-halved-odd-unit-high"),
        s(&[("A", 6), ("B", 4)])
    );
}
