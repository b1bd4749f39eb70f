//! Belgium — iRail's `liveboard` (JSON when asked for; the default is XML).
//!
//! Every number is a string; `time` is Unix seconds; `delay` is seconds; `canceled` and `left` are
//! `"0"`/`"1"`; `platforminfo.normal` `"0"` means the platform changed (the planned one is not
//! given). `arrdep=arrival` answers `arrivals.arrival[]` of the same shape, with `arrived` for
//! `left` and `station` the train's origin. `alerts=true` adds each entry's `alerts.alert[]`
//! (`header`, `lead`, in the `lang` asked: English): its messages. No positions: `realtime` lists the trains of a hub's board (Brussels-South unless a
//! `stop` is named). Stations are NMBS ids: `008814001` or `BE.NMBS.008814001`.
//!
//! Journeys: `vehicle/?id=BE.NMBS.IC1832&date=241126` (the train code of the id
//! `belgium-20261124-IC 1832` without its space, the day as `ddmmyy`): `stops.stop[]` in order,
//! each with `scheduledArrivalTime`/`scheduledDepartureTime` (Unix seconds; `time` alone on
//! older answers), `arrivalDelay`/`departureDelay` in seconds, `arrivalCanceled`,
//! `departureCanceled` and `canceled`, `left` and `arrived`, and `stationinfo` with the NMBS id
//! and position (`locationX` the longitude).

use crate::source::{SourceError, SourceResult};
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::{local_hhmm, plus_seconds};
use crate::upstream::{Adapter, BoardAsk, Journey, JourneyAsk, StationsAt};
use chrono::{DateTime, Utc};
use railtop_core::clock::minutes_from_seconds;
use railtop_core::country::{self, Country};
use railtop_core::model::journey::MAX_STOPS;
use railtop_core::model::tolerant;
use railtop_core::model::{status, Departure, JourneyStop, Kind};
use serde::Deserialize;

const COUNTRY: Country = country::BELGIUM;
const TZ: chrono_tz::Tz = COUNTRY.tz;
const OPERATOR: &str = "NMBS/SNCB";

#[derive(Deserialize)]
struct Liveboard {
    #[serde(default, deserialize_with = "tolerant::string")]
    station: String,
    departures: Option<Departures>,
    /// `arrdep=arrival`: the same entries under other names (`arrived` for `left`).
    arrivals: Option<Arrivals>,
}

#[derive(Deserialize)]
struct Departures {
    #[serde(default)]
    departure: Vec<Entry>,
}

#[derive(Deserialize)]
struct Arrivals {
    #[serde(default)]
    arrival: Vec<Entry>,
}

/// `alerts=true`: the notices about an entry's train (works, disruptions), in the language
/// asked for (`lang=en`).
#[derive(Deserialize)]
struct Alerts {
    #[serde(default, deserialize_with = "tolerant::bounded::<_, Alert, 8>")]
    alert: Vec<Alert>,
}

#[derive(Deserialize)]
struct Alert {
    #[serde(default, deserialize_with = "tolerant::string")]
    header: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    lead: String,
}

#[derive(Deserialize)]
struct Entry {
    #[serde(default, deserialize_with = "tolerant::string")]
    station: String,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    time: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    canceled: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    left: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    arrived: bool,
    vehicleinfo: Option<VehicleInfo>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
    alerts: Option<Alerts>,
}

#[derive(Deserialize)]
struct VehicleInfo {
    #[serde(default, deserialize_with = "tolerant::string")]
    shortname: String,
    #[serde(default, rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
}

/// The NMBS id iRail wants: `BE.NMBS.008814001`.
pub(crate) fn irail_id(code: &str) -> Option<String> {
    let digits = code.trim().trim_start_matches("BE.NMBS.");
    (digits.len() == 9 && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| format!("BE.NMBS.{digits}"))
}

