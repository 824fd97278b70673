//! `Host` as RFC 9112 §3.2 asks: a 400 for an HTTP/1.1 request without
//! one, for any request with more than one, and for one that is not a host
//! and an optional port (RFC 9110 §7.2). Two `Host` lines are how a request
//! is read one way by a proxy in front and another way here, so the
//! connection closes after the refusal.
//!
//! hyper checks none of it. The connection (`serve::service`) looks at the
//! head as it comes off the wire and marks a request at fault; the edge's
//! middleware answers it first, as the problem+json every refusal is, with
//! its request id and in the access log. A request made in the process
//! (`oneshot`, the tests') carries no mark and is never refused here.

use super::problem_response::HttpProblem;
use axum::http::{header, HeaderValue, Request, StatusCode, Version};
use axum::response::{IntoResponse, Response};
use showdown_json::Problem;

/// What is wrong with a request's `Host`, as the connection saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct HostFault(&'static str);

/// The fault of `req`'s `Host`, if any.
pub(crate) fn fault<B>(req: &Request<B>) -> Option<HostFault> {
    let mut hosts = req.headers().get_all(header::HOST).iter();
    let detail = match (hosts.next(), hosts.next()) {
        (Some(_), Some(_)) => "the request has more than one Host header (RFC 9112 §3.2)",
        (None, _) if req.version() == Version::HTTP_11 => {
            "an HTTP/1.1 request needs a Host header (RFC 9112 §3.2)"
        }
        (Some(host), None) if !is_host(host) => {
            "the Host header is not a host with an optional port (RFC 9110 §7.2)"
        }
        _ => return None,
    };
    Some(HostFault(detail))
}

/// A `Host` value: empty (a target without an authority), or an
/// authority without user information, as the `http` crate parses one.
fn is_host(value: &HeaderValue) -> bool {
    let bytes = value.as_bytes();
    bytes.is_empty()
        || (!bytes.contains(&b'@') && axum::http::uri::Authority::try_from(bytes).is_ok())
}

/// The 400 for a request the connection marked, closing the connection.
pub(crate) fn refusal<B>(req: &Request<B>) -> Option<Response> {
    let HostFault(detail) = req.extensions().get::<HostFault>()?;
    let mut res =
        HttpProblem::from(Problem::from_status(StatusCode::BAD_REQUEST, *detail)).into_response();
    res.headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    Some(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(version: Version, hosts: &[&str]) -> Request<()> {
        let mut req = Request::get("/healthz").version(version);
        for h in hosts {
            req = req.header(header::HOST, *h);
        }
        req.body(()).unwrap()
    }

    #[test]
    fn one_valid_host_passes_none_two_or_a_bad_one_does_not() {
        const HTTP_10: Version = Version::HTTP_10;
        const HTTP_11: Version = Version::HTTP_11;
        for good in ["showdown", "127.0.0.1:8080", "[::1]:80", "a.example", ""] {
            assert_eq!(fault(&request(HTTP_11, &[good])), None, "{good:?}");
        }
        assert_eq!(fault(&request(HTTP_10, &[])), None, "HTTP/1.0 needs none");
        let faults = [
            (HTTP_11, &[][..]),
            (HTTP_11, &["a", "b"][..]),
            (HTTP_11, &["a", "a"][..]),
            (HTTP_10, &["a", "b"][..]),
            (HTTP_11, &["a b"][..]),
            (HTTP_11, &["user@a"][..]),
            (HTTP_11, &["a/b"][..]),
        ];
        for (version, hosts) in faults {
            assert!(fault(&request(version, hosts)).is_some(), "{hosts:?}");
        }
    }
}
