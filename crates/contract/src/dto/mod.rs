//! The JSON contract of API.md: request and response types.
//!
//! Field names are camelCase; unknown request fields are rejected so a typo
//! never silently defaults. Fields may be added here, never renamed.

mod event;
mod request;
mod variants;

pub use event::*;
pub use request::*;
pub use variants::*;
