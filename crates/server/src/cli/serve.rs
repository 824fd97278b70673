//! `showdown serve`: the runtime, the tables built before the port opens,
//! the listeners, the "listening" line, then the edge serves until the
//! drain ends.

use super::args::{ServeArgs, ServeFailed};
use crate::edge::config::{init_tracing, log_filter, AppConfig, LogFormat};
use crate::edge::serve::{bind, effective_max_connections, ServeConfig, ServeError, Signals};
use crate::edge::state::AppState;
use crate::routes::app;
use crate::settings::{PROFILE, VERSION};
use std::process::ExitCode;
use std::time::Duration;

fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .max_blocking_threads(crate::edge::compute::blocking_threads())
        .enable_all()
        .build()
}

pub(super) fn serve(args: ServeArgs) -> ExitCode {
    let rt = match runtime() {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("showdown: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    // Exports, when an endpoint is set, are sent by this runtime's workers.
    let otlp = crate::edge::otlp::from_env(rt.handle().clone());
    // Held until the process ends: dropping it stops the log writer thread.
    let _log = init_tracing(args.log_format, otlp.as_ref().ok().and_then(Option::as_ref));
    let outcome = match otlp {
        Ok(otlp) => {
            let served = rt.block_on(serve_async(args));
            // The spans still queued go out while the runtime still runs.
            if let Some(otlp) = otlp {
                otlp.shutdown();
            }
            served
        }
        Err(e) => Err(e.into()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            // The log writer may be behind or stalled; say it on stderr too.
            eprintln!("showdown: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn serve_async(args: ServeArgs) -> Result<(), ServeFailed> {
    let config = args.app_config()?;
    let serve_config = args.serve_config()?;
    // Signal handlers before the port opens (see `serve::serve`).
    let signals = Signals::new().map_err(ServeError::Signals)?;
    // The hand-value tables (about 50 ms to build in release) are built
    // before the port opens, so no client's first request pays for them.
    showdown_cards::build_tables();
    // The equity tables (about 50 ms more) are built beside the listener
    // rather than before it, so the port opens as early as it did; a first
    // equity request meanwhile waits for them on its own thread.
    std::thread::Builder::new()
        .name("showdown-tables".into())
        .spawn(showdown_contract::equity::build_tables)
        .map_err(|e| tracing::warn!(error = %e, "the equity tables wait for their first request"))
        .ok();
    let state = AppState::new(config);
    let app = app(state.clone());
    // Room in the kernel's queue for as many handshakes as there are slots.
    let backlog =
        u32::try_from(effective_max_connections(serve_config.max_connections)).unwrap_or(u32::MAX);
    let listener = bind(&args.addr, "--addr", "SHOWDOWN_ADDR", backlog).await?;
    let admin = match &args.admin_addr {
        Some(addr) => Some((
            bind(addr, "--admin-addr", "SHOWDOWN_ADMIN_ADDR", backlog).await?,
            admin_app(state.clone()),
        )),
        None => None,
    };
    let local =
        |l: &tokio::net::TcpListener| l.local_addr().map_or(String::new(), |a| a.to_string());
    let admin_addr = admin.as_ref().map_or("none".to_string(), |a| local(&a.0));
    log_start(
        &local(&listener),
        &admin_addr,
        &state.config,
        &serve_config,
        args.log_format,
    );
    crate::edge::serve::serve(listener, app, admin, state, serve_config, signals).await?;
    Ok(())
}

/// The "listening" line: the version and every setting in force, as plain
/// values (after defaults, and the connection cap after the open-file limit).
fn log_start(
    addr: &str,
    admin_addr: &str,
    app: &AppConfig,
    serve: &ServeConfig,
    format: LogFormat,
) {
    let max_connections = effective_max_connections(serve.max_connections);
    if max_connections < serve.max_connections {
        tracing::warn!(
            configured = serve.max_connections,
            max_connections,
            "--max-connections lowered to fit the open-file limit (ulimit -n)"
        );
    }
    let log_level = log_filter().to_string();
    let otlp_endpoint = crate::edge::otlp::endpoint()
        .filter(|_| crate::edge::otlp::exporting())
        .map_or_else(|| "none".to_string(), |(_, e)| e);
    let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
    tracing::info!(
        version = VERSION,
        profile = PROFILE,
        addr,
        admin_addr,
        body_limit = app.body_limit,
        body_budget = app.body_budget,
        answer_limit = app.answer_limit,
        request_timeout_ms = ms(app.request_timeout),
        concurrency_limit = app.concurrency_limit,
        equity_threads = app.compute_threads,
        equity_limit = app.compute_limit,
        header_timeout_ms = ms(serve.header_timeout),
        idle_timeout_ms = ms(serve.idle_timeout),
        max_header_bytes = serve.max_header_bytes,
        write_stall_ms = ms(serve.write_stall),
        write_timeout_ms = ms(serve.write_timeout),
        send_buffer_bytes = serve.send_buffer_bytes,
        max_connections,
        shutdown_grace_secs = serve.shutdown_grace.as_secs(),
        drain_linger_ms = ms(serve.drain_linger),
        log_level = log_level.as_str(),
        log_format = format.as_str(),
        auth = app.auth.enabled(),
        log_requests = app.log_requests,
        otlp_endpoint,
        "listening"
    );
}

/// The admin address's router: `/metrics` alone; any other path a 404
/// problem+json.
fn admin_app(state: AppState) -> axum::Router {
    let router = axum::Router::new().route(
        "/metrics",
        axum::routing::get(crate::routes::metrics::metrics),
    );
    crate::edge::middleware::admin_layers(router, state)
}
