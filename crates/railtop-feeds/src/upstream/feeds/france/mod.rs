//! France — SNCF's Navitia API (a key: free registration at numerique.sncf.com, sent as the HTTP
//! Basic user name with no password).
//!
//! Quirks: times are local (`20250528T172200`, Europe/Paris) with no offset; the delay is
//! `departure_date_time − base_departure_date_time`, meaningful only when `data_freshness` is
//! `realtime`; cancellations come only through the answer's top-level `disruptions`, linked from
//! each departure by id (`severity.effect` `NO_SERVICE`), whose texts are also the notices;
//! directions end in their town in brackets. Stations are UIC numbers (`87384008`, Paris
//! Saint-Lazare). No positions: `realtime` lists the trains of a hub's board.
//!
//! Messages keep their language: a disruption's text is its first message, SNCF's, in French
//! (`fr`); without one, its severity's name, which Navitia writes in English (`en`: "Trip
//! canceled"). railtop's own words on a row ("partly cancelled: …") are English.
//!
//! Train ids: every row of any station's board (departures and arrivals) names its run by its
//! vehicle journey, `france-` and the journey's id without `vehicle_journey:`
//! (`france-SNCF:2026-11-24:841201:1187:Train`, the run's first day inside it). Such an id is
//! taken back only in the shape Navitia writes them (ASCII letters, digits, `:` `.` `_` `-`,
//! at most [`MAX_VJ_CHARS`]), so it goes into the URL as it is and names no other path;
//! anything else is refused before a request. The trains `realtime` lists keep their
//! `france-<YYYYMMDD>-<code>` ids, found again on the hub's board.
//!
//! Journeys: a train's run is its vehicle journey (`/vehicle_journeys/{id}`), which lists its
//! `stop_times` in local `HHMMSS` (with `utc_*` twins, not read) and links its disruptions,
//! given in full beside it. A run asked by a board row's id alone is known by its stops and its
//! number (the journey's `name`, `7891`; a hub train keeps its board row's record, `TGV INOUI
//! 7891`). A disruption whose effect is `NO_SERVICE` cancels the whole run (TGV 7891 of
//! 2023-03-20: "trip canceled", no message text, `status` `past`); otherwise its
//! `impacted_objects[].impacted_stops` give each stop's `amended_*` times and
//! `stop_time_effect` (`deleted` is a cancelled stop, `delayed` a late one).
//!
//! A `REDUCED_SERVICE` disruption (some stops deleted: four of the first 25 of the real
//! `/disruptions` page) makes its run partly cancelled: the journey's record says so
//! (`partlyCancelled`), and on every board that shows the run the row carries the
//! disruption's text and, as Italy's rows say it, "partly cancelled: no stop at Douai, Arras"
//! (the stops it deletes, at most [`disruptions::NAMED_DELETED`]); a row at a station the run leaves out
//! is cancelled.
//!
//! Arrivals (`/arrivals`, the same rows with `arrival_date_time`s): Navitia fills an arrival's
//! `display_informations` from its vehicle journey exactly as a departure's
//! (`time_tables/passages.cpp` in hove-io/navitia), so `direction` is the run's terminus, often
//! this very station, never where the train comes from. The origin and the via stops are read
//! from the row's vehicle journey instead: [`ORIGINS_PER_BOARD`] of them a board (the free plan's
//! few requests a minute), kept for the day. A board of arrivals ends at the first row whose
//! origin is not known yet, so it fills in over a few refreshes and never shows a wrong origin.
//!
//! A traveller's route (`--to`, `--via`) is matched by the rows' own stops (their
//! destinations): the free plan leaves no requests for journeys
//! ([`Adapter::ROUTE_LOOKUPS`] asks none).

use crate::source::RouteLookups;
use crate::source::{SourceError, SourceResult};
use crate::upstream::codes::{self, CodeShape};
use crate::upstream::http::{FeedHttp, Opened};
use crate::upstream::parse::{self, Board, ParseError};
use crate::upstream::times::{delay_minutes, local_hhmm, nearest, RunClock};
use crate::upstream::{board_train, Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live};
use base64::Engine;
use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeZone, Utc};
use railtop_core::country::{self, Country};
use railtop_core::model::journey::MAX_STOPS;
use railtop_core::model::tolerant;
use railtop_core::model::{Departure, JourneyStop, Kind, Train};
use serde::Deserialize;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

