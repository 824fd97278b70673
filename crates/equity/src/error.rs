//! Why a deal cannot be enumerated. Each error names the player, card or
//! pot at fault, so that the server can point at the field (a 422 with a
//! JSON pointer).

use crate::refusal::EquityRefusal;
use showdown_cards::{Card, CardAt, CardTwice, NotInShortDeck};

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
    /// The same card twice among the board, the hands and the dead cards.
    #[error(transparent)]
    Twice(#[from] CardTwice),
    /// A pot with no eligible player.
    #[error("pot {pot} has no eligible player")]
    EmptyPot { pot: usize },
    /// A pot names a player who has no hand.
    #[error("pot {pot} names player {player}, who has no hand")]
    PotPlayer { pot: usize, player: usize },
    /// The caller raised its stop flag before the walk ended (its request
    /// timed out or went away), so no answer is owed.
    #[error("the enumeration was stopped before it ended")]
    Stopped,
}