/// iRail's `/stations/` as the directory's list: NMBS ids without their `BE.NMBS.` (as the
/// embedded list spells codes, the prefixed id an alias), English names, positions
/// (`locationY`/`locationX`, strings).
pub fn parse_station_list(bytes: &[u8]) -> Result<Vec<railtop_core::assets::Station>, ParseError> {
    #[derive(Deserialize)]
    struct List {
        #[serde(default)]
        station: Vec<Listed>,
    }
    #[derive(Deserialize)]
    #[serde(rename_all = "camelCase")]
    struct Listed {
        #[serde(default, deserialize_with = "tolerant::string")]
        id: String,
        #[serde(default, deserialize_with = "tolerant::string")]
        name: String,
        #[serde(default, deserialize_with = "tolerant::string")]
        standardname: String,
        #[serde(default, deserialize_with = "tolerant::opt_f64")]
        location_x: Option<f64>,
        #[serde(default, deserialize_with = "tolerant::opt_f64")]
        location_y: Option<f64>,
    }
    let list: List = parse::json(COUNTRY.slug, bytes)?;
    Ok(list
        .station
        .into_iter()
        .filter_map(|s| {
            let id = irail_id(&s.id)?;
            let mut aliases = vec![id.clone()];
            if !s.standardname.is_empty() && s.standardname != s.name {
                aliases.push(s.standardname);
            }
            Some(railtop_core::assets::Station {
                code: id.trim_start_matches("BE.NMBS.").to_string(),
                name: s.name,
                lat: s.location_y?,
                lng: s.location_x?,
                aliases,
            })
        })
        .collect())
}

/// A liveboard: the station's name and its departures not yet gone, in order (an arrivals
/// answer has none).
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    let board: Liveboard = parse::json(COUNTRY.slug, bytes)?;
    let entries = board.departures.map(|d| d.departure).unwrap_or_default();
    Ok(Board::named(Some(board.station), rows(entries)))
}

/// A liveboard asked for arrivals (`arrdep=arrival`): the trains not yet in, in order, each
/// from where it comes (iRail names it `station`, as it names a departure's destination).
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    let board: Liveboard = parse::json(COUNTRY.slug, bytes)?;
    let entries = board.arrivals.map(|a| a.arrival).unwrap_or_default();
    Ok(Board::named(Some(board.station), rows(entries)))
}

/// The rows of a liveboard's entries not yet gone (left, or arrived), in order; each entry's
/// alerts are its messages (their header, else their lead).
fn rows(entries: Vec<Entry>) -> Vec<Departure> {
    let rows: Vec<(i64, Departure)> = entries
        .into_iter()
        .filter(|e| !e.left && !e.arrived)
        .filter_map(|e| {
            let planned = DateTime::from_timestamp(e.time?, 0)?;
            let delay_s = e.delay.unwrap_or(0);
            let vehicle = e.vehicleinfo.as_ref();
            Some((
                planned.timestamp(),
                Departure {
                    line: vehicle.map_or_else(String::new, |v| v.kind.clone()),
                    destination: e.station.clone(),
                    platform: e.platform.clone(),
                    scheduled_dep: local_hhmm(planned, TZ),
                    delay: (!e.canceled).then(|| minutes_from_seconds(delay_s)),
                    cancelled: e.canceled,
                    operator: Some(OPERATOR.into()),
                    expected_dep: plus_seconds(planned, delay_s)
                        .filter(|_| !e.canceled)
                        .map(|t| local_hhmm(t, TZ)),
                    train_code: vehicle
                        .map(|v| v.shortname.clone())
                        .filter(|s| !s.is_empty()),
                    planned_platform: None,
                    messages: e
                        .alerts
                        .as_ref()
                        .map(|a| {
                            a.alert
                                .iter()
                                .map(|a| {
                                    if a.header.is_empty() {
                                        &a.lead
                                    } else {
                                        &a.header
                                    }
                                })
                                .filter(|t| !t.trim().is_empty())
                                .cloned()
                                .collect()
                        })
                        .unwrap_or_default(),
                    ..Default::default()
                },
            ))
        })
        .collect();
    // iRail is asked in English (`lang=en`); its alerts come in it.
    let mut rows = in_order(rows);
    rows.iter_mut().for_each(|d| d.messages_in("en"));
    rows
}

/// An iRail `vehicle` answer (the fields railtop reads).
#[derive(Deserialize)]
struct Vehicle {
    vehicleinfo: Option<VehicleInfo>,
    stops: Option<Stops>,
}

