//! The Showdown HTTP service: the contract of API.md, served over axum.
//!
//! Four floors, each importing only from those below it (a test,
//! `tests/layers/import_circles.py`, holds them so): `settings` (the
//! defaults, the bounds, the version and profile) at the bottom; `edge`
//! (serving, limits, middleware, auth, metrics, configuration, state);
//! `routes` (one module per route, and the OpenAPI document); and [`cli`]
//! (the `showdown` command line) on top. The JSON contract and the settle
//! pipeline live in the `showdown-contract` crate, which knows no HTTP, and
//! hand histories in `showdown-history`; the tests and the examples use those
//! crates by their own names.

#![forbid(unsafe_code)]

pub mod cli;
mod edge;
mod routes;
mod settings;

pub use edge::middleware::with_layers;
pub use edge::route_terms::{RouteTable, RouteTerms};
pub use edge::state::AppState;
pub use edge::{auth, config};
pub use routes::{app, openapi, ROUTES};
