//! The house's take (RULES.md §8): the rake and the jackpot drop, their
//! terms and what they took from each pot and player.

pub(super) mod answer;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
