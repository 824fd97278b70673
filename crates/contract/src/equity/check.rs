//! The 422 checks of an equity request (API.md, POST /v1/equity): the
//! game, the board's size, each player's id and cards, cards dealt twice,
//! and a deck large enough to complete the board.

use super::dto::EquityRequest;
use crate::problems::Problems;
use crate::validate::deck::{Deck, Owner};
use showdown_cards::{Card, VariantId};
use showdown_json::Invalid;
use std::collections::HashMap;

/// The most players an equity request may list (API.md).
pub const MAX_PLAYERS: usize = 9;

/// A request that passed the checks, its cards parsed.
pub(super) struct Spot {
    pub(super) variant: VariantId,
    pub(super) hands: Vec<Vec<Card>>,
    pub(super) board: Vec<Card>,
    pub(super) dead: Vec<Card>,
}

/// The games of RULES.md §10.1 and their hole-card counts.
pub fn equity_game(variant: VariantId) -> Option<usize> {
    showdown_equity::GAMES
        .contains(&variant)
        .then(|| variant.variant().hole_cards)
}

/// Every 422 problem of the request at once, or the spot to enumerate:
/// the game, the board, the players and their cards, the dead cards, and a
/// deck large enough to complete the board.
pub(super) fn check(req: &EquityRequest) -> Result<Spot, Invalid> {
    let mut p = Problems::default();
    let variant = game(&mut p, req);
    let short_deck = variant == Some(VariantId::ShortDeck);
    let mut deck = Deck::new(short_deck);
    let board = board(&mut p, &mut deck, req);
    let hands = players(&mut p, &mut deck, req, variant.and_then(equity_game));
    let dead = take_cards(
        &mut deck,
        &mut p,
        Owner::Dead,
        req.dead.as_deref().unwrap_or(&[]),
    );
    deck_lasts(&mut p, &deck, short_deck, board.len());
    match (p.finish(), variant) {
        (Ok(()), Some(variant)) => Ok(Spot {
            variant,
            hands,
            board,
            dead,
        }),
        (Err(invalid), _) => Err(invalid),
        (Ok(()), None) => Err(Invalid::one("/variant", "unknown variant")),
    }
}

/// The game: one of RULES.md §10.1's, else the closed set's problem.
fn game(p: &mut Problems, req: &EquityRequest) -> Option<VariantId> {
    match req.variant.parse::<VariantId>() {
        Ok(v) if equity_game(v).is_some() => Some(v),
        Ok(v) => {
            p.push(
                "/variant",
                format!(
                    "equity is computed for holdem, short-deck, omaha, omaha-5, omaha-6, omaha-hi-lo and omaha-5-hi-lo, not {}",
                    v.as_str()
                ),
            );
            None
        }
        Err(_) => {
            let games = VariantId::ALL
                .into_iter()
                .filter(|v| equity_game(*v).is_some());
            let ids: Vec<&str> = games.map(|v| v.as_str()).collect();
            p.push(
                "/variant",
                showdown_json::closed_set::unknown("variant", &req.variant, &ids),
            );
            None
        }
    }
}

/// The board: before the flop, the flop or the turn; its cards recorded.
fn board(p: &mut Problems, deck: &mut Deck, req: &EquityRequest) -> Vec<Card> {
    let board = req.board.as_deref().unwrap_or(&[]);
    if !matches!(board.len(), 0 | 3 | 4) {
        p.push(
            "/board",
            format!(
                "the board has 0 (before the flop), 3 (the flop) or 4 (the turn) cards, got {}",
                board.len()
            ),
        );
    }
    take_cards(deck, p, Owner::Board, board)
}

/// The players: 2 to [`MAX_PLAYERS`], each id given once, each with the
/// game's hole cards (`holes`, when the game is known); their cards
/// recorded, a player's by request index. Past one too many, none is read.
fn players(
    p: &mut Problems,
    deck: &mut Deck,
    req: &EquityRequest,
    holes: Option<usize>,
) -> Vec<Vec<Card>> {
    let n = req.players.len();
    if !(2..=MAX_PLAYERS).contains(&n) {
        p.push(
            "/players",
            format!("an equity needs 2 to {MAX_PLAYERS} players, got {n}"),
        );
    }
    let mut seen: HashMap<&str, usize> = HashMap::new();
    let mut hands = Vec::with_capacity(n.min(MAX_PLAYERS));
    for (i, pl) in req.players.iter().enumerate().take(MAX_PLAYERS + 1) {
        if pl.id.is_empty() {
            p.push(format!("/players/{i}/id"), "the id is empty");
        } else if let Some(first) = seen.insert(pl.id.as_str(), i) {
            seen.insert(pl.id.as_str(), first);
            p.push(
                format!("/players/{i}/id"),
                format!(
                    "id {:?} is used twice (first at /players/{first}/id)",
                    pl.id
                ),
            );
        }
        if let Some(want) = holes {
            if pl.cards.len() != want {
                p.push(
                    format!("/players/{i}/cards"),
                    format!(
                        "{} deals {want} hole cards, got {}",
                        req.variant,
                        pl.cards.len()
                    ),
                );
            }
        }
        hands.push(take_cards(deck, p, Owner::Player(i), &pl.cards));
    }
    hands
}

/// The deck must hold the cards the board still needs (said only when
/// nothing else is wrong, as the count means little otherwise).
fn deck_lasts(p: &mut Problems, deck: &Deck, short_deck: bool, board: usize) {
    let size = if short_deck { 36 } else { 52 };
    let known = deck.cards.len();
    let need = 5usize.saturating_sub(board);
    if known + need > size && p.is_empty() {
        p.push(
            "/players",
            format!(
                "the deck runs out: {known} known cards leave {} of {size}, and the board needs {need} more",
                size - known.min(size)
            ),
        );
    }
}

/// Parses and records a list of cards; at most 52 are read, so a huge list
/// costs no more than a deck.
fn take_cards(deck: &mut Deck, p: &mut Problems, owner: Owner, cards: &[String]) -> Vec<Card> {
    let mut out = Vec::with_capacity(cards.len().min(52));
    for (j, s) in cards.iter().enumerate().take(53) {
        if let Some(c) = deck.parse(p, owner, j, s) {
            let before = deck.cards.len();
            deck.record(p, owner, j, c);
            if deck.cards.len() > before {
                out.push(c);
            }
        }
    }
    out
}
