//! railtop's own `/gtfs-rt/vehicle-positions`, `/gtfs-rt/trip-updates` and `/gtfs-rt/alerts`:
//! a realtime answer of any source as the three GTFS-Realtime 2.0 feeds, `FULL_DATASET`, for
//! the tools of the transit world (OpenTripPlanner, MOTIS, Home Assistant, validators). Each
//! feed is encoded once per cached answer (protobuf, its gzip, and the JSON rendering for
//! people with `?format=json`), so a request costs what a JSON answer costs.
//!
//! Field by field (docs/api.md has the table): an entity's `id` and `vehicle.id` are railtop's
//! train id, `vehicle.label` the train's code, `trip.trip_id` the train id too (one id per
//! run); positions come only from trains that have one (never 0/0), with `speed` in m/s; a
//! trip update only where the delay is known (`delay` is its minutes × 60) or the run is
//! cancelled (`CANCELED`); an alert per distinct message, naming the trips it was given for.
//! A realtime answer does not carry a run's stops, so stop time updates come from what the
//! cache holds because someone asked: a run's journey (every stop ahead, with its place in the
//! run and its times), else the station boards that list the train (a delay at each of their
//! stations, without a place in the run, which boards do not know).

use crate::handlers::realtime_answer;
use crate::params;
use crate::respond::{accepts_gzip, cached_body, error_response};
use crate::state::ApiState;
use crate::wire::Wire;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue};
use axum::response::Response;
use axum::routing::{on, MethodFilter, MethodRouter};
use railtop_core::model::{
    status, DeparturesResponse, JourneyStop, Kind, RealtimeResponse, StopTime, Train,
};
use railtop_feeds::upstream::gtfs_rt::{
    self, Alert, EntitySelector, FeedEntity, FeedHeader, FeedMessage, Position, StopTimeEvent,
    StopTimeUpdate, TranslatedString, Translation, TripDescriptor, TripUpdate, VehicleDescriptor,
    VehiclePosition,
};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::sync::Arc;

/// The three feeds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feed {
    VehiclePositions,
    TripUpdates,
    Alerts,
}

impl Feed {
    /// Where its four encodings are kept with a cached answer (`wire.rs`'s derived slots): protobuf,
    /// and JSON, each plain and gzip-compressed.
    pub fn slots(self) -> [usize; 4] {
        let base = match self {
            Feed::VehiclePositions => 0,
            Feed::TripUpdates => 4,
            Feed::Alerts => 8,
        };
        [base, base + 1, base + 2, base + 3]
    }
}

/// The runs railtop knows of the answer's trains (their journeys, fetched lately by someone):
/// where a trip update gets its stop time updates.
pub type Runs<'a> = &'a dyn Fn(&str) -> Option<Vec<JourneyStop>>;

/// What railtop knows beyond the realtime answer, fresh in its cache because someone asked:
/// runs (for the trip updates' stops) and boards (for the trip updates' stops where no run is
/// known, and the alerts' stops).
pub struct Known<'a> {
    pub runs: Runs<'a>,
    pub boards: &'a [&'a DeparturesResponse],
}

#[cfg(test)]
impl Known<'_> {
    /// Nothing beyond the answer.
    pub const NOTHING: Known<'static> = Known {
        runs: &|_| None,
        boards: &[],
    };
}

/// The answer's trains as `feed`: each trip update with the stops of its run, and the alerts
/// with the notices of the boards, where `known` has them.
pub fn feed(answer: &RealtimeResponse, feed: Feed, known: &Known<'_>) -> FeedMessage {
    let runs = known.runs;
    let timestamp = chrono::DateTime::parse_from_rfc3339(&answer.fetched_at)
        .ok()
        .and_then(|t| u64::try_from(t.timestamp()).ok());
    let header = FeedHeader {
        gtfs_realtime_version: Some("2.0".into()),
        incrementality: Some(gtfs_rt::FULL_DATASET),
        timestamp,
    };
    let of_answer = |b: &&&DeparturesResponse| {
        let country = b.station.country.as_deref();
        country.is_some_and(|c| answer.live_countries.iter().any(|l| l == c))
    };
    // Boards of one station each: a board of several says each row's own in `departsFrom`.
    let boards: Vec<&DeparturesResponse> = known
        .boards
        .iter()
        .filter(of_answer)
        .filter(|b| b.stations.is_empty())
        .copied()
        .collect();
    let entity = match feed {
        Feed::VehiclePositions => answer
            .trains
            .iter()
            .filter_map(|t| vehicle(t, timestamp))
            .collect(),
        Feed::TripUpdates => answer
            .trains
            .iter()
            .filter_map(|t| trip_update(t, timestamp, runs, &boards))
            .collect(),
        Feed::Alerts => alerts(&answer.trains, &boards),
    };
    FeedMessage {
        header: Some(header),
        entity,
    }
}

