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
/// The tournament's rule for equal stacks out in one hand: the same on
/// every request, with or without `prizes`.
pub(super) const TIED_PLACES: &str = "split";

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
    pub method: &'static str,
    pub set_aside: u64,
}

/// One event of the test: its field, its tables and how it is seated.
#[derive(Debug, Clone)]
pub(super) struct Event {
    pub seed: u64,
    pub entrants: usize,
    pub tables: usize,
    pub prizes: Vec<u64>,
    /// Seats drawn table by table (the last table takes what is left),
    /// rather than over every seat of the room.
    pub table_by_table: bool,
    /// Whether the house deals hand for hand before the money.
    pub hand_for_hand: bool,
    pub deal: Option<Deal>,
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
    /// Prize money still to be played for after a deal: `[setAside]`, or
    /// nothing when nothing was set aside.
    pub after_deal: Option<Vec<u64>>,
    /// Players in the deal (their places were paid by it).
    pub in_deal: u64,
    /// Whether the house deals hand for hand before the money.
    pub hand_for_hand: bool,
    pub log: Tally,
}

/// What happened, so the test can say it exercised each step.
#[derive(Debug, Default)]
pub(super) struct Tally {
    pub hands: usize,
    /// Hands that ended while other tables were still in theirs.
    pub ended_while_others_play: usize,
    pub moves: usize,
    /// Moves not made at once: out of a table still in its hand, or after one.
    pub moves_waiting: usize,
    /// Moves made into a table still in its hand.
    pub moves_into_hands: usize,
    pub breaks: usize,
    /// Breaks named while the table was still in its hand.
    pub breaks_deferred: usize,
    /// Tables sent alone for their next hand (a move to or from them waits).
    pub alone: usize,
    /// Halted tables dealt once the same answer's moves fed them.
    pub halted_fed: usize,
    /// Tables the draw left with one player, drawn again once they had more.
    pub lone_draws: usize,
    pub hand_for_hand: usize,
    /// Hands that paid a prize while other tables were in theirs.
    pub paid_while_others_play: usize,
    pub prizes_calls: usize,
    pub settle_next_hands_checked: usize,
    pub deal: Option<Value>,
    /// The deal had more players than places left to pay.
    pub deal_before_the_money: bool,
}

impl House {
    /// Seats the event's players by draw at its tables of [`SEATS`]: every
    /// seat of the room shuffled and the first ones taken, or (table by
    /// table) each table's seats shuffled and filled in turn.
    pub(super) fn seat_by_draw(e: &Event) -> House {
        let mut rng = Xoshiro256StarStar::from_seed(e.seed);
        let mut seats: Vec<(usize, u32)> = Vec::new();
        let groups: Vec<Vec<(usize, u32)>> = match e.table_by_table {
            true => (0..e.tables)
                .map(|t| (1..=SEATS).map(|s| (t, s)).collect())
                .collect(),
            false => vec![(0..e.tables)
                .flat_map(|t| (1..=SEATS).map(move |s| (t, s)))
                .collect()],
        };
        for mut g in groups {
            for i in (1..g.len()).rev() {
                let j = rng.below(i as u64 + 1) as usize;
                g.swap(i, j);
            }
            seats.extend(g);
        }
        let mut house = House::empty(rng, e);
        for (k, &(t, seat)) in seats.iter().take(e.entrants).enumerate() {
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

    fn empty(rng: Xoshiro256StarStar, e: &Event) -> House {
        House {
            rng,
            tables: (0..e.tables)
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
            entrants: e.entrants as u64,
            prizes: e.prizes.clone(),
            after_deal: None,
            in_deal: 0,
            hand_for_hand: e.hand_for_hand,
            log: Tally::default(),
        }
    }

    /// 53 random bits: a seed the draw route takes.
    pub(super) fn seed(&mut self) -> u64 {
        self.rng.next_u64() >> 11
    }

    /// `POST /v1/draw` at every table: the winner's seat is its button. The
    /// draw needs two players: a table seated with one takes that player's
    /// seat as its button for now, and is returned to be drawn again once
    /// the first tables answer has brought it players (TOURNAMENT.md).
    pub(super) async fn draw_buttons(&mut self) -> Vec<String> {
        let mut lone = Vec::new();
        for k in 0..self.tables.len() {
            let t = &self.tables[k];
            let button = match t.seats.len() {
                1 => {
                    lone.push(t.id.clone());
                    *t.seats.keys().next().unwrap()
                }
                _ => self.draw_button(k).await,
            };
            self.tables[k].last = Last::First { button };
        }
        lone
    }

    /// The seat of the player who wins table `k`'s draw for the button.
    pub(super) async fn draw_button(&mut self, k: usize) -> u32 {
        let players: Vec<Value> = self.tables[k]
            .seats
            .iter()
            .map(|(seat, p)| json!({"id": p.id, "seat": seat}))
            .collect();
        let body = json!({"purpose": "button", "seed": self.seed(), "players": players});
        let a = ok(post(&body, "/v1/draw").await);
        let winner = a["winnerId"].as_str().unwrap();
        self.tables[k]
            .seats
            .iter()
            .find(|(_, p)| p.id == winner)
            .map(|(s, _)| *s)
            .expect("the draw's winner sits at the table")
    }

    pub(super) fn tables_request(&self) -> Value {
        json!({"tables": self.tables.iter().map(Table::request).collect::<Vec<_>>()})
    }

    pub(super) fn index(&self, id: &str) -> usize {
        self.tables.iter().position(|t| t.id == id).unwrap()
    }

    /// Every table with players is listed once, with its count.
    pub(super) fn check_tables_answer(&self, a: &Value) {
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
