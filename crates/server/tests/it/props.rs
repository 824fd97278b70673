//! Properties: nothing a client sends gives a 5xx; the order of `players`
//! in a request never changes the answer's bytes (API.md: "whatever the
//! order of players in it").

use crate::common;

use proptest::prelude::*;
use showdown_cards::{Card, VariantId};
use showdown_contract::settle::{PlayerRequest, SettleRequest};

fn deck() -> Vec<String> {
    (0..52u8).map(|i| Card::from_index(i).to_string()).collect()
}

#[derive(Debug, Clone)]
pub(crate) struct Seed {
    variant: VariantId,
    seats: Vec<u32>,
    stacks: Vec<u64>,
    committed_pct: Vec<u64>,
    folded: Vec<bool>,
    dead: Vec<u64>,
    deck: Vec<String>,
    button: u32,
    dead_money: u64,
    unit: u64,
}

pub(crate) fn seed() -> impl Strategy<Value = Seed> {
    (
        proptest::sample::select(VariantId::ALL.to_vec()),
        2usize..=6,
        Just(deck()).prop_shuffle(),
        1u32..=9,
        0u64..3,
        proptest::sample::select(vec![1u64, 1, 1, 5, 25]),
    )
        .prop_flat_map(|(variant, n, deck, button, dead_money, unit)| {
            (
                Just(variant),
                proptest::sample::subsequence((1u32..=9).collect::<Vec<_>>(), n).prop_shuffle(),
                proptest::collection::vec(1u64..400, n),
                proptest::collection::vec(0u64..=100, n),
                proptest::collection::vec(proptest::bool::weighted(0.3), n),
                proptest::collection::vec(proptest::bool::weighted(0.15), n),
                Just(deck),
                Just(button),
                Just(dead_money),
                Just(unit),
            )
        })
        .prop_map(
            |(
                variant,
                seats,
                stacks,
                committed_pct,
                folded,
                dead,
                deck,
                button,
                dead_money,
                unit,
            )| Seed {
                variant,
                seats,
                stacks,
                committed_pct,
                folded,
                dead: dead.into_iter().map(u64::from).collect(),
                deck,
                button,
                dead_money,
                unit,
            },
        )
}

/// A request that should be valid: counts per the variant table, amounts
/// multiples of the unit, no folded player holding the uncalled bet.
pub(crate) fn valid(s: &Seed) -> SettleRequest {
    let t = s.variant.variant();
    let u = s.unit;
    // The short deck holds 6 to A only.
    let mut cards = s
        .deck
        .iter()
        .filter(|c| !t.short_deck || !matches!(c.as_bytes()[0], b'2'..=b'5'))
        .cloned();
    let n = s.seats.len();
    let mut players: Vec<PlayerRequest> = (0..n)
        .map(|i| {
            let stack = s.stacks[i] * u;
            let dead = if s.dead[i] > 0 && stack >= u { u } else { 0 };
            let committed = ((stack - dead) / u * s.committed_pct[i] / 100) * u;
            PlayerRequest {
                id: format!("p{}", s.seats[i]),
                name: None,
                seat: s.seats[i],
                stack,
                committed,
                dead: (dead > 0).then_some(dead),
                folded: s.folded[i],
                cards: None,
                bounty: None,
                shows: false,
            }
        })
        .collect();
    // At least one live player; the sole largest bet is never folded.
    if players.iter().all(|p| p.folded) {
        players[0].folded = false;
    }
    let max = players.iter().map(|p| p.committed).max().unwrap();
    let at_max: Vec<usize> = (0..n).filter(|&i| players[i].committed == max).collect();
    if at_max.len() == 1 {
        players[at_max[0]].folded = false;
    }
    for p in players.iter_mut().filter(|p| !p.folded) {
        p.cards = Some(cards.by_ref().take(t.hole_cards).collect());
    }
    let board: Vec<String> = cards.by_ref().take(t.board_cards).collect();
    SettleRequest {
        game_id: Some("prop".into()),
        hand_number: Some(1),
        variant: s.variant.as_str().to_string(),
        rules: None,
        chip_unit: Some(u),
        button_seat: t.button.then_some(s.button),
        board: (!board.is_empty()).then_some(board),
        dead_money: Some(s.dead_money * u),
        players,
        ..SettleRequest::default()
    }
}

