//! Settings and build facts, the ground floor of the service: the defaults
//! every setting starts from, the bounds each must lie within, and which
//! build is running. It imports nothing of the crate, so the edge, the
//! routes and the command line all stand on it and none reaches up.

pub(crate) mod bounds;
pub(crate) mod build;
pub(crate) mod defaults;

pub(crate) use bounds::{Bound, SettingError};
pub(crate) use build::{PROFILE, VERSION};
