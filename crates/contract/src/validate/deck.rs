//! The deck of a request as its cards are read: where each card was first
//! seen, so a duplicate names its first copy by pointer.

use crate::problems::card_twice;
use crate::problems::Problems;
use showdown_cards::{read_card, short_deck_refusal, Card};

/// Whose card it is: where a pointer to it leads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Owner {
    /// `board`.
    Board,
    /// Board `b` of `boards`.
    Boards(usize),
    /// Request player `i`.
    Player(usize),
    /// `dead` (the equity route): cards known to be out of the deck.
    Dead,
}

impl Owner {
    /// The pointer of card `j` of this owner.
    pub(crate) fn ptr(self, j: usize) -> String {
        match self {
            Owner::Board => format!("/board/{j}"),
            Owner::Boards(b) => format!("/boards/{b}/{j}"),
            Owner::Player(i) => format!("/players/{i}/cards/{j}"),
            Owner::Dead => format!("/dead/{j}"),
        }
    }
}

/// The cards seen so far: each parsed card in order, and where each card of
/// the deck was first seen (set the first time; the pointer of a
/// duplicate's first copy is made only for its problem). Each card string
/// is looked at once, so a body of thousands of copies costs no more than
/// thousands of cards.
pub(crate) struct Deck {
    pub(crate) short_deck: bool,
    pub(crate) first: [Option<(Owner, usize)>; 52],
    pub(crate) cards: Vec<Card>,
}

impl Deck {
    /// An empty deck of the variant: 52 cards, or 36 in short deck.
    pub(crate) fn new(short_deck: bool) -> Deck {
        Deck {
            short_deck,
            first: [None; 52],
            cards: Vec::new(),
        }
    }

    /// Parses a card string: a well-formed card of the variant's deck, or a
    /// problem at the card's pointer.
    pub(crate) fn parse(&self, p: &mut Problems, owner: Owner, j: usize, s: &str) -> Option<Card> {
        match read_card(s) {
            Err(e) => p.push(owner.ptr(j), e.to_string()),
            Ok(c) => match short_deck_refusal(c, self.short_deck) {
                Some(r) => p.push(owner.ptr(j), r.to_string()),
                None => return Some(c),
            },
        }
        None
    }

    /// Records a parsed card: kept if it is its first copy, else a problem
    /// naming the first copy.
    pub(crate) fn record(&mut self, p: &mut Problems, owner: Owner, j: usize, c: Card) {
        match self.first[usize::from(c.index())] {
            Some((o, k)) => p.push(owner.ptr(j), card_twice(c, &o.ptr(k))),
            None => {
                self.first[usize::from(c.index())] = Some((owner, j));
                self.cards.push(c);
            }
        }
    }

    /// Parses and records one card string.
    pub(crate) fn take(&mut self, p: &mut Problems, owner: Owner, j: usize, s: &str) {
        if let Some(c) = self.parse(p, owner, j, s) {
            self.record(p, owner, j, c);
        }
    }
}
