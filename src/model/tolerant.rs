//! Lenient deserializers for the API's records.
//!
//! Servers that speak the Live Train Data API are not all railtop: numbers arrive as strings,
//! fields arrive as `null`, booleans arrive as `"0"`/`"1"`. Every field that may be absent is read
//! through one of these, so a sloppy peer costs nothing but the fields it got wrong.

use serde::de::{self, Deserializer, Visitor};
use std::fmt;

/// A JSON value of any scalar kind, as far as these readers care.
enum Scalar {
    Null,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
}

struct ScalarVisitor;

impl<'de> Visitor<'de> for ScalarVisitor {
    type Value = Scalar;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a number, string, boolean or null")
    }
    fn visit_unit<E>(self) -> Result<Scalar, E> {
        Ok(Scalar::Null)
    }
    fn visit_none<E>(self) -> Result<Scalar, E> {
        Ok(Scalar::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Scalar, D::Error> {
        d.deserialize_any(ScalarVisitor)
    }
    fn visit_bool<E>(self, v: bool) -> Result<Scalar, E> {
        Ok(Scalar::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Scalar, E> {
        Ok(Scalar::Int(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Scalar, E> {
        Ok(Scalar::Int(i64::try_from(v).unwrap_or(i64::MAX)))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Scalar, E> {
        Ok(Scalar::Float(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Scalar, E> {
        Ok(Scalar::Str(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Scalar, E> {
        Ok(Scalar::Str(v))
    }
    // Objects and arrays where a scalar belongs are treated as "no value", not as an error:
    // one odd field must not throw away the whole train.
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Scalar, A::Error> {
        while map
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Scalar::Null)
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Scalar, A::Error> {
        while seq.next_element::<de::IgnoredAny>()?.is_some() {}
        Ok(Scalar::Null)
    }
}

fn scalar<'de, D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
    d.deserialize_any(ScalarVisitor)
}

/// A finite float from a number or a numeric string; anything else is `None`.
pub fn opt_f64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<f64>, D::Error> {
    let v = match scalar(d)? {
        Scalar::Int(i) => Some(i as f64),
        Scalar::Float(f) => Some(f),
        Scalar::Str(s) => s.trim().parse::<f64>().ok(),
        Scalar::Null | Scalar::Bool(_) => None,
    };
    Ok(v.filter(|f| f.is_finite()))
}

/// A whole number from an integer, a float (rounded) or a numeric string.
pub fn opt_i64<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    Ok(match scalar(d)? {
        Scalar::Int(i) => Some(i),
        Scalar::Float(f) => float_to_i64(f),
        Scalar::Str(s) => {
            let s = s.trim();
            s.parse::<i64>()
                .ok()
                .or_else(|| s.parse::<f64>().ok().and_then(float_to_i64))
        }
        Scalar::Null | Scalar::Bool(_) => None,
    })
}

fn float_to_i64(f: f64) -> Option<i64> {
    (f.is_finite() && f.abs() < 1e15).then(|| f.round() as i64)
}

/// A string from a string or a number; `null`, `""` and other kinds are `None`.
pub fn opt_string<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    Ok(match scalar(d)? {
        Scalar::Str(s) if s.trim().is_empty() => None,
        Scalar::Str(s) => Some(s),
        Scalar::Int(i) => Some(i.to_string()),
        Scalar::Float(f) => Some(f.to_string()),
        Scalar::Null | Scalar::Bool(_) => None,
    })
}

/// Like [`opt_string`], but an absent value is the empty string.
pub fn string<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
    Ok(opt_string(d)?.unwrap_or_default())
}

/// A list of strings from an array (items that are not strings or numbers are skipped), or one
/// string; anything else is an empty list.
pub fn strings<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    let value = <serde_json::Value as serde::Deserialize>::deserialize(d)?;
    let one = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    Ok(match &value {
        serde_json::Value::Array(items) => items.iter().filter_map(one).collect(),
        other => one(other).into_iter().collect(),
    })
}

/// A boolean from `true`/`false`, `1`/`0`, or the strings `"true"`, `"1"`, `"yes"`.
pub fn bool<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(match scalar(d)? {
        Scalar::Bool(b) => b,
        Scalar::Int(i) => i != 0,
        Scalar::Float(f) => f != 0.0,
        Scalar::Str(s) => matches!(
            s.trim().to_ascii_lowercase().as_str(),
            "true" | "1" | "yes" | "y"
        ),
        Scalar::Null => false,
    })
}

/// A whole number that must be present; absent or odd values count as zero.
pub fn u64_or_zero<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    Ok(opt_i64(d)?.and_then(|i| u64::try_from(i).ok()).unwrap_or(0))
}
