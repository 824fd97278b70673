//! The two card facts a bad-beat jackpot needs (RULES.md §11.2-11.3):
//! whether a player's hand is made with both hole cards, and the value of
//! the room's five-card threshold hand on the variant's high scale.

use crate::card::Card;
use crate::eval::high::high_value;
use crate::eval::short_deck::short_deck_value;
use crate::malformed::short_deck_refusal;
use crate::twice::{first_twice, CardAt};
use crate::variant::VariantId;

/// Whether the player's best high hand can be made with both hole cards.
///
/// Omaha games always use exactly two hole cards: true. In hold'em and
/// short deck a hand may have several five-card forms of the same value (a
/// board full house with a kicker that does not count); it is true when some
/// five of the seven cards, both hole cards among them, make a hand of the
/// player's value. Any other game, or a hold'em hand without two hole cards
/// and three board cards, has no such hand: false.
pub fn both_hole_cards_play(variant: VariantId, hole: &[Card], board: &[Card]) -> bool {
    let value: fn(&[Card]) -> u32 = match variant {
        VariantId::Omaha
        | VariantId::Omaha5
        | VariantId::Omaha6
        | VariantId::OmahaHiLo
        | VariantId::Omaha5HiLo => return true,
        VariantId::Holdem => high_value,
        VariantId::ShortDeck => short_deck_value,
        _ => return false,
    };
    let [a, b] = hole else {
        return false;
    };
    if board.len() < 3 || board.len() > 5 {
        return false;
    }
    let mut seven = [*a; 7];
    seven[1] = *b;
    seven[2..2 + board.len()].copy_from_slice(board);
    let best = value(&seven[..2 + board.len()]);
    // Every three of the board (C(5, 3) = 10 at the river) with both hole
    // cards.
    let n = board.len();
    (0..n).any(|i| {
        (i + 1..n)
            .any(|j| (j + 1..n).any(|k| value(&[*a, *b, board[i], board[j], board[k]]) == best))
    })
}

/// The high value of five cards as `variant` ranks a high hand: short deck
/// by its own ranking, every other game by the standard one (the scale of
/// hold'em and Omaha high values). For a bad-beat `minLosingHand`.
///
/// `None` unless the cards are five distinct cards of the variant's deck
/// (short deck: six to ace).
pub fn five_card_high_value(variant: VariantId, cards: &[Card]) -> Option<u64> {
    let short_deck = variant.variant().short_deck;
    let lacks = |c: &Card| short_deck_refusal(*c, short_deck).is_some();
    let twice = || first_twice(&[cards], |_, index| CardAt::Lone { index });
    if cards.len() != 5 || cards.iter().any(lacks) || twice().is_some() {
        return None;
    }
    let value = if short_deck {
        short_deck_value(cards)
    } else {
        high_value(cards)
    };
    Some(u64::from(value))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cards;

    fn play(variant: VariantId, hole: &str, board: &str) -> bool {
        both_hole_cards_play(variant, &cards(hole), &cards(board))
    }

    #[test]
    fn rules_11_1_both_hole_cards_play_aces_full_of_tens() {
        // Worked example 11.1: Ah Th with Ac Ad Tc, aces full of tens.
        assert!(play(VariantId::Holdem, "Ah Th", "Ac Ad Tc 9c 8c"));
        // The winner's straight flush uses both as well.
        assert!(play(VariantId::Holdem, "Qc Jc", "Ac Ad Tc 9c 8c"));
    }

    #[test]
    fn rules_11_2_one_hole_card_only_does_not_play() {
        // Worked example 11.2: Th 3s on Ac Ad Ah Tc 8c is aces full of tens
        // with the ten alone; with both hole cards it is only three aces.
        assert!(!play(VariantId::Holdem, "Th 3s", "Ac Ad Ah Tc 8c"));
        // B's four aces: As with the board's three, and Kd the kicker.
        assert!(play(VariantId::Holdem, "As Kd", "Ac Ad Ah Tc 8c"));
    }

    #[test]
    fn a_kicker_that_does_not_count_still_plays_when_the_value_is_the_same() {
        // Quad aces on the board, K kicker from the hand: A A A A K uses one
        // hole card, but A A A K Q (both) is weaker, so not both.
        assert!(!play(VariantId::Holdem, "Kh Qh", "Ac Ad Ah As 2c"));
        // The board plays (a royal flush): nothing with both hole cards ties.
        assert!(!play(VariantId::Holdem, "2d 3d", "Ac Kc Qc Jc Tc"));
        // A pocket pair making quads with two board cards.
        assert!(play(VariantId::Holdem, "9h 9s", "9c 9d 2h 5s Kd"));
    }

    #[test]
    fn omaha_always_plays_and_other_games_never() {
        assert!(play(VariantId::Omaha, "Th 3s 4d 5d", "Ac Ad Ah Tc 8c"));
        assert!(play(
            VariantId::Omaha5HiLo,
            "Th 3s 4d 5d 6d",
            "Ac Ad Ah Tc 8c"
        ));
        assert!(!play(VariantId::Stud, "Ah Th", "Ac Ad Tc 9c 8c"));
        assert!(!play(VariantId::Holdem, "Ah", "Ac Ad Tc 9c 8c"));
        assert!(!play(VariantId::Holdem, "Ah Th", "Ac Ad"));
    }

    #[test]
    fn short_deck_uses_its_own_ranking() {
        // Short deck: a flush beats a full house. Ah Kh on a board with
        // three hearts and a pair makes the flush with both.
        assert!(play(VariantId::ShortDeck, "Ah Kh", "9h 7h 6h 6c 8d"));
        let flush = five_card_high_value(VariantId::ShortDeck, &cards("Ah Kh 9h 7h 6h"));
        let boat = five_card_high_value(VariantId::ShortDeck, &cards("As Ad Ac Ks Kd"));
        assert!(flush > boat);
        // In hold'em it is the other way round.
        let flush = five_card_high_value(VariantId::Holdem, &cards("Ah Kh 9h 7h 6h"));
        let boat = five_card_high_value(VariantId::Holdem, &cards("As Ad Ac Ks Kd"));
        assert!(flush < boat);
    }

    #[test]
    fn five_card_high_value_needs_five_distinct_cards_of_the_deck() {
        let v = five_card_high_value(VariantId::Holdem, &cards("Ah Ad Ac Th Td"));
        assert_eq!(v, Some(u64::from(high_value(&cards("Ah Ad Ac Th Td")))));
        assert_eq!(
            five_card_high_value(VariantId::Holdem, &cards("Ah Ad Ac Th")),
            None
        );
        assert_eq!(
            five_card_high_value(VariantId::Holdem, &cards("Ah Ad Ac Th Th")),
            None
        );
        assert_eq!(
            five_card_high_value(VariantId::ShortDeck, &cards("Ah Ad Ac 5h 5d")),
            None
        );
    }
}
