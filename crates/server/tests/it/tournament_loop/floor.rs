//! Between hands while other tables play (TOURNAMENT.md, steps 6-8): the
//! tables route is asked whenever a hand ends, and its answer applied as
//! the guide says for the tables still in their hands: a move out of one
//! waits (and every move after it), a move into one is made, a break of
//! one waits for its hand to end, and a halted table deals once the
//! answer's moves have fed it.

use super::house::{ids, ok, post, House, Sitter};
use serde_json::{json, Value};
use std::collections::BTreeSet;

/// `POST /v1/tables` with every table (those in `in_hand` as they stood
/// before their hands, with whoever sat down since), its answer applied,
/// and again after a break is drawn, until the answer seats the tables
/// between hands. Returns the last answer.
pub(super) async fn between_hands(house: &mut House, in_hand: &BTreeSet<String>) -> Value {
    loop {
        let a = ok(post(&house.tables_request(), "/v1/tables").await);
        house.check_tables_answer(&a);
        let none = BTreeSet::new();
        if let Some(b) = a.get("breaking") {
            if in_hand.contains(b["table"].as_str().unwrap()) {
                // Its players are still playing: the break waits for the
                // hand to end; nothing was balanced, the others deal.
                house.log.breaks_deferred += 1;
                seat_from_answer(house, &a, in_hand, &none, &none).await;
                return a;
            }
            break_table(house, b);
            continue;
        }
        let (fed, held) = apply_moves(house, &a, in_hand);
        seat_from_answer(house, &a, in_hand, &fed, &held).await;
        return a;
    }
}

/// Makes the moves in order until one would take a player out of a table
/// still in its hand: that one and every later one wait (they were worked
/// out as if it had been made). Returns the tables fed by a move made and
/// the tables a waiting move names.
fn apply_moves(
    house: &mut House,
    a: &Value,
    in_hand: &BTreeSet<String>,
) -> (BTreeSet<String>, BTreeSet<String>) {
    let (mut fed, mut held) = (BTreeSet::new(), BTreeSet::new());
    for m in a["moves"].as_array().unwrap() {
        let (from, to) = (
            m["fromTable"].as_str().unwrap(),
            m["toTable"].as_str().unwrap(),
        );
        if !held.is_empty() || in_hand.contains(from) {
            house.log.moves_waiting += 1;
            held.extend([from.to_string(), to.to_string()]);
            continue;
        }
        let (f, t) = (house.index(from), house.index(to));
        let seat = m["fromSeat"].as_u64().unwrap() as u32;
        let mut mover = house.tables[f]
            .seats
            .remove(&seat)
            .expect("the mover sits there");
        assert_eq!(mover.id, m["agentId"].as_str().unwrap());
        mover.arrived = true;
        let to_seat = m["toSeat"].as_u64().unwrap() as u32;
        let seats = &mut house.tables[t].seats;
        assert!(seats.insert(to_seat, mover).is_none(), "an empty seat");
        if in_hand.contains(to) {
            house.log.moves_into_hands += 1;
        }
        fed.insert(to.to_string());
        house.log.moves += 1;
    }
    (fed, held)
}

/// Each table between hands takes its next hand from the answer, but a
/// halted table the answer did not feed waits, and a table a waiting move
/// names deals as it sits now (asked alone), or waits if it is halted.
async fn seat_from_answer(
    house: &mut House,
    a: &Value,
    in_hand: &BTreeSet<String>,
    fed: &BTreeSet<String>,
    held: &BTreeSet<String>,
) {
    let halted: BTreeSet<String> = ids(&a["halted"]).into_iter().collect();
    for t in a["tables"].as_array().unwrap() {
        let id = t["id"].as_str().unwrap();
        if in_hand.contains(id) {
            continue;
        }
        let k = house.index(id);
        let halted = halted.contains(id);
        if held.contains(id) && !halted {
            alone(house, k).await;
        } else if halted && (held.contains(id) || !fed.contains(id)) {
            house.tables[k].next = None;
        } else {
            house.log.halted_fed += usize::from(halted);
            house.tables[k].next = t.get("nextHand").cloned();
            house.tables[k].waiting = ids(&t["waiting"]);
        }
    }
}

/// A table sent alone: never balanced, halted or broken, so the answer is
/// its next hand as it sits now.
async fn alone(house: &mut House, k: usize) {
    let body = json!({"tables": [house.tables[k].request()]});
    let a = ok(post(&body, "/v1/tables").await);
    assert_eq!(a["moves"], json!([]));
    assert_eq!(a["halted"], json!([]));
    assert!(a.get("breaking").is_none());
    let t = &a["tables"][0];
    house.tables[k].next = t.get("nextHand").cloned();
    house.tables[k].waiting = ids(&t["waiting"]);
    house.log.alone += 1;
}

/// §13.7: the broken table's players drawn at random into the open
/// seats, as arrivals (a seat at a table still in its hand too: they sit
/// down and wait for it to end); the table is never sent again.
fn break_table(house: &mut House, b: &Value) {
    let k = house.index(b["table"].as_str().unwrap());
    let broken = house.tables.remove(k);
    assert_eq!(k, house.tables.len(), "the last table breaks");
    let mut open: Vec<(String, u32)> = b["openSeats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["table"].as_str().unwrap().to_string(),
                s["seat"].as_u64().unwrap() as u32,
            )
        })
        .collect();
    for i in (1..open.len()).rev() {
        let j = house.rng.below(i as u64 + 1) as usize;
        open.swap(i, j);
    }
    let players = ids(&b["players"]);
    assert_eq!(players.len(), broken.seats.len());
    assert!(players.len() <= open.len(), "everyone fits");
    for (id, (table, seat)) in players.into_iter().zip(open) {
        let t = house.index(&table);
        let sitter = Sitter { id, arrived: true };
        assert!(house.tables[t].seats.insert(seat, sitter).is_none());
    }
    house.log.breaks += 1;
}
