//! The parsers' contract, written once: every adapter's `parse_board` returns a [`Board`], and
//! every parser fails with a [`ParseError`] that names the feed and the place in the payload.
//!
//! A parser is a pure function of the bytes: it fills what the payload says and leaves the rest
//! empty (a board's station is often only a name, sometimes nothing). The feed that fetched the
//! bytes completes the station with [`FeedSpec::complete`](super::http::FeedSpec::complete).

use railtop_core::model::{Departure, StationInfo};
use railtop_core::text::cleaned;
use serde::de::DeserializeOwned;

/// A station's board: the station as far as it is known, and its departures in order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Board {
    /// What the payload says of the station: empty `code`/`name` and `None` where it is silent.
    pub station: StationInfo,
    pub departures: Vec<Departure>,
    /// The feed's messages about the station itself (not a train's), with their languages:
    /// they become the answer's `notices`.
    pub notices: Vec<(String, Option<String>)>,
}

impl Board {
    /// A board whose payload names the station (or not: `None`).
    pub fn named(name: Option<String>, departures: Vec<Departure>) -> Board {
        Board {
            station: StationInfo {
                name: name.unwrap_or_default(),
                ..StationInfo::default()
            },
            departures,
            notices: Vec::new(),
        }
    }
}

/// Departures keyed by their time (or another order key), in that order; ties keep the
/// payload's order.
/// A platform as announced and as planned: `(actual, planned where it differs)`; the one
/// known where only one is. Every feed reads its two platforms through this one rule.
pub fn platforms(
    actual: Option<String>,
    planned: Option<String>,
) -> (Option<String>, Option<String>) {
    match (actual, planned) {
        (Some(now), Some(plan)) if now != plan => (Some(now), Some(plan)),
        (now, plan) => (now.or(plan), None),
    }
}

pub(crate) fn in_order<K: Ord>(mut rows: Vec<(K, Departure)>) -> Vec<Departure> {
    rows.sort_by(|a, b| a.0.cmp(&b.0));
    rows.into_iter().map(|(_, d)| d).collect()
}

/// A payload that cannot be read: which feed, where in the payload, and what was wrong.
///
/// `at` and `reason` quote the feed (a field's path, a HAFAS `errTxt`, a value that did not
/// fit): they are cleaned like screen text when the error is made, so no error message carries
/// a feed's escape sequences to a terminal or a log.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{feed}: at {at}: {reason}")]
pub struct ParseError {
    /// The feed's slug (`finland`), or the format for parsers shared by feeds (`gtfs-rt`).
    pub feed: &'static str,
    /// Where: a path into the payload (`departures[3].when`), a line and column, or a record.
    pub at: String,
    pub reason: String,
}

impl ParseError {
    pub fn new(feed: &'static str, at: impl Into<String>, reason: impl Into<String>) -> ParseError {
        ParseError {
            feed,
            at: cleaned(&at.into()),
            reason: cleaned(&reason.into()),
        }
    }

    /// The same error, placed in one `part` of an answer made of several (`live-trains`).
    pub fn within(mut self, part: &str) -> ParseError {
        self.at = cleaned(&format!("{part}: {}", self.at));
        self
    }
}

/// A JSON value already read (for answers whose shape is known only after a look) as `T`.
pub fn value<T: DeserializeOwned>(
    feed: &'static str,
    value: serde_json::Value,
) -> Result<T, ParseError> {
    serde_path_to_error::deserialize(value)
        .map_err(|e| ParseError::new(feed, e.path().to_string(), e.into_inner().to_string()))
}

/// `bytes` as JSON of type `T`; a failure names the path to the field that did not fit.
/// A number beyond any float's range (`1e400`) fails serde_json's whole read: such a payload is
/// read again with those numbers as `null` (see `model::tolerant::from_json`).
pub fn json<T: DeserializeOwned>(feed: &'static str, bytes: &[u8]) -> Result<T, ParseError> {
    match json_once(feed, bytes) {
        Err(e) if e.reason.starts_with("number out of range") => json_once(
            feed,
            &railtop_core::model::tolerant::huge_numbers_as_null(bytes),
        ),
        read => read,
    }
}

fn json_once<T: DeserializeOwned>(feed: &'static str, bytes: &[u8]) -> Result<T, ParseError> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let path = e.path().to_string();
        let inner = e.into_inner();
        let place = format!("line {} column {}", inner.line(), inner.column());
        let message = inner.to_string();
        let reason = message
            .strip_suffix(&format!(" at {place}"))
            .unwrap_or(&message);
        let at = if path == "." {
            place.clone()
        } else {
            format!("{path} ({place})")
        };
        ParseError::new(feed, at, reason)
    })
}

/// At most `N` elements of a JSON array, the rest read past without being kept: what an
/// answer can make railtop hold is then bounded by what it keeps, whatever the array's length
/// (an array of 8 million `{}` would otherwise be 8 million records). For `deserialize_with`.
pub fn at_most<'de, D, T, const N: usize>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    d.deserialize_seq(Kept::<T>::new(N))
}

