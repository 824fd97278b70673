//! Property tests of RULES.md §16: a random player that always picks from
//! the next action's options is never found at fault, and an action
//! mutated out of the options is the first finding, at its step.

use crate::betting_common::*;
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use showdown_cards::Card;
use showdown_core::betting::{
    Act, Action, BettingHand, Dealt, Forced, Limits, Next, Options, Step, Structure,
};
use showdown_core::{next_action, replay_betting};

/// A played hand, with each player's step and the options it chose from.
struct Played {
    hand: BettingHand,
    choices: Vec<(usize, usize, Options)>,
}

fn structure(kind: u8) -> Structure {
    match kind % 4 {
        0 => nl(20),
        1 => pl(20),
        2 => Structure::FixedLimit(Limits::new(20, 40)),
        _ => Structure::FixedLimit(Limits {
            cap_heads_up: false,
            ..Limits::new(20, 40)
        }),
    }
}

/// The forced bets: antes (sometimes), the blinds, a straddle (sometimes).
fn posts(rng: &mut ChaCha8Rng, n: usize, button: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    if rng.random_bool(0.3) {
        steps.extend((0..n).map(|p| post(p, Forced::Ante, 5)));
    }
    let at = |k: usize| (button + k) % n;
    let (small, big) = if n == 2 {
        (at(0), at(1))
    } else {
        (at(1), at(2))
    };
    steps.push(sb(small, 10));
    steps.push(bb(big, 20));
    if n > 3 && rng.random_bool(0.2) {
        steps.push(post(at(3), Forced::Straddle, 40));
    }
    steps
}

/// Picks one of the options: fold rarely, a raise of a random size.
fn pick(rng: &mut ChaCha8Rng, o: &Options) -> Act {
    let roll = rng.random_range(0..10);
    if let (Some(r), true) = (o.raise, roll < 4) {
        let to = rng.random_range(r.min..=r.max.min(r.min + 200));
        let to = if rng.random_bool(0.2) { r.max } else { to };
        // Nobody to call (§16.3): the one total below the minimum.
        let to = match r.match_all {
            Some(all) if rng.random_bool(0.5) => all,
            _ => to,
        };
        return Act::Raise { to };
    }
    match (o.call, o.check) {
        _ if roll == 9 => Act::Fold,
        (Some(c), _) => Act::Call { to: c.to },
        (None, true) => Act::Check,
        _ => Act::Fold,
    }
}

fn play(seed: u64, kind: u8, n: usize) -> Played {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let stacks: Vec<u64> = (0..n).map(|_| rng.random_range(1..=40) * 10).collect();
    let button = rng.random_range(0..n);
    let steps = posts(&mut rng, n, button);
    let mut h = hand(structure(kind), &stacks, button as u32 + 1, steps);
    let mut choices = Vec::new();
    let mut card = 0u8;
    for _ in 0..200 {
        match next_action(&h).expect("a legal hand plays") {
            Next::Act { player, options } => {
                let act = pick(&mut rng, &options);
                choices.push((h.steps.len(), player, options));
                h.steps.push(Step::Act(Action::new(player, act)));
            }
            Next::Deal { .. } => {
                h.steps.push(Step::Deal {
                    to: Dealt::Board,
                    cards: vec![Card::from_index(card)],
                });
                card += 1;
            }
            Next::Over(_) => break,
        }
    }
    Played { hand: h, choices }
}

/// An action outside the options `o` (it may still be refused, when it
/// puts in more than the stack).
fn outside(o: &Options, way: u8) -> Option<Act> {
    let call = o.call.map_or(0, |c| c.to);
    match (way % 4, o.raise, o.call) {
        (0, _, Some(_)) => Some(Act::Check),
        (1, Some(r), _) if r.min - 1 > call && r.match_all != Some(r.min - 1) => {
            Some(Act::Raise { to: r.min - 1 })
        }
        (2, Some(r), _) => r.max.checked_add(1).map(|to| Act::Raise { to }),
        (3, None, Some(c)) if !c.all_in => Some(Act::Raise { to: c.to + 1 }),
        _ => None,
    }
}

