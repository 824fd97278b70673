//! Properties of the all-in expectation (RULES.md §17) over the whole
//! settle pipeline: `expected` adds up to the pots' net total exactly and
//! `luck` to zero; the order of `players` never changes the answer; the
//! chips are those without `allInEv`; and over every river a turn all-in
//! can see, each player's `luck` averages to zero exactly.

use crate::all_in_ev::{add_fractions, sums};
use proptest::prelude::*;
use serde_json::{json, Value};
use showdown_cards::Card;
use showdown_contract::settle::SettleRequest;

#[derive(Debug, Clone)]
struct Spot {
    variant: &'static str,
    holes: usize,
    stacks: Vec<u64>,
    folded: Vec<bool>,
    deck: Vec<u8>,
    board_cards: u64,
    rake: bool,
}

fn spot() -> impl Strategy<Value = Spot> {
    (
        prop::sample::select(vec![
            ("holdem", 2),
            ("short-deck", 2),
            ("omaha", 4),
            ("omaha-hi-lo", 4),
        ]),
        2usize..=4,
        Just((0u8..52).collect::<Vec<_>>()).prop_shuffle(),
        prop::sample::select(vec![3u64, 4]),
        any::<bool>(),
    )
        .prop_flat_map(|(game, n, deck, board_cards, rake)| {
            (
                Just((game, deck, board_cards, rake)),
                prop::collection::vec(1u64..500, n),
                prop::collection::vec(prop::bool::weighted(0.2), n),
            )
        })
        .prop_map(|((game, deck, board_cards, rake), stacks, folded)| Spot {
            variant: game.0,
            holes: game.1,
            stacks,
            folded,
            deck,
            board_cards,
            rake,
        })
}

/// The cards of `deck` the variant deals, as text.
fn cards(variant: &str, deck: &[u8]) -> Vec<String> {
    let short = variant == "short-deck";
    deck.iter()
        .map(|&i| Card::from_index(i))
        .filter(|c| !short || c.rank() >= showdown_cards::Rank::Six)
        .map(|c| c.to_string())
        .collect()
}

/// A hand whose betting ended all in: the first two players live, every
/// live player all in but the deepest, who calls the second deepest;
/// a folded player put in one chip. The board comes first off the deck.
fn request(s: &Spot) -> Value {
    let deck = cards(s.variant, &s.deck);
    let n = s.stacks.len();
    let mut folded = s.folded.clone();
    folded[0] = false;
    folded[1] = false;
    let live: Vec<usize> = (0..n).filter(|&i| !folded[i]).collect();
    let deepest = *live.iter().max_by_key(|&&i| (s.stacks[i], i)).unwrap();
    let called = live
        .iter()
        .filter(|&&i| i != deepest)
        .map(|&i| s.stacks[i])
        .max()
        .unwrap();
    let mut rest = deck[5..].iter();
    let players: Vec<Value> = (0..n)
        .map(|i| {
            let committed = match (folded[i], i == deepest) {
                (true, _) => 1,
                (false, true) => called,
                (false, false) => s.stacks[i],
            };
            let hole: Vec<&String> = rest.by_ref().take(s.holes).collect();
            json!({"id": format!("p{i}"), "seat": i + 1, "stack": s.stacks[i], "committed": committed,
                   "folded": folded[i], "cards": if folded[i] { json!(null) } else { json!(hole) }})
        })
        .collect();
    let mut body = json!({"variant": s.variant, "buttonSeat": 1, "board": deck[..5],
        "players": players, "allInEv": {"boardCards": s.board_cards}});
    if s.rake {
        body["rake"] = json!({"percentBp": 500, "cap": 20});
    }
    body
}

fn settle(body: &Value) -> Value {
    let req: SettleRequest = serde_json::from_value(body.clone()).unwrap();
    let ev = showdown_contract::settle_request(&req).unwrap_or_else(|e| panic!("{e:?}\n{body}"));
    serde_json::to_value(&ev).unwrap()["data"].clone()
}

