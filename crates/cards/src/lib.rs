//! Cards and hand evaluation for every variant of the Showdown contract.
//!
//! This crate knows cards and hands, never chips or players: the settlement
//! core compares the values it produces, the server parses requests with it.
//!
//! INTERFACE CONTRACT (relied on by `showdown-core` and `showdown-server`):
//! - [`Card`], [`Rank`], [`Suit`] with `FromStr`/`Display` in the two-character
//!   form (`"Ah"`, `"Tc"`), suits ordered spades > hearts > diamonds > clubs.
//! - [`VariantId`] (serde-free; `as_str`/`FromStr` with the API ids) and
//!   [`Variant`] (the table entry: family, button, card counts, sides).
//! - [`rank_showdown`]: a live player's cards to the [`HandRank`] of each side.
//! - [`stud_odd_chip_key`]: the stud odd-chip key for one side (RULES.md §4).

pub mod card;
pub mod eval;
pub mod hand;
mod hole_cards_play;
mod malformed;
mod showing;
mod twice;
pub mod variant;

pub use card::{parse_cards, Card, CardError, Rank, Suit};
pub use eval::badugi::{badugi_rank, badugi_value};
pub use eval::build_tables;
pub use eval::high::{high_rank, high_value, high_value_7, high_values_7};
pub use eval::low::{
    ace_five_rank, ace_five_value, deuce_seven_rank, deuce_seven_value, low8_rank, low8_value,
};
pub use eval::omaha::{omaha_high_rank, omaha_high_value, omaha_low8_rank, omaha_low8_value};
pub use eval::short_deck::{short_deck_rank, short_deck_value};
pub use eval::table::HandKey;
pub use hand::{HandRank, Name, Rulebook, Showdown, Side};
pub use hole_cards_play::{both_hole_cards_play, five_card_high_value};
pub use malformed::{read_card, short_deck_refusal, MalformedCard, NotInShortDeck};
pub use showing::{stud_bring_in_value, stud_showing_value};
pub use twice::{first_twice, placed, CardAt, CardTwice, Seen};
pub use variant::{Family, HandKind, Variant, VariantId};

/// Why a player's cards could not be ranked for a variant.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvalError {
    /// The hole cards are not the count the variant deals at showdown.
    #[error("{variant} needs {expected} cards per player, got {got}")]
    HoleCount {
        variant: &'static str,
        expected: usize,
        got: usize,
    },
    /// The board is not the count the variant needs at showdown.
    #[error("{variant} needs {expected} board cards at a showdown, got {got}")]
    BoardCount {
        variant: &'static str,
        expected: usize,
        got: usize,
    },
    /// The same card twice among the board and the hole cards (the hole
    /// cards a [`CardAt::Lone`] hand).
    #[error(transparent)]
    Twice(#[from] CardTwice),
    /// A card that the variant's deck does not hold (short deck: 2 to 5).
    #[error(transparent)]
    NotInDeck(#[from] NotInShortDeck),
}

/// Rank one live player's hand(s) for `variant`.
///
/// `hole` are the player's own cards (stud: all seven), `board` the community
/// cards (empty where the variant has none). Returns the hand of each side:
/// `high` always, `low` for split games (`None` in a high-low game when the
/// player has no qualifying low).
pub fn rank_showdown(
    variant: VariantId,
    hole: &[Card],
    board: &[Card],
) -> Result<Showdown, EvalError> {
    check_deal(variant, hole, board)?;
    let mut buf = [Card::from_index(0); 16];
    let all = together(hole, board, &mut buf);
    let (high, low) = match variant {
        VariantId::Holdem | VariantId::Stud | VariantId::FiveCardDraw => (high_rank(all), None),
        VariantId::ShortDeck => (short_deck_rank(all), None),
        VariantId::Omaha | VariantId::Omaha5 | VariantId::Omaha6 => {
            (omaha_high_rank(hole, board), None)
        }
        VariantId::OmahaHiLo | VariantId::Omaha5HiLo => {
            (omaha_high_rank(hole, board), omaha_low8_rank(hole, board))
        }
        VariantId::StudHiLo => (high_rank(hole), low8_rank(hole)),
        VariantId::Razz | VariantId::AceToFive => (ace_five_rank(hole), None),
        VariantId::DeuceToSeven => (deuce_seven_rank(hole), None),
        VariantId::Badugi => (badugi_rank(hole, true), None),
        VariantId::Badacey | VariantId::Razzdugi => {
            (ace_five_rank(hole), Some(badugi_rank(hole, true)))
        }
        VariantId::Badeucy => (deuce_seven_rank(hole), Some(badugi_rank(hole, false))),
        VariantId::Dramaha => (high_rank(hole), Some(omaha_high_rank(hole, board))),
        VariantId::Sohe => (
            omaha_high_rank(&hole[..4], board),
            Some(high_rank(&all[4..])),
        ),
    };
    Ok(Showdown { high, low })
}

/// The values of each side of [`rank_showdown`] (`high`, then `low` where it
/// would be `Some`), by the value-only paths: no name, description or cards,
/// no allocation. Same checks and errors as [`rank_showdown`]; the values are
/// equal to its `value`s (tests/it/props.rs). For callers that describe only
/// the hands they show, e.g. the winners of a pot.
pub fn showdown_values(
    variant: VariantId,
    hole: &[Card],
    board: &[Card],
) -> Result<(u64, Option<u64>), EvalError> {
    check_deal(variant, hole, board)?;
    let mut buf = [Card::from_index(0); 16];
    let all = together(hole, board, &mut buf);
    let (high, low) = match variant {
        VariantId::Holdem | VariantId::Stud | VariantId::FiveCardDraw => (high_value(all), None),
        VariantId::ShortDeck => (short_deck_value(all), None),
        VariantId::Omaha | VariantId::Omaha5 | VariantId::Omaha6 => {
            (omaha_high_value(hole, board), None)
        }
        VariantId::OmahaHiLo | VariantId::Omaha5HiLo => {
            (omaha_high_value(hole, board), omaha_low8_value(hole, board))
        }
        VariantId::StudHiLo => (high_value(hole), low8_value(hole)),
        VariantId::Razz | VariantId::AceToFive => (ace_five_value(hole), None),
        VariantId::DeuceToSeven => (deuce_seven_value(hole), None),
        VariantId::Badugi => (badugi_value(hole, true), None),
        VariantId::Badacey | VariantId::Razzdugi => {
            (ace_five_value(hole), Some(badugi_value(hole, true)))
        }
        VariantId::Badeucy => (deuce_seven_value(hole), Some(badugi_value(hole, false))),
        VariantId::Dramaha => (high_value(hole), Some(omaha_high_value(hole, board))),
        VariantId::Sohe => {
            // The hold'em hand: the last two hole cards and the board.
            (
                omaha_high_value(&hole[..4], board),
                Some(high_value(&all[4..])),
            )
        }
    };
    Ok((high as u64, low.map(u64::from)))
}

/// Hole and board cards together, on the stack (at most 7 + 5 after
/// `check_deal`; a hand over 16 is cut, never dealt).
fn together<'a>(hole: &[Card], board: &[Card], buf: &'a mut [Card; 16]) -> &'a [Card] {
    let n = (hole.len() + board.len()).min(buf.len());
    for (slot, c) in buf.iter_mut().zip(hole.iter().chain(board)) {
        *slot = *c;
    }
    &buf[..n]
}

