//! The generic reader's pure part: a feed's payloads (vehicle positions, trip updates, the static
//! timetable) in, trains and journeys out (a board: `board.rs`). No I/O: [`super::GtfsFeed`] fetches and calls
//! these, and the fuzzer calls them on anything.

use super::alerts::Call;
use super::join::{Found, JoinCount, Matcher};
use super::Alerts;
use super::{Dialect, Label};
use crate::upstream::gtfs_rt::{
    self, FeedMessage, STOP_NO_DATA, STOP_SKIPPED, TRIP_CANCELED, TRIP_UNSCHEDULED,
};
use crate::upstream::gtfs_static::Timetable;
use crate::upstream::parse::ParseError;
use crate::upstream::times::plus_seconds;
use crate::upstream::Journey;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use railtop_core::clock::minutes_from_seconds;
use railtop_core::clock::rfc3339;
use railtop_core::config::GtfsFeedConfig;
use railtop_core::model::{status, JourneyStop, Train};
use std::collections::HashMap;

/// A trip's realtime state from the trip updates.
pub(super) struct TripState {
    pub(super) canceled: bool,
    /// The trip-level `delay`, where the feed sends one.
    pub(super) delay_seconds: Option<i32>,
    /// Per stop id: (expected Unix time, delay seconds, skipped). A stop the feed marks
    /// `NO_DATA` keeps neither time nor delay: it runs on the timetable, untracked.
    pub(super) stops: HashMap<String, (Option<i64>, Option<i32>, bool)>,
    /// Per stop id: the arrival's own (expected Unix time, delay seconds), where the update
    /// gives both an arrival and a departure (a longer stop, a wait): an arrivals board's time.
    pub(super) arrivals: HashMap<String, (Option<i64>, Option<i32>)>,
    /// The stops with realtime, in the update's order (the next stop first).
    pub(super) order: Vec<String>,
    /// The service day the trip started (`start_date`), where given.
    pub(super) start_date: Option<NaiveDate>,
}

impl TripState {
    /// The trip's delay in seconds on the train list: the trip-level `delay`; else the delay at
    /// the vehicle's stop or the first stop with realtime; else, for feeds that send only
    /// absolute times, that time against the static timetable. `None` for an untracked trip.
    pub(super) fn delay(
        &self,
        trip_id: &str,
        at_stop: Option<&str>,
        table: Option<&Timetable>,
        tz: chrono_tz::Tz,
        now: DateTime<Utc>,
    ) -> Option<i64> {
        if let Some(d) = self.delay_seconds {
            return Some(i64::from(d));
        }
        let stop = at_stop
            .filter(|s| {
                self.stops
                    .get(*s)
                    .is_some_and(|v| v.0.is_some() || v.1.is_some())
            })
            .or_else(|| self.order.first().map(String::as_str))?;
        let (time, delay, _) = self.stops.get(stop)?;
        if let Some(d) = delay {
            return Some(i64::from(*d));
        }
        let expected = DateTime::from_timestamp((*time)?, 0)?;
        let planned = planned_at(table?, trip_id, stop, self.start_date, tz, now)?;
        Some((expected - planned).num_seconds())
    }
}

