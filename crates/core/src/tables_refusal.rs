//! The tables a request may not send (RULES.md §13.8, §13.9): the
//! balancing terms, how many tables and players, and each table's seats,
//! blinds and button, each decided and worded once, here, with its place.
//! The contract only turns each [`TablesAt`] into a pointer and names the
//! terms and earlier seats a refusal speaks of as its request does
//! ([`Worded`]).

use crate::next_hand_refusal::NextHandRefusal;
use crate::tables::MAX_SEATS;
use crate::term::{Names, Place, Plain, Term, Worded};
use std::collections::hash_map::{Entry, HashMap};

/// The most tables one request may list (RULES.md §13.8).
pub const MAX_TABLES: usize = 1_000;
/// The most players one request may list over all its tables (§13.8).
pub const MAX_TABLE_PLAYERS: usize = 10_000;

/// A seat field of a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeatField {
    SmallBlind,
    BigBlind,
    Button,
}

impl SeatField {
    /// The term of the request the field is.
    pub fn term(self) -> Term {
        match self {
            SeatField::SmallBlind => Term::SmallBlindSeat,
            SeatField::BigBlind => Term::BigBlindSeat,
            SeatField::Button => Term::ButtonSeat,
        }
    }
}

/// Where a tables refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TablesAt {
    MaxDifference,
    HaltDifference,
    /// The tables as a whole.
    Tables,
    /// Table `.0`'s `seats`.
    Seats(usize),
    /// A seat field of table `.0`.
    Field(usize, SeatField),
    /// Table `.0`'s player `.1`'s seat.
    PlayerSeat(usize, usize),
}

/// Why a tables request is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TablesRefusal {
    #[error("{}", self.worded(&Plain))]
    MaxDifferenceZero,
    #[error("{}", self.worded(&Plain))]
    HaltNotAbove { halt: u32, max: u32 },
    #[error("at most {MAX_TABLES} tables, got {0}")]
    TooManyTables(usize),
    #[error("at most {MAX_TABLE_PLAYERS} players over all tables, got {0}")]
    TooManyPlayers(usize),
    #[error("no player at any table: send the players who keep chips")]
    NoPlayers,
    #[error("seats {seats} is outside 2 to {MAX_SEATS}")]
    SeatsOutside { table: usize, seats: u32 },
    #[error("{}", self.worded(&Plain))]
    SeatOutside {
        table: usize,
        field: SeatField,
        seat: u32,
        seats: u32,
    },
    #[error("the forward button needs the button's seat in the hand just played")]
    ForwardNeedsButton { table: usize },
    /// The next hand's rule ([`NextHandRefusal::BlindsOnOneSeat`]), in its words.
    #[error("{}", self.worded(&Plain))]
    BlindsOnOneSeat { table: usize, big: u32 },
    #[error("{}", self.worded(&Plain))]
    BlindWithFirstHand { table: usize, field: SeatField },
    #[error("{}", self.worded(&Plain))]
    FirstHandNeedsButton { table: usize },
    #[error("{}", self.worded(&Plain))]
    ButtonHasNoPlayer { table: usize, seat: u32 },
    #[error("seat {seat} is outside the table's seats 1 to {seats}")]
    PlayerSeatOutside {
        table: usize,
        player: usize,
        seat: u32,
        seats: u32,
    },
    #[error("{}", self.worded(&Plain))]
    SeatTakenTwice {
        table: usize,
        player: usize,
        seat: u32,
        first: usize,
    },
}

impl Worded for TablesRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        use TablesRefusal as R;
        let name = |term| names.term(term);
        let (first_hand, button) = (name(Term::FirstHand), name(Term::ButtonSeat));
        match *self {
            R::MaxDifferenceZero => format!("{} must be at least 1", name(Term::MaxDifference)),
            R::HaltNotAbove { halt, max } => format!(
                "{} {halt} must be above {} {max}: a table that halts must be short of more than balancing allows",
                name(Term::HaltDifference),
                name(Term::MaxDifference)
            ),
            R::SeatOutside {
                field, seat, seats, ..
            } => format!(
                "{} {seat} is outside the table's seats 1 to {seats}",
                name(field.term())
            ),
            R::BlindsOnOneSeat { big, .. } => NextHandRefusal::BlindsOnOneSeat { big }.worded(names),
            R::BlindWithFirstHand { field, .. } => format!(
                "{} with {first_hand}: a table that has not dealt yet has no blinds; its first hand's follow the drawn button",
                name(field.term())
            ),
            R::FirstHandNeedsButton { .. } => format!(
                "{first_hand} needs {button}: the seat the draw for the button gave (POST /v1/draw)"
            ),
            R::ButtonHasNoPlayer { seat, .. } => format!(
                "{button} {seat} has no player: a first hand's button is drawn among the players"
            ),
            R::SeatTakenTwice {
                table, seat, first, ..
            } => format!(
                "seat {seat} is taken twice (first at {})",
                names.place(Place::TablePlayerSeat(table, first))
            ),
            R::TooManyTables(_)
            | R::TooManyPlayers(_)
            | R::NoPlayers
            | R::SeatsOutside { .. }
            | R::ForwardNeedsButton { .. }
            | R::PlayerSeatOutside { .. } => self.to_string(),
        }
    }
}

