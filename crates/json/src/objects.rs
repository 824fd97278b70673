//! Objects only: a struct read from a JSON list is refused.
//!
//! serde's derive gives every struct a `visit_seq`, so serde_json reads
//! `["g1", 5, "holdem", …]` as a request, field by field in declaration
//! order. A client that does so is tied to the order of our fields, and a
//! field added in a minor version (API.md, Versions) would shift every
//! later one silently. [`Objects`] wraps a deserializer and passes every
//! call through unchanged, except that a struct's visitor is handed a list
//! it refuses as serde would refuse any other wrong type ("invalid type:
//! sequence, expected struct …"). The wrapper follows the parse into every
//! nested value (options, lists, map values, enum payloads), so the rule
//! holds all the way down.
//!
//! No attribute of serde or serde_json turns the list form off, and the
//! crates that wrap a deserializer (serde_path_to_error, serde_ignored)
//! offer no hook for it, so it is written here: one forwarding layer, no
//! state, all of it inlined into the typed parse (the settle bench shows no
//! difference within its noise).

use serde::de::{
    self, DeserializeSeed, Deserializer, EnumAccess, MapAccess, SeqAccess, Unexpected,
    VariantAccess, Visitor,
};
use std::fmt;

/// A deserializer whose structs are read from objects only.
pub struct Objects<D>(pub D);

/// A visitor passed on by [`Objects`]: `object` when it is a struct's.
struct Guard<V> {
    inner: V,
    object: bool,
}

impl<V> Guard<V> {
    fn any(inner: V) -> Self {
        Guard {
            inner,
            object: false,
        }
    }
}

/// A seed whose value is read through [`Objects`] too.
struct Seed<S>(S);

impl<'de, S: DeserializeSeed<'de>> DeserializeSeed<'de> for Seed<S> {
    type Value = S::Value;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<S::Value, D::Error> {
        self.0.deserialize(Objects(d))
    }
}

/// Deserializer methods that take only a visitor, passed on guarded.
macro_rules! forward {
    ($($method:ident)*) => {$(
        fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, D::Error> {
            self.0.$method(Guard::any(visitor))
        }
    )*};
}

impl<'de, D: Deserializer<'de>> Deserializer<'de> for Objects<D> {
    type Error = D::Error;

    forward! {
        deserialize_any deserialize_bool deserialize_i8 deserialize_i16
        deserialize_i32 deserialize_i64 deserialize_i128 deserialize_u8
        deserialize_u16 deserialize_u32 deserialize_u64 deserialize_u128
        deserialize_f32 deserialize_f64 deserialize_char deserialize_str
        deserialize_string deserialize_bytes deserialize_byte_buf
        deserialize_option deserialize_unit deserialize_seq deserialize_map
        deserialize_identifier deserialize_ignored_any
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_unit_struct(name, Guard::any(visitor))
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_newtype_struct(name, Guard::any(visitor))
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_tuple(len, Guard::any(visitor))
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0
            .deserialize_tuple_struct(name, len, Guard::any(visitor))
    }

    /// The one call that changes: the struct's visitor refuses a list.
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        let guard = Guard {
            inner: visitor,
            object: true,
        };
        self.0.deserialize_struct(name, fields, guard)
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        self.0.deserialize_enum(name, variants, Guard::any(visitor))
    }

    fn is_human_readable(&self) -> bool {
        self.0.is_human_readable()
    }
}

/// Visitor methods of a plain value, passed on as they are.
macro_rules! visit {
    ($($method:ident: $ty:ty)*) => {$(
        fn $method<E: de::Error>(self, v: $ty) -> Result<V::Value, E> {
            self.inner.$method(v)
        }
    )*};
}

