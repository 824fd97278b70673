//! The deserializer that does not stop, and a list's items for a visitor:
//! serde's `Deserializer` and `SeqAccess`, with the `MapAccess` of an
//! object's [`Entries`] (each hands its values a deserializer of its own,
//! so the three recurse into each other and live in one file).

use super::entries::Entries;
use super::node::Node;
use super::walk::{Error, Rule, Step, Walk};
use serde::de::value::{
    BorrowedStrDeserializer, F64Deserializer, I64Deserializer, U64Deserializer,
};
use serde::de::{
    Deserialize, DeserializeSeed, Deserializer, Error as _, Expected, MapAccess, SeqAccess, Visitor,
};

/// How deep stand-in objects nest at most (a type that holds itself
/// through a `Box` would nest for ever).
const MAX_STAND_IN_DEPTH: usize = 16;

/// The deserializer that does not stop. `node` is `None` for a stand-in
/// (an absent field, or a value listed as wrong): it gives whatever the
/// derive asks for and is never listed.
pub(super) struct De<'a, 'r, 'de> {
    pub(super) node: Option<&'de Node>,
    pub(super) walk: &'a mut Walk<'r, 'de>,
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
