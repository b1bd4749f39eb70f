//! Germany — db-rest (`v6.db.transport.rest`, on db-vendo-client), FPTF departures.
//!
//! `/stops/{EVA}/departures` answers `{"departures": […]}` (the library itself returns the bare
//! list; both are read). `delay` is seconds and `null` without realtime; `cancelled` is present
//! only when true (then `when` is null); `platform` vs `plannedPlatform` shows changes; times carry
//! their offset. There are no live positions for DB: `realtime` lists the trains of a hub's board
//! (`stop`, default `berlin-hbf`). Stations are EVA numbers or slugs such as `hamburg-hbf`.
//! `/stops/{EVA}/arrivals` answers `{"arrivals": […]}` of the same entries with `provenance`
//! (the origin as shown), `origin` and `previousStopovers` for `direction`, `destination` and
//! `nextStopovers`.
//!
//! Train ids: every row of any station's board names its trip, `germany-trip-` and db-rest's
//! `tripId` as it is (DB Navigator's `2|#VN#1#ST#…#ZB#RE 19073#…`, about 170 characters, not
//! promised stable: its `ST` part looks like a data version; bahn.de's `20250321-69f9…`), so
//! `railtop train`,
//! `/api/live/train` and Enter on a board open it from anywhere. An id is taken back only when
//! its trip id would travel whole (at most [`MAX_TRIP_CHARS`], nothing the cleaning of texts
//! from outside would change) and goes into the URL percent-encoded as one path segment (a
//! space `%20`, `|` `%7C`, `#` `%23`, `/` `%2F`). The trains `realtime` lists keep their
//! `germany-<YYYYMMDD>-<code>` ids, found again on the hub's board.
//!
//! Journeys: a train's journey is its trip's `/trips/{id}?stopovers=true` (`{"trip": …}`, FPTF
//! stopovers: `plannedArrival`/`arrival`, `arrivalDelay` in seconds, the same for departures);
//! a trip asked by its id alone makes the record of its line (`ICE 571`, the operator).
//!
//! Routes: a row's `nextStopovers` are what db-rest gives the board (often none, else a few),
//! not taken for the train's whole way, so for a traveller's `--to`/`--via` (`to=`/`via=`) a
//! row that does not reach the place by them is checked against its trip ([`Adapter::ROUTE_LOOKUPS`]:
//! [`RowStops::Selection`]), by the traveller's one matcher. At most [`TRIPS_PER_BOARD`] trips
//! a board, its nearest rows first, each kept for the feed's TTL; the rows past them, and those
//! whose trip could not be had, are left out by their own stops, and the log says which.

use crate::source::RouteLookups;
use crate::source::{SourceError, SourceResult};
use crate::upstream::board_train;
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{self, in_order, platforms, Board, ParseError};
use crate::upstream::times::local_hhmm;
use crate::upstream::{Adapter, BoardAsk, Journey, JourneyAsk};
use chrono::{DateTime, Utc};
use railtop_core::clock::minutes_from_seconds;
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{via_list, Departure, JourneyStop, Kind, StationInfo, Train};
use railtop_core::traveller::RowStops;
use serde::Deserialize;

const COUNTRY: Country = country::GERMANY;
const TZ: chrono_tz::Tz = COUNTRY.tz;
/// The language railtop asks db-rest for (`language=`), so a remark's language is known: DB's
/// own, in which every remark exists (an English answer mixes in untranslated German).
const LANGUAGE: &str = "de";

/// db-rest's board: `{"departures": […]}` (v6) or the bare array (older versions). Read by
/// looking at the first token, not as serde's untagged enum, which would first copy the whole
/// answer into memory (3.9 GB for 24 MiB of empty entries); at most
/// [`MAX_RECORDS`](parse::MAX_RECORDS) entries are kept.
enum Answer {
    Wrapped { departures: Vec<Entry> },
    Bare(Vec<Entry>),
}

