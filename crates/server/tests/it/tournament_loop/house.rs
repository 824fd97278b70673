//! The tournament backend of the test: the house's own state (seats,
//! stacks, bounties, places, money paid) and the requests of
//! `openapi/TOURNAMENT.md` that keep it, checked at every step.

use crate::common::post_json;
use serde_json::{json, Value};
use showdown_core::draw::Xoshiro256StarStar;
use std::collections::{BTreeMap, BTreeSet};

/// Seats at every table.
pub(super) const SEATS: u32 = 6;
/// The tournament's bounty unit: the same on every hand (§13.10).
pub(super) const BOUNTY_UNIT: u64 = 25;
/// The tournament's prize unit: the same on every request.
pub(super) const PRIZE_UNIT: u64 = 100;

/// A player in a seat; `arrived` until dealt a hand at that table.
#[derive(Debug, Clone)]
pub(super) struct Sitter {
    pub id: String,
    pub arrived: bool,
}

/// What a table's next hand follows: its drawn button, or the hand just
/// played there.
#[derive(Debug, Clone, Copy)]
pub(super) enum Last {
    First { button: u32 },
    Played { button: u32, small: u32, big: u32 },
}

#[derive(Debug, Clone)]
pub(super) struct Table {
    pub id: String,
    pub seats: BTreeMap<u32, Sitter>,
    pub last: Last,
    /// The `nextHand` the table deals from, when it has one.
    pub next: Option<Value>,
    pub waiting: Vec<String>,
}

impl Table {
    /// The table as `POST /v1/tables` reads it.
    pub(super) fn request(&self) -> Value {
        let players: Vec<Value> = self
            .seats
            .iter()
            .map(|(seat, p)| match p.arrived {
                true => json!({"id": p.id, "seat": seat, "arrived": true}),
                false => json!({"id": p.id, "seat": seat}),
            })
            .collect();
        let mut t = json!({"id": self.id, "seats": SEATS, "players": players});
        match self.last {
            Last::First { button } => {
                t["firstHand"] = json!(true);
                t["buttonSeat"] = json!(button);
            }
            Last::Played { button, small, big } => {
                t["buttonSeat"] = json!(button);
                t["smallBlindSeat"] = json!(small);
                t["bigBlindSeat"] = json!(big);
            }
        }
        t
    }
}

/// A player's chips and bounty.
#[derive(Debug, Clone, Copy)]
pub(super) struct Chips {
    pub stack: u64,
    pub bounty: u64,
}

/// How a tournament ends: a deal when this many are left, or play on.
#[derive(Debug, Clone, Copy)]
pub(super) struct Deal {
    pub at: usize,
    pub set_aside: u64,
}

/// The house: everything a tournament backend keeps between requests.
pub(super) struct House {
    pub rng: Xoshiro256StarStar,
    /// Tables in the break order (the last breaks first); broken ones gone.
    pub tables: Vec<Table>,
    pub alive: BTreeMap<String, Chips>,
    pub places: BTreeMap<String, [u64; 2]>,
    pub prize_paid: BTreeMap<String, u64>,
    pub bounty_paid: u64,
    pub total_chips: u64,
    pub total_bounty: u64,
    pub entrants: u64,
    pub prizes: Vec<u64>,
    /// Busts recorded so far, in the order the hands ended.
    pub busts: u64,
    /// Prize money still to be played for after a deal: `[setAside]`.
    pub after_deal: Option<Vec<u64>>,
    pub log: Tally,
}

/// What happened, so the test can say it exercised each step.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub hands: usize,
    pub overlapping_rounds: usize,
    pub mid_hand_calls: usize,
    pub moves: usize,
    pub breaks: usize,
    pub hand_for_hand: usize,
    pub prizes_calls: usize,
    pub settle_next_hands_checked: usize,
    pub deal: Option<Value>,
}

