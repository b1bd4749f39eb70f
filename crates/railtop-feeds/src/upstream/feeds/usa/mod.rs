//! United States — Amtraker v3 (`/v3/trains`): Amtrak's positions and timetables, no key.
//!
//! An object keyed by train number, each an array of runs (`trainID` `657-30` = number-day).
//! `trainNum` is a string (an integer in older data); `trainState` `Active`/`Predeparture`/…;
//! per stop `stations[]` with ISO times (`schDep`, `dep`), a time zone and a `status` (`Departed`,
//! `Enroute`, `Station`). There is no delay field: it is computed as expected − scheduled. Boards
//! are built from every run's `stations[]` for a station code.
//!
//! Times arrive with the stop's offset (`-06:00`) or as UTC (`…Z`, Brightline and VIA): a stop's
//! clock is its own `tz` (an IANA zone), else the run's zone for that stop (`originTZ`,
//! `destTZ`, `eventTZ`), else the time's own offset. The feed also carries Brightline (`b5124`,
//! stations `BAVE`) and VIA Rail (`v15`, stations `TRTO`, in Canada): real trains with their
//! four-letter codes, named by their own number (`trainNumRaw`) and operator.

use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::delay_minutes;
use crate::upstream::{Adapter, BoardAsk, Journey, JourneyAsk, OwnTrains, StationsAt, TrainsAsk};
use chrono::{DateTime, FixedOffset, Utc};
use chrono_tz::Tz;
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{status, Departure, JourneyStop, Kind, StationInfo, Train};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Run {
    #[serde(default, deserialize_with = "tolerant::string")]
    route_name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    train_num: String,
    /// The number without the operator's letter (`5124` of `b5124`).
    #[serde(default, deserialize_with = "tolerant::string")]
    train_num_raw: String,
    #[serde(default, rename = "trainID", deserialize_with = "tolerant::string")]
    train_id: String,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    lat: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    lon: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    heading: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    orig_name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    dest_name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    train_state: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    updated_at: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    provider: Option<String>,
    #[serde(default, rename = "origCode", deserialize_with = "tolerant::string")]
    orig_code: String,
    #[serde(
        default,
        rename = "originTZ",
        deserialize_with = "tolerant::opt_string"
    )]
    origin_tz: Option<String>,
    #[serde(default, rename = "destCode", deserialize_with = "tolerant::string")]
    dest_code: String,
    #[serde(default, rename = "destTZ", deserialize_with = "tolerant::opt_string")]
    dest_tz: Option<String>,
    #[serde(default, rename = "eventCode", deserialize_with = "tolerant::string")]
    event_code: String,
    #[serde(default, rename = "eventTZ", deserialize_with = "tolerant::opt_string")]
    event_tz: Option<String>,
    #[serde(
        default,
        deserialize_with = "parse::at_most::<_, _, { railtop_core::model::journey::MAX_STOPS }>"
    )]
    stations: Vec<Stop>,
}