#[test]
fn rules_16_7_random_hands_are_played_to_the_end() {
    let (mut acts, mut raises, mut over) = (0, 0, 0);
    for seed in 0..200 {
        let played = play(seed, seed as u8, 2 + seed as usize % 5);
        acts += played.choices.len();
        raises += played
            .hand
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Act(a) if matches!(a.act, Act::Raise { .. })))
            .count();
        over += usize::from(showdown_core::derive_betting(&played.hand).is_ok());
    }
    assert_eq!(over, 200);
    assert!(
        acts > 1000 && raises > 200,
        "{acts} actions, {raises} raises"
    );
}

#[test]
fn rules_16_6_mutations_reach_every_kind_of_finding() {
    let mut codes = std::collections::BTreeMap::new();
    for seed in 0..300u64 {
        let played = play(seed, seed as u8, 2 + seed as usize % 5);
        for (k, &(at, player, options)) in played.choices.iter().enumerate() {
            let Some(act) = outside(&options, (seed as usize + k) as u8) else {
                continue;
            };
            let mut h = played.hand.clone();
            h.steps.truncate(at);
            h.steps.push(Step::Act(Action::new(player, act)));
            if let Ok(r) = replay_betting(&h) {
                let first = r.verdict.findings.first().copied();
                assert_eq!(first.map(|f| f.step), Some(at), "{options:?} {h:?}");
                *codes.entry(first.map(|f| f.code.name())).or_insert(0) += 1;
            }
        }
    }
    assert!(codes.len() >= 7, "{codes:?}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn rules_16_6_16_7_a_player_picking_from_the_options_is_never_at_fault(
        seed in any::<u64>(), kind in any::<u8>(), n in 2usize..=6,
    ) {
        let played = play(seed, kind, n);
        let r = replay_betting(&played.hand).expect("never refused");
        prop_assert!(r.verdict.legal(), "{:?} in {:?}", r.verdict, played.hand);
        prop_assert!(r.derived.is_some());
    }

    #[test]
    fn rules_16_6_an_action_outside_the_options_is_the_first_finding(
        seed in any::<u64>(), kind in any::<u8>(), n in 2usize..=6,
        pick_at in any::<prop::sample::Index>(), way in any::<u8>(),
    ) {
        let played = play(seed, kind, n);
        prop_assume!(!played.choices.is_empty());
        let (at, player, options) = played.choices[pick_at.index(played.choices.len())];
        let act = outside(&options, way);
        prop_assume!(act.is_some());
        let mut h = played.hand.clone();
        h.steps.truncate(at);
        h.steps.push(Step::Act(Action::new(player, act.expect("some"))));
        let r = replay_betting(&h);
        prop_assume!(r.is_ok());
        let first = r.expect("ok").verdict.findings.first().map(|f| f.step);
        prop_assert_eq!(first, Some(at), "{:?} {:?}", options, h);
    }

    #[test]
    fn rules_16_2_an_action_by_another_player_is_out_of_turn(
        seed in any::<u64>(), kind in any::<u8>(), n in 3usize..=6,
        pick_at in any::<prop::sample::Index>(), other in 1usize..6,
    ) {
        let played = play(seed, kind, n);
        prop_assume!(!played.choices.is_empty());
        let (at, player, _) = played.choices[pick_at.index(played.choices.len())];
        let q = (player + other) % n;
        prop_assume!(q != player);
        let mut h = played.hand.clone();
        h.steps.truncate(at);
        h.steps.push(Step::Act(Action::new(q, Act::Fold)));
        if let Ok(r) = replay_betting(&h) {
            let first = r.verdict.findings.first().map(|f| (f.step, f.code.name()));
            prop_assert_eq!(first, Some((at, "outOfTurn")));
        }
    }
}
