//! The JSON contract of API.md and the settle pipeline behind it.
//!
//! Request and response types with their OpenAPI schemas, validation with
//! JSON Pointers, problem bodies, the explanation of every chip, and the
//! pipeline from a request to its `hand_complete` event. It knows no HTTP
//! framework, so the service, the command line and the fuzz targets share
//! it and none of them can bend the contract for the others.

#![forbid(unsafe_code)]

pub mod bad_beat;
pub mod cash_out;
pub mod chip_race;
mod closed_set;
pub mod deal;
pub mod draw;
pub mod dto;
pub mod equity;
pub mod explain;
pub mod fraction;
pub mod invalid;
pub mod next_hand;
pub mod objects;
pub mod parse;
pub mod pointer;
pub mod prize;
pub mod problem;
pub mod schema_enums;
pub mod settle;
pub mod step;
pub mod tables;
pub mod tournament;
pub mod validate;

mod problems;
mod shape;

pub use invalid::{FieldError, Invalid, MAX_LISTED};
pub use parse::parse_json;
pub use problem::Problem;
pub use settle::settle_request;