mod disruptions;

use disruptions::{partly_cancelled, Disruption, ImpactedStop, OWN_LANGUAGE};

const COUNTRY: Country = country::FRANCE;
const TZ: chrono_tz::Tz = COUNTRY.tz;

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    departures: Vec<Entry>,
    #[serde(default)]
    arrivals: Vec<Entry>,
    #[serde(default)]
    disruptions: Vec<Disruption>,
}

#[derive(Deserialize)]
struct Entry {
    stop_point: Option<StopPoint>,
    stop_date_time: StopTime,
    display_informations: Display,
    #[serde(default)]
    links: Vec<Link>,
}

#[derive(Deserialize)]
struct StopPoint {
    /// `stop_point:SNCF:87384008:Train`: the row's own stop, with its UIC number.
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    stop_area: Option<Area>,
}

#[derive(Deserialize)]
struct Area {
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
}

#[derive(Deserialize)]
struct StopTime {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    departure_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    base_departure_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    arrival_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    base_arrival_date_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    data_freshness: String,
}

#[derive(Deserialize)]
struct Display {
    #[serde(default, deserialize_with = "tolerant::string")]
    code: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    label: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    direction: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    commercial_mode: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    network: Option<String>,
    #[serde(default, deserialize_with = "tolerant::string")]
    trip_short_name: String,
}

#[derive(Deserialize)]
struct Link {
    #[serde(default, rename = "type", deserialize_with = "tolerant::string")]
    kind: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
}

/// `20250528T172200` on Paris's clock.
pub(crate) fn navitia_time(s: &str) -> Option<DateTime<Utc>> {
    let local = NaiveDateTime::parse_from_str(s.trim(), "%Y%m%dT%H%M%S").ok()?;
    TZ.from_local_datetime(&local)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// `Nanterre la Folie (Nanterre)` → `Nanterre la Folie`: the town in brackets is noise on a board.
fn without_town(direction: &str) -> String {
    match direction.rfind(" (") {
        Some(i) if direction.ends_with(')') && i > 0 => direction[..i].to_string(),
        _ => direction.to_string(),
    }
}

/// The stop area's name (where given) and the departures in order of planned time.
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    let (station, rows) = parse_rows(bytes, Kind::Departures)?;
    Ok(Board::named(
        station,
        rows.into_iter().map(|(_, d)| d).collect(),
    ))
}

/// An `/arrivals` answer as [`parse_board`] reads departures, the arrival's times in the
/// departure's places. The origins are left empty: the answer does not name them (see the
/// module's notes); the feed fills them from each row's vehicle journey.
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    let (station, rows) = parse_rows(bytes, Kind::Arrivals)?;
    Ok(Board::named(
        station,
        rows.into_iter().map(|(_, d)| d).collect(),
    ))
}

/// A departure or an arrival with the id of its vehicle journey (where linked).
type Row = (Option<String>, Departure);