/// At most [`MAX_RECORDS`] elements of a JSON array: [`at_most`] at the bound most lists of an
/// answer take. For `deserialize_with = "parse::records"`.
pub fn records<'de, D, T>(d: D) -> Result<Vec<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    at_most::<D, T, MAX_RECORDS>(d)
}

/// A JSON array of which at most `N` elements are kept (see [`at_most`]), as a type: for a
/// whole answer that is an array, `let AtMost(list) = json::<AtMost<T, N>>(…)`.
pub struct AtMost<T, const N: usize>(pub Vec<T>);

impl<'de, T: serde::Deserialize<'de>, const N: usize> serde::Deserialize<'de> for AtMost<T, N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_seq(Kept::<T>::new(N)).map(AtMost)
    }
}

/// A JSON object of which at most `N` entries are kept, the rest read past.
pub struct AtMostMap<V, const N: usize>(pub Vec<(String, V)>);

impl<'de, V: serde::Deserialize<'de>, const N: usize> serde::Deserialize<'de> for AtMostMap<V, N> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<V, const N: usize>(std::marker::PhantomData<V>);
        impl<'de, V: serde::Deserialize<'de>, const N: usize> serde::de::Visitor<'de> for Visit<V, N> {
            type Value = AtMostMap<V, N>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut kept = Vec::new();
                while kept.len() < N {
                    match map.next_entry::<String, V>()? {
                        Some(entry) => kept.push(entry),
                        None => return Ok(AtMostMap(kept)),
                    }
                }
                while map
                    .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
                    .is_some()
                {}
                Ok(AtMostMap(kept))
            }
        }
        d.deserialize_map(Visit::<V, N>(std::marker::PhantomData))
    }
}

/// Records of one kind kept from one answer at most (trains, rows of a board, stations): far
/// above any real answer, far below what an answer of millions of empty records would cost.
pub const MAX_RECORDS: usize = 20_000;

/// A sequence visitor that keeps at most `max` elements and skips the others.
pub struct Kept<T> {
    max: usize,
    marker: std::marker::PhantomData<T>,
}

impl<T> Kept<T> {
    pub fn new(max: usize) -> Kept<T> {
        Kept {
            max,
            marker: std::marker::PhantomData,
        }
    }
}

impl<'de, T: serde::Deserialize<'de>> serde::de::Visitor<'de> for Kept<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut kept = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(self.max).min(1024));
        while kept.len() < self.max {
            match seq.next_element()? {
                Some(element) => kept.push(element),
                None => return Ok(kept),
            }
        }
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(kept)
    }
}

/// A place as JSON feeds write it, `{"latitude": …, "longitude": …}` (db-rest, Entur), each
/// read tolerantly.
#[derive(Debug, serde::Deserialize)]
pub(crate) struct Location {
    #[serde(default, deserialize_with = "railtop_core::model::tolerant::opt_f64")]
    pub latitude: Option<f64>,
    #[serde(default, deserialize_with = "railtop_core::model::tolerant::opt_f64")]
    pub longitude: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug)]
    struct Outer {
        #[allow(dead_code, reason = "read only for the errors it gives")]
        rows: Vec<Inner>,
    }

    #[derive(serde::Deserialize, Debug)]
    struct Inner {
        #[allow(dead_code, reason = "read only for the errors it gives")]
        time: i64,
    }

    #[test]
    fn errors_name_the_feed_and_the_path() {
        let e = json::<Outer>("finland", br#"{"rows": [{"time": 1}, {"time": "x"}]}"#).unwrap_err();
        assert_eq!(e.feed, "finland");
        assert!(e.at.starts_with("rows[1].time"), "{e}");
        assert!(e.to_string().starts_with("finland: at rows[1].time"), "{e}");
        let e = json::<Outer>("finland", b"<html>").unwrap_err();
        assert_eq!(e.at, "line 1 column 1", "{e}");
    }

    #[test]
    fn errors_quoting_a_feed_carry_no_escape_sequences() {
        let e = ParseError::new(
            "austria",
            "svcResL[0]",
            "HAFAS error \u{1b}]0;owned\u{7}X: \u{1b}[2Jgone",
        );
        assert_eq!(e.reason, "HAFAS error X: gone");
        let e = json::<Outer>(
            "austria",
            "{\"rows\": [{\"time\": \"\u{1b}[31m\"}]}".as_bytes(),
        )
        .unwrap_err()
        .within("part\u{9b}1m");
        let text = e.to_string();
        assert!(!text.chars().any(|c| c.is_control()), "{text:?}");
        let long = ParseError::new("x", "y", "z".repeat(100_000));
        assert!(long.reason.chars().count() <= railtop_core::text::MAX_FIELD_CHARS + 1);
    }
}
