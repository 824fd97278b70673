//! The HTTP edge: serving connections with their limits, the middleware
//! every route sits behind, access control, metrics, configuration and the
//! state the handlers share. Nothing here knows a rule of poker.

pub mod auth;
mod bearer;
pub mod compute;
pub mod config;
pub mod extract;
pub mod metrics;
pub mod middleware;
pub mod otlp;
pub mod problem_response;
pub mod request_id;
pub mod serve;
pub mod span_fields;
pub mod state;
pub mod trace_context;