impl<'de> Deserialize<'de> for Answer {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Answer, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = Answer;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a board: {\"departures\": […]} or […]")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Answer, A::Error> {
                let kept = parse::Kept::<Entry>::new(parse::MAX_RECORDS);
                serde::de::Visitor::visit_seq(kept, seq).map(Answer::Bare)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Answer, A::Error> {
                let mut departures = None;
                while let Some(key) = map.next_key::<String>()? {
                    // `/arrivals` answers the same entries under `arrivals`.
                    if matches!(key.as_str(), "departures" | "arrivals") && departures.is_none() {
                        let parse::AtMost(list) =
                            map.next_value::<parse::AtMost<Entry, { parse::MAX_RECORDS }>>()?;
                        departures = Some(list);
                    } else {
                        map.next_value::<serde::de::IgnoredAny>()?;
                    }
                }
                departures
                    .map(|departures| Answer::Wrapped { departures })
                    .ok_or_else(|| serde::de::Error::missing_field("departures"))
            }
        }
        d.deserialize_any(Visit)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Entry {
    /// The run's id for `/trips/{id}` (`1|200119|0|80|24112026`).
    #[serde(default, deserialize_with = "tolerant::string")]
    trip_id: String,
    when: Option<DateTime<Utc>>,
    planned_when: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_platform: Option<String>,
    /// The destination as shown on the train; `null` on some (rail replacement buses): then the
    /// `destination` stop's name.
    #[serde(default, deserialize_with = "tolerant::string")]
    direction: String,
    destination: Option<Stop>,
    /// An arrival's: where the train comes from, as shown (`null` on some: then `origin`).
    #[serde(default, deserialize_with = "tolerant::string")]
    provenance: String,
    origin: Option<Stop>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
    line: Option<Line>,
    stop: Option<Stop>,
    #[serde(default, deserialize_with = "parse::at_most::<_, _, 64>")]
    remarks: Vec<Remark>,
    /// The train's stops from this station on (the first is this station).
    #[serde(
        default,
        deserialize_with = "parse::at_most::<_, _, { railtop_core::model::journey::MAX_STOPS }>"
    )]
    next_stopovers: Vec<Stopover>,
    /// An arrival's stops before this station (from the origin on).
    #[serde(
        default,
        deserialize_with = "parse::at_most::<_, _, { railtop_core::model::journey::MAX_STOPS }>"
    )]
    previous_stopovers: Vec<Stopover>,
}

impl Entry {
    /// An arrival read as a departure is: its origin where the destination goes, its stops
    /// before this station where the stops after go (nearest last, as a via list reads).
    fn into_arrival(mut self) -> Entry {
        self.direction = std::mem::take(&mut self.provenance);
        self.destination = self.origin.take();
        let here = self
            .stop
            .as_ref()
            .map(|s| s.name.clone())
            .unwrap_or_default();
        let mut before = std::mem::take(&mut self.previous_stopovers);
        // The origin and this station are not on the way.
        if !before.is_empty() {
            before.remove(0);
        }
        before.retain(|s| s.stop.as_ref().is_none_or(|s| s.name != here));
        self.next_stopovers = before;
        self
    }
}

#[derive(Deserialize)]
struct Remark {
    #[serde(default, rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    /// A warning's short form, plain text.
    #[serde(default, deserialize_with = "tolerant::string")]
    summary: String,
    /// A status remark's text; a warning's long form, often HTML (links, breaks, entities).
    #[serde(default, deserialize_with = "tolerant::string")]
    text: String,
}

impl Remark {
    /// What a row says of it: a warning's `summary` where it has one, else its `text` made
    /// plain; `None` for a hint (bicycles, catering, Wi-Fi: the train's features, no news).
    fn message(&self) -> Option<String> {
        if !matches!(self.kind.as_str(), "warning" | "status") {
            return None;
        }
        let summary = crate::upstream::html::plain(&self.summary);
        let text = if summary.is_empty() {
            crate::upstream::html::plain(&self.text)
        } else {
            summary
        };
        (!text.is_empty()).then_some(text)
    }
}

#[derive(Deserialize)]
struct Stopover {
    stop: Option<Stop>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Line {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    fahrt_nr: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    product_name: String,
    operator: Option<Operator>,
}

impl Line {
    /// `ICE 1007`: the product and the train's number, where both are given.
    fn code(&self) -> Option<String> {
        (!self.fahrt_nr.is_empty() && !self.product_name.is_empty())
            .then(|| format!("{} {}", self.product_name, self.fahrt_nr))
    }
}

#[derive(Deserialize)]
struct Operator {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    name: Option<String>,
}

#[derive(Deserialize)]
struct Stop {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    location: Option<crate::upstream::parse::Location>,
}

/// `/trips/{id}`: `{"trip": …}`, else the library's bare trip, read typed (a second pass for
/// the bare one), never copied whole first as serde's untagged enums do.
#[derive(Deserialize)]
struct TripAnswer {
    trip: Option<Trip>,
}

#[derive(Deserialize)]
struct Trip {
    #[serde(
        default,
        deserialize_with = "parse::at_most::<_, _, { railtop_core::model::journey::MAX_STOPS }>"
    )]
    stopovers: Vec<Call>,
    line: Option<Line>,
}

