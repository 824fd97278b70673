//! Why a job that its caller may stop gave no answer: the request was
//! impossible, or the caller raised its stop flag (its request timed out or
//! its client went away) and the work was given up.

use showdown_equity::EquityError;
use showdown_json::Invalid;

/// What a stoppable pipeline ends with when it does not answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unanswered {
    /// Every problem of an impossible request, with its pointer (a 422).
    #[error(transparent)]
    Invalid(#[from] Invalid),
    /// The stop flag was raised before the work ended: nobody waits for
    /// this answer any more.
    #[error("the work was stopped before it ended")]
    Stopped,
}

impl Unanswered {
    /// The problems of a pipeline whose flag is never raised: `Stopped`
    /// cannot happen there, and is still a problem of the whole request
    /// rather than a panic should it ever.
    pub(crate) fn never_stopped(self) -> Invalid {
        match self {
            Unanswered::Invalid(invalid) => invalid,
            Unanswered::Stopped => Invalid::one("", Unanswered::Stopped.to_string()),
        }
    }

    /// An enumeration's error: stopped, or the request's problem as
    /// `guard` words it.
    pub(crate) fn of_equity(e: EquityError, guard: impl FnOnce(EquityError) -> Invalid) -> Self {
        match e {
            EquityError::Stopped => Unanswered::Stopped,
            e => Unanswered::Invalid(guard(e)),
        }
    }
}
