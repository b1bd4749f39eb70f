//! Spain — Renfe's open data (no key, CC BY 4.0): GTFS-Realtime in two feeds, Cercanías and
//! Rodalies (`vehicle_positions.json`, `trip_updates.json`) and long distance, AVE/LD/MD
//! (`…_LD.json`), read in the JSON rendering Renfe publishes (the same messages as its `.pb`;
//! see `gtfs_rt`), with the long-distance static GTFS for names, routes and planned times.
//!
//! Renfe's payloads break the specification in ways the generic reader already forgives (one
//! vehicle sent once per trip variant; a trip both cancelled and updated) and in ways only this
//! [`Dialect`] knows:
//! - No `route_id`: the line is in the vehicle's label, as is the platform:
//!   `C1-23559-PLATF.(3)` is line C1, train 23559, platform 3 (`C2-23157` has none). A
//!   long-distance label is the train number alone (`01460`).
//! - A long-distance trip id is the train number, a variant digit and the ISO date of its
//!   service day (`0146012026-10-10`): railtop takes the date as the trip's `start_date`, so a
//!   trip two days old is dropped, and a cancellation of a past day's trip ("yesterday's
//!   news", still in the feed at noon) is no cancelled train today. A past day's trip with
//!   fresh times runs: Renfe keeps late-evening trains on their departure day.
//! - Cercanías trip ids (`3015M23559C1`) carry no date; their vehicles carry timestamps.
//! - Some vehicles have no position (listed without GPS), some no stop.
//!
//! The Cercanías static bundle is not read by default: it holds every day's trips (about 1.8
//! million stop times), too much to keep in memory for names. Its trains show line, number,
//! platform, delay and next stop by code where the long-distance bundle does not name it.
//! Stations are Renfe's five-digit codes (`spain:71801`); the long-distance bundle's stops name
//! them on boards.

use crate::upstream::gtfs::{self, Dialect, Label};
use crate::upstream::gtfs_rt::{FeedMessage, TRIP_CANCELED};
use crate::upstream::gtfs_static::Timetable;
use crate::upstream::parse::ParseError;
use chrono::{DateTime, NaiveDate, Utc};
use railtop_core::config::GtfsFeedConfig;
use railtop_core::country::{self, Country};
use railtop_core::model::{Departure, Train};

const COUNTRY: Country = country::SPAIN;

/// Renfe's long-distance static GTFS (AVE, Larga Distancia, Media Distancia).
pub(crate) const LONG_DISTANCE_STATIC: &str =
    "https://ssl.renfe.com/gtransit/Fichero_AV_LD/google_transit.zip";

/// Renfe's reading of GTFS-Realtime (see the module's notes).
pub(crate) const RENFE: Dialect = Dialect {
    tidy,
    label,
    trip: trip_label,
    route_line,
};

/// Renfe's two feeds, as Spain's registry row reads them: paths below its base URL.
pub(crate) const PARTS: &[gtfs::Part] = &[
    gtfs::Part {
        name: "Renfe Cercanías",
        vehicle_positions: "/vehicle_positions.json",
        trip_updates: Some("/trip_updates.json"),
        // Renfe's alerts are the Cercanías' (there is no `alerts_LD.json`).
        alerts: Some("/alerts.json"),
        // About 1.8 million stop times: too much to hold for names (see above).
        static_gtfs: None,
        speed_to_kmh: 3.6,
    },
    gtfs::Part {
        name: "Renfe",
        vehicle_positions: "/vehicle_positions_LD.json",
        trip_updates: Some("/trip_updates_LD.json"),
        alerts: None,
        static_gtfs: Some(LONG_DISTANCE_STATIC),
        speed_to_kmh: 3.6,
    },
];

/// Which of Renfe's two feeds a payload is from.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Part {
    Cercanias,
    LongDistance,
}

fn config(part: Part, table: Option<&Timetable>) -> GtfsFeedConfig {
    let static_gtfs = table.map(|_| String::new());
    let index = match part {
        Part::Cercanias => 0,
        Part::LongDistance => 1,
    };
    gtfs::BuiltIn::config(&COUNTRY, &PARTS[index], static_gtfs)
}

/// One feed's trains from its payloads (the pure part of the fetch).
pub fn parse_trains(
    part: Part,
    vehicle_positions: &[u8],
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    now: DateTime<Utc>,
) -> Result<Vec<Train>, ParseError> {
    let config = config(part, table);
    gtfs::parse_trains_as(&RENFE, vehicle_positions, trip_updates, table, &config, now)
}

/// One feed's board of `station` from its trip updates (and the timetable, when given).
pub fn parse_board(
    part: Part,
    station: &str,
    trip_updates: &[u8],
    table: Option<&Timetable>,
    now: DateTime<Utc>,
) -> Result<Vec<Departure>, ParseError> {
    let config = config(part, table);
    gtfs::parse_board_as(&RENFE, station, Some(trip_updates), table, &config, now)
}

