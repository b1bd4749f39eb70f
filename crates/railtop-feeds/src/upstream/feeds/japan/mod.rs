//! Japan — ODPT, the Open Data Challenge for Public Transportation in Tokyo (a key: free developer
//! registration at developer.odpt.org, sent as the `acl:consumerKey` query parameter).
//!
//! `odpt:Train` is JSON-LD: one record per running train with its number, delay in **seconds**,
//! destination and where it is — between `odpt:fromStation` and `odpt:toStation` (`toStation`
//! null: standing at `fromStation`), by station, never by coordinates, so `lat`/`lng` stay null.
//! Station ids carry their English name as the last part (`odpt.Station:JR-East.Yamanote.Tokyo`).
//! Boards would need station timetables, which this feed does not read yet.
//!
//! Journeys: a running train's `odpt:TrainTimetable` (asked by its railway and number): the
//! `odpt:trainTimetableObject` list of `departureTime`/`departureStation` and
//! `arrivalTime`/`arrivalStation` (`HH:MM`, Tokyo time; past midnight they go on from `00:00`).
//! A train has one timetable per calendar (`odpt.Calendar:Weekday`, `SaturdayHoliday`,
//! `Saturday`, `Holiday`): the one of the day is taken (public holidays are not known here and
//! read as their weekday). Its stops up to `fromStation` are passed, and its `odpt:delay` now is
//! carried to the stops ahead.
//!
//! Loop lines (the Yamanote, the Toei Ōedo's loop) have trains whose destination is their
//! origin (`Tochomae` → `Tochomae`): `odpt:railDirection` (`OuterLoop`, `InnerLoop`) says which
//! way round they go, and is every train's `direction` (`Outer loop`, `Northbound`).

use crate::source::{SourceError, SourceResult};
use crate::upstream::http::{FeedHttp, Opened};
use crate::upstream::parse::{self, Board, ParseError};
use crate::upstream::times::{plus_seconds, RunClock};
use crate::upstream::{Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live, OwnTrains, TrainsAsk};
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use railtop_core::clock::minutes_from_seconds;
use railtop_core::country::{self, Country};
use railtop_core::model::journey::MAX_STOPS;
use railtop_core::model::tolerant;
use railtop_core::model::{status, JourneyStop, StopTime, Train};
use serde::Deserialize;
use std::sync::Arc;

const COUNTRY: Country = country::JAPAN;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const OPERATOR: &str = "odpt.Operator:JR-East";

/// Every field may be missing (`default` for the struct) and of a loose type (`tolerant`).
#[derive(Deserialize, Default)]
#[serde(default)]
struct OdptTrain {
    #[serde(rename = "owl:sameAs", deserialize_with = "tolerant::string")]
    id: String,
    #[serde(rename = "odpt:trainNumber", deserialize_with = "tolerant::string")]
    number: String,
    #[serde(rename = "odpt:delay", deserialize_with = "tolerant::opt_i64")]
    delay_seconds: Option<i64>,
    #[serde(rename = "odpt:railway", deserialize_with = "tolerant::string")]
    railway: String,
    #[serde(rename = "odpt:fromStation", deserialize_with = "tolerant::opt_string")]
    from_station: Option<String>,
    #[serde(rename = "odpt:toStation", deserialize_with = "tolerant::opt_string")]
    to_station: Option<String>,
    #[serde(
        rename = "odpt:destinationStation",
        deserialize_with = "tolerant::strings"
    )]
    destination: Vec<String>,
    #[serde(rename = "odpt:originStation", deserialize_with = "tolerant::strings")]
    origin: Vec<String>,
    #[serde(
        rename = "odpt:railDirection",
        deserialize_with = "tolerant::opt_string"
    )]
    rail_direction: Option<String>,
    #[serde(rename = "odpt:operator", deserialize_with = "tolerant::opt_string")]
    operator: Option<String>,
    #[serde(rename = "dc:date", deserialize_with = "tolerant::opt_string")]
    updated: Option<String>,
}

/// `odpt.Station:JR-East.JobanRapid.Tennodai` → `Tennodai`; `odpt.Operator:JR-East` → `JR-East`.
pub(crate) fn last_part(id: &str) -> String {
    id.rsplit(['.', ':']).next().unwrap_or(id).to_string()
}

/// `odpt.RailDirection:OuterLoop` → `Outer loop`, `…:Northbound` → `Northbound`.
pub(crate) fn direction_words(id: &str) -> String {
    let name = last_part(id);
    let mut words = String::with_capacity(name.len() + 2);
    for (i, c) in name.chars().enumerate() {
        if c.is_uppercase() && i > 0 {
            words.push(' ');
            words.extend(c.to_lowercase());
        } else {
            words.push(c);
        }
    }
    words
}