fn trip(t: &Train) -> TripDescriptor {
    TripDescriptor {
        trip_id: Some(t.id.clone()),
        ..TripDescriptor::default()
    }
}

fn vehicle_descriptor(t: &Train) -> VehicleDescriptor {
    VehicleDescriptor {
        id: Some(t.id.clone()),
        label: Some(t.train_code.clone()).filter(|c| !c.is_empty()),
    }
}

/// The train's own time (`lastUpdated`), else the answer's.
fn stamp(t: &Train, answer: Option<u64>) -> Option<u64> {
    t.last_updated
        .as_deref()
        .and_then(|u| chrono::DateTime::parse_from_rfc3339(u).ok())
        .and_then(|u| u64::try_from(u.timestamp()).ok())
        .or(answer)
}

fn vehicle(t: &Train, answer: Option<u64>) -> Option<FeedEntity> {
    let (lat, lng) = (t.lat?, t.lng?);
    if t.id.is_empty() || (lat == 0.0 && lng == 0.0) {
        return None;
    }
    Some(FeedEntity {
        id: Some(t.id.clone()),
        vehicle: Some(VehiclePosition {
            trip: Some(trip(t)),
            vehicle: Some(vehicle_descriptor(t)),
            position: Some(Position {
                latitude: Some(lat as f32),
                longitude: Some(lng as f32),
                bearing: None,
                // km/h to m/s.
                speed: t.speed.map(|s| (s / 3.6) as f32),
            }),
            timestamp: stamp(t, answer),
            ..VehiclePosition::default()
        }),
        ..FeedEntity::default()
    })
}

fn trip_update(
    t: &Train,
    answer: Option<u64>,
    runs: Runs<'_>,
    boards: &[&DeparturesResponse],
) -> Option<FeedEntity> {
    let cancelled = t.status == status::CANCELLED;
    if t.id.is_empty() || (t.delay.is_none() && !cancelled) {
        return None;
    }
    let stop_time_update = match runs(&t.id) {
        _ if cancelled => Vec::new(),
        Some(stops) => stops
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.passed)
            .filter_map(|(i, s)| stop_time_update(i, s))
            .collect(),
        None => board_updates(&t.id, boards),
    };
    let mut descriptor = trip(t);
    if cancelled {
        descriptor.schedule_relationship = Some(gtfs_rt::TRIP_CANCELED);
    }
    Some(FeedEntity {
        id: Some(t.id.clone()),
        trip_update: Some(TripUpdate {
            trip: Some(descriptor),
            vehicle: Some(vehicle_descriptor(t)),
            timestamp: stamp(t, answer),
            delay: t
                .delay
                .filter(|_| !cancelled)
                .and_then(|d| d.checked_mul(60))
                .and_then(|d| i32::try_from(d).ok()),
            stop_time_update,
        }),
        ..FeedEntity::default()
    })
}

/// A stop still ahead of the run: its place in the run (`stop_sequence`, from 1, railtop's
/// own as its trip ids are), the feed's station code, and each of its times that railtop has
/// (expected, else planned, as Unix seconds, with the delay where both are known); a cancelled
/// stop is `SKIPPED`. `None` for a stop with neither code nor time.
fn stop_time_update(i: usize, s: &JourneyStop) -> Option<StopTimeUpdate> {
    let unix = |at: &Option<String>| {
        chrono::DateTime::parse_from_rfc3339(at.as_deref()?)
            .ok()
            .map(|t| t.timestamp())
    };
    let event = |time: &StopTime| {
        let (planned, expected) = (unix(&time.scheduled_at), unix(&time.expected_at));
        let delay = planned
            .zip(expected)
            .and_then(|(p, e)| i32::try_from(e.checked_sub(p)?).ok());
        expected
            .or(planned)
            .map(|t| StopTimeEvent {
                delay,
                time: Some(t),
            })
            .filter(|_| !s.cancelled)
    };
    let update = StopTimeUpdate {
        stop_sequence: u32::try_from(i).ok().and_then(|i| i.checked_add(1)),
        stop_id: s.code.clone().filter(|c| !c.is_empty()),
        arrival: event(&s.arrival),
        departure: event(&s.departure),
        schedule_relationship: Some(if s.cancelled {
            gtfs_rt::STOP_SKIPPED
        } else {
            gtfs_rt::STOP_SCHEDULED
        }),
    };
    (update.stop_id.is_some() || update.arrival.is_some() || update.departure.is_some())
        .then_some(update)
}

