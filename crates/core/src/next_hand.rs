//! The next hand at one table (RULES.md §13.1-13.5): from where the button
//! and blinds were in the hand just played and who sits at the table now,
//! where they go next, by the dead button (TDA 31) or the forward button,
//! heads-up by TDA 33, and which newly seated players wait (TDA 9).
//!
//! Pure functions of seat numbers: the caller says who sits where; the
//! answer is seats. Searching a sorted list of occupied seats, never an
//! array as large as the highest seat number, keeps the work bounded by the
//! players listed whatever seat numbers a request gives.

/// How the button moves between hands (RULES.md §13.2, §13.5).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum ButtonRule {
    /// TDA 31: the big blind moves one player; the small blind and button
    /// follow on seats, possibly empty ones.
    #[default]
    Dead,
    /// The button and blinds always on players (PokerStars, GGPoker).
    Forward,
}

/// Where the button and blinds were in the hand just played (§13.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandPlayed {
    /// The button's seat; needed by the forward button only.
    pub button: Option<u32>,
    /// The small blind's seat `s` (possibly an empty seat).
    pub small_blind: u32,
    /// The big blind's seat `b`.
    pub big_blind: u32,
}

/// A player sitting at the table for the next hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seated {
    pub seat: u32,
    /// Seated since the hand just played (moved in, or a new seat).
    pub arrived: bool,
}

/// The next hand's button and blinds (RULES.md §13.2-13.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NextHand {
    pub button: u32,
    pub small_blind: u32,
    pub big_blind: u32,
    /// Nobody sits on the button's seat.
    pub button_dead: bool,
    /// Nobody sits on the small blind's seat: nobody posts it.
    pub small_blind_dead: bool,
    /// Two players are dealt in: the button posts the small blind.
    pub heads_up: bool,
}

/// A table's next hand and who waits for it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TableNext {
    /// `None` when fewer than two players are dealt in.
    pub next: Option<NextHand>,
    /// Seats of the arrivals who are not dealt in (§13.4), rising.
    pub waiting: Vec<u32>,
}

/// The players at a table, sorted by seat, one each.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SeatedTable<'a> {
    pub(crate) players: &'a [Seated],
}

impl SeatedTable<'_> {
    pub(crate) fn at(&self, seat: u32) -> Option<&Seated> {
        self.players
            .binary_search_by_key(&seat, |p| p.seat)
            .ok()
            .map(|i| &self.players[i])
    }

    /// The first player clockwise after seat `x` (x excluded, once round
    /// the table) for whom `keep` holds.
    pub(crate) fn first_after(&self, x: u32, keep: impl Fn(&Seated) -> bool) -> Option<&Seated> {
        let start = self.players.partition_point(|p| p.seat <= x);
        let (before, after) = self.players.split_at(start);
        after
            .iter()
            .chain(before.iter().filter(|p| p.seat != x))
            .find(|p| keep(p))
    }
}

/// Seat `z` lies strictly between `x` and `y` going clockwise.
pub(crate) fn strictly_between(x: u32, y: u32, z: u32) -> bool {
    match x.cmp(&y) {
        std::cmp::Ordering::Less => x < z && z < y,
        std::cmp::Ordering::Greater => z > x || z < y,
        std::cmp::Ordering::Equal => z != x,
    }
}

/// The next button and small blind as the rule finds them before heads-up
/// (§13.3) and waiting (§13.4) are applied: the seats that decide who waits
/// and where a moved player's worst position is (§13.6). `None` under the
/// forward button when nobody is seated.
pub fn button_and_small_blind(
    hand: &HandPlayed,
    players: &[Seated],
    rule: ButtonRule,
) -> Option<(u32, u32)> {
    match rule {
        ButtonRule::Dead => Some((hand.small_blind, hand.big_blind)),
        ButtonRule::Forward => forward_positions(hand, SeatedTable { players }),
    }
}

/// §13.5's button and small blind, found among the players who played the
/// hand just played (all of them, when every one arrived).
fn forward_positions(hand: &HandPlayed, table: SeatedTable) -> Option<(u32, u32)> {
    let all_arrived = table.players.iter().all(|p| p.arrived);
    let played = |p: &Seated| all_arrived || !p.arrived;
    let s = hand.small_blind;
    let heads_up = hand.button == Some(s);
    let button = match table.at(s) {
        Some(p) if !heads_up && played(p) => s,
        at_s => match table.first_after(s, played) {
            Some(p) => p.seat,
            None if at_s.is_some_and(played) => s,
            None => return None,
        },
    };
    let small_blind = table
        .first_after(button, played)
        .or_else(|| table.first_after(button, |_| true))?
        .seat;
    Some((button, small_blind))
}

