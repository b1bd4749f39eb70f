//! The records of the Live Train Data API (see DESIGN.md).
//!
//! Output is strict: the fields DESIGN.md fixes are always written (`null` where unknown), extras
//! only where known. Input is tolerant (see [`tolerant`]): unknown fields are ignored, missing and
//! `null` values are accepted, numbers may arrive as strings.

pub mod tolerant;

use crate::text::clean;
use serde::{Deserialize, Serialize};

/// Status values railtop writes. Clients accept any string.
pub mod status {
    pub const RUNNING: &str = "running";
    pub const SCHEDULED: &str = "scheduled";
    pub const ARRIVED: &str = "arrived";
    pub const CANCELLED: &str = "cancelled";
}

/// One train, as listed by `GET /api/live/realtime`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Train {
    #[serde(default, deserialize_with = "tolerant::string")]
    pub id: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub train_code: String,
    /// `"<trainCode> → <destination>"`.
    #[serde(default, deserialize_with = "tolerant::string")]
    pub name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub status: String,
    /// Latitude in degrees; `None` when there is no position (never 0/0).
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    pub lat: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    pub lng: Option<f64>,
    /// Whole minutes late (negative: early); `None`: no realtime data.
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    pub delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub platform: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub country: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub from: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub to: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub next_station: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub direction: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub scheduled_dep: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub last_updated: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub operator: Option<String>,
    /// railtop's extra: km/h, where the feed gives a speed (converted from its own unit).
    #[serde(
        default,
        deserialize_with = "tolerant::opt_f64",
        skip_serializing_if = "Option::is_none"
    )]
    pub speed: Option<f64>,
}

impl Train {
    pub fn has_position(&self) -> bool {
        self.lat.is_some() && self.lng.is_some()
    }

    /// Makes a record read from outside safe to show and internally consistent: strips control
    /// characters, bounds lengths, drops 0/0 and out-of-range positions, fills `id` when missing.
    pub fn sanitize(&mut self) {
        for s in [
            &mut self.id,
            &mut self.train_code,
            &mut self.name,
            &mut self.status,
        ] {
            clean(s);
        }
        for s in [
            &mut self.platform,
            &mut self.country,
            &mut self.from,
            &mut self.to,
            &mut self.next_station,
            &mut self.direction,
            &mut self.scheduled_dep,
            &mut self.last_updated,
            &mut self.operator,
        ]
        .into_iter()
        .flatten()
        {
            clean(s);
        }
        let valid = matches!((self.lat, self.lng), (Some(lat), Some(lng))
            if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) && (lat, lng) != (0.0, 0.0));
        if !valid {
            self.lat = None;
            self.lng = None;
        }
        if self.id.is_empty() {
            self.id = self.train_code.clone();
        }
    }
}

/// Counts over the returned trains; always computed from them, never sent separately.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    #[serde(default, deserialize_with = "tolerant::u64_or_zero")]
    pub total: u64,
    #[serde(default, deserialize_with = "tolerant::u64_or_zero")]
    pub running: u64,
    #[serde(
        default,
        rename = "withGPS",
        deserialize_with = "tolerant::u64_or_zero"
    )]
    pub with_gps: u64,
    #[serde(default, deserialize_with = "tolerant::u64_or_zero")]
    pub delayed: u64,
}

impl Stats {
    pub fn of(trains: &[Train]) -> Stats {
        let mut s = Stats {
            total: trains.len() as u64,
            ..Stats::default()
        };
        for t in trains {
            s.running += u64::from(t.status == status::RUNNING);
            s.with_gps += u64::from(t.has_position());
            s.delayed += u64::from(t.delay.is_some_and(|d| d >= 1));
        }
        s
    }
}

/// A country whose feed failed while the others answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CountryError {
    #[serde(default, deserialize_with = "tolerant::string")]
    pub country: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub reason: String,
}

/// The answer of `GET /api/live/realtime`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct RealtimeResponse {
    #[serde(default)]
    pub trains: Vec<Train>,
    #[serde(default)]
    pub live_countries: Vec<String>,
    #[serde(default)]
    pub stats: Stats,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub fetched_at: String,
    /// railtop's extra: countries that failed, each with a reason.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failed_countries: Vec<CountryError>,
    /// railtop's extra: the "Data via …" line every client screen shows.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub attribution: Option<String>,
}

impl RealtimeResponse {
    /// Builds an answer whose `stats` agree with its `trains` by construction.
    pub fn new(trains: Vec<Train>, live_countries: Vec<String>, fetched_at: String) -> Self {
        RealtimeResponse {
            stats: Stats::of(&trains),
            trains,
            live_countries,
            fetched_at,
            failed_countries: Vec::new(),
            attribution: None,
        }
    }

