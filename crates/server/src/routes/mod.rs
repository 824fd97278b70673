//! The router: every route of API.md, its OpenAPI document, and the layers.
//!
//! Each route module declares its handlers with `#[utoipa::path]`; this file
//! registers them in [`api_router`] (one `.routes(routes!(...))` line each),
//! so the OpenAPI document and the real routes cannot drift apart.

pub mod chip_race;
pub mod draw;
pub mod health;
pub mod metrics;
pub mod settle;
pub mod variants;

use crate::config::AppConfig;
use crate::metrics::Metrics;
use crate::middleware::{panic_response, EdgeLayer, RequestIds};
use axum::extract::DefaultBodyLimit;
use axum::Router;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use tokio::sync::Semaphore;
use tower_http::catch_panic::CatchPanicLayer;
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use utoipa_swagger_ui::SwaggerUi;

/// What every handler and layer shares: one `Arc`, so handing it to a
/// request is one reference count, not one per field (each a cache line the
/// two cores of the load machine passed back and forth).
#[derive(Clone)]
pub struct AppState(Arc<Shared>);

/// The contents of [`AppState`].
pub struct Shared {
    pub config: AppConfig,
    pub metrics: Metrics,
    pub request_ids: RequestIds,
    /// An `Arc` so a test can hold a slot (`try_acquire_owned`).
    pub limiter: Arc<Semaphore>,
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
            config,
            metrics: Metrics::default(),
            request_ids: RequestIds::default(),
            ready: AtomicBool::new(true),
        }))
    }
}

/// The document's fixed parts; paths and schemas come from the routes.
#[derive(OpenApi)]
#[openapi(
    info(
        title = "Showdown",
        description = "Settles poker showdowns: main and side pots, uncalled bets, hand ranking for 19 variants, split pots and odd chips by TDA 2013 and Robert's Rules §3.7. Every amount is an integer count of chips. Errors are RFC 9457 problem+json.",
        license(name = "MIT", identifier = "MIT")
    ),
    tags(
        (name = "settle", description = "Settling a finished hand"),
        (name = "variants", description = "The variant table"),
        (name = "chip-race", description = "Chip races at a color-up (TDA 23, seed 002) and high-card draws (Robert's 3.7.2)"),
        (name = "operations", description = "Health, readiness and metrics")
    ),
    components(schemas(crate::problem::Problem, crate::validate::FieldError))
)]
pub struct ApiDoc;

/// Every documented route. Helpers add their routes here, one line each.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .routes(routes!(settle::settle))
        .routes(routes!(crate::phh::route::settle_phh))
        .routes(routes!(variants::variants))
        .routes(routes!(chip_race::chip_race))
        .routes(routes!(draw::draw))
        .routes(routes!(health::healthz))
        .routes(routes!(health::readyz))
        .routes(routes!(metrics::metrics))
}

/// The OpenAPI 3.1 document the code derives (`showdown openapi`,
/// `GET /openapi.json`, `openapi/openapi.json`).
pub fn openapi() -> utoipa::openapi::OpenApi {
    let (_, mut doc) = api_router().split_for_parts();
    doc.info.version = env!("CARGO_PKG_VERSION").to_string();
    doc
}

/// The service with default settings (tests, examples).
pub fn app() -> Router {
    app_with_state(AppState::new(AppConfig::default()))
}

/// The service with the given settings.
pub fn app_with(config: AppConfig) -> Router {
    app_with_state(AppState::new(config))
}

/// The service around a state the caller keeps (the server keeps it to flip
/// readiness on shutdown).
pub fn app_with_state(state: AppState) -> Router {
    let (router, _) = api_router().split_for_parts();
    let doc = openapi();
    // Swagger UI from the vendored bundle: /docs works with no internet.
    // The validator badge would call swagger.io, so it is off.
    let docs = SwaggerUi::new("/docs")
        .url("/openapi.json", doc)
        .config(utoipa_swagger_ui::Config::from("/openapi.json").validator_url("none"));
    with_layers(router.merge(docs), state)
}

/// The layers every route gets, composed into one `Router::layer` (each
/// `Router::layer` boxes every route again, a clone and an allocation per
/// request): [`EdgeLayer`] (request id, problem+json rendering, metrics,
/// access log, timeout, concurrency limit), then bearer tokens (`auth.rs`,
/// off by default), then catch-panic (the last
/// guard: validation should make it unreachable), then the body limit.
/// Public so tests can put a route of their own behind them.
pub fn with_layers(router: Router<AppState>, state: AppState) -> Router {
    let body_limit = state.config.body_limit;
    router.with_state(state.clone()).layer(
        tower::ServiceBuilder::new()
            .layer(EdgeLayer::new(state.clone()))
            .layer(axum::middleware::from_fn_with_state(
                state,
                crate::auth::require_bearer,
            ))
            .layer(CatchPanicLayer::custom(panic_response))
            .layer(DefaultBodyLimit::max(body_limit)),
    )
}
