//! The JSON of `POST /v1/settle` (API.md): the request, the
//! `hand_complete` answer and what a hand adds to them, re-exported as
//! `settle::*` as every route's DTOs are.
//!
//! Field names are camelCase; unknown request fields are rejected so a typo
//! never silently defaults. Fields may be added here, never renamed.

mod bad_beat;
mod bad_beat_schema;
mod cash_out;
mod event;
mod hand_rank;
mod request;
mod showdown;
mod tournament;

pub use crate::next_hand::NextHand;
pub use bad_beat::*;
pub use cash_out::*;
pub use event::*;
pub use hand_rank::*;
pub use request::*;
pub use showdown::*;
pub use tournament::*;