    /// Cleans every record read from outside and recomputes `stats` from the trains.
    pub fn sanitize(&mut self) {
        self.trains.iter_mut().for_each(Train::sanitize);
        self.live_countries.iter_mut().for_each(clean);
        for e in &mut self.failed_countries {
            clean(&mut e.country);
            clean(&mut e.reason);
        }
        if let Some(a) = &mut self.attribution {
            clean(a);
        }
        clean(&mut self.fetched_at);
        self.stats = Stats::of(&self.trains);
    }
}

/// One row of a station's departure board.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct Departure {
    #[serde(default, deserialize_with = "tolerant::string")]
    pub line: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub destination: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub platform: Option<String>,
    /// `"HH:MM"`, the station's local clock time.
    #[serde(default, deserialize_with = "tolerant::string")]
    pub scheduled_dep: String,
    /// Whole minutes; `None`: no realtime data.
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    pub delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    pub cancelled: bool,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    pub operator: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub expected_dep: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub train_code: Option<String>,
    /// railtop's extra: the platform in the timetable, where it differs from `platform`.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub planned_platform: Option<String>,
    /// railtop's extra: the stops between here and the destination, where the feed has them.
    #[serde(
        default,
        deserialize_with = "tolerant::strings",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub via: Vec<String>,
    /// railtop's extra: the feed's messages for this departure (disruptions, changes).
    #[serde(
        default,
        deserialize_with = "tolerant::strings",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub messages: Vec<String>,
}

/// At most this many via stops and messages are kept per departure.
pub const MAX_VIA: usize = 8;
pub const MAX_MESSAGES: usize = 4;

/// The via list of a departure from the names of the stops after it, in order: repeats (an
/// arrival and a departure at one station) and the destination itself left out, at most
/// [`MAX_VIA`].
pub fn via_list(stops: impl IntoIterator<Item = String>, destination: &str) -> Vec<String> {
    let mut via: Vec<String> = Vec::new();
    for stop in stops {
        if stop.is_empty() || via.last() == Some(&stop) {
            continue;
        }
        via.push(stop);
    }
    if via.last().is_some_and(|last| last == destination) {
        via.pop();
    }
    via.truncate(MAX_VIA);
    via
}

impl Departure {
    pub fn sanitize(&mut self) {
        clean(&mut self.line);
        clean(&mut self.destination);
        clean(&mut self.scheduled_dep);
        for (list, max) in [(&mut self.via, MAX_VIA), (&mut self.messages, MAX_MESSAGES)] {
            list.truncate(max);
            list.iter_mut().for_each(clean);
            list.retain(|s| !s.trim().is_empty());
        }
        for s in [
            &mut self.platform,
            &mut self.operator,
            &mut self.expected_dep,
            &mut self.train_code,
            &mut self.planned_platform,
        ]
        .into_iter()
        .flatten()
        {
            clean(s);
        }
    }
}

/// The station a board belongs to.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct StationInfo {
    #[serde(default, deserialize_with = "tolerant::string")]
    pub code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub name: String,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub country: Option<String>,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub timezone: Option<String>,
}

/// The answer of `GET /api/live/departures`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct DeparturesResponse {
    #[serde(default)]
    pub departures: Vec<Departure>,
    #[serde(default, deserialize_with = "station_info")]
    pub station: StationInfo,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub fetched_at: String,
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub attribution: Option<String>,
}

impl DeparturesResponse {
    pub fn sanitize(&mut self) {
        self.departures.iter_mut().for_each(Departure::sanitize);
        clean(&mut self.station.code);
        clean(&mut self.station.name);
        clean(&mut self.fetched_at);
        if let Some(a) = &mut self.attribution {
            clean(a);
        }
    }
}

/// Other servers may send the station as a bare name or code instead of an object.
fn station_info<'de, D: serde::Deserializer<'de>>(d: D) -> Result<StationInfo, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        Info(StationInfo),
        Name(String),
        Other(serde::de::IgnoredAny),
    }
    Ok(match Either::deserialize(d)? {
        Either::Info(i) => i,
        Either::Name(n) => StationInfo {
            code: n.clone(),
            name: n,
            ..StationInfo::default()
        },
        Either::Other(_) => StationInfo::default(),
    })
}

/// `{"error": {"code": "...", "message": "..."}}`, the body of every error answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ErrorDetail {
    #[serde(default, deserialize_with = "tolerant::string")]
    pub code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub message: String,
}

impl ErrorBody {
    pub fn new(code: &str, message: impl Into<String>) -> Self {
        ErrorBody {
            error: ErrorDetail {
                code: code.to_owned(),
                message: message.into(),
            },
        }
    }
}

#[cfg(test)]
mod tests;
