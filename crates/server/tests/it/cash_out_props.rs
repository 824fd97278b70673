//! Properties of cash-outs and the bad-beat jackpot over the whole settle
//! pipeline (issue "Cash-outs and the bad-beat jackpot"): with and without
//! `cashOuts` the pots, shares, potBreakdown, rake and jackpot are the
//! same; each final stack is `stack − committed − dead + returned + won −
//! forfeited + amount`; `amount ≤ value` and a multiple of `chipUnit`;
//! the bad-beat payouts and `remaining` add up to the pool, nobody is paid
//! twice; the order of players never changes the answer's bytes; and
//! with `audience: table` nothing comes from a mucked hand (§15.8).

use proptest::prelude::*;
use serde_json::{json, Value};
use showdown_cards::Card;
use showdown_contract::settle::SettleRequest;
use std::collections::BTreeSet;

#[derive(Debug, Clone)]
struct Spot {
    variant: &'static str,
    holes: usize,
    stacks: Vec<u64>,
    folded: Vec<bool>,
    deck: Vec<u8>,
    bet: u64,
    unit: u64,
    cash_outs: Vec<(usize, u64, u64)>,
    pool: u64,
    min_hand: usize,
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
        2usize..=5,
        Just((0u8..52).collect::<Vec<_>>()).prop_shuffle(),
        prop::sample::select(vec![1u64, 1, 5]),
        any::<bool>(),
    )
        .prop_flat_map(|(game, n, deck, unit, rake)| {
            (
                Just((game, n, deck, unit, rake)),
                prop::collection::vec(1u64..200, n),
                prop::collection::vec(prop::bool::weighted(0.25), n),
                20u64..150,
                prop::collection::vec(
                    (
                        0usize..n,
                        prop::sample::select(vec![3u64, 4]),
                        0u64..=10_000,
                    ),
                    0..3,
                ),
                0u64..1_000_000,
                0usize..4,
            )
        })
        .prop_map(
            |((game, _n, deck, unit, rake), stacks, folded, bet, cash_outs, pool, min_hand)| Spot {
                variant: game.0,
                holes: game.1,
                stacks: stacks.iter().map(|s| s * unit).collect(),
                folded,
                deck,
                bet: bet * unit,
                unit,
                cash_outs,
                pool: pool * unit,
                min_hand,
                rake,
            },
        )
}

/// A valid hand: every live player all in or calling `bet`, at least two
/// live, a full board; each cash-out names a live player once.
fn request(s: &Spot) -> Value {
    let short = s.variant == "short-deck";
    let deck: Vec<String> = s
        .deck
        .iter()
        .map(|&i| Card::from_index(i))
        .filter(|c| !short || c.rank() >= showdown_cards::Rank::Six)
        .map(|c| c.to_string())
        .collect();
    let n = s.stacks.len();
    let mut folded = s.folded.clone();
    folded[0] = false;
    folded[1] = false;
    let mut cards = deck.iter();
    let board: Vec<&String> = cards.by_ref().take(5).collect();
    let players: Vec<Value> = (0..n)
        .map(|i| {
            let committed = if folded[i] { s.stacks[i].min(s.unit) } else { s.stacks[i].min(s.bet) };
            let hole: Vec<&String> = cards.by_ref().take(s.holes).collect();
            json!({"id": format!("p{i}"), "seat": i + 1, "stack": s.stacks[i], "committed": committed,
                   "folded": folded[i], "cards": if folded[i] { json!(null) } else { json!(hole) }})
        })
        .collect();
    let mut seen = BTreeSet::new();
    let cash_outs: Vec<Value> = s
        .cash_outs
        .iter()
        .filter(|(p, _, _)| !folded[*p] && seen.insert(*p))
        .map(|(p, k, fee)| json!({"agentId": format!("p{p}"), "boardCards": k, "feeBp": fee}))
        .collect();
    let mins = [
        ["Ah", "Ad", "Ac", "Th", "Td"],
        ["6h", "7d", "8c", "9h", "Jd"],
        ["As", "Ks", "Qs", "Js", "Ts"],
        ["Kh", "Kd", "Kc", "Ks", "Ah"],
    ];
    let mut body = json!({"variant": s.variant, "chipUnit": s.unit, "buttonSeat": 1, "board": board,
        "players": players, "cashOuts": cash_outs});
    if s.rake {
        body["rake"] = json!({"percentBp": 500, "cap": 3 * s.unit});
    }
    if s.variant != "omaha-hi-lo" {
        body["badBeat"] =
            json!({"pool": s.pool, "minLosingHand": mins[s.min_hand], "minPlayersDealt": 2});
    }
    body
}

