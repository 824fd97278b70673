//! `openapi/TOURNAMENT.md` played through the HTTP routes: tournaments of
//! 13 and 16 players at three 6-seat tables, seeded, from the draw for
//! seats to the winner's prize, every step the request the guide names.
//! Tables play at their own pace: whenever a hand ends the house settles
//! it (`playersLeft` counted then, so its places are the house's), asks
//! the tables route with every other table still in its hand, and applies
//! the answer as the guide says (a move out of a table in its hand waits,
//! a break of one waits for its hand to end, a table a waiting move names
//! is asked alone, a halted table deals once fed). Near the money the
//! house deals hand for hand and places each hand's busts together
//! (`POST /v1/prizes`), or (one event) never does; the final table pays
//! prizes at the showdown, and agrees a deal (`POST /v1/deals`), before
//! the money or in it, or plays to the winner. After every hand the chips, the bounty money, the seats
//! and the places are checked; at the end, that the prize money paid is
//! the prize table's to the unit and every player has one place.

mod floor;
mod hand;
mod house;
mod prize_table;

use floor::between_hands;
use hand::{deal, settle, Dealt, Settled};
use house::{ok, post, Deal, Event, House, PRIZE_UNIT, TIED_PLACES};
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// The prize table: 8 places paid of 16, in `PRIZE_UNIT`s of cents.
const PRIZES: [u64; 8] = [
    140_000, 90_000, 60_000, 40_000, 28_000, 18_000, 14_000, 10_000,
];

fn sixteen(seed: u64, deal: Option<Deal>) -> Event {
    Event {
        seed,
        entrants: 16,
        tables: 3,
        prizes: PRIZES.to_vec(),
        table_by_table: false,
        hand_for_hand: true,
        deal,
    }
}

#[tokio::test]
async fn rules_13_10_tournament_loop_to_a_deal_and_the_set_aside() {
    let deal = Deal {
        at: 3,
        method: "icm",
        set_aside: 20_000,
    };
    let house = play(&sixteen(7, Some(deal))).await;
    check_bubble(&house);
    let d = house.log.deal.as_ref().expect("a deal at three left");
    assert_eq!(d["total"], json!(140_000 + 90_000 + 60_000 - 20_000));
    check_prize_money(&house);
}

#[tokio::test]
async fn rules_13_10_tournament_loop_played_to_the_winner() {
    let house = play(&sixteen(11, None)).await;
    check_bubble(&house);
    assert!(house.log.deal.is_none());
    check_prize_money(&house);
}

/// A house that never deals hand for hand: busts at several tables cross
/// the bubble in the order their hands end, and the places and prizes
/// still come out right (TOURNAMENT.md, step 11).
#[tokio::test]
async fn rules_13_10_tournament_loop_without_hand_for_hand() {
    let event = Event {
        hand_for_hand: false,
        ..sixteen(3, None)
    };
    let house = play(&event).await;
    assert_eq!(house.log.hand_for_hand, 0);
    assert!(house.log.paid_while_others_play >= 1, "{:?}", house.log);
    check_prize_money(&house);
}

/// 13 players seated table by table leave the last table one player: it
/// cannot draw for the button until the first tables answer brings it
/// players. Three places paid; four players agree a chip-chop deal before
/// the money, set nothing aside and play on for the title alone.
#[tokio::test]
async fn rules_13_10_tournament_loop_from_a_lone_player_to_a_deal_before_the_money() {
    let event = Event {
        seed: 5,
        entrants: 13,
        tables: 3,
        prizes: vec![65_000, 35_000, 20_000],
        table_by_table: true,
        hand_for_hand: true,
        deal: Some(Deal {
            at: 4,
            method: "chipChop",
            set_aside: 0,
        }),
    };
    let house = play(&event).await;
    assert_eq!(house.log.lone_draws, 1, "{:?}", house.log);
    assert!(house.log.halted_fed >= 1, "{:?}", house.log);
    assert!(house.log.deal_before_the_money, "{:?}", house.log);
    check_prize_money(&house);
}

/// The whole loop of the guide, from the draw to the last hand.
async fn play(event: &Event) -> House {
    let mut house = House::seat_by_draw(event);
    first_hands(&mut house).await;
    let mut playing: Vec<Dealt> = Vec::new();
    while !house.alive.is_empty() {
        assert!(house.log.hands < 3000, "the tournament ends");
        if let (Some(d), true) = (event.deal, playing.is_empty()) {
            let due = house.tables.len() == 1 && house.alive.len() <= d.at;
            if due && house.after_deal.is_none() {
                make_deal(&mut house, d).await;
            }
        }
        if hand_for_hand(&house) {
            match playing.is_empty() {
                true => hand_for_hand_round(&mut house).await,
                false => end_a_hand(&mut house, &mut playing).await,
            }
            continue;
        }
        deal_where_seated(&mut house, &mut playing);
        if playing.is_empty() {
            // Every table waits (halted, or a lone player): ask again.
            between_hands(&mut house, &BTreeSet::new()).await;
            deal_where_seated(&mut house, &mut playing);
            assert!(!playing.is_empty(), "some table deals");
        }
        end_a_hand(&mut house, &mut playing).await;
    }
    check_places(&house);
    assert_eq!(house.bounty_paid, house.total_bounty, "every bounty paid");
    check_tally(&house, event);
    house
}

