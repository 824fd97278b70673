//! The HTTP edge: serving connections with their limits, the middleware
//! every route sits behind, access control, metrics, configuration and the
//! state the handlers share. Nothing here knows a rule of poker.

pub(crate) mod answer;
pub mod auth;
mod bearer;
mod body;
pub mod budget;
pub(crate) mod compute;
pub mod config;
pub(crate) mod extract;
pub(crate) mod host;
pub(crate) mod metrics;
pub(crate) mod middleware;
pub(crate) mod otlp;
pub(crate) mod problem_response;
pub(crate) mod request_id;
pub mod route_terms;
pub(crate) mod serve;
pub(crate) mod state;
pub(crate) mod trace_context;