/// When `trip_id` is timetabled at `stop`: on its start date where the feed gives one, else on
/// today's or yesterday's service (the one within 12 hours of now).
pub(super) fn planned_at(
    table: &Timetable,
    trip_id: &str,
    stop: &str,
    start_date: Option<NaiveDate>,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> Option<DateTime<Utc>> {
    let local_now = now.with_timezone(&tz).naive_local();
    let today = local_now.date();
    let days = match start_date {
        Some(day) => vec![day],
        None => vec![today, today.pred_opt()?],
    };
    let at = days
        .into_iter()
        .filter_map(|day| table.scheduled(trip_id, stop, day))
        .find(|at| start_date.is_some() || (*at - local_now).num_hours().abs() < 12)?;
    tz.from_local_datetime(&at)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
}

/// The train list of a feed from its payloads: vehicle positions, trip updates when it has
/// them, and its static timetable when one is given (the pure part of [`GtfsFeed`](super::GtfsFeed)'s fetch).
pub fn parse_trains(
    vehicle_positions: &[u8],
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Train>, ParseError> {
    let dialect = Dialect::STANDARD;
    parse_trains_as(
        &dialect,
        vehicle_positions,
        trip_updates,
        table,
        config,
        now,
    )
}

/// [`parse_trains`] for a feed with its own [`Dialect`].
pub fn parse_trains_as(
    dialect: &Dialect,
    vehicle_positions: &[u8],
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Train>, ParseError> {
    let (feed, joined) = decoded(dialect, vehicle_positions, trip_updates, table, config, now)?;
    let of = Of {
        config,
        dialect,
        alerts: &Alerts::NONE,
    };
    Ok(trains(&feed, table, &joined, of, now))
}

/// A feed's positions decoded, and its trip updates joined to the timetable: what
/// [`parse_trains_as`] and [`parse_journey`] both start from.
fn decoded<'t>(
    dialect: &Dialect,
    vehicle_positions: &[u8],
    trip_updates: Option<&[u8]>,
    table: Option<&'t Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<(FeedMessage, Joined<'t>), ParseError> {
    let feed = dialect.decode(vehicle_positions, config.timezone)?;
    let matcher = Matcher::new(table, config.trip_match, config.timezone, now);
    let joined = match trip_updates {
        Some(bytes) => join_states(&dialect.decode(bytes, config.timezone)?, &matcher),
        None => Joined::matching(matcher),
    };
    Ok((feed, joined))
}

/// The journey of the train `id` from a feed's payloads, as [`parse_trains`] reads them (the pure
/// part of [`GtfsFeed`](super::GtfsFeed)'s journey, without the feed's alerts): `None` when the
/// feed has no such vehicle.
pub fn parse_journey(
    vehicle_positions: &[u8],
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    id: &str,
    now: DateTime<Utc>,
) -> Result<Option<Journey>, ParseError> {
    let dialect = Dialect::STANDARD;
    let (feed, joined) = decoded(
        &dialect,
        vehicle_positions,
        trip_updates,
        table,
        config,
        now,
    )?;
    let of = Of {
        config,
        dialect: &dialect,
        alerts: &Alerts::NONE,
    };
    Ok(journey(&feed, table, &joined, of, id, now))
}

/// Each trip's state, by its realtime id (no timetable to join): see [`join_states`].
#[cfg(test)]
pub(super) fn trip_states(feed: &FeedMessage) -> Joined<'static> {
    let matcher = Matcher::new(
        None,
        Default::default(),
        chrono_tz::UTC,
        DateTime::UNIX_EPOCH,
    );
    Joined::from(join_states(feed, &matcher).states)
}

/// The trip updates joined to the timetable: each trip's state under the timetable's id
/// (found by [`Matcher`]), the realtime ids that differ, and how many were found how.
#[derive(Default)]
pub(super) struct Joined<'t> {
    pub(super) states: HashMap<String, TripState>,
    /// Realtime id → the timetable's, where they differ, and back.
    aliases: HashMap<String, String>,
    realtime_ids: HashMap<String, String>,
    pub(super) count: JoinCount,
    /// For trips the updates do not name (a vehicle's): found the same way.
    matcher: Option<Matcher<'t>>,
}

impl From<HashMap<String, TripState>> for Joined<'_> {
    fn from(states: HashMap<String, TripState>) -> Self {
        Joined {
            states,
            ..Joined::default()
        }
    }
}

