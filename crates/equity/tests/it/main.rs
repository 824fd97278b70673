//! The equity crate's integration tests, one binary (each file a module),
//! so the crate and its dependencies are linked once rather than once a file.

mod common;
mod hu_table;
mod ompeval;
mod props;
mod rules;
mod stop;
