//! The core crate's integration tests, one binary (each file a module), so
//! the crate and its dependencies are linked once rather than once a file.

mod bad_beat;
mod bad_beat_props;
mod betting;
mod betting_common;
mod betting_props;
mod betting_rules;
mod boards;
mod boards_props;
mod cash_out;
mod cash_out_props;
mod cash_out_refusal;
mod chip_race;
mod chip_race_draw;
mod chip_race_props;
mod common;
mod deal;
mod deal_props;
mod first_hand;
mod hi_lo_odd_chips;
mod next_hand;
mod next_hand_props;
mod prize;
mod prize_props;
mod properties;
mod rake;
mod rake_props;
mod rake_spread;
mod refusal_words;
mod rules;
mod showdown;
mod showdown_props;
mod tables_props;
mod tournament;
mod tournament_props;
mod worked_examples;