/// [`parse_board`] or [`parse_arrivals`], each row with the id of its vehicle journey.
fn parse_rows(bytes: &[u8], kind: Kind) -> Result<(Option<String>, Vec<Row>), ParseError> {
    let answer: Answer = parse::json(COUNTRY.slug, bytes)?;
    let entries = match kind {
        Kind::Departures => &answer.departures,
        Kind::Arrivals => &answer.arrivals,
    };
    let disruptions: HashMap<&str, &Disruption> = answer
        .disruptions
        .iter()
        .map(|d| (d.id.as_str(), d))
        .collect();
    let station = entries
        .iter()
        .find_map(|e| e.stop_point.as_ref()?.stop_area.as_ref())
        .map(|a| a.name.clone())
        .filter(|n| !n.is_empty());
    let rows: Vec<(DateTime<Utc>, Row)> = entries
        .iter()
        .filter_map(|e| {
            let times = &e.stop_date_time;
            let (base, live) = match kind {
                Kind::Departures => (&times.base_departure_date_time, &times.departure_date_time),
                Kind::Arrivals => (&times.base_arrival_date_time, &times.arrival_date_time),
            };
            let planned = navitia_time(base.as_deref()?)?;
            let linked: Vec<&Disruption> = e
                .links
                .iter()
                .filter(|l| l.kind == "disruption")
                .filter_map(|l| disruptions.get(l.id.as_str()).copied())
                .collect();
            let reduced: Vec<&Disruption> =
                linked.iter().copied().filter(|d| d.reduces()).collect();
            // A run that leaves out this very stop does not leave from here.
            let here = e.stop_point.as_ref().and_then(|p| uic_of(&p.id));
            let not_here = here.is_some()
                && reduced
                    .iter()
                    .flat_map(|d| d.deleted())
                    .any(|p| uic_of(&p.id) == here);
            let cancelled = linked.iter().any(|d| d.cancels()) || not_here;
            let expected = live
                .as_deref()
                .and_then(navitia_time)
                .filter(|_| times.data_freshness == "realtime" && !cancelled);
            let info = &e.display_informations;
            let line = if info.code.is_empty() {
                info.label.clone()
            } else {
                info.code.clone()
            };
            let journey = e
                .links
                .iter()
                .find(|l| l.kind == "vehicle_journey" && !l.id.is_empty())
                .map(|l| l.id.clone());
            let mut row = Departure {
                line,
                destination: match kind {
                    Kind::Departures => without_town(&info.direction),
                    Kind::Arrivals => String::new(),
                },
                scheduled_dep: local_hhmm(planned, TZ),
                delay: expected.map(|x| delay_minutes(planned, x)),
                cancelled,
                operator: info.network.clone(),
                expected_dep: expected.map(|x| local_hhmm(x, TZ)),
                train_code: (!info.trip_short_name.is_empty())
                    .then(|| format!("{} {}", info.commercial_mode, info.trip_short_name)),
                train_id: journey.as_deref().and_then(vj_train_id),
                ..Departure::default()
            };
            for (text, language) in linked.iter().filter_map(|d| d.text()) {
                row.add_message(text, Some(language));
            }
            if !reduced.is_empty() {
                row.add_message(partly_cancelled(&reduced), Some(OWN_LANGUAGE));
            }
            Some((planned, (journey, row)))
        })
        .collect();
    let mut rows = rows;
    rows.sort_by_key(|(t, _)| *t);
    Ok((station, rows.into_iter().map(|(_, row)| row).collect()))
}

/// A `/vehicle_journeys/{id}` answer: the run and the disruptions it links.
#[derive(Deserialize)]
struct JourneyAnswer {
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, VehicleJourney, 4>"
    )]
    vehicle_journeys: Vec<VehicleJourney>,
    #[serde(default, deserialize_with = "tolerant::bounded::<_, Disruption, 64>")]
    disruptions: Vec<Disruption>,
}

#[derive(Deserialize)]
struct VehicleJourney {
    /// The train's number (`7891`).
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    headsign: String,
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, StopTimeRow, MAX_STOPS>"
    )]
    stop_times: Vec<StopTimeRow>,
    #[serde(default)]
    disruptions: Vec<Link>,
}

#[derive(Deserialize)]
struct StopTimeRow {
    stop_point: Option<Point>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    arrival_time: Option<String>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    departure_time: Option<String>,
}

#[derive(Deserialize)]
struct Point {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    coord: Option<Coord>,
}

/// Navitia writes coordinates as strings.
#[derive(Deserialize)]
struct Coord {
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    lat: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    lon: Option<f64>,
}

/// A run as its vehicle journey tells it: the stops, and whether and why it is cancelled.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Run {
    /// The train's number, as the vehicle journey names it (`7891`).
    pub code: String,
    pub stops: Vec<JourneyStop>,
    pub cancelled: bool,
    /// Some stops are cancelled, not all (or a `REDUCED_SERVICE` disruption says so).
    pub partly_cancelled: bool,
    pub messages: Vec<String>,
    /// The language of each of `messages`: `fr` for SNCF's texts, `en` for a severity's name.
    pub message_languages: Vec<&'static str>,
}