/// Damage a valid request in one of many ways (or not at all).
fn corrupt(mut r: SettleRequest, how: u8, k: usize) -> SettleRequest {
    let n = r.players.len();
    let i = k % n;
    match how {
        0 => {}
        1 => r.players[i].seat = r.players[(i + 1) % n].seat,
        2 => r.players[i].id = r.players[(i + 1) % n].id.clone(),
        3 => {
            if let Some(c) = r.players[i].cards.as_mut() {
                c.push("Zz".into())
            }
        }
        4 => r.players[i].committed = r.players[i].stack + 1,
        5 => r.players[i].committed = u64::MAX,
        6 => r.button_seat = r.button_seat.map_or(Some(3), |_| None),
        7 => r.players.iter_mut().for_each(|p| p.folded = true),
        8 => {
            r.players.truncate(1);
        }
        9 => r.players[i].cards = None,
        10 => r.chip_unit = Some(0),
        11 => r.variant = "pineapple".into(),
        12 => r.board = Some(vec!["As".into(); 7]),
        13 => r.players[i].cards = Some(vec!["As".into(), "As".into()]),
        14 => r.dead_money = Some(1 << 60),
        15 => r.players[i].seat = 0,
        16 => r.rules = Some("house".into()),
        17 => {
            r.players[i].committed = r.players[i].stack;
            r.players[i].dead = Some(1);
        }
        _ => r.players.clear(),
    }
    r
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn valid_requests_settle_and_conserve_chips(s in seed()) {
        let req = valid(&s);
        let ev = showdown_contract::settle_request(&req);
        prop_assert!(ev.is_ok(), "{:?}\n{}", ev.err(), serde_json::to_string(&req).unwrap());
        let ev = ev.unwrap();
        let put_in: u64 = req.players.iter().map(|p| p.committed + p.dead.unwrap_or(0)).sum::<u64>()
            + req.dead_money.unwrap_or(0);
        let won: u64 = ev.data.pot_breakdown.iter().map(|e| e.amount).sum();
        let back: u64 = ev.data.uncalled.iter().map(|u| u.amount).sum();
        prop_assert_eq!(won + back, put_in);
    }

    #[test]
    fn player_order_never_changes_the_bytes(s in seed(), rot in 0usize..6, rev in any::<bool>()) {
        let req = valid(&s);
        let mut shuffled = req.clone();
        let n = shuffled.players.len();
        shuffled.players.rotate_left(rot % n);
        if rev {
            shuffled.players.reverse();
        }
        let a = serde_json::to_vec(&showdown_contract::settle_request(&req).unwrap()).unwrap();
        let b = serde_json::to_vec(&showdown_contract::settle_request(&shuffled).unwrap()).unwrap();
        prop_assert_eq!(a, b);
    }

    #[test]
    fn no_request_gives_a_5xx(s in seed(), how in 0u8..20, k in 0usize..6) {
        let req = corrupt(valid(&s), how, k);
        let body = serde_json::to_value(&req).unwrap();
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let r = rt.block_on(common::settle(&body));
        prop_assert!(r.status.as_u16() == 200 || r.status.as_u16() == 422, "{} {}", r.status, String::from_utf8_lossy(&r.body));
        // Every corruption but 0 (none), 3 (a bad card for a player who may
        // hold none) and 9 (no cards, fine when uncontested) is impossible.
        if ![0, 3, 9].contains(&how) {
            prop_assert_eq!(r.status.as_u16(), 422, "corruption {} was accepted: {}", how, String::from_utf8_lossy(&r.body));
        }
    }

    #[test]
    fn arbitrary_bytes_give_4xx_never_5xx(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        let r = rt.block_on(async {
            let req = axum::http::Request::post("/v1/settle")
                .header("content-type", "application/json")
                .body(axum::body::Body::from(bytes))
                .unwrap();
            common::send(showdown_server::app(showdown_server::AppState::default()), req).await
        });
        prop_assert_eq!(r.status.as_u16(), 400);
    }
}

/// RULES.md §12: `req` as a tournament hand, each player's bounty `units[i]`
/// bounty units, players left beyond those with chips `extra`.
fn tournament_hand(
    mut req: SettleRequest,
    units: &[u64],
    unit: u64,
    bp: u64,
    extra: Option<u64>,
) -> SettleRequest {
    let with_chips = req.players.iter().filter(|p| p.stack > 0).count() as u64;
    req.tournament = Some(showdown_contract::settle::TournamentRequest {
        bounty_unit: Some(unit),
        progressive_bp: Some(bp),
        players_left: extra.map(|e| with_chips + e),
        ..Default::default()
    });
    for (p, u) in req.players.iter_mut().zip(units) {
        p.bounty = Some(u * unit);
    }
    req
}

/// `s` with about half its players all in, so that hands knock players out.
fn all_in(mut s: Seed, units: &[u64]) -> Seed {
    for (pct, u) in s.committed_pct.iter_mut().zip(units) {
        if u % 2 == 0 {
            *pct = 100;
        }
    }
    s
}

fn tournament_terms() -> impl Strategy<Value = (Vec<u64>, u64, u64, Option<u64>)> {
    (
        proptest::collection::vec(0u64..5_000, 6),
        proptest::sample::select(vec![1u64, 5, 25, 100]),
        proptest::sample::select(vec![0u64, 2_500, 5_000, 6_667, 10_000]),
        proptest::option::of(0u64..4),
    )
}

