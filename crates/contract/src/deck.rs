//! The deck of a request as its cards are read: each card well formed, in
//! the variant's deck, and given once (the cards crate decides and words
//! all three); here each refusal gets its pointer.

use crate::problems::Problems;
use showdown_cards::{read_card, short_deck_refusal, Card, CardAt, Seen};

/// The pointer of a card's place in a request: the settle, equity and
/// chip-race routes' lists, and the only hand given on its own, a bad
/// beat's minimum losing hand.
pub(crate) fn card_pointer(at: CardAt) -> String {
    match at {
        CardAt::Board { index } => format!("/board/{index}"),
        CardAt::Boards { board, index } => format!("/boards/{board}/{index}"),
        CardAt::Hand { player, index } => format!("/players/{player}/cards/{index}"),
        CardAt::Lone { index } => format!("/badBeat/minLosingHand/{index}"),
        CardAt::Dead { index } => format!("/dead/{index}"),
    }
}

/// The cards read so far: each first copy in order, and where each card
/// was first seen (its pointer is made only for a refusal). Each card
/// string is looked at once, so a body of thousands of copies costs no
/// more than thousands of cards.
pub(crate) struct Deck {
    short_deck: bool,
    seen: Seen,
    pub(crate) cards: Vec<Card>,
    /// Where a place points in the request ([`card_pointer`] unless a
    /// route lists its cards otherwise).
    pub(crate) pointer: fn(CardAt) -> String,
}

impl Deck {
    /// An empty deck of the variant: 52 cards, or 36 in short deck.
    pub(crate) fn new(short_deck: bool) -> Deck {
        Deck {
            short_deck,
            seen: Seen::default(),
            cards: Vec::new(),
            pointer: card_pointer,
        }
    }

    /// Parses a card string: a well-formed card of the variant's deck, or a
    /// problem at the card's pointer.
    pub(crate) fn parse(&self, p: &mut Problems, at: CardAt, s: &str) -> Option<Card> {
        match read_card(s) {
            Err(e) => p.push((self.pointer)(at), e.to_string()),
            Ok(c) => match short_deck_refusal(c, self.short_deck) {
                Some(r) => p.push((self.pointer)(at), r.to_string()),
                None => return Some(c),
            },
        }
        None
    }

    /// Records a parsed card: kept if it is its first copy, else refused
    /// at this copy's pointer, naming the first's.
    pub(crate) fn record(&mut self, p: &mut Problems, at: CardAt, c: Card) {
        match self.seen.read(c, at) {
            Ok(()) => self.cards.push(c),
            Err(twice) => {
                let twice = twice.map(self.pointer);
                p.push(twice.again.clone(), twice.to_string());
            }
        }
    }

    /// Parses and records one card string: the card, if well formed and
    /// in the deck (a repeated one too).
    pub(crate) fn take(&mut self, p: &mut Problems, at: CardAt, s: &str) -> Option<Card> {
        let c = self.parse(p, at, s)?;
        self.record(p, at, c);
        Some(c)
    }
}
