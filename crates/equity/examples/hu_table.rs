//! Generates the heads-up preflop tables (`data/hu_holdem.bin`,
//! `data/hu_short_deck.bin`) with this crate's own walk: every canonical
//! matchup (`hu_table::canonical_keys`) is enumerated by
//! `enumerate_by_walk`, on every core, and written in key order, so the
//! bytes depend on nothing but the walk.
//!
//! `cargo run --release -p showdown-equity --example hu_table -- OUT_DIR`
//! (`make hu-table` writes into `crates/equity/data/`, `make
//! hu-table-check` into `target/hu-table/` and compares.)

use std::path::PathBuf;
use std::time::Instant;

use rayon::prelude::*;
use showdown_equity::hu_table::{canonical_keys, hands_of_key, Entry, Table, TableGame};
use showdown_equity::{enumerate_by_walk, PotMask};

fn main() {
    let dir = PathBuf::from(
        std::env::args()
            .nth(1)
            .expect("usage: hu_table OUT_DIR (the directory the two files go to)"),
    );
    std::fs::create_dir_all(&dir).expect("create the output directory");
    showdown_equity::build_tables();
    for game in TableGame::ALL {
        let start = Instant::now();
        let keys = canonical_keys(game);
        let entries: Vec<Entry> = keys
            .par_iter()
            .map(|&key| {
                let (a, b) = hands_of_key(key);
                let e = enumerate_by_walk(game.variant(), &[&a, &b], &[], &[], &[PotMask::all(2)])
                    .expect("a canonical matchup is a valid deal");
                let [first, second] = [e.pots[0].players[0], e.pots[0].players[1]];
                assert_eq!(first.ties, second.ties, "heads-up ties are shared");
                let count = |x: u64| u32::try_from(x).expect("runouts fit in 32 bits");
                Entry {
                    key,
                    wins_first: count(first.wins),
                    wins_second: count(second.wins),
                    ties: count(first.ties),
                }
            })
            .collect();
        let table = Table::new(game, &entries).expect("the walk's results make a valid table");
        let path = dir.join(game.file_name());
        std::fs::write(&path, table.encode()).expect("write the table");
        // Integer tenths of a second: no floats in this crate.
        let tenths = start.elapsed().as_millis() / 100;
        eprintln!(
            "{}: {} matchups in {}.{} s",
            path.display(),
            entries.len(),
            tenths / 10,
            tenths % 10
        );
    }
}
