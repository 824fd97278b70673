//! The JSON contract of API.md and the settle pipeline behind it.
//!
//! Request and response types with their OpenAPI schemas, validation with
//! JSON Pointers, the explanation of every chip, and the pipeline from a
//! request to its `hand_complete` event. Reading bodies and the problem
//! bodies themselves are `showdown-json`'s, which knows no poker. The
//! contract knows no HTTP framework, so the service, the command line and the fuzz targets share
//! it and none of them can bend the contract for the others.

#![forbid(unsafe_code)]

pub mod chip_race;
pub mod deal;
mod deck;
pub mod draw;
pub mod equity;
pub mod fraction;
mod next_hand;
mod prize_table;
pub mod prizes;
pub mod schema_enums;
pub mod settle;
pub mod tables;
pub mod unanswered;
pub mod variants;

mod problems;
mod request_names;

pub use request_names::RequestNames;

pub use settle::settle_request;
pub use unanswered::Unanswered;

/// A player's id or name in the answer: borrowed from the request it
/// answers, so the event of a six-player hand does not copy each id five
/// times (eligible, shares, finalChipStacks, ...); owned when the event
/// is read back (`HandCompleteEvent<'static>`).
pub type Id<'a> = std::borrow::Cow<'a, str>;

/// A flag that defaults to false, with `null` read as absent: every
/// optional field takes null (API.md), and clients that fill defaults
/// with `None` or `null` send it.
pub(crate) fn null_is_false<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    <Option<bool> as serde::Deserialize>::deserialize(d).map(Option::unwrap_or_default)
}
