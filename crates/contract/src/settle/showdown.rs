//! The showdown (RULES.md §15): who shows, in what order, and what an
//! answer for the whole table may show.

pub(super) mod answer;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