/// One call of a trip, FPTF: planned and current times with their offsets, delays in seconds
/// (`null` without realtime), platforms planned and current, `cancelled` only when true.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Call {
    stop: Option<Stop>,
    arrival: Option<DateTime<Utc>>,
    planned_arrival: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    arrival_delay: Option<i64>,
    departure: Option<DateTime<Utc>>,
    planned_departure: Option<DateTime<Utc>>,
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    departure_delay: Option<i64>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    arrival_platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    departure_platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_arrival_platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    planned_departure_platform: Option<String>,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancelled: bool,
}

/// The board's station name (where given) and its departures in order of planned time.
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    Ok(board_of(entries(bytes)?))
}

/// A board of `entries`: its station's name (where given), the rows in planned order.
fn board_of(entries: Vec<Entry>) -> Board {
    let station = entries
        .iter()
        .find_map(|e| e.stop.as_ref())
        .map(|s| s.name.clone())
        .filter(|n| !n.is_empty());
    let rows: Vec<(DateTime<Utc>, Departure)> = entries.iter().filter_map(departure).collect();
    Board::named(station, in_order(rows))
}

/// `/stops/{EVA}/arrivals`: the board's station and its arrivals in order of planned time,
/// each from its origin (`provenance`), its via the stops before.
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    let entries = entries(bytes)?.into_iter().map(Entry::into_arrival);
    Ok(board_of(entries.collect()))
}

fn entries(bytes: &[u8]) -> Result<Vec<Entry>, ParseError> {
    Ok(match parse::json(COUNTRY.slug, bytes)? {
        Answer::Wrapped { departures } => departures,
        Answer::Bare(list) => list,
    })
}

/// An entry of the board as a departure, with its planned instant to order by.
fn departure(e: &Entry) -> Option<(DateTime<Utc>, Departure)> {
    let planned = e.planned_when.or(e.when)?;
    let line = e.line.as_ref();
    let expected = e.when.filter(|_| !e.cancelled);
    // `delay` null means no realtime, even when `when` is filled with the plan.
    let delay = if e.cancelled {
        None
    } else {
        e.delay.map(minutes_from_seconds)
    };
    let (platform, planned_platform) = platforms(e.platform.clone(), e.planned_platform.clone());
    let code = line.and_then(Line::code);
    let here = e.stop.as_ref().map(|s| s.name.as_str()).unwrap_or("");
    let destination = match e.direction.trim() {
        "" => e
            .destination
            .as_ref()
            .map_or_else(String::new, |d| d.name.clone()),
        shown => shown.to_string(),
    };
    let via = via_list(
        e.next_stopovers
            .iter()
            .filter_map(|s| s.stop.as_ref().map(|s| s.name.clone()))
            .skip_while(|name| name == here),
        &destination,
    );
    // Warnings and status remarks are news (a stop cancelled, a replacement train);
    // hints (bicycles, Wi-Fi) are not. DB writes them in German.
    let messages: Vec<String> = e.remarks.iter().filter_map(Remark::message).collect();
    let message_languages = vec![Some(LANGUAGE.to_string()); messages.len()];
    Some((
        planned,
        Departure {
            line: line.map_or_else(String::new, |l| l.name.clone()),
            destination,
            platform,
            scheduled_dep: local_hhmm(planned, TZ),
            delay,
            cancelled: e.cancelled,
            operator: line
                .and_then(|l| l.operator.as_ref())
                .and_then(|o| o.name.clone()),
            expected_dep: expected
                .filter(|_| delay.is_some())
                .map(|t| local_hhmm(t, TZ)),
            train_code: code.or_else(|| line.map(|l| l.name.clone())),
            planned_platform,
            via,
            messages,
            message_languages,
            // Its trip, from any station's board ([`trip_train_id`]).
            train_id: trip_train_id(&e.trip_id),
            ..Default::default()
        },
    ))
}

/// The board's train `id` (as [`trains_from_board`] names it): its record and its trip id.
pub(crate) fn find_board_train(
    bytes: &[u8],
    id: &str,
) -> Result<Option<(Train, String)>, ParseError> {
    let entries = entries(bytes)?;
    let rows = entries
        .iter()
        .filter(|e| !e.trip_id.is_empty())
        .filter_map(|e| Some((e, departure(e)?.1)));
    let at = |e: &&Entry| StationInfo {
        name: e.stop.as_ref().map(|s| s.name.clone()).unwrap_or_default(),
        ..StationInfo::default()
    };
    Ok(board_train(COUNTRY.slug, id, rows, at).map(|(e, train)| (train, e.trip_id.clone())))
}

