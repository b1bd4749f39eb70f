//! Switzerland — transport.opendata.ch `stationboard`.
//!
//! `stop.departure` has an offset without a colon (`+0200`), so the Unix `departureTimestamp` is
//! used; `stop.delay` is minutes and often `null` (no realtime); a changed platform and the
//! expected time come in `stop.prognosis`. Line is category + number (`S 16`, `IR 13`); `name` is
//! the train number (`019651`). No positions: `realtime` lists a hub's board (Zürich HB unless a
//! `stop` is named). Stations are SBB/UIC numbers such as `8503000`.
//!
//! Arrivals are the same `stationboard` asked with `type=arrival`: the times are the stop's
//! `arrivalTimestamp` and `prognosis.arrival`, and `to` then names where the train comes
//! *from*. transport.opendata.ch fills `to` from search.ch's `terminal`, which on an arrival
//! board is the train's origin (search.ch's boards of the same S3 at Bern: terminal Biel/Bienne
//! arriving, Belp leaving). Which calls `passList` holds on an arrival is not documented, so the
//! via stops are those timed before this station's arrival, in time order.

use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::{local_hhmm, parse_offset_time};
use crate::upstream::{board_train, HUB_ROWS};
use crate::upstream::{Adapter, BoardAsk, Journey, JourneyAsk};
use chrono::{DateTime, Utc};
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{via_list, Departure, JourneyStop, Kind, StationInfo};
use serde::Deserialize;

const COUNTRY: Country = country::SWITZERLAND;
const TZ: chrono_tz::Tz = COUNTRY.tz;

#[derive(Deserialize)]
struct Answer {
    station: Option<Station>,
    #[serde(default)]
    stationboard: Vec<Entry>,
}

#[derive(Deserialize)]
struct Station {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    coordinate: Option<Coordinate>,
}

/// `x` is the latitude, `y` the longitude.
#[derive(Deserialize)]
struct Coordinate {
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    x: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    y: Option<f64>,
}

#[derive(Deserialize)]
struct Entry {
    stop: Stop,
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    category: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    number: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    operator: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    to: String,
    /// The train's stops from this station on (the first is this station).
    #[serde(default, rename = "passList")]
    pass_list: Vec<Pass>,
}

/// A call of the train from the board's station on, timed like the board's own `stop`.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Pass {
    station: Option<Station>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    arrival_timestamp: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    departure_timestamp: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
    prognosis: Option<Prognosis>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Stop {
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    departure_timestamp: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    arrival_timestamp: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
    prognosis: Option<Prognosis>,
}

#[derive(Deserialize)]
struct Prognosis {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    arrival: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    departure: Option<String>,
}

/// A platform as planned and as announced: `(actual, planned where it changed)`.
fn platforms(
    planned: Option<String>,
    prognosis: Option<&Prognosis>,
) -> (Option<String>, Option<String>) {
    parse::platforms(prognosis.and_then(|p| p.platform.clone()), planned)
}

/// `text` without a leading `category` (and the space after it): `VAE 2588` → `2588`.
fn without_category<'a>(text: &'a str, category: &str) -> &'a str {
    let text = text.trim();
    match text.get(..category.len()) {
        Some(head) if !category.is_empty() && head.eq_ignore_ascii_case(category) => {
            text[category.len()..].trim_start()
        }
        _ => text,
    }
}

/// The line and the train number of an entry, in both namings the API has used: the current
/// (`name` `019651` the train number, `number` `16` the line, or the train number again for
/// long-distance trains) and the older (`name` `S5 18578` or `VAE 2588`, `number` `5` or
/// `VAE 2588`: the category already written in).
fn line_and_number(category: &str, number: &str, name: &str) -> (String, String) {
    let name = name.trim();
    let train = name.rsplit(' ').next().unwrap_or(name);
    let train = train.trim_start_matches('0').to_string();
    let number = without_category(number, category);
    let line = if number.is_empty() || number.trim_start_matches('0') == train {
        category.to_string()
    } else {
        format!("{category} {number}")
    };
    (line, train)
}

