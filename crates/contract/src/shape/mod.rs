//! Every shape problem of a 400, not only the first (issue #19).
//!
//! serde stops at the first error. When the typed parse of a body that is
//! JSON fails, the body is parsed again into a [`Node`] tree and the
//! request type's own `Deserialize` (the derive) runs over it through
//! [`De`], a deserializer that does not stop: a value of the wrong type is
//! listed with its JSON Pointer and serde's words (made plain by
//! `shape_words`), and the derive gets a stand-in (0, "", false, [], an
//! object of stand-ins) and goes on. What only the derive knows (which
//! fields are required, that a type refuses unknown or repeated fields) it
//! says by failing: the walk notes that rule of the type and starts again,
//! once a rule, so the rules stay the derive's and none is written here
//! twice. Problems come in the order serde meets them (a missing field at
//! the end of its object), so the first is the typed parse's own.
//!
//! Written here because the one crate that collects every serde error,
//! eserde, replaces the derive (and so the hot path) and resumes serde_json
//! in mid-value, so an object where a number belongs ends its list with a
//! false syntax error.
//!
//! Bounded: the walk goes no deeper than the request type (a value of the
//! wrong type is not looked into), runs at most [`MAX_WALKS`] times, and
//! past [`MAX_LISTED`] problems only counts them. Not covered, as no
//! request needs them: an enum is checked whole (its first problem only),
//! map keys are read as strings, field aliases are unknown.
//!
//! Its length (about 750 lines) is one serde `Deserializer` with its
//! `SeqAccess` and `MapAccess`: serde's traits ask for every method, and
//! the three share the walk's state, so they stay together.

mod node;
#[cfg(test)]
mod tests;
pub(crate) mod words;

use crate::invalid::{FieldError, Invalid, MAX_LISTED};
use crate::pointer::escape;
use crate::problems::Problems;
use node::Node;
use serde::de::value::{
    BorrowedStrDeserializer, F64Deserializer, I64Deserializer, U64Deserializer,
};
use serde::de::{
    self, Deserialize, DeserializeOwned, DeserializeSeed, Deserializer, Error as _, Expected,
    MapAccess, SeqAccess, Unexpected, Visitor,
};
use serde_json::Error as JsonError;
use std::collections::HashSet;
use std::fmt;
use words::{meant, plain};

/// Walks of one body at most: one for each rule a derive teaches (a
/// settle request can teach 27), and spare.
const MAX_WALKS: usize = 32;

/// Values visited over all the walks of one body at most: a large body
/// gets fewer walks, so a crafted 64 KiB body costs a few milliseconds,
/// not a walk of every value for every rule. A walk cut short says so.
const WALK_BUDGET: usize = 64 * 1024;

/// Unknown keys of one object looked at for the field they probably meant;
/// past this many the object is garbage and the guess is not worth its cost.
const MAX_GUESSES: usize = MAX_LISTED;

/// How deep stand-in objects nest at most (a type that holds itself
/// through a `Box` would nest for ever).
const MAX_STAND_IN_DEPTH: usize = 16;

/// Every shape problem of a body the typed parse refused with `first`, in
/// the order serde meets them; `first` alone when the body is not JSON.
pub(crate) fn every<T: DeserializeOwned>(bytes: &[u8], first: FieldError) -> (Invalid, bool) {
    let Ok(root) = serde_json::from_slice::<Node>(bytes) else {
        return (Invalid::new(vec![first]), true);
    };
    let (mut found, _, complete) = walk::<T>(&root);
    if found.errors.first() != Some(&first) {
        // A property test holds the walk to the typed parse; should they
        // still differ, the typed parse's problem leads, as it always did.
        found.errors.retain(|e| *e != first);
        found.errors.insert(0, first);
        if found.errors.len() > MAX_LISTED {
            found.errors.truncate(MAX_LISTED);
            found.unlisted += 1;
        }
    }
    (found, complete)
}

/// Every shape problem of `root` as a `T`, how many walks it took, and
/// whether the walks ran to the end (else the budget cut them short and
/// the problems are those found so far).
fn walk<T: DeserializeOwned>(root: &Node) -> (Invalid, usize, bool) {
    let mut rules = Rules::default();
    let mut walks = 0;
    let allowed = (WALK_BUDGET / root.size().max(1)).clamp(1, MAX_WALKS);
    loop {
        walks += 1;
        let mut walk = Walk {
            rules: &rules,
            learned: None,
            problems: Problems::default(),
            path: Vec::new(),
            stand_ins: 0,
        };
        // What the walk returns says nothing: its problems are in `walk`.
        let _ = T::deserialize(De {
            node: Some(root),
            walk: &mut walk,
        });
        let Walk {
            learned, problems, ..
        } = walk;
        match learned {
            Some(rule) if walks < allowed => {
                rules.0.insert(rule);
            }
            Some(_) => return (problems.into_invalid(), walks, false),
            None => return (problems.into_invalid(), walks, true),
        }
    }
}