/// The card counts, deck and duplicate checks of [`rank_showdown`].
fn check_deal(variant: VariantId, hole: &[Card], board: &[Card]) -> Result<(), EvalError> {
    let v = variant.variant();
    let name = variant.as_str();
    if hole.len() != v.hole_cards {
        return Err(EvalError::HoleCount {
            variant: name,
            expected: v.hole_cards,
            got: hole.len(),
        });
    }
    if board.len() != v.board_cards {
        return Err(EvalError::BoardCount {
            variant: name,
            expected: v.board_cards,
            got: board.len(),
        });
    }
    if v.short_deck {
        if let Some(r) = hole
            .iter()
            .chain(board)
            .find_map(|&c| short_deck_refusal(c, true))
        {
            return Err(r.into());
        }
    }
    // The board first, as a request gives it.
    let at = |list, index| match list {
        0 => CardAt::Board { index },
        _ => CardAt::Lone { index },
    };
    match first_twice(&[board, hole], at) {
        Some(twice) => Err(twice.into()),
        None => Ok(()),
    }
}

/// The stud odd-chip key of a player's hand on one side: the player with the
/// greater key receives an odd chip first (RULES.md §4, "Odd-chip order").
///
/// - `Rulebook::Tda`: the highest card by suit among `hand.cards` (the
///   five-card hand, or the badugi's cards), ranked as the hand ranks them
///   (ace low in a low hand). TDA 19 gives the chip to the high card by suit
///   in the hand; [`rank_showdown`] already tables the most favourable set of
///   cards where several make the same value.
/// - `Rulebook::Roberts`: all of `all_cards`; on the high side the highest
///   card by suit, on a lowball side the *lowest* card by suit (aces low,
///   clubs lowest) gets the chip, so its key is inverted (Robert's 3.7.1).
///
/// Which hand a side holds comes from the variant table, so razzdugi's high
/// side (razz) counts as lowball. The key is `rank * 4 + suit` (rank 1 for a
/// low ace), or `255 -` that when inverted.
pub fn stud_odd_chip_key(
    variant: VariantId,
    rules: Rulebook,
    side: Side,
    hand: &HandRank,
    all_cards: &[Card],
) -> u32 {
    let v = variant.variant();
    let kind = match side {
        Side::High => v.high,
        Side::Low => v.low.unwrap_or(v.high),
    };
    let ace_low = kind.ace_low();
    let key = |c: &Card| -> u32 {
        let r = if ace_low && c.rank() == Rank::Ace {
            1
        } else {
            c.rank() as u32
        };
        r * 4 + c.suit() as u32
    };
    match rules {
        Rulebook::Tda => hand.cards.iter().map(key).max().unwrap_or(0),
        Rulebook::Roberts if kind.is_lowball() => {
            all_cards.iter().map(|c| 255 - key(c)).max().unwrap_or(0)
        }
        Rulebook::Roberts => all_cards.iter().map(key).max().unwrap_or(0),
    }
}
