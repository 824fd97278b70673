//! A card string the parser refused, worded once for every route that
//! reads cards: the parser's reason and, when only the case or a ten
//! written `10` was wrong (`"ah"`, `"10h"`), the card it probably meant;
//! and a card the short deck does not hold, worded once for every reader.

use crate::card::{Card, CardError, Rank};

/// A card of 2 to 5, which the short deck (36 cards, 6 to A) lacks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("card {0} is not in the short deck (6 to A)")]
pub struct NotInShortDeck(pub Card);

/// The refusal of `card` in a game of the short deck (`short_deck`).
pub fn short_deck_refusal(card: Card, short_deck: bool) -> Option<NotInShortDeck> {
    (short_deck && card.rank() < Rank::Six).then_some(NotInShortDeck(card))
}

/// A refused card string.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("malformed card {text:?}: {error}{}", meant.map_or_else(String::new, |c| format!("; did you mean {:?}?", c.as_str())))]
pub struct MalformedCard {
    pub text: String,
    pub error: CardError,
    /// The card the string names once its case is fixed or its `10`
    /// written `T`; `None` when that is no card either.
    pub meant: Option<Card>,
}

/// Parse `text` as a card, or say why it is none.
pub fn read_card(text: &str) -> Result<Card, MalformedCard> {
    text.parse::<Card>().map_err(|error| MalformedCard {
        text: text.to_string(),
        error,
        meant: meant(text),
    })
}

/// The card `text` names with its rank upper case and its suit lower case,
/// a ten written `10` as `T`; `None` when that is `text` itself or no card.
fn meant(text: &str) -> Option<Card> {
    let fixed = text.strip_prefix("10").map_or_else(
        || {
            let mut chars = text.chars();
            let rank = chars.next().map(|c| c.to_ascii_uppercase());
            rank.into_iter()
                .chain(chars.map(|c| c.to_ascii_lowercase()))
                .collect::<String>()
        },
        |suit| format!("T{}", suit.to_ascii_lowercase()),
    );
    (fixed != text).then(|| fixed.parse().ok()).flatten()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_off_by_case_or_written_10_gets_the_card_it_meant() {
        let said = |s: &str| read_card(s).unwrap_err().to_string();
        assert_eq!(
            said("ah"),
            "malformed card \"ah\": unknown rank 'a': use 2-9, T, J, Q, K, A; did you mean \"Ah\"?"
        );
        assert_eq!(
            said("10H"),
            "malformed card \"10H\": a card is two characters, rank then suit (e.g. \"Ah\"), got \"10H\"; did you mean \"Th\"?"
        );
        assert_eq!(
            said("Zz"),
            "malformed card \"Zz\": unknown rank 'Z': use 2-9, T, J, Q, K, A"
        );
        assert_eq!(read_card("Ah").map(Card::as_str), Ok("Ah"));
    }
}
