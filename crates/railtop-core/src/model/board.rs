//! What a board is besides its rows: departures or arrivals ([`Kind`]), and how much each row's
//! time can be trusted ([`Timing`]).
//!
//! Arrivals travel in the row type of departures ([`super::Departure`]) so that every screen,
//! filter and merge is written once; only the wire differs. railtop's own
//! `GET /api/live/arrivals` writes an arrival's fields under their own names ([`ArrivalOut`]):
//! `origin`, `scheduledArr`, `expectedArr` where a departure has `destination`, `scheduledDep`,
//! `expectedDep`, and `arrivesAt` for `departsFrom`. Reading accepts either shape.

use super::{tolerant, Departure};
use serde::{Deserialize, Deserializer, Serialize};

/// Which way a board looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    #[default]
    Departures,
    Arrivals,
}

impl Kind {
    /// `departures` / `arrivals`, as the API's paths and the commands name them.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Departures => "departures",
            Kind::Arrivals => "arrivals",
        }
    }
}

/// How much a row's time can be trusted (railtop's extra `timing` on every row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Timing {
    /// The feed's realtime data: a delay (or an expected time, or a cancellation) it observed.
    Realtime,
    /// The timetable only: the feed has no realtime data for this train (`delay` is null).
    Timetable,
    /// Realtime once, but from an answer older than its feed's refresh by more than a margin:
    /// the train may have moved on since.
    Stale,
}

impl Timing {
    /// What a row says of itself: realtime when the feed gave a delay, an expected time or a
    /// cancellation, else the timetable.
    pub fn of(row: &Departure) -> Timing {
        if row.delay.is_some() || row.expected_dep.is_some() || row.cancelled {
            Timing::Realtime
        } else {
            Timing::Timetable
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Timing::Realtime => "realtime",
            Timing::Timetable => "timetable",
            Timing::Stale => "stale",
        }
    }
}

/// `timing` as any server sends it: one of the three names, else unknown (`None`).
pub fn opt_timing<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Timing>, D::Error> {
    Ok(match tolerant::opt_string(d)?.as_deref().map(str::trim) {
        Some("realtime") => Some(Timing::Realtime),
        Some("timetable") => Some(Timing::Timetable),
        Some("stale") => Some(Timing::Stale),
        _ => None,
    })
}

/// One arrival as railtop's `/api/live/arrivals` writes it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ArrivalOut<'a> {
    line: &'a str,
    origin: &'a str,
    platform: &'a Option<String>,
    scheduled_arr: &'a str,
    delay: Option<i64>,
    cancelled: bool,
    operator: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected_arr: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    train_code: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    planned_platform: &'a Option<String>,
    /// The stops before this station.
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    via: &'a [String],
    #[serde(skip_serializing_if = "<[_]>::is_empty")]
    messages: &'a [String],
    #[serde(skip_serializing_if = "super::messages::languages_unknown")]
    message_languages: &'a [Option<String>],
    #[serde(skip_serializing_if = "Option::is_none")]
    train_id: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    arrives_at: &'a Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    timing: Option<Timing>,
}

impl<'a> From<&'a Departure> for ArrivalOut<'a> {
    fn from(d: &'a Departure) -> Self {
        ArrivalOut {
            line: &d.line,
            origin: &d.destination,
            platform: &d.platform,
            scheduled_arr: &d.scheduled_dep,
            delay: d.delay,
            cancelled: d.cancelled,
            operator: &d.operator,
            expected_arr: &d.expected_dep,
            train_code: &d.train_code,
            planned_platform: &d.planned_platform,
            via: &d.via,
            messages: &d.messages,
            message_languages: &d.message_languages,
            train_id: &d.train_id,
            arrives_at: &d.departs_from,
            timing: d.timing,
        }
    }
}

/// One arrival as read: the arrival's own names, tolerant like every record read.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct ArrivalIn {
    #[serde(default, deserialize_with = "tolerant::string")]
    line: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    origin: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    scheduled_arr: String,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    operator: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    expected_arr: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    train_code: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::strings")]
    via: Vec<String>,
    #[serde(default, deserialize_with = "tolerant::strings")]
    messages: Vec<String>,
    #[serde(default, deserialize_with = "tolerant::opt_strings")]
    message_languages: Vec<Option<String>>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    train_id: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    arrives_at: Option<String>,
    #[serde(default, deserialize_with = "opt_timing")]
    timing: Option<Timing>,
}

impl From<ArrivalIn> for Departure {
    fn from(a: ArrivalIn) -> Self {
        Departure {
            line: a.line,
            destination: a.origin,
            platform: a.platform,
            scheduled_dep: a.scheduled_arr,
            delay: a.delay,
            cancelled: a.cancelled,
            operator: a.operator,
            expected_dep: a.expected_arr,
            train_code: a.train_code,
            planned_platform: a.planned_platform,
            via: a.via,
            messages: a.messages,
            message_languages: a.message_languages,
            train_id: a.train_id,
            departs_from: a.arrives_at,
            timing: a.timing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_without_realtime_is_the_timetable() {
        let mut d = Departure::default();
        assert_eq!(Timing::of(&d), Timing::Timetable);
        d.delay = Some(0);
        assert_eq!(Timing::of(&d), Timing::Realtime);
        d.delay = None;
        d.cancelled = true;
        assert_eq!(Timing::of(&d), Timing::Realtime);
    }

    #[test]
    fn an_arrival_reads_back_as_written() {
        let d = Departure {
            line: "IC".into(),
            destination: "Oulu".into(),
            scheduled_dep: "10:02".into(),
            expected_dep: Some("10:09".into()),
            delay: Some(7),
            via: vec!["Tampere".into()],
            departs_from: Some("Pasila".into()),
            timing: Some(Timing::Realtime),
            ..Default::default()
        };
        let json = serde_json::to_value(ArrivalOut::from(&d)).unwrap();
        assert_eq!(json["origin"], "Oulu");
        assert_eq!(json["scheduledArr"], "10:02");
        assert_eq!(json["expectedArr"], "10:09");
        assert_eq!(json["arrivesAt"], "Pasila");
        assert_eq!(json["timing"], "realtime");
        assert!(json.get("destination").is_none());
        let back: ArrivalIn = serde_json::from_value(json).unwrap();
        assert_eq!(Departure::from(back), d);
    }

    #[test]
    fn an_unknown_timing_is_none() {
        let d: Departure = serde_json::from_str(r#"{"timing": "soon"}"#).unwrap();
        assert_eq!(d.timing, None);
        let d: Departure = serde_json::from_str(r#"{"timing": "stale"}"#).unwrap();
        assert_eq!(d.timing, Some(Timing::Stale));
    }
}
