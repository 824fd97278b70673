//! The Showdown HTTP service: the contract of API.md over the cards and core crates.

pub mod dto;