impl TablesRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> TablesAt {
        match self {
            TablesRefusal::MaxDifferenceZero => TablesAt::MaxDifference,
            TablesRefusal::HaltNotAbove { .. } => TablesAt::HaltDifference,
            TablesRefusal::TooManyTables(_)
            | TablesRefusal::TooManyPlayers(_)
            | TablesRefusal::NoPlayers => TablesAt::Tables,
            TablesRefusal::SeatsOutside { table, .. } => TablesAt::Seats(*table),
            TablesRefusal::SeatOutside { table, field, .. }
            | TablesRefusal::BlindWithFirstHand { table, field } => TablesAt::Field(*table, *field),
            TablesRefusal::ForwardNeedsButton { table }
            | TablesRefusal::FirstHandNeedsButton { table }
            | TablesRefusal::ButtonHasNoPlayer { table, .. } => {
                TablesAt::Field(*table, SeatField::Button)
            }
            TablesRefusal::BlindsOnOneSeat { table, .. } => {
                TablesAt::Field(*table, SeatField::BigBlind)
            }
            TablesRefusal::PlayerSeatOutside { table, player, .. }
            | TablesRefusal::SeatTakenTwice { table, player, .. } => {
                TablesAt::PlayerSeat(*table, *player)
            }
        }
    }
}

/// RULES.md §13.8: the balancing terms (`None`: the defaults, 1 and 3) and
/// how many tables and players, every refusal that applies in that order.
pub fn tables_terms_refusals(
    max_difference: Option<u32>,
    halt_difference: Option<u32>,
    tables: usize,
    players: usize,
) -> Vec<TablesRefusal> {
    let mut out = Vec::new();
    let max = max_difference.unwrap_or(1);
    if max == 0 {
        out.push(TablesRefusal::MaxDifferenceZero);
    }
    let halt = halt_difference.unwrap_or(3);
    if halt <= max {
        out.push(TablesRefusal::HaltNotAbove { halt, max });
    }
    if tables > MAX_TABLES {
        out.push(TablesRefusal::TooManyTables(tables));
    }
    if players > MAX_TABLE_PLAYERS {
        out.push(TablesRefusal::TooManyPlayers(players));
    } else if players == 0 {
        out.push(TablesRefusal::NoPlayers);
    }
    out
}

/// One table's seats as a request gives them.
#[derive(Debug, Clone, Copy)]
pub struct TableSeats<'a> {
    /// The table's index in the request.
    pub index: usize,
    pub seats: u32,
    pub small_blind: Option<u32>,
    pub big_blind: Option<u32>,
    pub button: Option<u32>,
    /// The table has not dealt yet (RULES.md §13.9).
    pub first_hand: bool,
    /// The forward button rule moves it.
    pub forward: bool,
    /// Each player's seat, in the order given.
    pub player_seats: &'a [u32],
}

/// RULES.md §13.8, §13.9: a table's refusals, in order: its size, its seat
/// fields, its hand (the one just played, or a first hand); then each
/// player's seat, by player.
pub fn table_refusals(t: &TableSeats) -> (Vec<TablesRefusal>, Vec<Option<TablesRefusal>>) {
    let table = t.index;
    let mut out = Vec::new();
    if !(2..=MAX_SEATS).contains(&t.seats) {
        out.push(TablesRefusal::SeatsOutside {
            table,
            seats: t.seats,
        });
    }
    let seats = seats_read(t.seats);
    let on_table = |seat: u32| (1..=seats).contains(&seat);
    for (field, seat) in fields(t) {
        if let Some(seat) = seat.filter(|&s| !on_table(s)) {
            out.push(TablesRefusal::SeatOutside {
                table,
                field,
                seat,
                seats,
            });
        }
    }
    if t.first_hand {
        first_hand(t, on_table, &mut out);
    } else {
        hand_played(t, &mut out);
    }
    (out, player_seats(t, seats))
}

/// A table's seat fields, blinds first.
fn fields(t: &TableSeats) -> [(SeatField, Option<u32>); 3] {
    [
        (SeatField::SmallBlind, t.small_blind),
        (SeatField::BigBlind, t.big_blind),
        (SeatField::Button, t.button),
    ]
}

