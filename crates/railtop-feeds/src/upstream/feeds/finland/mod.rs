//! Finland — Fintraffic's Digitraffic rail API (CC BY 4.0).
//!
//! Positions come from `/api/v1/train-locations/latest/` (GeoJSON `[lon, lat]`), joined on
//! (departure date, train number) with `/api/v1/live-trains` for code, route and delay; boards
//! from `/api/v1/live-trains/station/{code}`. Times are UTC (`…Z`); boards show Helsinki time.
//! Delays are `differenceInMinutes` (absent without realtime). Station names come from
//! `/api/v1/metadata/stations`, refreshed daily, with " asema" dropped.
//!
//! Delay causes: a row's `causes[]` codes a category (`R`), a detailed code (`R1`) and a third
//! (`R201`), each possibly absent (older rows have no third code, no `…Id` twins), never a
//! name. The names are in three code lists under `/api/v1/metadata/` (`cause-category-codes`,
//! `detailed-cause-category-codes`, `third-cause-category-codes`), fetched once a day; no entry
//! links to its parent (the code's prefix does), `validTo` and `passengerTerm` are left out when
//! empty, and only codes valid today are listed. Without them the categories are named from the
//! embedded table (`finland/causes.rs`). A board's row says the causes up to its call; a
//! train's journey those of all its rows.
//!
//! Passenger information: `/api/v1/passenger-information/active`, one answer for the whole
//! country (`finland/passenger_info.rs`): station messages become the boards' notices, a
//! train's message goes on that train. Texts come in `fi`, `sv` and `en`, a language absent when not
//! written; `startTime`/`endTime` are Helsinki clock times with no leading zero (`5:00`); the
//! delivery type `CONTINUOS_VISUALIZATION` is so spelt; `trainNumber` is a number although the
//! published schema says a string. A failing answer costs the messages, never the board.

use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::{FeedHttp, Kept, Opened};
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::local_hhmm;
use crate::upstream::{
    Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live, OwnTrains, StationsAt, TrainsAsk,
};
use chrono::{DateTime, Utc};
use railtop_core::assets;
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{status, via_list, Departure, JourneyStop, Kind, Train};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

mod causes;
mod passenger_info;

pub use causes::{parse_cause_codes, CauseName, CauseNames};
pub use passenger_info::{parse_passenger_information, PassengerInfo, Said};

const COUNTRY: Country = country::FINLAND;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const NAMES_TTL: Duration = Duration::from_secs(24 * 3600);

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct FiTrain {
    #[serde(deserialize_with = "tolerant::u64_or_zero", default)]
    train_number: u64,
    #[serde(default, deserialize_with = "tolerant::string")]
    departure_date: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    operator_short_code: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    train_type: String,
    #[serde(
        default,
        rename = "commuterLineID",
        deserialize_with = "tolerant::opt_string"
    )]
    commuter_line_id: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    running_currently: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
    /// A train's rows (an arrival and a departure a stop), at most two a stop of a journey.
    #[serde(
        default,
        deserialize_with = "parse::at_most::<_, _, { 2 * railtop_core::model::journey::MAX_STOPS }>"
    )]
    time_table_rows: Vec<Row>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Row {
    #[serde(default, deserialize_with = "tolerant::string")]
    station_short_code: String,
    #[serde(default, rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    #[serde(default, deserialize_with = "tolerant::bool")]
    train_stopping: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    commercial_stop: bool,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    commercial_track: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
    scheduled_time: DateTime<Utc>,
    live_estimate_time: Option<DateTime<Utc>>,
    actual_time: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    difference_in_minutes: Option<i64>,
    /// Why the train lost time here, as Digitraffic's cause codes.
    #[serde(default, deserialize_with = "tolerant::bounded::<_, causes::Cause, 8>")]
    causes: Vec<causes::Cause>,
}

/// The messages of the causes recorded on a train's rows up to `until` (a board's call), each
/// cause once (see [`causes::cause_messages`]).
fn causes_until(
    rows: &[Row],
    until: DateTime<Utc>,
    names: &CauseNames,
) -> Vec<(String, &'static str)> {
    let recorded = rows
        .iter()
        .filter(|r| r.scheduled_time <= until)
        .flat_map(|r| &r.causes);
    causes::cause_messages(recorded, names)
}

