//! The JSON contract of API.md and the settle pipeline behind it.
//!
//! Request and response types with their OpenAPI schemas, validation with
//! JSON Pointers, the explanation of every chip, and the pipeline from a
//! request to its `hand_complete` event. Reading bodies and the problem
//! bodies themselves are `showdown-json`'s, which knows no poker. The
//! contract knows no HTTP framework, so the service, the command line and the fuzz targets share
//! it and none of them can bend the contract for the others.

#![forbid(unsafe_code)]

pub mod bad_beat;
pub mod cash_out;
pub mod chip_race;
pub mod deal;
pub mod draw;
pub mod dto;
pub mod equity;
pub mod explain;
pub mod fraction;
pub mod next_hand;
pub mod prize;
pub mod prizes;
pub mod schema_enums;
pub mod settle;
pub mod step;
pub mod tables;
pub mod tournament;
pub mod validate;

mod problems;
#[cfg(test)]
mod shape_tests;

pub use settle::settle_request;
