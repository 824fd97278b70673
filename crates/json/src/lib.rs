//! JSON bodies read into typed requests, and every fault found said as an
//! RFC 9457 problem with JSON Pointers: the typed parse, the walk that
//! lists every shape problem of a 400 (`shape`), the problems accumulator
//! a validation shares, and the words of a closed set's refusal.
//!
//! A crate of its own because none of it knows poker: the contract builds
//! its requests and rules on it, and the server renders its problems, so
//! the machinery can change without touching a rule, and a rule without
//! touching the machinery.

#![forbid(unsafe_code)]

pub mod closed_set;
pub mod invalid;
pub mod objects;
pub mod parse;
pub mod pointer;
pub mod problem;
pub mod problems;
mod shape;
pub mod string_bound;
#[cfg(test)]
mod test_request;

pub use invalid::{FieldError, Invalid, MAX_LISTED};
pub use parse::parse_json;
pub use problem::Problem;
pub use problems::Problems;
pub use string_bound::MAX_STRING_BYTES;

/// The shape walk's insides, for the contract's tests that hold the walk
/// to the typed parse on every request type it has: no part of the API.
#[doc(hidden)]
pub mod walk_probe {
    pub use crate::parse::field_error;
    pub use crate::shape::{every, walk, Node, WALK_BUDGET};
}
