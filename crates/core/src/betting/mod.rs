//! The betting of a hand as played (RULES.md §16): who acts, what each
//! player may do, re-opening, the end of a round and of the hand, the
//! verdict on every action and the settle inputs the actions give.
//!
//! Pure: players are indices into [`BettingHand::seats`], findings and
//! refusals name a step by its index in [`BettingHand::steps`], and
//! amounts are integer chips, each action's the round total it makes.

mod action;
mod derive;
mod end;
mod judge;
mod options;
mod play;
mod round;
mod structure;
mod turn;
mod verdict;

pub use action::{Act, Action, BettingHand, Dealt, Forced, Seat, Step};
pub use derive::Derived;
pub use end::End;
pub use options::{Aggression, Call, Next, Options, Raise};
pub use structure::{Game, Limits, Structure, DEFAULT_CAP};
pub use verdict::{BettingError, BettingRefusal, Code, Finding, Verdict};

use play::Play;

/// The hand replayed: the verdict, the next action, and the settle inputs
/// once the hand has ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    pub verdict: Verdict,
    pub next: Next,
    /// `None` while the hand is in progress.
    pub derived: Option<Derived>,
}

fn play(hand: &BettingHand) -> Result<Play<'_>, BettingError> {
    let mut play = Play::new(hand)?;
    for (i, step) in hand.steps.iter().enumerate() {
        play.step(i, step)?;
    }
    play.settle_state();
    Ok(play)
}

/// Replays every step: the refusal of the first that cannot be applied.
pub fn replay(hand: &BettingHand) -> Result<Replay, BettingError> {
    let play = play(hand)?;
    Ok(Replay {
        verdict: Verdict {
            findings: play.findings.clone(),
        },
        next: play.next(),
        derived: play.derived(),
    })
}

/// The verdict on the hand's betting (§16.6).
pub fn verdict(hand: &BettingHand) -> Result<Verdict, BettingError> {
    replay(hand).map(|r| r.verdict)
}

/// Who is to act next and what they may do (§16.7).
pub fn next_action(hand: &BettingHand) -> Result<Next, BettingError> {
    replay(hand).map(|r| r.next)
}

/// The settle inputs (§16.5); refused while the hand has not ended.
pub fn derive(hand: &BettingHand) -> Result<Derived, BettingError> {
    replay(hand)?.derived.ok_or(BettingError {
        step: None,
        refusal: BettingRefusal::NotEnded,
    })
}
