//! The Showdown HTTP service: the contract of API.md over the cards and core crates.

pub mod allocator;
pub mod cli;
pub mod config;
pub mod dto;
pub mod dto_chip_race;
pub mod extract;
pub mod metrics;
pub mod middleware;
pub mod phh;
pub mod problem;
pub mod routes;
pub mod settle;
pub mod validate;

pub use routes::{app, app_with, openapi};
pub use settle::settle_request;
pub use validate::{FieldError, Invalid};
