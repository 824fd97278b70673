//! The error answers of the OpenAPI document, written once for every route:
//! which routes can give each status, what it means, and an example that is
//! a real answer of the service (`tests/it/openapi.rs` sends the requests that
//! give them and compares). A route documents a status itself only where it
//! means more there (its 422, PHH's 400, `/readyz`'s 503); the example and
//! the headers still come from here.

use axum::http::StatusCode;
use showdown_json::problem::{Problem, PROBLEM_JSON};
use showdown_json::FieldError;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::schema::{ObjectBuilder, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, Response, ResponseBuilder};

/// The name of the bearer token scheme in `components.securitySchemes`.
const BEARER: &str = "bearerAuth";

/// Which operations can give an error answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Routes {
    /// Every route: the edge's request timeout, the catch-panic guard and
    /// the HTTP layer's header limit.
    All,
    /// `/v1/...`: the edge reads their body under the limit before they run,
    /// then they take a slot of the concurrency limit.
    Api,
    /// Routes that read a request body (JSON, or PHH text).
    WithBody,
    /// Routes behind the bearer tokens when some are configured: all but
    /// `/healthz` and `/readyz`.
    Guarded,
    /// `/metrics` alone.
    Metrics,
}

impl Routes {
    fn include(self, path: &str, has_body: bool) -> bool {
        match self {
            Routes::All => true,
            Routes::Api => path.starts_with("/v1/"),
            Routes::WithBody => has_body,
            Routes::Guarded => guarded(path),
            Routes::Metrics => path == "/metrics",
        }
    }
}

/// Whether a route asks for a bearer token when tokens are configured
/// (its module's terms: the probes never do).
fn guarded(path: &str) -> bool {
    super::ROUTES.needs_token(path)
}

/// The error answers the edge can give: (status, the routes that can give
/// it, what it means). Statuses a route gives only for itself (422) are in
/// its own `#[utoipa::path]`.
const ERROR_ANSWERS: [(u16, Routes, &str); 9] = [
    (
        400,
        Routes::WithBody,
        "The body is not JSON, or not the shape of the request (a field of the wrong type, a missing required field, an unknown field); `errors` points at the field when one is at fault",
    ),
    (
        401,
        Routes::Guarded,
        "Access tokens are configured (`--auth-tokens`, `--auth-tokens-file`) and the request has no valid `Authorization: Bearer` token",
    ),
    (
        404,
        Routes::Metrics,
        "The metrics are served on the admin address (`--admin-addr`), not here",
    ),
    (
        408,
        Routes::All,
        "The request, body upload included, did not complete within the request timeout (`--request-timeout-ms`, 10 s by default)",
    ),
    (
        413,
        Routes::Api,
        "The body is over the size limit (`--body-limit`, 64 KiB by default)",
    ),
    (
        415,
        Routes::WithBody,
        "The `Content-Type` is not one the route reads",
    ),
    (
        431,
        Routes::All,
        "The request line and headers are over `--max-header-bytes`; the HTTP layer answers before any route, with an empty body",
    ),
    (
        500,
        Routes::All,
        "An internal error (a bug: validation makes it unreachable); the body carries the request id",
    ),
    (
        503,
        Routes::Api,
        "The server is busy: every slot of `--concurrency-limit` is taken, or the request bodies and answers it holds would pass `--body-budget` with this one (a body judged on `Content-Length` before it is read, an answer once it is made), or, for an equity or a settle with `cashOuts` or `allInEv`, every slot of `--equity-limit`; the request is refused at once rather than queued, and `Retry-After` says when to try again",
    ),
];

/// The body limit of `path` with the default settings (API.md names it
/// beside each route).
fn default_body_limit(path: &str) -> usize {
    super::ROUTES.body_limit(&crate::edge::config::AppConfig::default(), path)
}

/// The 413's description on a route whose contract allows bodies over the
/// default limit (the others keep [`ERROR_ANSWERS`]'s).
fn too_large_description(path: &str) -> Option<String> {
    let limit = default_body_limit(path);
    (limit > crate::settings::defaults::DEFAULT_BODY_LIMIT).then(|| {
        format!(
            "The body is over this route's size limit: {} MiB, or `--body-limit` when that is larger",
            limit / (1024 * 1024)
        )
    })
}

/// The request id every example carries (the format of `RequestIds`).
const EXAMPLE_REQUEST_ID: &str = "2f1c9e0a7b3d4c55-000000000007";

/// A 400 whose body was not the shape of the request: `field` is at fault.
fn shape(pointer: &str, message: &str) -> Problem {
    Problem::malformed(
        format!("the body is not the shape of the request: {message}"),
        vec![field(pointer, message)],
    )
}

fn field(pointer: &str, message: &str) -> FieldError {
    FieldError {
        pointer: pointer.to_string(),
        message: message.to_string(),
    }
}

