//! The 422 checks of an equity request (API.md, POST /v1/equity): the
//! game, the board's size, each player's id and cards, cards dealt twice,
//! and a deck large enough to complete the board.

use super::dto::EquityRequest;
use crate::deck::Deck;
use crate::problems::{seating, Problems};
use showdown_cards::{Card, CardAt, VariantId};
use showdown_equity::{
    board_refusal, deck_refusal, equity_game, game_refusal, hole_cards_refusal, players_refusal,
    EquityAt, EquityRefusal, MAX_REQUEST_PLAYERS,
};
use showdown_json::Invalid;

/// A request that passed the checks, its cards parsed.
pub(super) struct Spot {
    pub(super) variant: VariantId,
    pub(super) hands: Vec<Vec<Card>>,
    pub(super) board: Vec<Card>,
    pub(super) dead: Vec<Card>,
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
    let hands = players(&mut p, &mut deck, req, variant);
    let dead = req.dead.as_deref().unwrap_or(&[]);
    let dead = take_cards(&mut deck, &mut p, |index| CardAt::Dead { index }, dead);
    // Said only when nothing else is wrong: the count means little then.
    if p.is_empty() {
        refused(
            &mut p,
            deck_refusal(deck.cards.len(), short_deck, board.len()),
        );
    }
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

/// An equity refusal at its pointer.
fn refused(p: &mut Problems, refusal: Option<EquityRefusal>) {
    if let Some(r) = refusal {
        let pointer = match r.at() {
            EquityAt::Variant => "/variant".to_string(),
            EquityAt::Board => "/board".to_string(),
            EquityAt::Players => "/players".to_string(),
            EquityAt::Cards(i) => format!("/players/{i}/cards"),
        };
        p.push(pointer, r.to_string());
    }
}

/// The game: one of RULES.md §10.1's, else the closed set's problem.
fn game(p: &mut Problems, req: &EquityRequest) -> Option<VariantId> {
    let Ok(v) = req.variant.parse::<VariantId>() else {
        let games = VariantId::ALL
            .into_iter()
            .filter(|v| equity_game(*v).is_some());
        let ids: Vec<&str> = games.map(|v| v.as_str()).collect();
        let unknown = showdown_json::closed_set::unknown("variant", &req.variant, &ids);
        p.push("/variant", unknown);
        return None;
    };
    let refusal = game_refusal(v);
    refused(p, refusal);
    refusal.is_none().then_some(v)
}

/// The board: before the flop, the flop or the turn; its cards recorded.
fn board(p: &mut Problems, deck: &mut Deck, req: &EquityRequest) -> Vec<Card> {
    let board = req.board.as_deref().unwrap_or(&[]);
    refused(p, board_refusal(board.len()));
    take_cards(deck, p, |index| CardAt::Board { index }, board)
}

/// The players: 2 to [`MAX_REQUEST_PLAYERS`], each id given once, each
/// with the game's hole cards (when the game is known); their cards
/// recorded, a player's by request index. Past one too many, none is read.
fn players(
    p: &mut Problems,
    deck: &mut Deck,
    req: &EquityRequest,
    variant: Option<VariantId>,
) -> Vec<Vec<Card>> {
    let n = req.players.len();
    refused(p, players_refusal(n));
    let read = &req.players[..n.min(MAX_REQUEST_PLAYERS + 1)];
    let ids: Vec<&str> = read.iter().map(|pl| pl.id.as_str()).collect();
    let mut seated = seating(&ids, &[]);
    let mut hands = Vec::with_capacity(read.len());
    for (i, pl) in read.iter().enumerate() {
        p.seating(&mut seated, i);
        if let Some(v) = variant {
            refused(p, hole_cards_refusal(i, v, pl.cards.len()));
        }
        let at = |index| CardAt::Hand { player: i, index };
        hands.push(take_cards(deck, p, at, &pl.cards));
    }
    hands
}

/// Parses and records a list of cards, card `j` at `at(j)`; at most 53
/// are read, so a huge list costs no more than a deck.
fn take_cards(
    deck: &mut Deck,
    p: &mut Problems,
    at: impl Fn(usize) -> CardAt,
    cards: &[String],
) -> Vec<Card> {
    let read = cards.iter().enumerate().take(53);
    read.filter_map(|(j, s)| deck.take(p, at(j), s)).collect()
}
