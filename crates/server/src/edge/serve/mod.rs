//! The listener and its connections: hyper's HTTP/1.1 connection builder
//! with explicit limits (header time and size, idle time, open connections)
//! and a drain on SIGTERM/SIGINT.
//!
//! `axum::serve` has no header timeout, idle timeout or connection cap, so
//! the accept loop is ours, as in axum's `serve-with-hyper` example. The
//! drain is ours too (hyper-util's `GracefulShutdown` closes idle
//! connections at once, which loses a request a keep-alive client has just
//! sent, and it never closes a connection that has not finished its first
//! request's headers).
//!
//! Here the drain, step by step; each listener's accept loop and cap are
//! in `listener`, a connection's life in `connection`, what hyper calls
//! for each request in `service`, the drain after an early answer in
//! `linger`, the signals in `signals`, the answers' holds until they are
//! written in `written`, and the refusal of HTTP/2's preface in `http2`.

mod config;
mod connection;
mod handshakes;
mod http2;
mod linger;
mod listener;
mod service;
mod signals;
mod written;

pub(crate) use config::ServeConfig;
pub(crate) use listener::{bind, effective_max_connections, ServeError};
pub(crate) use signals::Signals;

use crate::edge::state::AppState;
use axum::Router;
use listener::Listener;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use tokio::net::TcpListener;
use tokio::sync::watch;

/// Serve `app` on the public listener (and `admin` on its own, if any)
/// until SIGTERM/SIGINT, then drain in the usual order, with no
/// orchestrator's help: `/readyz` answers 503 at once while the listener
/// keeps accepting for the linger (so a load balancer sees it and stops
/// sending; responses say `Connection: close`), then the listener closes,
/// having first taken every connection the kernel accepted for it, and
/// requests in flight have the grace to finish (a connection quiet then
/// still has its request answered if it comes within a second). A second
/// signal, in either wait, stops at once.
/// `signals` are made by the caller before it binds, so a signal that
/// comes while the server starts is a graceful stop, never the default kill.
pub(crate) async fn serve(
    listener: TcpListener,
    app: Router,
    admin: Option<(TcpListener, Router)>,
    state: AppState,
    config: ServeConfig,
    mut signals: Signals,
) -> Result<(), ServeError> {
    let config = Arc::new(config);
    let (stop_tx, stop_rx) = watch::channel(false);
    let draining = Arc::new(AtomicBool::new(false));
    let public = Listener::new("public", &config, draining.clone(), state.clone());
    let mut tasks = vec![public.clone()];
    let public_loop = tokio::spawn(public.accept_loop(listener, app, stop_rx.clone()));
    let mut loops = vec![public_loop];
    if let Some((admin_listener, admin_app)) = admin {
        let admin = Listener::new("admin", &config, draining.clone(), state.clone());
        tasks.push(admin.clone());
        loops.push(tokio::spawn(admin.accept_loop(
            admin_listener,
            admin_app,
            stop_rx.clone(),
        )));
    }
    let name = signals.next().await;
    state.ready.store(false, Ordering::Relaxed);
    draining.store(true, Ordering::Relaxed);
    let linger_ms = u64::try_from(config.drain_linger.as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        signal = name,
        linger_ms,
        "shutdown: not ready; still accepting for the linger"
    );
    let forced = tokio::select! {
        _ = tokio::time::sleep(config.drain_linger) => false,
        name = signals.next() => {
            tracing::warn!(signal = name, "second signal: closing every connection now");
            true
        }
    };
    let _ = stop_tx.send(true);
    for l in loops {
        let _ = l.await;
    }
    if forced {
        tracing::info!("stopped");
        return Ok(());
    }
    tracing::info!(
        grace_secs = config.shutdown_grace.as_secs(),
        "shutdown: listener closed; finishing requests in flight"
    );
    let drained = async {
        for t in &tasks {
            t.closed().await;
        }
    };
    tokio::select! {
        _ = drained => tracing::info!("every connection closed"),
        _ = tokio::time::sleep(config.shutdown_grace) => {
            tracing::warn!(grace_secs = config.shutdown_grace.as_secs(), "grace period over: closing remaining connections");
        }
        name = signals.next() => {
            tracing::warn!(signal = name, "second signal: closing remaining connections");
        }
    }
    tracing::info!("stopped");
    Ok(())
}
