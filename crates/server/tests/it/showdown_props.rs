//! Properties of `showdown` (RULES.md §15) over random requests of every
//! variant: a hand paid from any pot is shown; `audience: table` never
//! holds a card or a rank of a hand that was not shown (the serialised
//! answer searched for each); the order of `players` never changes the
//! answer; the chips are the same with and without `showdown`.

use crate::props::{seed, valid, Seed};
use proptest::prelude::*;
use serde_json::Value;
use showdown_contract::settle::{SettleRequest, ShowdownRequest};
use showdown_contract::settle_request;
use std::collections::BTreeSet;

/// The house's settings and the players' choices, drawn.
#[derive(Debug, Clone)]
struct Choice {
    aggressor: Option<usize>,
    run_out: bool,
    muck: &'static str,
    face_up: &'static str,
    order: &'static str,
    face_up_order: Option<&'static str>,
    shows: Vec<bool>,
    all_in: Vec<bool>,
}

fn choice() -> impl Strategy<Value = Choice> {
    let order = prop::sample::select(vec!["action", "pots", "seat"]);
    (
        prop::option::of(0usize..6),
        any::<bool>(),
        prop::sample::select(vec!["losers", "losers", "none"]),
        prop::sample::select(vec!["allIn", "bettingOver", "runOut"]),
        order.clone(),
        prop::option::of(order),
        prop::collection::vec(prop::bool::weighted(0.2), 6),
        prop::collection::vec(prop::bool::weighted(0.3), 6),
    )
        .prop_map(
            |(aggressor, run_out, muck, face_up, order, face_up_order, shows, all_in)| Choice {
                aggressor,
                run_out,
                muck,
                face_up,
                order,
                face_up_order,
                shows,
                all_in,
            },
        )
}

/// A valid request with `showdown`: some live players all in, a live
/// aggressor, a run-out only when at most one live player can bet.
fn request(s: &Seed, c: &Choice, audience: &str) -> SettleRequest {
    let mut req = valid(s);
    let n = req.players.len();
    let top = req.players.iter().map(|p| p.committed).max().unwrap_or(0);
    for (i, p) in req.players.iter_mut().enumerate() {
        let rest = p.stack - p.dead.unwrap_or(0);
        // All in, live, and never alone above the rest of the table.
        if c.all_in[i] && !p.folded && rest <= top {
            p.committed = rest;
        }
        p.shows = c.shows[i] && !p.folded;
    }
    let aggressor = c
        .aggressor
        .map(|a| a % n)
        .filter(|&a| !req.players[a].folded);
    let betting = req
        .players
        .iter()
        .filter(|p| !p.folded && p.committed + p.dead.unwrap_or(0) != p.stack);
    req.showdown = Some(ShowdownRequest {
        last_aggressor: aggressor.map(|a| req.players[a].id.clone()),
        run_out: c.run_out && betting.count() <= 1,
        muck: Some(c.muck.into()),
        face_up: Some(c.face_up.into()),
        order: Some(c.order.into()),
        face_up_order: c.face_up_order.map(Into::into),
        audience: Some(audience.into()),
    });
    req
}

fn answer(req: &SettleRequest) -> Result<Value, TestCaseError> {
    let ev = settle_request(req).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
    Ok(serde_json::to_value(ev).unwrap())
}

/// Every `value` of every hand rank in `v`, wherever it is.
fn values(v: &Value, out: &mut BTreeSet<u64>) {
    match v {
        Value::Object(m) => {
            if let (Some(x), Some(_)) =
                (m.get("value").and_then(Value::as_u64), m.get("description"))
            {
                out.insert(x);
            }
            m.values().for_each(|x| values(x, out));
        }
        Value::Array(a) => a.iter().for_each(|x| values(x, out)),
        _ => {}
    }
}