/// `C1-23559-PLATF.(3)` → line C1, number 23559, platform 3; `01460` → number 01460.
pub fn label(text: &str) -> Label {
    let text = text.trim();
    let (head, platform) = match text.split_once("-PLATF.") {
        Some((head, rest)) => {
            let inner = rest.trim().trim_start_matches('(').trim_end_matches(')');
            (
                head,
                Some(inner.trim().to_string()).filter(|p| !p.is_empty()),
            )
        }
        None => (text, None),
    };
    let (line, number) = match head.rsplit_once('-') {
        Some((line, number)) => (Some(line.trim()), number.trim()),
        None => (None, head.trim()),
    };
    Label {
        line: line.filter(|l| !l.is_empty()).map(str::to_string),
        number: Some(number.to_string()).filter(|n| !n.is_empty()),
        platform,
    }
}

/// What a trip id says: `3015M23559C1` (núcleo, service, train 23559, line C1) and
/// `0146012026-10-10` (train 01460, variant, day) → the train's number, and the Cercanías line.
pub(crate) fn trip_label(trip_id: &str) -> Label {
    let id = trip_id.trim();
    if trip_day(id).is_some() {
        let number = id
            .get(..5)
            .filter(|n| n.bytes().all(|b| b.is_ascii_digit()));
        return Label {
            number: number.map(str::to_string),
            ..Label::default()
        };
    }
    let number = id
        .get(5..10)
        .filter(|n| n.bytes().all(|b| b.is_ascii_digit()));
    let line = id
        .get(10..)
        .filter(|l| !l.is_empty() && l.bytes().all(|b| b.is_ascii_alphanumeric()));
    match (number, line) {
        (Some(n), Some(l)) => Label {
            line: Some(l.to_string()),
            number: Some(n.to_string()),
            platform: None,
        },
        _ => Label::default(),
    }
}

/// The line a Cercanías route id names: núcleo, `T`, four digits, the line (`10T0099C3` → C3,
/// `51T0003R2N` → R2N). Renfe's alerts name routes; its trains carry none, only their line.
pub(crate) fn route_line(route_id: &str) -> Option<String> {
    let id = route_id.trim();
    let (nucleo, rest) = id.split_once('T')?;
    let digits = rest.get(..4)?;
    let line = rest.get(4..)?;
    let numeric = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    (numeric(nucleo)
        && numeric(digits)
        && !line.is_empty()
        && line.bytes().all(|b| b.is_ascii_alphanumeric()))
    .then(|| line.to_string())
}

/// An alert's text without Renfe's leading hashtags (`#MadC3 Por una incidencia…`): a
/// channel's tag for social media, no news on a board.
fn untagged(text: &str) -> &str {
    let mut rest = text.trim_start();
    while let Some(tagged) = rest.strip_prefix('#') {
        match tagged.split_once(char::is_whitespace) {
            Some((_, after)) => rest = after.trim_start(),
            None => return rest,
        }
    }
    rest
}

/// The service day at the end of a long-distance trip id: `0146012026-10-10` → 2026-10-10.
pub(crate) fn trip_day(trip_id: &str) -> Option<NaiveDate> {
    let tail = trip_id
        .trim()
        .get(trip_id.trim().len().checked_sub(10)?..)?;
    NaiveDate::parse_from_str(tail, "%Y-%m-%d").ok()
}

/// Dates from trip ids, and past days' bare cancellations dropped (see the module's notes).
fn tidy(feed: &mut FeedMessage, service_day: NaiveDate) {
    for entity in &mut feed.entity {
        let trips = [
            entity.vehicle.as_mut().and_then(|v| v.trip.as_mut()),
            entity.trip_update.as_mut().and_then(|u| u.trip.as_mut()),
        ];
        for trip in trips.into_iter().flatten() {
            if trip.start_date.is_none() {
                let day = trip.trip_id.as_deref().and_then(trip_day);
                trip.start_date = day.map(|d| d.format("%Y%m%d").to_string());
            }
        }
    }
    for alert in feed.entity.iter_mut().filter_map(|e| e.alert.as_mut()) {
        let texts = [alert.header_text.as_mut(), alert.description_text.as_mut()];
        for t in texts
            .into_iter()
            .flatten()
            .flat_map(|t| t.translation.iter_mut())
        {
            if let Some(text) = t.text.as_mut() {
                let kept = untagged(text);
                if kept.len() != text.len() {
                    *text = kept.to_string();
                }
            }
        }
    }
    feed.entity.retain(|e| {
        let Some(update) = &e.trip_update else {
            return true;
        };
        let trip = update.trip.as_ref();
        let bare_cancel = trip.and_then(|t| t.schedule_relationship) == Some(TRIP_CANCELED)
            && update.stop_time_update.is_empty();
        let day = trip.and_then(|t| t.trip_id.as_deref()).and_then(trip_day);
        !(bare_cancel && day.is_some_and(|d| d < service_day))
    });
}

#[cfg(test)]
mod tests;
