//! Property tests of the showdown (RULES.md §15) over random hands on 1 to
//! 4 boards, one- and two-sided, with side pots: a hand that wins or ties
//! any part of any pot is always shown; a mucked hand is beaten, in every
//! pot it was in, by the best hand shown before it; face up, nothing is
//! mucked; the chips are the settlement's, untouched.

use crate::boards_props::{arb_deal, Deal};
use proptest::prelude::*;
use showdown_core::{
    settle_boards, showdown, FaceUp, Hands, Muck, Pot, ShowEntries, ShowEntry, ShowOrder,
    ShowdownHand, ShowdownTerms, Why,
};

fn arb_terms(n: usize) -> impl Strategy<Value = (ShowdownTerms, Vec<bool>)> {
    let order = prop::sample::select(vec![ShowOrder::Action, ShowOrder::Pots, ShowOrder::Seat]);
    (
        prop::option::of(0..n),
        any::<bool>(),
        prop::sample::select(vec![Muck::Losers, Muck::Losers, Muck::None]),
        prop::sample::select(vec![FaceUp::AllIn, FaceUp::BettingOver, FaceUp::RunOut]),
        order.clone(),
        prop::option::of(order),
        prop::collection::vec(prop::bool::weighted(0.2), n),
    )
        .prop_map(
            |(last_aggressor, run_out, muck, face_up, order, face_up_order, shows)| {
                let terms = ShowdownTerms {
                    last_aggressor,
                    run_out,
                    muck,
                    face_up,
                    order,
                    face_up_order,
                    all_face_up: None,
                };
                (terms, shows)
            },
        )
}

/// A deal, its pots, and the showdown under terms the contract would let
/// through (a live aggressor, a run-out only when the betting had ended,
/// no folded player showing).
fn run(
    d: &Deal,
    (mut terms, mut shows): (ShowdownTerms, Vec<bool>),
) -> Option<(Vec<Pot>, ShowEntries, ShowdownTerms)> {
    let s = settle_boards(&d.input, &d.more).ok()?.settlement;
    let players = &d.input.players;
    shows.truncate(players.len());
    for (k, p) in players.iter().enumerate() {
        shows[k] &= !p.folded;
    }
    let live = |a: &usize| players.get(*a).is_some_and(|p| !p.folded);
    terms.last_aggressor = terms.last_aggressor.filter(live);
    let betting = players
        .iter()
        .filter(|p| !p.folded && !showdown_core::showdown::is_all_in(p));
    terms.run_out &= betting.count() <= 1;
    let h = ShowdownHand {
        input: &d.input,
        more_boards: &d.more,
        pots: &s.pots,
        shows: &shows,
        jackpot: &[],
        showing: None,
    };
    let entries = showdown(&h, &terms).ok()?;
    Some((s.pots, entries, terms))
}

/// Player k's hands on each board.
fn on_boards(d: &Deal, k: usize) -> Vec<Hands> {
    std::iter::once(d.input.players[k].hands)
        .chain(d.more.iter().map(|b| b[k]))
        .map(Option::unwrap)
        .collect()
}

/// Whether `k` has the best high, or the best low, among `pot`'s players
/// on some board (a tie counts).
fn wins_or_ties(d: &Deal, pot: &Pot, k: usize) -> bool {
    let mine = on_boards(d, k);
    (0..mine.len()).any(|b| {
        let hands: Vec<Hands> = pot.eligible.iter().map(|&j| on_boards(d, j)[b]).collect();
        let best_high = hands.iter().map(|h| h.high.value).max();
        let best_low = hands.iter().filter_map(|h| h.low.map(|l| l.value)).max();
        Some(mine[b].high.value) == best_high
            || mine[b].low.is_some_and(|l| Some(l.value) == best_low)
    })
}