/// How a board row's train id names its trip: `germany-trip-<tripId>`, the trip id as db-rest
/// gives it (`2|#VN#1#ST#…#ZB#RE 19073#…`, DB Navigator's; `20250321-69f9…`, bahn.de's). It is
/// not the hub's `germany-<YYYYMMDD>-<code>` ([`crate::upstream::board_train_id`]): a dated trip id
/// would read as one.
const TRIP_ID: &str = "germany-trip-";

/// Longest trip id a train id carries: the id is kept to the API's
/// [`MAX_FIELD_CHARS`](railtop_core::text::MAX_FIELD_CHARS) like every text from outside, and a cut
/// one would name no trip. (DB Navigator's are about 170 characters.)
const MAX_TRIP_CHARS: usize = railtop_core::text::MAX_FIELD_CHARS - TRIP_ID.len();

/// Whether `trip` can travel in a train id and come back whole: not empty, not too long, and
/// unchanged by the cleaning every text from outside goes through (no control characters,
/// no invisible ones, no spaces around it).
fn is_trip_id(trip: &str) -> bool {
    !trip.is_empty()
        && trip.chars().count() <= MAX_TRIP_CHARS
        && railtop_core::text::cleaned(trip) == trip
}

/// The train id of a board row's trip (see [`TRIP_ID`]); `None` for a trip id that cannot be
/// one (the row is then known by its own stops only).
fn trip_train_id(trip: &str) -> Option<String> {
    is_trip_id(trip).then(|| format!("{TRIP_ID}{trip}"))
}

/// The trip a train id of [`trip_train_id`]'s names; `Err` for one of that form whose trip
/// cannot be one (never put in a URL), `Ok(None)` for another form.
fn trip_of(id: &str) -> Result<Option<&str>, SourceError> {
    let Some(trip) = id.strip_prefix(TRIP_ID) else {
        return Ok(None);
    };
    if is_trip_id(trip) {
        Ok(Some(trip))
    } else {
        Err(SourceError::BadRequest(format!(
            "{} is not a train id of a DB board: germany-trip- and a trip id of at most \
             {MAX_TRIP_CHARS} characters",
            railtop_core::text::quoted(id)
        )))
    }
}

/// `s` as one segment of a URL's path: every byte but the unreserved ones (`A–Z a–z 0–9 - . _
/// ~`) percent-encoded, so a space is `%20` (never the form's `+`), `|` `%7C`, `#` `%23` and
/// `/` `%2F`.
fn path_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len() * 3);
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// `/trips/{id}` for a trip's stopovers, its id escaped.
fn trip_path(trip: &str) -> String {
    format!(
        "/trips/{}?stopovers=true&remarks=false&polyline=false",
        path_segment(trip)
    )
}

/// `/trips/{id}`: `{"trip": …}`, else the library's bare trip.
fn read_trip(bytes: &[u8]) -> Result<Trip, ParseError> {
    Ok(match parse::json::<TripAnswer>(COUNTRY.slug, bytes)?.trip {
        Some(trip) => trip,
        None => parse::json::<Trip>(COUNTRY.slug, bytes)?,
    })
}

/// `/trips/{id}` as train `id`'s journey, for a train known by its trip alone (a row of any
/// station's board): the record is the run's ([`Journey::of_stops`]), its code the line's
/// product and number (`ICE 1007`), else the line's name.
pub fn parse_trip_journey(
    bytes: &[u8],
    id: &str,
    now: DateTime<Utc>,
) -> Result<Journey, ParseError> {
    let trip = read_trip(bytes)?;
    let line = trip.line.as_ref();
    let code = line
        .and_then(Line::code)
        .or_else(|| line.map(|l| l.name.clone()).filter(|n| !n.is_empty()))
        .unwrap_or_default();
    let operator = line
        .and_then(|l| l.operator.as_ref())
        .and_then(|o| o.name.clone());
    let mut journey = Journey::of_stops(id, code, COUNTRY.slug, stops_of(trip, now));
    journey.train.operator = operator;
    Ok(journey)
}

/// `/trips/{id}`'s stopovers as the run's stops: a stop is passed once its departure (at the
/// terminus its arrival) is behind `now`.
pub fn parse_trip(bytes: &[u8], now: DateTime<Utc>) -> Result<Vec<JourneyStop>, ParseError> {
    Ok(stops_of(read_trip(bytes)?, now))
}

