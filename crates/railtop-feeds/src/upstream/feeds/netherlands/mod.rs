//! The Netherlands — NS's `reisinformatie-api` departures (a key: free registration at
//! apiportal.ns.nl, sent as `Ocp-Apim-Subscription-Key`).
//!
//! Quirks: `name` is padded (`"NS  8824"`), so the train code is built from the product's
//! category and number; there is no delay field, it is `actualDateTime − plannedDateTime`;
//! offsets have no colon (`+0200`); `routeStations` are the stops on the way and `messages` the
//! notices. Stations are NS codes (`UT`, `ASD`, asked as `station=`) or UIC numbers (`8400621`,
//! asked as `uicCode=`: the embedded list's codes), named with the `netherlands:` prefix. No
//! positions. `arrivals?station=` answers `payload.arrivals[]` of the same entries with
//! `origin` for `direction` (no recorded answer: its fixture follows NS's published schema).
//! `realtime` lists the trains of a hub's board (Utrecht Centraal unless a `stop` is
//! named). A hub train's journey is `journey?train=<number>` (the stops it calls at; those it
//! passes are left out); no recorded answer exists, the fixture follows NS's published schema.
//!
//! Disruptions and engineering works: `GET /reisinformatie-api/api/v3/disruptions?isActive=true`,
//! one request for the whole country beside each board (kept for the feed's TTL, so boards
//! refreshed together share it), read by [`parse_disruptions`] and made messages by
//! [`apply_disruptions`] (see `netherlands/disruptions.rs`). Its quirks: the answer is a bare
//! JSON array (no `payload`) mixing `DISRUPTION`, `MAINTENANCE` and `CALAMITY` items;
//! `isActive` is coarse (an item can be active today with its only timespan tomorrow), so the
//! timespans decide what is in force, an absent `end` being open; sections name stations by
//! `uicCode`, `stationCode` and long `name`, foreign ones (`countryCode` `B`, `D`) with NS's
//! own codes, while a departure's `routeStations` carry medium names (`Amsterdam C.`), so rows
//! are matched by UIC number first; calamities name no stations and are every board's notice.
//! No recorded answer exists: the fixture follows NS's published OpenAPI and public examples.
//! A failing disruptions request costs the messages only (logged), never the board, and does
//! not make the feed back off.
//!
//! NS's texts are Dutch (`Accept-Language: nl` is sent; NS documents Dutch as the default of
//! both the boards' `lang` and the disruptions): every message and notice is tagged `nl`.

use crate::source::{SourceError, SourceResult};
use crate::upstream::board_train;
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::{FeedHttp, Opened};
use crate::upstream::parse::{self, Board, ParseError};
use crate::upstream::times::{delay_minutes, local_hhmm, planned_and_expected};
use crate::upstream::{Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live, StationsAt};
use chrono::{DateTime, Utc};
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{via_list, Departure, JourneyStop, Kind};
use serde::Deserialize;
use std::sync::Arc;

mod disruptions;

pub use disruptions::{
    apply_disruptions, parse_disruptions, Disruption, Kind as DisruptionKind, Section, StationRef,
    Timespan, LANGUAGE,
};

const COUNTRY: Country = country::NETHERLANDS;
const TZ: chrono_tz::Tz = COUNTRY.tz;

#[derive(Deserialize)]
struct Answer {
    payload: Payload,
}

#[derive(Deserialize)]
struct Payload {
    #[serde(default)]
    departures: Vec<Entry>,
    /// `arrivals`: the same entries with `origin` for `direction`.
    #[serde(default)]
    arrivals: Vec<Entry>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    #[serde(default, deserialize_with = "tolerant::string")]
    direction: String,
    /// An arrival's: where the train comes from.
    #[serde(default, deserialize_with = "tolerant::string")]
    origin: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    actual_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_track: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    actual_track: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
    product: Option<Product>,
    #[serde(default)]
    route_stations: Vec<RouteStation>,
    #[serde(default)]
    messages: Vec<Message>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Product {
    #[serde(default, deserialize_with = "tolerant::string")]
    number: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    category_code: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    operator_name: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct RouteStation {
    #[serde(default, deserialize_with = "tolerant::string")]
    medium_name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    uic_code: String,
}

#[derive(Deserialize)]
struct Message {
    #[serde(default, deserialize_with = "tolerant::string")]
    message: String,
}

/// The departures of a board in order of planned time.
/// NS does not name the station: the feed does.
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    read_departures(bytes).map(|(board, _)| board)
}

/// `arrivals`: the board's arrivals in order of planned time, each from its `origin`, its
/// `routeStations` the stops on the way here.
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    read_arrivals(bytes).map(|(board, _)| board)
}

