//! The PHH crate's integration tests, one binary (each file a module), as
//! in the other crates. `cargo test -p showdown-history --test it corpus::`
//! runs the real-hands test.

mod corpus;
mod ohh_read;
mod phh_betting;
