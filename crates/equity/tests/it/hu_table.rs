//! The heads-up preflop table against the walk it was generated from:
//! every matchup has exactly one entry, symmetric matchups read the
//! permuted answer, seeded random entries equal a fresh enumeration, and
//! the engine answers the same with and without the table.
//!
//! `SHOWDOWN_HU_SEED=n` picks other random entries (the default is 1);
//! `make hu-table-check` regenerates both files whole and compares bytes.

use rand::seq::{index, SliceRandom};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use showdown_cards::Card;
use showdown_equity::hu_table::{canonical, hands_of_key, table, Table, TableGame};
use showdown_equity::{enumerate, enumerate_by_walk, Equity, PotMask};

fn seed() -> u64 {
    let seed = std::env::var("SHOWDOWN_HU_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    eprintln!("SHOWDOWN_HU_SEED={seed}");
    seed
}

fn loaded(game: TableGame) -> &'static Table {
    table(game).unwrap_or_else(|e| panic!("the committed {game:?} table: {e}"))
}

fn deck(game: TableGame) -> Vec<Card> {
    let lowest = match game {
        TableGame::Holdem => 0,
        TableGame::ShortDeck => 16,
    };
    (lowest..52).map(Card::from_index).collect()
}

/// Every hand of two cards from the game's deck.
fn hands(game: TableGame) -> Vec<[Card; 2]> {
    let d = deck(game);
    let mut out = Vec::new();
    for (i, &x) in d.iter().enumerate() {
        for &y in &d[i + 1..] {
            out.push([x, y]);
        }
    }
    out
}

/// The walk's (wins of the first hand, of the second, ties).
fn walk(game: TableGame, a: [Card; 2], b: [Card; 2]) -> [u32; 3] {
    let e = enumerate_by_walk(game.variant(), &[&a, &b], &[], &[], &[PotMask::all(2)]).unwrap();
    let [x, y] = [e.pots[0].players[0], e.pots[0].players[1]];
    assert_eq!(x.ties, y.ties);
    [x.wins, y.wins, x.ties].map(|v| u32::try_from(v).unwrap())
}

#[test]
fn tables_load_with_the_counts_of_matchups() {
    assert_eq!(loaded(TableGame::Holdem).entries().len(), 47_008);
    assert_eq!(loaded(TableGame::ShortDeck).entries().len(), 10_215);
    for game in TableGame::ALL {
        let t = loaded(game);
        // decode checked these; a table read back must encode to its file.
        assert_eq!(Table::decode(game, &t.encode()).unwrap(), *t);
        for e in t.entries() {
            assert_eq!(
                u64::from(e.wins_first) + u64::from(e.wins_second) + u64::from(e.ties),
                game.runouts()
            );
        }
    }
}

/// Each of the C(52,2)·C(50,2) ordered hold'em matchups (and short deck's
/// C(36,2)·C(34,2)) has a key with exactly one entry, every entry is some
/// matchup's, and swapping the players swaps the answer.
#[test]
fn every_matchup_maps_to_exactly_one_entry() {
    for (game, ordered) in [
        (TableGame::Holdem, 1326 * 1225),
        (TableGame::ShortDeck, 630 * 561),
    ] {
        let t = loaded(game);
        let keys: Vec<u32> = t.entries().map(|e| e.key).collect();
        assert!(
            keys.windows(2).all(|w| w[0] < w[1]),
            "keys strictly increase"
        );
        let mut hits = vec![0u32; keys.len()];
        let hands = hands(game);
        let mut seen = 0;
        for &a in &hands {
            for &b in &hands {
                if a.iter().any(|c| b.contains(c)) {
                    continue;
                }
                seen += 1;
                let c = canonical(a, b);
                let i = keys
                    .binary_search(&c.key)
                    .unwrap_or_else(|_| panic!("{a:?} v {b:?}: key {:08x} has no entry", c.key));
                hits[i] += 1;
                let ab = t.lookup(a, b).unwrap();
                let ba = t.lookup(b, a).unwrap();
                assert_eq!(ba, [ab[1], ab[0], ab[2]], "{a:?} v {b:?} swapped");
                // The key's hands are the matchup, suits renamed, perhaps swapped.
                let (x, y) = hands_of_key(c.key);
                let (x, y) = if c.swapped { (y, x) } else { (x, y) };
                let ranks = |h: [Card; 2]| {
                    let mut r = h.map(|c| c.rank());
                    r.sort();
                    r
                };
                assert_eq!((ranks(x), ranks(y)), (ranks(a), ranks(b)));
            }
        }
        assert_eq!(seen, ordered);
        assert!(hits.iter().all(|&h| h > 0), "every entry is some matchup's");
    }
}