/// The board's station name (where given) and its departures in order.
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    let board: Answer = parse::json(COUNTRY.slug, bytes)?;
    let station = board.station.map(|s| s.name).filter(|n| !n.is_empty());
    let rows: Vec<(i64, Departure)> = board.stationboard.iter().filter_map(departure).collect();
    Ok(Board::named(station, in_order(rows)))
}

/// An entry of the board as a departure, with its planned instant (Unix seconds) to order by.
fn departure(e: &Entry) -> Option<(i64, Departure)> {
    let planned = DateTime::from_timestamp(e.stop.departure_timestamp?, 0)?;
    let expected = e
        .stop
        .prognosis
        .as_ref()
        .and_then(|p| p.departure.as_deref());
    let via = via_list(
        e.pass_list
            .iter()
            .skip(1)
            .filter_map(|p| p.station.as_ref().map(|s| s.name.clone())),
        &e.to,
    );
    Some((planned.timestamp(), row(e, planned, expected, via)))
}

/// An entry's row, timed at `planned` (and `expected`, the prognosis's RFC 3339 time).
fn row(e: &Entry, planned: DateTime<Utc>, expected: Option<&str>, via: Vec<String>) -> Departure {
    let prognosis = e.stop.prognosis.as_ref();
    let (platform, planned_platform) = platforms(e.stop.platform.clone(), prognosis);
    let expected = expected.and_then(parse_offset_time);
    let (line, train_number) = line_and_number(&e.category, &e.number, &e.name);
    Departure {
        line,
        destination: e.to.clone(),
        platform,
        scheduled_dep: local_hhmm(planned, TZ),
        delay: e.stop.delay,
        cancelled: false,
        operator: e.operator.clone(),
        expected_dep: expected.map(|t| local_hhmm(t, TZ)),
        train_code: (!train_number.is_empty()).then(|| format!("{} {train_number}", e.category)),
        planned_platform,
        via,
        messages: Vec::new(),
        // Its train is known by the hub board's row ([`crate::upstream::board_train`]).
        train_id: None,
        ..Default::default()
    }
}

/// An arrival board (`type=arrival`): its station's name and its arrivals in order, each read
/// as a departure row reads (the origin where the destination goes, the arrival's times).
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    let board: Answer = parse::json(COUNTRY.slug, bytes)?;
    let station = board.station.map(|s| s.name).filter(|n| !n.is_empty());
    let rows: Vec<(i64, Departure)> = board.stationboard.iter().filter_map(arrival).collect();
    Ok(Board::named(station, in_order(rows)))
}

/// An entry of an arrival board, with its planned arrival (Unix seconds) to order by.
fn arrival(e: &Entry) -> Option<(i64, Departure)> {
    let planned_at = e.stop.arrival_timestamp?;
    let planned = DateTime::from_timestamp(planned_at, 0)?;
    let expected = e.stop.prognosis.as_ref().and_then(|p| p.arrival.as_deref());
    // The calls timed before this one, in time order, the origin left out.
    let mut before: Vec<(i64, String)> = e
        .pass_list
        .iter()
        .filter_map(|p| {
            let at = p.departure_timestamp.or(p.arrival_timestamp)?;
            let name = p.station.as_ref()?.name.clone();
            (at < planned_at).then_some((at, name))
        })
        .collect();
    before.sort_by_key(|(at, _)| *at);
    let via = via_list(
        before
            .into_iter()
            .map(|(_, name)| name)
            .filter(|name| *name != e.to),
        "",
    );
    Some((planned_at, row(e, planned, expected, via)))
}

