//! Builders for the betting tests: players 0.. sit in seats 1.., and a
//! hand is its structure, stacks, button and steps.

use showdown_cards::Card;
use showdown_core::betting::{
    Act, Action, BettingHand, Dealt, Forced, Game, Limits, Next, Options, Seat, Step, Structure,
};

pub fn hand(structure: Structure, stacks: &[u64], button: u32, steps: Vec<Step>) -> BettingHand {
    BettingHand {
        seats: stacks
            .iter()
            .enumerate()
            .map(|(i, &stack)| Seat {
                seat: i as u32 + 1,
                stack,
                sitting_out: false,
            })
            .collect(),
        button: Some(button),
        game: Game::Flop,
        structure,
        chip_unit: 1,
        steps,
        showing: None,
        bring_in: 0,
    }
}

pub fn nl(min_bet: u64) -> Structure {
    Structure::NoLimit { min_bet }
}

pub fn pl(min_bet: u64) -> Structure {
    Structure::PotLimit { min_bet }
}

pub fn fl(small: u64, big: u64) -> Structure {
    Structure::FixedLimit(Limits::new(small, big))
}

fn act(p: usize, act: Act) -> Step {
    Step::Act(Action::new(p, act))
}

pub fn post(p: usize, forced: Forced, amount: u64) -> Step {
    act(
        p,
        Act::Post {
            forced,
            amount,
            dead: false,
        },
    )
}

pub fn sb(p: usize, amount: u64) -> Step {
    post(p, Forced::SmallBlind, amount)
}

pub fn bb(p: usize, amount: u64) -> Step {
    post(p, Forced::BigBlind, amount)
}

pub fn fold(p: usize) -> Step {
    act(p, Act::Fold)
}

pub fn check(p: usize) -> Step {
    act(p, Act::Check)
}

pub fn call(p: usize, to: u64) -> Step {
    act(p, Act::Call { to })
}

pub fn bet(p: usize, to: u64) -> Step {
    act(p, Act::Bet { to })
}

pub fn raise(p: usize, to: u64) -> Step {
    act(p, Act::Raise { to })
}

pub fn show(p: usize) -> Step {
    act(p, Act::Show)
}

pub fn muck(p: usize) -> Step {
    act(p, Act::Muck)
}

pub fn board(cards: &str) -> Step {
    let cards = cards
        .split_whitespace()
        .map(|c| c.parse::<Card>().expect("a card"))
        .collect();
    Step::Deal {
        to: Dealt::Board,
        cards,
    }
}

/// The player to act and their options; panics when nobody is.
pub fn to_act(hand: &BettingHand) -> (usize, Options) {
    match showdown_core::next_action(hand).expect("a playable hand") {
        Next::Act { player, options } => (player, options),
        other => panic!("nobody to act: {other:?}"),
    }
}

/// The smallest and largest bet or raise of the player to act.
pub fn raise_range(hand: &BettingHand) -> Option<(u64, u64)> {
    to_act(hand).1.raise.map(|r| (r.min, r.max))
}

/// The call total of the player to act.
pub fn call_to(hand: &BettingHand) -> Option<u64> {
    to_act(hand).1.call.map(|c| c.to)
}

/// The codes of the findings with their steps.
pub fn findings(hand: &BettingHand) -> Vec<(usize, &'static str)> {
    showdown_core::betting_verdict(hand)
        .expect("a playable hand")
        .findings
        .iter()
        .map(|f| (f.step, f.code.name()))
        .collect()
}

/// `hand` with `more` steps after its own.
pub fn then(hand: &BettingHand, more: Vec<Step>) -> BettingHand {
    let mut h = hand.clone();
    h.steps.extend(more);
    h
}
