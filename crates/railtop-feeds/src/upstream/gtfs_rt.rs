//! GTFS-Realtime, read with prost from hand-written messages (the subset railtop uses, with the
//! field numbers of `gtfs-realtime.proto`; every field optional so that a feed leaving out a
//! "required" one loses that field only). No protoc at build time.
//!
//! The same messages also read the JSON rendering some operators publish beside the protobuf
//! (Renfe's `…json` endpoints): protobuf's canonical JSON, with camelCase names, 64-bit numbers
//! as strings and enums by name. [`decode`] tells the two apart by the first byte: a JSON
//! object opens with `{`, which no FeedMessage can (it would be field 15, a group).

use prost::Message;
use serde::Deserialize;

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FeedMessage {
    #[prost(message, optional, tag = "1")]
    pub header: Option<FeedHeader>,
    #[prost(message, repeated, tag = "2")]
    pub entity: Vec<FeedEntity>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FeedHeader {
    #[prost(string, optional, tag = "1")]
    pub gtfs_realtime_version: Option<String>,
    /// 0 FULL_DATASET, 1 DIFFERENTIAL (railtop reads both as a whole answer).
    #[prost(int32, optional, tag = "2")]
    #[serde(skip)]
    pub incrementality: Option<i32>,
    #[prost(uint64, optional, tag = "3")]
    #[serde(deserialize_with = "json::number")]
    pub timestamp: Option<u64>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct FeedEntity {
    #[prost(string, optional, tag = "1")]
    pub id: Option<String>,
    #[prost(bool, optional, tag = "2")]
    pub is_deleted: Option<bool>,
    #[prost(message, optional, tag = "3")]
    pub trip_update: Option<TripUpdate>,
    #[prost(message, optional, tag = "4")]
    pub vehicle: Option<VehiclePosition>,
    #[prost(message, optional, tag = "5")]
    pub alert: Option<Alert>,
}

/// A service alert: when it is in force, what it is about, and its texts.
#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Alert {
    #[prost(message, repeated, tag = "1")]
    pub active_period: Vec<TimeRange>,
    #[prost(message, repeated, tag = "5")]
    pub informed_entity: Vec<EntitySelector>,
    /// Why: `STRIKE`, `MAINTENANCE`… (see [`cause_words`]).
    #[prost(int32, optional, tag = "6")]
    #[serde(deserialize_with = "json::alert_cause")]
    pub cause: Option<i32>,
    /// What it does to the service: `NO_SERVICE`, `SIGNIFICANT_DELAYS`… (see [`effect_words`]).
    #[prost(int32, optional, tag = "7")]
    #[serde(deserialize_with = "json::alert_effect")]
    pub effect: Option<i32>,
    #[prost(message, optional, tag = "10")]
    pub header_text: Option<TranslatedString>,
    #[prost(message, optional, tag = "11")]
    pub description_text: Option<TranslatedString>,
}

/// Seconds since the epoch; a missing end is open.
#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TimeRange {
    #[prost(uint64, optional, tag = "1")]
    #[serde(deserialize_with = "json::number")]
    pub start: Option<u64>,
    #[prost(uint64, optional, tag = "2")]
    #[serde(deserialize_with = "json::number")]
    pub end: Option<u64>,
}

/// What an alert is about: an agency, a route, a trip, a stop, or these together.
#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct EntitySelector {
    #[prost(string, optional, tag = "1")]
    pub agency_id: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub route_id: Option<String>,
    #[prost(message, optional, tag = "4")]
    pub trip: Option<TripDescriptor>,
    #[prost(string, optional, tag = "5")]
    pub stop_id: Option<String>,
}

/// A text in one or more languages.
#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TranslatedString {
    #[prost(message, repeated, tag = "1")]
    pub translation: Vec<Translation>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Translation {
    #[prost(string, optional, tag = "1")]
    pub text: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub language: Option<String>,
}

impl TranslatedString {
    /// The text as the feed gives it first (its own language: the one without a tag, else the
    /// first), not translated by railtop.
    pub fn text(&self) -> Option<&str> {
        self.text_in().map(|(text, _)| text)
    }