impl<'t> Joined<'t> {
    /// No trip updates; a vehicle's trip found by `matcher`.
    pub(super) fn matching(matcher: Matcher<'t>) -> Joined<'t> {
        Joined {
            matcher: Some(matcher),
            ..Joined::default()
        }
    }

    /// The timetable's id of a realtime trip (its own where there is no match).
    pub(super) fn timetable_id(&self, trip: &gtfs_rt::TripDescriptor) -> Option<String> {
        let id = trip.trip_id.as_deref()?;
        if let Some(known) = self.aliases.get(id) {
            return Some(known.clone());
        }
        match &self.matcher {
            Some(m) => m.find(trip).map(|(id, _)| id),
            None => Some(id.to_string()),
        }
    }

    /// The realtime id of a timetable trip, where the feed calls it otherwise.
    pub(super) fn realtime_id(&self, timetable_id: &str) -> Option<&str> {
        self.realtime_ids.get(timetable_id).map(String::as_str)
    }

    /// Whether the timetable has this (timetable or realtime) trip.
    pub(super) fn unmatched(&self, trip_id: &str, table: Option<&Timetable>) -> bool {
        table.is_some_and(|t| t.trip(trip_id).is_none())
    }
}

/// Each trip's state, joined to the timetable by `matcher`. A trip sent more than once is one
/// trip: with times in any of its records it runs (a cancellation beside them covers only the
/// skipped stops), and its records' stops are joined.
pub(super) fn join_states<'t>(feed: &FeedMessage, matcher: &Matcher<'t>) -> Joined<'t> {
    let mut joined = Joined {
        matcher: Some(matcher.clone()),
        ..Joined::default()
    };
    for (realtime, (id, found), state) in trip_records(feed, matcher) {
        if id != realtime {
            joined.realtime_ids.insert(id.clone(), realtime.clone());
            joined.aliases.insert(realtime, id.clone());
        }
        match joined.states.get_mut(&id) {
            Some(known) => known.join(state),
            None => {
                joined.count.add(found);
                joined.states.insert(id, state);
            }
        }
    }
    joined
}

impl TripState {
    /// Whether the record carries any time or delay.
    pub(super) fn has_times(&self) -> bool {
        self.delay_seconds.is_some() || !self.order.is_empty()
    }

    pub(super) fn join(&mut self, other: TripState) {
        let runs = self.has_times() || other.has_times();
        self.canceled = (self.canceled || other.canceled) && !runs;
        self.delay_seconds = self.delay_seconds.or(other.delay_seconds);
        for stop in other.order {
            if !self.order.contains(&stop) {
                self.order.push(stop);
            }
        }
        for (stop, value) in other.stops {
            self.stops.entry(stop).or_insert(value);
        }
        for (stop, value) in other.arrivals {
            self.arrivals.entry(stop).or_insert(value);
        }
        self.start_date = self.start_date.or(other.start_date);
    }
}

/// Whether a vehicle id names no vehicle but the timetable's stand-in for one.
pub(super) fn is_placeholder(vehicle_id: Option<&str>) -> bool {
    vehicle_id.is_some_and(|id| id.to_ascii_lowercase().contains("schedbased"))
}