/// The running trains: station-based positions, no coordinates.
pub fn parse_trains(bytes: &[u8]) -> Result<Vec<Train>, ParseError> {
    let parse::AtMost(trains) =
        parse::json::<parse::AtMost<OdptTrain, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    Ok(trains
        .into_iter()
        .filter(|t| !t.number.is_empty())
        .map(|t| {
            let line = last_part(&t.railway);
            let code = format!("{line} {}", t.number);
            let to = t.destination.first().map(|d| last_part(d));
            let from = t.origin.first().map(|o| last_part(o));
            let direction = t.rail_direction.as_deref().map(direction_words);
            // A loop train going back where it started: which way round is its destination.
            let round = to.is_none() || (to.is_some() && to == from);
            let heading = match (&to, &direction) {
                (Some(to), Some(way)) if round => format!("{to} ({})", way.to_lowercase()),
                (None, Some(way)) => way.clone(),
                (to, _) => to.clone().unwrap_or_else(|| "?".into()),
            };
            Train {
                id: if t.id.is_empty() {
                    format!("japan-{code}")
                } else {
                    t.id
                },
                name: format!("{code} → {heading}"),
                train_code: code,
                status: status::RUNNING.into(),
                lat: None,
                lng: None,
                delay: t.delay_seconds.map(minutes_from_seconds),
                platform: None,
                country: Some(COUNTRY.slug.into()),
                from,
                to,
                // Between two stations the next is `toStation`; standing, it is `fromStation`.
                next_station: t
                    .to_station
                    .as_deref()
                    .or(t.from_station.as_deref())
                    .map(last_part),
                direction,
                scheduled_dep: None,
                last_updated: t.updated,
                operator: t.operator.as_deref().map(last_part),
                last_seen: None,
                speed: None,
                messages: Vec::new(),
                message_languages: Vec::new(),
                partly_cancelled: false,
                timezone: None,
            }
        })
        .collect())
}

/// One train's timetable for one calendar.
#[derive(Deserialize, Default)]
#[serde(default)]
struct Timetable {
    #[serde(rename = "odpt:calendar", deserialize_with = "tolerant::string")]
    calendar: String,
    #[serde(
        rename = "odpt:trainTimetableObject",
        deserialize_with = "tolerant::bounded::<_, Call, MAX_STOPS>"
    )]
    calls: Vec<Call>,
}

#[derive(Deserialize, Default)]
#[serde(default)]
struct Call {
    #[serde(
        rename = "odpt:departureTime",
        deserialize_with = "tolerant::opt_string"
    )]
    departure_time: Option<String>,
    #[serde(
        rename = "odpt:departureStation",
        deserialize_with = "tolerant::opt_string"
    )]
    departure_station: Option<String>,
    #[serde(rename = "odpt:arrivalTime", deserialize_with = "tolerant::opt_string")]
    arrival_time: Option<String>,
    #[serde(
        rename = "odpt:arrivalStation",
        deserialize_with = "tolerant::opt_string"
    )]
    arrival_station: Option<String>,
}

/// Whether an ODPT calendar runs on `day`.
fn runs_on(calendar: &str, day: NaiveDate) -> bool {
    use chrono::Datelike;
    let weekend = matches!(day.weekday(), chrono::Weekday::Sat | chrono::Weekday::Sun);
    match last_part(calendar).as_str() {
        "Weekday" => !weekend,
        "SaturdayHoliday" => weekend,
        "Saturday" => day.weekday() == chrono::Weekday::Sat,
        "Holiday" | "Sunday" => day.weekday() == chrono::Weekday::Sun,
        _ => false,
    }
}

