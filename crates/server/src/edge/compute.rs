//! Enumerations (equity, cash-outs) run here, apart from settlements: a
//! settle takes microseconds, an enumeration up to tens of milliseconds of
//! CPU, and on the async workers a burst of them would stall every other
//! request. rayon's pool runs them on threads of their own; a semaphore
//! bounds the jobs running or waiting, and a job past it is refused at once
//! (503 with `Retry-After`), never queued without bound. The pool's threads
//! run at the lowest priority, so the async workers preempt them.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, OnceLock};
use tokio::sync::Semaphore;

/// The pool and its limit; the threads start on the first job, so a
/// service that never enumerates never starts them.
pub struct Compute {
    threads: usize,
    limit: usize,
    pool: OnceLock<Option<rayon::ThreadPool>>,
    slots: Arc<Semaphore>,
    /// Jobs refused because every slot was taken (a metric's counter).
    busy: prometheus_client::metrics::counter::Counter,
}

/// Why a job did not run: every slot was taken (503), or the job panicked
/// or the pool could not start (500).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ComputeError {
    #[error("the enumeration pool is busy")]
    Busy,
    #[error("the enumeration failed")]
    Failed,
}

/// Work of milliseconds that its body bounds (replaying a hand's actions,
/// RULES.md §16): on tokio's blocking threads, which the runtime caps at
/// [`blocking_threads`], so the async workers stay free for probes and
/// settlements, and a betting question never waits behind an enumeration.
pub(crate) async fn off_workers<T, F>(job: F) -> Result<T, ComputeError>
where
    T: Send + 'static,
    F: FnOnce() -> T + Send + 'static,
{
    tokio::task::spawn_blocking(job)
        .await
        .map_err(|_| ComputeError::Failed)
}

/// The runtime's blocking threads: one a core. Its default, 512 threads
/// of replays at once, would leave the async workers a 500th of the CPU.
pub(crate) fn blocking_threads() -> usize {
    std::thread::available_parallelism().map_or(2, |n| n.get().max(2))
}

/// The threads a machine gives enumerations by default: half its cores, at
/// least one, so settlements keep the rest.
pub(crate) fn default_threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| (n.get() / 2).max(1))
}

/// Enumerations running or waiting, by default, for `threads` threads: 64
/// each. A burst waits its turn (64 of the heaviest, about 8 ms each, take
/// half a second) instead of being refused and retried at once, which
/// would keep the async workers busy answering 503s.
pub(crate) fn default_limit(threads: usize) -> usize {
    64 * threads.max(1)
}

impl Compute {
    pub(crate) fn new(threads: usize, limit: usize) -> Compute {
        Compute {
            threads: threads.max(1),
            limit: limit.max(1),
            pool: OnceLock::new(),
            slots: Arc::new(Semaphore::new(limit.max(1))),
            busy: Default::default(),
        }
    }

    /// Count refused jobs in `counter` (the metrics' 503s by reason).
    pub(crate) fn counting_busy_in(
        mut self,
        counter: prometheus_client::metrics::counter::Counter,
    ) -> Self {
        self.busy = counter;
        self
    }

    /// Jobs running or waiting now, and the limit on them.
    pub(crate) fn in_use(&self) -> (usize, usize) {
        let free = self.slots.available_permits();
        (self.limit.saturating_sub(free), self.limit)
    }

    fn pool(&self) -> Option<&rayon::ThreadPool> {
        self.pool
            .get_or_init(|| {
                rayon::ThreadPoolBuilder::new()
                    .num_threads(self.threads)
                    .thread_name(|i| format!("showdown-enum-{i}"))
                    // The lowest priority (nice 19 on Linux): a settle that
                    // wakes up runs before any enumeration, so a flood of
                    // equities slows equities, not settlements.
                    .start_handler(|_| {
                        if let Err(e) = thread_priority::set_current_thread_priority(
                            thread_priority::ThreadPriority::Min,
                        ) {
                            tracing::warn!(error = ?e, "the enumeration thread keeps its priority");
                        }
                    })
                    // Without a handler a panicking job aborts the process;
                    // with one, its caller sees a closed channel (500).
                    .panic_handler(|_| tracing::error!("an enumeration panicked"))
                    .build()
                    .map_err(|e| tracing::error!(error = %e, "the enumeration pool did not start"))
                    .ok()
            })
            .as_ref()
    }