impl Run {
    /// Tells `train` what the run says: cancelled, partly cancelled, and its messages (each
    /// once, in its language).
    fn tell(&self, train: &mut Train) {
        if self.cancelled {
            train.status = railtop_core::model::status::CANCELLED.into();
            train.delay = None;
        }
        train.partly_cancelled = self.partly_cancelled;
        for (m, language) in self.messages.iter().zip(&self.message_languages) {
            if !train.messages.contains(m) {
                train.add_message(m.clone(), Some(language));
            }
        }
    }
}

/// A Navitia `HHMMSS`.
fn clock_time(hhmmss: &str) -> Option<chrono::NaiveTime> {
    chrono::NaiveTime::parse_from_str(hhmmss.trim(), "%H%M%S").ok()
}

/// The UIC number in a stop point's id (`stop_point:SNCF:87686006:LongDistanceTrain`).
fn uic_of(stop_point: &str) -> Option<String> {
    stop_point
        .split(':')
        .find(|p| CODES.fits(p))
        .map(String::from)
}

/// A `/vehicle_journeys/{id}` answer as a run of `day` (the run's first day, Paris): each stop
/// with its planned times, and its amended ones or its cancellation from the linked disruptions.
/// Times past midnight roll over to the next day.
pub fn parse_vehicle_journey(
    bytes: &[u8],
    day: NaiveDate,
    now: DateTime<Utc>,
) -> Result<Run, ParseError> {
    let (answer, vj) = journey_answer(bytes)?;
    let vj = &vj;
    let linked: Vec<&Disruption> = answer
        .disruptions
        .iter()
        .filter(|d| vj.disruptions.iter().any(|l| l.id == d.id))
        .collect();
    let cancelled = linked.iter().any(|d| d.cancels());
    let amended: HashMap<&str, &ImpactedStop> = linked
        .iter()
        .flat_map(|d| &d.impacted_objects)
        .flat_map(|o| &o.impacted_stops)
        .filter_map(|s| Some((s.stop_point.as_ref()?.id.as_str(), s)))
        .collect();
    // Local times on a day that moves on when a time goes back (past midnight).
    let mut clock = RunClock::new(day, TZ);
    let mut stops: Vec<JourneyStop> = Vec::new();
    for row in &vj.stop_times {
        let point = row.stop_point.as_ref();
        let change = point.and_then(|p| amended.get(p.id.as_str()));
        let arrival = row
            .arrival_time
            .as_deref()
            .and_then(clock_time)
            .and_then(|t| clock.next(t));
        let departure = row
            .departure_time
            .as_deref()
            .and_then(clock_time)
            .and_then(|t| clock.next(t));
        // An amended time goes on the day that puts it nearest its planned one (past midnight).
        let expected = |amended: Option<&String>, planned: Option<DateTime<Utc>>| {
            nearest(clock_time(amended?)?, planned?, TZ)
        };
        let stop_cancelled = cancelled || change.is_some_and(|c| c.stop_time_effect == "deleted");
        let live = |amended, planned| {
            (!stop_cancelled)
                .then(|| expected(amended, planned))
                .flatten()
        };
        let mut stop = JourneyStop::timed(
            point.map(|p| p.name.clone()).unwrap_or_default(),
            (
                arrival,
                live(
                    change.and_then(|c| c.amended_arrival_time.as_ref()),
                    arrival,
                ),
            ),
            (
                departure,
                live(
                    change.and_then(|c| c.amended_departure_time.as_ref()),
                    departure,
                ),
            ),
            TZ,
        );
        if let Some(p) = point {
            stop.code = uic_of(&p.id);
            if let Some(c) = &p.coord {
                (stop.lat, stop.lng) = (c.lat, c.lon);
            }
        }
        stop.cancelled = stop_cancelled;
        let last = departure.or(arrival);
        stop.passed = !stop_cancelled && last.is_some_and(|t| t < now);
        stops.push(stop);
    }
    let cancelled_stops = stops.iter().filter(|s| s.cancelled).count();
    let reduced = linked.iter().any(|d| d.reduces());
    let (messages, message_languages) = linked.iter().filter_map(|d| d.text()).unzip();
    let code = [&vj.name, &vj.headsign]
        .into_iter()
        .map(|c| c.trim())
        .find(|c| !c.is_empty())
        .unwrap_or_default()
        .to_string();
    Ok(Run {
        code,
        cancelled,
        partly_cancelled: !cancelled && (cancelled_stops > 0 || reduced),
        messages,
        message_languages,
        stops,
    })
}

