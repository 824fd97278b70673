//! `openapi/TOURNAMENT.md` played through the HTTP routes: a tournament
//! of 16 players at three 6-seat tables, seeded, from the draw for seats
//! to the winner's prize, every step the request the guide names. Before
//! the money the tables' hands overlap (each counts from the same
//! `playersLeft`, busts placed in the order the hands end, and a table
//! still in its hand is sent as it stood before it); tables break and
//! balance; near the money the house deals hand for hand and places each
//! hand's busts together (`POST /v1/prizes`); the final table pays prizes
//! at the showdown, and either agrees a deal (`POST /v1/deals`) and plays
//! for what was set aside, or plays to the winner. After every hand the
//! chips, the bounty money, the seats and the places are checked; at the
//! end, that the prize money paid is the prize table's to the unit and
//! every player has one place.

mod hand;
mod house;

use hand::{deal, prize_terms, settle, Settled};
use house::{ok, post, Deal, House, PRIZE_UNIT};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The prize table: 8 places paid of 16, in `PRIZE_UNIT`s of cents.
const PRIZES: [u64; 8] = [
    140_000, 90_000, 60_000, 40_000, 28_000, 18_000, 14_000, 10_000,
];

#[tokio::test]
async fn rules_13_10_tournament_loop_to_a_deal_and_the_set_aside() {
    let deal = Deal {
        at: 3,
        set_aside: 20_000,
    };
    let house = play(7, Some(deal)).await;
    let d = house.log.deal.as_ref().expect("a deal at three left");
    assert_eq!(d["total"], json!(140_000 + 90_000 + 60_000 - 20_000));
    check_prize_money(&house, Some(deal));
}

#[tokio::test]
async fn rules_13_10_tournament_loop_played_to_the_winner() {
    let house = play(11, None).await;
    assert!(house.log.deal.is_none());
    check_prize_money(&house, None);
}

/// The whole loop of the guide, from the draw to the last hand.
async fn play(seed: u64, deal: Option<Deal>) -> House {
    let mut house = House::seat_by_draw(seed, 16, 3, PRIZES.to_vec());
    house.draw_buttons().await;
    // Every table's first hand, balanced before anyone deals.
    house.between_hands().await;
    house.check_conserved();
    for round in 0.. {
        assert!(round < 400, "the tournament ends");
        if house.alive.is_empty() {
            break;
        }
        if let Some(d) = deal {
            let due = house.tables.len() == 1 && house.alive.len() <= d.at;
            if due && house.after_deal.is_none() {
                make_deal(&mut house, d).await;
            }
        }
        play_round(&mut house, round).await;
        if !house.alive.is_empty() {
            house.check_conserved();
        }
    }
    check_places(&house);
    assert_eq!(house.bounty_paid, house.total_bounty, "every bounty paid");
    let l = &house.log;
    assert!(l.breaks >= 2, "{l:?}");
    assert!(
        l.moves >= 1 && l.overlapping_rounds >= 1 && l.mid_hand_calls >= 1,
        "{l:?}"
    );
    assert!(l.hand_for_hand >= 1 && l.prizes_calls >= 1, "{l:?}");
    assert!(l.settle_next_hands_checked >= 1, "{l:?}");
    house
}

