//! The problems accumulator every request's validation shares (and the
//! shape walk of a 400): problems are collected, never short-circuited, so
//! a client fixes a request in one round trip.

use crate::invalid::{FieldError, Invalid, MAX_LISTED};

/// The problems found so far (the first [`MAX_LISTED`] kept, the rest
/// counted in `unlisted`).
#[derive(Default)]
pub struct Problems {
    errors: Vec<FieldError>,
    unlisted: usize,
}

impl Problems {
    pub fn push(&mut self, pointer: impl Into<String>, message: impl Into<String>) {
        self.push_with(|| pointer.into(), || message.into());
    }

    /// A closed-set field's value among `choices`, the first of which is
    /// the default when the field is left out; a value outside the set is
    /// a problem at `pointer` with its hint (API.md, Closed sets) and reads
    /// as the default.
    pub fn pick<T: Copy>(
        &mut self,
        pointer: &str,
        field: &str,
        value: Option<&str>,
        choices: &[(&str, T)],
    ) -> Option<T> {
        let Some(value) = value else {
            return choices.first().map(|c| c.1);
        };
        match choices.iter().find(|c| c.0 == value) {
            Some(c) => Some(c.1),
            None => {
                let allowed: Vec<&str> = choices.iter().map(|c| c.0).collect();
                self.push(pointer, crate::closed_set::unknown(field, value, &allowed));
                choices.first().map(|c| c.1)
            }
        }
    }

    /// [`Problems::push`] that makes the pointer and the message only for a
    /// problem that is listed: a body of garbage has thousands.
    pub fn push_with(
        &mut self,
        pointer: impl FnOnce() -> String,
        message: impl FnOnce() -> String,
    ) {
        if self.errors.len() >= MAX_LISTED {
            self.unlisted += 1;
            return;
        }
        self.errors.push(FieldError {
            pointer: pointer(),
            message: message(),
        });
    }

    pub fn is_empty(&self) -> bool {
        self.errors.is_empty()
    }

    /// `Ok` when nothing was found, else every problem.
    pub fn finish(self) -> Result<(), Invalid> {
        if self.errors.is_empty() {
            Ok(())
        } else {
            Err(self.into_invalid())
        }
    }

    /// Every problem found.
    pub fn into_invalid(self) -> Invalid {
        Invalid {
            errors: self.errors,
            unlisted: self.unlisted,
        }
    }
}