/// The hand just played: the forward button needs the button's seat, and
/// the blinds are on two seats.
fn hand_played(t: &TableSeats, out: &mut Vec<TablesRefusal>) {
    let table = t.index;
    if t.forward && t.button.is_none() {
        out.push(TablesRefusal::ForwardNeedsButton { table });
    }
    if let (Some(small), Some(big)) = (t.small_blind, t.big_blind) {
        if small == big {
            out.push(TablesRefusal::BlindsOnOneSeat { table, big });
        }
    }
}

/// RULES.md §13.9: a first hand has no blinds yet, and its button is the
/// drawn seat of a player.
fn first_hand(t: &TableSeats, on_table: impl Fn(u32) -> bool, out: &mut Vec<TablesRefusal>) {
    let table = t.index;
    for (field, seat) in &fields(t)[..2] {
        if seat.is_some() {
            out.push(TablesRefusal::BlindWithFirstHand {
                table,
                field: *field,
            });
        }
    }
    match t.button {
        None => out.push(TablesRefusal::FirstHandNeedsButton { table }),
        Some(seat) if on_table(seat) && !t.player_seats.contains(&seat) => {
            out.push(TablesRefusal::ButtonHasNoPlayer { table, seat });
        }
        Some(_) => {}
    }
}

/// Each player's seat: on the table, and not taken by an earlier player.
fn player_seats(t: &TableSeats, seats: u32) -> Vec<Option<TablesRefusal>> {
    let table = t.index;
    let mut taken = [None; MAX_SEATS as usize + 1];
    let mut out = Vec::with_capacity(t.player_seats.len());
    for (player, &seat) in t.player_seats.iter().enumerate() {
        let refusal = if !(1..=seats).contains(&seat) {
            Some(TablesRefusal::PlayerSeatOutside {
                table,
                player,
                seat,
                seats,
            })
        } else if let Some(first) = taken[seat as usize] {
            Some(TablesRefusal::SeatTakenTwice {
                table,
                player,
                seat,
                first,
            })
        } else {
            taken[seat as usize] = Some(player);
            None
        };
        out.push(refusal);
    }
    out
}

/// The seats a table of `seats` is read with when `seats` is itself
/// refused (2 to [`MAX_SEATS`]).
fn seats_read(seats: u32) -> u32 {
    seats.clamp(2, MAX_SEATS)
}

/// Why an id of a tables request is refused (RULES.md §13.8): each
/// table's and each player's is given once over the whole request. An
/// empty id is every id's rule (`seating_refusal`).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TablesIdRefusal {
    #[error("{}", self.worded(&Plain))]
    TableTwice {
        table: usize,
        id: String,
        first: usize,
    },
    #[error("{}", self.worded(&Plain))]
    PlayerTwice {
        table: usize,
        player: usize,
        id: String,
        first: (usize, usize),
    },
}

impl Worded for TablesIdRefusal {
    fn worded(&self, names: &dyn Names) -> String {
        let (what, id, first) = match self {
            TablesIdRefusal::TableTwice { id, first, .. } => ("table", id, Place::TableId(*first)),
            TablesIdRefusal::PlayerTwice { id, first, .. } => {
                ("player", id, Place::TablePlayerId(first.0, first.1))
            }
        };
        format!(
            "duplicate {what} id {id:?} (first at {})",
            names.place(first)
        )
    }
}

/// Every id given twice (`tables[i]`: table `i`'s id and its players'),
/// each at the later one: by table, the table's own before its players'.
pub fn tables_id_refusals(tables: &[(&str, Vec<&str>)]) -> Vec<TablesIdRefusal> {
    let mut out = Vec::new();
    let mut table_ids: HashMap<&str, usize> = HashMap::new();
    let mut player_ids: HashMap<&str, (usize, usize)> = HashMap::new();
    for (table, (id, players)) in tables.iter().enumerate() {
        match table_ids.entry(id) {
            Entry::Occupied(first) if !id.is_empty() => out.push(TablesIdRefusal::TableTwice {
                table,
                id: id.to_string(),
                first: *first.get(),
            }),
            Entry::Occupied(_) => {}
            Entry::Vacant(e) => {
                e.insert(table);
            }
        }
        for (player, &id) in players.iter().enumerate() {
            match player_ids.entry(id) {
                Entry::Occupied(first) if !id.is_empty() => {
                    out.push(TablesIdRefusal::PlayerTwice {
                        table,
                        player,
                        id: id.to_string(),
                        first: *first.get(),
                    })
                }
                Entry::Occupied(_) => {}
                Entry::Vacant(e) => {
                    e.insert((table, player));
                }
            }
        }
    }
    out
}
