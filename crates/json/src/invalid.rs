//! The problems of a request that cannot be settled, as the 400 and 422
//! answers list them: a JSON Pointer and plain words each, capped.

use serde::{Deserialize, Serialize};

/// One problem in a request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(example = json!({"pointer": "/players/1/cards/0", "message": "card Ah appears more than once (first at /board/0)"}))]
pub struct FieldError {
    /// JSON Pointer (RFC 6901) into the request body; empty for the whole body.
    pub pointer: String,
    /// What is wrong there, in plain words.
    pub message: String,
}

/// Problems a 422 lists at most (API.md, Errors: at least 20); `detail`
/// counts the rest, so a hostile body cannot make a huge answer.
pub const MAX_LISTED: usize = 50;

/// A request that describes an impossible hand (HTTP 422).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the hand is impossible: {} problem(s), first at {:?}", errors.len() + unlisted, errors.first().map(|e| e.pointer.as_str()).unwrap_or(""))]
pub struct Invalid {
    /// The first problems found, at most [`MAX_LISTED`].
    pub errors: Vec<FieldError>,
    /// Problems found beyond those listed.
    pub unlisted: usize,
}

impl Invalid {
    pub fn one(pointer: impl Into<String>, message: impl Into<String>) -> Invalid {
        Invalid::new(vec![FieldError {
            pointer: pointer.into(),
            message: message.into(),
        }])
    }

    /// Every problem found: the first [`MAX_LISTED`] are kept, the rest counted.
    pub fn new(mut errors: Vec<FieldError>) -> Invalid {
        let unlisted = errors.len().saturating_sub(MAX_LISTED);
        errors.truncate(MAX_LISTED);
        Invalid { errors, unlisted }
    }

    /// Problems found in all, listed or not.
    pub fn total(&self) -> usize {
        self.errors.len() + self.unlisted
    }

    /// How many were found and listed, when some are not: the one wording
    /// of a capped list, in a 400's and a 422's `detail` alike.
    pub fn count_words(&self) -> Option<String> {
        (self.unlisted > 0).then(|| {
            format!(
                "{} problems, the first {} listed, {} more not listed",
                self.total(),
                self.errors.len(),
                self.unlisted
            )
        })
    }
}