/// Each trip update as (its realtime id, the timetable's id and how it was found, its state).
/// A stop named by its `stop_sequence` alone is the timetable trip's call of that sequence.
pub(super) fn trip_records(
    feed: &FeedMessage,
    matcher: &Matcher<'_>,
) -> Vec<(String, (String, Found), TripState)> {
    feed.entity
        .iter()
        .filter(|e| e.is_deleted != Some(true))
        .filter_map(|e| e.trip_update.as_ref())
        .filter_map(|u| {
            let trip = u.trip.as_ref()?;
            let realtime = trip.trip_id.as_deref()?.trim().to_string();
            let (id, found) = matcher.find(trip)?;
            // UNSCHEDULED: a trip with no timetable, so no delay; NO_DATA on every stop: the
            // feed runs it on the timetable without tracking it; a schedule placeholder for a
            // vehicle (Caltrain's `block_128_schedBasedVehicle`, its times the timetable's with
            // an uncertainty of 300 s): a guess. None of them is "on time".
            let untracked = trip.schedule_relationship == Some(TRIP_UNSCHEDULED)
                || u.vehicle
                    .as_ref()
                    .is_some_and(|v| is_placeholder(v.id.as_deref()))
                || (!u.stop_time_update.is_empty()
                    && u.stop_time_update
                        .iter()
                        .all(|s| s.schedule_relationship == Some(STOP_NO_DATA)));
            let mut order = Vec::new();
            let mut arrivals = HashMap::new();
            let stops = u
                .stop_time_update
                .iter()
                .filter_map(|s| {
                    let stop = s
                        .stop_id
                        .as_deref()
                        .map(str::trim)
                        .filter(|s| !s.is_empty())
                        .or_else(|| matcher.stop_at(&id, s.stop_sequence?))?
                        .to_string();
                    let tracked = !untracked && s.schedule_relationship != Some(STOP_NO_DATA);
                    let event = s
                        .departure
                        .as_ref()
                        .or(s.arrival.as_ref())
                        .filter(|_| tracked);
                    let (time, delay) = (event.and_then(|e| e.time), event.and_then(|e| e.delay));
                    if let (Some(arrival), Some(_), true) = (&s.arrival, &s.departure, tracked) {
                        arrivals.insert(stop.clone(), (arrival.time, arrival.delay));
                    }
                    let skipped = s.schedule_relationship == Some(STOP_SKIPPED);
                    if (time.is_some() || delay.is_some()) && !skipped {
                        order.push(stop.clone());
                    }
                    Some((stop, (time, delay, skipped)))
                })
                .collect();
            let start_date = trip
                .start_date
                .as_deref()
                .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y%m%d").ok());
            Some((
                realtime,
                (id, found),
                TripState {
                    canceled: trip.schedule_relationship == Some(TRIP_CANCELED),
                    delay_seconds: u.delay.filter(|_| !untracked),
                    stops,
                    arrivals,
                    order,
                    start_date,
                },
            ))
        })
        .collect()
}

/// `line number`, from the static names where there are some: `ETS 9321`, else the trip id.
pub(super) fn train_code(
    trip_id: &str,
    route_id: Option<&str>,
    table: Option<&Timetable>,
) -> (String, String) {
    let trip = table.and_then(|t| t.trip(trip_id));
    let route = trip
        .map(|t| t.route_id)
        .or(route_id)
        .filter(|r| !r.is_empty());
    let line = route
        .and_then(|r| table.and_then(|t| t.route_name(r)).or(Some(r)))
        .unwrap_or("")
        .to_string();
    let number = trip
        .map(|t| t.short_name.to_string())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| trip_id.to_string());
    let code = if line.is_empty() || line == number {
        number
    } else {
        format!("{line} {number}")
    };
    (line, code)
}

/// `(line, code)` of a trip: the timetable's names when it knows the trip, else what the
/// dialect reads in the vehicle's label and the trip id, else the trip id itself.
pub(super) fn trip_code(
    trip_id: &str,
    route_id: Option<&str>,
    table: Option<&Timetable>,
    dialect: &Dialect,
    label: Option<&Label>,
) -> (String, String) {
    if table.is_some_and(|t| t.trip(trip_id).is_some()) {
        return train_code(trip_id, route_id, table);
    }
    let from_id = (dialect.trip)(trip_id);
    let Some(number) = label.and_then(|l| l.number.clone()).or(from_id.number) else {
        return train_code(trip_id, route_id, table);
    };
    let line = label
        .and_then(|l| l.line.clone())
        .or(from_id.line)
        .unwrap_or_default();
    let code = if line.is_empty() || line == number {
        number
    } else {
        format!("{line} {number}")
    };
    (line, code)
}

/// How far past the feed's own time (its header's, else the clock's) a vehicle's timestamp may
/// be before the vehicle is not believed: Koleje Dolnośląskie's feed carries a "KD Symulator"
/// test vehicle stamped 54 days ahead.
const FUTURE_SLACK_SECS: u64 = 3600;

