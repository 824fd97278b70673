//! The all-in expectation (RULES.md §17): what each live player was due
//! from the pots when the betting ended, exact, beside what they won.

pub(super) mod answer;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