/// A `/vehicle_journeys/{id}` answer and its (first) run; an answer without one is an error.
fn journey_answer(bytes: &[u8]) -> Result<(JourneyAnswer, VehicleJourney), ParseError> {
    let mut answer: JourneyAnswer = parse::json(COUNTRY.slug, bytes)?;
    let Some(vj) = answer.vehicle_journeys.drain(..).next() else {
        return Err(ParseError::new(
            COUNTRY.slug,
            "vehicle_journeys",
            "no vehicle journey",
        ));
    };
    Ok((answer, vj))
}

/// A run's calls as an arrival needs them: each stop's name and UIC number, in order.
pub fn parse_calls(bytes: &[u8]) -> Result<Vec<Call>, ParseError> {
    let (_, vj) = journey_answer(bytes)?;
    Ok(vj
        .stop_times
        .iter()
        .filter_map(|row| row.stop_point.as_ref())
        .filter(|p| !p.name.trim().is_empty())
        .map(|p| Call {
            name: p.name.trim().to_string(),
            uic: uic_of(&p.id),
        })
        .collect())
}

/// One stop of a run, as [`parse_calls`] reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    pub name: String,
    pub uic: Option<String>,
}

/// Fills an arrival row from its run's calls: the origin is the first, the via stops those
/// between it and `uic` (none when the run does not name this station).
fn arriving_from(row: &mut Departure, calls: &[Call], uic: &str) {
    let Some(first) = calls.first() else { return };
    row.destination = first.name.clone();
    let here = calls.iter().position(|c| c.uic.as_deref() == Some(uic));
    row.via = here.map_or_else(Vec::new, |i| {
        calls[1..i.max(1)].iter().map(|c| c.name.clone()).collect()
    });
}

/// Vehicle journeys fetched per arrival board: the free plan allows 6 requests a minute, one
/// of which is the board itself.
pub const ORIGINS_PER_BOARD: usize = 4;

/// Runs' calls kept between boards (a run's stops do not change within its day); the whole
/// memory is dropped when full, which costs at most a few refreshes of refetching.
const KEPT_RUNS: usize = 2048;

/// The calls of runs already fetched, by vehicle journey id (which names the run's day).
#[derive(Default)]
pub(crate) struct Runs(Mutex<HashMap<String, Arc<[Call]>>>);

impl Runs {
    fn get(&self, vj: &str) -> Option<Arc<[Call]>> {
        let runs = self.0.lock().unwrap_or_else(|p| p.into_inner());
        runs.get(vj).cloned()
    }

    fn keep(&self, vj: String, calls: Arc<[Call]>) {
        let mut runs = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if runs.len() >= KEPT_RUNS {
            runs.clear();
        }
        runs.insert(vj, calls);
    }
}

/// A French UIC station number: 8 digits starting with 87.
const CODES: CodeShape = codes::number(
    8,
    "87",
    "an SNCF UIC number such as 87384008 (Paris Saint-Lazare)",
);

/// Navitia's HTTP Basic header: the key is the user name, the password empty.
fn basic_auth(key: &str) -> String {
    let basic = base64::engine::general_purpose::STANDARD.encode(format!("{key}:"));
    format!("Basic {basic}")
}

/// Opens the feed (its registry row's `open`).
pub fn open(o: Opened) -> Arc<dyn Feed> {
    let http = o.http.with_header("Authorization", basic_auth(&o.key));
    Live::open(http, o.hub, France::default())
}

#[derive(Default)]
pub(crate) struct France {
    /// The calls of the runs whose arrivals have been shown.
    runs: Runs,
}

