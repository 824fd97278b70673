//! A JSON document as serde_json parsed it, for the walk to replay.
//!
//! Not a `serde_json::Value`: a Value sorts an object's keys and keeps only
//! the last of a repeated one, so neither the document order of problems
//! nor a field given twice could be told from it.

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Unexpected, Visitor};
use std::fmt;

/// One JSON value; numbers as serde_json read them (a whole number that
/// fits is `U` or `I`, anything else `F`), so each replays as it parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum Node {
    Null,
    Bool(bool),
    U(u64),
    I(i64),
    F(f64),
    Str(String),
    Arr(Vec<Node>),
    /// Keys in document order, repeats kept.
    Obj(Vec<(String, Node)>),
}

impl Node {
    /// How many values the tree holds, itself included (serde_json's
    /// nesting limit bounds the recursion).
    pub fn size(&self) -> usize {
        1 + match self {
            Node::Arr(items) => items.iter().map(Node::size).sum(),
            Node::Obj(entries) => entries.iter().map(|(_, v)| v.size()).sum(),
            _ => 0,
        }
    }

    /// What serde_json calls this value in "invalid type: …".
    pub(super) fn unexpected(&self) -> Unexpected<'_> {
        match self {
            Node::Null => Unexpected::Unit,
            Node::Bool(b) => Unexpected::Bool(*b),
            Node::U(n) => Unexpected::Unsigned(*n),
            Node::I(n) => Unexpected::Signed(*n),
            Node::F(f) => Unexpected::Float(*f),
            Node::Str(s) => Unexpected::Str(s),
            Node::Arr(_) => Unexpected::Seq,
            Node::Obj(_) => Unexpected::Map,
        }
    }

    /// The same value as a `serde_json::Value` (the last of a repeated key
    /// wins, as in serde_json).
    pub(super) fn to_value(&self) -> serde_json::Value {
        use serde_json::Value;
        match self {
            Node::Null => Value::Null,
            Node::Bool(b) => Value::Bool(*b),
            Node::U(n) => Value::from(*n),
            Node::I(n) => Value::from(*n),
            Node::F(f) => Value::from(*f),
            Node::Str(s) => Value::from(s.as_str()),
            Node::Arr(items) => Value::Array(items.iter().map(Node::to_value).collect()),
            Node::Obj(entries) => Value::Object(
                entries
                    .iter()
                    .map(|(k, v)| (k.clone(), v.to_value()))
                    .collect(),
            ),
        }
    }
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Node, D::Error> {
        deserializer.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }

    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Null)
    }

    fn visit_bool<E>(self, b: bool) -> Result<Node, E> {
        Ok(Node::Bool(b))
    }

    fn visit_u64<E>(self, n: u64) -> Result<Node, E> {
        Ok(Node::U(n))
    }

    fn visit_i64<E>(self, n: i64) -> Result<Node, E> {
        Ok(Node::I(n))
    }

    fn visit_f64<E>(self, f: f64) -> Result<Node, E> {
        Ok(Node::F(f))
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Node, E> {
        Ok(Node::Str(s.to_string()))
    }

    fn visit_string<E>(self, s: String) -> Result<Node, E> {
        Ok(Node::Str(s))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Node, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = seq.next_element()? {
            items.push(item);
        }
        Ok(Node::Arr(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Node, A::Error> {
        let mut entries = Vec::new();
        while let Some(entry) = map.next_entry()? {
            entries.push(entry);
        }
        Ok(Node::Obj(entries))
    }
}
