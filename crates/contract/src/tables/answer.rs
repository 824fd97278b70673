//! The tables between the contract and the core: the request as the core
//! reads it, and the core's outcome in the request's ids.

use super::dto::{
    OpenSeat, TableBreak, TableMove, TableNextHand, TableRequest, TablesRequest, TablesResponse,
};
use crate::Id;
use showdown_core::{Before, HandPlayed, Table, TableAfter, TablePlayer, TablesOutcome};
use std::borrow::Cow;

/// The tables as the core reads them, and `who`: core player ids are
/// positions in it, each the (table, player) of the request.
pub(super) fn input(req: &TablesRequest) -> (Vec<Table>, Vec<(usize, usize)>) {
    let mut who: Vec<(usize, usize)> = Vec::new();
    let tables: Vec<Table> = req
        .tables
        .iter()
        .enumerate()
        .map(|(i, t)| Table {
            seats: t.seats,
            hand: before(t),
            players: t
                .players
                .iter()
                .enumerate()
                .map(|(j, p)| {
                    who.push((i, j));
                    TablePlayer {
                        id: who.len() - 1,
                        seat: p.seat,
                        arrived: p.arrived.unwrap_or(false),
                    }
                })
                .collect(),
        })
        .collect();
    (tables, who)
}

/// What the table's next hand follows; the checks (`check::request`,
/// [`super::check_required`]) have made sure the seats it needs are given.
fn before(t: &TableRequest) -> Before {
    match (t.first_hand, t.button_seat) {
        (Some(true), Some(button)) => Before::FirstHand { button },
        _ => HandPlayed {
            button: t.button_seat,
            small_blind: t.small_blind_seat.unwrap_or(0),
            big_blind: t.big_blind_seat.unwrap_or(0),
        }
        .into(),
    }
}

/// The core's outcome in the request's ids.
pub(super) fn response<'a>(
    req: &'a TablesRequest,
    who: &[(usize, usize)],
    out: &TablesOutcome,
) -> TablesResponse<'a> {
    let player = |id: usize| {
        let (i, j) = who[id];
        Cow::Borrowed(req.tables[i].players[j].id.as_str())
    };
    let table = |i: usize| Cow::Borrowed(req.tables[i].id.as_str());
    TablesResponse {
        tables: out
            .tables
            .iter()
            .map(|t| table_after(t, table(t.table), &player))
            .collect(),
        halted: out.halted.iter().map(|&i| table(i)).collect(),
        moves: out
            .moves
            .iter()
            .map(|m| TableMove {
                agent_id: player(m.player),
                from_table: table(m.from_table),
                from_seat: m.from_seat,
                to_table: table(m.to_table),
                to_seat: m.to_seat,
            })
            .collect(),
        breaking: out.breaking.as_ref().map(|b| TableBreak {
            table: table(b.table),
            players: b.players.iter().map(|&p| player(p)).collect(),
            open_seats: b
                .open_seats
                .iter()
                .map(|&(t, seat)| OpenSeat {
                    table: table(t),
                    seat,
                })
                .collect(),
        }),
    }
}

fn table_after<'a>(
    t: &TableAfter,
    id: Id<'a>,
    player: &impl Fn(usize) -> Id<'a>,
) -> TableNextHand<'a> {
    let at = |seat: u32| {
        t.players
            .binary_search_by_key(&seat, |p| p.seat)
            .ok()
            .map(|k| player(t.players[k].id))
    };
    TableNextHand {
        id,
        players: t.players.len() as u64,
        next_hand: t.next.next.map(|n| crate::next_hand::answer(&n, at)),
        waiting: t.next.waiting.iter().filter_map(|&s| at(s)).collect(),
    }
}