/// A nested object read leniently: `None` when it is absent, `null`, or not of its shape (a
/// string where an object belongs), rather than failing the whole answer.
fn lenient<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let value = serde_json::Value::deserialize(d)?;
    Ok(T::deserialize(value).ok())
}

impl Row {
    fn is_passenger_stop(&self) -> bool {
        self.train_stopping && self.commercial_stop
    }
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Location {
    #[serde(default, deserialize_with = "tolerant::u64_or_zero")]
    train_number: u64,
    #[serde(default, deserialize_with = "tolerant::string")]
    departure_date: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    timestamp: Option<String>,
    location: Option<Point>,
    /// km/h.
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    speed: Option<f64>,
}

#[derive(Debug, Deserialize)]
struct Point {
    #[serde(default)]
    coordinates: Vec<f64>,
}

/// Station code → display name.
pub type Names = HashMap<String, String>;

fn name(names: &Names, code: &str) -> String {
    names.get(code).cloned().unwrap_or_else(|| code.to_string())
}

/// Names from the embedded list: what is shown until the live list arrives (or if it fails).
pub fn embedded_names() -> Names {
    assets::stations("finland")
        .iter()
        .map(|s| (s.code.clone(), s.name.clone()))
        .collect()
}

/// One station of `/api/v1/metadata/stations`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct MetaStation {
    #[serde(default, deserialize_with = "tolerant::string")]
    station_short_code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    station_name: String,
    #[serde(default, deserialize_with = "tolerant::bool")]
    passenger_traffic: bool,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    latitude: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    longitude: Option<f64>,
}

impl MetaStation {
    /// Its name as people say it: "Helsinki", not "Helsinki asema".
    fn name(&self) -> String {
        self.station_name
            .trim_end_matches(" asema")
            .trim()
            .to_string()
    }
}

/// `/api/v1/metadata/stations` as the directory's list: the stations with passenger traffic
/// (the answer also lists freight yards and junctions), code, name and position.
pub fn parse_station_list(bytes: &[u8]) -> Result<Vec<assets::Station>, ParseError> {
    let parse::AtMost(list) =
        parse::json::<parse::AtMost<MetaStation, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    Ok(list
        .into_iter()
        .filter(|s| s.passenger_traffic)
        .filter_map(|s| {
            Some(assets::Station {
                name: s.name(),
                code: s.station_short_code,
                lat: s.latitude?,
                lng: s.longitude?,
                aliases: Vec::new(),
            })
        })
        .collect())
}

/// `/api/v1/metadata/stations`: every station's short code and name.
pub fn parse_stations(bytes: &[u8]) -> Result<Names, ParseError> {
    let parse::AtMost(list) =
        parse::json::<parse::AtMost<MetaStation, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    Ok(list
        .into_iter()
        .filter(|s| !s.station_short_code.is_empty())
        .map(|s| (s.name(), s))
        .map(|(name, s)| (s.station_short_code, name))
        .collect())
}

fn train_code(t: &FiTrain) -> String {
    match &t.commuter_line_id {
        Some(line) => format!("{line} {}", t.train_number),
        None => format!("{} {}", t.train_type, t.train_number),
    }
}

fn line(t: &FiTrain) -> String {
    t.commuter_line_id
        .clone()
        .unwrap_or_else(|| t.train_type.clone())
}

fn operator(t: &FiTrain) -> Option<String> {
    t.operator_short_code.as_ref().map(|o| o.to_uppercase())
}

/// Helsinki Airport, the far point of the ring lines.
const AIRPORT: &str = "LEN";

/// Where a train heads, seen from its stop `from` (an index into its passenger stops): the last
/// stop's name; for a ring (the I and P lines start and end at Helsinki) with its far point
/// still ahead, `Helsinki via Helsinki Airport` — which way round is then told by which stops come
/// first (the via list), and once past the airport it is plainly `Helsinki`.
fn heading(stops: &[&Row], from: usize, names: &Names) -> String {
    let (Some(first), Some(last)) = (stops.first(), stops.last()) else {
        return String::new();
    };
    let destination = name(names, &last.station_short_code);
    let ring = stops.len() > 2 && first.station_short_code == last.station_short_code;
    if !ring {
        return destination;
    }
    let inner = &stops[1..stops.len() - 1];
    let far = inner
        .iter()
        .position(|r| r.station_short_code == AIRPORT)
        .unwrap_or(inner.len() / 2)
        + 1;
    if far > from {
        format!(
            "{destination} via {}",
            name(names, &stops[far].station_short_code)
        )
    } else {
        destination
    }
}

