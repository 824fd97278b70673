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
    ///
    /// Sides follow RULES.md §4 (the odd-chip house rules): in the two-hand games the
    /// five-card hand (badacey, badeucy, razzdugi), the draw hand (dramaha)
    /// and the Omaha hand (sohe) are the high side.
    pub fn variant(self) -> Variant {
        use Family::{Board, Draw, Stud};
        use HandKind::*;
        // (family, hole, board, high, low, qualifier, short deck)
        let (family, hole_cards, board_cards, high, low, low_qualifier, short_deck) = match self {
            VariantId::Holdem => (Board, 2, 5, High, None, false, false),
            VariantId::ShortDeck => (Board, 2, 5, ShortDeckHigh, None, false, true),
            VariantId::Omaha => (Board, 4, 5, OmahaHigh, None, false, false),
            VariantId::Omaha5 => (Board, 5, 5, OmahaHigh, None, false, false),
            VariantId::Omaha6 => (Board, 6, 5, OmahaHigh, None, false, false),
            VariantId::OmahaHiLo => (Board, 4, 5, OmahaHigh, Some(OmahaLow8), true, false),
            VariantId::Omaha5HiLo => (Board, 5, 5, OmahaHigh, Some(OmahaLow8), true, false),
            VariantId::Stud => (Stud, 7, 0, High, None, false, false),
            VariantId::StudHiLo => (Stud, 7, 0, High, Some(Low8), true, false),
            VariantId::Razz => (Stud, 7, 0, AceToFiveLow, None, false, false),
            VariantId::FiveCardDraw => (Draw, 5, 0, High, None, false, false),
            VariantId::DeuceToSeven => (Draw, 5, 0, DeuceToSevenLow, None, false, false),
            VariantId::AceToFive => (Draw, 5, 0, AceToFiveLow, None, false, false),
            VariantId::Badugi => (Draw, 4, 0, Badugi, None, false, false),
            VariantId::Badacey => (Draw, 5, 0, AceToFiveLow, Some(Badugi), false, false),
            VariantId::Badeucy => (
                Draw,
                5,
                0,
                DeuceToSevenLow,
                Some(BadugiAceHigh),
                false,
                false,
            ),
            VariantId::Razzdugi => (Stud, 7, 0, AceToFiveLow, Some(Badugi), false, false),
            VariantId::Dramaha => (Board, 5, 5, High, Some(OmahaHigh), false, false),
            VariantId::Sohe => (Board, 6, 5, OmahaHigh, Some(High), false, false),
        };
        Variant {
            id: self,
            family,
            button: family != Stud,
            hole_cards,
            board_cards,
            high,
            low,
            low_qualifier,
            short_deck,
        }
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

impl HandKind {
    /// Whether the hand is a lowball hand (the lowest card takes a stud odd
    /// chip under Robert's 3.7.x, RULES.md §4).
    pub fn is_lowball(self) -> bool {
        !matches!(
            self,
            HandKind::High | HandKind::ShortDeckHigh | HandKind::OmahaHigh
        )
    }

    /// Whether the ace plays low in this hand (ace-to-five lows, badugi).
    pub fn ace_low(self) -> bool {
        matches!(
            self,
            HandKind::OmahaLow8 | HandKind::Low8 | HandKind::AceToFiveLow | HandKind::Badugi
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_api_id_has_a_table_entry_that_round_trips() {
        for id in VariantId::ALL {
            let v = id.variant();
            assert_eq!(v.id, id);
            assert_eq!(id.as_str().parse::<VariantId>().unwrap(), id);
            assert_eq!(v.button, v.family != Family::Stud, "{id}");
            assert_eq!(
                v.low_qualifier,
                matches!(v.low, Some(HandKind::Low8 | HandKind::OmahaLow8)),
                "{id}"
            );
        }
    }

    #[test]
    fn odd_chip_house_rules_high_side_of_two_hand_games() {
        assert_eq!(VariantId::Badacey.variant().high, HandKind::AceToFiveLow);
        assert_eq!(VariantId::Badeucy.variant().high, HandKind::DeuceToSevenLow);
        assert_eq!(VariantId::Razzdugi.variant().low, Some(HandKind::Badugi));
        assert_eq!(VariantId::Dramaha.variant().high, HandKind::High);
        assert_eq!(VariantId::Sohe.variant().high, HandKind::OmahaHigh);
    }
}
