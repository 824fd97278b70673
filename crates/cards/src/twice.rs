//! A card given twice in one deal, decided and worded once, here, for
//! every reader of cards: the contract's checks of a request, the core's
//! draws and chip races, the equity engine and the evaluator. Each says
//! where a card lies as a [`CardAt`]; the later copy is refused, naming
//! the first, and a caller with places of its own (the contract: JSON
//! Pointers) turns both into them with [`CardTwice::map`].

use crate::card::Card;
use std::fmt;

/// Where a card lies in a deal: which cards it is among, and its index
/// there (from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CardAt {
    /// The board (the one being read, where a hand has several).
    Board { index: usize },
    /// Board `board` of several (a hand run out more than once).
    Boards { board: usize, index: usize },
    /// Player `player`'s cards.
    Hand { player: usize, index: usize },
    /// A hand given on its own: the cards the evaluator ranks, a bad
    /// beat's minimum losing hand.
    Lone { index: usize },
    /// Cards known to be out of the deck.
    Dead { index: usize },
}

impl fmt::Display for CardAt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CardAt::Board { index } => write!(f, "board card {index}"),
            CardAt::Boards { board, index } => write!(f, "board {board} card {index}"),
            CardAt::Hand { player, index } => write!(f, "player {player} card {index}"),
            CardAt::Lone { index } => write!(f, "hand card {index}"),
            CardAt::Dead { index } => write!(f, "dead card {index}"),
        }
    }
}

/// A card given twice: the later copy (`again`) is refused, naming the
/// first. `P` is where a card lies: a [`CardAt`], or a caller's own place
/// for it (a JSON Pointer).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("card {card} appears more than once (first at {first})")]
pub struct CardTwice<P = CardAt> {
    pub card: Card,
    pub first: P,
    pub again: P,
}

impl<P> CardTwice<P> {
    /// The same refusal with both places given as `place` says.
    pub fn map<Q>(self, place: impl Fn(P) -> Q) -> CardTwice<Q> {
        CardTwice {
            card: self.card,
            first: place(self.first),
            again: place(self.again),
        }
    }
}

/// The cards of one deal read so far, and where each one's first copy
/// lies: one slot a card, so reading a deal costs one look a card.
#[derive(Debug, Clone)]
pub struct Seen {
    first: [Option<CardAt>; 52],
}

impl Default for Seen {
    fn default() -> Seen {
        Seen { first: [None; 52] }
    }
}

impl Seen {
    /// `card`, read at `at`: recorded if it is its first copy, else the
    /// refusal of this one.
    pub fn read(&mut self, card: Card, at: CardAt) -> Result<(), CardTwice> {
        let slot = &mut self.first[usize::from(card.index())];
        match *slot {
            Some(first) => Err(CardTwice {
                card,
                first,
                again: at,
            }),
            None => {
                *slot = Some(at);
                Ok(())
            }
        }
    }

    /// Whether `card` has been read.
    pub fn holds(&self, card: Card) -> bool {
        self.first[usize::from(card.index())].is_some()
    }
}

/// The first card given twice among `lists`, read in order; card `index`
/// of list `list` lies at `at(list, index)`. A bit a card while looking,
/// so the evaluator's check costs no table and no place is made but a
/// refusal's.
pub fn first_twice(lists: &[&[Card]], at: impl Fn(usize, usize) -> CardAt) -> Option<CardTwice> {
    let mut seen = 0u64;
    for (list, cards) in lists.iter().enumerate() {
        for (index, &card) in cards.iter().enumerate() {
            let bit = 1u64 << card.index();
            if seen & bit != 0 {
                let mut copies = (lists.iter().enumerate())
                    .flat_map(|(l, cards)| cards.iter().position(|&c| c == card).map(|i| (l, i)));
                let (l, i) = copies.next()?;
                let (first, again) = (at(l, i), at(list, index));
                return Some(CardTwice { card, first, again });
            }
            seen |= bit;
        }
    }
    None
}

/// `cards`, each with its place: `at(index)`.
pub fn placed<'a, F>(cards: &'a [Card], at: F) -> impl Iterator<Item = (CardAt, Card)> + Clone + 'a
where
    F: Fn(usize) -> CardAt + Clone + 'a,
{
    (cards.iter().enumerate()).map(move |(index, &c)| (at(index), c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;

    /// The later copy is refused, naming the first, in its own place or
    /// the caller's.
    #[test]
    fn the_later_copy_is_refused_naming_the_first() {
        let hand = parse_cards(&["Ah", "Kd"]).unwrap();
        let board = parse_cards(&["2c", "Kd", "9s"]).unwrap();
        let at = |list, index| match list {
            0 => CardAt::Board { index },
            player => CardAt::Hand { player, index },
        };
        let twice = first_twice(&[&board, &hand], at).unwrap();
        assert_eq!(
            twice.to_string(),
            "card Kd appears more than once (first at board card 1)"
        );
        assert_eq!(
            twice.again,
            CardAt::Hand {
                player: 1,
                index: 1
            }
        );
        let pointer = twice.map(|at| match at {
            CardAt::Board { index } => format!("/board/{index}"),
            _ => "/players".to_string(),
        });
        assert_eq!(
            pointer.to_string(),
            "card Kd appears more than once (first at /board/1)"
        );
        assert_eq!(first_twice(&[&hand, &board[..1]], at), None);
    }
}