/// Whether the hands shown before turn `t` beat `k` in `pot`, on every
/// board and in every half `k` holds there.
fn beaten_before(d: &Deal, pot: &Pot, entries: &[ShowEntry], t: usize, k: usize) -> bool {
    let before: Vec<usize> = entries[..t]
        .iter()
        .filter(|e| e.shown && pot.eligible.contains(&e.player))
        .map(|e| e.player)
        .collect();
    let mine = on_boards(d, k);
    !before.is_empty()
        && (0..mine.len()).all(|b| {
            let shown: Vec<Hands> = before.iter().map(|&j| on_boards(d, j)[b]).collect();
            let high = shown.iter().any(|h| h.high.value > mine[b].high.value);
            let low = mine[b].low.is_none_or(|l| {
                shown
                    .iter()
                    .any(|h| h.low.is_some_and(|x| x.value > l.value))
            });
            high && low
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1024))]

    /// RULES.md §15.3: no hand that wins or ties any part of a contested
    /// pot is ever mucked, whatever the order and the house's settings (a
    /// pot left to one live player is won unseen).
    #[test]
    fn rules_15_3_a_hand_that_wins_or_ties_any_pot_is_always_shown(
        d in arb_deal(), t in arb_terms(6)
    ) {
        let Some((pots, entries, _)) = run(&d, t) else { return Ok(()) };
        prop_assume!(entries.len() > 1);
        for pot in pots.iter().filter(|p| p.eligible.len() >= 2) {
            for &k in &pot.eligible {
                if wins_or_ties(&d, pot, k) {
                    let e = entries.iter().find(|e| e.player == k).unwrap();
                    prop_assert!(e.shown, "{k} wins or ties pot {pot:?}: {entries:?}");
                }
            }
        }
    }

    /// RULES.md §15.3: a mucked hand could not beat or tie the best hand
    /// shown before it in any pot it contested, on any board, in any half.
    #[test]
    fn rules_15_3_a_mucked_hand_is_beaten_by_a_hand_shown_before_it(
        d in arb_deal(), t in arb_terms(6)
    ) {
        let Some((pots, entries, _)) = run(&d, t) else { return Ok(()) };
        for (t, e) in entries.iter().enumerate().filter(|(_, e)| !e.shown) {
            prop_assert!(e.why == Why::Beaten || e.why == Why::Uncontested);
            if e.why == Why::Uncontested {
                continue;
            }
            let contested = pots.iter().filter(|p| p.eligible.len() >= 2);
            for pot in contested.filter(|p| p.eligible.contains(&e.player)) {
                prop_assert!(beaten_before(&d, pot, &entries, t, e.player), "{e:?} {pot:?} {entries:?}");
            }
        }
    }

    /// RULES.md §15.2: at a face-up showdown (and under `muck: none`)
    /// every live hand is shown; each live player is listed once.
    #[test]
    fn rules_15_2_face_up_nothing_is_mucked(d in arb_deal(), t in arb_terms(6)) {
        let Some((_, entries, terms)) = run(&d, t) else { return Ok(()) };
        let live = d.input.players.iter().filter(|p| !p.folded).count();
        prop_assert_eq!(entries.len(), live);
        let mut seen: Vec<usize> = entries.iter().map(|e| e.player).collect();
        seen.sort_unstable();
        seen.dedup();
        prop_assert_eq!(seen.len(), live);
        let face_up = showdown_core::showdown::is_face_up(&d.input, &terms);
        if live > 1 && (face_up || terms.muck == Muck::None) {
            prop_assert!(entries.iter().all(|e| e.shown), "{entries:?}");
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// The core takes players in any order: listed the other way round,
    /// the same players show, in the same order, for the same reasons.
    #[test]
    fn rules_15_4_the_order_of_players_never_changes_the_showdown(
        d in arb_deal(), t in arb_terms(6)
    ) {
        let Some((_, entries, terms)) = run(&d, t.clone()) else { return Ok(()) };
        let n = d.input.players.len();
        let mut turned = d.clone();
        turned.input.players.reverse();
        for board in &mut turned.more {
            board.reverse();
        }
        let (terms_turned, mut shows) = t;
        shows.truncate(n);
        shows.reverse();
        let terms_turned = ShowdownTerms {
            last_aggressor: terms.last_aggressor.map(|a| n - 1 - a),
            ..terms_turned
        };
        let Some((_, got, _)) = run(&turned, (terms_turned, shows)) else {
            return Err(TestCaseError::fail("the turned hand did not settle"));
        };
        let back: Vec<(usize, bool, Why)> = got.iter().map(|e| (n - 1 - e.player, e.shown, e.why)).collect();
        let want: Vec<(usize, bool, Why)> = entries.iter().map(|e| (e.player, e.shown, e.why)).collect();
        prop_assert_eq!(back, want);
    }
}
