//! A tournament hand (RULES.md §12, §14.1-14.3): who is knocked out, their
//! places, who collects their bounties and the prize money paid.

pub(super) mod answer;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
