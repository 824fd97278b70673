//! Validation of `boards` (RULES.md §9, API.md "several boards"): a hand
//! played out on several boards, in deal order, which may share their first
//! cards.

use super::deck::{Deck, Owner};
use crate::problems::Problems;
use crate::settle::SettleRequest;
use showdown_cards::{Card, Variant};

/// The most boards a request may list, checked before any board is looked
/// at, so a body of many boards costs no per-board work. Rooms run it two
/// to four times; 16 is well past that and far below any cost that matters.
pub const MAX_BOARDS: usize = 16;

/// The card strings `boards` holds, for sizing the card table once; none
/// when the request has too many boards to be looked at.
pub(super) fn card_count(req: &SettleRequest) -> usize {
    match &req.boards {
        Some(boards) if boards.len() <= MAX_BOARDS => boards.iter().map(Vec::len).sum(),
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

/// Checks `boards` (present in `req`): not with `board`, only in board
/// games, at most [`MAX_BOARDS`], each well formed and of the variant's
/// size at a showdown, no card twice outside the shared first part, and no
/// more boards than the deck can deal for the players in the hand. Each
/// board's cards go into `deck` in full, and where each ends into `ends`.
pub(super) fn check(
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
    if req.board.is_some() {
        p.push("/boards", "give board or boards, not both");
        return;
    }
    if let Some(t) = table.filter(|t| t.board_cards == 0) {
        p.push(
            "/boards",
            format!("{} has no board: boards are for board games", t.id.as_str()),
        );
        return;
    }
    if boards.is_empty() {
        p.push("/boards", "boards needs at least one board");
        return;
    }
    if boards.len() > MAX_BOARDS {
        p.push(
            "/boards",
            format!("at most {MAX_BOARDS} boards, got {}", boards.len()),
        );
        return;
    }
    let parsed: Vec<Vec<Option<Card>>> = boards
        .iter()
        .enumerate()
        .map(|(b, cards)| {
            let owner = Owner::Boards(b);
            let parse = |(j, s): (usize, &String)| deck.parse(p, owner, j, s);
            cards.iter().enumerate().map(parse).collect()
        })
        .collect();
    let shared = shared_len(&parsed);
    ends.clear();
    for (b, cards) in parsed.iter().enumerate() {
        for (j, c) in cards.iter().enumerate() {
            match c {
                // The shared first part is dealt once: a copy, not a repeat.
                Some(c) if b > 0 && j < shared => deck.cards.push(*c),
                Some(c) => deck.record(p, Owner::Boards(b), j, *c),
                None => {}
            }
        }
        ends.push(deck.cards.len());
    }
    if let Some(t) = table {
        sizes(req, t, contested, p);
        deck_can_deal(req, t, shared, p);
    }
}

/// RULES.md §9.1, API.md: every board has the variant's board size at a
/// showdown; an uncontested hand's boards may be short, never long.
fn sizes(req: &SettleRequest, t: &Variant, contested: bool, p: &mut Problems) {
    let name = t.id.as_str();
    for (b, board) in req.boards.iter().flatten().enumerate() {
        let got = board.len();
        if contested && got != t.board_cards {
            p.push(
                format!("/boards/{b}"),
                format!(
                    "{name} needs {} board cards at a showdown, got {got}",
                    t.board_cards
                ),
            );
        } else if got > t.board_cards {
            p.push(
                format!("/boards/{b}"),
                format!("{name} has {} board cards, got {got}", t.board_cards),
            );
        }
    }
}

/// API.md: no more boards than the deck can deal for the players in the
/// hand: every player's hole cards, the shared first part once, and each
/// board's run-out must fit in the deck. One board is the one-board hand,
/// checked as `board` is.
fn deck_can_deal(req: &SettleRequest, t: &Variant, shared: usize, p: &mut Problems) {
    let Some(boards) = req.boards.as_ref().filter(|b| b.len() > 1) else {
        return;
    };
    let deck = if t.short_deck { 36 } else { 52 };
    let holes = req.players.len().saturating_mul(t.hole_cards);
    let run_outs: usize = boards
        .iter()
        .map(|b| b.len().min(t.board_cards).saturating_sub(shared))
        .sum();
    let needed = holes.saturating_add(shared).saturating_add(run_outs);
    if needed > deck {
        p.push(
            "/boards",
            format!(
                "{} boards need {needed} cards with {} players dealt {} each: the deck has {deck}",
                boards.len(),
                req.players.len(),
                t.hole_cards
            ),
        );
    }
}
