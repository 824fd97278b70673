//! One hand at one table: dealt from the table's `nextHand` (blinds
//! posted, then every player all in or out, seeded), settled by
//! `POST /v1/settle`, and its answer applied to the house.

use super::house::{ok, post, House, Last, BOUNTY_UNIT, PRIZE_UNIT, TIED_PLACES};
use serde_json::{json, Value};
use showdown_core::draw::shuffled_deck;
use std::collections::BTreeMap;

/// The blinds of a level, raised every few rounds.
const LEVELS: [(u64, u64); 8] = [
    (25, 50),
    (50, 100),
    (100, 200),
    (150, 300),
    (200, 400),
    (300, 600),
    (500, 1000),
    (1000, 2000),
];

/// A hand dealt and not yet settled.
pub(super) struct Dealt {
    pub table: String,
    pub request: Value,
    /// (id, seat, stack, bounty) of every player dealt in.
    pub players: Vec<(String, u32, u64, u64)>,
    /// The blinds of this hand, the table's `Last` once it is played.
    pub played: Last,
    /// Nobody at the table had arrived: the settle's `nextHand` is enough.
    pub settled_alone: bool,
}

/// What a settled hand left: its eliminations, and the settle's
/// `nextHand` for the table.
pub(super) struct Settled {
    pub eliminations: Vec<Value>,
    pub next_hand: Option<Value>,
    pub winner: Option<String>,
}

fn seat_of(next: &Value, k: &str) -> u32 {
    next[k].as_u64().unwrap() as u32
}

/// Deals table `k`'s next hand (the table is then in its hand: it has no
/// next hand until this one is settled). Each player dealt in goes all in
/// with about one chance in four, or folds (a folded blind leaves its
/// blind); if nobody goes in, the big blind takes the blinds. `prizes` is
/// the prize table the hand is settled with, if any.
pub(super) fn deal(house: &mut House, k: usize, prizes: Option<&[u64]>) -> Dealt {
    let level = house.log.hands / 20;
    let (sb, bb) = LEVELS[level.min(LEVELS.len() - 1)];
    let next = house.tables[k].next.take().expect("a next hand");
    let t = &house.tables[k];
    let (button, small, big) = (
        seat_of(&next, "buttonSeat"),
        seat_of(&next, "smallBlindSeat"),
        seat_of(&next, "bigBlindSeat"),
    );
    let settled_alone = t.seats.values().all(|p| !p.arrived);
    let dealt: Vec<(String, u32)> = t
        .seats
        .iter()
        .filter(|(_, p)| !t.waiting.contains(&p.id))
        .map(|(s, p)| (p.id.clone(), *s))
        .collect();
    let table = t.id.clone();
    let mut deck = shuffled_deck(house.seed())
        .into_iter()
        .map(|c| c.to_string());
    let mut rolls: Vec<bool> = dealt.iter().map(|_| house.rng.below(100) < 27).collect();
    if !rolls.iter().any(|&r| r) {
        let at = dealt.iter().position(|(_, s)| *s == big).unwrap();
        rolls[at] = true;
    }
    let mut players = Vec::new();
    let mut body = Vec::new();
    for ((id, seat), all_in) in dealt.into_iter().zip(rolls) {
        let c = house.alive[&id];
        let blind = match seat {
            s if s == big => bb,
            s if s == small => sb,
            _ => 0,
        };
        // A blind that takes the whole stack is all in, never folded.
        let all_in = all_in || blind >= c.stack;
        let mut p = json!({"id": id, "seat": seat, "stack": c.stack, "bounty": c.bounty});
        if all_in {
            p["committed"] = json!(c.stack);
            p["cards"] = json!([deck.next(), deck.next()]);
        } else {
            p["committed"] = json!(blind.min(c.stack));
            p["folded"] = json!(true);
        }
        body.push(p);
        players.push((id, seat, c.stack, c.bounty));
    }
    cap_folded_blinds(&mut body);
    let board: Vec<String> = deck.take(5).collect();
    house.log.hands += 1;
    // The tournament's terms, the same on every hand (§13.10); the prize
    // table on every hand but hand for hand's. `playersLeft` is counted
    // when the hand is settled.
    let mut terms = json!({
        "bountyUnit": BOUNTY_UNIT, "progressiveBp": 5000, "prizeUnit": PRIZE_UNIT,
        "tiedPlaces": TIED_PLACES, "smallBlindSeat": small, "bigBlindSeat": big,
    });
    if let Some(prizes) = prizes {
        terms["prizes"] = json!(prizes);
    }
    let request = json!({
        "variant": "holdem", "handNumber": house.log.hands, "buttonSeat": button,
        "board": board, "players": body, "tournament": terms,
    });
    Dealt {
        table,
        request,
        players,
        played: Last::Played { button, small, big },
        settled_alone,
    }
}

