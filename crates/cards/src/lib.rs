//! Cards and hand evaluation for every variant of the Showdown contract.
//!
//! This crate knows cards and hands, never chips or players: the settlement
//! core compares the values it produces, the server parses requests with it.
//!
//! INTERFACE CONTRACT (relied on by `showdown-core` and `showdown-server`):
//! - [`Card`], [`Rank`], [`Suit`] with `FromStr`/`Display` in the two-character
//!   form (`"Ah"`, `"Tc"`), suits ordered spades > hearts > diamonds > clubs.
//! - [`VariantId`] (serde-free; `as_str`/`FromStr` with the API ids) and
//!   [`Variant`] (the table entry: family, button, card counts, sides).
//! - [`rank_showdown`]: a live player's cards to the [`HandRank`] of each side.
//! - [`stud_odd_chip_key`]: the stud odd-chip key for one side (RULES.md §4).

pub mod card;
pub mod hand;
pub mod variant;

pub use card::{parse_cards, Card, CardError, Rank, Suit};
pub use hand::{HandRank, Rulebook, Showdown, Side};
pub use variant::{Family, HandKind, Variant, VariantId};

/// Why a player's cards could not be ranked for a variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The hole cards are not the count the variant deals at showdown.
    #[error("{variant} needs {expected} cards per player, got {got}")]
    HoleCount {
        variant: &'static str,
        expected: usize,
        got: usize,
    },
    /// The board is not the count the variant needs at showdown.
    #[error("{variant} needs {expected} board cards, got {got}")]
    BoardCount {
        variant: &'static str,
        expected: usize,
        got: usize,
    },
    /// The same card appears twice among the hole cards and the board.
    #[error("card {0} appears more than once")]
    Duplicate(Card),
    /// A card that the variant's deck does not hold (short deck: 2 to 5).
    #[error("card {0} is not in the {1} deck")]
    NotInDeck(Card, &'static str),
}

/// Rank one live player's hand(s) for `variant`.
///
/// `hole` are the player's own cards (stud: all seven), `board` the community
/// cards (empty where the variant has none). Returns the hand of each side:
/// `high` always, `low` for split games (`None` in a high-low game when the
/// player has no qualifying low).
pub fn rank_showdown(variant: VariantId, hole: &[Card], board: &[Card]) -> Result<Showdown, EvalError> {
    let _ = (variant, hole, board);
    todo!("cards helper implements")
}

/// The stud odd-chip key of a player's hand on one side: the player with the
/// greater key receives an odd chip first (RULES.md §4, "Odd-chip order").
///
/// - `Rulebook::Tda`: the highest card by suit among `hand.cards` (the
///   five-card hand, or the badugi's cards), ranked as the hand ranks them
///   (ace low in a low hand).
/// - `Rulebook::Roberts`: all of `all_cards`; on the high side the highest
///   card by suit, on a lowball side the *lowest* card by suit (aces low,
///   clubs lowest) gets the chip, so its key is inverted.
pub fn stud_odd_chip_key(variant: VariantId, rules: Rulebook, side: Side, hand: &HandRank, all_cards: &[Card]) -> u32 {
    let _ = (variant, rules, side, hand, all_cards);
    todo!("cards helper implements")
}