/// What the derives said of their types by failing, each type named by
/// its visitor's type name.
#[derive(Default)]
struct Rules(HashSet<Rule>);

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Rule {
    RefusesUnknown(&'static str),
    RefusesRepeats(&'static str),
    Requires(&'static str, &'static str),
}

impl Rules {
    fn knows(&self, rule: &Rule) -> bool {
        self.0.contains(rule)
    }
}

/// One walk over the body: the problems found, and where it is.
struct Walk<'r, 'de> {
    rules: &'r Rules,
    /// A rule a derive just taught: this walk stops, the next knows it.
    learned: Option<Rule>,
    problems: Problems,
    path: Vec<Step<'de>>,
    stand_ins: usize,
}

enum Step<'de> {
    Key(&'de str),
    Index(usize),
}

impl Walk<'_, '_> {
    /// Lists a problem where the walk is, in plain words; the words and
    /// the pointer are made only if it is listed.
    fn list(&mut self, error: impl FnOnce() -> Error) {
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
enum Error {
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

/// The deserializer that does not stop. `node` is `None` for a stand-in
/// (an absent field, or a value listed as wrong): it gives whatever the
/// derive asks for and is never listed.
struct De<'a, 'r, 'de> {
    node: Option<&'de Node>,
    walk: &'a mut Walk<'r, 'de>,
}

impl<'a, 'r, 'de> De<'a, 'r, 'de> {
    /// A stand-in instead of this node, its problem listed.
    fn wrong(self, error: impl FnOnce() -> Error) -> Self {
        self.walk.list(error);
        De {
            node: None,
            walk: self.walk,
        }
    }

    /// [`De::wrong`] for a value of another type than the visitor's.
    fn wrong_type(self, node: &Node, visitor: &dyn Expected) -> Self {
        self.wrong(|| Error::invalid_type(node.unexpected(), visitor))
    }

    /// What a visitor made of this node: an error of its own ends the walk,
    /// listed here unless the node is a stand-in.
    fn done<T>(self, result: Result<T, Error>) -> Result<T, Error> {
        match result {
            Ok(_) | Err(Error::Stop) => result,
            Err(e) => {
                if self.node.is_some() {
                    self.walk.list(|| e);
                }
                Err(Error::Stop)
            }
        }
    }

    /// What a derive made of this struct: a rule it teaches ends this walk
    /// so that the next one knows it.
    fn learn<T>(self, kind: &'static str, result: Result<T, Error>) -> Result<T, Error> {
        let rule = match &result {
            Err(Error::Missing(field)) => Rule::Requires(kind, field),
            Err(Error::Unknown(_)) => Rule::RefusesUnknown(kind),
            Err(Error::Repeated(_)) => Rule::RefusesRepeats(kind),
            _ => return self.done(result),
        };
        if self.walk.rules.knows(&rule) {
            // Taught already, and said again: listed as serde says it.
            return self.done(result);
        }
        self.walk.learned = Some(rule);
        Err(Error::Stop)
    }

    /// A number as `P`: serde's own rule for `P` says whether it fits
    /// (whole, in range); a number that fits goes to the visitor as
    /// serde_json would give it.
    fn number<P: Deserialize<'de>, V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        let fits = match self.node {
            None => return self.done(visitor.visit_u64(0)),
            Some(Node::U(n)) => P::deserialize(U64Deserializer::<Error>::new(*n)).map(drop),
            Some(Node::I(n)) => P::deserialize(I64Deserializer::<Error>::new(*n)).map(drop),
            Some(Node::F(f)) => P::deserialize(F64Deserializer::<Error>::new(*f)).map(drop),
            Some(other) => Err(Error::invalid_type(other.unexpected(), &visitor)),
        };
        match (fits, self.node) {
            (Ok(()), Some(Node::U(n))) => self.done(visitor.visit_u64(*n)),
            (Ok(()), Some(Node::I(n))) => self.done(visitor.visit_i64(*n)),
            (Ok(()), Some(Node::F(f))) => self.done(visitor.visit_f64(*f)),
            (Ok(()), _) => self.done(visitor.visit_u64(0)),
            (Err(e), _) => self.wrong(|| e).number::<P, V>(visitor),
        }
    }

    /// The items of a list, then `stand_ins` stand-ins (a tuple's, when
    /// its list was wrong).
    fn items<V: Visitor<'de>>(
        mut self,
        items: &'de [Node],
        stand_ins: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let result = self.visit_items(items, stand_ins, visitor);
        self.done(result)
    }

    /// [`De::items`], what the visitor says left to the caller.
    fn visit_items<V: Visitor<'de>>(
        &mut self,
        items: &'de [Node],
        stand_ins: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        let mut next = 0;
        let result = visitor.visit_seq(Items {
            walk: &mut *self.walk,
            items,
            next: &mut next,
            stand_ins,
        });
        if result.is_ok() && next < items.len() {
            // serde_json refuses what a tuple (or a struct written as a
            // list) leaves.
            self.walk
                .list(|| Error::invalid_length(items.len(), &"fewer elements in array"));
        }
        result
    }
}