/// What the pots' winners shared: every pot after the house's take.
fn net_total(d: &Value) -> u64 {
    d["pots"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|p| p["shares"].as_array().unwrap())
        .map(|s| s["amount"].as_u64().unwrap())
        .sum()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, ..ProptestConfig::default() })]

    /// §17.3: Σ expected = the pots' net total, Σ luck = 0, and each
    /// player's `won` is what `potBreakdown` says they won.
    #[test]
    fn rules_17_3_expected_adds_up_to_the_pots_and_luck_to_zero(s in spot()) {
        let d = settle(&request(&s));
        let entries = d["allInEv"].as_array().unwrap();
        let (expected, luck) = sums(entries);
        prop_assert_eq!(expected, (i128::from(net_total(&d)), 1));
        prop_assert_eq!(luck, (0, 1));
        for e in entries {
            let won: u64 = d["potBreakdown"].as_array().unwrap().iter()
                .filter(|b| b["agentId"] == e["agentId"])
                .map(|b| b["amount"].as_u64().unwrap()).sum();
            prop_assert_eq!(e["won"].as_u64(), Some(won));
        }
    }

    /// The order of `players` never matters; the chips are those without
    /// `allInEv`.
    #[test]
    fn the_order_of_players_never_matters_and_the_chips_stay(s in spot(), turn in 1usize..4) {
        let body = request(&s);
        let d = settle(&body);
        let mut turned = body.clone();
        turned["players"].as_array_mut().unwrap().rotate_left(turn % s.stacks.len());
        prop_assert_eq!(&settle(&turned), &d);
        let mut plain = body.clone();
        plain.as_object_mut().unwrap().remove("allInEv");
        let mut stripped = d.clone();
        stripped.as_object_mut().unwrap().remove("allInEv");
        prop_assert_eq!(settle(&plain), stripped);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    /// A turn all-in dealt every river it can see: each player's `luck`,
    /// summed over the rivers, is exactly zero (their `won` averages to
    /// their `expected`). Stacks are multiples of 6 so no split has an
    /// odd chip, which the expectation counts as halves and thirds.
    #[test]
    fn rules_17_2_luck_averages_to_zero_over_every_river(
        deck in Just((0u8..52).collect::<Vec<_>>()).prop_shuffle(),
        stacks in prop::collection::vec(1u64..50, 2..=3),
    ) {
        let n = stacks.len();
        let cards = cards("holdem", &deck);
        let holes = &cards[4..4 + 2 * n];
        let rivers = &cards[4 + 2 * n..];
        let mut total: Vec<(i128, i128)> = vec![(0, 1); n];
        let mut order: Vec<Value> = Vec::new();
        for river in rivers {
            let spot = Spot { variant: "holdem", holes: 2, stacks: stacks.iter().map(|s| s * 6).collect(),
                folded: vec![false; n], deck: vec![], board_cards: 4, rake: false };
            let d = settle(&request_with(&spot, &cards[..4], river, holes));
            let entries = d["allInEv"].as_array().unwrap();
            order = entries.iter().map(|e| e["agentId"].clone()).collect();
            for (t, e) in total.iter_mut().zip(entries) {
                let (_, luck) = sums(std::slice::from_ref(e));
                *t = add_fractions(*t, luck);
            }
        }
        prop_assert_eq!(order.len(), n);
        prop_assert!(total.iter().all(|&t| t == (0, 1)), "{:?}", total);
    }
}

/// [`request`] on a board of the turn's four cards and `river`, the hole
/// cards given.
fn request_with(s: &Spot, turn: &[String], river: &str, holes: &[String]) -> Value {
    let mut deck: Vec<String> = turn.to_vec();
    deck.push(river.to_string());
    deck.extend(holes.iter().cloned());
    request(&Spot {
        deck: deck.iter().map(|c| index_of(c)).collect(),
        ..s.clone()
    })
}

fn index_of(card: &str) -> u8 {
    (0u8..52)
        .find(|&i| Card::from_index(i).to_string() == card)
        .unwrap()
}
