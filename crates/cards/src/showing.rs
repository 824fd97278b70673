//! The hand showing on a stud player's four up cards (RULES.md §15.4):
//! who shows first at a stud showdown when nobody bet the last round.

use crate::card::{Card, Rank};
use crate::variant::VariantId;

/// The strength of the hand showing on `up` (the third to sixth of a
/// player's seven cards, as dealt), greater acts first. Ranks only, as
/// dealers read a board of up cards: four of a kind, three of a kind, two
/// pair, a pair, then high cards, no straights or flushes of four. In
/// razz and razzdugi (ace-to-five lowball) the lowest hand showing acts
/// first, the ace low, any unpaired hand below any pair.
pub fn stud_showing_value(variant: VariantId, up: &[Card]) -> u64 {
    let kind = variant.variant().high;
    let ace_low = kind.ace_low();
    let mut counts = [0u8; 15];
    for c in up {
        let r = match c.rank() {
            Rank::Ace if ace_low => 1,
            r => r as usize,
        };
        counts[r] += 1;
    }
    // Groups by (count, rank), the bigger first: quads, trips, pairs, singles.
    let mut groups: Vec<(u8, usize)> = (1..15)
        .filter(|&r| counts[r] > 0)
        .map(|r| (counts[r], r))
        .collect();
    groups.sort_unstable_by(|a, b| b.cmp(a));
    let pairs = groups.iter().filter(|g| g.0 == 2).count() as u64;
    let category = match groups.first().map_or(0, |g| g.0) {
        4 => 4,
        3 => 3,
        _ => pairs,
    };
    let key = groups
        .iter()
        .fold(category, |key, &(_, r)| (key << 4) | r as u64)
        << (4 * (4 - groups.len().min(4)));
    if kind.is_lowball() {
        // Lower is better in lowball: turn it round so greater acts first.
        (1 << 24) - key
    } else {
        key
    }
}

/// Who brings in on stud's third street (RULES.md §16.2), as a value
/// where greater brings in: the lowest door card by rank, the ace high,
/// equal ranks by suit with clubs lowest; in razz and razzdugi the
/// highest, the king high and the ace low, spades first among equals.
/// Never 0, which stands for a door card not seen.
pub fn stud_bring_in_value(variant: VariantId, door: Card) -> u64 {
    let (rank, suit) = (door.rank() as u64, door.suit() as u64);
    if variant.variant().high.is_lowball() {
        let rank = if door.rank() == Rank::Ace { 1 } else { rank };
        rank * 4 + suit + 1
    } else {
        (15 - rank) * 4 + (3 - suit) + 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_cards;

    fn v(variant: VariantId, up: &str) -> u64 {
        let cards: Vec<&str> = up.split_whitespace().collect();
        stud_showing_value(variant, &parse_cards(&cards).unwrap())
    }

    fn door(variant: VariantId, card: &str) -> u64 {
        stud_bring_in_value(variant, card.parse().unwrap())
    }

    #[test]
    fn rules_16_2_the_bring_in_lowest_door_card_clubs_first_razz_highest_spades_first() {
        let s = VariantId::Stud;
        assert!(door(s, "2s") > door(s, "3c"));
        assert!(door(s, "Kc") > door(s, "Ad"));
        assert!(door(s, "2c") > door(s, "2d"));
        assert!(door(s, "2d") > door(s, "2h") && door(s, "2h") > door(s, "2s"));
        assert_eq!(door(VariantId::StudHiLo, "2c"), door(s, "2c"));
        let r = VariantId::Razz;
        assert!(door(r, "Kc") > door(r, "Qs"));
        assert!(door(r, "2c") > door(r, "Ad"));
        assert!(door(r, "Ks") > door(r, "Kh"));
        assert_eq!(door(VariantId::Razzdugi, "Ks"), door(r, "Ks"));
        assert!(door(s, "As") > 0 && door(r, "Ac") > 0);
    }

    #[test]
    fn rules_15_4_stud_showing_pairs_beat_high_cards_no_straights_or_flushes() {
        let s = VariantId::Stud;
        assert!(v(s, "2c 2d 3h 4s") > v(s, "Ah Kh Qh Jh"));
        assert!(v(s, "3c 3d 2h 2s") > v(s, "Ac Ad Kh Qs"));
        assert!(v(s, "4c 4d 4h 2s") > v(s, "Ac Ad Kh Ks"));
        assert!(v(s, "2c 2d 2h 2s") > v(s, "Ac Ad Ah Ks"));
        assert!(v(s, "Ac Ad 3h 2s") > v(s, "Kc Kd Qh Js"));
        assert!(v(s, "Ac Kd 3h 2s") > v(s, "Ac Qd Jh Ts"));
        assert_eq!(v(s, "Ac Kd 3h 2s"), v(s, "As Kh 3d 2c"));
    }

    #[test]
    fn rules_15_4_razz_showing_lowest_acts_first_ace_low_pairs_worst() {
        let r = VariantId::Razz;
        assert!(v(r, "Ac 2d 3h 4s") > v(r, "2c 3d 4h 6s"));
        assert!(v(r, "Kc Qd Jh Ts") > v(r, "Ac Ad 2h 3s"));
        assert!(v(r, "7c 5d 3h As") > v(r, "7c 6d 2h As"));
        assert!(v(r, "2c 2d Ah 3s") > v(r, "3c 3d Ah 2s"));
        assert_eq!(v(VariantId::Razzdugi, "Ac 2d 3h 4s"), v(r, "Ac 2d 3h 4s"));
        // Stud hi-lo reads the up cards high, as stud does.
        assert_eq!(
            v(VariantId::StudHiLo, "Ac Kd 3h 2s"),
            v(VariantId::Stud, "Ac Kd 3h 2s")
        );
    }
}