macro_rules! numbers {
    ($($method:ident: $ty:ty),* $(,)?) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
            self.number::<$ty, V>(visitor)
        }
    )*};
}

impl<'de> Deserializer<'de> for De<'_, '_, 'de> {
    type Error = Error;

    numbers! {
        deserialize_i8: i8, deserialize_i16: i16, deserialize_i32: i32,
        deserialize_i64: i64, deserialize_i128: i128,
        deserialize_u8: u8, deserialize_u16: u16, deserialize_u32: u32,
        deserialize_u64: u64, deserialize_u128: u128,
        deserialize_f32: f32, deserialize_f64: f64,
    }

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None | Some(Node::Null) => self.done(visitor.visit_unit()),
            Some(Node::Bool(b)) => self.done(visitor.visit_bool(*b)),
            Some(Node::U(n)) => self.done(visitor.visit_u64(*n)),
            Some(Node::I(n)) => self.done(visitor.visit_i64(*n)),
            Some(Node::F(f)) => self.done(visitor.visit_f64(*f)),
            Some(Node::Str(s)) => self.done(visitor.visit_borrowed_str(s)),
            Some(Node::Arr(items)) => self.items(items, 0, visitor),
            Some(Node::Obj(entries)) => {
                let result = visitor.visit_map(Entries::map(&mut *self.walk, entries));
                self.done(result)
            }
        }
    }

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None => self.done(visitor.visit_bool(false)),
            Some(Node::Bool(b)) => self.done(visitor.visit_bool(*b)),
            Some(other) => self.wrong_type(other, &visitor).deserialize_bool(visitor),
        }
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        // As serde_json: the char's visitor reads the string.
        self.deserialize_str(visitor)
    }

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None => self.done(visitor.visit_str("")),
            Some(Node::Str(s)) => self.done(visitor.visit_borrowed_str(s)),
            Some(other) => self.wrong_type(other, &visitor).deserialize_str(visitor),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_bytes<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None => self.done(visitor.visit_bytes(&[])),
            Some(Node::Str(s)) => self.done(visitor.visit_borrowed_bytes(s.as_bytes())),
            Some(Node::Arr(items)) => self.items(items, 0, visitor),
            Some(other) => self.wrong_type(other, &visitor).deserialize_bytes(visitor),
        }
    }

    fn deserialize_byte_buf<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_bytes(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None | Some(Node::Null) => self.done(visitor.visit_none()),
            Some(_) => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None | Some(Node::Null) => self.done(visitor.visit_unit()),
            Some(other) => self.wrong_type(other, &visitor).deserialize_unit(visitor),
        }
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_unit(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Error> {
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_tuple(0, visitor)
    }

    /// A list; a stand-in list has `len` stand-ins (a `Vec` asks for 0).
    fn deserialize_tuple<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None => self.items(&[], len, visitor),
            Some(Node::Arr(items)) => self.items(items, 0, visitor),
            Some(other) => self
                .wrong_type(other, &visitor)
                .deserialize_tuple(len, visitor),
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Error> {
        self.deserialize_tuple(len, visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.node {
            None => {
                let result = visitor.visit_map(Entries::map(&mut *self.walk, &[]));
                self.done(result)
            }
            Some(Node::Obj(entries)) => {
                let result = visitor.visit_map(Entries::map(&mut *self.walk, entries));
                self.done(result)
            }
            Some(other) => self.wrong_type(other, &visitor).deserialize_map(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        match self.node {
            None => {
                if self.walk.stand_ins >= MAX_STAND_IN_DEPTH {
                    return Err(Error::Stop);
                }
                self.walk.stand_ins += 1;
                let result = visitor.visit_map(Entries::stand_in(&mut *self.walk, fields));
                self.walk.stand_ins -= 1;
                self.done(result)
            }
            Some(Node::Obj(entries)) => {
                let kind = std::any::type_name::<V>();
                let result =
                    visitor.visit_map(Entries::object(&mut *self.walk, entries, fields, kind));
                self.learn(kind, result)
            }
            // A list is the wrong type for a struct (crate::objects), though
            // serde_json would read one field by field.
            Some(other) => self
                .wrong_type(other, &visitor)
                .deserialize_struct(name, fields, visitor),
        }
    }

    /// Checked whole, by serde_json (no request has an enum).
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        let value = match self.node {
            Some(node) => node.to_value(),
            None => variants
                .first()
                .map_or(serde_json::Value::Null, |v| (*v).into()),
        };
        let result = value
            .deserialize_enum(name, variants, visitor)
            .map_err(|e| Error::Serde(e.to_string()));
        self.done(result)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.deserialize_str(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        self.done(visitor.visit_unit())
    }
}

/// A list's items for a visitor, each at its index.
struct Items<'a, 'r, 'de> {
    walk: &'a mut Walk<'r, 'de>,
    items: &'de [Node],
    next: &'a mut usize,
    stand_ins: usize,
}

impl<'de> SeqAccess<'de> for Items<'_, '_, 'de> {
    type Error = Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Error> {
        let i = *self.next;
        let node = match self.items.get(i) {
            Some(node) => node,
            None if self.stand_ins > 0 => {
                self.stand_ins -= 1;
                let stand_in = De {
                    node: None,
                    walk: &mut *self.walk,
                };
                return seed.deserialize(stand_in).map(Some);
            }
            None => return Ok(None),
        };
        *self.next += 1;
        self.walk.path.push(Step::Index(i));
        let result = seed.deserialize(De {
            node: Some(node),
            walk: &mut *self.walk,
        });
        self.walk.path.pop();
        result.map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len().saturating_sub(*self.next) + self.stand_ins)
    }
}

