//! The bad-beat jackpot (RULES.md §11): whether the hand qualifies and who
//! is paid what from the fund; its answer's schema is written by hand
//! (`schema.rs`).

pub(super) mod answer;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
mod schema;