/// `POST /v1/settle` with `playersLeft` (every player with chips in the
/// event, less the busts already placed) and the answer applied: stacks,
/// bounties, bounty and prize money; busted players leave their seats
/// (their places are the caller's to record); the dealt players have now
/// played at the table.
pub(super) async fn settle(house: &mut House, mut hand: Dealt, players_left: u64) -> Settled {
    hand.request["tournament"]["playersLeft"] = json!(players_left);
    let a = ok(post(&hand.request, "/v1/settle").await);
    let d = &a["data"];
    check_chips(&hand, &d["finalChipStacks"]);
    let bounties = pay_bounties(house, &hand, d);
    let eliminations = d["eliminations"].as_array().unwrap().clone();
    let out: Vec<&str> = eliminations
        .iter()
        .map(|e| e["agentId"].as_str().unwrap())
        .collect();
    seat_after(house, &hand, &d["finalChipStacks"], &bounties, &out);
    if let Some(prizes) = d.get("prizeCash") {
        pay_prizes(house, d, prizes, &eliminations);
    }
    let k = table_index(house, &hand);
    house.tables[k].last = hand.played;
    Settled {
        eliminations,
        next_hand: d.get("nextHand").cloned(),
        winner: d
            .get("tournamentWinner")
            .and_then(Value::as_str)
            .map(str::to_string),
    }
}

fn table_index(house: &House, hand: &Dealt) -> usize {
    house
        .tables
        .iter()
        .position(|t| t.id == hand.table)
        .unwrap()
}

/// The hand's players hold as many chips after it as before.
fn check_chips(hand: &Dealt, stacks: &Value) {
    let before: u64 = hand.players.iter().map(|p| p.2).sum();
    let after: u64 = hand
        .players
        .iter()
        .map(|p| stacks[&p.0].as_u64().unwrap())
        .sum();
    assert_eq!(
        after, before,
        "hand {}: chips conserved",
        hand.request["handNumber"]
    );
}

/// Bounty money is conserved: what stays on heads plus what was paid; the
/// paid part goes to the house's total. Returns every head's bounty now.
fn pay_bounties(house: &mut House, hand: &Dealt, d: &Value) -> BTreeMap<String, u64> {
    let bounty_before: u64 = hand.players.iter().map(|p| p.3).sum();
    let cash: BTreeMap<String, u64> = serde_json::from_value(d["bountyCash"].clone()).unwrap();
    let bounties: BTreeMap<String, u64> = serde_json::from_value(d["bounties"].clone()).unwrap();
    let paid: u64 = cash.values().sum();
    assert_eq!(
        bounties.values().sum::<u64>() + paid,
        bounty_before,
        "bounty money"
    );
    house.bounty_paid += paid;
    bounties
}

/// Busted players leave their seats; the others keep their new stacks and
/// bounties and have now played at the table.
fn seat_after(
    house: &mut House,
    hand: &Dealt,
    stacks: &Value,
    bounties: &BTreeMap<String, u64>,
    out: &[&str],
) {
    let k = table_index(house, hand);
    for (id, seat, _, _) in &hand.players {
        let stack = stacks[id].as_u64().unwrap();
        assert_eq!(
            stack == 0,
            out.contains(&id.as_str()),
            "{id}: out iff no chips"
        );
        if stack == 0 {
            house.tables[k].seats.remove(seat);
            continue;
        }
        let chips = house.alive.get_mut(id).unwrap();
        chips.stack = stack;
        chips.bounty = bounties[id];
        assert_eq!(chips.bounty % BOUNTY_UNIT, 0);
        house.tables[k].seats.get_mut(seat).unwrap().arrived = false;
    }
}

/// `prizeCash` is the places' prizes of this hand plus the winner's first
/// prize; the winner's is paid here, the others' with their places.
fn pay_prizes(house: &mut House, d: &Value, prizes: &Value, eliminations: &[Value]) {
    let prizes: BTreeMap<String, u64> = serde_json::from_value(prizes.clone()).unwrap();
    let eliminated: u64 = eliminations
        .iter()
        .map(|e| e["prize"].as_u64().unwrap())
        .sum();
    let winner = d.get("tournamentWinner").and_then(Value::as_str);
    let first = winner.map_or(0, |w| prizes.get(w).copied().unwrap_or(0));
    assert_eq!(
        prizes.values().sum::<u64>(),
        eliminated + first,
        "prizeCash"
    );
    for (id, amount) in &prizes {
        assert_eq!(amount % PRIZE_UNIT, 0);
        if Some(id.as_str()) == winner {
            house.pay_prize(id, *amount);
        }
    }
}

/// A folded blind above every live player's chips would be a bet nobody
/// called, which no hand can end with: its excess never went in the pot.
fn cap_folded_blinds(body: &mut [Value]) {
    let live_most = body
        .iter()
        .filter(|p| p.get("folded").is_none())
        .map(|p| p["committed"].as_u64().unwrap())
        .max()
        .unwrap_or(0);
    for p in body.iter_mut().filter(|p| p.get("folded").is_some()) {
        let c = p["committed"].as_u64().unwrap();
        p["committed"] = json!(c.min(live_most));
    }
}