impl House {
    /// Seats `entrants` players by draw at `tables` tables of [`SEATS`]:
    /// every seat of every table shuffled, the first ones taken.
    pub(super) fn seat_by_draw(
        seed: u64,
        entrants: usize,
        tables: usize,
        prizes: Vec<u64>,
    ) -> House {
        let mut rng = Xoshiro256StarStar::from_seed(seed);
        let mut seats: Vec<(usize, u32)> = (0..tables)
            .flat_map(|t| (1..=SEATS).map(move |s| (t, s)))
            .collect();
        for i in (1..seats.len()).rev() {
            let j = rng.below(i as u64 + 1) as usize;
            seats.swap(i, j);
        }
        let mut house = House {
            rng,
            tables: (0..tables)
                .map(|t| Table {
                    id: format!("t{}", t + 1),
                    seats: BTreeMap::new(),
                    last: Last::First { button: 0 },
                    next: None,
                    waiting: Vec::new(),
                })
                .collect(),
            alive: BTreeMap::new(),
            places: BTreeMap::new(),
            prize_paid: BTreeMap::new(),
            bounty_paid: 0,
            total_chips: 0,
            total_bounty: 0,
            entrants: entrants as u64,
            prizes,
            busts: 0,
            after_deal: None,
            log: Tally::default(),
        };
        for (k, &(t, seat)) in seats.iter().take(entrants).enumerate() {
            let id = format!("p{:02}", k + 1);
            let sitter = Sitter {
                id: id.clone(),
                arrived: false,
            };
            house.tables[t].seats.insert(seat, sitter);
            let chips = Chips {
                stack: 3000,
                bounty: 5000,
            };
            house.total_chips += chips.stack;
            house.total_bounty += chips.bounty;
            house.alive.insert(id, chips);
        }
        house
    }

    /// 53 random bits: a seed the draw route takes.
    pub(super) fn seed(&mut self) -> u64 {
        self.rng.next_u64() >> 11
    }

    /// `POST /v1/draw` at every table: the winner's seat is its button.
    pub(super) async fn draw_buttons(&mut self) {
        for k in 0..self.tables.len() {
            let players: Vec<Value> = self.tables[k]
                .seats
                .iter()
                .map(|(seat, p)| json!({"id": p.id, "seat": seat}))
                .collect();
            let body = json!({"purpose": "button", "seed": self.seed(), "players": players});
            let a = ok(post(&body, "/v1/draw").await);
            let winner = a["winnerId"].as_str().unwrap();
            let seat = self.tables[k]
                .seats
                .iter()
                .find(|(_, p)| p.id == winner)
                .map(|(s, _)| *s)
                .expect("the draw's winner sits at the table");
            self.tables[k].last = Last::First { button: seat };
        }
    }

    pub(super) fn tables_request(&self) -> Value {
        json!({"tables": self.tables.iter().map(Table::request).collect::<Vec<_>>()})
    }

    fn index(&self, id: &str) -> usize {
        self.tables.iter().position(|t| t.id == id).unwrap()
    }

    /// Applies `moves` in order while both tables are between hands;
    /// returns false at the first it may not apply yet (§13.10: a table
    /// still in its hand keeps its players), whose tables it returns too.
    pub(super) fn apply_moves(&mut self, a: &Value, between: &BTreeSet<String>) -> bool {
        for m in a["moves"].as_array().unwrap() {
            let (from, to) = (
                m["fromTable"].as_str().unwrap(),
                m["toTable"].as_str().unwrap(),
            );
            if !between.contains(from) || !between.contains(to) {
                return false;
            }
            let (f, t) = (self.index(from), self.index(to));
            let seat = m["fromSeat"].as_u64().unwrap() as u32;
            let mut mover = self.tables[f]
                .seats
                .remove(&seat)
                .expect("the mover sits there");
            assert_eq!(mover.id, m["agentId"].as_str().unwrap());
            mover.arrived = true;
            let to_seat = m["toSeat"].as_u64().unwrap() as u32;
            assert!(
                self.tables[t].seats.insert(to_seat, mover).is_none(),
                "an empty seat"
            );
            self.log.moves += 1;
        }
        true
    }