/// Where a train arriving at its stop `at` comes from: its origin, and on a ring line that
/// has passed its far point (the airport) "Helsinki via Lentoasema", as its departures say.
fn origin(stops: &[&Row], at: usize, names: &Names) -> String {
    let Some(first) = stops.first() else {
        return String::new();
    };
    let origin = name(names, &first.station_short_code);
    let ring = stops.len() > 2
        && stops.last().map(|l| &l.station_short_code) == Some(&first.station_short_code);
    if !ring {
        return origin;
    }
    let inner = &stops[1..stops.len() - 1];
    let far = inner
        .iter()
        .position(|r| r.station_short_code == AIRPORT)
        .unwrap_or(inner.len() / 2)
        + 1;
    if far < at {
        format!(
            "{origin} via {}",
            name(names, &stops[far].station_short_code)
        )
    } else {
        origin
    }
}

/// One train as the API's record, placed at `position` when the feed has one.
fn train_record(t: &FiTrain, names: &Names, position: Option<&Location>) -> Train {
    let stops: Vec<&Row> = t
        .time_table_rows
        .iter()
        .filter(|r| r.is_passenger_stop())
        .collect();
    let first = stops.first();
    let last = stops.last();
    let next_at = stops
        .iter()
        .position(|r| r.actual_time.is_none())
        .unwrap_or(stops.len());
    let destination = heading(&stops, next_at, names);
    // The delay is that of the last event that happened, else of the next estimate.
    let delay = t
        .time_table_rows
        .iter()
        .rev()
        .find(|r| r.actual_time.is_some())
        .or_else(|| {
            t.time_table_rows
                .iter()
                .find(|r| r.live_estimate_time.is_some())
        })
        .and_then(|r| r.difference_in_minutes);
    let next = stops.iter().find(|r| r.actual_time.is_none());
    let arrived = last.is_some_and(|r| r.actual_time.is_some());
    let status = if t.cancelled {
        status::CANCELLED
    } else if t.running_currently {
        status::RUNNING
    } else if arrived {
        status::ARRIVED
    } else {
        status::SCHEDULED
    };
    let (lat, lng) = position
        .and_then(|p| p.location.as_ref())
        .and_then(|p| match p.coordinates.as_slice() {
            [lng, lat, ..] => Some((*lat, *lng)),
            _ => None,
        })
        .map_or((None, None), |(lat, lng)| (Some(lat), Some(lng)));
    let code = train_code(t);
    Train {
        id: format!("fi-{}-{}", t.departure_date, t.train_number),
        name: format!("{code} → {destination}"),
        train_code: code,
        status: status.into(),
        lat,
        lng,
        delay: if t.cancelled { None } else { delay },
        platform: next.and_then(|r| r.commercial_track.clone()),
        country: Some("finland".into()),
        from: first.map(|r| name(names, &r.station_short_code)),
        to: last.map(|r| name(names, &r.station_short_code)),
        next_station: next.map(|r| name(names, &r.station_short_code)),
        direction: None,
        scheduled_dep: first.map(|r| local_hhmm(r.scheduled_time, TZ)),
        last_updated: position.and_then(|p| p.timestamp.clone()),
        operator: operator(t),
        last_seen: None,
        speed: position.and_then(|p| p.speed),
        messages: Vec::new(),
        message_languages: Vec::new(),
        partly_cancelled: false,
        timezone: None,
    }
}

/// Joins `/live-trains` with `/train-locations/latest/`: trains that run, are placed, or were
/// cancelled today.
pub fn parse_trains(
    live: &[u8],
    locations: &[u8],
    names: &Names,
) -> Result<Vec<Train>, ParseError> {
    let parse::AtMost(trains) =
        parse::json::<parse::AtMost<FiTrain, { parse::MAX_RECORDS }>>(COUNTRY.slug, live)
            .map_err(|e| e.within("live-trains"))?;
    let parse::AtMost(located) =
        parse::json::<parse::AtMost<Location, { parse::MAX_RECORDS }>>(COUNTRY.slug, locations)
            .map_err(|e| e.within("train-locations"))?;
    let by_train: HashMap<(&str, u64), &Location> = located
        .iter()
        .map(|l| ((l.departure_date.as_str(), l.train_number), l))
        .collect();
    Ok(trains
        .iter()
        .filter_map(|t| {
            let position = by_train
                .get(&(t.departure_date.as_str(), t.train_number))
                .copied();
            (t.running_currently || t.cancelled || position.is_some())
                .then(|| train_record(t, names, position))
        })
        .collect())
}

