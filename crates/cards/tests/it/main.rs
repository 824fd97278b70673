//! The cards crate's integration tests, one binary (each file a module), so
//! the crate and its dependencies are linked once rather than once a file.

mod common;
mod exhaustive;
mod props;
mod showdown;