#[derive(Deserialize)]
struct Stops {
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, VehicleStop, MAX_STOPS>"
    )]
    stop: Vec<VehicleStop>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct VehicleStop {
    #[serde(default, deserialize_with = "tolerant::string")]
    station: String,
    stationinfo: Option<StationInfo>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    time: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    scheduled_arrival_time: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    scheduled_departure_time: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    arrival_delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    departure_delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    arrival_canceled: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    departure_canceled: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    canceled: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    left: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    arrived: bool,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StationInfo {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    location_x: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    location_y: Option<f64>,
}

/// An iRail `vehicle` answer as the journey of train `id`: every stop, its planned times and
/// the delays on them, cancelled calls, where the train has been.
pub fn parse_vehicle(bytes: &[u8], id: &str) -> Result<Option<Journey>, ParseError> {
    let v: Vehicle = parse::json(COUNTRY.slug, bytes)?;
    let calls = v.stops.map(|s| s.stop).unwrap_or_default();
    if calls.is_empty() {
        return Ok(None);
    }
    let last = calls.len() - 1;
    let stops: Vec<JourneyStop> = calls
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let at = |t: Option<i64>| t.and_then(|t| DateTime::from_timestamp(t, 0));
            let arr =
                at(c.scheduled_arrival_time.or(c.time.filter(|_| i == last))).filter(|_| i > 0);
            let dep =
                at(c.scheduled_departure_time.or(c.time.filter(|_| i < last))).filter(|_| i < last);
            let late = |planned: Option<DateTime<Utc>>, delay: Option<i64>, gone: bool| {
                plus_seconds(planned?, delay?).filter(|_| !gone)
            };
            let cancelled = c.canceled || (c.arrival_canceled && c.departure_canceled);
            let mut stop = JourneyStop::timed(
                c.station.trim(),
                (
                    arr,
                    late(arr, c.arrival_delay, cancelled || c.arrival_canceled),
                ),
                (
                    dep,
                    late(dep, c.departure_delay, cancelled || c.departure_canceled),
                ),
                TZ,
            );
            if let Some(info) = &c.stationinfo {
                stop.code =
                    irail_id(&info.id).map(|id| id.trim_start_matches("BE.NMBS.").to_string());
                (stop.lat, stop.lng) = (info.location_y, info.location_x);
            }
            stop.platform = c
                .platform
                .clone()
                .filter(|p| !p.trim().is_empty() && p != "?");
            stop.cancelled = cancelled;
            stop.passed = c.left || (i == last && c.arrived);
            stop
        })
        .collect();
    let code = v
        .vehicleinfo
        .map(|i| i.shortname)
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| id.rsplit('-').next().unwrap_or(id).to_string());
    let mut journey = Journey::of_stops(id, code, COUNTRY.slug, stops);
    // Before it leaves, iRail's delay at the first stop is already its forecast.
    if journey.train.delay.is_none() && journey.train.status != status::CANCELLED {
        journey.train.delay = journey.stops.first().and_then(|s| s.delay);
    }
    journey.train.operator = Some(OPERATOR.into());
    Ok(Some(journey))
}

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub(crate) struct Belgium;

impl Adapter for Belgium {
    const STATIONS_AT: Option<StationsAt> =
        Some(("/stations/?format=json&lang=en", parse_station_list));

    fn knows_code(&self, code: &str) -> bool {
        irail_id(code).is_some()
    }

    /// A board's train, `belgium-YYYYMMDD-IC 1832`: iRail's `vehicle` of that day.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let not_one = || {
            SourceError::NotFound(format!(
                "no train {}: Belgium's ids read belgium-YYYYMMDD-CODE, as `railtop trains` lists them",
                railtop_core::text::quoted(ask.id)
            ))
        };
        let (day, code) =
            crate::upstream::board_train_id(COUNTRY.slug, ask.id).ok_or_else(not_one)?;
        let day = chrono::NaiveDate::parse_from_str(day, "%Y%m%d").map_err(|_| not_one())?;
        let vehicle: String = code.chars().filter(|c| !c.is_whitespace()).collect();
        if vehicle.is_empty() || !vehicle.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(not_one());
        }
        let path = format!(
            "/vehicle/?id=BE.NMBS.{vehicle}&date={}&format=json&lang=en&alerts=false",
            day.format("%d%m%y")
        );
        let journey = http.get_parsed(&path, |b| parse_vehicle(b, ask.id)).await?;
        journey.map(Some).ok_or_else(|| {
            SourceError::NotFound(format!(
                "iRail knows no run {}",
                railtop_core::text::quoted(ask.id)
            ))
        })
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        let id = irail_id(station).ok_or_else(|| {
            SourceError::NotFound(format!(
                "{station:?} is not an NMBS station id such as 008814001"
            ))
        })?;
        let board = match ask.kind {
            Kind::Departures => {
                let path = format!("/liveboard/?id={id}&format=json&lang=en&alerts=true");
                http.get_parsed(&path, parse_board).await?
            }
            Kind::Arrivals => {
                let path =
                    format!("/liveboard/?id={id}&arrdep=arrival&format=json&lang=en&alerts=true");
                http.get_parsed(&path, parse_arrivals).await?
            }
        };
        Ok(http.spec.complete(id.trim_start_matches("BE.NMBS."), board))
    }
}

#[cfg(test)]
mod tests;