/// One round: every table with a next hand deals at once, so the hands
/// overlap; they end in a rotating order, each settled as it ends.
async fn play_round(house: &mut House, round: usize) {
    let n = house.alive.len() as u64;
    let single = house.tables.len() == 1;
    let hand_for_hand = !single && n <= house.paid() + 4;
    let terms = match (single, &house.after_deal) {
        (false, _) => json!({}),
        (true, Some(rest)) => prize_terms(rest),
        (true, None) => prize_terms(&house.prizes),
    };
    let mut hands = Vec::new();
    for k in 0..house.tables.len() {
        if house.tables[k].next.is_some() {
            hands.push(deal(house, k, round / 6, n, terms.clone()));
        }
    }
    assert!(!hands.is_empty(), "some table deals");
    let count = hands.len();
    hands.rotate_left(round % count);
    let busts_at_start = house.busts;
    let mut between: BTreeSet<String> = house
        .tables
        .iter()
        .filter(|t| t.next.is_none())
        .map(|t| t.id.clone())
        .collect();
    let mut together = Vec::new();
    let mut ended = Vec::new();
    for (i, hand) in hands.into_iter().enumerate() {
        let stacks: BTreeMap<String, u64> =
            hand.players.iter().map(|p| (p.0.clone(), p.2)).collect();
        let (table, settled_alone) = (hand.table.clone(), hand.settled_alone);
        let s = settle(house, hand).await;
        between.insert(table.clone());
        if hand_for_hand {
            for e in &s.eliminations {
                let id = e["agentId"].as_str().unwrap();
                together.push(json!({"id": id, "stack": stacks[id]}));
            }
        } else {
            place_by_time(house, &s, busts_at_start, single);
        }
        let ids = seated_ids(house, &table);
        ended.push(Ended {
            table,
            ids,
            next: s.next_hand.clone(),
            settled_alone,
        });
        if !hand_for_hand && !single && i + 1 < count {
            // §13.10: tables still in their hands, as they stood before.
            house.log.mid_hand_calls += 1;
            let a = ok(post(&house.tables_request(), "/v1/tables").await);
            house.apply_moves(&a, &between);
        }
    }
    match (hand_for_hand, single, count) {
        (true, _, _) => {
            house.log.hand_for_hand += 1;
            place_together(house, n, together).await;
        }
        (false, false, 2..) => house.log.overlapping_rounds += 1,
        _ => {}
    }
    if !house.alive.is_empty() {
        seat_next_hands(house, ended).await;
    }
}

/// Out of hand for hand, busts are placed in the order the hands ended:
/// a hand's places count from its `playersLeft`, less the busts recorded
/// since it started at the other tables. Only a single table pays.
fn place_by_time(house: &mut House, s: &Settled, busts_at_start: u64, single: bool) {
    let shift = house.busts - busts_at_start;
    let paid = house.paid();
    for e in &s.eliminations {
        let id = e["agentId"].as_str().unwrap();
        let p = &e["places"];
        let places = [
            p[0].as_u64().unwrap() - shift,
            p[1].as_u64().unwrap() - shift,
        ];
        let prize = match single {
            true => e["prize"].as_u64().unwrap(),
            false => {
                assert!(e.get("prize").is_none());
                assert!(places[0] > paid, "{id}: places {places:?} out of the money");
                0
            }
        };
        house.place(id, places, prize);
    }
    house.busts += s.eliminations.len() as u64;
    if let Some(w) = &s.winner {
        house.place(w, [1, 1], 0);
    }
}

/// §14.4: one hand for hand's busts, at every table, placed together.
async fn place_together(house: &mut House, n: u64, players: Vec<Value>) {
    if players.is_empty() {
        return;
    }
    let body = json!({
        "playersLeft": n, "prizes": house.prizes, "prizeUnit": PRIZE_UNIT,
        "tiedPlaces": "split", "players": players,
    });
    let a = ok(post(&body, "/v1/prizes").await);
    house.log.prizes_calls += 1;
    assert_eq!(a["playersLeft"], json!(n - players.len() as u64));
    let mut paid = 0;
    for e in a["eliminations"].as_array().unwrap() {
        let id = e["agentId"].as_str().unwrap();
        let p = &e["places"];
        let prize = e["prize"].as_u64().unwrap();
        paid += prize;
        house.place(id, [p[0].as_u64().unwrap(), p[1].as_u64().unwrap()], prize);
    }
    let cash: BTreeMap<String, u64> = serde_json::from_value(a["prizeCash"].clone()).unwrap();
    assert_eq!(
        cash.values().sum::<u64>(),
        paid,
        "prizeCash is the places' prizes"
    );
    house.busts += players.len() as u64;
}

/// A table's hand that ended this round: who sits there after it, and
/// the settle's `nextHand`.
struct Ended {
    table: String,
    ids: BTreeSet<String>,
    next: Option<Value>,
    /// Nobody at the table had arrived when the hand was dealt.
    settled_alone: bool,
}

