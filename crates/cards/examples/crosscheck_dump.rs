//! Deals seeded random showdowns for every kind of hand and prints, one JSON
//! line per table, the cards and our value of each hand, for
//! `tests/crosscheck/pokerkit_crosscheck.py` to compare with PokerKit.
//!
//! `cargo run --release -p showdown-cards --example crosscheck_dump -- --pairs 100000 --seed 1`
//!
//! Each table seats up to nine hands (as many as the deck holds; board games
//! share the board), so a table of nine gives 36 pairs of hands to order:
//! PokerKit, the slow side, ranks each hand once for all its pairs. Values come from the full
//! `HandRank` path; the fast value path is asserted equal on the way.

use std::io::{BufWriter, Write};

use showdown_cards::*;

#[path = "../tests/it/common/mod.rs"]
mod common;
use common::Dealer;

const MAX_SEATS: usize = 9;

/// (kind, short deck, shapes as (hole cards, board cards); tables cycle through them)
type Kind = (&'static str, bool, &'static [(usize, usize)]);

const KINDS: [Kind; 9] = [
    ("high", false, &[(2, 5), (7, 0), (5, 0)]),
    ("short-deck", true, &[(2, 5)]),
    ("omaha", false, &[(4, 5), (5, 5), (6, 5)]),
    ("omaha-low8", false, &[(4, 5), (5, 5)]),
    ("low8", false, &[(7, 0)]),
    ("ace-five", false, &[(5, 0), (7, 0)]),
    ("deuce-seven", false, &[(5, 0)]),
    ("badugi", false, &[(4, 0), (5, 0), (7, 0)]),
    ("badugi-ace-high", false, &[(4, 0), (5, 0)]),
];

fn value(kind: &str, hole: &[Card], board: &[Card]) -> Option<u64> {
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let (full, fast): (Option<u64>, Option<u32>) = match kind {
        "high" => (Some(high_rank(&all).value), Some(high_value(&all))),
        "short-deck" => (
            Some(short_deck_rank(&all).value),
            Some(short_deck_value(&all)),
        ),
        "omaha" => (
            Some(omaha_high_rank(hole, board).value),
            Some(omaha_high_value(hole, board)),
        ),
        "omaha-low8" => (
            omaha_low8_rank(hole, board).map(|h| h.value),
            omaha_low8_value(hole, board),
        ),
        "low8" => (low8_rank(&all).map(|h| h.value), low8_value(&all)),
        "ace-five" => (Some(ace_five_rank(&all).value), Some(ace_five_value(&all))),
        "deuce-seven" => (
            Some(deuce_seven_rank(&all).value),
            Some(deuce_seven_value(&all)),
        ),
        "badugi" => (
            Some(badugi_rank(&all, true).value),
            Some(badugi_value(&all, true)),
        ),
        _ => (
            Some(badugi_rank(&all, false).value),
            Some(badugi_value(&all, false)),
        ),
    };
    assert_eq!(
        full,
        fast.map(u64::from),
        "fast and full paths differ: {kind} {all:?}"
    );
    full
}

fn text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |name: &str, default: u64| -> u64 {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse().expect("a number"))
            .unwrap_or(default)
    };
    let pairs = arg("--pairs", 100_000);
    let seed = arg("--seed", 1);
    let only = args
        .iter()
        .position(|a| a == "--kind")
        .and_then(|i| args.get(i + 1));
    let mut out = BufWriter::new(std::io::stdout().lock());
    for (k, (kind, short, shapes)) in KINDS.iter().enumerate() {
        if only.is_some_and(|o| o != kind) {
            continue;
        }
        let mut dealer = Dealer::new(seed.wrapping_mul(1000).wrapping_add(k as u64), *short);
        let deck = if *short { 36 } else { 52 };
        let (mut done, mut t) = (0, 0);
        while done < pairs {
            let (hole, board) = shapes[t % shapes.len()];
            t += 1;
            let seats = ((deck - board) / hole).min(MAX_SEATS);
            done += (seats * (seats - 1) / 2) as u64;
            let cards = dealer.deal(board + seats * hole);
            let (board, holes) = cards.split_at(board);
            let hands: Vec<&[Card]> = holes.chunks(hole).collect();
            let values: Vec<String> = hands
                .iter()
                .map(|h| value(kind, h, board).map_or("null".to_string(), |v| v.to_string()))
                .collect();
            let hands: Vec<String> = hands.iter().map(|h| format!("\"{}\"", text(h))).collect();
            writeln!(
                out,
                "{{\"kind\":\"{kind}\",\"board\":\"{}\",\"hands\":[{}],\"ours\":[{}]}}",
                text(board),
                hands.join(","),
                values.join(",")
            )
            .expect("stdout");
        }
    }
}
