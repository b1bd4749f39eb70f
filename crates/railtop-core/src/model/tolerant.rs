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

/// Most strings read into one list of strings (a departure's via stops or messages).
pub(crate) const MAX_STRINGS: usize = 64;

/// A list of strings from an array (items that are not strings or numbers are skipped, and
/// past [`MAX_STRINGS`] the rest), or one string; anything else is an empty list.
pub fn strings<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    struct OneOrMany;

    impl<'de> Visitor<'de> for OneOrMany {
        type Value = Vec<String>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("strings")
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            let mut out = Vec::new();
            while let Some(Text(item)) = seq.next_element::<Text>()? {
                if out.len() < MAX_STRINGS {
                    out.extend(item.filter(|s| !s.trim().is_empty()));
                }
            }
            Ok(out)
        }
        fn visit_str<E>(self, v: &str) -> Result<Vec<String>, E> {
            Ok((!v.trim().is_empty())
                .then(|| v.to_owned())
                .into_iter()
                .collect())
        }
        fn visit_i64<E>(self, v: i64) -> Result<Vec<String>, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_u64<E>(self, v: u64) -> Result<Vec<String>, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_f64<E>(self, v: f64) -> Result<Vec<String>, E> {
            Ok(vec![v.to_string()])
        }
        fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
            while map
                .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
                .is_some()
            {}
            Ok(Vec::new())
        }
        fn visit_bool<E>(self, _: bool) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
        fn visit_unit<E>(self) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
        fn visit_none<E>(self) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
    }

    d.deserialize_any(OneOrMany)
}

/// A list of optional strings that keeps each item's place (`null`, blank and odd items are
/// `None`): a list parallel to another, such as `messageLanguages` to `messages`. Anything but
/// an array is an empty list; past [`MAX_STRINGS`] items the rest are read and dropped.
pub fn opt_strings<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Option<String>>, D::Error> {
    struct Places;

    impl<'de> Visitor<'de> for Places {
        type Value = Vec<Option<String>>;

        fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
            f.write_str("a list of strings or nulls")
        }
        fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
            let mut out = Vec::new();
            while let Some(Text(item)) = seq.next_element::<Text>()? {
                if out.len() < MAX_STRINGS {
                    out.push(item);
                }
            }
            Ok(out)
        }
        fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
            while map
                .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
                .is_some()
            {}
            Ok(Vec::new())
        }
        fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
        fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
        fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
        fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
        fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
        fn visit_unit<E>(self) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
        fn visit_none<E>(self) -> Result<Self::Value, E> {
            Ok(Vec::new())
        }
    }

    d.deserialize_any(Places)
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

/// A list of records read from a peer, bounded: elements that are not records (a number, a
/// string, `null`, an array where a record belongs) are dropped rather than failing the answer,
/// and past `MAX` elements the rest are read and dropped. One log line says what was dropped.
pub fn bounded<'de, D, T, const MAX: usize>(d: D) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    d.deserialize_any(ListVisitor::<Element<T>, MAX>(std::marker::PhantomData))
}

/// A list of names read from a peer (strings, or numbers read as strings), bounded like
/// [`bounded`]; anything else in it is dropped.
pub(crate) fn bounded_names<'de, D, const MAX: usize>(d: D) -> Result<Vec<String>, D::Error>
where
    D: Deserializer<'de>,
{
    d.deserialize_any(ListVisitor::<Text, MAX>(std::marker::PhantomData))
}

/// What one element of a bounded list gives: its value, or nothing when it is not of the kind.
trait Item<'de>: serde::Deserialize<'de> {
    type Out;
    fn into_out(self) -> Option<Self::Out>;
}

impl<'de, T: serde::Deserialize<'de>> Item<'de> for Element<T> {
    type Out = T;
    fn into_out(self) -> Option<T> {
        self.0
    }
}

impl<'de> Item<'de> for Text {
    type Out = String;
    fn into_out(self) -> Option<String> {
        self.0
    }
}

struct ListVisitor<I, const MAX: usize>(std::marker::PhantomData<I>);