impl Run {
    /// The run's status; `ended`: no stop left to leave.
    fn status(&self, ended: bool) -> &'static str {
        let state = self.train_state.to_lowercase();
        if state.contains("cancel") {
            status::CANCELLED
        } else if state == "predeparture" {
            status::SCHEDULED
        } else if state == "completed" || ended {
            status::ARRIVED
        } else {
            status::RUNNING
        }
    }

    /// The operator's own name: Amtrak, Brightline, VIA Rail.
    fn operator(&self) -> String {
        match self.provider.as_deref().map(str::trim) {
            None | Some("") => "Amtrak".into(),
            Some(p) if p.eq_ignore_ascii_case("via") => "VIA Rail".into(),
            Some(p) => p.to_string(),
        }
    }

    /// The train's code as its operator writes it: Amtrak's bare number (`657`), the others'
    /// name and number (`Brightline 5124`, `VIA 15`) rather than Amtraker's `b5124`, `v15`.
    fn code(&self) -> String {
        let number = if self.train_num_raw.is_empty() {
            self.train_num.as_str()
        } else {
            self.train_num_raw.as_str()
        };
        match self.operator().as_str() {
            "Amtrak" => self.train_num.clone(),
            "VIA Rail" => format!("VIA {number}"),
            other => format!("{other} {number}"),
        }
    }

    /// The clock of `stop`: its own zone, else the run's zone named for that station.
    fn zone(&self, stop: &Stop) -> Option<Tz> {
        let named = [
            (&self.orig_code, &self.origin_tz),
            (&self.dest_code, &self.dest_tz),
            (&self.event_code, &self.event_tz),
        ]
        .into_iter()
        .find(|(code, _)| code.eq_ignore_ascii_case(&stop.code))
        .and_then(|(_, tz)| tz.as_ref());
        stop.tz
            .as_ref()
            .or(named)
            .and_then(|tz| tz.trim().parse().ok())
    }

    /// `HH:MM` of `t` on `stop`'s clock (the time's own offset where the zone is unknown).
    fn hhmm(&self, stop: &Stop, t: DateTime<FixedOffset>) -> String {
        match self.zone(stop) {
            Some(tz) => t.with_timezone(&tz).format("%H:%M").to_string(),
            None => t.format("%H:%M").to_string(),
        }
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stop {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    code: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    tz: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    sch_dep: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    dep: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    sch_arr: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    arr: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    status: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
}

/// An ISO time with its own offset: the instant, and the station's clock.
fn at(s: &Option<String>) -> Option<DateTime<FixedOffset>> {
    s.as_deref()
        .and_then(|s| DateTime::parse_from_rfc3339(s.trim()).ok())
}

/// Minutes late at a stop: departure where given, else arrival.
fn stop_delay(s: &Stop) -> Option<i64> {
    let pair = at(&s.sch_dep)
        .zip(at(&s.dep))
        .or_else(|| at(&s.sch_arr).zip(at(&s.arr)))?;
    Some(delay_minutes(
        pair.0.with_timezone(&Utc),
        pair.1.with_timezone(&Utc),
    ))
}

/// Runs kept from one answer at most (Amtraker lists a few hundred); past it, runs are read past.
const MAX_RUNS: usize = 5_000;

/// Every run of the answer (an object of arrays keyed by train number), at most [`MAX_RUNS`]
/// in all, each with at most [`MAX_STOPS`](railtop_core::model::journey::MAX_STOPS) stops: the
/// memory one answer costs is bounded by what is kept, not by its length.
fn runs(bytes: &[u8]) -> Result<Vec<Run>, ParseError> {
    let AllRuns(mut runs) = parse::json(COUNTRY.slug, bytes)?;
    runs.sort_by(|a, b| a.train_id.cmp(&b.train_id));
    Ok(runs)
}

/// The answer's runs, read without keeping its keys.
struct AllRuns(Vec<Run>);

impl<'de> Deserialize<'de> for AllRuns {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<AllRuns, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = AllRuns;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("an object of arrays of runs")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<AllRuns, A::Error> {
                let mut runs = Vec::new();
                while map.next_key::<serde::de::IgnoredAny>()?.is_some() {
                    let room = MAX_RUNS.saturating_sub(runs.len());
                    runs.extend(map.next_value_seed(Room(room))?);
                }
                Ok(AllRuns(runs))
            }
        }
        /// One key's array, keeping at most what room is left.
        struct Room(usize);
        impl<'de> serde::de::DeserializeSeed<'de> for Room {
            type Value = Vec<Run>;
            fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Vec<Run>, D::Error> {
                d.deserialize_seq(parse::Kept::<Run>::new(self.0))
            }
        }
        d.deserialize_map(Visit)
    }
}

pub fn parse_trains(bytes: &[u8]) -> Result<Vec<Train>, ParseError> {
    Ok(runs(bytes)?.iter().map(record).collect())
}

/// One run as the API's record.
fn record(r: &Run) -> Train {
    let next = r.stations.iter().find(|s| s.status != "Departed");
    let last_departed = r.stations.iter().rev().find(|s| s.status == "Departed");
    let status = r.status(next.is_none());
    let delay = last_departed.or(next).and_then(stop_delay);
    let code = r.code();
    Train {
        id: r.train_id.clone(),
        name: format!("{code} → {}", r.dest_name),
        train_code: code,
        status: status.into(),
        lat: r.lat,
        lng: r.lon,
        delay: if status == status::CANCELLED {
            None
        } else {
            delay
        },
        platform: next.and_then(|s| s.platform.clone()),
        country: Some(COUNTRY.slug.into()),
        from: Some(r.orig_name.clone()),
        to: Some(r.dest_name.clone()),
        next_station: next.map(|s| s.name.clone()),
        direction: r.heading.clone(),
        scheduled_dep: r
            .stations
            .first()
            .and_then(|s| Some(r.hhmm(s, at(&s.sch_dep)?))),
        last_updated: r.updated_at.clone(),
        operator: Some(r.operator()),
        last_seen: None,
        speed: None,
        messages: Vec::new(),
        message_languages: Vec::new(),
        partly_cancelled: false,
        // The train's own clock: where it is next (else last was), as its stops' times are.
        timezone: next
            .or(last_departed)
            .and_then(|s| r.zone(s))
            .map(|tz| tz.name().to_string()),
    }
}

