//! Cards in the two-character form of the contract (`"Ah"`, `"Tc"`).

use std::fmt;
use std::str::FromStr;

/// A suit. The derived order is the bridge order of TDA 19 and Robert's 3.7.1
/// (clubs < diamonds < hearts < spades); it breaks ties for odd chips and
/// draws, never for a pot.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    Clubs = 0,
    Diamonds = 1,
    Hearts = 2,
    Spades = 3,
}

/// A rank, numbered as in play (`Two` = 2 … `Ace` = 14).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rank {
    Two = 2,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

/// One card, stored as its index (rank-major, see [`Card::index`]): one
/// byte, so the evaluators' per-card work is one load and one table read
/// (`benches/eval.rs`: building a 7-card key from rank and suit fields was
/// half the cost of ranking a hand). The order is rank, then suit, as the
/// index runs.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Card")
            .field("rank", &self.rank())
            .field("suit", &self.suit())
            .finish()
    }
}

/// Why a string is not a card.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CardError {
    #[error("a card is two characters, rank then suit (e.g. \"Ah\"), got {0:?}")]
    Length(String),
    #[error("unknown rank {0:?}: use 2-9, T, J, Q, K, A")]
    Rank(char),
    #[error("unknown suit {0:?}: use s, h, d, c")]
    Suit(char),
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    pub fn from_char(c: char) -> Result<Suit, CardError> {
        match c {
            's' => Ok(Suit::Spades),
            'h' => Ok(Suit::Hearts),
            'd' => Ok(Suit::Diamonds),
            'c' => Ok(Suit::Clubs),
            other => Err(CardError::Suit(other)),
        }
    }

    pub fn to_char(self) -> char {
        match self {
            Suit::Spades => 's',
            Suit::Hearts => 'h',
            Suit::Diamonds => 'd',
            Suit::Clubs => 'c',
        }
    }
}

impl Rank {
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// 2 … 14.
    pub fn value(self) -> u8 {
        self as u8
    }

    pub fn from_char(c: char) -> Result<Rank, CardError> {
        Ok(match c {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' => Rank::Ten,
            'J' => Rank::Jack,
            'Q' => Rank::Queen,
            'K' => Rank::King,
            'A' => Rank::Ace,
            other => return Err(CardError::Rank(other)),
        })
    }

    pub fn to_char(self) -> char {
        b"23456789TJQKA"[(self as usize) - 2] as char
    }
}

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card((rank as u8 - 2) * 4 + suit as u8)
    }

    pub fn rank(self) -> Rank {
        Rank::ALL[usize::from(self.0 / 4)]
    }

    pub fn suit(self) -> Suit {
        Suit::ALL[usize::from(self.0 % 4)]
    }

    /// 0 … 51, rank-major (`2c` = 0, `As` = 51): a compact index for tables.
    #[inline(always)]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The card of an index (panics over 51).
    pub fn from_index(i: u8) -> Card {
        assert!(i < 52, "a card index is 0 to 51, got {i}");
        Card(i)
    }
}

impl FromStr for Card {
    type Err = CardError;
    fn from_str(s: &str) -> Result<Card, CardError> {
        let mut chars = s.chars();
        match (chars.next(), chars.next(), chars.next()) {
            (Some(r), Some(su), None) => Ok(Card::new(Rank::from_char(r)?, Suit::from_char(su)?)),
            _ => Err(CardError::Length(s.to_string())),
        }
    }
}

/// Every card's two-character form, by [`Card::index`].
#[rustfmt::skip]
const CARD_NAMES: [&str; 52] = [
    "2c", "2d", "2h", "2s", "3c", "3d", "3h", "3s", "4c", "4d", "4h", "4s", "5c",
    "5d", "5h", "5s", "6c", "6d", "6h", "6s", "7c", "7d", "7h", "7s", "8c", "8d",
    "8h", "8s", "9c", "9d", "9h", "9s", "Tc", "Td", "Th", "Ts", "Jc", "Jd", "Jh",
    "Js", "Qc", "Qd", "Qh", "Qs", "Kc", "Kd", "Kh", "Ks", "Ac", "Ad", "Ah", "As",
];

impl Card {
    /// The two-character form (`"Ah"`) without formatting machinery: the
    /// service writes five of these for every hand it describes.
    pub fn as_str(self) -> &'static str {
        CARD_NAMES[self.index() as usize]
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Parse a list of cards; the error carries the index of the first bad one.
pub fn parse_cards<S: AsRef<str>>(cards: &[S]) -> Result<Vec<Card>, (usize, CardError)> {
    cards
        .iter()
        .enumerate()
        .map(|(i, s)| s.as_ref().parse().map_err(|e| (i, e)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_card_round_trips_through_its_two_characters() {
        for i in 0..52 {
            let c = Card::from_index(i);
            assert_eq!(c.index(), i);
            assert_eq!(c.to_string().parse::<Card>().unwrap(), c);
            let chars = format!("{}{}", c.rank().to_char(), c.suit().to_char());
            assert_eq!(c.as_str(), chars, "the name table is in index order");
        }
    }

    #[test]
    fn robert_3_7_1_suits_rank_spades_hearts_diamonds_clubs() {
        assert!(Suit::Spades > Suit::Hearts);
        assert!(Suit::Hearts > Suit::Diamonds);
        assert!(Suit::Diamonds > Suit::Clubs);
    }

    #[test]
    fn malformed_cards_are_errors_not_panics() {
        assert_eq!("A".parse::<Card>(), Err(CardError::Length("A".into())));
        assert_eq!("1h".parse::<Card>(), Err(CardError::Rank('1')));
        assert_eq!("Ax".parse::<Card>(), Err(CardError::Suit('x')));
        assert_eq!("Ahh".parse::<Card>(), Err(CardError::Length("Ahh".into())));
        assert_eq!(parse_cards(&["As", "zz"]).unwrap_err().0, 1);
    }
}
