//! The card counts a hand may not have (RULES.md §9.1; API.md: the
//! variant's board and hole cards, all of them at a showdown, never more
//! than it deals), each decided and worded once, here, with its place. The
//! contract only turns each [`CardsAt`] into a pointer; the core's guards
//! refuse a live player without a hand by the same refusal.

use showdown_cards::{EvalError, Variant};

/// The most boards a request may list, judged before any board is looked
/// at, so a body of many boards costs no per-board work. Rooms run it two
/// to four times; 16 is well past that and far below any cost that matters.
pub const MAX_LISTED_BOARDS: usize = 16;

/// Where a card count's refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardsAt {
    /// `board`.
    Board,
    /// `boards` as a whole.
    Boards,
    /// Board `.0` of `boards`.
    OneBoard(usize),
    /// Player `.0`'s cards.
    Player(usize),
}

/// Why a hand's cards are refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum CardsRefusal {
    #[error("{variant} has no board, got {got} {}", if *got == 1 { "card" } else { "cards" })]
    NoBoard { variant: &'static str, got: usize },
    /// The evaluator's rule, in its words.
    #[error("{}", EvalError::BoardCount { variant, expected: *want, got: *got })]
    BoardAtShowdown {
        at: CardsAt,
        variant: &'static str,
        want: usize,
        got: usize,
    },
    #[error("{variant} has {want} board cards, got {got}")]
    BoardTooLong {
        at: CardsAt,
        variant: &'static str,
        want: usize,
        got: usize,
    },
    /// Every live player shows at a showdown (RULES.md §15).
    #[error("the player is live at a showdown: their cards are required")]
    LiveWithoutCards { player: usize },
    /// The evaluator's rule, in its words.
    #[error("{}", EvalError::HoleCount { variant, expected: *want, got: *got })]
    HoleAtShowdown {
        player: usize,
        variant: &'static str,
        want: usize,
        got: usize,
    },
    #[error("{variant} deals {want} cards per player, got {got}")]
    HoleTooMany {
        player: usize,
        variant: &'static str,
        want: usize,
        got: usize,
    },
    #[error("give board or boards, not both")]
    BoardAndBoards,
    #[error("{0} has no board: boards are for board games")]
    BoardsWithoutBoard(&'static str),
    #[error("boards needs at least one board")]
    NoBoards,
    #[error("at most {MAX_LISTED_BOARDS} boards, got {0}")]
    TooManyBoards(usize),
    /// API.md: every player's hole cards, the boards' shared first part
    /// once and each board's run-out come from one deck.
    #[error("{boards} boards need {needed} cards with {players} players dealt {holes} each: the deck has {deck}")]
    BoardsOverDeck {
        boards: usize,
        needed: usize,
        players: usize,
        holes: usize,
        deck: usize,
    },
}

impl CardsRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> CardsAt {
        use CardsRefusal as R;
        match *self {
            R::NoBoard { .. } => CardsAt::Board,
            R::BoardAtShowdown { at, .. } | R::BoardTooLong { at, .. } => at,
            R::LiveWithoutCards { player }
            | R::HoleAtShowdown { player, .. }
            | R::HoleTooMany { player, .. } => CardsAt::Player(player),
            R::BoardAndBoards
            | R::BoardsWithoutBoard(_)
            | R::NoBoards
            | R::TooManyBoards(_)
            | R::BoardsOverDeck { .. } => CardsAt::Boards,
        }
    }
}

/// A board of `got` cards at `at` (`board`, or one of `boards`) in the game
/// `v`: none in a game without a board; at a showdown (`contested`) all
/// of them; never more than the game deals.
pub fn board_refusal(
    v: &Variant,
    at: CardsAt,
    got: usize,
    contested: bool,
) -> Option<CardsRefusal> {
    let (variant, want) = (v.id.as_str(), v.board_cards);
    if want == 0 {
        (got > 0).then_some(CardsRefusal::NoBoard { variant, got })
    } else if contested && got != want {
        Some(CardsRefusal::BoardAtShowdown {
            at,
            variant,
            want,
            got,
        })
    } else {
        (got > want).then_some(CardsRefusal::BoardTooLong {
            at,
            variant,
            want,
            got,
        })
    }
}

/// Player `player`'s `got` hole cards in the game `v` (`None`: none
/// given): a player live at a showdown (`shows`) gives them all; no player
/// gives more than the game deals.
pub fn hole_refusal(
    v: &Variant,
    player: usize,
    got: Option<usize>,
    shows: bool,
) -> Option<CardsRefusal> {
    let (variant, want) = (v.id.as_str(), v.hole_cards);
    let got = match got {
        None | Some(0) if shows => return Some(CardsRefusal::LiveWithoutCards { player }),
        got => got.unwrap_or(0),
    };
    if shows && got != want {
        Some(CardsRefusal::HoleAtShowdown {
            player,
            variant,
            want,
            got,
        })
    } else {
        (!shows && got > want).then_some(CardsRefusal::HoleTooMany {
            player,
            variant,
            want,
            got,
        })
    }
}

/// The list `boards` of `count` boards (RULES.md §9.1): not beside
/// `board`, only in a board game (`v`, when known), at least one and at
/// most [`MAX_LISTED_BOARDS`]. The first refusal only: each makes the
/// boards unreadable.
pub fn boards_refusal(v: Option<&Variant>, count: usize, with_board: bool) -> Option<CardsRefusal> {
    if with_board {
        Some(CardsRefusal::BoardAndBoards)
    } else if let Some(v) = v.filter(|v| v.board_cards == 0) {
        Some(CardsRefusal::BoardsWithoutBoard(v.id.as_str()))
    } else if count == 0 {
        Some(CardsRefusal::NoBoards)
    } else {
        (count > MAX_LISTED_BOARDS).then_some(CardsRefusal::TooManyBoards(count))
    }
}

/// Several boards of `sizes` cards, sharing their first `shared`, for
/// `players` players of the game `v`: one deck deals every hole card, the
/// shared part once and each board's run-out. One board is the one-board
/// hand, judged by [`board_refusal`].
pub fn boards_deck_refusal(
    v: &Variant,
    players: usize,
    sizes: &[usize],
    shared: usize,
) -> Option<CardsRefusal> {
    if sizes.len() < 2 {
        return None;
    }
    let deck = if v.short_deck { 36 } else { 52 };
    let holes = players.saturating_mul(v.hole_cards);
    let run_outs: usize = sizes
        .iter()
        .map(|&b| b.min(v.board_cards).saturating_sub(shared))
        .sum();
    let needed = holes.saturating_add(shared).saturating_add(run_outs);
    (needed > deck).then_some(CardsRefusal::BoardsOverDeck {
        boards: sizes.len(),
        needed,
        players,
        holes: v.hole_cards,
        deck,
    })
}