/// A 422 of a chip race, a draw or an equity (`subject`), listing `errors`.
fn impossible(subject: &str, errors: &[(&str, &str)]) -> Problem {
    let errors = errors.iter().map(|(p, m)| field(p, m)).collect();
    Problem::impossible(
        showdown_json::problem::TYPE_INVALID_REQUEST,
        subject,
        showdown_json::Invalid::new(errors),
    )
}

/// The answer of `status` on `path` that the document shows, when it shows
/// one: each the service's own answer to a request that gives it.
pub(crate) fn example(status: u16, path: &str) -> Option<Problem> {
    let mut p = match status {
        400 => shape_example(path)?,
        422 => impossible_example(path)?,
        _ => edge_example(status, path)?,
    };
    p.request_id = Some(EXAMPLE_REQUEST_ID.to_string());
    Some(p)
}

/// A 400 of each route that reads a body: a value of the wrong shape.
fn shape_example(path: &str) -> Option<Problem> {
    Some(match path {
        "/v1/settle" => shape(
            "/players/0/stack",
            "expected a whole number, 0 or more, got -5",
        ),
        "/v1/settle/phh" => Problem::malformed(
            "the body is not a PHH hand: field `starting_stacks`: missing",
            vec![field(
                "/starting_stacks",
                "field `starting_stacks`: missing",
            )],
        ),
        "/v1/settle/ohh" | "/v1/betting" => shape(
            "/ohh/players/0/starting_stack",
            "expected a decimal amount with at most 15 significant digits, got string \"100\"",
        ),
        "/v1/chip-race" => shape(
            "/colorUpTo",
            "expected a whole number, 0 or more, got string \"25\"",
        ),
        "/v1/tables" => shape(
            "/tables/0/seats",
            "expected a whole number, 0 or more, got string \"9\"",
        ),
        "/v1/prizes" => shape(
            "/players/0/stack",
            "expected a whole number, 0 or more, got -300",
        ),
        "/v1/deals" => shape(
            "/players/0/stack",
            "expected a whole number, 0 or more, got -5",
        ),
        "/v1/equity" => shape("/players/0/cards", "expected a list, got string \"AhKh\""),
        "/v1/draw" => shape(
            "/players/1/colour",
            "unknown field \"colour\"; the fields here are id, name, seat, card",
        ),
        _ => return None,
    })
}

/// The 422 example of each route whose problems are listed the same way:
/// the route, the subject the detail names, and its field errors.
#[allow(clippy::type_complexity)]
const IMPOSSIBLE: &[(&str, &str, &[(&str, &str)])] = &[
    (
        "/v1/chip-race",
        "chip race",
        &[
            (
                "/colorUpTo",
                "colorUpTo 12 must be a multiple of removedDenomination 5",
            ),
            ("/players/0/seat", "seat numbers start at 1"),
        ],
    ),
    (
        "/v1/tables",
        "tables request",
        &[
            ("/tables/0/seats", "seats 30 is outside 2 to 23"),
            (
                "/tables/1/players/1/id",
                "duplicate player id \"p1\" (first at /tables/0/players/0/id)",
            ),
        ],
    ),
    (
        "/v1/prizes",
        "prizes request",
        &[
            (
                "/prizes/3",
                "prize 12000 of place 4 is above 10000 of place 3: prizes never rise",
            ),
            (
                "/playersLeft",
                "playersLeft 3 must be above the 3 players knocked out: someone is left with chips",
            ),
        ],
    ),
    (
        "/v1/deals",
        "deal request",
        &[
            (
                "/method",
                "unknown method \"chipchop\": did you mean \"chipChop\"?",
            ),
            (
                "/prizes/1",
                "prize 200 of place 2 is above 100 of place 1: prizes never rise",
            ),
        ],
    ),
    (
        "/v1/draw",
        "draw",
        &[
            (
                "/players/1/seat",
                "duplicate seat 1 (first at /players/0/seat)",
            ),
            (
                "/players/1/card",
                "card Kh appears more than once (first at /players/0/card)",
            ),
        ],
    ),
    (
        "/v1/equity",
        "equity request",
        &[
            (
                "/board",
                "the board has 0 (before the flop), 3 (the flop) or 4 (the turn) cards, got 2",
            ),
            (
                "/players/1/cards/1",
                "card Qh appears more than once (first at /board/0)",
            ),
        ],
    ),
];

/// A 422 of each route that reads a body: problems the request's shape
/// cannot show.
fn impossible_example(path: &str) -> Option<Problem> {
    Some(match path {
        "/v1/settle" => Problem::invalid(showdown_json::Invalid::new(vec![
            field(
                "/buttonSeat",
                "holdem is a button game: buttonSeat is required",
            ),
            field(
                "/players/1/cards/1",
                "malformed card \"Zz\": unknown rank 'Z': use 2-9, T, J, Q, K, A",
            ),
        ])),
        "/v1/settle/phh" => {
            let message = "not supported: p1's cards are unknown at the showdown";
            let mut p = Problem::invalid(showdown_json::Invalid::one("", message));
            p.detail = format!("the hand cannot be settled: {message}");
            p
        }
        "/v1/settle/ohh" | "/v1/betting" => {
            let message = "no player has id 7";
            let mut p = Problem::invalid(showdown_json::Invalid::one(
                "/ohh/rounds/0/actions/0/player_id",
                message,
            ));
            p.detail = format!("the hand cannot be settled: {message}");
            p
        }
        _ => {
            let (_, subject, errors) = IMPOSSIBLE.iter().find(|(route, ..)| *route == path)?;
            impossible(subject, errors)
        }
    })
}