impl France {
    /// The arrivals of `uic`, each with its origin and via stops from its vehicle journey: those
    /// already known, and up to [`ORIGINS_PER_BOARD`] more fetched. The board ends before the
    /// first row whose origin cannot be known yet (not fetched, or its fetch failed): a row
    /// without a vehicle journey is left out. Only a board that could show nothing says why.
    async fn arrivals(&self, http: &FeedHttp, uic: &str, limit: usize) -> SourceResult<Board> {
        let bytes = http.get(&board_path(uic, limit, Kind::Arrivals)).await?;
        let (name, rows) = parse_rows(&bytes, Kind::Arrivals).map_err(|e| http.bad_payload(e))?;
        let (mut known, mut fetched, mut failed) = (Vec::new(), 0, None);
        for (vj, mut row) in rows {
            // An id of the answer's own goes into a URL only in the shape Navitia writes.
            let Some(vj) = vj.filter(|v| is_vj(v)) else {
                continue;
            };
            let calls = match self.runs.get(&vj) {
                Some(calls) => calls,
                None if fetched < ORIGINS_PER_BOARD => {
                    fetched += 1;
                    match http.get_parsed(&vj_path(&vj), parse_calls).await {
                        Ok(calls) => {
                            let calls: Arc<[Call]> = calls.into();
                            self.runs.keep(vj, calls.clone());
                            calls
                        }
                        Err(e) => {
                            failed = Some(e);
                            break;
                        }
                    }
                }
                None => break,
            };
            arriving_from(&mut row, &calls, uic);
            if !row.destination.is_empty() {
                known.push(row);
            }
        }
        match failed {
            Some(e) if known.is_empty() => Err(e),
            _ => Ok(http.spec.complete(uic, Board::named(name, known))),
        }
    }
}

impl Adapter for France {
    fn knows_code(&self, code: &str) -> bool {
        CODES.fits(code)
    }

    /// No journeys for a traveller's route: the free plan's six requests a minute are the
    /// boards' (a board's rows name no stops on the way, so a route is matched by their
    /// destinations, as before their train ids were given).
    const ROUTE_LOOKUPS: RouteLookups = RouteLookups {
        per_board: 0,
        stops: railtop_core::traveller::RowStops::Shown,
    };

    /// A train of any station's board (`france-SNCF:2026-11-24:…`, its vehicle journey) is its
    /// run: `/vehicle_journeys/{id}`, read with its disruptions, the record made of its stops.
    /// A hub-board train of `realtime` (`france-<day>-<code>`) is found on the hub's board (the
    /// same, cached, answer) and its row's vehicle journey read the same way.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        if let Some(vj) = vj_of(ask.id)? {
            // The run's first day is in its id; the clock's day where it is not.
            let day = day_of(&vj).unwrap_or_else(|| ask.now.with_timezone(&TZ).date_naive());
            let run = http
                .get_parsed(&vj_path(&vj), |b| parse_vehicle_journey(b, day, ask.now))
                .await?;
            let Journey { mut train, stops } =
                Journey::of_stops(ask.id, run.code.clone(), COUNTRY.slug, run.stops.clone());
            run.tell(&mut train);
            return Ok(Some(Journey { train, stops }));
        }
        let not_here = || {
            SourceError::NotFound(format!(
                "no train {} on the board of {}: France's journeys are those of the hub's trains \
                 and of the boards' rows (their trainId)",
                railtop_core::text::quoted(ask.id),
                ask.hub
            ))
        };
        let hub = CODES.check(ask.hub)?;
        let bytes = http
            .get(&board_path(
                &hub,
                crate::upstream::HUB_ROWS,
                Kind::Departures,
            ))
            .await?;
        let (name, rows) = parse_rows(&bytes, Kind::Departures).map_err(|e| http.bad_payload(e))?;
        let station = http
            .spec
            .complete(&hub, Board::named(name, Vec::new()))
            .station;
        let (vj, mut train) =
            board_train(COUNTRY.slug, ask.id, rows, |_| station.clone()).ok_or_else(not_here)?;
        let vj = vj.filter(|v| is_vj(v)).ok_or_else(not_here)?;
        let day = crate::upstream::board_train_id(COUNTRY.slug, ask.id)
            .and_then(|(day, _)| NaiveDate::parse_from_str(day, "%Y%m%d").ok())
            .ok_or_else(not_here)?;
        let run = http
            .get_parsed(&vj_path(&vj), |b| parse_vehicle_journey(b, day, ask.now))
            .await?;
        run.tell(&mut train);
        train.from = run.stops.first().map(|s| s.name.clone());
        Ok(Some(Journey {
            train,
            stops: run.stops,
        }))
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (station, limit) = (ask.station, ask.limit);
        let uic = CODES.check(station)?;
        match ask.kind {
            Kind::Departures => {
                let path = board_path(&uic, limit, Kind::Departures);
                http.get_board(&path, &uic, parse_board).await
            }
            Kind::Arrivals => self.arrivals(http, &uic, limit).await,
        }
    }
}