/// The stops of train `id` from the boards that list it: one update per station (its
/// departure's delay from a departures board, its arrival's from an arrivals board, `SKIPPED`
/// where the row is cancelled), with the station code and no `stop_sequence` (a board does not
/// know the stop's place in the run), in the order of their timetabled clock times: a train
/// whose times span more than twelve hours crosses midnight, so its morning times come last.
fn board_updates(id: &str, boards: &[&DeparturesResponse]) -> Vec<StopTimeUpdate> {
    let mut found: Vec<(u32, StopTimeUpdate)> = Vec::new();
    for b in boards {
        let stop = b.station.code.as_str();
        if stop.is_empty() {
            continue;
        }
        for row in b
            .departures
            .iter()
            .filter(|r| r.train_id.as_deref() == Some(id))
        {
            let event = row
                .delay
                .filter(|_| !row.cancelled)
                .and_then(|d| d.checked_mul(60))
                .and_then(|d| i32::try_from(d).ok())
                .map(|delay| StopTimeEvent {
                    delay: Some(delay),
                    time: None,
                });
            let at = match found
                .iter()
                .position(|(_, u)| u.stop_id.as_deref() == Some(stop))
            {
                Some(at) => at,
                None => {
                    let update = StopTimeUpdate {
                        stop_id: Some(stop.to_string()),
                        schedule_relationship: Some(gtfs_rt::STOP_SCHEDULED),
                        ..StopTimeUpdate::default()
                    };
                    found.push((minute_of_day(&row.scheduled_dep), update));
                    found.len() - 1
                }
            };
            let update = &mut found[at].1;
            match b.kind {
                Kind::Departures => update.departure = event.or(update.departure.take()),
                Kind::Arrivals => update.arrival = event.or(update.arrival.take()),
            }
            if row.cancelled {
                update.schedule_relationship = Some(gtfs_rt::STOP_SKIPPED);
            }
        }
    }
    let (first, last) = found
        .iter()
        .fold((u32::MAX, 0), |(lo, hi), (m, _)| (lo.min(*m), hi.max(*m)));
    if last.saturating_sub(first) > 12 * 60 {
        for (m, _) in &mut found {
            if *m < 12 * 60 {
                *m += 24 * 60;
            }
        }
    }
    found.sort_by_key(|(m, _)| *m);
    found
        .into_iter()
        .map(|(_, u)| u)
        .filter(|u| {
            u.arrival.is_some()
                || u.departure.is_some()
                || u.schedule_relationship == Some(gtfs_rt::STOP_SKIPPED)
        })
        .collect()
}

/// `"HH:MM"` as minutes after midnight; anything else as midnight.
fn minute_of_day(clock: &str) -> u32 {
    let mut parts = clock.split(':').map(|p| p.trim().parse::<u32>().ok());
    match (parts.next().flatten(), parts.next().flatten()) {
        (Some(h), Some(m)) if h < 24 && m < 60 => h * 60 + m,
        _ => 0,
    }
}