/// RULES.md §13.2-13.5: the next hand at a table. `players` may come in any
/// order; each seat must hold one player (the contract refuses duplicates).
pub fn next_hand(hand: &HandPlayed, players: &[Seated], rule: ButtonRule) -> TableNext {
    let mut sorted = players.to_vec();
    sorted.sort_unstable_by_key(|p| p.seat);
    next_hand_sorted(hand, &sorted, rule)
}

/// [`next_hand`] on players already sorted by seat (the tables route keeps
/// them so, and recomputes a table after every move).
pub(crate) fn next_hand_sorted(
    hand: &HandPlayed,
    players: &[Seated],
    rule: ButtonRule,
) -> TableNext {
    let table = SeatedTable { players };
    let Some((button, small_blind)) = button_and_small_blind(hand, players, rule) else {
        return TableNext::default();
    };
    // §13.4: arrivals strictly between the button and the small blind wait,
    // unless that would leave fewer than two players dealt in.
    let mut waiting: Vec<u32> = players
        .iter()
        .filter(|p| p.arrived && strictly_between(button, small_blind, p.seat))
        .map(|p| p.seat)
        .collect();
    if players.len() - waiting.len() < 2 {
        waiting.clear();
    }
    let dealt = |p: &Seated| waiting.binary_search(&p.seat).is_err();
    let dealt_in = players.len() - waiting.len();
    if dealt_in < 2 {
        return TableNext {
            next: None,
            waiting,
        };
    }
    let next = if dealt_in == 2 {
        heads_up(hand, table, dealt)
    } else {
        let from = match rule {
            ButtonRule::Dead => hand.big_blind,
            ButtonRule::Forward => small_blind,
        };
        // Three or more are dealt in, so one is found after any seat.
        let big_blind = table.first_after(from, dealt).map_or(from, |p| p.seat);
        NextHand {
            button,
            small_blind,
            big_blind,
            button_dead: table.at(button).is_none(),
            small_blind_dead: table.at(small_blind).is_none(),
            heads_up: false,
        }
    };
    TableNext {
        next: Some(next),
        waiting,
    }
}

/// §13.3: the big blind is the first player dealt in after `b`; the other
/// has the button and posts the small blind.
fn heads_up(hand: &HandPlayed, table: SeatedTable, dealt: impl Fn(&Seated) -> bool) -> NextHand {
    let mut two = table.players.iter().filter(|p| dealt(p)).map(|p| p.seat);
    let (first, second) = (two.next().unwrap_or(0), two.next().unwrap_or(0));
    let big_blind = table
        .first_after(hand.big_blind, |p| dealt(p))
        .map_or(first, |p| p.seat);
    let button = if big_blind == first { second } else { first };
    NextHand {
        button,
        small_blind: button,
        big_blind,
        button_dead: false,
        small_blind_dead: false,
        heads_up: true,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seated(seats: &[u32]) -> Vec<Seated> {
        seats
            .iter()
            .map(|&seat| Seated {
                seat,
                arrived: false,
            })
            .collect()
    }

    #[test]
    fn between_wraps_round_the_table() {
        assert!(strictly_between(6, 2, 1));
        assert!(strictly_between(6, 2, 8));
        assert!(!strictly_between(6, 2, 2));
        assert!(!strictly_between(6, 2, 6));
        assert!(strictly_between(1, 4, 3));
        assert!(!strictly_between(1, 4, 5));
    }

    #[test]
    fn first_after_excludes_the_seat_itself() {
        let players = seated(&[2, 5, 7]);
        let t = SeatedTable { players: &players };
        assert_eq!(t.first_after(7, |_| true).map(|p| p.seat), Some(2));
        assert_eq!(t.first_after(2, |_| true).map(|p| p.seat), Some(5));
        assert_eq!(t.first_after(3, |_| true).map(|p| p.seat), Some(5));
        assert_eq!(t.first_after(5, |p| p.seat == 5), None);
    }

    #[test]
    fn one_player_has_no_next_hand() {
        let hand = HandPlayed {
            button: Some(1),
            small_blind: 2,
            big_blind: 3,
        };
        for rule in [ButtonRule::Dead, ButtonRule::Forward] {
            assert_eq!(next_hand(&hand, &seated(&[3]), rule), TableNext::default());
        }
    }
}