impl<'de, I: Item<'de>, const MAX: usize> Visitor<'de> for ListVisitor<I, MAX> {
    type Value = Vec<I::Out>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list")
    }
    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(MAX).min(4096));
        let (mut malformed, mut over) = (0usize, 0usize);
        while out.len() < MAX {
            match seq.next_element::<I>()?.map(Item::into_out) {
                None => break,
                Some(Some(v)) => out.push(v),
                Some(None) => malformed += 1,
            }
        }
        while seq.next_element::<de::IgnoredAny>()?.is_some() {
            over += 1;
        }
        if malformed + over > 0 {
            tracing::warn!(
                malformed,
                over_the_limit = over,
                limit = MAX,
                "dropped elements of a list from a peer"
            );
        }
        Ok(out)
    }
    // Not a list at all: no elements.
    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map
            .next_entry::<de::IgnoredAny, de::IgnoredAny>()?
            .is_some()
        {}
        Ok(Vec::new())
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
    fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
        Ok(Vec::new())
    }
}

/// One element of a [`bounded`] list: `Some` when it is a record, `None` for anything else.
struct Element<T>(Option<T>);

/// One element of a list of names: `Some` for a string or a number, `None` (read and dropped)
/// for anything else.
struct Text(Option<String>);

impl<'de> serde::Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Text(opt_string(d)?))
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::Deserialize<'de> for Element<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct ElementVisitor<T>(std::marker::PhantomData<T>);

        impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for ElementVisitor<T> {
            type Value = Element<T>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list element")
            }
            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Element<T>, A::Error> {
                T::deserialize(de::value::MapAccessDeserializer::new(map)).map(|v| Element(Some(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Element<T>, E> {
                Ok(Element(
                    T::deserialize(de::value::StrDeserializer::<E>::new(v)).ok(),
                ))
            }
            fn visit_string<E: de::Error>(self, v: String) -> Result<Element<T>, E> {
                Ok(Element(
                    T::deserialize(de::value::StringDeserializer::<E>::new(v)).ok(),
                ))
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Element<T>, E> {
                self.visit_string(v.to_string())
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Element<T>, E> {
                self.visit_string(v.to_string())
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Element<T>, E> {
                Ok(Element(None))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Element<T>, E> {
                Ok(Element(None))
            }
            fn visit_unit<E>(self) -> Result<Element<T>, E> {
                Ok(Element(None))
            }
            fn visit_none<E>(self) -> Result<Element<T>, E> {
                Ok(Element(None))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Element<T>, A::Error> {
                while seq.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(Element(None))
            }
        }

        d.deserialize_any(ElementVisitor(std::marker::PhantomData))
    }
}

/// JSON from a peer whose numbers may be out of any float's range (`1e400`): serde_json refuses
/// the whole document for one such number, so on that error the document is read again with
/// every out-of-range number replaced by `null` (its field then has no value). The first read
/// costs nothing extra; only a document that needs it is rewritten.
pub fn from_json<T: serde::de::DeserializeOwned>(bytes: &[u8]) -> serde_json::Result<T> {
    match serde_json::from_slice(bytes) {
        Err(e) if e.to_string().starts_with("number out of range") => {
            serde_json::from_slice(&huge_numbers_as_null(bytes))
        }
        read => read,
    }
}

/// `bytes` with every number token that no f64 can hold replaced by `null` (strings untouched).
pub fn huge_numbers_as_null(bytes: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    let mut in_string = false;
    while i < bytes.len() {
        let b = bytes[i];
        if in_string {
            out.push(b);
            match b {
                b'\\' => {
                    if let Some(&next) = bytes.get(i + 1) {
                        out.push(next);
                        i += 1;
                    }
                }
                b'"' => in_string = false,
                _ => {}
            }
            i += 1;
            continue;
        }
        if b == b'"' {
            in_string = true;
            out.push(b);
            i += 1;
            continue;
        }
        if b == b'-' || b.is_ascii_digit() {
            let end = bytes[i..]
                .iter()
                .position(|c| !matches!(c, b'0'..=b'9' | b'-' | b'+' | b'.' | b'e' | b'E'))
                .map_or(bytes.len(), |n| i + n);
            let token = &bytes[i..end];
            let huge = std::str::from_utf8(token)
                .ok()
                .and_then(|t| t.parse::<f64>().ok())
                .is_some_and(|f| f.is_infinite());
            out.extend_from_slice(if huge { b"null" } else { token });
            i = end.max(i + 1);
            continue;
        }
        out.push(b);
        i += 1;
    }
    out
}
