//! The JSON of `POST /v1/settle` (API.md): the request, the
//! `hand_complete` answer and what a hand adds to them, re-exported as
//! `settle::*` as every route's DTOs are.
//!
//! Field names are camelCase; unknown request fields are rejected so a typo
//! never silently defaults. Fields may be added here, never renamed.

#[path = "../bad_beat/dto.rs"]
mod bad_beat;
#[path = "../bad_beat/schema.rs"]
mod bad_beat_schema;
#[path = "../cash_out/dto.rs"]
mod cash_out;
#[path = "../pots/dto.rs"]
mod event;
mod hand_rank;
#[path = "../dto.rs"]
mod request;
#[path = "../showdown/dto.rs"]
mod showdown;
#[path = "../tournament/dto.rs"]
mod tournament;

pub use crate::next_hand::NextHand;
pub use bad_beat::*;
pub use cash_out::*;
pub use event::*;
pub use hand_rank::*;
pub use request::*;
pub use showdown::*;
pub use tournament::*;
