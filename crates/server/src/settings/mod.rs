//! Settings and build facts, the ground floor of the service: the defaults
//! every setting starts from, the bounds each must lie within, and which
//! build is running. It imports nothing of the crate, so the edge, the
//! routes and the command line all stand on it and none reaches up.

pub mod bounds;
pub mod build;
pub mod defaults;

pub use bounds::{Bound, SettingError};
pub use build::{PROFILE, VERSION};
