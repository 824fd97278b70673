//! Issue 60: every example of every page is run. Each request a page
//! shows is sent to the service, and the answer it shows is compared
//! with the real one, so no page drifts from the service.
//!
//! The pages: `README.md`, `openapi/*.md` and `crates/*/README.md`. How a
//! page marks its blocks (the info string after the opening fence, which
//! a renderer does not show):
//!
//! - ```` ```sh ```` (or `bash`): each `curl` command is a request, its
//!   URL (`localhost:8080/…`) the route, `-d '…'` the body, `-H` its type.
//! - ```` ```json request POST /v1/settle ```` (or `toml`): the body of a
//!   request to that route.
//! - ```` ```json answer ```` right after a request's block: what the page
//!   shows of its answer; `answer /data` when it shows fields of `data`
//!   (`"a": 1, "b": 2`, read as one object), `exact` when it shows the
//!   whole answer. Only the fields shown are compared (`shown.rs`): a key
//!   `"..."` stands for fields left out, a `requestId` for any; an array
//!   has every item unless its last one is `"..."`. The request's status
//!   is 200, or the `status` the answer shows.
//! - ```` ```json fragment ````: part of a request or of an answer,
//!   shown to explain its fields; not sent, but read as JSON.
//!
//! A JSON or TOML block marked none of these fails the test, so no new
//! example escapes it. `openapi_pairs` does the same for the examples of
//! the OpenAPI document.

mod component_examples;
pub(crate) mod markdown;
mod openapi_pairs;
mod shown;

use crate::common::send;
use axum::body::Body;
use axum::http::{header, Request};
use markdown::{Example, Page};
use showdown_server::{app, AppState};
use std::path::{Path, PathBuf};

/// Where the repository's pages are.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The fewest requests each page has, and answers shown of them: a
/// page's examples going missing (a marker mistyped, a block dropped)
/// fails like a wrong one. Pages not listed have none yet; theirs are run
/// all the same.
const AT_LEAST: &[(&str, usize, usize)] = &[
    ("README.md", 5, 5),
    ("openapi/API.md", 6, 6),
    ("openapi/HAND-HISTORY.md", 8, 8),
];

/// Examples the service answers otherwise than the page shows, where the
/// page follows the contract and the service does not: (page, route,
/// a piece of the request's body, why). Each must still differ.
const KNOWN_DIFFERENCES: &[(&str, &str, &str, &str)] = &[];

/// Every page the convention covers, as its path from the root.
fn pages() -> Vec<String> {
    let mut out = vec!["README.md".to_string()];
    let listed = |dir: &str| {
        let mut names: Vec<String> = std::fs::read_dir(root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    for f in listed("openapi") {
        if f.ends_with(".md") {
            out.push(format!("openapi/{f}"));
        }
    }
    for c in listed("crates") {
        if root().join(format!("crates/{c}/README.md")).is_file() {
            out.push(format!("crates/{c}/README.md"));
        }
    }
    out
}

/// A page's examples, by its path from the repository's root.
pub(crate) fn read(page: &str) -> Page {
    let text = std::fs::read_to_string(root().join(page)).unwrap_or_else(|e| panic!("{page}: {e}"));
    markdown::page(page, &text)
}

/// The request of an example, through the router.
fn request(e: &Example) -> Request<Body> {
    let r = &e.request;
    let mut b = Request::builder().method(r.method.as_str()).uri(&r.path);
    if let Some(t) = &r.content_type {
        b = b.header(header::CONTENT_TYPE, t);
    }
    b.body(Body::from(r.body.clone())).unwrap()
}

/// Sends an example's request; how its answer differs from the page's.
async fn run(page: &str, e: &Example) -> Result<(), String> {
    let r = send(app(AppState::default()), request(e)).await;
    let q = &e.request;
    let at = format!("{page}:{}: {} {}", q.line, q.method, q.path);
    let shown_status = e
        .answer
        .as_ref()
        .filter(|a| a.at.is_empty())
        .and_then(|a| a.shown["status"].as_u64());
    let want = shown_status.unwrap_or(200);
    if u64::from(r.status.as_u16()) != want {
        let body = String::from_utf8_lossy(&r.body);
        return Err(format!(
            "{at}: answered {}, the page shows {want}: {body}",
            r.status
        ));
    }
    let Some(a) = &e.answer else { return Ok(()) };
    let real = r.json();
    let Some(part) = real.pointer(&a.at) else {
        return Err(format!(
            "{page}:{}: the answer has no {}: {real}",
            a.line, a.at
        ));
    };
    match shown::difference(&a.shown, part, a.exact) {
        None => Ok(()),
        Some((ptr, what)) => Err(format!(
            "{page}:{}: the answer to {} {} (line {}) differs at {}{ptr}: {what}",
            a.line, q.method, q.path, q.line, a.at
        )),
    }
}

/// Whether a failing example is one of the known differences.
fn known(page: &str, e: &Example) -> bool {
    let body = String::from_utf8_lossy(&e.request.body);
    KNOWN_DIFFERENCES
        .iter()
        .any(|(p, route, piece, _)| *p == page && *route == e.request.path && body.contains(piece))
}

#[tokio::test]
async fn every_request_of_every_page_is_answered_as_the_page_shows() {
    let mut faults = Vec::new();
    let mut counts = Vec::new();
    for page in pages() {
        let p = read(&page);
        faults.extend(p.faults.iter().cloned());
        for e in &p.examples {
            match (run(&page, e).await, known(&page, e)) {
                (Ok(()), true) => faults.push(format!(
                    "{page}:{}: a known difference no more: take it off the list",
                    e.request.line
                )),
                (Err(f), false) => faults.push(f),
                _ => {}
            }
        }
        let answers = p.examples.iter().filter(|e| e.answer.is_some()).count();
        counts.push((page, p.examples.len(), answers));
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    for (page, requests, answers) in AT_LEAST {
        let (_, r, a) = counts.iter().find(|c| c.0 == *page).unwrap();
        assert!(
            r >= requests && a >= answers,
            "{page}: {r} requests run and {a} answers compared, \
             at least {requests} and {answers} expected"
        );
    }
}
