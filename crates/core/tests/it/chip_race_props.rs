//! Properties of the chip race (RULES.md §6) over random tables.

use proptest::prelude::*;
use showdown_core::chip_race::{
    chip_race, AwardReason, ChipRaceError, ChipRaceInput, Convention, RaceDeal, RacePlayer,
};
use showdown_core::ChipRaceRefusal;

/// Denomination pairs seen at real color-ups: (removed, colored up to).
const DENOMS: [(u64, u64); 5] = [(1, 5), (5, 25), (25, 100), (100, 500), (100, 1000)];

fn table() -> impl Strategy<Value = ChipRaceInput> {
    (
        0..DENOMS.len(),
        1usize..=10,
        any::<u64>(),
        any::<bool>(),
        1u32..=12,
    )
        .prop_flat_map(|(d, n, seed, standard, sb)| {
            let (removed, color_up_to) = DENOMS[d];
            let ratio = color_up_to / removed;
            let seats = proptest::sample::subsequence((1u32..=12).collect::<Vec<_>>(), n);
            // Mostly leftovers (below the ratio), sometimes full sets too;
            // other chips sometimes none, so players can be raced out.
            let chips = proptest::collection::vec(
                (
                    0..ratio * 2,
                    prop_oneof![Just(0u64), (1u64..100).prop_map(move |k| k * color_up_to)],
                ),
                n,
            );
            (seats, chips).prop_map(move |(seats, chips)| ChipRaceInput {
                removed,
                color_up_to,
                convention: if standard {
                    Convention::Standard
                } else {
                    Convention::Tda
                },
                small_blind_seat: standard.then_some(sb),
                players: seats
                    .iter()
                    .zip(&chips)
                    .map(|(&seat, &(removed_chips, other_value))| RacePlayer {
                        seat,
                        removed_chips,
                        other_value,
                    })
                    .collect(),
                deal: RaceDeal::Seed(seed),
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The chip-race guide: the colored-up chips are worth the leftover value rounded to
    /// the nearest larger chip, exactly half rounding down; any other change
    /// in value is a chip added so nobody is raced out. Full sets keep their
    /// value (TDA 23-C).
    #[test]
    fn chip_value_is_conserved_up_to_the_rounding_rule(input in table()) {
        let r = match chip_race(&input) {
            Ok(r) => r,
            Err(e) => { let too_many = matches!(e, ChipRaceError::Refused(ChipRaceRefusal::TooManyCards { .. }));
                prop_assert!(too_many, "unexpected error {:?}", e); return Ok(()); }
        };
        let large = input.color_up_to as i128;
        let before: i128 = r.players.iter().map(|p| p.value_before as i128).sum();
        let after: i128 = r.players.iter().map(|p| p.value_after as i128).sum();
        let rounding = r.pool as i128 * large - r.value_removed as i128;
        prop_assert!(-large <= 2 * rounding && 2 * rounding < large, "rounding {rounding} off by half a chip or more");
        prop_assert_eq!(after - before, rounding + r.added as i128 * large);
        let full: u64 = r.players.iter().map(|p| p.exchanged).sum();
        let dealt: usize = r.players.iter().map(|p| p.cards.len()).sum();
        prop_assert_eq!(dealt as u64, r.value_removed / input.removed);
        prop_assert!(full * input.color_up_to + r.value_removed
            == input.players.iter().map(|p| p.removed_chips * input.removed).sum::<u64>());
    }

    /// TDA 23-A and the chip-race guide: at most one chip a player; every pool chip is
    /// given out; only raced-out players get added chips; nobody ends the race
    /// with no chips who had chips before it.
    #[test]
    fn at_most_one_chip_a_player_and_nobody_raced_out(input in table()) {
        let Ok(r) = chip_race(&input) else { return Ok(()); };
        let mut order = r.award_order.clone();
        order.sort_unstable();
        order.dedup();
        prop_assert_eq!(order.len(), r.award_order.len(), "a player got two chips");
        let from_pool = r.players.iter().filter_map(|p| p.award).filter(|a| !a.added).count() as u64;
        prop_assert_eq!(from_pool, r.pool);
        for p in &r.players {
            if p.award.is_some_and(|a| a.added) {
                prop_assert!(p.raced_out);
            }
            if p.value_before > 0 {
                prop_assert!(p.value_after > 0, "raced out: {:?}", p);
            }
        }
        // The race winners hold higher cards than every racer left without a chip.
        let lowest_winner = r.players.iter()
            .filter(|p| p.award.is_some_and(|a| a.reason == AwardReason::RaceWin))
            .filter_map(|p| p.best_card).min();
        if let (Some(low), Convention::Tda) = (lowest_winner, input.convention) {
            for p in r.players.iter().filter(|p| p.award.is_none()) {
                prop_assert!(p.best_card.is_none_or(|c| c < low));
            }
        }
    }

    /// Auditors replay seeds: the same seed deals the same race, and the
    /// cards it dealt, given back as an audit, settle it the same way.
    #[test]
    fn reproducible_from_seed_and_replayable_as_an_audit(input in table()) {
        let Ok(r) = chip_race(&input) else { return Ok(()); };
        prop_assert_eq!(chip_race(&input).unwrap(), r.clone());
        let mut audit = input.clone();
        audit.deal = RaceDeal::Cards(r.players.iter().map(|p| p.cards.clone()).collect());
        prop_assert_eq!(chip_race(&audit).unwrap(), r);
    }
}
