//! The equities a request may not ask for (RULES.md §10.1; API.md,
//! `POST /v1/equity`): the game, the board, how many players and their
//! hole cards, and a deck that can complete the board, each decided and
//! worded once, here, with its place. The contract only turns each
//! [`EquityAt`] into a pointer; [`crate::enumerate`] refuses by the same
//! rules where the engine and the route share one.

use showdown_cards::VariantId;

/// The most players an equity request may list (API.md): fewer than the
/// engine takes ([`crate::MAX_PLAYERS`]), to bound the route's work.
pub const MAX_REQUEST_PLAYERS: usize = 9;

/// Where an equity refusal lies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EquityAt {
    Variant,
    Board,
    /// The players as a whole.
    Players,
    /// Player `.0`'s hole cards.
    Cards(usize),
}

/// Why an equity is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EquityRefusal {
    #[error("equity is computed for holdem, short-deck, omaha, omaha-5, omaha-6, omaha-hi-lo and omaha-5-hi-lo, not {0}")]
    Game(VariantId),
    #[error("the board has 0 (before the flop), 3 (the flop) or 4 (the turn) cards, got {0}")]
    BoardCards(usize),
    #[error("an equity needs 2 to {MAX_REQUEST_PLAYERS} players, got {0}")]
    Players(usize),
    #[error("{variant} deals {want} hole cards, got {got}")]
    HoleCards {
        player: usize,
        variant: VariantId,
        want: usize,
        got: usize,
    },
    /// `known` cards are out of a deck of `size`, and the board needs
    /// `need` more.
    #[error("the deck runs out: {known} known cards leave {} of {size}, and the board needs {need} more", size - known.min(size))]
    DeckRunsOut {
        known: usize,
        size: usize,
        need: usize,
    },
}

impl EquityRefusal {
    /// Where the refusal lies.
    pub fn at(&self) -> EquityAt {
        match self {
            EquityRefusal::Game(_) => EquityAt::Variant,
            EquityRefusal::BoardCards(_) => EquityAt::Board,
            EquityRefusal::Players(_) | EquityRefusal::DeckRunsOut { .. } => EquityAt::Players,
            EquityRefusal::HoleCards { player, .. } => EquityAt::Cards(*player),
        }
    }
}

/// The games of RULES.md §10.1: the hole cards each deals, `None` for a
/// game whose equity is not computed.
pub fn equity_game(variant: VariantId) -> Option<usize> {
    crate::GAMES
        .contains(&variant)
        .then(|| variant.variant().hole_cards)
}

/// The refusal of a game other than §10.1's.
pub fn game_refusal(variant: VariantId) -> Option<EquityRefusal> {
    equity_game(variant)
        .is_none()
        .then_some(EquityRefusal::Game(variant))
}

/// Before the flop, the flop or the turn (RULES.md §10.2).
pub fn board_refusal(cards: usize) -> Option<EquityRefusal> {
    (!matches!(cards, 0 | 3 | 4)).then_some(EquityRefusal::BoardCards(cards))
}

/// 2 to [`MAX_REQUEST_PLAYERS`] players.
pub fn players_refusal(n: usize) -> Option<EquityRefusal> {
    (!(2..=MAX_REQUEST_PLAYERS).contains(&n)).then_some(EquityRefusal::Players(n))
}

/// Player `player`'s `got` hole cards, where the game deals its own count.
pub fn hole_cards_refusal(player: usize, variant: VariantId, got: usize) -> Option<EquityRefusal> {
    let want = equity_game(variant)?;
    (got != want).then_some(EquityRefusal::HoleCards {
        player,
        variant,
        want,
        got,
    })
}

/// The deck (36 cards in short deck, else 52) less the `known` cards must
/// complete a board of `board` cards to five.
pub fn deck_refusal(known: usize, short_deck: bool, board: usize) -> Option<EquityRefusal> {
    let size = if short_deck { 36 } else { 52 };
    let need = 5usize.saturating_sub(board);
    (known + need > size).then_some(EquityRefusal::DeckRunsOut { known, size, need })
}