/// The edge's answers, the same for every route (401, 404, 408, 413, 415,
/// 500, 503), in the words each route's own case gives them.
fn edge_example(status: u16, path: &str) -> Option<Problem> {
    let about = |status: StatusCode, detail: &str| Problem::from_status(status, detail);
    Some(match (status, path) {
        (401, _) => about(
            StatusCode::UNAUTHORIZED,
            "an Authorization: Bearer token is required",
        ),
        (404, "/metrics") => about(
            StatusCode::NOT_FOUND,
            "metrics are served on the admin address",
        ),
        (408, _) => about(
            StatusCode::REQUEST_TIMEOUT,
            "the request did not complete within 10000 ms",
        ),
        (413, _) => crate::edge::middleware::too_large(default_body_limit(path)),
        (415, _) => about(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            if path == "/v1/settle/phh" {
                "the body must be a PHH hand: send Content-Type: application/toml or text/plain"
            } else {
                "the body must be JSON: send Content-Type: application/json"
            },
        ),
        (500, _) => about(StatusCode::INTERNAL_SERVER_ERROR, "internal error"),
        (503, "/v1/equity") => about(
            StatusCode::SERVICE_UNAVAILABLE,
            "every enumeration slot is taken; retry later",
        ),
        (503, "/readyz") => about(StatusCode::SERVICE_UNAVAILABLE, "shutting down"),
        (503, _) => about(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is busy: 1024 requests in flight; retry later",
        ),

        _ => return None,
    })
}

fn header(description: &str) -> utoipa::openapi::header::Header {
    HeaderBuilder::new()
        .schema(Some(ObjectBuilder::new().schema_type(Type::String)))
        .description(Some(description))
        .build()
}

/// The headers an error answer of `status` carries beside its body.
fn add_headers(status: u16, response: &mut Response) {
    let named = match status {
        401 => (
            "WWW-Authenticate",
            "`Bearer realm=\"showdown\"` (with `error=\"invalid_token\"` when a token was given but is not valid)",
        ),
        503 => ("Retry-After", "Seconds to wait before trying again"),
        _ => return,
    };
    response
        .headers
        .entry(named.0.to_string())
        .or_insert_with(|| RefOr::T(header(named.1)));
}

/// Adds [`ERROR_ANSWERS`] to every operation that does not document the
/// status itself (each a problem+json, but 431), then gives every
/// problem+json answer its example and headers, and marks the routes
/// behind the bearer tokens.
pub(crate) fn add_error_responses(doc: &mut OpenApi) {
    let components = doc.components.get_or_insert_with(Default::default);
    components.security_schemes.insert(
        BEARER.to_string(),
        RefOr::T(SecurityScheme::Http(
            HttpBuilder::new()
                .scheme(HttpAuthScheme::Bearer)
                .description(Some(
                    "Only when the service is started with access tokens (`--auth-tokens`, `--auth-tokens-file`); off by default",
                ))
                .build(),
        )),
    );
    for (path, item) in doc.paths.paths.iter_mut() {
        let ops = [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
        ];
        for op in ops.into_iter().flatten() {
            let has_body = op.request_body.is_some();
            for (status, routes, description) in ERROR_ANSWERS {
                if !routes.include(path, has_body) {
                    continue;
                }
                op.responses
                    .responses
                    .entry(status.to_string())
                    .or_insert_with(|| {
                        let description = match status {
                            413 => too_large_description(path).unwrap_or(description.to_string()),
                            _ => description.to_string(),
                        };
                        let response = ResponseBuilder::new().description(description);
                        if status == 431 {
                            return response.build().into();
                        }
                        let problem = ContentBuilder::new()
                            .schema(Some(Ref::from_schema_name("Problem")))
                            .build();
                        response.content(PROBLEM_JSON, problem).build().into()
                    });
            }
            for (status, response) in op.responses.responses.iter_mut() {
                let (Ok(status), RefOr::T(response)) = (status.parse::<u16>(), response) else {
                    continue;
                };
                add_headers(status, response);
                let content = response.content.get_mut(PROBLEM_JSON);
                if let Some(RefOr::T(content)) = content {
                    if content.example.is_none() {
                        content.example =
                            example(status, path).and_then(|p| serde_json::to_value(p).ok());
                    }
                }
            }
            if guarded(path) {
                // Optional: `{}` (no token) is fine unless tokens are configured.
                op.security = Some(vec![
                    SecurityRequirement::default(),
                    SecurityRequirement::new(BEARER, Vec::<String>::new()),
                ]);
            }
        }
    }
}