/// A board and, for each of its rows, the UIC numbers of its `routeStations` (the stops on the
/// way), which the disruptions' sections are matched with.
type Read = (Board, Vec<Vec<String>>);

fn read_departures(bytes: &[u8]) -> Result<Read, ParseError> {
    let answer: Answer = parse::json(COUNTRY.slug, bytes)?;
    Ok(board_of(answer.payload.departures))
}

fn read_arrivals(bytes: &[u8]) -> Result<Read, ParseError> {
    let answer: Answer = parse::json(COUNTRY.slug, bytes)?;
    let arrivals = answer
        .payload
        .arrivals
        .into_iter()
        .map(|mut e| {
            e.direction = std::mem::take(&mut e.origin);
            e
        })
        .collect();
    Ok(board_of(arrivals))
}

fn board_of(entries: Vec<Entry>) -> Read {
    let (rows, passes) = rows(entries).into_iter().unzip();
    (Board::named(None, rows), passes)
}

/// The rows in order of planned time (ties in the payload's order), each with its stops'
/// UIC numbers.
fn rows(entries: Vec<Entry>) -> Vec<(Departure, Vec<String>)> {
    let mut rows: Vec<(DateTime<Utc>, Departure, Vec<String>)> = entries
        .into_iter()
        .filter_map(|e| {
            let (plan, actual) = (
                e.planned_date_time.as_deref(),
                e.actual_date_time.as_deref(),
            );
            let (planned, actual) = planned_and_expected(plan, actual, e.cancelled)?;
            let product = e.product.as_ref();
            let category = product.map_or("", |p| p.category_code.trim());
            let number = product.map_or("", |p| p.number.trim());
            let (platform, planned_platform) = parse::platforms(e.actual_track, e.planned_track);
            let passes: Vec<String> = e
                .route_stations
                .iter()
                .map(|s| s.uic_code.trim().to_string())
                .filter(|u| !u.is_empty())
                .take(MAX_PASSES)
                .collect();
            let mut row = Departure {
                line: category.to_string(),
                via: via_list(
                    e.route_stations.into_iter().map(|s| s.medium_name),
                    &e.direction,
                ),
                destination: e.direction,
                platform,
                planned_platform,
                scheduled_dep: local_hhmm(planned, TZ),
                delay: actual.map(|a| delay_minutes(planned, a)),
                cancelled: e.cancelled,
                operator: product.and_then(|p| p.operator_name.clone()),
                expected_dep: actual.map(|a| local_hhmm(a, TZ)),
                train_code: (!number.is_empty()).then(|| format!("{category} {number}")),
                // Its train is known by the hub board's row ([`crate::upstream::board_train`]).
                train_id: None,
                ..Default::default()
            };
            // NS's notes on the train, in NS's language.
            for m in e.messages {
                row.add_message(m.message, Some(LANGUAGE));
            }
            Some((planned, row, passes))
        })
        .collect();
    // Stable: ties keep the payload's order.
    rows.sort_by_key(|(planned, ..)| *planned);
    rows.into_iter()
        .map(|(_, row, passes)| (row, passes))
        .collect()
}

/// Stops of one row kept for matching the disruptions.
const MAX_PASSES: usize = 64;

#[derive(Deserialize)]
struct JourneyAnswer {
    payload: JourneyPayload,
}

#[derive(Deserialize)]
struct JourneyPayload {
    #[serde(default)]
    stops: Vec<JourneyStopEntry>,
}