/// Whether a vehicle's report is stamped so far ahead of the feed that it is no real train.
pub(super) fn from_the_future(
    v: &gtfs_rt::VehiclePosition,
    feed: &FeedMessage,
    now: DateTime<Utc>,
) -> bool {
    let reference = feed
        .header
        .as_ref()
        .and_then(|h| h.timestamp)
        .unwrap_or_else(|| u64::try_from(now.timestamp()).unwrap_or(0));
    v.timestamp
        .is_some_and(|t| t > reference.saturating_add(FUTURE_SLACK_SECS))
}

/// How many days before the feed's service day a trip may have started and still be running
/// (a night train's run past midnight); older ones are leftovers.
const TRIP_DAYS_BACK: i64 = 1;

/// What a feed's trains are read with besides its payloads: its configuration, its dialect and
/// its alerts in force.
#[derive(Clone, Copy)]
pub(super) struct Of<'a> {
    pub config: &'a GtfsFeedConfig,
    pub dialect: &'a Dialect,
    pub alerts: &'a Alerts,
}

pub(super) fn trains(
    feed: &FeedMessage,
    table: Option<&Timetable>,
    joined: &Joined<'_>,
    of: Of<'_>,
    now: DateTime<Utc>,
) -> Vec<Train> {
    let Of {
        config,
        dialect,
        alerts,
    } = of;
    let states = &joined.states;
    let future = feed
        .entity
        .iter()
        .filter_map(|e| e.vehicle.as_ref())
        .filter(|v| from_the_future(v, feed, now))
        .count();
    if future > 0 {
        tracing::info!(
            feed = %railtop_core::text::cleaned(&config.slug),
            "{future} vehicle(s) stamped more than an hour ahead of the feed dropped"
        );
    }
    let service_day = now.with_timezone(&config.timezone).date_naive();
    let oldest_start = service_day - chrono::Duration::days(TRIP_DAYS_BACK);
    let mut list: Vec<Train> = Vec::new();
    // Where each vehicle is in `list`, and whether its trip had realtime there.
    let mut placed: HashMap<String, (usize, bool)> = HashMap::new();
    for e in feed.entity.iter().filter(|e| e.is_deleted != Some(true)) {
        let Some(v) = e.vehicle.as_ref() else {
            continue;
        };
        if from_the_future(v, feed, now) {
            continue;
        }
        let descriptor = v.vehicle.as_ref();
        let Some(vehicle_id) = descriptor
            .and_then(|d| d.id.clone().or_else(|| d.label.clone()))
            .or_else(|| e.id.clone())
        else {
            continue;
        };
        let trip = v.trip.as_ref();
        let started = trip
            .and_then(|t| t.start_date.as_deref())
            .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y%m%d").ok());
        if started.is_some_and(|d| d < oldest_start) {
            continue;
        }
        // The timetable's id of the vehicle's trip (its own where the timetable has none).
        let trip_id = trip.and_then(|t| joined.timetable_id(t));
        // A vehicle of a mode the feed does not keep (a bus of a national bundle) is no train.
        let route_id = trip.and_then(|t| t.route_id.as_deref());
        if table.is_some_and(|t| t.dropped(trip_id.as_deref(), route_id)) {
            continue;
        }
        let state = trip_id.as_deref().and_then(|id| states.get(id));
        // One vehicle, one train: a second record of it (another trip variant) replaces the
        // first only when it has realtime and the first had none.
        let tracked = state.is_some();
        let slot = match placed.get(&vehicle_id) {
            Some((_, true)) => continue,
            Some((_, false)) if !tracked => continue,
            Some((at, false)) => Some(*at),
            None => None,
        };
        let label = descriptor
            .and_then(|d| d.label.as_deref())
            .map(dialect.label)
            .unwrap_or_default();
        let code = match &trip_id {
            Some(id) => {
                let route = trip.and_then(|t| t.route_id.as_deref());
                trip_code(id, route, table, dialect, Some(&label)).1
            }
            None => vehicle_id.clone(),
        };
        let to = trip_id
            .as_deref()
            .and_then(|id| table.and_then(|t| t.destination(id)));
        let position = v.position.as_ref();
        let canceled = state.is_some_and(|s| s.canceled)
            || trip.and_then(|t| t.schedule_relationship) == Some(TRIP_CANCELED);
        let train = Train {
            id: format!("{}-{vehicle_id}", config.slug),
            name: format!("{code} → {}", to.as_deref().unwrap_or("?")),
            train_code: code,
            status: if canceled {
                status::CANCELLED
            } else {
                status::RUNNING
            }
            .into(),
            lat: position.and_then(|p| p.latitude).map(f64::from),
            lng: position.and_then(|p| p.longitude).map(f64::from),
            delay: state
                .filter(|_| !canceled)
                .and_then(|s| {
                    let trip = trip_id.as_deref()?;
                    s.delay(trip, v.stop_id.as_deref(), table, config.timezone, now)
                })
                .map(minutes_from_seconds),
            platform: label.platform,
            country: Some(config.slug.clone()),
            from: None,
            to,
            next_station: v.stop_id.as_deref().map(|s| stop_label(s, table, config)),
            direction: None,
            scheduled_dep: None,
            last_updated: v
                .timestamp
                .and_then(|t| DateTime::from_timestamp(i64::try_from(t).ok()?, 0))
                .map(rfc3339),
            operator: Some(config.name.clone()),
            last_seen: None,
            speed: position
                .and_then(|p| p.speed)
                .map(|v| (f64::from(v) * config.speed_to_kmh).round()),
            messages: Vec::new(),
            message_languages: Vec::new(),
            partly_cancelled: false,
            // The feed's clock (`timezone`): a region is no country with a zone of its own.
            timezone: Some(config.timezone.name().to_string()),
        };
        let mut train = train;
        if let Some(id) = trip_id.as_deref() {
            let realtime = trip.and_then(|t| t.trip_id.as_deref()).filter(|r| *r != id);
            let route = table
                .and_then(|t| t.trip(id))
                .map(|t| t.route_id)
                .or(route_id);
            let call = Call {
                trip: id,
                realtime_trip: realtime,
                route,
                line: Some(train.train_code.split(' ').next().unwrap_or("")),
                agency: table.and_then(|t| t.trip_agency(id)),
                ..Call::default()
            };
            for (text, language) in alerts.about(&call) {
                train.add_message(text, language.as_deref());
            }
            if joined.unmatched(id, table) {
                train.add_message(NOT_IN_TIMETABLE, Some("en"));
            }
        }
        match slot {
            Some(at) => {
                list[at] = train;
                placed.insert(vehicle_id, (at, tracked));
            }
            None => {
                placed.insert(vehicle_id, (list.len(), tracked));
                list.push(train);
            }
        }
    }
    list
}

