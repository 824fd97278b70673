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
//! The walk's state and its errors are in `walk`, the deserializer that
//! does not stop in `de`, an object's entries in `entries`.

mod de;
mod entries;
mod node;
mod walk;
pub(crate) mod words;

use crate::invalid::{FieldError, Invalid, MAX_LISTED};
use crate::problems::Problems;
use de::De;
pub use node::Node;
use serde::de::DeserializeOwned;
use walk::{Rules, Walk};

/// Walks of one body at most: one for each rule a derive teaches (a
/// settle request can teach 27), and spare.
const MAX_WALKS: usize = 32;

/// Values visited over all the walks of one body at most: a large body
/// gets fewer walks, so a crafted 64 KiB body costs a few milliseconds,
/// not a walk of every value for every rule. A walk cut short says so.
pub const WALK_BUDGET: usize = 64 * 1024;

/// Every shape problem of a body the typed parse refused with `first`, in
/// the order serde meets them; `first` alone when the body is not JSON.
pub fn every<T: DeserializeOwned>(bytes: &[u8], first: FieldError) -> (Invalid, bool) {
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
pub fn walk<T: DeserializeOwned>(root: &Node) -> (Invalid, usize, bool) {
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
