//! Norway — Entur's journey planner (v3 GraphQL): a stop place's `estimatedCalls`, rail only.
//!
//! Every request names the client in `ET-Client-Name` (Entur asks all clients to). Stations are
//! NSR stop place ids (`NSR:StopPlace:59872`, Oslo S), a station of the embedded list (its NSR id
//! is an alias there), or any name, looked up with Entur's geocoder. Times carry their offset;
//! the delay is expected − aimed, only when `realtime` is true; `situations` become messages.
//! Arrivals are the same calls asked with `arrivalDeparture: arrivals` (their `aimedArrivalTime`),
//! each from its service journey's first quay's stop place (no recorded answer of this query
//! exists: its fixture follows the published schema).
//! Positions come from Entur's vehicles API (GraphQL, `vehicles(mode: RAIL)`, delays in seconds);
//! no recorded sample of it exists, so its fixture follows Entur's published schema. With a
//! `stop`, or when the vehicles API fails, `realtime` lists a board's trains (Oslo S by default).
//!
//! A vehicle's journey is its service journey's `estimatedCalls` (the journey planner's; the
//! vehicles API names the journey); no recorded answer exists, the fixture follows the schema.
//!
//! The station list is the stop places of every rail line (`lines(transportModes: [rail])`,
//! each line's quays and their stop place), ranked by how many lines call there. Not
//! `stopPlacesByBbox`: over Norway it answers every stop place in use, some 50,000 (bus stops,
//! quays), of which a few hundred are stations. No recorded answer of this query exists
//! either: its fixture follows the published schema.

use crate::source::{SourceError, SourceResult};
use crate::upstream::http::FeedHttp;
use crate::upstream::parse::{self, in_order, Board, ParseError};
use crate::upstream::times::{delay_minutes, local_hhmm};
use crate::upstream::{Adapter, BoardAsk, JourneyAsk, OwnTrains, TrainsAsk};
use chrono::{DateTime, Utc};
use railtop_core::country::{self, Country};
use railtop_core::model::tolerant;
use railtop_core::model::{Departure, JourneyStop, Kind, StationInfo, Train};
use serde::Deserialize;

const COUNTRY: Country = country::NORWAY;
const TZ: chrono_tz::Tz = COUNTRY.tz;
/// `<company>-<application>`, as Entur asks.
pub(crate) const CLIENT_NAME: &str = "railtop-terminalboards";
const JOURNEY_PLANNER: &str = "/journey-planner/v3/graphql";
const STOP_PREFIX: &str = "NSR:StopPlace:";

/// The board: departures of every quay of the stop place, cancelled ones included.
const BOARD_QUERY: &str = "query($id: String!, $n: Int!) { stopPlace(id: $id) { id name \
estimatedCalls(numberOfDepartures: $n, includeCancelledTrips: true) { realtime cancellation \
aimedDepartureTime expectedDepartureTime destinationDisplay { frontText } quay { publicCode } \
serviceJourney { line { publicCode transportMode } operator { name } } \
situations { summary { value language } } } } }";

/// A board's reader: departures or arrivals.
type BoardParser = fn(&[u8]) -> Result<Board, ParseError>;

/// The arrivals: the same calls asked as arrivals, each journey's quays naming its origin.
const ARRIVALS_QUERY: &str = "query($id: String!, $n: Int!) { stopPlace(id: $id) { id name \
estimatedCalls(numberOfDepartures: $n, arrivalDeparture: arrivals, includeCancelledTrips: true) { \
realtime cancellation aimedArrivalTime expectedArrivalTime quay { publicCode } \
serviceJourney { line { publicCode transportMode } operator { name } quays { stopPlace { name } } } \
situations { summary { value language } } } } }";

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Answer {
    data: Option<Data>,
    /// The board without GraphQL's `data` envelope, as recorded answers are often kept.
    stop_place: Option<StopPlace>,
    #[serde(default)]
    errors: Vec<GraphQlError>,
}

#[derive(Deserialize)]
struct GraphQlError {
    #[serde(default, deserialize_with = "tolerant::string")]
    message: String,
}