/// An alert per distinct message, informing what it was given for: a train's message its
/// trip, a board row's its trip at that station (or the station alone, for a row without a
/// train id), a board's notice its station. Its id is the text's hash, so the same message keeps
/// its id from answer to answer; its language is the message's, where the feed said it.
fn alerts(trains: &[Train], boards: &[&DeparturesResponse]) -> Vec<FeedEntity> {
    type About<'a> = (Option<&'a str>, Option<&'a str>);
    let mut by_text: BTreeMap<&str, Vec<About<'_>>> = BTreeMap::new();
    let mut languages: BTreeMap<&str, &str> = BTreeMap::new();
    for t in trains.iter().filter(|t| !t.id.is_empty()) {
        for (i, m) in t.messages.iter().enumerate() {
            if let Some(Some(l)) = t.message_languages.get(i) {
                languages.entry(m.as_str()).or_insert(l.as_str());
            }
            by_text
                .entry(m.as_str())
                .or_default()
                .push((Some(t.id.as_str()), None));
        }
    }
    for b in boards {
        let stop = Some(b.station.code.as_str()).filter(|c| !c.is_empty());
        for row in &b.departures {
            for (i, m) in row.messages.iter().enumerate() {
                if let Some(Some(l)) = row.message_languages.get(i) {
                    languages.entry(m.as_str()).or_insert(l.as_str());
                }
                let trip = row.train_id.as_deref().filter(|id| !id.is_empty());
                by_text.entry(m.as_str()).or_default().push((trip, stop));
            }
        }
        for (i, m) in b.notices.iter().enumerate() {
            if let Some(Some(l)) = b.notice_languages.get(i) {
                languages.entry(m.as_str()).or_insert(l.as_str());
            }
            by_text.entry(m.as_str()).or_default().push((None, stop));
        }
    }
    by_text
        .into_iter()
        .map(|(text, mut about)| {
            about.sort_unstable();
            about.dedup();
            FeedEntity {
                id: Some(format!("alert-{:016x}", fnv(text))),
                alert: Some(Alert {
                    informed_entity: about
                        .into_iter()
                        .map(|(trip, stop)| EntitySelector {
                            trip: trip.map(|id| TripDescriptor {
                                trip_id: Some(id.to_string()),
                                ..TripDescriptor::default()
                            }),
                            stop_id: stop.map(str::to_string),
                            ..EntitySelector::default()
                        })
                        .collect(),
                    header_text: Some(TranslatedString {
                        translation: vec![Translation {
                            text: Some(text.to_string()),
                            language: languages.get(text).map(|l| l.to_string()),
                        }],
                    }),
                    ..Alert::default()
                }),
                ..FeedEntity::default()
            }
        })
        .collect()
}

/// The handler of one GTFS-Realtime feed, answering `method`.
pub(crate) fn route(method: MethodFilter, which: Feed) -> MethodRouter<Arc<ApiState>> {
    on(
        method,
        move |State(state): State<Arc<ApiState>>, headers: HeaderMap, RawQuery(query): RawQuery| async move {
            answer(state, &headers, query.as_deref(), which).await
        },
    )
}

/// railtop's own GTFS-Realtime feeds of the realtime answer (`?country=`, `?format=json`):
/// each encoding made once per cached answer, sent as the JSON answers are (gzip when asked,
/// the same `Cache-Control`). An encoding not made yet is made on the blocking pool: a feed of
/// a thousand trains takes milliseconds, which would stall the other connections of this
/// event loop.
async fn answer(
    state: Arc<ApiState>,
    headers: &HeaderMap,
    raw: Option<&str>,
    which: Feed,
) -> Response {
    let (query, json) = match params::gtfs_rt(raw, state.source.regions()) {
        Ok(p) => p,
        Err(e) => return error_response(&e),
    };
    let answer = match realtime_answer(&state, query).await {
        Ok(answer) => answer,
        Err(e) => return error_response(&e),
    };
    let [pb, pb_gzip, json_slot, json_gzip] = which.slots();
    let (slot, kind, gzip_slot) = if json {
        (json_slot, "application/json", json_gzip)
    } else {
        (pb, "application/x-protobuf", pb_gzip)
    };
    let gzip = accepts_gzip(headers);
    let sent = if gzip { gzip_slot } else { slot };
    let body = match Wire::of(&answer).derived_if_made(sent) {
        Some(body) => body,
        None => {
            let (state, answer) = (state.clone(), answer.clone());
            let made = tokio::task::spawn_blocking(move || {
                let wire = Wire::of(&answer);
                let body = wire.derived(slot, |a| encoded(&state, a, which, json));
                if gzip {
                    wire.derived_gzip(gzip_slot, &body)
                } else {
                    body
                }
            });
            made.await.unwrap_or_default()
        }
    };
    let etag = Wire::of(&answer).etag(sent, &body);
    let mut r = cached_body(body, etag, answer.remaining_ttl(), gzip, headers);
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    r
}

/// The feed `which` of `answer`, with what the cache knows beyond it, as protobuf or JSON.
fn encoded(state: &ApiState, answer: &RealtimeResponse, which: Feed, json: bool) -> Vec<u8> {
    let runs = |id: &str| Some(state.source.journey_if_cached(id)?.value.stops.clone());
    let boards = state.source.boards_if_cached();
    let boards: Vec<&DeparturesResponse> = boards.iter().map(|b| &b.value).collect();
    let known = Known {
        runs: &runs,
        boards: &boards,
    };
    let feed = feed(answer, which, &known);
    if json {
        serde_json::to_vec(&to_json(&feed)).unwrap_or_default()
    } else {
        gtfs_rt::encode(&feed)
    }
}

