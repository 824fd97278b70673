//! Several boards (RULES.md §9): run it twice and double-board games, each
//! board's hands ranked and its part of each pot.

pub(super) mod answer;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
