//! The pots and odd chips: the core hand every settle request is (RULES.md
//! §1-§4). Its players, ranked hands and pots in the request and answer
//! (`dto.rs`); the 422 checks of the hand and of its cards (`check.rs`,
//! `cards.rs`); every live hand ranked and the hand as the core reads it
//! (`rank.rs`); the event's pots, winners and uncalled bets (`answer.rs`);
//! and the explanation of each pot (`explain.rs`, its award `award.rs`).

pub(super) mod answer;
mod award;
pub(super) mod cards;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
pub(super) mod rank;