/// The run `id` (its `trainID`) of the list, stop by stop: a stop is passed once `Departed`;
/// each stop's times on its own clock.
pub fn parse_journey(bytes: &[u8], id: &str) -> Result<Option<Journey>, ParseError> {
    let Some(r) = runs(bytes)?.into_iter().find(|r| r.train_id == id) else {
        return Ok(None);
    };
    let cancelled = r.status(false) == status::CANCELLED;
    let utc = |t: &Option<String>| at(t).map(|t| t.with_timezone(&Utc));
    let stops = r
        .stations
        .iter()
        .map(|s| {
            let tz = r.zone(s).unwrap_or(COUNTRY.tz);
            let mut stop = JourneyStop::timed(
                s.name.clone(),
                (utc(&s.sch_arr), utc(&s.arr).filter(|_| !cancelled)),
                (utc(&s.sch_dep), utc(&s.dep).filter(|_| !cancelled)),
                tz,
            );
            if let Some((lat, lng)) = crate::upstream::place(COUNTRY.slug, &s.code) {
                (stop.lat, stop.lng) = (Some(lat), Some(lng));
            }
            stop.code = Some(s.code.clone()).filter(|c| !c.is_empty());
            stop.platform = s.platform.clone();
            stop.passed = s.status == "Departed";
            stop.cancelled = cancelled;
            if cancelled {
                stop.delay = None;
            }
            stop
        })
        .collect();
    Ok(Some(Journey {
        train: record(&r),
        stops,
    }))
}

/// Amtraker's `trainID`: the number (with Brightline's `b` or VIA's `v`), a dash, the day.
fn is_train_id(id: &str) -> bool {
    let Some((number, day)) = id.split_once('-') else {
        return false;
    };
    let digits = number.strip_prefix(['b', 'v']).unwrap_or(number);
    let all_digits =
        |s: &str| !s.is_empty() && s.len() <= 6 && s.bytes().all(|b| b.is_ascii_digit());
    all_digits(digits) && all_digits(day)
}

/// Every run that still has to leave `code`, soonest first; and the station's name and zone
/// (each stop has its own) when a run calls there.
pub fn parse_board(bytes: &[u8], code: &str) -> Result<Board, ParseError> {
    parse_calls(bytes, code, Kind::Departures)
}

/// The arrivals at `code` from the same list: every run calling there that has not arrived
/// and did not start there, from its origin, at its scheduled arrival (`schArr`, `arr`).
pub fn parse_arrivals(bytes: &[u8], code: &str) -> Result<Board, ParseError> {
    parse_calls(bytes, code, Kind::Arrivals)
}

fn parse_calls(bytes: &[u8], code: &str, kind: Kind) -> Result<Board, ParseError> {
    let mut station = None;
    let mut rows: Vec<(DateTime<Utc>, Departure)> = Vec::new();
    for r in runs(bytes)? {
        let Some((i, stop)) = r
            .stations
            .iter()
            .enumerate()
            .find(|(_, s)| s.code.eq_ignore_ascii_case(code))
        else {
            continue;
        };
        station.get_or_insert_with(|| StationInfo {
            code: stop.code.to_uppercase(),
            name: stop.name.clone(),
            country: Some(COUNTRY.slug.into()),
            timezone: r.zone(stop).map(|tz| tz.name().to_string()),
        });
        let (gone, scheduled, expected, far_end) = match kind {
            // Gone, or it ends here.
            Kind::Departures => (
                stop.status == "Departed" || i + 1 == r.stations.len(),
                &stop.sch_dep,
                &stop.dep,
                &r.dest_name,
            ),
            // In already (or gone on), or it starts here.
            Kind::Arrivals => (
                matches!(stop.status.as_str(), "Departed" | "Station") || i == 0,
                &stop.sch_arr,
                &stop.arr,
                &r.orig_name,
            ),
        };
        if gone {
            continue;
        }
        let Some(scheduled) = at(scheduled) else {
            continue;
        };
        let expected = at(expected);
        let cancelled = r.train_state.to_lowercase().contains("cancel");
        rows.push((
            scheduled.with_timezone(&Utc),
            Departure {
                line: r.route_name.clone(),
                destination: far_end.clone(),
                platform: stop.platform.clone(),
                scheduled_dep: r.hhmm(stop, scheduled),
                delay: if cancelled { None } else { stop_delay(stop) },
                cancelled,
                operator: Some(r.operator()),
                expected_dep: expected.filter(|_| !cancelled).map(|t| r.hhmm(stop, t)),
                train_code: Some(r.code()),
                planned_platform: None,
                train_id: Some(r.train_id.clone()),
                ..Default::default()
            },
        ));
    }
    Ok(Board {
        station: station.unwrap_or_default(),
        departures: in_order(rows),
        notices: Vec::new(),
    })
}