#[derive(Deserialize)]
struct JourneyStopEntry {
    stop: Option<JourneyPlace>,
    /// `ORIGIN`, `STOP`, `PASSING` (the train does not stop), `DESTINATION`.
    #[serde(default, deserialize_with = "tolerant::string")]
    status: String,
    #[serde(default)]
    arrivals: Vec<JourneyEvent>,
    #[serde(default)]
    departures: Vec<JourneyEvent>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JourneyPlace {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    uic_code: String,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    lat: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    lng: Option<f64>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JourneyEvent {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    actual_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_track: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    actual_track: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
}

/// NS's `journey?train=<number>`: the stops the train calls at (not those it passes), each
/// passed once its actual (else planned) last time is behind `now`.
pub fn parse_journey(bytes: &[u8], now: DateTime<Utc>) -> Result<Vec<JourneyStop>, ParseError> {
    let answer: JourneyAnswer = parse::json(COUNTRY.slug, bytes)?;
    Ok(answer
        .payload
        .stops
        .into_iter()
        .filter(|s| s.status != "PASSING")
        .map(|s| {
            let times = |e: Option<&JourneyEvent>| {
                e.and_then(|e| {
                    planned_and_expected(
                        e.planned_time.as_deref(),
                        e.actual_time.as_deref(),
                        e.cancelled,
                    )
                })
                .map_or((None, None), |(p, a)| (Some(p), a))
            };
            let (arrival, departure) = (s.arrivals.first(), s.departures.first());
            let arr = times(arrival);
            let dep = times(departure);
            let name = s.stop.as_ref().map(|p| p.name.clone()).unwrap_or_default();
            let mut stop = JourneyStop::timed(name, arr, dep, TZ);
            let last = dep.1.or(dep.0).or(arr.1).or(arr.0);
            stop.passed = last.is_some_and(|t| t < now);
            let event = departure.or(arrival);
            stop.cancelled = event.is_some_and(|e| e.cancelled);
            (stop.platform, stop.planned_platform) = event.map_or((None, None), |e| {
                parse::platforms(e.actual_track.clone(), e.planned_track.clone())
            });
            if let Some(p) = s.stop {
                stop.code = Some(p.uic_code).filter(|c| !c.is_empty());
                (stop.lat, stop.lng) = (p.lat, p.lng);
            }
            stop
        })
        .collect())
}

/// NS's `/reisinformatie-api/api/v2/stations` as the directory's list: the Dutch stations
/// (`land` NL; NS lists foreign ones too), coded by UIC number as the embedded list is, with
/// NS's letter code and synonyms as aliases.
pub fn parse_station_list(bytes: &[u8]) -> Result<Vec<railtop_core::assets::Station>, ParseError> {
    #[derive(Deserialize)]
    struct Answer {
        #[serde(default)]
        payload: Vec<Listed>,
    }
    #[derive(Deserialize)]
    struct Listed {
        #[serde(rename = "UICCode", default, deserialize_with = "tolerant::string")]
        uic: String,
        #[serde(default, deserialize_with = "tolerant::string")]
        code: String,
        #[serde(default)]
        namen: Names,
        #[serde(default, deserialize_with = "tolerant::string")]
        land: String,
        #[serde(default, deserialize_with = "tolerant::opt_f64")]
        lat: Option<f64>,
        #[serde(default, deserialize_with = "tolerant::opt_f64")]
        lng: Option<f64>,
        #[serde(default, deserialize_with = "tolerant::strings")]
        synoniemen: Vec<String>,
    }
    #[derive(Deserialize, Default)]
    struct Names {
        #[serde(default, deserialize_with = "tolerant::string")]
        lang: String,
    }
    let answer: Answer = parse::json(COUNTRY.slug, bytes)?;
    Ok(answer
        .payload
        .into_iter()
        .filter(|s| s.land.eq_ignore_ascii_case("NL") && UIC.fits(&s.uic))
        .filter_map(|s| {
            let mut aliases = vec![s.code.to_uppercase()];
            aliases.extend(s.synoniemen.into_iter().take(4));
            Some(railtop_core::assets::Station {
                code: s.uic,
                name: s.namen.lang,
                lat: s.lat?,
                lng: s.lng?,
                aliases,
            })
        })
        .collect())
}

/// An NS station code: two to five letters (`UT`, `ASD`, `GVC`).
const CODES: CodeShape = codes::letters(2..=5, "an NS station code such as UT or ASD");

/// A Dutch UIC station number (`8400621`, Utrecht Centraal), which NS takes as `uicCode`.
const UIC: CodeShape = codes::number(7, "84", "a Dutch station number such as 8400621");

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    let http = o.http.with_header("Ocp-Apim-Subscription-Key", o.key);
    Live::open(http, o.hub, Netherlands)
}

pub(crate) struct Netherlands;

/// A station's board with NS's disruptions in force at `now` as its notices and its rows'
/// messages. The disruptions are one request for the country (cached for the TTL, so boards
/// refreshed together share it); when it fails, the board comes without them (logged).
async fn board_at(
    http: &FeedHttp,
    station: &str,
    kind: Kind,
    now: DateTime<Utc>,
) -> SourceResult<Board> {
    let (path, code) = kind_path(station, kind)?;
    let read = match kind {
        Kind::Departures => read_departures,
        Kind::Arrivals => read_arrivals,
    };
    let (board, passes) = http.get_parsed(&path, read).await?;
    let mut board = http.spec.complete(&code, board);
    match http.get_aside(disruptions::PATH, parse_disruptions).await {
        Ok(list) => apply_disruptions(&mut board, &passes, &known_as(&code), &list, now),
        Err(e) => tracing::warn!(feed = COUNTRY.slug, "disruptions not read: {e}"),
    }
    Ok(board)
}

/// Every code the station of `code` goes by (its UIC number and NS code, from the directory
/// where it knows the station), for matching the disruptions' stations.
fn known_as(code: &str) -> Vec<String> {
    let mut codes = vec![code.to_string()];
    if let Some(entry) = railtop_core::stations::by_code(code, Some(COUNTRY.slug)) {
        codes.push(entry.code);
        codes.extend(entry.aliases);
    }
    codes
}

/// A station's board: its path (NS codes as `station=`, UIC numbers as `uicCode=`) and code.
fn kind_path(station: &str, kind: Kind) -> SourceResult<(String, String)> {
    let (param, code) = match UIC.spell(station) {
        Some(uic) => ("uicCode", uic),
        None => ("station", CODES.check(station)?),
    };
    Ok((
        format!("/reisinformatie-api/api/v2/{}?{param}={code}", kind.name()),
        code,
    ))
}

impl Adapter for Netherlands {
    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        board_at(http, ask.station, ask.kind, ask.now).await
    }

