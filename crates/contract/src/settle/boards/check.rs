//! The 422 checks of `boards` (RULES.md §9, API.md "several boards"): a
//! hand played out on several boards, in deal order, which may share their
//! first cards.

use crate::deck::Deck;
use crate::problems::Problems;
use crate::settle::dto::SettleRequest;
use showdown_cards::{Card, CardAt, Variant};
use showdown_core::{
    board_refusal, boards_deck_refusal, boards_refusal, CardsAt, CardsRefusal, MAX_LISTED_BOARDS,
};

/// The card strings `boards` holds, for sizing the card table once; none
/// when the request has too many boards to be looked at.
pub(crate) fn card_count(req: &SettleRequest) -> usize {
    match &req.boards {
        Some(boards) if boards.len() <= MAX_LISTED_BOARDS => boards.iter().map(Vec::len).sum(),
        _ => 0,
    }
}

/// RULES.md §9.1: the first part the boards share, the same cards at the
/// same places on every board (dealt before the run-out). A malformed card
/// ends it.
fn shared_len(parsed: &[Vec<Option<Card>>]) -> usize {
    let Some((first, rest)) = parsed.split_first() else {
        return 0;
    };
    first
        .iter()
        .enumerate()
        .take_while(|&(j, c)| c.is_some() && rest.iter().all(|b| b.get(j) == Some(c)))
        .count()
}

/// The board cards every board of the request shares, as sent (RULES.md
/// §9.1, before the cards are parsed): a single board's whole length, or
/// the first cards all boards have in common.
pub(crate) fn shared_cards(req: &SettleRequest) -> usize {
    match (&req.boards, &req.board) {
        (Some(boards), _) => {
            let Some(first) = boards.first() else {
                return 0;
            };
            (0..first.len())
                .take_while(|&i| boards.iter().all(|b| b.get(i) == first.get(i)))
                .count()
        }
        (None, Some(board)) => board.len(),
        (None, None) => 0,
    }
}

/// Checks `boards` (present in `req`): not with `board`, only in board
/// games, at most `MAX_LISTED_BOARDS`, each well formed and of the variant's
/// size at a showdown, no card twice outside the shared first part, and no
/// more boards than the deck can deal for the players in the hand. Each
/// board's cards go into `deck` in full, and where each ends into `ends`.
pub(crate) fn check(
    req: &SettleRequest,
    table: Option<&Variant>,
    contested: bool,
    p: &mut Problems,
    deck: &mut Deck,
    ends: &mut Vec<usize>,
) {
    let Some(boards) = &req.boards else {
        return;
    };
    ends.push(deck.cards.len());
    let refusal = boards_refusal(table, boards.len(), req.board.is_some());
    if refusal.is_some() {
        return refused(p, refusal);
    }
    let parsed: Vec<Vec<Option<Card>>> = boards
        .iter()
        .enumerate()
        .map(|(board, cards)| {
            let at = |index| CardAt::Boards { board, index };
            let parse = |(j, s): (usize, &String)| deck.parse(p, at(j), s);
            cards.iter().enumerate().map(parse).collect()
        })
        .collect();
    let shared = shared_len(&parsed);
    ends.clear();
    for (board, cards) in parsed.iter().enumerate() {
        for (index, c) in cards.iter().enumerate() {
            match c {
                // The shared first part is dealt once: a copy, not a repeat.
                Some(c) if board > 0 && index < shared => deck.cards.push(*c),
                Some(c) => deck.record(p, CardAt::Boards { board, index }, *c),
                None => {}
            }
        }
        ends.push(deck.cards.len());
    }
    if let Some(t) = table {
        sizes(req, t, contested, shared, p);
    }
}

/// RULES.md §9.1, API.md: every board has the variant's board size at a
/// showdown, and no more boards than the deck can deal for the players in
/// the hand.
fn sizes(req: &SettleRequest, t: &Variant, contested: bool, shared: usize, p: &mut Problems) {
    let sizes: Vec<usize> = req.boards.iter().flatten().map(Vec::len).collect();
    for (b, &got) in sizes.iter().enumerate() {
        refused(p, board_refusal(t, CardsAt::OneBoard(b), got, contested));
    }
    refused(p, boards_deck_refusal(t, req.players.len(), &sizes, shared));
}

/// A refusal of the core's `cards_refusal` at its pointer.
pub(crate) fn refused(p: &mut Problems, refusal: Option<CardsRefusal>) {
    if let Some(r) = refusal {
        let pointer = match r.at() {
            CardsAt::Board => "/board".to_string(),
            CardsAt::Boards => "/boards".to_string(),
            CardsAt::OneBoard(b) => format!("/boards/{b}"),
            CardsAt::Player(i) => format!("/players/{i}/cards"),
        };
        p.push(pointer, r.to_string());
    }
}
