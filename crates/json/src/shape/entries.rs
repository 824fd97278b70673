//! An object's entries as the struct's derive taught the walk to read
//! them: which keys pass on, which are listed, which fields stand in.

use super::node::Node;
use super::walk::{Error, Rule, Step, Walk};
use super::words::meant;
use crate::invalid::MAX_LISTED;
use serde::de::Error as _;

/// Unknown keys of one object looked at for the field they probably meant;
/// past this many the object is garbage and the guess is not worth its cost.
const MAX_GUESSES: usize = MAX_LISTED;

/// An object's entries for a visitor. For a struct, by the rules its
/// derive taught: an unknown or repeated field is listed and not passed
/// on, and a required field that is absent is listed (unless an unknown
/// key probably meant it: one mistake, one problem) and passed on as a
/// stand-in once the entries are over, as serde meets it.
pub(super) struct Entries<'a, 'r, 'de> {
    pub(super) walk: &'a mut Walk<'r, 'de>,
    pub(super) entries: std::slice::Iter<'de, (String, Node)>,
    /// The struct's fields (none for a map), and which were given.
    fields: &'static [&'static str],
    given: Vec<bool>,
    /// The struct's visitor's type name: the rules' key.
    kind: &'static str,
    /// A stand-in struct: every field a stand-in.
    stand_in: bool,
    /// Fields that unknown keys probably meant, and how many keys were
    /// looked at for it.
    meant: Vec<&'static str>,
    guesses: usize,
    /// Once the entries are over: the fields still to pass as stand-ins.
    pub(super) tail: Option<std::vec::IntoIter<&'static str>>,
    /// The value of the key just passed on (its key, for the pointer).
    pub(super) value: Option<(Option<&'de str>, Option<&'de Node>)>,
}

impl<'a, 'r, 'de> Entries<'a, 'r, 'de> {
    pub(super) fn object(
        walk: &'a mut Walk<'r, 'de>,
        entries: &'de [(String, Node)],
        fields: &'static [&'static str],
        kind: &'static str,
    ) -> Self {
        Entries {
            walk,
            entries: entries.iter(),
            fields,
            given: vec![false; fields.len()],
            kind,
            stand_in: false,
            meant: Vec::new(),
            guesses: 0,
            tail: None,
            value: None,
        }
    }

    pub(super) fn map(walk: &'a mut Walk<'r, 'de>, entries: &'de [(String, Node)]) -> Self {
        Entries::object(walk, entries, &[], "")
    }

    pub(super) fn stand_in(walk: &'a mut Walk<'r, 'de>, fields: &'static [&'static str]) -> Self {
        Entries {
            stand_in: true,
            ..Entries::object(walk, &[], fields, "")
        }
    }

    /// The next entry to pass on, listing those the struct refuses.
    pub(super) fn next_entry(&mut self) -> Option<(&'de str, &'de Node)> {
        let rules = self.walk.rules;
        for (key, node) in self.entries.by_ref() {
            let field = self.fields.iter().position(|f| f == key);
            match field {
                None if self.kind.is_empty() => {}
                None if rules.knows(&Rule::RefusesUnknown(self.kind)) => {
                    if self.guesses < MAX_GUESSES {
                        self.guesses += 1;
                        self.meant.extend(meant(key, self.fields));
                    }
                    let fields = self.fields;
                    self.walk.path.push(Step::Key(key));
                    self.walk.list(|| Error::unknown_field(key, fields));
                    self.walk.path.pop();
                    continue;
                }
                None => {}
                Some(i) if self.given[i] && rules.knows(&Rule::RefusesRepeats(self.kind)) => {
                    // At the field, not its object: the typed parse's
                    // pointer says the same (parse::field_error).
                    let field = self.fields[i];
                    self.walk.path.push(Step::Key(key));
                    self.walk.list(|| Error::Repeated(field));
                    self.walk.path.pop();
                    continue;
                }
                Some(i) => self.given[i] = true,
            }
            return Some((key, node));
        }
        None
    }

    /// The fields to pass as stand-ins once the entries are over: for a
    /// stand-in struct all, else the absent required ones, listed.
    pub(super) fn tail(&mut self) -> Vec<&'static str> {
        if self.stand_in {
            return self.fields.to_vec();
        }
        let rules = self.walk.rules;
        let mut tail = Vec::new();
        for (i, &field) in self.fields.iter().enumerate() {
            if !self.given[i] && rules.knows(&Rule::Requires(self.kind, field)) {
                if !self.meant.contains(&field) {
                    self.walk.list(|| Error::Missing(field));
                }
                tail.push(field);
            }
        }
        tail
    }
}