/// What every event of the test must have played.
fn check_tally(house: &House, event: &Event) {
    let l = &house.log;
    assert!(l.breaks >= 1 && l.moves >= 1, "{l:?}");
    assert!(l.ended_while_others_play >= 1, "{l:?}");
    assert!(l.moves_waiting >= 1 && l.alone >= 1, "{l:?}");
    assert!(l.moves_into_hands >= 1, "{l:?}");
    assert!(l.breaks_deferred >= 1, "{l:?}");
    assert!(l.settle_next_hands_checked >= 1, "{l:?}");
    assert_eq!(l.deal.is_some(), event.deal.is_some(), "{l:?}");
}

/// Step 11: the 16-player events reach the money at several tables, deal
/// hand for hand to the bubble, then play at their own pace again, each
/// hand paying its places while other tables are in theirs.
fn check_bubble(house: &House) {
    let l = &house.log;
    assert!(l.hand_for_hand >= 1 && l.prizes_calls >= 1, "{l:?}");
    assert!(l.paid_while_others_play >= 1, "{l:?}");
}

/// Steps 1-3: the draw for each table's button (a table seated with one
/// player drawn once the first answer has brought it players), then every
/// table's first hand, balanced before anyone deals.
async fn first_hands(house: &mut House) {
    let lone = house.draw_buttons().await;
    between_hands(house, &BTreeSet::new()).await;
    for id in lone {
        let Some(k) = house.tables.iter().position(|t| t.id == id) else {
            continue;
        };
        assert!(house.tables[k].seats.len() >= 2, "the answer fed {id}");
        let button = house.draw_button(k).await;
        house.tables[k].last = house::Last::First { button };
        let a = between_hands(house, &BTreeSet::new()).await;
        assert_eq!(a["moves"], json!([]), "balanced already");
        let t = &house.tables[k];
        assert_eq!(t.next.as_ref().unwrap()["buttonSeat"], json!(button));
        house.log.lone_draws += 1;
    }
    house.check_conserved();
}

/// Step 11's test: several tables, and one bust at each could reach the
/// paid places; it ends when the bubble bursts.
fn hand_for_hand(house: &House) -> bool {
    let (n, paid) = (house.alive.len() as u64, house.paid());
    let tables = house.tables.len() as u64;
    house.hand_for_hand && tables > 1 && n > paid && n <= paid + tables
}

/// The prize table a hand is settled with: the event's, what a deal left
/// to play for, or none when the deal left nothing.
fn prizes_now(house: &House) -> Option<Vec<u64>> {
    match &house.after_deal {
        None => Some(house.prizes.clone()),
        Some(rest) if rest.is_empty() => None,
        Some(rest) => Some(rest.clone()),
    }
}

/// Every table between hands with a next hand deals it.
fn deal_where_seated(house: &mut House, playing: &mut Vec<Dealt>) {
    let prizes = prizes_now(house);
    for k in 0..house.tables.len() {
        if house.tables[k].next.is_some() {
            playing.push(deal(house, k, prizes.as_deref()));
        }
    }
}

/// One hand ends (any of those in play): settled with the field as the
/// house counts it now, its places and prizes recorded as the answer
/// gives them; then its table is seated for its next hand while the
/// others play on.
async fn end_a_hand(house: &mut House, playing: &mut Vec<Dealt>) {
    let i = house.rng.below(playing.len() as u64) as usize;
    let hand = playing.swap_remove(i);
    let in_hand: BTreeSet<String> = playing.iter().map(|h| h.table.clone()).collect();
    house.log.ended_while_others_play += usize::from(!in_hand.is_empty());
    let (table, settled_alone) = (hand.table.clone(), hand.settled_alone);
    let n = house.alive.len() as u64;
    let s = settle(house, hand, n).await;
    let paid = s
        .eliminations
        .iter()
        .any(|e| e.get("prize").is_some_and(|p| p != 0));
    house.log.paid_while_others_play += usize::from(paid && !in_hand.is_empty());
    record_places(house, &s);
    if house.alive.is_empty() {
        return;
    }
    let ids = seated_ids(house, &table);
    if house.tables.len() == 1 && house.tables[0].seats.values().all(|p| !p.arrived) {
        house.tables[0].next = s.next_hand;
        house.tables[0].waiting.clear();
        return;
    }
    between_hands(house, &in_hand).await;
    check_settle_agrees(house, &table, ids, settled_alone, s.next_hand);
    house.check_conserved();
}