/// A GraphQL answer's first error, as the parse error it is.
fn refused(errors: &[GraphQlError]) -> Result<(), ParseError> {
    match errors.first() {
        Some(e) => Err(ParseError::new(
            COUNTRY.slug,
            "errors[0]",
            format!("the query was refused: {}", e.message),
        )),
        None => Ok(()),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Data {
    stop_place: Option<StopPlace>,
}

/// The station list: every rail line's stops.
const STATIONS_QUERY: &str =
    "{ lines(transportModes: [rail]) { quays { stopPlace { id name latitude longitude } } } }";

#[derive(Deserialize)]
struct LinesAnswer {
    data: Option<LinesData>,
    #[serde(default)]
    errors: Vec<GraphQlError>,
}

#[derive(Deserialize)]
struct LinesData {
    #[serde(default)]
    lines: Vec<RailLine>,
}

#[derive(Deserialize)]
struct RailLine {
    #[serde(default)]
    quays: Vec<LineQuay>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LineQuay {
    stop_place: Option<Place>,
}

#[derive(Deserialize)]
struct Place {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    latitude: Option<f64>,
    #[serde(default, deserialize_with = "tolerant::opt_f64")]
    longitude: Option<f64>,
}

/// The rail stations of an answer to [`STATIONS_QUERY`], those most lines call at first (Oslo
/// S), each once; stop places outside Norway's box (a line's foreign end) are left out.
pub fn parse_station_list(bytes: &[u8]) -> Result<Vec<railtop_core::assets::Station>, ParseError> {
    let answer: LinesAnswer = parse::json(COUNTRY.slug, bytes)?;
    refused(&answer.errors)?;
    let lines = answer
        .data
        .ok_or_else(|| ParseError::new(COUNTRY.slug, "data", "no data in the answer"))?
        .lines;
    // Each stop place with the number of lines calling there, in the order first seen.
    let mut order: Vec<(railtop_core::assets::Station, usize)> = Vec::new();
    let mut at: std::collections::HashMap<String, usize> = Default::default();
    for line in &lines {
        let mut seen_on_line = std::collections::HashSet::new();
        for place in line.quays.iter().filter_map(|q| q.stop_place.as_ref()) {
            let (Some(lat), Some(lng)) = (place.latitude, place.longitude) else {
                continue;
            };
            if !place.id.starts_with(STOP_PREFIX)
                || place.name.trim().is_empty()
                || !COUNTRY.bbox.contains(lat, lng)
                || !seen_on_line.insert(place.id.as_str())
            {
                continue;
            }
            match at.get(&place.id) {
                Some(&i) => order[i].1 += 1,
                None => {
                    at.insert(place.id.clone(), order.len());
                    order.push((
                        railtop_core::assets::Station {
                            code: place.id.clone(),
                            name: place.name.trim().to_string(),
                            lat,
                            lng,
                            aliases: Vec::new(),
                        },
                        1,
                    ));
                }
            }
        }
    }
    // Stable: stations served by as many lines keep the order the lines gave them.
    order.sort_by_key(|s| std::cmp::Reverse(s.1));
    Ok(order.into_iter().map(|(s, _)| s).collect())
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct StopPlace {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    #[serde(default, deserialize_with = "tolerant::string")]
    name: String,
    #[serde(default)]
    estimated_calls: Vec<Call>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Call {
    #[serde(default, deserialize_with = "tolerant::bool")]
    realtime: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancellation: bool,
    aimed_departure_time: Option<DateTime<Utc>>,
    expected_departure_time: Option<DateTime<Utc>>,
    /// An arrival's times (`arrivalDeparture: arrivals`).
    aimed_arrival_time: Option<DateTime<Utc>>,
    expected_arrival_time: Option<DateTime<Utc>>,
    destination_display: Option<Front>,
    quay: Option<Quay>,
    service_journey: Option<Journey>,
    #[serde(default)]
    situations: Vec<Situation>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Front {
    #[serde(default, deserialize_with = "tolerant::string")]
    front_text: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Quay {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    public_code: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Journey {
    line: Option<Line>,
    /// The older shape (`journeyPattern { line }`), still answered.
    journey_pattern: Option<Pattern>,
    operator: Option<Named>,
    /// The quays the journey calls at, in order (asked for arrivals: the first is the origin).
    #[serde(
        default,
        deserialize_with = "tolerant::bounded::<_, JourneyQuayPlace, 200>"
    )]
    quays: Vec<JourneyQuayPlace>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JourneyQuayPlace {
    stop_place: Option<Named>,
}

#[derive(Deserialize)]
struct Pattern {
    line: Option<Line>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Line {
    #[serde(default, deserialize_with = "tolerant::string")]
    public_code: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    transport_mode: Option<String>,
}

#[derive(Deserialize)]
struct Named {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    name: Option<String>,
}

#[derive(Deserialize)]
struct Situation {
    #[serde(default)]
    summary: Vec<Text>,
}

#[derive(Deserialize)]
struct Text {
    #[serde(default, deserialize_with = "tolerant::string")]
    value: String,
    /// `nob`, `nno`, `eng`…: Entur's language of the text, where given.
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    language: Option<String>,
}

/// Trains on the map: every rail vehicle Entur's vehicles API knows.
const VEHICLES_QUERY: &str = "{ vehicles(mode: RAIL) { vehicleId lastUpdated delay \
location { latitude longitude } line { publicCode } destinationName serviceJourney { id date } } }";

/// A service journey's calls (the journey planner's), for a vehicle's journey.
const JOURNEY_QUERY: &str =
    "query TrainJourney($id: String!, $date: Date) { serviceJourney(id: $id) { \
estimatedCalls(date: $date) { realtime cancellation aimedArrivalTime expectedArrivalTime \
actualArrivalTime aimedDepartureTime expectedDepartureTime actualDepartureTime \
quay { publicCode stopPlace { id name latitude longitude } } } } }";
const VEHICLES: &str = "/realtime/v2/vehicles/graphql";

#[derive(Deserialize)]
struct VehiclesAnswer {
    data: Option<VehiclesData>,
    #[serde(default)]
    errors: Vec<GraphQlError>,
}

#[derive(Deserialize)]
struct VehiclesData {
    #[serde(default)]
    vehicles: Vec<Vehicle>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Vehicle {
    #[serde(default, deserialize_with = "tolerant::string")]
    vehicle_id: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    last_updated: Option<String>,
    /// Seconds.
    #[serde(default, deserialize_with = "tolerant::opt_i64")]
    delay: Option<i64>,
    location: Option<crate::upstream::parse::Location>,
    line: Option<Line>,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    destination_name: Option<String>,
    service_journey: Option<ServiceJourneyRef>,
}

/// The service journey a vehicle runs: its id and its operating day (`2026-11-24`).
#[derive(Deserialize)]
struct ServiceJourneyRef {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    date: Option<String>,
}

#[derive(Deserialize)]
struct JourneyAnswer {
    data: Option<JourneyData>,
    #[serde(default)]
    errors: Vec<GraphQlError>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JourneyData {
    service_journey: Option<ServiceJourneyCalls>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct ServiceJourneyCalls {
    #[serde(default)]
    estimated_calls: Vec<JourneyCall>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JourneyCall {
    #[serde(default, deserialize_with = "tolerant::bool")]
    realtime: bool,
    #[serde(default, deserialize_with = "tolerant::bool")]
    cancellation: bool,
    aimed_arrival_time: Option<DateTime<Utc>>,
    expected_arrival_time: Option<DateTime<Utc>>,
    actual_arrival_time: Option<DateTime<Utc>>,
    aimed_departure_time: Option<DateTime<Utc>>,
    expected_departure_time: Option<DateTime<Utc>>,
    actual_departure_time: Option<DateTime<Utc>>,
    quay: Option<JourneyQuay>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct JourneyQuay {
    #[serde(default, deserialize_with = "tolerant::opt_string")]
    public_code: Option<String>,
    stop_place: Option<Place>,
}

/// The vehicles API's train `id` (`norway-<vehicle>`): its record, its service journey's id and
/// day.
pub(crate) fn find_vehicle(
    bytes: &[u8],
    id: &str,
) -> Result<Option<(Train, String, Option<String>)>, ParseError> {
    let answer: VehiclesAnswer = parse::json(COUNTRY.slug, bytes)?;
    refused(&answer.errors)?;
    let vehicles = answer.data.map(|d| d.vehicles).unwrap_or_default();
    let Some(v) = vehicles
        .into_iter()
        .find(|v| !v.vehicle_id.is_empty() && format!("norway-{}", v.vehicle_id) == id)
    else {
        return Ok(None);
    };
    let Some(journey) = v.service_journey.as_ref().filter(|j| !j.id.is_empty()) else {
        return Ok(None);
    };
    let (journey_id, day) = (journey.id.clone(), journey.date.clone());
    Ok(Some((vehicle_train(v), journey_id, day)))
}

/// A service journey's calls as the run's stops: times realtime only where `realtime` is true
/// (an actual time always), passed once an actual (else expected) time is behind `now`.
pub fn parse_journey(bytes: &[u8], now: DateTime<Utc>) -> Result<Vec<JourneyStop>, ParseError> {
    let answer: JourneyAnswer = parse::json(COUNTRY.slug, bytes)?;
    refused(&answer.errors)?;
    let calls = answer
        .data
        .and_then(|d| d.service_journey)
        .map(|j| j.estimated_calls)
        .unwrap_or_default();
    Ok(calls
        .into_iter()
        .map(|c| {
            let live = |actual: Option<DateTime<Utc>>, expected: Option<DateTime<Utc>>| {
                actual
                    .or(expected.filter(|_| c.realtime))
                    .filter(|_| !c.cancellation)
            };
            let arrival = (
                c.aimed_arrival_time,
                live(c.actual_arrival_time, c.expected_arrival_time),
            );
            let departure = (
                c.aimed_departure_time,
                live(c.actual_departure_time, c.expected_departure_time),
            );
            let place = c.quay.as_ref().and_then(|q| q.stop_place.as_ref());
            let name = place.map(|p| p.name.clone()).unwrap_or_default();
            let mut stop = JourneyStop::timed(name, arrival, departure, TZ);
            let done = c.actual_departure_time.or(c.actual_arrival_time);
            let last = departure.1.or(departure.0).or(arrival.1).or(arrival.0);
            stop.passed = done.is_some() || last.is_some_and(|t| t < now);
            stop.cancelled = c.cancellation;
            stop.platform = c.quay.as_ref().and_then(|q| q.public_code.clone());
            if let Some(p) = place {
                stop.code = Some(p.id.clone()).filter(|c| !c.is_empty());
                (stop.lat, stop.lng) = (p.latitude, p.longitude);
            }
            stop
        })
        .collect())
}

/// One vehicle as a train (its delay arrives in seconds).
fn vehicle_train(v: Vehicle) -> Train {
    let line = v.line.map(|l| l.public_code).unwrap_or_default();
    let code = if line.is_empty() {
        v.vehicle_id.clone()
    } else {
        line
    };
    let (lat, lng) = v
        .location
        .map_or((None, None), |l| (l.latitude, l.longitude));
    Train {
        id: format!("norway-{}", v.vehicle_id),
        name: format!("{code} → {}", v.destination_name.as_deref().unwrap_or("?")),
        train_code: code,
        status: railtop_core::model::status::RUNNING.into(),
        lat,
        lng,
        delay: v.delay.map(railtop_core::clock::minutes_from_seconds),
        platform: None,
        country: Some(COUNTRY.slug.into()),
        from: None,
        to: v.destination_name,
        next_station: None,
        direction: None,
        scheduled_dep: None,
        last_updated: v.last_updated,
        operator: None,
        last_seen: None,
        speed: None,
        messages: Vec::new(),
        message_languages: Vec::new(),
        partly_cancelled: false,
        timezone: None,
    }
}

/// The vehicles API's rail vehicles as trains (delays arrive in seconds).
pub fn parse_vehicles(bytes: &[u8]) -> Result<Vec<Train>, ParseError> {
    let answer: VehiclesAnswer = parse::json(COUNTRY.slug, bytes)?;
    refused(&answer.errors)?;
    Ok(answer
        .data
        .map(|d| d.vehicles)
        .unwrap_or_default()
        .into_iter()
        .filter(|v| !v.vehicle_id.is_empty())
        .map(vehicle_train)
        .collect())
}

/// The stop place (its id is the station's code) and its rail departures in order of aimed time.
pub fn parse_board(bytes: &[u8]) -> Result<Board, ParseError> {
    parse_calls(bytes, Kind::Departures)
}

/// The board asked as arrivals: each call at its arrival time, from the journey's first quay's
/// stop place.
pub fn parse_arrivals(bytes: &[u8]) -> Result<Board, ParseError> {
    parse_calls(bytes, Kind::Arrivals)
}

fn parse_calls(bytes: &[u8], kind: Kind) -> Result<Board, ParseError> {
    let answer: Answer = parse::json(COUNTRY.slug, bytes)?;
    refused(&answer.errors)?;
    let place = answer
        .data
        .and_then(|d| d.stop_place)
        .or(answer.stop_place)
        .ok_or_else(|| ParseError::new(COUNTRY.slug, "data.stopPlace", "no such stop place"))?;
    let rows: Vec<(DateTime<Utc>, Departure)> = place
        .estimated_calls
        .into_iter()
        .filter_map(|mut call| {
            if kind == Kind::Arrivals {
                // An arrival read as a departure is: its times, its origin for the destination.
                call.aimed_departure_time = call.aimed_arrival_time;
                call.expected_departure_time = call.expected_arrival_time;
                let origin = call
                    .service_journey
                    .as_ref()
                    .and_then(|j| j.quays.first())
                    .and_then(|q| q.stop_place.as_ref())
                    .and_then(|p| p.name.clone());
                call.destination_display = Some(Front {
                    front_text: origin.unwrap_or_default(),
                });
            }
            // Older answers may carry only the expected time: then it stands for the plan.
            let aimed = call.aimed_departure_time.or(call.expected_departure_time)?;
            let has_plan = call.aimed_departure_time.is_some();
            let journey = call.service_journey.as_ref();
            let line = journey.and_then(|j| {
                j.line
                    .as_ref()
                    .or_else(|| j.journey_pattern.as_ref().and_then(|p| p.line.as_ref()))
            });
            // Stop places such as Oslo S also serve buses and trams: trains only.
            if line
                .and_then(|l| l.transport_mode.as_deref())
                .is_some_and(|mode| mode != "rail")
            {
                return None;
            }
            let expected = call
                .expected_departure_time
                .filter(|_| has_plan && call.realtime && !call.cancellation);
            let delay = expected.map(|e| delay_minutes(aimed, e));
            Some((
                aimed,
                Departure {
                    line: line.map_or_else(String::new, |l| l.public_code.clone()),
                    destination: call
                        .destination_display
                        .map_or_else(String::new, |d| d.front_text),
                    platform: call.quay.and_then(|q| q.public_code),
                    scheduled_dep: local_hhmm(aimed, TZ),
                    delay,
                    cancelled: call.cancellation,
                    operator: journey
                        .and_then(|j| j.operator.as_ref())
                        .and_then(|o| o.name.clone()),
                    expected_dep: expected.map(|e| local_hhmm(e, TZ)),
                    messages: call
                        .situations
                        .iter()
                        .filter_map(|s| s.summary.first().map(|t| t.value.clone()))
                        .collect(),
                    message_languages: call
                        .situations
                        .iter()
                        .filter_map(|s| s.summary.first().map(|t| t.language.clone()))
                        .collect(),
                    ..Departure::default()
                },
            ))
        })
        .collect();
    Ok(Board {
        station: StationInfo {
            code: place.id,
            name: place.name,
            ..StationInfo::default()
        },
        departures: in_order(rows),
        notices: Vec::new(),
    })
}

#[derive(Deserialize)]
struct Geocoded {
    #[serde(default)]
    features: Vec<Feature>,
}

#[derive(Deserialize)]
struct Feature {
    properties: Properties,
}

#[derive(Deserialize)]
struct Properties {
    #[serde(default, deserialize_with = "tolerant::string")]
    id: String,
}

/// The first stop place the geocoder offers for a name.
pub fn parse_geocoder(bytes: &[u8]) -> Result<Option<String>, ParseError> {
    let answer: Geocoded = parse::json(COUNTRY.slug, bytes)?;
    Ok(answer
        .features
        .into_iter()
        .map(|f| f.properties.id)
        .find(|id| id.starts_with(STOP_PREFIX)))
}

/// The feed's adapter (its registry row opens it with `open_plain`).
#[derive(Default)]
pub struct Norway;

/// `station` as an NSR stop place id: given, from the station list, or from the geocoder.
async fn stop_place(http: &FeedHttp, station: &str) -> Result<String, SourceError> {
    let station = station.trim();
    if station.starts_with(STOP_PREFIX) {
        return Ok(station.to_string());
    }
    let listed = railtop_core::stations::by_code(station, Some(COUNTRY.slug));
    let listed = listed.as_ref();
    if let Some(id) = listed.and_then(|s| s.aliases.iter().find(|a| a.starts_with(STOP_PREFIX))) {
        return Ok(id.clone());
    }
    let name = listed.map_or(station, |s| s.name.as_str());
    let query: String = form_urlencoded::Serializer::new(String::new())
        .append_pair("text", name)
        .append_pair("layers", "venue")
        .append_pair("size", "5")
        .finish();
    http.get_parsed(
        &format!("/geocoder/v1/autocomplete?{query}"),
        parse_geocoder,
    )
    .await?
    .ok_or_else(|| SourceError::NotFound(format!("Entur knows no stop place {name:?}")))
}

impl Adapter for Norway {
    fn knows_code(&self, code: &str) -> bool {
        code.starts_with(STOP_PREFIX)
    }

    /// The vehicles API's positions; with a `stop` (or if positions fail), a board's trains.
    async fn trains(&self, http: &FeedHttp, ask: TrainsAsk<'_>) -> OwnTrains {
        if ask.stop.is_some() {
            return Ok(None);
        }
        let body = serde_json::json!({ "query": VEHICLES_QUERY }).to_string();
        match http
            .post_parsed(VEHICLES, body, "application/json", parse_vehicles)
            .await
        {
            Ok(trains) => Ok(Some(trains)),
            Err(e) => {
                tracing::warn!(error = %e, "Entur vehicles failed; listing a board's trains");
                Ok(None)
            }
        }
    }

    /// A vehicle's journey: its service journey (from the vehicles API, the same cached
    /// answer as the trains), then that journey's calls from the journey planner.
    async fn journey(
        &self,
        http: &FeedHttp,
        ask: JourneyAsk<'_>,
    ) -> SourceResult<Option<crate::upstream::Journey>> {
        let body = serde_json::json!({ "query": VEHICLES_QUERY }).to_string();
        let found = http
            .post_parsed(VEHICLES, body, "application/json", |b| {
                find_vehicle(b, ask.id)
            })
            .await?;
        let Some((train, journey, day)) = found else {
            return Err(SourceError::NotFound(format!(
                "no vehicle {} with a service journey in Entur's vehicles now (Norway's journeys are those of its vehicles)",
                railtop_core::text::quoted(ask.id)
            )));
        };
        let day = day.unwrap_or_else(|| ask.now.with_timezone(&TZ).format("%Y-%m-%d").to_string());
        let body = serde_json::json!({
            "query": JOURNEY_QUERY,
            "variables": { "id": journey, "date": day },
        })
        .to_string();
        let stops = http
            .post_parsed(JOURNEY_PLANNER, body, "application/json", |b| {
                parse_journey(b, ask.now)
            })
            .await?;
        Ok(Some(crate::upstream::Journey { train, stops }))
    }

    async fn station_list(
        &self,
        http: &FeedHttp,
    ) -> SourceResult<Option<Vec<railtop_core::assets::Station>>> {
        let body = serde_json::json!({ "query": STATIONS_QUERY }).to_string();
        http.post_parsed(
            JOURNEY_PLANNER,
            body,
            "application/json",
            parse_station_list,
        )
        .await
        .map(Some)
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (station, limit) = (ask.station, ask.limit);
        let id = stop_place(http, station).await?;
        // Buses and trams share the count: ask for more than the board shows.
        let (query, parse): (_, BoardParser) = match ask.kind {
            Kind::Departures => (BOARD_QUERY, parse_board),
            Kind::Arrivals => (ARRIVALS_QUERY, parse_arrivals),
        };
        let body = serde_json::json!({
            "query": query,
            "variables": { "id": id, "n": (limit * 3).clamp(20, 200) },
        })
        .to_string();
        http.post_board(JOURNEY_PLANNER, body, &id, parse).await
    }
}

#[cfg(test)]
mod tests;
