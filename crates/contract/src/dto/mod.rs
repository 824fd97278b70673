//! The JSON contract of API.md: request and response types.
//!
//! Field names are camelCase; unknown request fields are rejected so a typo
//! never silently defaults. Fields may be added here, never renamed.

mod bad_beat;
mod bad_beat_schema;
mod cash_out;
mod event;
mod next_hand;
mod request;
mod tournament;
mod variants;

pub use bad_beat::*;
pub use cash_out::*;
pub use event::*;
pub use next_hand::*;
pub use request::*;
pub use tournament::*;
pub use variants::*;