/// A train's timetables (`odpt:TrainTimetable`) as the stops of `train`'s run today: the one
/// whose calendar runs today, each stop on Tokyo's clock, passed up to where the train is, the
/// train's delay carried to the stops ahead. `None`: no timetable for today.
pub fn parse_timetable(
    bytes: &[u8],
    train: &Train,
    now: DateTime<Utc>,
) -> Result<Option<Vec<JourneyStop>>, ParseError> {
    let parse::AtMost(tables) =
        parse::json::<parse::AtMost<Timetable, { parse::MAX_RECORDS }>>(COUNTRY.slug, bytes)?;
    let today = now.with_timezone(&TZ).date_naive();
    let Some(table) = tables
        .iter()
        .find(|t| runs_on(&t.calendar, today))
        .or_else(|| tables.iter().find(|t| t.calendar.is_empty()))
    else {
        return Ok(None);
    };
    // Times of a run that started yesterday evening belong to yesterday's service day.
    let first = table
        .calls
        .iter()
        .find_map(|c| c.departure_time.as_deref().or(c.arrival_time.as_deref()))
        .and_then(|t| NaiveTime::parse_from_str(t.trim(), "%H:%M").ok());
    let local_now = now.with_timezone(&TZ).time();
    let service_day = match first {
        Some(f) if f > local_now && f.signed_duration_since(local_now).num_hours() >= 12 => {
            today.pred_opt().unwrap_or(today)
        }
        _ => today,
    };
    let mut clock = RunClock::new(service_day, TZ);
    let mut at =
        |hhmm: Option<&str>| clock.next(NaiveTime::parse_from_str(hhmm?.trim(), "%H:%M").ok()?);
    let mut stops: Vec<JourneyStop> = Vec::new();
    // Each stop's planned arrival and departure, to carry the delay ahead from.
    let mut planned = Vec::new();
    for c in &table.calls {
        let arr = at(c.arrival_time.as_deref());
        let dep = at(c.departure_time.as_deref());
        let station = c
            .departure_station
            .as_deref()
            .or(c.arrival_station.as_deref())
            .unwrap_or_default();
        if station.is_empty() {
            continue;
        }
        let mut stop = JourneyStop::timed(last_part(station), (arr, None), (dep, None), TZ);
        stop.code = Some(station.to_string());
        stops.push(stop);
        planned.push((arr, dep));
    }
    // Where the train is: standing at `fromStation`, or between it and `toStation`.
    let here = train.next_station.as_deref();
    let at_index = stops.iter().position(|s| Some(s.name.as_str()) == here);
    let delay = train.delay;
    for (i, (stop, (arr, dep))) in stops.iter_mut().zip(planned).enumerate() {
        let ahead = at_index.is_some_and(|h| i >= h);
        stop.passed = at_index.is_some_and(|h| i < h);
        if let (true, Some(late)) = (ahead, delay) {
            let late_by = |t: Option<DateTime<Utc>>| plus_seconds(t?, late.checked_mul(60)?);
            stop.arrival = StopTime::at(arr, late_by(arr), TZ);
            stop.departure = StopTime::at(dep, late_by(dep), TZ);
            stop.delay = Some(late);
        }
    }
    Ok(Some(stops))
}

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    Live::open(o.http, o.hub, Japan { key: o.key })
}

pub(crate) struct Japan {
    key: String,
}

impl Adapter for Japan {
    /// Station ids are ODPT's own.
    const STATION_LIST: bool = false;

    fn knows_code(&self, code: &str) -> bool {
        code.starts_with("odpt.Station:")
    }

    async fn trains(&self, http: &FeedHttp, _ask: TrainsAsk<'_>) -> OwnTrains {
        // The parameter names keep their colons, as ODPT documents them; only the key is encoded.
        let key: String = form_urlencoded::byte_serialize(self.key.as_bytes()).collect();
        let path = format!("/api/v4/odpt:Train?acl:consumerKey={key}&odpt:operator={OPERATOR}");
        http.get_parsed(&path, parse_trains).await.map(Some)
    }

    /// ODPT's trains are `odpt.Train:Operator.Railway.Number` (their `owl:sameAs`).
    fn owns_train(&self, id: &str) -> bool {
        id.starts_with("odpt.Train:")
    }

    /// A running train's timetable of today, placed by where the train is now.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let key: String = form_urlencoded::byte_serialize(self.key.as_bytes()).collect();
        let path = format!("/api/v4/odpt:Train?acl:consumerKey={key}&odpt:operator={OPERATOR}");
        let trains = http.get_parsed(&path, parse_trains).await?;
        let train = trains.into_iter().find(|t| t.id == ask.id).ok_or_else(|| {
            SourceError::NotFound(format!(
                "no running train {}: Japan's journeys are those of the trains ODPT lists now",
                railtop_core::text::quoted(ask.id)
            ))
        })?;
        let rest = ask.id.strip_prefix("odpt.Train:").unwrap_or(ask.id);
        let Some((railway, number)) = rest.rsplit_once('.') else {
            return Ok(None);
        };
        let encode = |s: &str| form_urlencoded::byte_serialize(s.as_bytes()).collect::<String>();
        let path = format!(
            "/api/v4/odpt:TrainTimetable?acl:consumerKey={key}&odpt:railway=odpt.Railway:{}&odpt:trainNumber={}",
            encode(railway),
            encode(number)
        );
        let stops = http
            .get_parsed(&path, |b| parse_timetable(b, &train, ask.now))
            .await?
            .ok_or_else(|| {
                SourceError::NotFound(format!(
                    "ODPT has no timetable of today for {}",
                    railtop_core::text::quoted(ask.id)
                ))
            })?;
        Ok(Some(Journey { train, stops }))
    }

    async fn board(&self, _http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        Err(SourceError::NotFound(format!(
            "no board for {station:?}: Japan's feed (ODPT) gives running trains; station timetables are not read yet"
        )))
    }
}

#[cfg(test)]
mod tests;