    /// [`text`](Self::text) with its language tag, where the feed gives one.
    pub fn text_in(&self) -> Option<(&str, Option<&str>)> {
        let texts = || {
            self.translation
                .iter()
                .filter_map(|t| Some((t.text.as_deref()?, t.language.as_deref())))
                .filter(|(text, _)| !text.trim().is_empty())
        };
        texts()
            .find(|(_, language)| language.is_none_or(str::is_empty))
            .or_else(|| texts().next())
            .map(|(text, language)| (text, language.filter(|l| !l.trim().is_empty())))
    }
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TripUpdate {
    #[prost(message, optional, tag = "1")]
    pub trip: Option<TripDescriptor>,
    #[prost(message, repeated, tag = "2")]
    pub stop_time_update: Vec<StopTimeUpdate>,
    #[prost(message, optional, tag = "3")]
    pub vehicle: Option<VehicleDescriptor>,
    #[prost(uint64, optional, tag = "4")]
    #[serde(deserialize_with = "json::number")]
    pub timestamp: Option<u64>,
    #[prost(int32, optional, tag = "5")]
    pub delay: Option<i32>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StopTimeUpdate {
    #[prost(uint32, optional, tag = "1")]
    pub stop_sequence: Option<u32>,
    #[prost(message, optional, tag = "2")]
    pub arrival: Option<StopTimeEvent>,
    #[prost(message, optional, tag = "3")]
    pub departure: Option<StopTimeEvent>,
    #[prost(string, optional, tag = "4")]
    pub stop_id: Option<String>,
    /// 0 scheduled, 1 skipped, 2 no data.
    #[serde(deserialize_with = "json::stop_relationship")]
    #[prost(int32, optional, tag = "5")]
    pub schedule_relationship: Option<i32>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct StopTimeEvent {
    /// Seconds late (negative: early).
    #[prost(int32, optional, tag = "1")]
    pub delay: Option<i32>,
    /// Unix seconds.
    #[prost(int64, optional, tag = "2")]
    #[serde(deserialize_with = "json::number")]
    pub time: Option<i64>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VehiclePosition {
    #[prost(message, optional, tag = "1")]
    pub trip: Option<TripDescriptor>,
    #[prost(message, optional, tag = "2")]
    pub position: Option<Position>,
    #[prost(uint32, optional, tag = "3")]
    pub current_stop_sequence: Option<u32>,
    /// 0 incoming at, 1 stopped at, 2 in transit to.
    #[serde(deserialize_with = "json::vehicle_status")]
    #[prost(int32, optional, tag = "4")]
    pub current_status: Option<i32>,
    #[prost(uint64, optional, tag = "5")]
    #[serde(deserialize_with = "json::number")]
    pub timestamp: Option<u64>,
    #[prost(string, optional, tag = "7")]
    pub stop_id: Option<String>,
    #[prost(message, optional, tag = "8")]
    pub vehicle: Option<VehicleDescriptor>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Position {
    #[prost(float, optional, tag = "1")]
    pub latitude: Option<f32>,
    #[prost(float, optional, tag = "2")]
    pub longitude: Option<f32>,
    #[prost(float, optional, tag = "3")]
    pub bearing: Option<f32>,
    #[prost(float, optional, tag = "5")]
    pub speed: Option<f32>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct TripDescriptor {
    #[prost(string, optional, tag = "1")]
    pub trip_id: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub start_time: Option<String>,
    #[prost(string, optional, tag = "3")]
    pub start_date: Option<String>,
    /// 0 scheduled, 1 added, 2 unscheduled, 3 canceled.
    #[serde(deserialize_with = "json::trip_relationship")]
    #[prost(int32, optional, tag = "4")]
    pub schedule_relationship: Option<i32>,
    #[prost(string, optional, tag = "5")]
    pub route_id: Option<String>,
}

#[derive(Clone, PartialEq, Message, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct VehicleDescriptor {
    #[prost(string, optional, tag = "1")]
    pub id: Option<String>,
    #[prost(string, optional, tag = "2")]
    pub label: Option<String>,
}

/// An alert's causes, by their names in `gtfs-realtime.proto`.
const CAUSES: &[(&str, i32)] = &[
    ("UNKNOWN_CAUSE", 1),
    ("OTHER_CAUSE", 2),
    ("TECHNICAL_PROBLEM", 3),
    ("STRIKE", 4),
    ("DEMONSTRATION", 5),
    ("ACCIDENT", 6),
    ("HOLIDAY", 7),
    ("WEATHER", 8),
    ("MAINTENANCE", 9),
    ("CONSTRUCTION", 10),
    ("POLICE_ACTIVITY", 11),
    ("MEDICAL_EMERGENCY", 12),
];

/// An alert's effects, likewise.
const EFFECTS: &[(&str, i32)] = &[
    ("NO_SERVICE", 1),
    ("REDUCED_SERVICE", 2),
    ("SIGNIFICANT_DELAYS", 3),
    ("DETOUR", 4),
    ("ADDITIONAL_SERVICE", 5),
    ("MODIFIED_SERVICE", 6),
    ("OTHER_EFFECT", 7),
    ("UNKNOWN_EFFECT", 8),
    ("STOP_MOVED", 9),
    ("NO_EFFECT", 10),
    ("ACCESSIBILITY_ISSUE", 11),
];

/// An alert's cause in words (`None` where it says nothing: unknown, other, or not a cause).
pub fn cause_words(cause: i32) -> Option<&'static str> {
    Some(match cause {
        3 => "technical problem",
        4 => "strike",
        5 => "demonstration",
        6 => "accident",
        7 => "holiday",
        8 => "weather",
        9 => "maintenance",
        10 => "construction",
        11 => "police activity",
        12 => "medical emergency",
        _ => return None,
    })
}

/// An alert's effect in words (`None` where it says nothing: unknown, other, no effect).
pub fn effect_words(effect: i32) -> Option<&'static str> {
    Some(match effect {
        1 => "no service",
        2 => "reduced service",
        3 => "significant delays",
        4 => "detour",
        5 => "additional service",
        6 => "modified service",
        9 => "stop moved",
        11 => "accessibility issue",
        _ => return None,
    })
}

pub const TRIP_CANCELED: i32 = 3;
pub const FULL_DATASET: i32 = 0;
pub const STOP_SKIPPED: i32 = 1;
pub const STOP_SCHEDULED: i32 = 0;
pub(crate) const STOP_NO_DATA: i32 = 2;
pub(crate) const TRIP_UNSCHEDULED: i32 = 2;

/// Decodes a feed, protobuf or its JSON rendering; garbage is an error, never a panic.
pub fn decode(bytes: &[u8]) -> Result<FeedMessage, super::parse::ParseError> {
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'{') {
        return super::parse::json("gtfs-rt", bytes);
    }
    FeedMessage::decode(bytes).map_err(|e| {
        let reason = format!("not a GTFS-Realtime feed: {e}");
        super::parse::ParseError::new("gtfs-rt", "FeedMessage", reason)
    })
}

/// `feed` as protobuf (for tests and tools that make feeds).
pub fn encode(feed: &FeedMessage) -> Vec<u8> {
    feed.encode_to_vec()
}

/// The JSON rendering's spellings: 64-bit numbers as strings, enums by name. An enum name this
/// reader does not know is "not given" (the field's default), as an unknown number is.
mod json {
    use serde::{Deserialize, Deserializer};

    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumberOrText<T> {
        Number(T),
        Text(String),
    }

    /// A 64-bit number, as the string protobuf's JSON writes or as a number.
    pub fn number<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
    where
        D: Deserializer<'de>,
        T: Deserialize<'de> + std::str::FromStr,
    {
        Ok(match Option::<NumberOrText<T>>::deserialize(d)? {
            Some(NumberOrText::Number(n)) => Some(n),
            Some(NumberOrText::Text(s)) => Some(
                s.trim()
                    .parse()
                    .map_err(|_| serde::de::Error::custom(format!("{s:?} is not a number")))?,
            ),
            None => None,
        })
    }

    /// An enum by name (one of `names`, whose index is its number) or by number.
    fn named<'de, D: Deserializer<'de>>(
        d: D,
        names: &[(&str, i32)],
    ) -> Result<Option<i32>, D::Error> {
        Ok(match Option::<NumberOrText<i32>>::deserialize(d)? {
            Some(NumberOrText::Number(n)) => Some(n),
            Some(NumberOrText::Text(s)) => names.iter().find(|(n, _)| *n == s).map(|(_, v)| *v),
            None => None,
        })
    }

    pub(crate) fn trip_relationship<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<i32>, D::Error> {
        named(
            d,
            &[
                ("SCHEDULED", 0),
                ("ADDED", 1),
                ("UNSCHEDULED", 2),
                ("CANCELED", 3),
                ("REPLACEMENT", 5),
                ("DUPLICATED", 6),
                ("DELETED", 7),
            ],
        )
    }

    pub(crate) fn stop_relationship<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Option<i32>, D::Error> {
        named(
            d,
            &[
                ("SCHEDULED", 0),
                ("SKIPPED", 1),
                ("NO_DATA", 2),
                ("UNSCHEDULED", 3),
            ],
        )
    }

    pub(crate) fn alert_cause<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
        named(d, super::CAUSES)
    }

    pub(crate) fn alert_effect<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
        named(d, super::EFFECTS)
    }

    pub(crate) fn vehicle_status<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i32>, D::Error> {
        named(
            d,
            &[("INCOMING_AT", 0), ("STOPPED_AT", 1), ("IN_TRANSIT_TO", 2)],
        )
    }
}

#[cfg(test)]
mod tests;