/// `/trains/{date}/{number}`: the train's record and its passenger stops, an arrival and a
/// departure row at one station made one stop. A stop is passed once its last row has an
/// actual time; expected times are the actual ones, else the live estimates. The causes of
/// every row are the train's messages, named from `cause_names`.
pub fn parse_journey(
    bytes: &[u8],
    names: &Names,
    cause_names: &CauseNames,
) -> Result<Option<Journey>, ParseError> {
    let parse::AtMost(trains) =
        parse::json::<parse::AtMost<FiTrain, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    let Some(t) = trains.first() else {
        return Ok(None);
    };
    let mut stops: Vec<JourneyStop> = Vec::new();
    let mut rows = t
        .time_table_rows
        .iter()
        .filter(|r| r.is_passenger_stop())
        .peekable();
    while let Some(row) = rows.next() {
        let (arrival, departure) = match row.kind.as_str() {
            "ARRIVAL" => {
                let dep = rows.next_if(|d| {
                    d.kind == "DEPARTURE" && d.station_short_code == row.station_short_code
                });
                (Some(row), dep)
            }
            _ => (None, Some(row)),
        };
        let times = |r: Option<&Row>| {
            r.map_or((None, None), |r| {
                (
                    Some(r.scheduled_time),
                    r.actual_time.or(r.live_estimate_time),
                )
            })
        };
        let code = &row.station_short_code;
        let mut stop = JourneyStop::timed(name(names, code), times(arrival), times(departure), TZ);
        let last = departure.or(arrival).unwrap_or(row);
        stop.passed = last.actual_time.is_some();
        stop.cancelled =
            arrival.is_some_and(|r| r.cancelled) && departure.is_none_or(|r| r.cancelled);
        stop.delay = last.difference_in_minutes.or(stop.delay);
        stop.platform = last.commercial_track.clone().filter(|p| !p.is_empty());
        if let Some((lat, lng)) = crate::upstream::place(COUNTRY.slug, code) {
            (stop.lat, stop.lng) = (Some(lat), Some(lng));
        }
        stop.code = Some(code.clone());
        stops.push(stop);
    }
    let mut train = train_record(t, names, None);
    let recorded = t.time_table_rows.iter().flat_map(|r| &r.causes);
    for (text, language) in causes::cause_messages(recorded, cause_names) {
        train.add_message(text, Some(language));
    }
    Ok(Some(Journey { train, stops }))
}

/// `fi-<departure date>-<train number>`, the ids of [`train_record`], as the path
/// `/api/v1/trains/<date>/<number>` asks for it.
fn journey_path(id: &str) -> Option<String> {
    let (date, number) = id.strip_prefix("fi-")?.rsplit_once('-')?;
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d").ok()?;
    let number: u32 = number.parse().ok()?;
    Some(format!("/api/v1/trains/{date}/{number}"))
}

/// `/live-trains/station/{code}`: the next departures from `station`, soonest first, the
/// station named from `names`, the causes from `cause_names`.
pub fn parse_board(
    bytes: &[u8],
    station: &str,
    names: &Names,
    cause_names: &CauseNames,
    now: DateTime<Utc>,
) -> Result<Board, ParseError> {
    parse_calls(bytes, station, (names, cause_names), now, Kind::Departures)
}

/// `/live-trains/station/{code}` asked for arriving trains: the next arrivals at `station`,
/// soonest first (the row's far end is where each comes from, its via the stops before).
pub fn parse_arrivals(
    bytes: &[u8],
    station: &str,
    names: &Names,
    cause_names: &CauseNames,
    now: DateTime<Utc>,
) -> Result<Board, ParseError> {
    parse_calls(bytes, station, (names, cause_names), now, Kind::Arrivals)
}

