//! The formats of a hand as played, one module each: Poker Hand History
//! (`phh`, TOML) and Open Hand History (`ohh`, JSON). Each reads a record
//! into the core's betting steps and a settle request, and writes back
//! what the settlement found.
//!
//! A crate of its own because a recorded hand's conventions (decimal
//! amounts, the order blinds are listed, what a raise's amount counts)
//! are the formats', not the rules': the core judges the betting, the
//! contract settles, and this crate only translates, for the server, the
//! command line and the corpus tests alike.

#![forbid(unsafe_code)]

mod decimal;
pub mod ohh;
pub mod phh;
pub mod progress;
pub mod replay;

pub use decimal::Decimal;
