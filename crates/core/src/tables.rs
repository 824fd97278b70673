//! A tournament's tables between hands (RULES.md §13.6-13.7): which tables
//! halt, the balancing moves in the order made, or the table that breaks.
//!
//! Tables keep their seats as an array (at most [`MAX_SEATS`] each) and the
//! search for the next source and destination uses ordered sets, so the
//! largest request (1,000 tables, 10,000 players) costs a few operations a
//! move rather than a scan of every table.

use crate::first_hand::Before;
use crate::next_hand::{ButtonRule, Seated, TableNext};
use std::cmp::Reverse;
use std::collections::BTreeSet;

/// The most seats a table may have (RULES.md §13.8).
pub const MAX_SEATS: u32 = 23;

/// A player at a table; `id` is the caller's own number for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TablePlayer {
    pub id: usize,
    pub seat: u32,
    pub arrived: bool,
}

/// One table as the request gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    /// Seats 1 ..= `seats`, at most [`MAX_SEATS`].
    pub seats: u32,
    /// The hand just played there, or its first hand's drawn button.
    pub hand: Before,
    /// Who sits there now, in any order, one a seat.
    pub players: Vec<TablePlayer>,
}

/// The house's settings for balancing (RULES.md §13.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balancing {
    /// The most the table sizes may differ, at least 1.
    pub max_difference: u32,
    /// A table this many players short of the largest halts; above
    /// `max_difference`.
    pub halt_difference: u32,
    pub rule: ButtonRule,
}

impl Default for Balancing {
    fn default() -> Self {
        Self {
            max_difference: 1,
            halt_difference: 3,
            rule: ButtonRule::Dead,
        }
    }
}

/// One balancing move (RULES.md §13.6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    pub player: usize,
    pub from_table: usize,
    pub from_seat: u32,
    pub to_table: usize,
    pub to_seat: u32,
}

/// The table that breaks (RULES.md §13.7).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Breaking {
    pub table: usize,
    /// Its players' ids, in seat order.
    pub players: Vec<usize>,
    /// Every empty seat of the other tables, by table then seat.
    pub open_seats: Vec<(usize, u32)>,
}

/// A table after the moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TableAfter {
    /// The request's index of the table.
    pub table: usize,
    /// Its players, sorted by seat.
    pub players: Vec<TablePlayer>,
    pub next: TableNext,
}

/// Every table between hands.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TablesOutcome {
    /// The tables with players, in the request's order, after the moves.
    pub tables: Vec<TableAfter>,
    /// Request indices of the tables halted before the moves.
    pub halted: Vec<usize>,
    pub moves: Vec<Move>,
    pub breaking: Option<Breaking>,
}

/// A table being balanced: its players by seat and its next hand.
struct Live {
    index: usize,
    seats: u32,
    hand: Before,
    by_seat: Vec<Option<TablePlayer>>,
    next: TableNext,
}

impl Live {
    fn new(index: usize, t: &Table, rule: ButtonRule) -> Self {
        let mut by_seat = vec![None; t.seats as usize + 1];
        // The contract refuses seats off the table; should one come here
        // anyway it is left out rather than indexed.
        for p in &t.players {
            if let Some(slot) = by_seat.get_mut(p.seat as usize).filter(|_| p.seat > 0) {
                *slot = Some(*p);
            }
        }
        let mut live = Self {
            index,
            seats: t.seats,
            hand: t.hand,
            by_seat,
            next: TableNext::default(),
        };
        live.refresh(rule);
        live
    }

    fn players(&self) -> impl Iterator<Item = &TablePlayer> {
        self.by_seat.iter().flatten()
    }

    fn count(&self) -> u32 {
        self.players().count() as u32
    }

    fn seated(&self) -> Vec<Seated> {
        self.players()
            .map(|p| Seated {
                seat: p.seat,
                arrived: p.arrived,
            })
            .collect()
    }

    fn refresh(&mut self, rule: ButtonRule) {
        self.next = self.hand.next_sorted(&self.seated(), rule);
    }

    /// The seat a moved player takes: the first empty seat after the small
    /// blind as the rule finds it before heads-up, the small blind's own
    /// seat last (RULES.md §13.6, §13.9).
    fn worst_position(&self, rule: ButtonRule) -> Option<u32> {
        let sb = self.hand.small_blind_before_heads_up(&self.seated(), rule);
        (1..=self.seats)
            .map(|k| (sb + k - 1) % self.seats + 1)
            .find(|&seat| self.by_seat[seat as usize].is_none())
    }
}