/// A trip's stopovers as the run's stops (see [`parse_trip`]).
fn stops_of(trip: Trip, now: DateTime<Utc>) -> Vec<JourneyStop> {
    trip.stopovers
        .into_iter()
        .map(|c| {
            // A current time with a `null` delay is the plan repeated: no realtime.
            let arrival = (
                c.planned_arrival.or(c.arrival),
                c.arrival
                    .filter(|_| c.arrival_delay.is_some() && !c.cancelled),
            );
            let departure = (
                c.planned_departure.or(c.departure),
                c.departure
                    .filter(|_| c.departure_delay.is_some() && !c.cancelled),
            );
            let name = c.stop.as_ref().map(|s| s.name.clone()).unwrap_or_default();
            let mut stop = JourneyStop::timed(name, arrival, departure, TZ);
            let last = departure.1.or(departure.0).or(arrival.1).or(arrival.0);
            stop.passed = last.is_some_and(|t| t < now);
            stop.cancelled = c.cancelled;
            if c.cancelled {
                stop.delay = None;
            }
            let now_platform = c.departure_platform.or(c.arrival_platform);
            let plan = c.planned_departure_platform.or(c.planned_arrival_platform);
            (stop.platform, stop.planned_platform) = platforms(now_platform, plan);
            if let Some(s) = c.stop {
                let placed = s
                    .location
                    .as_ref()
                    .and_then(|l| l.latitude.zip(l.longitude));
                (stop.lat, stop.lng) = placed.map_or((None, None), |(a, b)| (Some(a), Some(b)));
                stop.code = Some(s.id).filter(|c| !c.is_empty());
            }
            stop
        })
        .collect()
}

/// The board of `eva` as the feed asks for it (boards and the hub's trains alike).
fn board_path(eva: &str) -> String {
    format!("/stops/{eva}/departures?duration=120&results=100&language={LANGUAGE}")
}

fn is_eva(code: &str) -> bool {
    EVA.fits(code)
}

const EVA: CodeShape = codes::number(
    7,
    "80",
    "a DB station (an EVA number such as 8011160, or a slug such as berlin-hbf)",
);

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub struct Germany;

/// Trips a traveller's board may ask for one board's rows that do not reach its `--to` or
/// `--via` by their own few stops: with the board itself, 7 of db-rest's 30 requests a minute
/// (the registry's budget) for a board refreshed every 30 seconds, leaving room for another
/// board and the journeys opened by hand. Each trip is kept for the feed's TTL.
pub const TRIPS_PER_BOARD: usize = 6;

impl Adapter for Germany {
    fn knows_code(&self, code: &str) -> bool {
        is_eva(code)
    }

    const ARRIVALS: bool = true;

    /// db-rest's rows list the main stops only (`nextStopovers`), or none.
    const ROUTE_LOOKUPS: RouteLookups = RouteLookups {
        per_board: TRIPS_PER_BOARD,
        stops: RowStops::Selection,
    };

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let station = ask.station;
        let eva = EVA.check_listed(station, COUNTRY.slug)?;
        match ask.kind {
            Kind::Departures => http.get_board(&board_path(&eva), &eva, parse_board).await,
            Kind::Arrivals => {
                let path =
                    format!("/stops/{eva}/arrivals?duration=120&results=100&language={LANGUAGE}");
                http.get_board(&path, &eva, parse_arrivals).await
            }
        }
    }

    /// A board row's train (`germany-trip-…`, from any station's board) is its trip, asked of
    /// `/trips/{id}`. The trains `realtime` lists (`germany-<day>-<code>`) are its hub's
    /// board's: the train is found there (the same, cached, answer) and its trip asked.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        if let Some(trip) = trip_of(ask.id)? {
            let journey = http
                .get_parsed(&trip_path(trip), |b| parse_trip_journey(b, ask.id, ask.now))
                .await?;
            return Ok(Some(journey));
        }
        let eva = EVA.check_listed(ask.hub, COUNTRY.slug)?;
        let found = http
            .get_parsed(&board_path(&eva), |b| find_board_train(b, ask.id))
            .await?;
        let Some((train, trip_id)) = found else {
            return Err(SourceError::NotFound(format!(
                "no train {} on the board of {}: Germany's journeys are those of the hub's trains",
                railtop_core::text::quoted(ask.id),
                ask.hub
            )));
        };
        let stops = http
            .get_parsed(&trip_path(&trip_id), |b| parse_trip(b, ask.now))
            .await?;
        Ok(Some(Journey { train, stops }))
    }
}

#[cfg(test)]
mod tests;
