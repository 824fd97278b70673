//! Our exact hold'em equities against OMPEval's `EquityCalculator` (exact
//! enumeration), whose results on 24 spots, preflop to turn and two to six
//! players, are kept as data in `data/ompeval_reference.json`.

use serde_json::Value;
use showdown_cards::{Card, VariantId};
use showdown_equity::{enumerate_one_pot, D};

fn cards(s: &str) -> Vec<Card> {
    s.as_bytes()
        .chunks(2)
        .map(|c| std::str::from_utf8(c).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn holdem_equities_match_ompeval_exact_enumeration() {
    let doc: Value =
        serde_json::from_str(include_str!("data/ompeval_reference.json")).expect("valid JSON");
    let cases = doc["cases"].as_array().expect("cases");
    assert!(cases.len() >= 20);
    for case in cases {
        let name = format!("{} | {}", case["hands"], case["board"]);
        let hands: Vec<Vec<Card>> = case["hands"]
            .as_str()
            .unwrap()
            .split_whitespace()
            .map(cards)
            .collect();
        let refs: Vec<&[Card]> = hands.iter().map(|h| h.as_slice()).collect();
        let board = cards(case["board"].as_str().unwrap());
        let e = enumerate_one_pot(VariantId::Holdem, &refs, &board, &[]).unwrap();
        assert_eq!(Some(e.runouts), case["runouts"].as_u64(), "{name}");
        // Exactly: S from OMPEval's runouts by set of winners.
        let mut s = vec![0u64; hands.len()];
        for (set, count) in case["by_winners"].as_object().unwrap() {
            let set: usize = set.parse().unwrap();
            let count = count.as_u64().unwrap();
            let k = set.count_ones() as u64;
            for (i, s) in s.iter_mut().enumerate() {
                if set >> i & 1 == 1 {
                    *s += count * (D / k);
                }
            }
        }
        for (i, x) in e.pots[0].players.iter().enumerate() {
            assert_eq!(x.share_units, s[i], "{name}: player {i}");
            assert_eq!(Some(x.wins), case["wins"][i].as_u64(), "{name}: player {i}");
            let omp = case["equity"][i].as_f64().unwrap();
            // OMPEval reports floats: ours as one, for this comparison only.
            let ours = e.pots[0].players[i].share_units as f64 / e.denominator() as f64;
            assert!((ours - omp).abs() < 1e-9, "{name}: player {i}");
        }
    }
}