/// The calls of `kind` at `station` still to come: a departure row (`DEPARTURE`) or an
/// arrival row (`ARRIVAL`) not yet passed, with the delay causes recorded up to it.
fn parse_calls(
    bytes: &[u8],
    station: &str,
    (names, cause_names): (&Names, &CauseNames),
    now: DateTime<Utc>,
    kind: Kind,
) -> Result<Board, ParseError> {
    let parse::AtMost(trains) =
        parse::json::<parse::AtMost<FiTrain, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    let wanted = match kind {
        Kind::Departures => "DEPARTURE",
        Kind::Arrivals => "ARRIVAL",
    };
    let mut rows: Vec<(DateTime<Utc>, Departure)> = Vec::new();
    for t in &trains {
        let stops: Vec<&Row> = t
            .time_table_rows
            .iter()
            .filter(|r| r.is_passenger_stop())
            .collect();
        let Some(at) = stops.iter().position(|r| {
            r.kind == wanted
                && r.station_short_code.eq_ignore_ascii_case(station)
                && r.actual_time.is_none()
        }) else {
            continue;
        };
        let call = stops[at];
        let cancelled = t.cancelled || call.cancelled;
        let expected = call.live_estimate_time.filter(|_| !cancelled);
        if expected.unwrap_or(call.scheduled_time) < now - chrono::Duration::minutes(1) {
            continue; // left (arrived) already, by the estimate
        }
        let (far_end, via) = match kind {
            Kind::Departures => {
                let last = stops
                    .last()
                    .map_or_else(String::new, |r| name(names, &r.station_short_code));
                let via = via_list(
                    stops[at + 1..]
                        .iter()
                        .filter(|r| !r.station_short_code.eq_ignore_ascii_case(station))
                        .map(|r| name(names, &r.station_short_code)),
                    &last,
                );
                (heading(&stops, at, names), via)
            }
            Kind::Arrivals => {
                let origin = origin(&stops, at, names);
                let via = via_list(
                    stops[..at]
                        .iter()
                        .skip(1)
                        .filter(|r| !r.station_short_code.eq_ignore_ascii_case(station))
                        .map(|r| name(names, &r.station_short_code)),
                    "",
                );
                (origin, via)
            }
        };
        let mut departure = Departure {
            line: line(t),
            destination: far_end,
            platform: call.commercial_track.clone(),
            scheduled_dep: local_hhmm(call.scheduled_time, TZ),
            delay: if cancelled {
                None
            } else {
                call.difference_in_minutes
            },
            cancelled,
            operator: operator(t),
            expected_dep: expected.map(|e| local_hhmm(e, TZ)),
            train_code: Some(train_code(t)),
            planned_platform: None,
            via,
            train_id: Some(format!("fi-{}-{}", t.departure_date, t.train_number)),
            ..Default::default()
        };
        for (text, language) in causes_until(&t.time_table_rows, call.scheduled_time, cause_names) {
            departure.add_message(text, Some(language));
        }
        rows.push((call.scheduled_time, departure));
    }
    Ok(Board::named(Some(name(names, station)), in_order(rows)))
}

/// Digitraffic's station short codes (`HKI`, `TPE`, `KV`).
const CODES: CodeShape = codes::alphanumeric("a Finnish station code");

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    let finland = Finland {
        names: Kept::new(),
        cause_names: Kept::new(),
    };
    Live::open(o.http, o.hub, finland)
}

pub struct Finland {
    names: Kept<Arc<Names>>,
    cause_names: Kept<Arc<CauseNames>>,
}

/// How long a failed fetch of reference data (station names, cause codes) is kept before it
/// is tried again: an hour rather than at every request.
const RETRY_REFERENCE: Duration = Duration::from_secs(3600);

impl Finland {
    /// Station names, fetched once a day; the embedded list while the live one is missing.
    async fn names(&self, http: &FeedHttp) -> Arc<Names> {
        self.names
            .get(async {
                let fetched = match http.get("/api/v1/metadata/stations").await {
                    Ok(bytes) => parse_stations(&bytes).ok(),
                    Err(e) => {
                        tracing::warn!("finland: station names: {e}");
                        None
                    }
                };
                let names = Arc::new(fetched.unwrap_or_else(embedded_names));
                let life = if names.len() > 100 {
                    NAMES_TTL
                } else {
                    RETRY_REFERENCE
                };
                (names, life)
            })
            .await
    }

