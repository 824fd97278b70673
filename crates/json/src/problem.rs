//! RFC 9457 problem details: the one shape of every error (API.md, Errors).
//!
//! The body only: the service crate renders it as an HTTP answer and adds
//! the request id, so neither this crate nor the contract knows an HTTP
//! framework.

use crate::invalid::{FieldError, Invalid};
use http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// The media type of RFC 9457.
pub const PROBLEM_JSON: &str = "application/problem+json";

/// `type` of a request that is not the JSON of API.md (400).
pub const TYPE_MALFORMED: &str = "urn:showdown:problem:malformed-request";
/// `type` of an impossible hand (422).
pub const TYPE_INVALID_HAND: &str = "urn:showdown:problem:invalid-hand";
/// `type` of another impossible request: a chip race or a draw (422).
pub const TYPE_INVALID_REQUEST: &str = "urn:showdown:problem:invalid-request";

/// The `type` of a problem as an OpenAPI schema: RFC 9457's `about:blank`
/// or one of ours, a closed set the derive cannot spell from a `String`.
pub struct ProblemType;

impl utoipa::PartialSchema for ProblemType {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some(
                "A URI naming the kind of problem; `about:blank` when the HTTP status says it all.",
            ))
            .enum_values(Some([
                "about:blank",
                TYPE_MALFORMED,
                TYPE_INVALID_HAND,
                TYPE_INVALID_REQUEST,
            ]))
            .into()
    }
}

impl utoipa::ToSchema for ProblemType {}

/// An RFC 9457 problem details object.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({
    "type": "urn:showdown:problem:invalid-hand",
    "title": "Unprocessable hand",
    "status": 422,
    "detail": "the hand is impossible: 2 problems",
    "errors": [
        {"pointer": "/buttonSeat", "message": "holdem is a button game: buttonSeat is required"},
        {"pointer": "/players/1/cards/1", "message": "malformed card \"Zz\": unknown rank 'Z': use 2-9, T, J, Q, K, A"}
    ],
    "requestId": "2f1c9e0a7b3d4c55-000000000007"
}))]
pub struct Problem {
    /// A URI naming the kind of problem: `urn:showdown:problem:malformed-request`
    /// (400), `urn:showdown:problem:invalid-hand` (422 from settling) or
    /// `urn:showdown:problem:invalid-request` (422 from a chip race or a
    /// draw); `about:blank` when the status says it all.
    #[serde(rename = "type")]
    #[schema(value_type = ProblemType)]
    pub kind: String,
    /// A short summary of the kind: the status's reason phrase for
    /// `about:blank` (`Payload Too Large`), else `Malformed request`,
    /// `Unprocessable hand`, `Unprocessable chip race` or `Unprocessable draw`.
    pub title: String,
    /// The HTTP status code of the answer.
    #[schema(minimum = 400, maximum = 599)]
    pub status: u16,
    /// What was wrong with this request, in plain words.
    pub detail: String,
    /// Every problem found in the request (422, and 400 when a field is at
    /// fault); left out when no field is. At most 50 are listed; `detail`
    /// counts the rest.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[schema(max_items = 50)]
    pub errors: Vec<FieldError>,
    /// The request id (also in the `x-request-id` header and the logs): the
    /// service's edge sets it on every error it answers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(required = true, nullable = false)]
    pub request_id: Option<String>,
}

impl Problem {
    /// A problem that only its status describes (`type` `about:blank`, RFC 9457 §4.2.1).
    pub fn from_status(status: StatusCode, detail: impl Into<String>) -> Problem {
        Problem {
            kind: "about:blank".to_string(),
            title: status.canonical_reason().unwrap_or("Error").to_string(),
            status: status.as_u16(),
            detail: detail.into(),
            errors: Vec::new(),
            request_id: None,
        }
    }

    /// 400: not JSON, or not the shape of API.md.
    pub fn malformed(detail: impl Into<String>, errors: Vec<FieldError>) -> Problem {
        Problem {
            kind: TYPE_MALFORMED.to_string(),
            title: "Malformed request".to_string(),
            status: 400,
            detail: detail.into(),
            errors,
            request_id: None,
        }
    }

    /// 422: an impossible hand, every problem listed.
    pub fn invalid(invalid: Invalid) -> Problem {
        Problem::impossible(TYPE_INVALID_HAND, "hand", invalid)
    }

    /// 422: an impossible `subject` ("hand", "chip race", "draw"), every
    /// problem listed; the title and detail name what was impossible.
    pub fn impossible(kind: &str, subject: &str, invalid: Invalid) -> Problem {
        let n = invalid.total();
        let detail = match invalid.count_words() {
            Some(counts) => format!("the {subject} is impossible: {counts}"),
            None => format!(
                "the {subject} is impossible: {n} problem{}",
                if n == 1 { "" } else { "s" }
            ),
        };
        Problem {
            kind: kind.to_string(),
            title: format!("Unprocessable {subject}"),
            status: 422,
            detail,
            errors: invalid.errors,
            request_id: None,
        }
    }

    /// 413: the one wording of a body over the limit, wherever it is found.
    pub fn too_large() -> Problem {
        Problem::from_status(
            StatusCode::PAYLOAD_TOO_LARGE,
            "the body is over the size limit (--body-limit or SHOWDOWN_BODY_LIMIT; 65536 bytes by default)",
        )
    }

    pub fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
}

impl From<Invalid> for Problem {
    fn from(invalid: Invalid) -> Problem {
        Problem::invalid(invalid)
    }
}