/// The ids shown in an answer's `showdown`.
fn shown(ev: &Value) -> BTreeSet<String> {
    ev["data"]["showdown"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["shown"] == true)
        .map(|e| e["agentId"].as_str().unwrap().to_string())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// RULES.md §15.3: every player paid from a contested pot at a
    /// showdown showed (a pot left to one live player is won unseen).
    #[test]
    fn rules_15_3_a_hand_paid_from_any_pot_is_shown(s in seed(), c in choice()) {
        let ev = answer(&request(&s, &c, "house"))?;
        prop_assume!(ev["data"]["reason"] == "showdown");
        let shown = shown(&ev);
        let pots = ev["data"]["pots"].as_array().unwrap();
        for pot in pots.iter().filter(|p| p["eligible"].as_array().unwrap().len() >= 2) {
            for share in pot["shares"].as_array().unwrap() {
                prop_assert!(shown.contains(share["agentId"].as_str().unwrap()), "{ev}");
            }
        }
    }

    /// RULES.md §15.6: no card of a folded or unshown player, and no rank
    /// of an unshown hand (unless a shown hand has the same value), in the
    /// serialised `audience: table` answer, explanation included.
    #[test]
    fn rules_15_6_audience_table_never_holds_an_unshown_card_or_rank(s in seed(), c in choice()) {
        let mut req = request(&s, &c, "table");
        req.explain = true;
        let ev = answer(&req)?;
        let text = serde_json::to_string(&ev).unwrap();
        let shown = shown(&ev);
        // Every live hand's ranks, from the same hand shown in full.
        let mut all = req.clone();
        all.showdown.as_mut().unwrap().muck = Some("none".into());
        all.showdown.as_mut().unwrap().audience = Some("house".into());
        let full = answer(&all)?;
        let mut seen = BTreeSet::new();
        let mut unseen = BTreeSet::new();
        for e in full["data"]["showdown"].as_array().unwrap() {
            let id = e["agentId"].as_str().unwrap();
            values(e, if shown.contains(id) { &mut seen } else { &mut unseen });
        }
        for v in unseen.difference(&seen) {
            prop_assert!(!text.contains(&format!("\"value\":{v},")), "rank {v} in {text}");
        }
        for p in req.players.iter().filter(|p| !shown.contains(&p.id)) {
            for card in p.cards.iter().flatten() {
                prop_assert!(!text.contains(&format!("\"{card}\"")), "{card} of {} in {text}", p.id);
            }
        }
    }

    /// API.md: the order of `players` never changes the answer's bytes,
    /// `showdown` and `audience: table` included.
    #[test]
    fn rules_15_player_order_never_changes_the_showdown(
        s in seed(), c in choice(), rot in 0usize..6, table in any::<bool>()
    ) {
        let req = request(&s, &c, if table { "table" } else { "house" });
        let mut turned = req.clone();
        let n = turned.players.len();
        turned.players.rotate_left(rot % n);
        turned.players.reverse();
        prop_assert_eq!(answer(&req)?, answer(&turned)?);
    }

    /// RULES.md §15: `showdown` changes no chip: pots, shares, uncalled
    /// bets, final stacks and who won how much are those without it.
    #[test]
    fn rules_15_the_chips_are_the_same_with_and_without_showdown(s in seed(), c in choice()) {
        let with = request(&s, &c, "table");
        let mut without = with.clone();
        without.showdown = None;
        for p in &mut without.players {
            p.shows = false;
        }
        let (a, b) = (answer(&with)?, answer(&without)?);
        for key in ["pots", "uncalled", "finalChipStacks", "winnerId", "tie", "totalWinners"] {
            prop_assert_eq!(&a["data"][key], &b["data"][key], "{}", key);
        }
        let amounts = |ev: &Value| -> Vec<(Value, Value)> {
            ev["data"]["potBreakdown"].as_array().unwrap().iter()
                .map(|e| (e["agentId"].clone(), e["amount"].clone())).collect()
        };
        prop_assert_eq!(amounts(&a), amounts(&b));
    }
}
