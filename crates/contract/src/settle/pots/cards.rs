//! Cards of a settle request: each well formed, in the variant's deck, dealt
//! at most once, and as many as the variant deals.

use crate::deck::Deck;
use crate::problems::Problems;
use crate::settle::boards::check::{self as boards, refused};
use crate::settle::dto::SettleRequest;
use showdown_cards::{Card, CardAt, Variant};
use showdown_core::{board_refusal, hole_refusal, CardsAt};

/// `cards`, or none when there are more than `max`: an over-long list is one
/// problem, so its cards are not parsed one by one (bounds the work a body
/// can ask for).
fn within(cards: &[String], max: Option<usize>) -> &[String] {
    if max.is_some_and(|m| cards.len() > m) {
        &[]
    } else {
        cards
    }
}

/// The parsed cards of a request and where each board's and player's start.
pub(crate) struct Dealt {
    pub(crate) cards: Vec<Card>,
    pub(crate) board_ends: Vec<usize>,
    pub(crate) starts: Vec<usize>,
}

/// Parses every card of the request: well formed, in the deck, each at most
/// once.
pub(crate) fn parse(
    req: &SettleRequest,
    table: Option<&Variant>,
    contested: bool,
    p: &mut Problems,
) -> Dealt {
    let n = req.players.len();
    let mut deck = Deck::new(table.is_some_and(|t| t.short_deck));
    let board_strings: &[String] = req.board.as_deref().unwrap_or(&[]);
    let hole_strings = |i: usize| req.players[i].cards.as_deref().unwrap_or(&[]);
    // More cards than the variant deals is one problem (reported by
    // `counts`), so such a list is not parsed card by card.
    let board_max = table.map(|t| t.board_cards);
    let hole_max = table.map(|t| t.hole_cards);
    deck.cards.reserve(
        board_strings.len()
            + boards::card_count(req)
            + (0..n).map(|i| hole_strings(i).len()).sum::<usize>(),
    );
    let mut board_ends = Vec::with_capacity(req.boards.as_ref().map_or(1, Vec::len));
    if req.boards.is_some() {
        boards::check(req, table, contested, p, &mut deck, &mut board_ends);
    } else {
        for (index, s) in within(board_strings, board_max).iter().enumerate() {
            deck.take(p, CardAt::Board { index }, s);
        }
        board_ends.push(deck.cards.len());
    }
    let mut starts = Vec::with_capacity(n + 1);
    for i in 0..n {
        starts.push(deck.cards.len());
        for (index, s) in within(hole_strings(i), hole_max).iter().enumerate() {
            deck.take(p, CardAt::Hand { player: i, index }, s);
        }
    }
    starts.push(deck.cards.len());
    Dealt {
        cards: deck.cards,
        board_ends,
        starts,
    }
}

/// The card counts the variant `t` deals: the board's and each player's,
/// all of them at a showdown.
pub(crate) fn counts(req: &SettleRequest, t: &Variant, contested: bool, p: &mut Problems) {
    // `boards` is checked on its own (boards/check.rs).
    if req.boards.is_none() {
        board_count(req, t, contested, p);
    }
    hole_counts(req, t, contested, p);
}

/// The count of `board`'s cards.
fn board_count(req: &SettleRequest, t: &Variant, contested: bool, p: &mut Problems) {
    let got = req.board.as_ref().map_or(0, Vec::len);
    refused(p, board_refusal(t, CardsAt::Board, got, contested));
}

/// The count of each player's cards.
fn hole_counts(req: &SettleRequest, t: &Variant, contested: bool, p: &mut Problems) {
    for (i, pl) in req.players.iter().enumerate() {
        let got = pl.cards.as_ref().map(Vec::len);
        refused(p, hole_refusal(t, i, got, contested && !pl.folded));
    }
}
