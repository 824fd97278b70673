//! A ranked hand as the contract reports it (API.md, `handRank`).

use crate::card::Card;

/// One ranked hand of one side.
///
/// `value` compares hands of the same variant and side: higher is better,
/// equal is a tie, always below 2^53 so JavaScript reads it exactly.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandRank {
    /// API.md `type`: 0 High Card … 9 Royal Flush for high hands. Low and
    /// badugi hands use the category of their own table (documented by the
    /// evaluator that makes them).
    pub category: u8,
    /// Readable category, e.g. "Flush", "Wheel", "8-6-4-3-2 low", "4-card badugi".
    pub name: Name,
    /// Readable description, e.g. "Flush, A high", "4-card badugi, 7 high".
    pub description: String,
    /// Higher is better; below 2^53.
    pub value: u64,
    /// The cards that make the hand, most significant first.
    pub cards: Vec<Card>,
}

/// A hand's name: one of a few fixed words ("Flush", "Wheel", "4-card
/// badugi") borrowed, or built ("8-6-4-3-2 low"), so naming a hand does not
/// allocate a copy of a constant.
pub type Name = std::borrow::Cow<'static, str>;

/// The hands a live player shows down: one per side of the variant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Showdown {
    /// The high side (for odd chips, RULES.md §4: the high hand of high-low
    /// games, the five-card hand of badacey/badeucy/razzdugi, the draw hand of
    /// dramaha, the Omaha hand of sohe). Always present.
    pub high: HandRank,
    /// The other side of a split game; `None` in one-hand games, and in a
    /// high-low game when the player has no qualifying low.
    pub low: Option<HandRank>,
}

/// A side of a split pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    High,
    Low,
}

/// The rulebook for stud odd chips (RULES.md §4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Rulebook {
    #[default]
    Tda,
    Roberts,
}
