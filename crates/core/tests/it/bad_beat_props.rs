//! Property tests of the bad-beat jackpot (RULES.md §11.4) over random
//! tables of 2 to 9 players, hands with many ties, chip units and terms.

use proptest::prelude::*;
use showdown_core::{
    bad_beat, BadBeatOutcome, BadBeatPlayer, BadBeatRole, BadBeatTerms, BadBeatWin,
};

const CASES: u32 = 512;

/// A player as (live, high value, both hole cards play).
fn arb_player() -> impl Strategy<Value = (bool, u64, bool)> {
    (
        prop::bool::weighted(0.7),
        0u64..6,
        prop::bool::weighted(0.8),
    )
}

/// Players with distinct seats, terms in chips, the chip unit.
fn arb_table() -> impl Strategy<Value = (Vec<BadBeatPlayer>, BadBeatTerms, u64)> {
    let players = (2usize..=9).prop_flat_map(|n| {
        (
            prop::sample::subsequence((1u32..=10).collect::<Vec<_>>(), n),
            prop::collection::vec(arb_player(), n),
        )
    });
    let shares = (0u32..=10_000, 0u32..=10_000, 0u32..=10_000).prop_map(|(a, b, c)| {
        // Scaled to at most 10000 together.
        let sum = (a + b + c).max(10_000);
        (a * 10_000 / sum, b * 10_000 / sum, c * 10_000 / sum)
    });
    (
        players,
        shares,
        prop::sample::select(vec![1u64, 5, 25]),
        prop_oneof![0u64..=1_000, 0u64..=1 << 40],
        0u64..4,
        any::<bool>(),
        0u32..=6,
        prop::option::of(0u32..=3),
    )
        .prop_map(
            |(
                (seats, raw),
                (loser_bp, winner_bp, table_bp),
                unit,
                pool,
                min,
                both,
                min_dealt,
                extra,
            )| {
                let players: Vec<BadBeatPlayer> = seats
                    .iter()
                    .zip(&raw)
                    .map(|(&seat, &(live, value, plays))| BadBeatPlayer {
                        seat,
                        live,
                        high: live.then_some(value),
                        both_hole_cards_play: plays,
                    })
                    .collect();
                let terms = BadBeatTerms {
                    pool: pool * unit,
                    min_losing_hand: min,
                    both_hole_cards_play: both,
                    min_players_dealt: min_dealt,
                    players_dealt: extra.map(|e| e + players.len() as u32),
                    loser_bp,
                    winner_bp,
                    table_bp,
                };
                (players, terms, unit)
            },
        )
}

fn judged(
    terms: &BadBeatTerms,
    players: &[BadBeatPlayer],
    unit: u64,
) -> Result<BadBeatOutcome, TestCaseError> {
    bad_beat(terms, players, unit).map_err(|e| TestCaseError::fail(format!("bad beat: {e}")))
}

/// The payouts by seat: (seat, role, amount), in listing order.
fn by_seat(w: &BadBeatWin, players: &[BadBeatPlayer]) -> Vec<(u32, BadBeatRole, u64)> {
    w.payouts
        .iter()
        .map(|p| (players[p.player].seat, p.role, p.amount))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// RULES.md §11.4: what is paid and what remains make up the pool; each
    /// payout is whole units, equal within a role; no player is paid twice
    /// and every player of the request is paid once.
    #[test]
    fn prop_rules_11_4_payouts_and_remaining_make_the_pool((players, terms, unit) in arb_table()) {
        let BadBeatOutcome::Qualified(w) = judged(&terms, &players, unit)? else {
            return Ok(());
        };
        let paid: u64 = w.payouts.iter().map(|p| p.amount).sum();
        prop_assert_eq!(paid, w.paid);
        prop_assert_eq!(w.paid + w.remaining, terms.pool);
        let mut seen: Vec<usize> = w.payouts.iter().map(|p| p.player).collect();
        seen.sort_unstable();
        prop_assert_eq!(seen, (0..players.len()).collect::<Vec<_>>());
        for (role, bp) in [
            (BadBeatRole::Loser, terms.loser_bp),
            (BadBeatRole::Winner, terms.winner_bp),
            (BadBeatRole::Table, terms.table_bp),
        ] {
            let amounts: Vec<u64> =
                w.payouts.iter().filter(|p| p.role == role).map(|p| p.amount).collect();
            prop_assert!(amounts.iter().all(|&a| a % unit == 0 && a == amounts[0]));
            let part = u128::from(amounts.iter().sum::<u64>());
            prop_assert!(part * 10_000 <= u128::from(terms.pool) * u128::from(bp));
        }
        // Winners hold the best live hand, losers the best below it.
        let best = players.iter().filter_map(|p| p.high).max();
        prop_assert!(w.winners.iter().all(|&i| players[i].high == best));
        prop_assert!(w.losers.iter().all(|&i| players[i].high < best));
        prop_assert!(w.losing_hand >= terms.min_losing_hand);
    }

    /// The order of the players never matters: shuffled, the same table
    /// gets the same answer, listed the same way (by role, then seat).
    #[test]
    fn prop_bad_beat_invariant_under_permuting_players(
        ((players, terms, unit), perm) in arb_table().prop_flat_map(|t| {
            let n = t.0.len();
            (Just(t), Just((0..n).collect::<Vec<usize>>()).prop_shuffle())
        })
    ) {
        let shuffled: Vec<BadBeatPlayer> = perm.iter().map(|&i| players[i]).collect();
        match (judged(&terms, &players, unit)?, judged(&terms, &shuffled, unit)?) {
            (BadBeatOutcome::Qualified(a), BadBeatOutcome::Qualified(b)) => {
                prop_assert_eq!(by_seat(&a, &players), by_seat(&b, &shuffled));
                prop_assert_eq!((a.paid, a.remaining), (b.paid, b.remaining));
                prop_assert_eq!(
                    (a.winning_hand, a.losing_hand),
                    (b.winning_hand, b.losing_hand)
                );
            }
            (a, b) => prop_assert_eq!(a, b),
        }
    }
}