    /// Runs `job` on the pool and waits for it without blocking the async
    /// worker; refused at once when the limit is reached.
    pub(crate) async fn run<T, F>(&self, job: F) -> Result<T, ComputeError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let permit = self.slots.clone().try_acquire_owned().map_err(|_| {
            self.busy.inc();
            ComputeError::Busy
        })?;
        let pool = self.pool().ok_or(ComputeError::Failed)?;
        let (tx, rx) = tokio::sync::oneshot::channel();
        pool.spawn(move || {
            // Locals drop in reverse order, on a panic too: the slot is
            // free before the caller hears back, so it can be taken again.
            let tx = tx;
            let permit = permit;
            let out = job();
            drop(permit);
            let _ = tx.send(out);
        });
        rx.await.map_err(|_| ComputeError::Failed)
    }

    /// [`Compute::run`] for a job that looks at a stop flag: the flag is
    /// raised when the waiting request is dropped (it timed out, or its
    /// client went away), so an abandoned job gives its thread back.
    pub(crate) async fn run_until<T, F>(&self, job: F) -> Result<T, ComputeError>
    where
        T: Send + 'static,
        F: FnOnce(&AtomicBool) -> T + Send + 'static,
    {
        let stop = Arc::new(AtomicBool::new(false));
        let _raise = RaiseOnDrop(stop.clone());
        self.run(move || job(&stop)).await
    }

    /// A slot, held by a test to fill the limit.
    pub fn slots(&self) -> &Arc<Semaphore> {
        &self.slots
    }
}

/// Raises the stop flag when the waiter goes, whether it was answered or
/// dropped.
struct RaiseOnDrop(Arc<AtomicBool>);

impl Drop for RaiseOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_replay_runs_off_the_async_worker_and_a_panic_is_a_failure() {
        let here = std::thread::current().id();
        let there = off_workers(|| std::thread::current().id()).await;
        assert_ne!(there, Ok(here));
        assert!(there.is_ok());
        let boom = off_workers(|| -> u8 { panic!("a bug in a replay") }).await;
        assert_eq!(boom, Err(ComputeError::Failed));
    }

    #[tokio::test]
    async fn a_job_runs_off_the_async_worker_and_its_answer_comes_back() {
        let c = Compute::new(1, 2);
        let here = std::thread::current().id();
        let there = c.run(|| std::thread::current().id()).await.unwrap();
        assert_ne!(here, there);
        assert_eq!(c.run(|| 6 * 7).await, Ok(42));
    }

    #[tokio::test]
    async fn a_dropped_waiter_raises_the_jobs_stop_flag() {
        let c = Compute::new(1, 2);
        let (seen_tx, seen_rx) = std::sync::mpsc::channel();
        let waiter = c.run_until(move |stop: &AtomicBool| {
            // Spin until stopped, bounded so a failure cannot hang.
            let start = std::time::Instant::now();
            while !stop.load(Relaxed) && start.elapsed().as_secs() < 10 {
                std::thread::yield_now();
            }
            let _ = seen_tx.send(stop.load(Relaxed));
        });
        let timed_out = tokio::time::timeout(std::time::Duration::from_millis(50), waiter).await;
        assert!(timed_out.is_err());
        let seen = tokio::task::spawn_blocking(move || seen_rx.recv().unwrap())
            .await
            .unwrap();
        assert!(seen, "the job saw its stop flag raised");
    }

    #[tokio::test]
    async fn a_full_pool_refuses_at_once_and_a_panic_is_a_failure() {
        let c = Compute::new(1, 1);
        let held = c.slots().clone().try_acquire_owned().unwrap();
        assert_eq!(c.run(|| 1).await, Err(ComputeError::Busy));
        drop(held);
        assert_eq!(c.run(|| 1).await, Ok(1));
        let boom: Result<(), _> = c.run(|| panic!("boom")).await;
        assert_eq!(boom, Err(ComputeError::Failed));
        assert_eq!(c.run(|| 2).await, Ok(2), "the pool survives a panic");
    }
}