    /// `POST /v1/tables` with every table between hands, its moves applied
    /// and a breaking table's players drawn into the open seats (then the
    /// tables are sent again without it), until the answer seats the next
    /// hands: each table's `nextHand` and `waiting` are kept.
    pub(super) async fn between_hands(&mut self) -> Value {
        loop {
            let a = ok(post(&self.tables_request(), "/v1/tables").await);
            self.check_tables_answer(&a);
            if let Some(b) = a.get("breaking") {
                self.break_table(b);
                continue;
            }
            let all: BTreeSet<String> = self.tables.iter().map(|t| t.id.clone()).collect();
            assert!(self.apply_moves(&a, &all));
            for t in a["tables"].as_array().unwrap() {
                let k = self.index(t["id"].as_str().unwrap());
                self.tables[k].next = t.get("nextHand").cloned();
                self.tables[k].waiting = ids(&t["waiting"]);
            }
            return a;
        }
    }

    /// §13.7: the broken table's players drawn at random into the open
    /// seats, as arrivals; the table is never sent again.
    fn break_table(&mut self, b: &Value) {
        let k = self.index(b["table"].as_str().unwrap());
        let broken = self.tables.remove(k);
        assert_eq!(k, self.tables.len(), "the last table breaks");
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
            let j = self.rng.below(i as u64 + 1) as usize;
            open.swap(i, j);
        }
        let players = ids(&b["players"]);
        assert_eq!(players.len(), broken.seats.len());
        assert!(players.len() <= open.len(), "everyone fits");
        for (id, (table, seat)) in players.into_iter().zip(open) {
            let t = self.index(&table);
            let sitter = Sitter { id, arrived: true };
            assert!(self.tables[t].seats.insert(seat, sitter).is_none());
        }
        self.log.breaks += 1;
    }

    /// Every table with players is listed once, with its count.
    fn check_tables_answer(&self, a: &Value) {
        let listed: Vec<(&str, u64)> = a["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["id"].as_str().unwrap(), t["players"].as_u64().unwrap()))
            .collect();
        let moved = a["moves"].as_array().unwrap().len();
        let seated: usize = self.tables.iter().map(|t| t.seats.len()).sum();
        let answered: u64 = listed.iter().map(|(_, n)| n).sum();
        assert_eq!(
            answered as usize, seated,
            "moves keep every player ({moved} moves)"
        );
    }

    /// Every player alive has one seat; chips and bounty money add up.
    pub(super) fn check_conserved(&self) {
        let mut seen = BTreeSet::new();
        for t in &self.tables {
            for p in t.seats.values() {
                assert!(seen.insert(p.id.clone()), "{} seated twice", p.id);
                assert!(self.alive.contains_key(&p.id), "{} seated but out", p.id);
            }
        }
        assert_eq!(
            seen.len(),
            self.alive.len(),
            "every player alive has a seat"
        );
        let chips: u64 = self.alive.values().map(|c| c.stack).sum();
        assert_eq!(chips, self.total_chips, "chips are conserved");
        let bounties: u64 = self.alive.values().map(|c| c.bounty).sum();
        assert_eq!(
            bounties + self.bounty_paid,
            self.total_bounty,
            "bounty money"
        );
        for id in self.alive.keys() {
            assert!(!self.places.contains_key(id), "{id} placed but alive");
        }
        assert_eq!(self.alive.len() + self.places.len(), self.entrants as usize);
    }

    /// Records a bust's places, and its prize money if any.
    pub(super) fn place(&mut self, id: &str, places: [u64; 2], prize: u64) {
        assert!(self.alive.remove(id).is_some(), "{id} busts once");
        assert!(self.places.insert(id.to_string(), places).is_none());
        self.pay_prize(id, prize);
    }

    pub(super) fn pay_prize(&mut self, id: &str, amount: u64) {
        assert_eq!(amount % PRIZE_UNIT, 0, "prize money in units");
        *self.prize_paid.entry(id.to_string()).or_default() += amount;
    }

    /// Paid places (`prizes` entries above 0).
    pub(super) fn paid(&self) -> u64 {
        self.prizes.iter().filter(|&&p| p > 0).count() as u64
    }
}

pub(super) fn ids(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

pub(super) async fn post(body: &Value, path: &str) -> crate::common::Reply {
    post_json(
        showdown_server::app(showdown_server::AppState::default()),
        path,
        body,
    )
    .await
}

/// The answer of a request that must succeed.
pub(super) fn ok(r: crate::common::Reply) -> Value {
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    r.json()
}
