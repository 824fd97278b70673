//! All-in cash-outs (RULES.md §10.5-10.6): each player paid their
//! equity's value less the fee, their hand's winnings to the house.

pub(super) mod answer;
pub(super) mod check;
pub(super) mod dto;
pub(super) mod explain;
