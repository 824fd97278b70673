//! Issue 48 through the router: the bearer gate answers from the head
//! alone, and the body budget refuses a body it cannot hold with 503 and
//! `Retry-After`, before reading it, while small requests pass.

use crate::common::{self, assert_problem, send};
use axum::body::{Body, Bytes};
use axum::http::{header, Request};
use showdown_server::config::AppConfig;
use showdown_server::{app, AppState};
use std::time::Duration;

const MIB: usize = 1024 * 1024;

/// A request to `path` that announces `length` bytes and never sends them:
/// only an answer that does not read the body comes back.
fn never_sent(path: &str, length: usize) -> Request<Body> {
    let stream = futures_util::stream::pending::<Result<Bytes, std::io::Error>>();
    Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .header(header::CONTENT_LENGTH, length.to_string())
        .body(Body::from_stream(stream))
        .unwrap()
}

async fn within_5_s(app: axum::Router, req: Request<Body>) -> common::Reply {
    tokio::time::timeout(Duration::from_secs(5), send(app, req))
        .await
        .expect("answered without the body")
}

fn state_with_budget(bytes: usize) -> AppState {
    AppState::new(AppConfig {
        body_budget: bytes,
        ..Default::default()
    })
}

#[tokio::test]
async fn issue_48_401_comes_from_the_head_before_a_body_byte_is_read() {
    let auth = showdown_server::auth::AuthConfig::load(None, Some("t0ken")).unwrap();
    let state = AppState::new(AppConfig {
        auth,
        ..Default::default()
    });
    for path in ["/v1/tables", "/v1/prizes", "/v1/deals", "/v1/settle"] {
        let r = within_5_s(app(state.clone()), never_sent(path, MIB - 1)).await;
        assert_problem(&r, 401);
        assert_eq!(r.headers[header::CONNECTION], "close", "{path}");
    }
    assert_eq!(state.body_budget.held(), 0, "no body was held");
}

#[tokio::test]
async fn issue_48_past_the_budget_a_large_body_is_503_before_it_is_read() {
    let state = state_with_budget(4 * MIB);
    // Two large bodies held: with a third, large ones would pass their
    // three quarters of the budget.
    let _held = state.body_budget.hold(2 * MIB + 1024).unwrap();
    let r = within_5_s(app(state.clone()), never_sent("/v1/tables", MIB - 1)).await;
    assert_problem(&r, 503);
    assert_eq!(r.headers[header::RETRY_AFTER], "1");
    assert_eq!(r.headers[header::CONNECTION], "close");
    let detail = r.json()["detail"].as_str().unwrap().to_string();
    assert!(detail.contains("--body-budget"), "{detail}");
    // A small settle still passes: the last quarter is the small bodies'.
    let r = common::post_json(app(state.clone()), "/v1/settle", &common::api_example()).await;
    assert_eq!(r.status, 200, "{}", String::from_utf8_lossy(&r.body));
    // Over the route's own limit it is 413, whatever the budget.
    let r = within_5_s(app(state.clone()), never_sent("/v1/tables", MIB + 1)).await;
    assert_problem(&r, 413);
    let metrics = common::send(
        app(state.clone()),
        Request::get("/metrics").body(Body::empty()).unwrap(),
    )
    .await;
    let text = String::from_utf8(metrics.body).unwrap();
    assert!(
        text.contains("showdown_unavailable_total{reason=\"body_budget\"} 1\n"),
        "{text}"
    );
    assert!(text.contains(&format!("showdown_body_bytes_held {}\n", 2 * MIB + 1024)));
    assert!(text.contains(&format!("showdown_body_budget_bytes {}\n", 4 * MIB)));
}

#[tokio::test]
async fn issue_48_a_chunked_body_is_counted_as_it_arrives_and_refused_past_the_budget() {
    let state = state_with_budget(MIB);
    // Small bodies hold all but 128 KiB of it.
    let _held: Vec<_> = (0..14)
        .map(|_| state.body_budget.hold(64 * 1024).unwrap())
        .collect();
    let chunks: Vec<Result<Bytes, std::io::Error>> = (0..4)
        .map(|_| Ok(Bytes::from(vec![b' '; 64 * 1024])))
        .collect();
    let req = Request::post("/v1/tables")
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from_stream(futures_util::stream::iter(chunks)))
        .unwrap();
    let r = within_5_s(app(state.clone()), req).await;
    assert_problem(&r, 503);
    assert_eq!(
        state.body_budget.held(),
        14 * 64 * 1024,
        "what the refused body took is given back"
    );
}
