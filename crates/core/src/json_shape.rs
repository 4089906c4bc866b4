//! Reading request bodies as JSON Schema describes them, where serde's derive reads more or
//! less (found by schemathesis against `airlock http`'s OpenAPI document):
//!
//! - a derived struct also accepts a JSON **array** (its fields in order): `{"annotations":
//!   [true]}` would be read as annotations. [`ObjectOnly`] and [`optional_object`] accept an
//!   object only;
//! - JSON Schema's `integer` includes `155.0` (a number with no fraction), which serde's `u32`
//!   refuses. [`whole_u32`] and [`optional_whole_u32`] take it, and refuse `155.5`.

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, MapAccess, Visitor};

/// `T`, read from a JSON object only (never from an array).
#[derive(Debug, Clone, PartialEq)]
pub struct ObjectOnly<T>(pub T);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for ObjectOnly<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ObjectVisitor<T>(PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
            type Value = T;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a JSON object")
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map))
            }
        }
        deserializer
            .deserialize_map(ObjectVisitor(PhantomData))
            .map(ObjectOnly)
    }
}

/// For `#[serde(deserialize_with)]` on an `Option<T>`: null or absent is `None`, an object is
/// read as `T`, anything else is an error.
pub fn optional_object<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Ok(Option::<ObjectOnly<T>>::deserialize(deserializer)?.map(|o| o.0))
}

struct WholeU32;

impl Visitor<'_> for WholeU32 {
    type Value = u32;
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a whole number from 0 to 4294967295")
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<u32, E> {
        u32::try_from(v).map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<u32, E> {
        if v.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&v) {
            // Whole and in range (checked above): the conversion is exact.
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            Ok(v as u32)
        } else {
            Err(E::invalid_value(de::Unexpected::Float(v), &self))
        }
    }
}

/// For `#[serde(deserialize_with)]` on a `u32`: also `155.0`, never `155.5`.
pub fn whole_u32<'de, D: Deserializer<'de>>(deserializer: D) -> Result<u32, D::Error> {
    deserializer.deserialize_any(WholeU32)
}

/// For `#[serde(deserialize_with)]` on an `Option<u32>`: null, or as [`whole_u32`].
pub fn optional_whole_u32<'de, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<u32>, D::Error> {
    struct Wrapped(u32);
    impl<'de> Deserialize<'de> for Wrapped {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
            whole_u32(d).map(Wrapped)
        }
    }
    Ok(Option::<Wrapped>::deserialize(deserializer)?.map(|w| w.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[derive(Debug, PartialEq, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Two {
        a: Option<bool>,
        #[serde(default, deserialize_with = "whole_u32")]
        n: u32,
        #[serde(default, deserialize_with = "optional_whole_u32")]
        m: Option<u32>,
        #[serde(default, deserialize_with = "optional_object")]
        inner: Option<Inner>,
    }

    #[derive(Debug, PartialEq, serde::Deserialize)]
    struct Inner {
        b: Option<bool>,
    }

    fn read(v: serde_json::Value) -> Result<Two, String> {
        serde_json::from_value::<ObjectOnly<Two>>(v)
            .map(|o| o.0)
            .map_err(|e| e.to_string())
    }

    #[test]
    fn an_array_is_not_an_object() {
        // What the derive alone accepts: a struct from its fields in order.
        assert!(serde_json::from_value::<Two>(json!([true])).is_ok());
        assert!(read(json!([true])).is_err());
        assert!(read(json!({"inner": [true]})).is_err());
        assert_eq!(
            read(json!({"a": true, "inner": {"b": false}})),
            Ok(Two {
                a: Some(true),
                n: 0,
                m: None,
                inner: Some(Inner { b: Some(false) })
            })
        );
        assert!(read(json!({"a": true, "zzz": 1})).is_err(), "unknown field");
        assert_eq!(read(json!({"inner": null})).map(|t| t.inner), Ok(None));
    }

    #[test]
    fn whole_numbers_may_be_written_as_floats() {
        assert_eq!(
            read(json!({"n": 155.0, "m": 7.0})).map(|t| (t.n, t.m)),
            Ok((155, Some(7)))
        );
        assert_eq!(
            read(json!({"n": 4_294_967_295_u64})).map(|t| t.n),
            Ok(u32::MAX)
        );
        assert_eq!(read(json!({"m": null})).map(|t| t.m), Ok(None));
        for bad in [
            json!(155.5),
            json!(-1),
            json!(4_294_967_296_u64),
            json!(-1.0),
            json!("1"),
        ] {
            assert!(read(json!({"n": bad})).is_err(), "{bad}");
            assert!(read(json!({"m": bad})).is_err(), "{bad}");
        }
    }
}
