//! The records of the Live Train Data API (see docs/api.md).
//!
//! Output is strict: the fields the interface fixes (docs/api.md) are always written (`null` where unknown), extras
//! only where known. Input is tolerant (see [`tolerant`]): unknown fields are ignored, missing and
//! `null` values are accepted, numbers may arrive as strings.

pub mod board;
mod departures_wire;
pub mod journey;
mod messages;
pub mod plausible;
pub mod tolerant;

pub use board::{Kind, Timing};
pub use journey::{JourneyResponse, JourneyStop, StopTime};

use crate::text::clean;
use messages::{add_message, clean_list, clean_messages, messages_in};
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
    /// railtop's extra: the station where the train was last detected, for feeds that know
    /// where a train was seen but not where it is (Italy); `lastUpdated` is when.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub last_seen: Option<String>,
    /// railtop's extra: the feed's messages for this train (a disruption's text, a cut-short
    /// run, a number change), at most [`MAX_MESSAGES`].
    #[serde(
        default,
        deserialize_with = "tolerant::strings",
        skip_serializing_if = "Vec::is_empty"
    )]
    pub messages: Vec<String>,
    /// railtop's extra: the language of each of `messages`, in their order (a BCP 47 tag as the
    /// feed gives it, such as `fi`, `nl`, `es`; `null` where the feed does not say). Written only
    /// when one is known.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_strings",
        skip_serializing_if = "messages::languages_unknown"
    )]
    pub message_languages: Vec<Option<String>>,
    /// railtop's extra: some of the run's stops are cancelled (the train runs, but not all of
    /// its way); `status` stays what it is. Written only when true.
    #[serde(
        default,
        deserialize_with = "tolerant::bool",
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub partly_cancelled: bool,
    /// railtop's extra: the train's own clock (an IANA zone), where its feed knows it and it
    /// is not its country's alone (a Pacific-coast Amtrak run, a `[[feeds]]` region's train).
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub timezone: Option<String>,
}

impl Train {
    pub fn has_position(&self) -> bool {
        self.lat.is_some() && self.lng.is_some()
    }

    /// The clock a person reads this train's times on: its own (`timezone`), else its
    /// country's; `None` when neither is known.
    pub fn zone(&self) -> Option<chrono_tz::Tz> {
        self.timezone
            .as_deref()
            .and_then(|z| z.trim().parse().ok())
            .or_else(|| crate::country::by_slug(self.country.as_deref()?).map(|c| c.tz))
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
            &mut self.last_seen,
            &mut self.timezone,
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
        clean_messages(&mut self.messages, &mut self.message_languages);
    }

    /// Says that every message whose language is not known yet is in `lang` (a feed that
    /// writes in one language).
    pub fn messages_in(&mut self, lang: &str) {
        messages_in(&self.messages, &mut self.message_languages, lang);
    }

