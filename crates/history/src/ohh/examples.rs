//! The OpenAPI document's examples of `POST /v1/settle/ohh` and `POST
//! /v1/betting`: each request beside the service's real answer to it
//! (`openapi-examples/`), which the server's docs-examples test sends and
//! compares.

use serde_json::Value;

fn example(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or_default()
}

/// A three-handed no-limit hand at 0.01/0.02 played to the showdown,
/// with the room's own `pots`.
pub fn settle_ohh_request() -> Value {
    example(include_str!(
        "../../openapi-examples/settle-ohh.request.json"
    ))
}

/// The answer to [`settle_ohh_request`]: the small blind's queens win
/// 0.74, the room agrees (`record.differences` empty).
pub fn settle_ohh_answer() -> Value {
    example(include_str!(
        "../../openapi-examples/settle-ohh.response.json"
    ))
}

/// The same kind of hand so far: the flop dealt, the small blind checked.
pub fn betting_request() -> Value {
    example(include_str!("../../openapi-examples/betting.request.json"))
}

/// The answer to [`betting_request`]: the button is to act, and may
/// check or bet 2 to 194 cents.
pub fn betting_answer() -> Value {
    example(include_str!("../../openapi-examples/betting.response.json"))
}