/// What every Navitia vehicle journey id begins with.
const VJ: &str = "vehicle_journey:";

/// Longest vehicle journey id read (SNCF's are about 50 characters,
/// `vehicle_journey:SNCF:2025-05-05:841201:1187:Train`, longer with a realtime suffix).
const MAX_VJ_CHARS: usize = 160;

/// Whether `vj` is a vehicle journey id in the shape Navitia writes them: `vehicle_journey:`
/// and ASCII letters, digits, `:`, `.`, `_` and `-`, at most [`MAX_VJ_CHARS`]. Only such an id
/// goes into a URL: all its characters may stand in a path segment as they are (no `/`, `?`,
/// `#`, `%` or space), so it needs no escaping and names nothing else.
fn is_vj(vj: &str) -> bool {
    vj.len() <= MAX_VJ_CHARS
        && vj.strip_prefix(VJ).is_some_and(|rest| {
            !rest.is_empty()
                && rest
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b':' | b'.' | b'_' | b'-'))
        })
}

/// A board row's train id: `france-` and its vehicle journey's id without `vehicle_journey:`
/// (`france-SNCF:2026-11-24:133627:1187:RapidTransit`); `None` for an id not of that shape, or
/// one that would read as a hub train's `france-<YYYYMMDD>-<code>` (SNCF's begin `SNCF:`).
fn vj_train_id(vj: &str) -> Option<String> {
    let rest = vj.strip_prefix(VJ).filter(|_| is_vj(vj))?;
    let id = format!("{}-{rest}", COUNTRY.slug);
    crate::upstream::board_train_id(COUNTRY.slug, &id)
        .is_none()
        .then_some(id)
}

/// The vehicle journey a train id of [`vj_train_id`]'s names; `Ok(None)` for a hub train's id
/// (`france-<day>-<code>`), `Err` for anything else (refused before any request).
fn vj_of(id: &str) -> Result<Option<String>, SourceError> {
    if crate::upstream::board_train_id(COUNTRY.slug, id).is_some() {
        return Ok(None);
    }
    let vj = id
        .strip_prefix(COUNTRY.slug)
        .and_then(|rest| rest.strip_prefix('-'))
        .map(|rest| format!("{VJ}{rest}"))
        .filter(|vj| is_vj(vj));
    match vj {
        Some(vj) => Ok(Some(vj)),
        None => Err(SourceError::BadRequest(format!(
            "{} is not a French train id: use a board's trainId (france-SNCF:2026-11-24:…) or \
             a train of /api/live/realtime (france-20261124-…)",
            railtop_core::text::quoted(id)
        ))),
    }
}

/// The day in a vehicle journey's id (`…:SNCF:2026-11-24:133627:…`): its run's first day.
fn day_of(vj: &str) -> Option<NaiveDate> {
    vj.split(':')
        .find_map(|p| NaiveDate::parse_from_str(p, "%Y-%m-%d").ok())
}

/// A vehicle journey's path; `vj` is one [`is_vj`] passed.
fn vj_path(vj: &str) -> String {
    format!("/v1/coverage/sncf/vehicle_journeys/{vj}")
}

/// A station's departures or arrivals, realtime, `limit` of them (Navitia takes 10 to 100).
fn board_path(uic: &str, limit: usize, kind: Kind) -> String {
    let which = match kind {
        Kind::Departures => "departures",
        Kind::Arrivals => "arrivals",
    };
    format!(
        "/v1/coverage/sncf/stop_areas/stop_area:SNCF:{uic}/{which}?data_freshness=realtime&count={}",
        limit.clamp(10, 100)
    )
}

#[cfg(test)]
mod tests;
