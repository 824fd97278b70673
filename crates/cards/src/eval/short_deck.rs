//! Short-deck (6 to A, 36 cards) high hands: a flush beats a full house and
//! A-6-7-8-9 is the lowest straight (the ace plays below the six). Trips
//! still lose to a straight, as in PokerKit's `ShortDeckHoldemHand`.

use super::high::{describe, value_by_table, value_of_masks, HighOrder};
use super::Masks;
use crate::card::Card;
use crate::hand::HandRank;

/// The value of the best short-deck hand of five to seven cards (6 to A).
#[inline]
pub fn short_deck_value(cards: &[Card]) -> u32 {
    value_by_table(cards, HighOrder::ShortDeck)
}

/// The best short-deck hand of five to seven cards, with its name and cards.
pub fn short_deck_rank(cards: &[Card]) -> HandRank {
    let m = Masks::of(cards);
    describe(
        value_of_masks(m, HighOrder::ShortDeck),
        m,
        cards,
        HighOrder::ShortDeck,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::cards;

    fn rank(s: &str) -> HandRank {
        short_deck_rank(&cards(s))
    }

    #[test]
    fn short_deck_flush_beats_full_house() {
        let flush = rank("Ah Kh 9h 7h 6h 6c 8d");
        let boat = rank("As Ad Ac Ks Kd 6c 8d");
        assert_eq!(flush.category, 5);
        assert_eq!(boat.category, 6);
        assert!(flush.value > boat.value);
    }

    #[test]
    fn short_deck_a6789_is_the_lowest_straight() {
        let low = rank("Ah 6c 7d 8s 9h Kd Kc");
        assert_eq!(low.category, 4);
        assert_eq!(low.description, "Straight, 9 high");
        assert!(rank("Th 6c 7d 8s 9h Kd Qc").value > low.value);
        assert!(
            low.value > rank("As Ad Ac 6s 7d 9c Jd").value,
            "a straight still beats trips"
        );
    }

    #[test]
    fn short_deck_a6789_suited_is_a_straight_flush() {
        let h = rank("Ah 6h 7h 8h 9h Kd Kc");
        assert_eq!(h.category, 8);
        assert_eq!(h.cards.last().unwrap().to_string(), "Ah");
    }
}
