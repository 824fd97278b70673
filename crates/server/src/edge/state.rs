//! What every handler and the middleware share, in its own module so that
//! routes and middleware both depend on it and not on each other.

use crate::edge::compute::Compute;
use crate::edge::config::AppConfig;
use crate::edge::metrics::{Metrics, Saturation, Unavailable};
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
        let metrics = Metrics::default();
        let compute = Compute::new(config.compute_threads, config.compute_limit)
            .counting_busy_in(metrics.unavailable_counter(Unavailable::EquityQueue));
        AppState(Arc::new(Shared {
            limiter: Arc::new(Semaphore::new(config.concurrency_limit.max(1))),
            compute,
            config,
            metrics,
            request_ids: RequestIds::default(),
            ready: AtomicBool::new(true),
        }))
    }

    /// Count a connection hyper refused or dropped on a protocol error
    /// (for the serving loop, which sees them before any route does).
    pub(crate) fn record_connection_error(&self) {
        self.metrics.record_connection_error();
    }

    /// Count a 503 by its reason (the serving loop's shed connections).
    pub(crate) fn record_unavailable(&self, reason: Unavailable) {
        self.metrics.record_unavailable(reason);
    }

    /// How full the concurrency limit and the enumeration pool are now.
    pub(crate) fn saturation(&self) -> Saturation {
        let limit = self.config.concurrency_limit.max(1);
        let (equity_in_use, equity_limit) = self.compute.in_use();
        Saturation {
            concurrency_in_use: limit.saturating_sub(self.limiter.available_permits()),
            concurrency_limit: limit,
            equity_in_use,
            equity_limit,
        }
    }
}

impl Default for AppState {
    fn default() -> AppState {
        AppState::new(AppConfig::default())
    }
}