/// An object's entries for a visitor. For a struct, by the rules its
/// derive taught: an unknown or repeated field is listed and not passed
/// on, and a required field that is absent is listed (unless an unknown
/// key probably meant it: one mistake, one problem) and passed on as a
/// stand-in once the entries are over, as serde meets it.
struct Entries<'a, 'r, 'de> {
    walk: &'a mut Walk<'r, 'de>,
    entries: std::slice::Iter<'de, (String, Node)>,
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
    tail: Option<std::vec::IntoIter<&'static str>>,
    /// The value of the key just passed on (its key, for the pointer).
    value: Option<(Option<&'de str>, Option<&'de Node>)>,
}

impl<'a, 'r, 'de> Entries<'a, 'r, 'de> {
    fn object(
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

    fn map(walk: &'a mut Walk<'r, 'de>, entries: &'de [(String, Node)]) -> Self {
        Entries::object(walk, entries, &[], "")
    }

    fn stand_in(walk: &'a mut Walk<'r, 'de>, fields: &'static [&'static str]) -> Self {
        Entries {
            stand_in: true,
            ..Entries::object(walk, &[], fields, "")
        }
    }

    /// The next entry to pass on, listing those the struct refuses.
    fn next_entry(&mut self) -> Option<(&'de str, &'de Node)> {
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
    fn tail(&mut self) -> Vec<&'static str> {
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

impl<'de> MapAccess<'de> for Entries<'_, '_, 'de> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.tail.is_none() {
            if let Some((key, node)) = self.next_entry() {
                self.value = Some((Some(key), Some(node)));
                return seed
                    .deserialize(BorrowedStrDeserializer::new(key))
                    .map(Some);
            }
            self.tail = Some(self.tail().into_iter());
        }
        match self.tail.as_mut().and_then(Iterator::next) {
            Some(field) => {
                self.value = Some((None, None));
                seed.deserialize(BorrowedStrDeserializer::new(field))
                    .map(Some)
            }
            None => Ok(None),
        }
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, Error> {
        let (key, node) = self
            .value
            .take()
            .ok_or_else(|| Error::custom("a value asked for before its key"))?;
        if let Some(key) = key {
            self.walk.path.push(Step::Key(key));
        }
        let result = seed.deserialize(De {
            node,
            walk: &mut *self.walk,
        });
        if key.is_some() {
            self.walk.path.pop();
        }
        result
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}
