//! The next hand after a tournament hand (RULES.md §13): where its button
//! and blinds go. Its object is the tables route's too, so it lives in
//! `crate::next_hand`, not here.

pub(super) mod answer;
pub(super) mod check;
pub(super) mod explain;