/// Where nothing but busts changed a table, the settle's `nextHand` is
/// the tables route's (§13.10).
fn check_settle_agrees(
    house: &mut House,
    table: &str,
    ids: BTreeSet<String>,
    settled_alone: bool,
    next: Option<Value>,
) {
    let Some(t) = house.tables.iter().find(|t| t.id == table) else {
        return;
    };
    let unchanged = seated_ids(house, table) == ids && t.seats.values().all(|p| !p.arrived);
    if settled_alone && unchanged && t.next.is_some() {
        assert_eq!(t.next, next, "table {table}: settle and tables agree");
        house.log.settle_next_hands_checked += 1;
    }
}

/// The service's places and prizes, as they are: `playersLeft` was
/// counted when the hand was settled, after every earlier bust.
fn record_places(house: &mut House, s: &Settled) {
    let paid = house.paid();
    for e in &s.eliminations {
        let id = e["agentId"].as_str().unwrap();
        let p = &e["places"];
        let places = [p[0].as_u64().unwrap(), p[1].as_u64().unwrap()];
        let prize = e.get("prize").map_or(0, |p| p.as_u64().unwrap());
        if places[0] > paid {
            assert_eq!(prize, 0, "{id}: places {places:?} out of the money");
        }
        house.place(id, places, prize);
    }
    if let Some(w) = &s.winner {
        house.place(w, [1, 1], 0);
    }
}

/// Step 11: every table deals one hand, all settled with the same
/// `playersLeft` and no prize table; their busts are placed together.
async fn hand_for_hand_round(house: &mut House) {
    between_hands(house, &BTreeSet::new()).await;
    let n = house.alive.len() as u64;
    let mut hands = Vec::new();
    for k in 0..house.tables.len() {
        if house.tables[k].next.is_some() {
            hands.push(deal(house, k, None));
        }
    }
    let mut together = Vec::new();
    for hand in hands {
        let stacks: BTreeMap<String, u64> =
            hand.players.iter().map(|p| (p.0.clone(), p.2)).collect();
        let s = settle(house, hand, n).await;
        for e in &s.eliminations {
            assert!(e.get("prize").is_none(), "no prize table, no prize");
            let id = e["agentId"].as_str().unwrap();
            together.push(json!({"id": id, "stack": stacks[id]}));
        }
    }
    house.log.hand_for_hand += 1;
    place_together(house, n, together).await;
}

/// §14.4: one hand for hand's busts, at every table, placed together.
async fn place_together(house: &mut House, n: u64, players: Vec<Value>) {
    if players.is_empty() {
        return;
    }
    let body = json!({
        "playersLeft": n, "prizes": house.prizes, "prizeUnit": PRIZE_UNIT,
        "tiedPlaces": TIED_PLACES, "players": players,
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
}

fn seated_ids(house: &House, table: &str) -> BTreeSet<String> {
    let t = house.tables.iter().find(|t| t.id == table).unwrap();
    t.seats.values().map(|p| p.id.clone()).collect()
}

/// §14.5: the players left divide the prizes of the places still to be
/// paid (fewer than the players, before the money: the others pay 0), all
/// but `setAside`, which they play for.
async fn make_deal(house: &mut House, d: Deal) {
    let left = house.alive.len();
    let rest: Vec<u64> = house.prizes.iter().copied().take(left).collect();
    house.log.deal_before_the_money = rest.len() < left;
    let players: Vec<Value> = house
        .alive
        .iter()
        .map(|(id, c)| json!({"id": id, "stack": c.stack}))
        .collect();
    let body = json!({
        "method": d.method, "prizes": rest, "prizeUnit": PRIZE_UNIT,
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
    house.after_deal = Some(match d.set_aside {
        0 => Vec::new(),
        aside => vec![aside],
    });
    house.in_deal = left as u64;
    house.log.deal = Some(a);
}

/// Every player has one place; the places 1 … n are each held once, a
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
fn check_prize_money(house: &House) {
    let paid: u64 = house.prize_paid.values().sum();
    assert_eq!(
        paid,
        house.prizes.iter().sum::<u64>(),
        "the whole prize pool"
    );
    let mut groups: BTreeMap<[u64; 2], u64> = BTreeMap::new();
    for (id, p) in &house.places {
        let got = house.prize_paid.get(id).copied().unwrap_or(0);
        *groups.entry(*p).or_default() += got;
    }
    for ([from, to], got) in groups {
        if from <= house.in_deal {
            continue;
        }
        let due: u64 = (from..=to)
            .map(|k| house.prizes.get(k as usize - 1).copied().unwrap_or(0))
            .sum();
        assert_eq!(got, due, "places {from}-{to}");
    }
}