    /// Adds one of the feed's messages, in `lang` where the feed says which (see
    /// [`Train::message_languages`]); cleaned, bounded and made unique by [`Train::sanitize`].
    pub fn add_message(&mut self, text: impl Into<String>, lang: Option<&str>) {
        add_message(
            &mut self.messages,
            &mut self.message_languages,
            text.into(),
            lang,
        );
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

/// How punctual the trains with realtime data are: the share on time (at most `on_time`
/// minutes late, as railways count it) and the median delay. Not part of the API (clients
/// compute it); the dashboard's header shows it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Punctuality {
    /// 0.0 ..= 1.0 of the trains with a delay, cancelled trains left out.
    pub on_time_share: f64,
    /// Whole minutes; negative is early.
    pub median_delay: i64,
}

impl Punctuality {
    /// `None` when no train (cancelled ones left out) has realtime data.
    pub fn of(trains: &[Train], on_time: i64) -> Option<Punctuality> {
        let mut delays: Vec<i64> = trains
            .iter()
            .filter(|t| t.status != status::CANCELLED)
            .filter_map(|t| t.delay)
            .collect();
        if delays.is_empty() {
            return None;
        }
        let within = on_time.max(0);
        let on_time = delays.iter().filter(|&&d| d <= within).count() as f64 / delays.len() as f64;
        let mid = delays.len() / 2;
        let median = *delays.select_nth_unstable(mid).1;
        Some(Punctuality {
            on_time_share: on_time,
            median_delay: median,
        })
    }
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

/// Most trains read from one answer of a peer: the whole demo network is about 26,000.
pub(crate) const MAX_TRAINS: usize = 100_000;
/// Most countries and regions read from one answer of a peer (the API has 19 countries; the
/// rest are a server's own regions).
pub const MAX_COUNTRIES: usize = 64;
/// Most departures on one board (the API's largest `limit`).
pub const MAX_DEPARTURES: usize = 100;
/// Most stations on one board of several (`departures A B C`, `station=` repeated).
pub const MAX_MERGED: usize = 5;

/// The answer of `GET /api/live/realtime`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, Default)]
#[serde(rename_all = "camelCase")]
pub struct RealtimeResponse {
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, Train, MAX_TRAINS>"
    )]
    pub trains: Vec<Train>,
    #[serde(
        default,
        deserialize_with = "tolerant::bounded_names::<_, MAX_COUNTRIES>"
    )]
    pub live_countries: Vec<String>,
    #[serde(default)]
    pub stats: Stats,
    #[serde(default, deserialize_with = "tolerant::string")]
    pub fetched_at: String,
    /// railtop's extra: countries that failed, each with a reason.
    #[serde(
        default,
        skip_serializing_if = "Vec::is_empty",
        deserialize_with = "tolerant::bounded::<_, CountryError, MAX_COUNTRIES>"
    )]
    pub failed_countries: Vec<CountryError>,
    /// railtop's extra: the "Data via …" line every client screen shows.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub attribution: Option<String>,
    /// railtop's extra: the trains are simulated (the demo source), so every screen that shows
    /// them, however far from the source, labels them DEMO. Absent when false.
    #[serde(
        default,
        deserialize_with = "tolerant::bool",
        skip_serializing_if = "std::ops::Not::not"
    )]
    pub simulated: bool,
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
            simulated: false,
        }
    }

    /// Cleans every record read from outside and recomputes `stats` from the trains: strings
    /// cleaned and bounded, records without any name dropped, delays that cannot be true made
    /// "no data", countries kept to slug-shaped names without repeats.
    pub fn sanitize(&mut self) {
        self.trains.iter_mut().for_each(Train::sanitize);
        self.trains
            .retain(|t| !(t.id.is_empty() && t.train_code.is_empty() && t.name.is_empty()));
        plausible::bound_trains(&mut self.trains).log("an answer read");
        self.live_countries.iter_mut().for_each(clean);
        let mut seen = std::collections::HashSet::new();
        self.live_countries
            .retain(|c| is_slug_shaped(c) && seen.insert(c.clone()));
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

/// One row of a station's board: a departure, or on an arrivals board ([`Kind::Arrivals`]) an
/// arrival, whose `destination` is then where the train comes from, `scheduled_dep` and
/// `expected_dep` its arrival times and `via` the stops before (the wire names them `origin`,
/// `scheduledArr`, `expectedArr`: see [`board`]). One row type lets every screen draw both.
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
    /// railtop's extra: the language of each of `messages`, in their order (a BCP 47 tag as the
    /// feed gives it, such as `fi`, `nl`, `es`; `null` where the feed does not say). Written only
    /// when one is known.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_strings",
        skip_serializing_if = "messages::languages_unknown"
    )]
    pub message_languages: Vec<Option<String>>,
    /// railtop's extra: the id of this departure's train, as `/api/live/train?id=` takes it,
    /// where the feed says which train it is.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub train_id: Option<String>,
    /// railtop's extra, on a board of several stations: which of them the train leaves from
    /// (arrives at, on an arrivals board), by its display name.
    #[serde(
        default,
        deserialize_with = "tolerant::opt_string",
        skip_serializing_if = "Option::is_none"
    )]
    pub departs_from: Option<String>,
    /// railtop's extra: whether the row's time is realtime, the timetable's only, or stale
    /// (see [`Timing`]); set by [`DeparturesResponse::mark_timing`].
    #[serde(
        default,
        deserialize_with = "board::opt_timing",
        skip_serializing_if = "Option::is_none"
    )]
    pub timing: Option<Timing>,
}

impl Departure {
    /// Says that every message whose language is not known yet is in `lang` (a feed that
    /// writes in one language).
    pub fn messages_in(&mut self, lang: &str) {
        messages_in(&self.messages, &mut self.message_languages, lang);
    }

    /// Adds one of the feed's messages, in `lang` where the feed says which (see
    /// [`Departure::message_languages`]); cleaned, bounded and made unique by
    /// [`Departure::sanitize`].
    pub fn add_message(&mut self, text: impl Into<String>, lang: Option<&str>) {
        add_message(
            &mut self.messages,
            &mut self.message_languages,
            text.into(),
            lang,
        );
    }
}

