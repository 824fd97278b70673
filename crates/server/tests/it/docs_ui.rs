//! The Swagger UI at `/docs`: served from the vendored bundle, offline,
//! pointed at our own document.

use crate::common::*;
use axum::http::StatusCode;

/// The Swagger UI's files are embedded gzipped (the image's size budget)
/// and say so, so a browser inflates them.
fn gunzipped(r: &Reply) -> String {
    use std::io::Read;
    assert_eq!(r.headers["content-encoding"], "gzip");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&r.body[..])
        .read_to_string(&mut text)
        .unwrap();
    text
}

#[tokio::test]
async fn docs_are_served_from_the_vendored_bundle() {
    let r = get("/docs/").await;
    assert_eq!(r.status, StatusCode::OK);
    let html = gunzipped(&r);
    assert!(html.contains("swagger-ui-bundle.js"), "{html}");
    assert!(
        !html.contains("https://"),
        "the page must not load anything from the internet"
    );
    let js = get("/docs/swagger-ui-bundle.js").await;
    assert_eq!(js.status, StatusCode::OK);
    assert!(gunzipped(&js).len() > js.body.len(), "embedded compressed");
    let init = get("/docs/swagger-initializer.js").await;
    let init = String::from_utf8_lossy(&init.body);
    assert!(init.contains("/openapi.json"), "{init}");
    let doc = get("/openapi.json").await;
    assert_eq!(doc.status, StatusCode::OK);
    assert_eq!(doc.json()["openapi"], "3.1.0");
}
