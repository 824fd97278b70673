//! Properties of prize money by place (RULES.md §14.2-14.4): what the
//! places pay is paid exactly, shared prizes differ by one unit at most,
//! `seat` gives every bust a place of its own, and the order the busts are
//! listed in never changes what anyone gets.

use crate::tournament_props::{arb_case, playable};
use proptest::prelude::*;
use showdown_core::prize::{finish, Bust, Finish};
use showdown_core::{tournament_with_prizes, PrizeTable, TiedPlaces};

/// A never-rising prize table in units of `unit`, the busts (stacks from
/// a few values, so ties are common; distinct ranks) and the field.
fn case() -> impl Strategy<Value = (PrizeTable, Vec<Bust>, u64)> {
    (
        1u64..=1000,
        prop::collection::vec(0u64..=1_000_000, 0..40),
        prop::collection::vec(1u64..=5, 1..12),
        0u64..30,
    )
        .prop_map(|(unit, mut units, stacks, extra)| {
            units.sort_unstable_by(|a, b| b.cmp(a));
            let prizes = units.iter().map(|u| u * unit).collect();
            let table = PrizeTable::new(prizes, unit).unwrap();
            let busts: Vec<Bust> = stacks
                .iter()
                .enumerate()
                .map(|(i, &s)| Bust {
                    stack: s * 100,
                    rank: (i as u64 * 7919) % 1009,
                })
                .collect();
            let left = busts.len() as u64 + extra;
            (table, busts, left)
        })
}

fn tied() -> impl Strategy<Value = TiedPlaces> {
    prop_oneof![Just(TiedPlaces::Split), Just(TiedPlaces::Seat)]
}

proptest! {
    #[test]
    fn prize_money_paid_is_the_sum_of_the_places_prizes((table, busts, left) in case(), t in tied()) {
        let f = finish(&busts, left, t, Some(&table)).unwrap();
        let m = busts.len() as u64;
        let paid: u128 = f.iter().map(|f| u128::from(f.prize)).sum();
        let places: u128 = (left - m + 1..=left).map(|p| u128::from(table.place(p))).sum();
        prop_assert_eq!(paid, places);
    }

    #[test]
    fn places_cover_the_busts_and_with_seat_are_distinct((table, busts, left) in case()) {
        let f = finish(&busts, left, TiedPlaces::Seat, Some(&table)).unwrap();
        let m = busts.len() as u64;
        let mut places: Vec<u64> = f.iter().map(|f| {
            assert_eq!(f.places.0, f.places.1);
            f.places.0
        }).collect();
        places.sort_unstable();
        prop_assert_eq!(places, (left - m + 1..=left).collect::<Vec<_>>());
        prop_assert!(f.iter().all(|f| f.odd_units == 0 && f.sharers == 1));
    }

    #[test]
    fn a_shared_prize_differs_by_one_unit_at_most((table, busts, left) in case()) {
        let f = finish(&busts, left, TiedPlaces::Split, Some(&table)).unwrap();
        for (a, b) in f.iter().zip(&busts) {
            prop_assert!(a.odd_units <= 1);
            let group: Vec<&Finish> = f.iter().zip(&busts)
                .filter(|(_, c)| c.stack == b.stack).map(|(g, _)| g).collect();
            prop_assert_eq!(group.len() as u64, a.sharers);
            prop_assert!(group.iter().all(|g| g.places == a.places));
            let low = group.iter().map(|g| g.prize).min().unwrap();
            prop_assert!(a.prize - low <= table.unit());
            // A larger stack never finishes worse.
            for (c, d) in f.iter().zip(&busts) {
                if d.stack > b.stack {
                    prop_assert!(c.places.1 < a.places.0);
                }
            }
        }
    }

    #[test]
    fn the_order_of_the_busts_never_matters((table, busts, left) in case(), t in tied(), seed in any::<u64>()) {
        let f = finish(&busts, left, t, Some(&table)).unwrap();
        // A deterministic shuffle by the seed.
        let mut idx: Vec<usize> = (0..busts.len()).collect();
        idx.sort_by_key(|&i| (i as u64 + 1).wrapping_mul(seed | 1).rotate_left(17));
        let shuffled: Vec<Bust> = idx.iter().map(|&i| busts[i]).collect();
        let g = finish(&shuffled, left, t, Some(&table)).unwrap();
        for (j, &i) in idx.iter().enumerate() {
            prop_assert_eq!(g[j], f[i]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// RULES.md §14.2 on random settled hands: what `prizeCash` pays is
    /// the prizes of the places the busts took, plus the first prize when
    /// the hand leaves one player; with `seat` no two busts share a place.
    #[test]
    fn prize_cash_is_the_places_prizes_plus_the_winners(
        (input, bounties, mut terms) in arb_case(),
        seat in any::<bool>(),
        mut units in prop::collection::vec(0u64..=1000, 0..12),
        unit in 1u64..=50,
    ) {
        let Some(s) = playable(&input) else { return Ok(()) };
        let Some(left) = terms.players_left else { return Ok(()) };
        terms.tied_places = if seat { TiedPlaces::Seat } else { TiedPlaces::Split };
        units.sort_unstable_by(|a, b| b.cmp(a));
        let table = PrizeTable::new(units.iter().map(|u| u * unit).collect(), unit).unwrap();
        let out = tournament_with_prizes(&input, &s, &bounties, &terms, Some(&table)).unwrap();
        let m = out.eliminations.len() as u64;
        let cash = out.prize_cash.clone().expect("prize cash with a table");
        let paid: u128 = cash.iter().map(|&c| u128::from(c)).sum();
        let mut owed: u128 = (left - m + 1..=left).map(|p| u128::from(table.place(p))).sum();
        if out.winner.is_some() {
            owed += u128::from(table.place(1));
        }
        prop_assert_eq!(paid, owed);
        for (k, &c) in cash.iter().enumerate() {
            let out_now = out.eliminations.iter().any(|e| e.player == k);
            prop_assert!(c == 0 || out_now || out.winner == Some(k), "only busts and the winner are paid");
        }
        if seat {
            let mut places: Vec<(u64, u64)> = out.eliminations.iter().map(|e| e.places.unwrap()).collect();
            places.sort_unstable();
            places.dedup();
            prop_assert_eq!(places.len() as u64, m);
        }
    }
}
