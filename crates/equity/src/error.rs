//! Why a deal cannot be enumerated. Each error names the player, card or
//! pot at fault, so that the server can point at the field (a 422 with a
//! JSON pointer).

use crate::refusal::EquityRefusal;
use showdown_cards::{Card, NotInShortDeck};

/// Where a card was given: its list and its index there.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardAt {
    /// `hands[player][index]`.
    Hand { player: usize, index: usize },
    /// `board[index]`.
    Board { index: usize },
    /// `dead[index]`.
    Dead { index: usize },
}

/// A deal the engine refuses (RULES.md §10).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EquityError {
    /// The game, the board, a player's hole cards or the deck, refused by
    /// the rule the equity route's 422 words too.
    #[error("{0}")]
    Refused(EquityRefusal),
    /// An equity is between players: one alone has nothing to share.
    #[error("at least two players are needed, got {0}")]
    TooFewPlayers(usize),
    /// Pots are sets of up to [`crate::MAX_PLAYERS`] players.
    #[error("at most {max} players, got {got}")]
    TooManyPlayers { max: usize, got: usize },
    /// A card under six in short deck.
    #[error("{}", NotInShortDeck(*card))]
    NotInDeck { card: Card, at: CardAt },
    /// The same card twice among the hands, the board and the dead cards.
    #[error("{card} is given twice")]
    Duplicate {
        card: Card,
        first: CardAt,
        second: CardAt,
    },
    /// A pot with no eligible player.
    #[error("pot {pot} has no eligible player")]
    EmptyPot { pot: usize },
    /// A pot names a player who has no hand.
    #[error("pot {pot} names player {player}, who has no hand")]
    PotPlayer { pot: usize, player: usize },
}