impl<'de, V: Visitor<'de>> Visitor<'de> for Guard<V> {
    type Value = V::Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        self.inner.expecting(f)
    }

    visit! {
        visit_bool: bool visit_i8: i8 visit_i16: i16 visit_i32: i32
        visit_i64: i64 visit_i128: i128 visit_u8: u8 visit_u16: u16
        visit_u32: u32 visit_u64: u64 visit_u128: u128 visit_f32: f32
        visit_f64: f64 visit_char: char visit_str: &str
        visit_borrowed_str: &'de str visit_string: String visit_bytes: &[u8]
        visit_borrowed_bytes: &'de [u8] visit_byte_buf: Vec<u8>
    }

    fn visit_none<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_none()
    }

    fn visit_unit<E: de::Error>(self) -> Result<V::Value, E> {
        self.inner.visit_unit()
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.inner.visit_some(Objects(d))
    }

    fn visit_newtype_struct<D: Deserializer<'de>>(self, d: D) -> Result<V::Value, D::Error> {
        self.inner.visit_newtype_struct(Objects(d))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<V::Value, A::Error> {
        if self.object {
            return Err(de::Error::invalid_type(Unexpected::Seq, &self));
        }
        self.inner.visit_seq(Items(seq))
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<V::Value, A::Error> {
        self.inner.visit_map(Entries(map))
    }

    fn visit_enum<A: EnumAccess<'de>>(self, data: A) -> Result<V::Value, A::Error> {
        self.inner.visit_enum(Enum(data))
    }
}

/// A list's items, each read through [`Objects`].
struct Items<A>(A);

impl<'de, A: SeqAccess<'de>> SeqAccess<'de> for Items<A> {
    type Error = A::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, A::Error> {
        self.0.next_element_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// An object's keys and values, each read through [`Objects`].
struct Entries<A>(A);

impl<'de, A: MapAccess<'de>> MapAccess<'de> for Entries<A> {
    type Error = A::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, A::Error> {
        self.0.next_key_seed(Seed(seed))
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(&mut self, seed: S) -> Result<S::Value, A::Error> {
        self.0.next_value_seed(Seed(seed))
    }

    fn size_hint(&self) -> Option<usize> {
        self.0.size_hint()
    }
}

/// An enum's variant and payload, read through [`Objects`].
struct Enum<A>(A);

impl<'de, A: EnumAccess<'de>> EnumAccess<'de> for Enum<A> {
    type Error = A::Error;
    type Variant = Enum<A::Variant>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Self::Variant), A::Error> {
        let (value, variant) = self.0.variant_seed(Seed(seed))?;
        Ok((value, Enum(variant)))
    }
}

impl<'de, A: VariantAccess<'de>> VariantAccess<'de> for Enum<A> {
    type Error = A::Error;

    fn unit_variant(self) -> Result<(), A::Error> {
        self.0.unit_variant()
    }

    fn newtype_variant_seed<S: DeserializeSeed<'de>>(self, seed: S) -> Result<S::Value, A::Error> {
        self.0.newtype_variant_seed(Seed(seed))
    }

    fn tuple_variant<V: Visitor<'de>>(self, len: usize, visitor: V) -> Result<V::Value, A::Error> {
        self.0.tuple_variant(len, Guard::any(visitor))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        let guard = Guard {
            inner: visitor,
            object: true,
        };
        self.0.struct_variant(fields, guard)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;

    #[derive(Debug, Deserialize, PartialEq)]
    struct Inner {
        a: u8,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    struct Outer {
        inner: Option<Inner>,
        list: Vec<Inner>,
        pair: (u8, u8),
    }

    fn read(text: &str) -> Result<Outer, serde_json::Error> {
        Outer::deserialize(Objects(&mut serde_json::Deserializer::from_str(text)))
    }

    #[test]
    fn objects_read_as_before_and_tuples_stay_lists() {
        let text = r#"{"inner":{"a":1},"list":[{"a":2}],"pair":[3,4]}"#;
        assert_eq!(read(text).unwrap(), serde_json::from_str(text).unwrap());
    }

    #[test]
    fn a_struct_written_as_a_list_is_refused_at_any_depth() {
        for text in [
            r#"[null,[],[1,2]]"#,
            r#"{"inner":[1],"list":[],"pair":[1,2]}"#,
            r#"{"inner":null,"list":[[2]],"pair":[1,2]}"#,
        ] {
            assert!(serde_json::from_str::<Outer>(text).is_ok(), "{text}");
            let e = read(text).unwrap_err().to_string();
            assert!(
                e.starts_with("invalid type: sequence, expected struct"),
                "{text}: {e}"
            );
        }
    }
}