/// The answer's chips: every field but those a tournament adds.
fn chips_only(mut event: serde_json::Value) -> serde_json::Value {
    let data = event["data"].as_object_mut().unwrap();
    for key in ["eliminations", "bounties", "bountyCash", "tournamentWinner"] {
        data.remove(key);
    }
    event
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// RULES.md §12.9 and the shape of every award, in every variant.
    #[test]
    fn tournament_bounties_in_equal_cash_plus_growth(
        s in seed(),
        (units, unit, bp, extra) in tournament_terms(),
    ) {
        let req = tournament_hand(valid(&all_in(s, &units)), &units, unit, bp, extra);
        let ev = showdown_contract::settle_request(&req);
        prop_assert!(ev.is_ok(), "{:?}\n{}", ev.err(), serde_json::to_string(&req).unwrap());
        let d = ev.unwrap().data;
        let gone = d.eliminations.unwrap();
        let cash = d.bounty_cash.unwrap();
        let after = d.bounties.unwrap();
        let bounty = |id: &str| req.players.iter().find(|p| p.id == id).unwrap().bounty.unwrap();
        let mut head = 0u128;
        for e in &gone {
            prop_assert_eq!(d.final_chip_stacks[e.agent_id.as_ref()], 0);
            prop_assert!(!after.contains_key(e.agent_id.as_ref()));
            let live = !req.players.iter().find(|p| p.id == e.agent_id).unwrap().folded;
            if live {
                // A live player's eliminating pot is the last they could win.
                let last = d.pots.iter().rposition(|p| p.eligible.contains(&e.agent_id));
                prop_assert_eq!(last, Some(e.pot as usize));
            }
            let amounts: Vec<u64> = e.awards.iter().map(|a| a.amount).collect();
            prop_assert_eq!(amounts.iter().sum::<u64>(), e.bounty);
            let spread = amounts.iter().max().unwrap() - amounts.iter().min().unwrap();
            prop_assert!(spread <= unit, "collectors more than one unit apart: {:?}", e);
            for a in &e.awards {
                prop_assert_eq!(a.amount, a.cash + a.head);
                prop_assert!(gone.iter().all(|g| g.agent_id != a.agent_id), "an eliminated player collects");
                let won = d.pots[e.pot as usize]
                    .shares
                    .iter()
                    .any(|sh| sh.agent_id == a.agent_id && sh.amount > 0);
                prop_assert!(won, "{} won no chips from pot {}", a.agent_id, e.pot);
                head += u128::from(a.head);
            }
        }
        // The winner's own bounty, as it stood after the growth, was paid.
        let winner_own = d.tournament_winner.as_ref().map_or(0u128, |w| {
            let grown: u64 = gone.iter().flat_map(|e| &e.awards).filter(|a| &a.agent_id == w).map(|a| a.head).sum();
            u128::from(bounty(w) + grown)
        });
        let bounties_in = gone.iter().map(|e| u128::from(e.bounty)).sum::<u128>() + winner_own;
        let paid: u128 = cash.values().map(|&c| u128::from(c)).sum();
        prop_assert_eq!(bounties_in, paid + head);
        prop_assert!(cash.values().all(|&c| c > 0));
    }

    #[test]
    fn tournament_player_order_never_changes_the_bytes(
        s in seed(),
        (units, unit, bp, extra) in tournament_terms(),
        rot in 0usize..6,
    ) {
        let req = tournament_hand(valid(&all_in(s, &units)), &units, unit, bp, extra);
        let mut shuffled = req.clone();
        let n = shuffled.players.len();
        shuffled.players.rotate_left(rot % n);
        shuffled.players.reverse();
        let a = serde_json::to_vec(&showdown_contract::settle_request(&req).unwrap()).unwrap();
        let b = serde_json::to_vec(&showdown_contract::settle_request(&shuffled).unwrap()).unwrap();
        prop_assert_eq!(a, b);
    }

    /// With `tournament` and no bounties the chips are those of the same
    /// hand without it, byte for byte.
    #[test]
    fn tournament_without_bounties_leaves_the_chips_alone(
        s in seed(),
        units in proptest::collection::vec(0u64..4, 6),
        extra in proptest::option::of(0u64..4),
    ) {
        let plain = valid(&all_in(s, &units));
        let t = tournament_hand(plain.clone(), &[0; 6], 1, 0, extra);
        let a = serde_json::to_value(showdown_contract::settle_request(&plain).unwrap()).unwrap();
        let b = serde_json::to_value(showdown_contract::settle_request(&t).unwrap()).unwrap();
        prop_assert_eq!(serde_json::to_vec(&a).unwrap(), serde_json::to_vec(&chips_only(b)).unwrap());
    }
}
