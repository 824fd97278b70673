//! What build is running: its version and profile, as the start-up log
//! line, the metrics and the OpenAPI document say them.

/// The crate's version (`Cargo.toml`).
pub(crate) const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The build profile: `debug` for an unoptimised build, else `release`
/// (`make run`, the image's `dist`), so a slow service shows why.
pub(crate) const PROFILE: &str = if cfg!(debug_assertions) {
    "debug"
} else {
    "release"
};
