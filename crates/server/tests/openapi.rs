//! The OpenAPI document: snapshot-tested, and the committed
//! `openapi/openapi.json` must be exactly what the code derives.
//!
//! When a route or schema changes on purpose: `make openapi` rewrites the
//! file, `INSTA_UPDATE=always cargo test -p showdown-server --test openapi`
//! (or `cargo insta accept`) the snapshot.

use showdown_server::cli::openapi_text;

#[test]
fn openapi_document_snapshot() {
    let doc: serde_json::Value = serde_json::from_str(&openapi_text()).unwrap();
    insta::assert_json_snapshot!("openapi", doc);
}

#[test]
fn committed_openapi_json_is_what_the_code_derives() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi/openapi.json");
    let committed =
        std::fs::read_to_string(path).expect("openapi/openapi.json exists (make openapi)");
    assert!(
        committed == openapi_text(),
        "openapi/openapi.json is stale: run `make openapi` and commit it"
    );
}

#[test]
fn document_is_openapi_3_1_and_covers_the_contract() {
    let doc: serde_json::Value = serde_json::from_str(&openapi_text()).unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    for path in [
        "/v1/settle",
        "/v1/variants",
        "/healthz",
        "/readyz",
        "/metrics",
    ] {
        assert!(doc["paths"][path].is_object(), "{path} missing");
    }
    let settle = &doc["paths"]["/v1/settle"]["post"];
    for status in ["200", "400", "413", "415", "422"] {
        assert!(
            settle["responses"][status].is_object(),
            "settle {status} missing"
        );
    }
    assert!(settle["responses"]["422"]["content"]["application/problem+json"].is_object());
    // Examples: the request of API.md is in the schema.
    assert_eq!(
        doc["components"]["schemas"]["SettleRequest"]["example"]["gameId"],
        "poker-game-123"
    );
}

#[tokio::test]
async fn served_document_equals_the_derived_one() {
    use tower::ServiceExt;
    let res = showdown_server::app(showdown_server::AppState::default())
        .oneshot(
            axum::http::Request::get("/openapi.json")
                .body(axum::body::Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let bytes = axum::body::to_bytes(res.into_body(), usize::MAX)
        .await
        .unwrap();
    let served: serde_json::Value = serde_json::from_slice(&bytes).unwrap();
    let derived: serde_json::Value = serde_json::from_str(&openapi_text()).unwrap();
    assert_eq!(served, derived);
}