fn settle(body: &Value) -> Value {
    let req: SettleRequest = serde_json::from_value(body.clone()).unwrap();
    let ev = showdown_contract::settle_request(&req).unwrap_or_else(|e| panic!("{e:?}\n{body}"));
    serde_json::to_value(&ev).unwrap()["data"].clone()
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn cash_outs_change_only_what_they_add(s in spot()) {
        let body = request(&s);
        let with = settle(&body);
        let mut plain = body.clone();
        plain.as_object_mut().unwrap().remove("cashOuts");
        let without = settle(&plain);
        for field in ["pots", "potBreakdown", "rake", "jackpot", "uncalled", "tie", "winnerId", "badBeat"] {
            prop_assert_eq!(&with[field], &without[field], "{}", field);
        }
        let unit = s.unit;
        let mut balance: i64 = 0;
        let cashed: Vec<&Value> = with["cashOuts"].as_array().map(|a| a.iter().collect()).unwrap_or_default();
        for c in &cashed {
            let (value, amount) = (u(&c["value"]), u(&c["amount"]));
            prop_assert!(amount <= value && amount % unit == 0 && value % unit == 0, "{}", c);
            balance += u(&c["forfeited"]) as i64 - amount as i64;
        }
        if !cashed.is_empty() {
            prop_assert_eq!(with["cashOutBalance"].as_i64(), Some(balance));
        }
        // finalChipStacks[p] = stack − committed − dead + returned + won − forfeited + amount.
        for p in body["players"].as_array().unwrap() {
            let id = p["id"].as_str().unwrap();
            let returned: u64 = with["uncalled"].as_array().unwrap().iter()
                .filter(|x| x["agentId"] == id).map(|x| u(&x["amount"])).sum();
            let won: u64 = with["potBreakdown"].as_array().unwrap().iter()
                .filter(|x| x["agentId"] == id).map(|x| u(&x["amount"])).sum();
            let (forfeited, amount) = cashed.iter().find(|c| c["agentId"] == id)
                .map_or((0, 0), |c| (u(&c["forfeited"]), u(&c["amount"])));
            prop_assert_eq!(forfeited, if cashed.iter().any(|c| c["agentId"] == id) { won } else { 0 });
            let want = u(&p["stack"]) - u(&p["committed"]) + returned + won - forfeited + amount;
            prop_assert_eq!(u(&with["finalChipStacks"][id]), want, "{}", id);
        }
        // The bad-beat fund: payouts + remaining = pool, nobody twice.
        if let Some(bb) = with.get("badBeat").filter(|b| b["qualified"] == true) {
            let paid: Vec<&Value> = bb["payouts"].as_array().unwrap().iter().collect();
            let total: u64 = paid.iter().map(|p| u(&p["amount"])).sum();
            prop_assert_eq!(total, u(&bb["paid"]));
            prop_assert_eq!(total + u(&bb["remaining"]), s.pool);
            let ids: BTreeSet<&str> = paid.iter().map(|p| p["agentId"].as_str().unwrap()).collect();
            prop_assert_eq!(ids.len(), paid.len());
        }
    }

    /// RULES.md §15.8: with `showdown` and `audience: table`, nothing in
    /// the answer is worked out from a mucked hand. With a cash-out every
    /// live hand is shown (priced face up); every hand the bad-beat
    /// jackpot pays as loser or winner is shown; and no card of a player
    /// not shown is anywhere in the answer, explanation included.
    #[test]
    fn rules_15_8_audience_table_carries_nothing_from_a_mucked_hand(
        s in spot(),
        face_up in prop::sample::select(vec!["allIn", "bettingOver", "runOut"]),
        aggressor in 0usize..5,
    ) {
        let mut body = request(&s);
        let players = body["players"].as_array().unwrap().clone();
        let a = &players[aggressor % players.len()];
        let last = if a["folded"] == true { json!(null) } else { a["id"].clone() };
        body["showdown"] = json!({"faceUp": face_up, "audience": "table", "lastAggressor": last});
        body["explain"] = json!(true);
        let d = settle(&body);
        let entries = d["showdown"].as_array().unwrap();
        let shown: BTreeSet<&str> = entries.iter().filter(|e| e["shown"] == true)
            .map(|e| e["agentId"].as_str().unwrap()).collect();
        if entries.len() > 1 && !body["cashOuts"].as_array().unwrap().is_empty() {
            prop_assert!(entries.iter().all(|e| e["shown"] == true && e["why"] == "allIn"), "{}", d);
        }
        if let Some(bb) = d.get("badBeat").filter(|b| b["qualified"] == true) {
            for p in bb["payouts"].as_array().unwrap().iter().filter(|p| p["role"] != "table") {
                prop_assert!(shown.contains(p["agentId"].as_str().unwrap()), "{}", d);
            }
            prop_assert!(bb["losingHand"].is_object() && bb["winningHand"].is_object(), "{}", bb);
        }
        let text = d.to_string();
        for p in players.iter().filter(|p| !shown.contains(p["id"].as_str().unwrap())) {
            for card in p["cards"].as_array().into_iter().flatten() {
                prop_assert!(!text.contains(&format!("\"{}\"", card.as_str().unwrap())), "{} of {}", card, p["id"]);
            }
        }
    }

    #[test]
    fn player_order_never_changes_the_answer(s in spot(), rot in 0usize..5) {
        let body = request(&s);
        let mut turned = body.clone();
        let players = turned["players"].as_array_mut().unwrap();
        let n = players.len();
        players.rotate_left(rot % n);
        players.reverse();
        prop_assert_eq!(settle(&body), settle(&turned));
    }
}