/// FNV-1a: a hash that stays the same across runs and builds.
fn fnv(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The feed in protobuf's canonical JSON (camelCase, 64-bit numbers as strings, enums by
/// name), for `?format=json`: what `railtop`'s own reader and every GTFS-Realtime tool read.
pub fn to_json(feed: &FeedMessage) -> Value {
    let mut out = Map::new();
    if let Some(h) = &feed.header {
        out.insert(
            "header".into(),
            json!({
                "gtfsRealtimeVersion": h.gtfs_realtime_version,
                "incrementality": if h.incrementality == Some(1) { "DIFFERENTIAL" } else { "FULL_DATASET" },
                "timestamp": h.timestamp.map(|t| t.to_string()),
            }),
        );
    }
    let entities: Vec<Value> = feed.entity.iter().map(entity_json).collect();
    out.insert("entity".into(), Value::Array(entities));
    strip_nulls(Value::Object(out))
}

fn trip_json(t: &TripDescriptor) -> Value {
    json!({
        "tripId": t.trip_id,
        "scheduleRelationship": match t.schedule_relationship {
            Some(gtfs_rt::TRIP_CANCELED) => Some("CANCELED"),
            _ => None,
        },
    })
}

fn stop_time_update_json(s: &StopTimeUpdate) -> Value {
    let event = |e: &Option<StopTimeEvent>| {
        e.as_ref()
            .map(|e| json!({ "delay": e.delay, "time": e.time.map(|t| t.to_string()) }))
    };
    json!({
        "stopSequence": s.stop_sequence,
        "stopId": s.stop_id,
        "arrival": event(&s.arrival),
        "departure": event(&s.departure),
        "scheduleRelationship": match s.schedule_relationship {
            Some(gtfs_rt::STOP_SKIPPED) => "SKIPPED",
            _ => "SCHEDULED",
        },
    })
}

fn vehicle_json(v: &VehicleDescriptor) -> Value {
    json!({ "id": v.id, "label": v.label })
}

fn entity_json(e: &FeedEntity) -> Value {
    let mut out = Map::new();
    out.insert("id".into(), json!(e.id));
    if let Some(v) = &e.vehicle {
        out.insert(
            "vehicle".into(),
            json!({
                "trip": v.trip.as_ref().map(trip_json),
                "vehicle": v.vehicle.as_ref().map(vehicle_json),
                "position": v.position.as_ref().map(|p| json!({
                    "latitude": p.latitude, "longitude": p.longitude, "speed": p.speed,
                })),
                "timestamp": v.timestamp.map(|t| t.to_string()),
            }),
        );
    }
    if let Some(u) = &e.trip_update {
        out.insert(
            "tripUpdate".into(),
            json!({
                "trip": u.trip.as_ref().map(trip_json),
                "vehicle": u.vehicle.as_ref().map(vehicle_json),
                "timestamp": u.timestamp.map(|t| t.to_string()),
                "delay": u.delay,
                "stopTimeUpdate": (!u.stop_time_update.is_empty()).then(|| {
                    u.stop_time_update.iter().map(stop_time_update_json).collect::<Vec<_>>()
                }),
            }),
        );
    }
    if let Some(a) = &e.alert {
        out.insert(
            "alert".into(),
            json!({
                "informedEntity": a.informed_entity.iter().map(|s| json!({
                    "trip": s.trip.as_ref().map(trip_json),
                    "stopId": s.stop_id,
                })).collect::<Vec<_>>(),
                "headerText": a.header_text.as_ref().map(|t| json!({
                    "translation": t.translation.iter().map(|t| json!({
                        "text": t.text, "language": t.language,
                    })).collect::<Vec<_>>(),
                })),
            }),
        );
    }
    Value::Object(out)
}

/// Leaves out the fields that are not set, as protobuf's JSON does.
fn strip_nulls(v: Value) -> Value {
    match v {
        Value::Object(map) => Value::Object(
            map.into_iter()
                .filter(|(_, v)| !v.is_null())
                .map(|(k, v)| (k, strip_nulls(v)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.into_iter().map(strip_nulls).collect()),
        v => v,
    }
}

#[cfg(test)]
mod tests;