/// The journey of the board's train `id` (as [`trains_from_board`] names it) from this station
/// on: its `passList`. The stops before the board's station are not in the payload.
pub fn parse_journey(
    bytes: &[u8],
    id: &str,
    now: DateTime<Utc>,
) -> Result<Option<Journey>, ParseError> {
    let board: Answer = parse::json(COUNTRY.slug, bytes)?;
    let rows = board
        .stationboard
        .iter()
        .filter_map(|e| departure(e).map(|(_, d)| (e, d)));
    // The board's station, else (a board without its name) the first of the train's list.
    let named = |e: &&Entry| StationInfo {
        name: board
            .station
            .as_ref()
            .map(|s| s.name.clone())
            .filter(|n| !n.is_empty())
            .or_else(|| {
                e.pass_list
                    .first()?
                    .station
                    .as_ref()
                    .map(|s| s.name.clone())
            })
            .unwrap_or_default(),
        ..StationInfo::default()
    };
    let Some((e, train)) = board_train(COUNTRY.slug, id, rows, named) else {
        return Ok(None);
    };
    // A board's train is listed as due at the board's station next.
    let station_name = train.next_station.clone().unwrap_or_default();
    let mut stops: Vec<JourneyStop> = e.pass_list.iter().map(|p| pass_stop(p, now)).collect();
    // The board's station comes unnamed and unplaced in its own list.
    if let Some(first) = stops.first_mut() {
        if first.name.is_empty() {
            first.name = station_name;
        }
        let coordinate = board.station.as_ref().and_then(|s| s.coordinate.as_ref());
        if let (None, Some(c)) = (first.lat, coordinate) {
            (first.lat, first.lng) = (c.x, c.y);
        }
    }
    Ok(Some(Journey { train, stops }))
}

/// One call of a `passList`: passed once its expected (else planned) last time is behind `now`.
fn pass_stop(p: &Pass, now: DateTime<Utc>) -> JourneyStop {
    let at = |t: Option<i64>| t.and_then(|t| DateTime::from_timestamp(t, 0));
    let prognosis = p.prognosis.as_ref();
    let expected = |t: Option<&String>| t.and_then(|t| parse_offset_time(t));
    let arrival = (
        at(p.arrival_timestamp),
        expected(prognosis.and_then(|p| p.arrival.as_ref())),
    );
    let departure = (
        at(p.departure_timestamp),
        expected(prognosis.and_then(|p| p.departure.as_ref())),
    );
    let name = p
        .station
        .as_ref()
        .map(|s| s.name.clone())
        .unwrap_or_default();
    let mut stop = JourneyStop::timed(name, arrival, departure, TZ);
    let last = departure.1.or(departure.0).or(arrival.1).or(arrival.0);
    stop.passed = last.is_some_and(|t| t < now);
    (stop.platform, stop.planned_platform) = platforms(p.platform.clone(), prognosis);
    if let Some(s) = &p.station {
        stop.code = Some(s.id.clone()).filter(|c| !c.is_empty());
        if let Some(c) = &s.coordinate {
            (stop.lat, stop.lng) = (c.x, c.y);
        }
    }
    stop
}

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub struct Switzerland;

const CODES: CodeShape = codes::number(7, "85", "a Swiss station number such as 8503000");

/// The stationboard of `code`, `limit` rows.
fn board_path(code: &str, limit: usize) -> String {
    format!("/v1/stationboard?id={code}&limit={}", limit.clamp(1, 100))
}

/// The arrival board of `code`, `limit` rows.
fn arrivals_path(code: &str, limit: usize) -> String {
    format!("{}&type=arrival", board_path(code, limit))
}

fn is_uic(code: &str) -> bool {
    CODES.fits(code)
}

impl Adapter for Switzerland {
    fn knows_code(&self, code: &str) -> bool {
        is_uic(code)
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (station, limit) = (ask.station, ask.limit);
        let code = CODES.check_listed(station, COUNTRY.slug)?;
        match ask.kind {
            Kind::Departures => {
                http.get_board(&board_path(&code, limit), &code, parse_board)
                    .await
            }
            Kind::Arrivals => {
                http.get_board(&arrivals_path(&code, limit), &code, parse_arrivals)
                    .await
            }
        }
    }

    /// The trains `realtime` lists are its hub's board's: their journeys are in the same
    /// (cached) answer, from the hub on.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let path = board_path(ask.hub, HUB_ROWS);
        match http.get_parsed(&path, |b| parse_journey(b, ask.id, ask.now)).await? {
            Some(journey) => Ok(Some(journey)),
            None => Err(SourceError::NotFound(format!(
                "no train {} on the board of {}: Switzerland's journeys are those of the hub's trains",
                railtop_core::text::quoted(ask.id),
                ask.hub
            ))),
        }
    }
}

#[cfg(test)]
mod tests;