const COUNTRY: &Country = &country::UNITED_STATES;

/// Amtrak's three-letter station codes (`NYP`), Brightline's and VIA's four-letter ones (`BAVE`,
/// `TRTO`).
const CODES: CodeShape = codes::letters(
    3..=4,
    "an Amtrak, Brightline or VIA station code such as NYP, BAVE or TRTO",
);

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub(crate) struct UnitedStates;

/// Amtraker's `/v3/stations` as the directory's list: an object keyed by code (Amtrak's three
/// letters, Brightline's and VIA's four) → name and position.
pub fn parse_station_list(bytes: &[u8]) -> Result<Vec<railtop_core::assets::Station>, ParseError> {
    #[derive(Deserialize)]
    struct Meta {
        #[serde(default, deserialize_with = "tolerant::string")]
        name: String,
        #[serde(default, deserialize_with = "tolerant::opt_f64")]
        lat: Option<f64>,
        #[serde(default, deserialize_with = "tolerant::opt_f64")]
        lon: Option<f64>,
    }
    // Each entry kept as its text and read on its own: one station that does not read leaves
    // the others standing, and an entry costs its size, not a tree of JSON values.
    let parse::AtMostMap(all) = parse::json::<
        parse::AtMostMap<Box<serde_json::value::RawValue>, { parse::MAX_RECORDS }>,
    >(COUNTRY.slug, bytes)?;
    let mut list: Vec<railtop_core::assets::Station> = all
        .into_iter()
        .filter_map(|(code, value)| {
            let m: Meta = serde_json::from_str(value.get()).ok()?;
            Some(railtop_core::assets::Station {
                code,
                name: m.name,
                lat: m.lat?,
                lng: m.lon?,
                aliases: Vec::new(),
            })
        })
        .collect();
    // The object has no order: by code, so the list is the same from run to run.
    list.sort_by(|a, b| a.code.cmp(&b.code));
    Ok(list)
}

impl Adapter for UnitedStates {
    const STATIONS_AT: Option<StationsAt> = Some(("/v3/stations", parse_station_list));

    async fn trains(&self, http: &FeedHttp, _ask: TrainsAsk<'_>) -> OwnTrains {
        http.get_parsed("/v3/trains", parse_trains).await.map(Some)
    }

    fn owns_train(&self, id: &str) -> bool {
        is_train_id(id)
    }

    /// From the list of every run, the one fetch that serves every journey and board.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        match http
            .get_parsed("/v3/trains", |b| parse_journey(b, ask.id))
            .await?
        {
            Some(journey) => Ok(Some(journey)),
            None => Err(SourceError::NotFound(format!(
                "Amtraker lists no train {} now (runs leave the list when they end)",
                railtop_core::text::quoted(ask.id)
            ))),
        }
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        let code = CODES.check(station)?;
        // One list of every train serves every board, departures and arrivals.
        let board = http
            .get_parsed("/v3/trains", |b| parse_calls(b, &code, ask.kind))
            .await?;
        let called = board.station.timezone.is_some();
        let mut board = http.spec.complete(&code, board);
        if !called {
            // The country spans six zones: without a run calling here the stop's is unknown.
            board.station.timezone = None;
        }
        Ok(board)
    }
}

#[cfg(test)]
mod tests;