/// At most this many via stops and messages are kept per departure.
pub(crate) const MAX_VIA: usize = 8;
pub(crate) const MAX_MESSAGES: usize = 4;

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
        clean_list(&mut self.via, MAX_VIA);
        clean_messages(&mut self.messages, &mut self.message_languages);
        for s in [
            &mut self.platform,
            &mut self.operator,
            &mut self.expected_dep,
            &mut self.train_code,
            &mut self.planned_platform,
            &mut self.train_id,
            &mut self.departs_from,
        ]
        .into_iter()
        .flatten()
        {
            clean(s);
        }
    }

    /// The train of this departure as a list record (no position), called `id`, of `country`,
    /// at `station`: what a board's train is known as until its own record is.
    pub fn as_train(&self, id: String, country: Option<String>, station: &str) -> Train {
        let code = self.train_code.clone().unwrap_or_else(|| self.line.clone());
        Train {
            id,
            name: format!("{code} → {}", self.destination),
            train_code: code,
            status: if self.cancelled {
                status::CANCELLED
            } else {
                status::SCHEDULED
            }
            .into(),
            lat: None,
            lng: None,
            delay: self.delay,
            platform: self.platform.clone(),
            country,
            from: None,
            to: Some(self.destination.clone()),
            next_station: Some(station.to_owned()),
            direction: None,
            scheduled_dep: Some(self.scheduled_dep.clone()),
            last_updated: None,
            operator: self.operator.clone(),
            last_seen: None,
            speed: None,
            messages: self.messages.clone(),
            message_languages: self.message_languages.clone(),
            partly_cancelled: false,
            timezone: None,
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

/// The answer of `GET /api/live/departures` (and of railtop's `/api/live/arrivals`).
///
/// On the wire `station` is what the interface defines, a **string** (the station's display
/// name); railtop's record of it travels beside it as the extra `stationInfo`. Reading accepts
/// both, and the older railtop shape where `station` itself was the record.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(
    from = "departures_wire::DeparturesIn",
    into = "departures_wire::DeparturesOut"
)]
pub struct DeparturesResponse {
    pub departures: Vec<Departure>,
    pub station: StationInfo,
    pub fetched_at: String,
    pub attribution: Option<String>,
    /// railtop's extra `simulated`: see [`RealtimeResponse::simulated`].
    pub simulated: bool,
    /// Departures, or arrivals (railtop's `/api/live/arrivals`: the rows are then written under
    /// `arrivals` with the arrival's names, see [`board`]).
    pub kind: Kind,
    /// railtop's extra `stations`, on a board of several stations: each of them, in the order
    /// asked (`station` then names them all, and each row says its own in `departsFrom`).
    pub stations: Vec<StationInfo>,
    /// railtop's extra `notices`: the feed's messages about the station itself rather than a
    /// train (a lift out of order, works at the station, a strike), at most [`MAX_MESSAGES`];
    /// `noticeLanguages` their languages as [`Departure::message_languages`] are.
    pub notices: Vec<String>,
    pub notice_languages: Vec<Option<String>>,
}

/// A country or region slug as railtop writes them: lower-case letters, digits and `-`.
fn is_slug_shaped(s: &str) -> bool {
    (1..=40).contains(&s.len())
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl DeparturesResponse {
    /// Cleans every string, drops rows without a line, destination or time, and makes delays
    /// that cannot be true "no data".
    /// Adds a notice about the station, in `lang` where the feed says which.
    pub fn add_notice(&mut self, text: impl Into<String>, lang: Option<&str>) {
        add_message(
            &mut self.notices,
            &mut self.notice_languages,
            text.into(),
            lang,
        );
    }

    pub fn sanitize(&mut self) {
        clean_messages(&mut self.notices, &mut self.notice_languages);
        self.departures.iter_mut().for_each(Departure::sanitize);
        self.departures.retain(|d| {
            !(d.line.is_empty() && d.destination.is_empty() && d.scheduled_dep.is_empty())
        });
        plausible::bound_departures(&mut self.departures).log("an answer read");
        for s in [
            &mut self.station.code,
            &mut self.station.name,
            &mut self.fetched_at,
        ] {
            clean(s);
        }
        for s in [
            &mut self.station.country,
            &mut self.station.timezone,
            &mut self.attribution,
        ]
        .into_iter()
        .flatten()
        {
            clean(s);
        }
        self.stations.truncate(MAX_MERGED);
        for info in &mut self.stations {
            for s in [&mut info.code, &mut info.name] {
                clean(s);
            }
            for s in [&mut info.country, &mut info.timezone]
                .into_iter()
                .flatten()
            {
                clean(s);
            }
        }
    }

    /// Says of every row whether its time is realtime or the timetable's, and all realtime
    /// rows stale when `stale` (the answer is older than its feed's refresh and a margin).
    pub fn mark_timing(&mut self, stale: bool) {
        for d in &mut self.departures {
            d.timing = Some(match Timing::of(d) {
                Timing::Realtime if stale => Timing::Stale,
                t => t,
            });
        }
    }

    /// Fills what an answer left out with the code the client asked for (a server that sends
    /// only the interface's `station` name says nothing of the code).
    pub fn complete_code(&mut self, asked: &str) {
        if self.station.code.is_empty() {
            self.station.code = asked.to_owned();
        }
        if self.station.name.is_empty() {
            self.station.name = self.station.code.clone();
        }
    }
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