/// Between hands: a single table where nobody is an arrival deals from
/// the settle's `nextHand`; otherwise `POST /v1/tables`. Where nothing
/// but busts changed a table, the two answers agree (§13.10).
async fn seat_next_hands(house: &mut House, ended: Vec<Ended>) {
    let single = house.tables.len() == 1;
    if single && house.tables[0].seats.values().all(|p| !p.arrived) {
        let e = ended.into_iter().next().expect("the table dealt");
        house.tables[0].next = e.next;
        house.tables[0].waiting.clear();
        return;
    }
    house.between_hands().await;
    for e in ended.into_iter().filter(|e| e.settled_alone) {
        let Some(t) = house.tables.iter().find(|t| t.id == e.table) else {
            continue;
        };
        if seated_ids(house, &e.table) == e.ids && t.seats.values().all(|p| !p.arrived) {
            assert_eq!(t.next, e.next, "table {}: settle and tables agree", e.table);
            house.log.settle_next_hands_checked += 1;
        }
    }
}

fn seated_ids(house: &House, table: &str) -> BTreeSet<String> {
    let t = house.tables.iter().find(|t| t.id == table).unwrap();
    t.seats.values().map(|p| p.id.clone()).collect()
}

/// §14.5: the players left divide what is still to be paid by ICM, all
/// but `setAside`, which they play for.
async fn make_deal(house: &mut House, d: Deal) {
    let left = house.alive.len();
    let rest: Vec<u64> = house.prizes[..left].to_vec();
    let players: Vec<Value> = house
        .alive
        .iter()
        .map(|(id, c)| json!({"id": id, "stack": c.stack}))
        .collect();
    let body = json!({
        "method": "icm", "prizes": rest, "prizeUnit": PRIZE_UNIT,
        "setAside": d.set_aside, "players": players,
    });
    let a = ok(post(&body, "/v1/deals").await);
    let pool: u64 = rest.iter().sum::<u64>() - d.set_aside;
    let mut paid = 0;
    for s in a["shares"].as_array().unwrap() {
        let amount = s["amount"].as_u64().unwrap();
        paid += amount;
        house.pay_prize(s["agentId"].as_str().unwrap(), amount);
    }
    assert_eq!(paid, pool, "the deal pays its pool exactly");
    house.after_deal = Some(vec![d.set_aside]);
    house.log.deal = Some(a);
}

/// Every player has one place; the places 1 … 16 are each held once, a
/// shared place by as many players as it spans.
fn check_places(house: &House) {
    assert_eq!(house.places.len() as u64, house.entrants);
    let mut groups: BTreeMap<[u64; 2], usize> = BTreeMap::new();
    for p in house.places.values() {
        *groups.entry(*p).or_default() += 1;
    }
    let mut next = 1;
    for (&[from, to], &g) in &groups {
        assert_eq!(from, next, "places {groups:?}");
        assert_eq!(g as u64, to - from + 1, "a shared place spans its players");
        next = to + 1;
    }
    assert_eq!(next, house.entrants + 1);
}

/// Prize money paid is the prize table's: each place's prize (a shared
/// place's divided among its players), the deal's pool among the players
/// in it and what was set aside to the winner.
fn check_prize_money(house: &House, deal: Option<Deal>) {
    let paid: u64 = house.prize_paid.values().sum();
    assert_eq!(paid, PRIZES.iter().sum::<u64>(), "the whole prize pool");
    let in_deal = deal.map_or(0, |d| d.at as u64);
    let mut groups: BTreeMap<[u64; 2], u64> = BTreeMap::new();
    for (id, p) in &house.places {
        let got = house.prize_paid.get(id).copied().unwrap_or(0);
        *groups.entry(*p).or_default() += got;
    }
    for ([from, to], got) in groups {
        if from <= in_deal {
            continue;
        }
        let due: u64 = (from..=to)
            .map(|k| PRIZES.get(k as usize - 1).copied().unwrap_or(0))
            .sum();
        assert_eq!(got, due, "places {from}-{to}");
    }
}
