//! What every handler and the middleware share, in its own module so that
//! routes and middleware both depend on it and not on each other.

use crate::edge::compute::Compute;
use crate::edge::config::AppConfig;
use crate::edge::metrics::Metrics;
use crate::edge::request_id::RequestIds;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tokio::sync::Semaphore;

/// The service's shared state: one `Arc`, so handing it to a request is
/// one reference count.
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The contents of [`AppState`].
pub struct Shared {
    pub config: AppConfig,
    pub(crate) metrics: Metrics,
    pub(crate) request_ids: RequestIds,
    /// The API's concurrency limit; an `Arc` so a test can hold a slot
    /// (`try_acquire_owned`).
    pub limiter: Arc<Semaphore>,
    /// The pool that runs enumerations, with its own limit.
    pub compute: Compute,
    /// False once shutdown has begun: `/readyz` then answers 503.
    pub ready: AtomicBool,
}

impl std::ops::Deref for AppState {
    type Target = Shared;

    fn deref(&self) -> &Shared {
        &self.0
    }
}

impl AppState {
    pub fn new(config: AppConfig) -> AppState {
        AppState(Arc::new(Shared {
            limiter: Arc::new(Semaphore::new(config.concurrency_limit.max(1))),
            compute: Compute::new(config.compute_threads, config.compute_limit),
            config,
            metrics: Metrics::default(),
            request_ids: RequestIds::default(),
            ready: AtomicBool::new(true),
        }))
    }

    /// Count a connection hyper refused or dropped on a protocol error
    /// (for the serving loop, which sees them before any route does).
    pub fn record_connection_error(&self) {
        self.metrics.record_connection_error();
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new(AppConfig::default())
    }
}