/// The message of a realtime trip the timetable does not have (its names and plan unknown).
pub(super) const NOT_IN_TIMETABLE: &str =
    "Not in the timetable: shown as the realtime feed gives it";

/// The journey of the train `id` (`<slug>-<vehicle>`, as [`trains`] names it): the record as
/// the list has it, and its trip's stops. A stop is passed once its expected (else planned)
/// time is behind `now`; a skipped stop is cancelled.
pub(super) fn journey(
    feed: &FeedMessage,
    table: Option<&Timetable>,
    joined: &Joined<'_>,
    of: Of<'_>,
    id: &str,
    now: DateTime<Utc>,
) -> Option<Journey> {
    let config = of.config;
    let states = &joined.states;
    let train = trains(feed, table, joined, of, now)
        .into_iter()
        .find(|t| t.id == id)?;
    let vehicle = id.strip_prefix(config.slug.as_str())?.strip_prefix('-')?;
    // A vehicle sent once per trip variant (Renfe): the variant with realtime, as the list
    // took it, else the first.
    let variants: Vec<_> = feed
        .entity
        .iter()
        .filter_map(|e| e.vehicle.as_ref())
        .filter(|v| {
            let d = v.vehicle.as_ref();
            d.and_then(|d| d.id.as_deref().or(d.label.as_deref())) == Some(vehicle)
        })
        .filter_map(|v| v.trip.as_ref().filter(|t| t.trip_id.is_some()))
        .collect();
    let tracked = |t: &&&gtfs_rt::TripDescriptor| {
        joined
            .timetable_id(t)
            .is_some_and(|id| states.contains_key(&id))
    };
    let trip = variants.iter().find(tracked).or(variants.first()).copied();
    let Some(trip) = trip else {
        return Some(Journey {
            train,
            stops: Vec::new(),
        });
    };
    let trip_id = joined.timetable_id(trip).unwrap_or_default();
    let trip_id = trip_id.as_str();
    let state = states.get(trip_id);
    let tz = config.timezone;
    let start = trip
        .start_date
        .as_deref()
        .and_then(|d| NaiveDate::parse_from_str(d.trim(), "%Y%m%d").ok())
        .or_else(|| state.and_then(|s| s.start_date))
        .unwrap_or_else(|| now.with_timezone(&tz).date_naive());
    // The timetable's calls on the trip's day; else the stops the updates name.
    let calls = table.map_or_else(Vec::new, |t| t.trip_calls(trip_id, start));
    let planned: Vec<(String, Option<DateTime<Utc>>)> = if calls.is_empty() {
        state.map_or_else(Vec::new, |s| {
            s.order.iter().map(|s| (s.clone(), None)).collect()
        })
    } else {
        calls
            .into_iter()
            .map(|(stop, at)| {
                let at = tz
                    .from_local_datetime(&at)
                    .earliest()
                    .map(|t| t.with_timezone(&Utc));
                (stop, at)
            })
            .collect()
    };
    let last = planned.len().saturating_sub(1);
    let stops = planned
        .into_iter()
        .enumerate()
        .map(|(i, (stop, at))| {
            let update = state.and_then(|s| s.stops.get(&stop));
            let expected = update.and_then(|(time, delay, _)| match (time, delay) {
                (Some(t), _) => DateTime::from_timestamp(*t, 0),
                (None, Some(d)) => at.and_then(|a| plus_seconds(a, i64::from(*d))),
                (None, None) => None,
            });
            let skipped =
                update.is_some_and(|(_, _, skipped)| *skipped) || train.status == status::CANCELLED;
            let expected = expected.filter(|_| !skipped);
            // The timetable keeps one time a call: the departure, the arrival at the end.
            let (arrival, departure) = if i == last && i > 0 {
                ((at, expected), (None, None))
            } else {
                ((None, None), (at, expected))
            };
            let mut s =
                JourneyStop::timed(stop_label(&stop, table, config), arrival, departure, tz);
            s.passed = expected.or(at).is_some_and(|t| t < now);
            s.cancelled = skipped;
            s.code = Some(stop.clone());
            if let Some((lat, lng)) = table.and_then(|t| t.place(&stop)) {
                (s.lat, s.lng) = (Some(lat), Some(lng));
            }
            s
        })
        .collect();
    Some(Journey { train, stops })
}

/// A stop's name: the timetable's, else the country's embedded station list's (Renfe's Cercanías
/// stations, whose bundle is not read), else its id.
pub(super) fn stop_label(stop: &str, table: Option<&Timetable>, config: &GtfsFeedConfig) -> String {
    table
        .and_then(|t| t.stop_name(stop))
        .map(str::to_string)
        .or_else(|| railtop_core::stations::by_code(stop, Some(&config.slug)).map(|s| s.name))
        .unwrap_or_else(|| stop.to_string())
}
