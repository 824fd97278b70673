//! The Showdown HTTP service: the contract of API.md over the cards and core crates.

pub mod dto;
pub mod phh;
pub mod problem;
pub mod settle;
pub mod validate;

pub use settle::settle_request;
pub use validate::{FieldError, Invalid};
