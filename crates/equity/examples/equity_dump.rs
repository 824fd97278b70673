//! Deals seeded random flop and turn spots of every game of RULES.md §10.1
//! (2 to 4 players, a dead card now and then, a main pot and a side pot)
//! and prints one JSON line each with our exact result, for
//! `tests/crosscheck/equity_crosscheck.py` to recompute by brute force with
//! PokerKit's hand classes.
//!
//! With `--preflop N`, also N hold'em spots before the flop (2 or 3
//! players, a dead card now and then), which the script checks with eval7.
//!
//! `cargo run --release -p showdown-equity --example equity_dump -- --spots 4 --preflop 2 --seed 1`

use common::GAMES;
use serde_json::json;
use showdown_cards::{Card, VariantId};
use showdown_equity::{enumerate, PlayerEquity, PotMask};

#[path = "../tests/it/common/mod.rs"]
mod common;

fn text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect()
}

fn main() {
    let mut spots = 4u64;
    let mut seed = 1u64;
    let mut preflop = 0u64;
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).and_then(|v| v.parse().ok());
        match (pair[0].as_str(), value) {
            ("--spots", Some(v)) => spots = v,
            ("--seed", Some(v)) => seed = v,
            ("--preflop", Some(v)) => preflop = v,
            _ => {
                eprintln!("usage: equity_dump [--spots N] [--preflop N] [--seed S]");
                std::process::exit(2);
            }
        }
    }
    let holdem = (0..preflop).map(|i| (VariantId::Holdem, 0, i));
    let spots = GAMES
        .into_iter()
        .flat_map(|v| [3, 4].map(|k| (v, k)))
        .flat_map(|(v, k)| (0..spots).map(move |i| (v, k, i)));
    for (variant, k, i) in holdem.chain(spots) {
        let s = seed.wrapping_mul(1_000_003) ^ (i << 8) ^ (k as u64) << 4 ^ variant as u64;
        // Omaha-6 brute force is slow in PokerKit, preflop in eval7: fewer
        // players.
        let most = if variant.variant().hole_cards >= 6 || k == 0 {
            3
        } else {
            4
        };
        let n = 2 + (s % (most - 1)) as usize;
        let deal = common::deal(variant, n, k, (s / 7 % 2) as usize, s);
        // The main pot, and a side pot without player 0.
        let pots = [PotMask::all(n), PotMask((PotMask::all(n).0) & !1)];
        let e =
            enumerate(variant, &deal.refs(), &deal.board, &deal.dead, &pots).expect("a valid deal");
        let per_player = |f: fn(&PlayerEquity) -> u64| {
            e.pots
                .iter()
                .map(|p| p.players.iter().map(f).collect::<Vec<_>>())
                .collect::<Vec<_>>()
        };
        let line = json!({
            "variant": variant.as_str(),
            "hands": deal.hands.iter().map(|h| text(h)).collect::<Vec<_>>(),
            "board": text(&deal.board),
            "dead": text(&deal.dead),
            "pots": pots.iter().map(|p| p.players().collect::<Vec<_>>()).collect::<Vec<_>>(),
            "runouts": e.runouts,
            "d": showdown_equity::D,
            "share_units": per_player(|x| x.share_units),
            "wins": per_player(|x| x.wins),
            "ties": per_player(|x| x.ties),
        });
        println!("{line}");
    }
}
