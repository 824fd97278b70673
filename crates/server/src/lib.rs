//! The Showdown HTTP service: the contract of API.md over the cards and core crates.
//!
//! The public surface is what the binary, the tests, the fuzz targets and
//! the examples use; the edge (routes, middleware, metrics) stays inside.

#![forbid(unsafe_code)]

pub mod auth;
pub mod cli;
pub mod config;
pub mod dto;
pub mod explain;
pub mod phh;
pub mod serve;
pub mod settle;
pub mod validate;

mod dto_chip_race;
mod dto_draw;
mod extract;
mod metrics;
mod middleware;
mod problem;
mod problems;
mod routes;
mod schema_enums;
mod shape_problems;
mod shape_words;
mod state;

pub use config::AppConfig;
pub use extract::parse_json;
pub use middleware::with_layers;
pub use problem::Problem;
pub use routes::{app, openapi};
pub use settle::settle_request;
pub use state::AppState;
pub use validate::{FieldError, Invalid};
