//! The contract's public behaviour, through its public API only: the
//! refusals the core decides, as each route places and words them, and the
//! shape walk on the contract's request types. Tests that need the
//! contract's private items stay beside them, in `src/`.

mod bad_beat_refusals;
mod card_twice_refusals;
mod cards_refusals;
mod cash_out_refusals;
mod chip_race_refusals;
mod chips_refusals;
mod deal_refusals;
mod draw_refusals;
mod equity_refusals;
mod fraction;
mod hand_for_hand_refusals;
mod next_hand_refusals;
mod openapi_examples;
mod prize_table_refusals;
mod refusal;
mod schema_enums;
mod seating_refusals;
mod shape;
mod showdown_refusals;
mod tables_refusals;
mod tournament_refusals;
mod validate;