    /// The cause codes' names, the three lists fetched once a day; the embedded categories
    /// for any list that fails (tried again in an hour).
    async fn cause_names(&self, http: &FeedHttp) -> Arc<CauseNames> {
        self.cause_names
            .get(async {
                let [categories, detailed, third] = causes::CODE_LISTS;
                let fetched = tokio::join!(
                    http.get_aside(categories, parse_cause_codes),
                    http.get_aside(detailed, parse_cause_codes),
                    http.get_aside(third, parse_cause_codes)
                );
                let mut names = CauseNames::embedded();
                let mut read = 0;
                for (path, got) in causes::CODE_LISTS
                    .iter()
                    .zip([fetched.0, fetched.1, fetched.2])
                {
                    match got {
                        Ok(list) => {
                            names.merge(list);
                            read += 1;
                        }
                        Err(e) => tracing::warn!("finland: cause names ({path}): {e}"),
                    }
                }
                let life = if read == causes::CODE_LISTS.len() {
                    NAMES_TTL
                } else {
                    RETRY_REFERENCE
                };
                (Arc::new(names), life)
            })
            .await
    }

    /// The passenger information in force at `now`; none when the answer fails or cannot be
    /// read (said in the log): it costs the messages, never the board (asked aside, so the
    /// feed does not back off for it).
    async fn passenger_info(&self, http: &FeedHttp, now: DateTime<Utc>) -> PassengerInfo {
        let read = http
            .get_aside(passenger_info::PATH, |b| {
                parse_passenger_information(b, now)
            })
            .await;
        read.unwrap_or_else(|e| {
            tracing::warn!("finland: passenger information not read: {e}");
            PassengerInfo::default()
        })
    }
}

impl Adapter for Finland {
    const STATIONS_AT: Option<StationsAt> = Some(("/api/v1/metadata/stations", parse_station_list));

    async fn trains(&self, http: &FeedHttp, ask: TrainsAsk<'_>) -> OwnTrains {
        let names = self.names(http).await;
        let (live, located, info) = tokio::join!(
            http.get("/api/v1/live-trains"),
            http.get("/api/v1/train-locations/latest/"),
            self.passenger_info(http, ask.now)
        );
        let mut trains =
            parse_trains(&live?, &located?, &names).map_err(|e| http.bad_payload(e))?;
        trains.iter_mut().for_each(|t| info.tell_train(t));
        Ok(Some(trains))
    }

    fn owns_train(&self, id: &str) -> bool {
        id.starts_with("fi-")
    }

    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let path = journey_path(ask.id).ok_or_else(|| {
            SourceError::NotFound(format!(
                "no train {}: Finland's ids read fi-<date>-<number>, e.g. fi-2026-11-23-27",
                railtop_core::text::quoted(ask.id)
            ))
        })?;
        let (names, cause_names) = tokio::join!(self.names(http), self.cause_names(http));
        let (journey, info) = tokio::join!(
            http.get_parsed(&path, |b| parse_journey(b, &names, &cause_names)),
            self.passenger_info(http, ask.now)
        );
        match journey? {
            Some(mut journey) => {
                info.tell_train(&mut journey.train);
                Ok(Some(journey))
            }
            None => Err(SourceError::NotFound(format!(
                "Digitraffic has no train {} (trains are kept a few days)",
                railtop_core::text::quoted(ask.id)
            ))),
        }
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (station, limit, now) = (ask.station, ask.limit.clamp(1, 100), ask.now);
        let code = CODES.check(station)?;
        let (names, cause_names) = tokio::join!(self.names(http), self.cause_names(http));
        let (arriving, departing) = match ask.kind {
            Kind::Departures => (0, limit),
            Kind::Arrivals => (limit, 0),
        };
        let path = format!(
            "/api/v1/live-trains/station/{code}?arrived_trains=0&arriving_trains={arriving}&departed_trains=0&departing_trains={departing}&include_nonstopping=false",
        );
        let calls = |b: &[u8]| parse_calls(b, &code, (&names, &cause_names), now, ask.kind);
        let (board, info) = tokio::join!(
            http.get_parsed(&path, calls),
            self.passenger_info(http, now)
        );
        let mut board = http.spec.complete(&code, board?);
        info.tell_board(&code, &mut board);
        Ok(board)
    }
}

#[cfg(test)]
mod tests;