/// RULES.md §13.6-13.7: halted tables, then either the table that breaks
/// or the balancing moves. Tables without players are left out.
pub fn between_hands(tables: &[Table], terms: &Balancing) -> TablesOutcome {
    let mut live: Vec<Live> = tables
        .iter()
        .enumerate()
        .filter(|(_, t)| !t.players.is_empty())
        .map(|(i, t)| Live::new(i, t, terms.rule))
        .collect();
    let most = live.iter().map(Live::count).max().unwrap_or(0);
    let halted = live
        .iter()
        .filter(|t| t.count() + terms.halt_difference <= most)
        .map(|t| t.index)
        .collect();
    let breaking = breaking(&live);
    let moves = if breaking.is_some() {
        Vec::new()
    } else {
        balance(&mut live, terms)
    };
    TablesOutcome {
        tables: live
            .into_iter()
            .map(|t| TableAfter {
                table: t.index,
                players: t.players().copied().collect(),
                next: t.next,
            })
            .collect(),
        halted,
        moves,
        breaking,
    }
}

/// §13.7: the last table breaks when every player fits in the seats of the
/// other tables.
fn breaking(live: &[Live]) -> Option<Breaking> {
    let (last, others) = live.split_last()?;
    let players: usize = live.iter().map(|t| t.count() as usize).sum();
    let seats: usize = others.iter().map(|t| t.seats as usize).sum();
    if others.is_empty() || players > seats {
        return None;
    }
    let open_seats = others
        .iter()
        .flat_map(|t| {
            (1..=t.seats)
                .filter(|&s| t.by_seat[s as usize].is_none())
                .map(move |s| (t.index, s))
        })
        .collect();
    Some(Breaking {
        table: last.index,
        players: last.players().map(|p| p.id).collect(),
        open_seats,
    })
}

/// The tables ordered three ways by (count, position), so the table the
/// rule names is always the first of a set, ties going to the earlier
/// table in the request.
#[derive(Default)]
struct Order {
    most: BTreeSet<(Reverse<u32>, usize)>,
    fewest: BTreeSet<(u32, usize)>,
    /// Only the tables with an empty seat.
    open: BTreeSet<(u32, usize)>,
}

impl Order {
    fn insert(&mut self, k: usize, t: &Live) {
        let c = t.count();
        self.most.insert((Reverse(c), k));
        self.fewest.insert((c, k));
        if c < t.seats {
            self.open.insert((c, k));
        }
    }

    fn remove(&mut self, k: usize, count: u32) {
        self.most.remove(&(Reverse(count), k));
        self.fewest.remove(&(count, k));
        self.open.remove(&(count, k));
    }

    /// The source and destination of the next move, or `None` when the
    /// tables are balanced or no move would bring them closer.
    fn pick(&self, max_difference: u32) -> Option<(usize, u32, usize, u32)> {
        let &(Reverse(most), src) = self.most.first()?;
        let &(fewest, _) = self.fewest.first()?;
        let &(dest_count, dst) = self.open.first()?;
        let unbalanced = most - fewest > max_difference;
        (unbalanced && most > dest_count + max_difference).then_some((src, most, dst, dest_count))
    }
}

/// §13.6: move the most crowded table's next big blind to the emptiest
/// table's worst position until the tables are balanced or no move helps.
fn balance(live: &mut [Live], terms: &Balancing) -> Vec<Move> {
    let mut order = Order::default();
    for (k, t) in live.iter().enumerate() {
        order.insert(k, t);
    }
    let mut moves = Vec::new();
    while let Some((src, most, dst, dest_count)) = order.pick(terms.max_difference) {
        let Some(m) = move_one(live, src, dst, terms.rule) else {
            break;
        };
        moves.push(m);
        for (k, before) in [(src, most), (dst, dest_count)] {
            order.remove(k, before);
            order.insert(k, &live[k]);
        }
    }
    moves
}

/// The source's next big blind takes the destination's worst position and
/// becomes an arrival there; both tables' next hands are found again.
fn move_one(live: &mut [Live], src: usize, dst: usize, rule: ButtonRule) -> Option<Move> {
    let from_seat = live[src].next.next?.big_blind;
    let to_seat = live[dst].worst_position(rule)?;
    let mut player = live[src].by_seat[from_seat as usize].take()?;
    live[src].refresh(rule);
    player.seat = to_seat;
    player.arrived = true;
    live[dst].by_seat[to_seat as usize] = Some(player);
    live[dst].refresh(rule);
    Some(Move {
        player: player.id,
        from_table: live[src].index,
        from_seat,
        to_table: live[dst].index,
        to_seat,
    })
}