    /// The hub's trains (those `realtime` lists): found on its board (the same, cached,
    /// answer), their run asked of `journey?train=<number>`.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let not_here = || {
            SourceError::NotFound(format!(
                "no train {} on the board of {}: the Netherlands' journeys are those of the hub's trains",
                railtop_core::text::quoted(ask.id),
                ask.hub
            ))
        };
        let board = board_at(http, ask.hub, Kind::Departures, ask.now).await?;
        let rows = board
            .departures
            .iter()
            .map(|d| (d.train_code.as_deref(), d));
        let (code, train) = board_train(COUNTRY.slug, ask.id, rows, |_| board.station.clone())
            .ok_or_else(not_here)?;
        let number = code
            .and_then(|c| c.rsplit(' ').next())
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .ok_or_else(not_here)?;
        let path = format!("/reisinformatie-api/api/v2/journey?train={number}");
        let stops = http
            .get_parsed(&path, |b| parse_journey(b, ask.now))
            .await?;
        Ok(Some(Journey { train, stops }))
    }

    /// Only UIC numbers: letter codes are shared with other feeds' shapes (`BAVE`, `HKI`), so
    /// NS codes route through the directory (`UT`, and every NS code once `/stations` is read).
    fn knows_code(&self, code: &str) -> bool {
        UIC.fits(code)
    }

    const STATIONS_AT: Option<StationsAt> =
        Some(("/reisinformatie-api/api/v2/stations", parse_station_list));
}

#[cfg(test)]
mod tests;
