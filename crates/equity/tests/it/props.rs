//! Property tests: the fast walk against the plain definition, and the
//! invariants of RULES.md §10 that any right answer keeps.

use crate::common;

use common::{deal, Deal, GAMES};
use proptest::prelude::*;
use showdown_cards::Card;
use showdown_equity::{enumerate, enumerate_by_walk, reference, Equity, PotMask, D};

/// A random spot: game, 2 to 4 players, a flop or a turn, 0 to 2 dead cards,
/// and up to three pots of random eligible sets.
fn spot() -> impl Strategy<Value = (Deal, Vec<PotMask>)> {
    (
        0..GAMES.len(),
        2usize..=4,
        prop_oneof![Just(3usize), Just(4)],
        0usize..=2,
        any::<u64>(),
        any::<[u16; 3]>(),
        1usize..=3,
    )
        .prop_map(|(g, n, k, dead, seed, masks, npots)| {
            let variant = GAMES[g];
            let d = deal(variant, n, k, dead, seed);
            let all = (1u16 << n) - 1;
            let mut pots = vec![PotMask(all)];
            for m in masks.iter().take(npots - 1) {
                let m = m & all;
                pots.push(PotMask(if m == 0 { all } else { m }));
            }
            (d, pots)
        })
}

fn run(d: &Deal, pots: &[PotMask]) -> Equity {
    enumerate(d.variant, &d.refs(), &d.board, &d.dead, pots).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// The fast walk gives exactly the plain definition's S, wins and ties.
    #[test]
    fn fast_equals_reference_on_flop_and_turn_spots_every_game((d, pots) in spot()) {
        let slow = reference::enumerate(d.variant, &d.refs(), &d.board, &d.dead, &pots).unwrap();
        let walk = enumerate_by_walk(d.variant, &d.refs(), &d.board, &d.dead, &pots).unwrap();
        prop_assert_eq!(&walk, &slow, "{:?}", d);
        prop_assert_eq!(run(&d, &pots), slow, "{:?}", d);
    }

    /// Rule 10.4: a pot's equities add up to exactly 1.
    #[test]
    fn rules_10_4_a_pots_equities_sum_to_exactly_one((d, pots) in spot()) {
        let e = run(&d, &pots);
        for (p, pot) in e.pots.iter().enumerate() {
            let s: u64 = pot.players.iter().map(|x| x.share_units).sum();
            prop_assert_eq!(s, e.runouts * D, "pot {}", p);
            for (i, x) in pot.players.iter().enumerate() {
                prop_assert!(x.wins + x.ties <= e.runouts);
                if !pot.eligible.contains(i) {
                    prop_assert_eq!(*x, Default::default());
                }
            }
        }
    }

    /// Players are not ordered: permuting the hands permutes the results.
    #[test]
    fn player_order_never_matters((d, pots) in spot(), rot in 1usize..4) {
        let n = d.hands.len();
        let rot = rot % n;
        let moved = |i: usize| (i + rot) % n;
        let mut d2 = d.clone();
        for i in 0..n {
            d2.hands[moved(i)] = d.hands[i].clone();
        }
        let pots2: Vec<PotMask> = pots
            .iter()
            .map(|p| PotMask::of(&p.players().map(moved).collect::<Vec<_>>()))
            .collect();
        let (a, b) = (run(&d, &pots), run(&d2, &pots2));
        prop_assert_eq!(a.runouts, b.runouts);
        for (pa, pb) in a.pots.iter().zip(&b.pots) {
            for i in 0..n {
                prop_assert_eq!(pa.players[i], pb.players[moved(i)]);
            }
        }
    }

    /// Suits are not ranked: renaming the suits of every card changes
    /// nothing.
    #[test]
    fn suit_swapped_spots_have_equal_equity((d, pots) in spot(), perm in Just([0u8, 1, 2, 3]).prop_shuffle()) {
        let swap = |c: &Card| Card::from_index(c.index() / 4 * 4 + perm[(c.index() % 4) as usize]);
        let d2 = Deal {
            variant: d.variant,
            hands: d.hands.iter().map(|h| h.iter().map(swap).collect()).collect(),
            board: d.board.iter().map(swap).collect(),
            dead: d.dead.iter().map(swap).collect(),
        };
        prop_assert_eq!(run(&d, &pots), run(&d2, &pots));
    }

    /// Rule 10.2 with one card to come: the turn's equity is the sum of the
    /// complete boards', and on a complete board (every other card dead)
    /// each share is all, nothing, or an equal part.
    #[test]
    fn rules_10_2_turn_is_the_sum_of_its_complete_boards(g in 0..GAMES.len(), seed in any::<u64>()) {
        let variant = GAMES[g];
        let d = deal(variant, 2 + (seed % 2) as usize, 4, 0, seed);
        let pots = [PotMask::all(d.hands.len())];
        let turn = run(&d, &pots);
        let known: Vec<Card> = d.hands.iter().flatten().chain(&d.board).copied().collect();
        let deck: Vec<Card> = (0..52).map(Card::from_index)
            .filter(|c| !known.contains(c) && (!variant.variant().short_deck || c.index() >= 16))
            .collect();
        prop_assert_eq!(turn.runouts, deck.len() as u64);
        let mut sum = vec![(0u64, 0u64, 0u64); d.hands.len()];
        for river in &deck {
            let dead: Vec<Card> = deck.iter().filter(|c| *c != river).copied().collect();
            let one = enumerate(variant, &d.refs(), &d.board, &dead, &pots).unwrap();
            prop_assert_eq!(one.runouts, 1);
            for (i, x) in one.pots[0].players.iter().enumerate() {
                prop_assert!(x.wins + x.ties <= 1);
                prop_assert_eq!(x.share_units == D, x.wins == 1);
                prop_assert_eq!(x.share_units > 0 && x.share_units < D, x.ties == 1);
                sum[i].0 += x.share_units;
                sum[i].1 += x.wins;
                sum[i].2 += x.ties;
            }
        }
        for (i, x) in turn.pots[0].players.iter().enumerate() {
            prop_assert_eq!((x.share_units, x.wins, x.ties), sum[i]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Preflop, where the isomorphism deals five cards: fast == slow on
    /// decks cut short by dead cards (so the plain walk stays quick).
    #[test]
    fn fast_equals_reference_preflop_with_dead_cards(g in 0..GAMES.len(), n in 2usize..=3, seed in any::<u64>()) {
        let variant = GAMES[g];
        let holes = variant.variant().hole_cards * n;
        let deck = if variant.variant().short_deck { 36 } else { 52 };
        let d = deal(variant, n, 0, deck - holes - 22, seed);
        let pots = [PotMask::all(n), PotMask::of(&[0, 1])];
        let slow = reference::enumerate(d.variant, &d.refs(), &d.board, &d.dead, &pots).unwrap();
        prop_assert_eq!(slow.runouts, 26_334); // C(22, 5)
        prop_assert_eq!(run(&d, &pots), slow, "{:?}", d);
    }
}

/// Full-deck preflop spots, fast against slow (seconds in release:
/// `cargo test --release -p showdown-equity --test props -- --ignored`).
#[test]
#[ignore]
fn fast_equals_reference_preflop_full_deck() {
    use showdown_cards::VariantId;
    let ten = [
        "Ah Kh", "Qs Qd", "7c 8c", "2d 2c", "Js Ts", "9h 9d", "As 5s", "Kc Qc", "6d 6h", "4h 3h",
    ];
    for (variant, hands) in [
        (VariantId::Omaha, &["As Ks Jh Th", "Qs Qh 9d 8d"][..]),
        (VariantId::OmahaHiLo, &["Ah 2h 3c Kd", "As Ks 5d 4d"]),
        (VariantId::ShortDeck, &["Ah Kh", "Qs Qd"]),
        (VariantId::Holdem, &["Ah Kh", "7s 7d"]),
        (VariantId::Holdem, &ten),
    ] {
        let hands: Vec<Vec<Card>> = hands.iter().map(|h| common::cards(h)).collect();
        let refs: Vec<&[Card]> = hands.iter().map(|h| h.as_slice()).collect();
        let all = PotMask::all(refs.len());
        let pots = [all, PotMask(all.0 & !1)];
        let fast = enumerate(variant, &refs, &[], &[], &pots).unwrap();
        let slow = reference::enumerate(variant, &refs, &[], &[], &pots).unwrap();
        assert_eq!(fast, slow, "{variant}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// Two hands of the same ranks whose suits a renaming swaps (say `Ah Kd`
    /// and `As Kc`) have equal equity before the flop.
    #[test]
    fn suit_swapped_identical_hands_have_equal_equity(
        short in any::<bool>(),
        r1 in 4u8..13,
        r2 in 4u8..13,
        suited in any::<bool>(),
    ) {
        use showdown_cards::VariantId;
        let variant = if short { VariantId::ShortDeck } else { VariantId::Holdem };
        // Suits: player 0 hearts/diamonds, player 1 spades/clubs (h<->s, d<->c).
        let (s0, s1) = if suited { ([2, 2], [3, 3]) } else { ([2, 1], [3, 0]) };
        let a = [Card::from_index(r1 * 4 + s0[0]), Card::from_index(r2 * 4 + s0[1])];
        let b = [Card::from_index(r1 * 4 + s1[0]), Card::from_index(r2 * 4 + s1[1])];
        prop_assume!(a[0] != a[1]);
        let e = enumerate(variant, &[&a, &b], &[], &[], &[PotMask::all(2)]).unwrap();
        prop_assert_eq!(e.pots[0].players[0], e.pots[0].players[1]);
        prop_assert_eq!(e.pots[0].players[0].share_units * 2, e.runouts * D);
    }
}

/// A deal for the rank-pattern walk's checks: `players` hands, a board of
/// `k`, and dead cards until `left_in_deck` cards stay undealt (so the
/// plain definition stays quick). With `suited`, hands and board come
/// first from two suits, so that several players flush in one suit, boards
/// hold flushes and the suited classes are tallied one by one.
fn pattern_deal(
    g: usize,
    players: usize,
    k: usize,
    left_in_deck: usize,
    suited: bool,
    seed: u64,
) -> Deal {
    use rand::seq::SliceRandom;
    use rand::SeedableRng;
    let variant = GAMES[g];
    let v = variant.variant();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let lowest = if v.short_deck { 16 } else { 0 };
    let mut deck: Vec<Card> = (lowest..52).map(Card::from_index).collect();
    deck.shuffle(&mut rng);
    if suited {
        deck.sort_by_key(|c| c.index() % 4 < 2);
    }
    let mut it = deck.into_iter();
    let hands: Vec<Vec<Card>> = (0..players)
        .map(|_| it.by_ref().take(v.hole_cards).collect())
        .collect();
    let board: Vec<Card> = it.by_ref().take(k).collect();
    let mut rest: Vec<Card> = it.collect();
    // Dead cards from the rest, at random, until `left_in_deck` remain.
    rest.shuffle(&mut rng);
    let dead = rest.split_off(left_in_deck.min(rest.len()));
    Deal {
        variant,
        hands,
        board,
        dead,
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// The rank-pattern walk equals the plain definition on every game and
    /// every street, 2 to 6 players, with side pots, on decks cut to at
    /// most 26 cards by dead cards (a preflop spot deals C(26, 5) = 65,780
    /// runouts one by one in the definition), half of them suit-heavy.
    #[test]
    fn rank_patterns_equal_the_definition_every_game_and_street(
        g in 0..GAMES.len(),
        players in 2usize..=6,
        k in prop_oneof![Just(0usize), Just(3), Just(4)],
        deck in 12usize..=26,
        suited in any::<bool>(),
        seed in any::<u64>(),
        masks in any::<[u16; 2]>(),
    ) {
        let v = GAMES[g].variant();
        let cards = if v.short_deck { 36 } else { 52 };
        let players = players.min((cards - k - 5) / v.hole_cards);
        let d = pattern_deal(g, players, k, deck, suited, seed);
        prop_assume!(d.dead.len() + d.board.len() + players * v.hole_cards + deck <= cards);
        let all = (1u16 << players) - 1;
        let mut pots = vec![PotMask(all)];
        for m in masks {
            if m & all != 0 {
                pots.push(PotMask(m & all));
            }
        }
        let slow = reference::enumerate(d.variant, &d.refs(), &d.board, &d.dead, &pots).unwrap();
        let walk = enumerate_by_walk(d.variant, &d.refs(), &d.board, &d.dead, &pots).unwrap();
        prop_assert_eq!(&walk, &slow, "{:?}", d);
        prop_assert_eq!(run(&d, &pots), slow, "{:?}", d);
    }
}
