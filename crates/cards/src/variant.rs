//! The variant table: everything the contract needs to know about a game id.

use std::fmt;
use std::str::FromStr;

/// Every variant id of API.md.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum VariantId {
    Holdem,
    ShortDeck,
    Omaha,
    Omaha5,
    Omaha6,
    OmahaHiLo,
    Omaha5HiLo,
    Stud,
    StudHiLo,
    Razz,
    FiveCardDraw,
    DeuceToSeven,
    AceToFive,
    Badugi,
    Badacey,
    Badeucy,
    Razzdugi,
    Dramaha,
    Sohe,
}

/// How the game is dealt: decides whether it has a button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Family {
    Board,
    Stud,
    Draw,
}

/// A kind of hand ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandKind {
    /// Best five of the cards (and board), high.
    High,
    /// High with the short-deck order (flush beats full house, A-6-7-8-9 straight).
    ShortDeckHigh,
    /// Exactly two hole cards and three board cards, high.
    OmahaHigh,
    /// Ace-to-five low with an 8-or-better qualifier (Omaha form: two hole + three board).
    OmahaLow8,
    /// Ace-to-five low with an 8-or-better qualifier (best five of seven).
    Low8,
    /// Ace-to-five low, no qualifier (razz, ace-to-five draw, badacey's five-card hand).
    AceToFiveLow,
    /// Deuce-to-seven low (aces high, straights and flushes count).
    DeuceToSevenLow,
    /// Badugi, ace low.
    Badugi,
    /// Badugi, ace high (badeucy).
    BadugiAceHigh,
}

/// One entry of the variant table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub id: VariantId,
    pub family: Family,
    /// Whether odd chips go by the button (board and draw games) or by card (stud).
    pub button: bool,
    /// Cards per live player at showdown.
    pub hole_cards: usize,
    /// Board cards at showdown (0 where there is no board).
    pub board_cards: usize,
    /// The hand of the high side (RULES.md §4).
    pub high: HandKind,
    /// The hand of the low side in split games.
    pub low: Option<HandKind>,
    /// Whether the low side needs a qualifier (8-or-better): without a
    /// qualifying low the high hand scoops.
    pub low_qualifier: bool,
    /// Whether the deck is the 36-card short deck.
    pub short_deck: bool,
}

impl VariantId {
    pub const ALL: [VariantId; 19] = [
        VariantId::Holdem,
        VariantId::ShortDeck,
        VariantId::Omaha,
        VariantId::Omaha5,
        VariantId::Omaha6,
        VariantId::OmahaHiLo,
        VariantId::Omaha5HiLo,
        VariantId::Stud,
        VariantId::StudHiLo,
        VariantId::Razz,
        VariantId::FiveCardDraw,
        VariantId::DeuceToSeven,
        VariantId::AceToFive,
        VariantId::Badugi,
        VariantId::Badacey,
        VariantId::Badeucy,
        VariantId::Razzdugi,
        VariantId::Dramaha,
        VariantId::Sohe,
    ];

    /// The id as API.md spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            VariantId::Holdem => "holdem",
            VariantId::ShortDeck => "short-deck",
            VariantId::Omaha => "omaha",
            VariantId::Omaha5 => "omaha-5",
            VariantId::Omaha6 => "omaha-6",
            VariantId::OmahaHiLo => "omaha-hi-lo",
            VariantId::Omaha5HiLo => "omaha-5-hi-lo",
            VariantId::Stud => "stud",
            VariantId::StudHiLo => "stud-hi-lo",
            VariantId::Razz => "razz",
            VariantId::FiveCardDraw => "five-card-draw",
            VariantId::DeuceToSeven => "deuce-to-seven",
            VariantId::AceToFive => "ace-to-five",
            VariantId::Badugi => "badugi",
            VariantId::Badacey => "badacey",
            VariantId::Badeucy => "badeucy",
            VariantId::Razzdugi => "razzdugi",
            VariantId::Dramaha => "dramaha",
            VariantId::Sohe => "sohe",
        }
    }

    /// The table entry of this id.
    pub fn variant(self) -> Variant {
        todo!("cards helper implements the table")
    }
}

/// An id that is not one of API.md's.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown variant {0:?}")]
pub struct UnknownVariant(pub String);

impl FromStr for VariantId {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        VariantId::ALL
            .into_iter()
            .find(|v| v.as_str() == s)
            .ok_or_else(|| UnknownVariant(s.to_string()))
    }
}

impl fmt::Display for VariantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