/// A suit renaming and a swap of players, checked against the walk of the
/// renamed matchup itself (not only the table's own symmetry).
#[test]
fn permuted_and_swapped_matchups_give_the_permuted_answer() {
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ 0x5eed);
    for (game, spots) in [(TableGame::Holdem, 12), (TableGame::ShortDeck, 12)] {
        let t = loaded(game);
        for _ in 0..spots {
            let mut d = deck(game);
            d.shuffle(&mut rng);
            let (a, b) = ([d[0], d[1]], [d[2], d[3]]);
            let mut suits = [0u8, 1, 2, 3];
            suits.shuffle(&mut rng);
            let rename = |h: [Card; 2]| {
                h.map(|c| Card::from_index((c.index() & !3) | suits[usize::from(c.index() & 3)]))
            };
            let (pa, pb) = (rename(a), rename(b));
            let base = t.lookup(a, b).unwrap();
            assert_eq!(t.lookup(pa, pb).unwrap(), base, "{a:?} v {b:?} renamed");
            assert_eq!(walk(game, pb, pa), [base[1], base[0], base[2]]);
            assert_eq!(t.lookup(pb, pa).unwrap(), walk(game, pb, pa));
        }
    }
}

/// Seeded random entries (different ones for each seed) recomputed by the
/// walk: at least 500 of hold'em and 100 of short deck.
#[test]
fn random_entries_equal_a_fresh_enumeration() {
    let mut rng = ChaCha8Rng::seed_from_u64(seed());
    for (game, count) in [(TableGame::Holdem, 500), (TableGame::ShortDeck, 100)] {
        let entries: Vec<_> = loaded(game).entries().collect();
        for i in index::sample(&mut rng, entries.len(), count) {
            let e = entries[i];
            let (a, b) = hands_of_key(e.key);
            assert_eq!(
                walk(game, a, b),
                [e.wins_first, e.wins_second, e.ties],
                "{game:?} entry {i}: {a:?} v {b:?}"
            );
        }
    }
}

/// The engine's answer with the table equals the walk's to the last field,
/// for random heads-up preflop deals with random pots (one pot, a pot of
/// one player, several pots), as the equity route and cash-outs ask.
#[test]
fn the_engine_answers_the_same_with_and_without_the_table() {
    let mut rng = ChaCha8Rng::seed_from_u64(seed() ^ 0xab);
    for (game, spots) in [(TableGame::Holdem, 40), (TableGame::ShortDeck, 40)] {
        for _ in 0..spots {
            let mut d = deck(game);
            d.shuffle(&mut rng);
            let hands: [&[Card]; 2] = [&d[0..2], &d[2..4]];
            let npots = rng.random_range(1..=3);
            let pots: Vec<PotMask> = (0..npots)
                .map(|_| PotMask(rng.random_range(1..=3)))
                .collect();
            let fast: Equity = enumerate(game.variant(), &hands, &[], &[], &pots).unwrap();
            let slow = enumerate_by_walk(game.variant(), &hands, &[], &[], &pots).unwrap();
            assert_eq!(fast, slow, "{game:?} {hands:?} {pots:?}");
        }
    }
}

/// `answers` is true exactly where the table applies: heads-up hold'em or
/// short deck with no board and no dead cards.
#[test]
fn answers_names_the_deals_the_table_applies_to() {
    use showdown_cards::VariantId;
    use showdown_equity::hu_table::answers;
    let c = |s: &str| -> Vec<Card> { s.split_whitespace().map(|c| c.parse().unwrap()).collect() };
    let (a, b, x) = (c("Ah Kh"), c("Qs Qd"), c("7c 8c"));
    let heads_up: [&[Card]; 2] = [&a, &b];
    assert!(answers(VariantId::Holdem, &heads_up, &[], &[]));
    assert!(answers(VariantId::ShortDeck, &heads_up, &[], &[]));
    assert!(!answers(VariantId::Holdem, &heads_up, &c("2c 3d 4h"), &[]));
    assert!(!answers(VariantId::Holdem, &heads_up, &[], &c("2c")));
    assert!(!answers(VariantId::Holdem, &[&a, &b, &x], &[], &[]));
    let (o1, o2) = (c("As Ks Jh Th"), c("Qh 9d 8d 7s"));
    assert!(!answers(VariantId::Omaha, &[&o1, &o2], &[], &[]));
    assert!(!answers(VariantId::Razz, &heads_up, &[], &[]));
}
