//! One walk over the body: the rules the derives taught so far, the
//! problems found, where the walk is, and the errors that stop it.

use super::words::plain;
use crate::pointer::escape;
use crate::problems::Problems;
use serde::de::{self, Error as _, Expected, Unexpected};
use serde_json::Error as JsonError;
use std::collections::HashSet;
use std::fmt;

/// What the derives said of their types by failing, each type named by
/// its visitor's type name.
#[derive(Default)]
pub(super) struct Rules(pub(super) HashSet<Rule>);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum Rule {
    RefusesUnknown(&'static str),
    RefusesRepeats(&'static str),
    Requires(&'static str, &'static str),
}

impl Rules {
    pub(super) fn knows(&self, rule: &Rule) -> bool {
        self.0.contains(rule)
    }
}

/// One walk over the body: the problems found, and where it is.
pub(super) struct Walk<'r, 'de> {
    pub(super) rules: &'r Rules,
    /// A rule a derive just taught: this walk stops, the next knows it.
    pub(super) learned: Option<Rule>,
    pub(super) problems: Problems,
    pub(super) path: Vec<Step<'de>>,
    pub(super) stand_ins: usize,
}

pub(super) enum Step<'de> {
    Key(&'de str),
    Index(usize),
}

impl Walk<'_, '_> {
    /// Lists a problem where the walk is, in plain words; the words and
    /// the pointer are made only if it is listed.
    pub(super) fn list(&mut self, error: impl FnOnce() -> Error) {
        let path = &self.path;
        self.problems.push_with(
            || {
                let mut out = String::new();
                for step in path {
                    out.push('/');
                    match step {
                        Step::Key(key) => out.push_str(&escape(key)),
                        Step::Index(i) => out.push_str(&i.to_string()),
                    }
                }
                out
            },
            || plain(&error().to_string()),
        );
    }
}

/// What a visitor or a derive said, or why a walk stops.
#[derive(Debug, thiserror::Error)]
pub(super) enum Error {
    /// serde's words for a value that is not the shape.
    #[error("{0}")]
    Serde(String),
    /// A derive's: a required field is absent.
    #[error("{}", JsonError::missing_field(.0))]
    Missing(&'static str),
    /// A derive's: a field it does not know (serde's words).
    #[error("{0}")]
    Unknown(String),
    /// A derive's: a field given twice.
    #[error("{}", JsonError::duplicate_field(.0))]
    Repeated(&'static str),
    /// The walk is over: what stopped it is listed, or a rule was learned.
    #[error("the walk stopped")]
    Stop,
}

/// serde_json's words ("null", "floating point `1.5`"), so a problem reads
/// as the typed parse's does.
impl de::Error for Error {
    fn custom<T: fmt::Display>(msg: T) -> Error {
        Error::Serde(msg.to_string())
    }

    fn invalid_type(unexp: Unexpected, exp: &dyn Expected) -> Error {
        Error::Serde(JsonError::invalid_type(unexp, exp).to_string())
    }

    fn invalid_value(unexp: Unexpected, exp: &dyn Expected) -> Error {
        Error::Serde(JsonError::invalid_value(unexp, exp).to_string())
    }

    fn missing_field(field: &'static str) -> Error {
        Error::Missing(field)
    }

    fn unknown_field(field: &str, expected: &'static [&'static str]) -> Error {
        Error::Unknown(JsonError::unknown_field(field, expected).to_string())
    }

    fn duplicate_field(field: &'static str) -> Error {
        Error::Repeated(field)
    }
}
