//! Request bytes -> response through the whole service (`routes::app()`,
//! every layer: body limit, content type, JSON/TOML extraction, validation,
//! settlement, problem+json), with `tower::ServiceExt::oneshot`, no socket.
//! Input starting with `{` is a /v1/settle JSON body as it is (so the load
//! corpus seeds it); otherwise the first byte picks the route and content
//! type and the rest is the body.
//! API.md: "No input ever produces a 5xx"; a panic is a crash too.
#![no_main]

use axum::body::Body;
use axum::http::{header, Request};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;
use tower::ServiceExt;

const ROUTES: &[(&str, &str)] = &[
    ("/v1/settle", "application/json"),
    ("/v1/settle", "application/json"),
    ("/v1/settle", "application/json"),
    ("/v1/chip-race", "application/json"),
    ("/v1/draw", "application/json"),
    ("/v1/prizes", "application/json"),
    ("/v1/deals", "application/json"),
    ("/v1/tables", "application/json"),
    ("/v1/settle/phh", "application/toml"),
    ("/v1/settle", "text/plain"),
];

fn runtime() -> &'static tokio::runtime::Runtime {
    static RT: OnceLock<tokio::runtime::Runtime> = OnceLock::new();
    RT.get_or_init(|| {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a tokio runtime")
    })
}

fn app() -> axum::Router {
    static APP: OnceLock<axum::Router> = OnceLock::new();
    APP.get_or_init(|| showdown_server::app(showdown_server::AppState::default())).clone()
}

fuzz_target!(|data: &[u8]| {
    let (path, content_type, body) = match data.split_first() {
        None => return,
        Some((b'{', _)) => ("/v1/settle", "application/json", data),
        Some((&pick, rest)) => {
            let (path, content_type) = ROUTES[usize::from(pick) % ROUTES.len()];
            (path, content_type, rest)
        }
    };
    let req = Request::post(path)
        .header(header::CONTENT_TYPE, content_type)
        .body(Body::from(body.to_vec()))
        .expect("a request");
    let res = runtime()
        .block_on(app().oneshot(req))
        .expect("the router is infallible");
    assert!(
        !res.status().is_server_error(),
        "{path} answered {} to {:?}",
        res.status(),
        String::from_utf8_lossy(body)
    );
});
