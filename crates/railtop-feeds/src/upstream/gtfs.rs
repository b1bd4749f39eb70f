//! Any GTFS-Realtime feed as a country or region: vehicle positions for the train list; trip
//! updates (when the feed has them) for boards with delays; a static GTFS bundle (when given) for
//! stop, route and destination names and, without trip updates, boards from the timetable alone.
//! Malaysia's KTMB feed (data.gov.my) is one of these; `[[feeds]]` in the config file adds more.
//!
//! Real feeds differ in what a trip update carries: a trip-level `delay` (BART), per-stop delays,
//! or only absolute times (Caltrain): then the train's delay is that time against the static
//! timetable on the trip's `start_date`. A trip the feed does not track (`UNSCHEDULED`, or every
//! stop `NO_DATA`) has no delay, never "on time".
//!
//! Rules every feed gets, because some real feed broke them: one train per vehicle (Renfe sends a
//! vehicle once per trip variant, all at one position); a trip sent twice, once cancelled and once
//! with times, runs (Renfe: the times are what it serves, its skipped stops are the cancelled
//! part); a vehicle stamped far ahead of the feed is no train (Koleje Dolnośląskie's simulator).
//! What one operator needs beyond that is its [`Dialect`] (Spain's file has Renfe's).
//! A vehicle's journey is its trip's timetabled calls on the trip's day with the updates'
//! expected times (skipped stops cancelled); without a timetable, the stops its update names.

use super::gtfs_rt::{
    self, FeedMessage, STOP_NO_DATA, STOP_SKIPPED, TRIP_CANCELED, TRIP_UNSCHEDULED,
};
use super::gtfs_static::Timetable;
use super::http::{FeedHttp, FeedSpec, Kept, Opened, Wire};
use super::parse::{in_order, Board, ParseError};
use super::times::{delay_minutes, local_hhmm, minutes_from_seconds, plus_seconds};
use super::{Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live, OwnTrains, TrainsAsk};
use crate::clock::rfc3339;
use crate::model::{status, via_list, Departure, JourneyStop, Train};
use crate::source::{SourceError, SourceResult};
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

/// How long a static bundle is kept before it is fetched again.
const STATIC_TTL: Duration = Duration::from_secs(24 * 3600);

pub use crate::config::GtfsFeedConfig;

/// Malaysia: KTMB's vehicle positions on data.gov.my, names from its static bundle; KTMB
/// publishes no trip updates, so boards come from the timetable. Paths below the row's base URL.
pub fn malaysia() -> GtfsFeedConfig {
    GtfsFeedConfig {
        slug: crate::country::MALAYSIA.slug.into(),
        name: "KTMB".into(),
        timezone: crate::country::MALAYSIA.tz,
        vehicle_positions: "/gtfs-realtime/vehicle-position/ktmb".into(),
        trip_updates: None,
        static_gtfs: Some("/gtfs-static/ktmb".into()),
        attribution: String::new(),
        speed_to_kmh: 1.0,
    }
}

/// Malaysia's built-in feed (its registry row).
pub fn open_malaysia(opened: Opened) -> Arc<dyn Feed> {
    let mut config = malaysia();
    config.static_gtfs = config.static_gtfs.and_then(|s| opened.static_or(&s));
    Live::open(opened.http, opened.hub, GtfsFeed::new(config))
}

/// A `[[feeds]]` entry: its URLs are whole, its identity comes from the configuration.
pub fn open_configured(wire: Wire, config: GtfsFeedConfig) -> Arc<dyn Feed> {
    // Feeds live as long as the program; their names are made `'static` once.
    let leak = |s: &str| -> &'static str { Box::leak(s.to_string().into_boxed_str()) };
    let spec = FeedSpec {
        slug: leak(&config.slug),
        upstream: leak(&config.name),
        attribution: leak(&config.attribution),
        tz: config.timezone,
        headers: Vec::new(),
        ttl: Duration::from_secs(20),
        per_minute: 30,
    };
    let http = FeedHttp::new(spec, wire, String::new());
    Live::open(http, String::new(), GtfsFeed::new(config))
}

pub struct GtfsFeed {
    config: GtfsFeedConfig,
    dialect: Dialect,
    timetable: Kept<Option<Arc<Timetable>>>,
}

/// What one operator's payloads need beyond the standard reading.
#[derive(Clone, Copy)]
pub struct Dialect {
    /// Mends a decoded feed in place before it is read; given the feed's service day (the
    /// local date of the feed's time).
    pub tidy: fn(&mut FeedMessage, NaiveDate),
    /// What a vehicle's label says, for trips the timetable does not know.
    pub label: fn(&str) -> Label,
    /// What a trip id says (line, number), for trips the timetable does not know.
    pub trip: fn(&str) -> Label,
}

/// What a vehicle label may carry besides the vehicle's name.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct Label {
    pub line: Option<String>,
    /// The train's number, shown as its code.
    pub number: Option<String>,
    pub platform: Option<String>,
}

impl Dialect {
    /// The specification as written: nothing mended, labels name vehicles only.
    pub const STANDARD: Dialect = Dialect {
        tidy: |_, _| {},
        label: |_| Label::default(),
        trip: |_| Label::default(),
    };

    /// `feed` decoded from `bytes` and mended.
    pub fn decode(&self, bytes: &[u8], tz: chrono_tz::Tz) -> Result<FeedMessage, ParseError> {
        let mut feed = gtfs_rt::decode(bytes)?;
        let at = feed
            .header
            .as_ref()
            .and_then(|h| h.timestamp)
            .and_then(|t| DateTime::from_timestamp(i64::try_from(t).ok()?, 0))
            .unwrap_or_else(Utc::now);
        (self.tidy)(&mut feed, at.with_timezone(&tz).date_naive());
        Ok(feed)
    }
}

/// A trip's realtime state from the trip updates.
struct TripState {
    canceled: bool,
    /// The trip-level `delay`, where the feed sends one.
    delay_seconds: Option<i32>,
    /// Per stop id: (expected Unix time, delay seconds, skipped). A stop the feed marks
    /// `NO_DATA` keeps neither time nor delay: it runs on the timetable, untracked.
    stops: HashMap<String, (Option<i64>, Option<i32>, bool)>,
    /// The stops with realtime, in the update's order (the next stop first).
    order: Vec<String>,
    /// The service day the trip started (`start_date`), where given.
    start_date: Option<NaiveDate>,
}

impl TripState {
    /// The trip's delay in seconds on the train list: the trip-level `delay`; else the delay at
    /// the vehicle's stop or the first stop with realtime; else, for feeds that send only
    /// absolute times, that time against the static timetable. `None` for an untracked trip.
    fn delay(
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
fn planned_at(
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

impl GtfsFeed {
    fn new(config: GtfsFeedConfig) -> GtfsFeed {
        GtfsFeed::with_dialect(config, Dialect::STANDARD)
    }

    /// A feed whose payloads `dialect` mends (see [`Dialect`]).
    pub fn with_dialect(config: GtfsFeedConfig, dialect: Dialect) -> GtfsFeed {
        GtfsFeed {
            config,
            dialect,
            timetable: Kept::new(),
        }
    }

    /// `url`'s feed, decoded and mended.
    async fn feed(&self, http: &FeedHttp, url: &str) -> SourceResult<FeedMessage> {
        let tz = self.config.timezone;
        http.get_parsed(url, |b| self.dialect.decode(b, tz)).await
    }

    /// The static bundle when one is configured and readable; a broken bundle costs the names,
    /// not the feed (logged, retried after the TTL).
    async fn timetable(&self, http: &FeedHttp) -> Option<Arc<Timetable>> {
        let url = self.config.static_gtfs.as_deref()?;
        let feed = http.spec.slug;
        self.timetable
            .get(async {
                let table = match http.get(url).await {
                    Ok(bytes) => {
                        match tokio::task::spawn_blocking(move || Timetable::from_zip(&bytes)).await
                        {
                            Ok(Ok(t)) => Some(Arc::new(t)),
                            Ok(Err(e)) => {
                                tracing::warn!(feed, error = %e, "static GTFS unreadable");
                                None
                            }
                            Err(e) => {
                                tracing::warn!(feed, error = %e, "static GTFS reader stopped");
                                None
                            }
                        }
                    }
                    Err(e) => {
                        tracing::warn!(feed, error = %e, "static GTFS unavailable");
                        None
                    }
                };
                // A missing bundle is tried again in an hour, not at every request.
                let life = if table.is_some() {
                    STATIC_TTL
                } else {
                    Duration::from_secs(3600)
                };
                (table, life)
            })
            .await
    }

    async fn trip_states(&self, http: &FeedHttp) -> SourceResult<HashMap<String, TripState>> {
        let Some(url) = self.config.trip_updates.as_deref() else {
            return Ok(HashMap::new());
        };
        Ok(trip_states(&self.feed(http, url).await?))
    }

    /// The rows of `station`'s board, each with its planned time (for merging the boards of
    /// several feeds), and the station's name in the timetable.
    pub async fn board_rows(
        &self,
        http: &FeedHttp,
        station: &str,
        now: DateTime<Utc>,
    ) -> SourceResult<(Option<String>, Vec<(DateTime<Utc>, Departure)>)> {
        let table = self.timetable(http).await;
        if table.is_none() && self.config.trip_updates.is_none() {
            return Err(SourceError::NotFound(format!(
                "no boards for {}: the feed has neither trip updates nor a readable static timetable",
                http.spec.slug
            )));
        }
        let states = self.trip_states(http).await?;
        let stops = match &table {
            Some(t) => t.stop_ids(station),
            None => vec![station.to_string()],
        };
        if stops.is_empty() {
            return Err(SourceError::NotFound(format!(
                "{station:?} is not a stop of the {} timetable",
                self.config.name
            )));
        }
        let rows = board_rows(
            &stops,
            table.as_deref(),
            &states,
            &self.config,
            &self.dialect,
            now,
        );
        let name = table
            .as_deref()
            .and_then(|t| t.stop_name(&stops[0]).map(str::to_string));
        Ok((name, rows))
    }
}

impl Adapter for GtfsFeed {
    /// Stop ids are the feed's own: only `<slug>:<stop>` routes here.
    const STATION_LIST: bool = false;

    async fn trains(&self, http: &FeedHttp, ask: TrainsAsk<'_>) -> OwnTrains {
        let feed = self.feed(http, &self.config.vehicle_positions).await?;
        let table = self.timetable(http).await;
        // Trip updates only add delays here: without them the list still stands.
        let states = self.trip_states(http).await.unwrap_or_default();
        let list = trains(
            &feed,
            table.as_deref(),
            &states,
            &self.config,
            &self.dialect,
            ask.now,
        );
        Ok(Some(list))
    }

    /// The static bundle's stations (its `stops.txt`), once the bundle is read.
    async fn station_list(
        &self,
        http: &FeedHttp,
    ) -> SourceResult<Option<Vec<crate::assets::Station>>> {
        if self.config.static_gtfs.is_none() {
            return Ok(None);
        }
        match self.timetable(http).await {
            Some(t) => Ok(Some(t.places().to_vec())),
            None => Err(SourceError::Upstream(format!(
                "{}: the static GTFS (its stops) is unavailable",
                http.spec.slug
            ))),
        }
    }

    /// A vehicle's trip: its timetabled calls on the trip's day, with the trip updates'
    /// expected times; without a timetable, the stops the updates name.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let feed = self.feed(http, &self.config.vehicle_positions).await?;
        let table = self.timetable(http).await;
        let states = self.trip_states(http).await.unwrap_or_default();
        let found = parse_journey(
            &feed,
            table.as_deref(),
            &states,
            (&self.config, &self.dialect),
            ask.id,
            ask.now,
        );
        match found {
            Some(journey) => Ok(Some(journey)),
            None => Err(SourceError::NotFound(format!(
                "no vehicle {} in the {} feed now",
                crate::text::quoted(ask.id),
                self.config.name
            ))),
        }
    }

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let (name, rows) = self.board_rows(http, ask.station, ask.now).await?;
        let mut rows = in_order(rows);
        rows.truncate(ask.limit);
        Ok(http.spec.complete(ask.station, Board::named(name, rows)))
    }
}

/// The train list of a feed from its payloads: vehicle positions, trip updates when it has
/// them, and its static timetable when one is given (the pure part of [`GtfsFeed`]'s fetch).
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
    let feed = dialect.decode(vehicle_positions, config.timezone)?;
    let states = match trip_updates {
        Some(bytes) => trip_states(&dialect.decode(bytes, config.timezone)?),
        None => HashMap::new(),
    };
    Ok(trains(&feed, table, &states, config, dialect, now))
}

/// The board of `station` (a stop id or a station name of the timetable) from the trip updates
/// and the timetable.
pub fn parse_board(
    station: &str,
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Departure>, ParseError> {
    let dialect = Dialect::STANDARD;
    parse_board_as(&dialect, station, trip_updates, table, config, now)
}

/// [`parse_board`] for a feed with its own [`Dialect`].
pub fn parse_board_as(
    dialect: &Dialect,
    station: &str,
    trip_updates: Option<&[u8]>,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    now: DateTime<Utc>,
) -> Result<Vec<Departure>, ParseError> {
    let states = match trip_updates {
        Some(bytes) => trip_states(&dialect.decode(bytes, config.timezone)?),
        None => HashMap::new(),
    };
    let stops = match table {
        Some(t) => t.stop_ids(station),
        None => vec![station.to_string()],
    };
    Ok(in_order(board_rows(
        &stops, table, &states, config, dialect, now,
    )))
}

/// Each trip's state. A trip sent more than once is one trip: with times in any of its
/// records it runs (a cancellation beside them covers only the skipped stops), and its
/// records' stops are joined.
fn trip_states(feed: &FeedMessage) -> HashMap<String, TripState> {
    let mut states: HashMap<String, TripState> = HashMap::new();
    for (id, state) in trip_records(feed) {
        match states.get_mut(&id) {
            Some(known) => known.join(state),
            None => {
                states.insert(id, state);
            }
        }
    }
    states
}

impl TripState {
    /// Whether the record carries any time or delay.
    fn has_times(&self) -> bool {
        self.delay_seconds.is_some() || !self.order.is_empty()
    }

    fn join(&mut self, other: TripState) {
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
        self.start_date = self.start_date.or(other.start_date);
    }
}

/// Whether a vehicle id names no vehicle but the timetable's stand-in for one.
fn is_placeholder(vehicle_id: Option<&str>) -> bool {
    vehicle_id.is_some_and(|id| id.to_ascii_lowercase().contains("schedbased"))
}

fn trip_records(feed: &FeedMessage) -> Vec<(String, TripState)> {
    feed.entity
        .iter()
        .filter(|e| e.is_deleted != Some(true))
        .filter_map(|e| e.trip_update.as_ref())
        .filter_map(|u| {
            let trip = u.trip.as_ref()?;
            let id = trip.trip_id.clone()?;
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
            let stops = u
                .stop_time_update
                .iter()
                .filter_map(|s| {
                    let stop = s.stop_id.clone()?;
                    let tracked = !untracked && s.schedule_relationship != Some(STOP_NO_DATA);
                    let event = s
                        .departure
                        .as_ref()
                        .or(s.arrival.as_ref())
                        .filter(|_| tracked);
                    let (time, delay) = (event.and_then(|e| e.time), event.and_then(|e| e.delay));
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
                id,
                TripState {
                    canceled: trip.schedule_relationship == Some(TRIP_CANCELED),
                    delay_seconds: u.delay.filter(|_| !untracked),
                    stops,
                    order,
                    start_date,
                },
            ))
        })
        .collect()
}

/// `line number`, from the static names where there are some: `ETS 9321`, else the trip id.
fn train_code(
    trip_id: &str,
    route_id: Option<&str>,
    table: Option<&Timetable>,
) -> (String, String) {
    let trip = table.and_then(|t| t.trip(trip_id));
    let route = trip
        .map(|t| t.route_id.as_str())
        .or(route_id)
        .filter(|r| !r.is_empty());
    let line = route
        .and_then(|r| table.and_then(|t| t.route_name(r)).or(Some(r)))
        .unwrap_or("")
        .to_string();
    let number = trip
        .map(|t| t.short_name.clone())
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
fn trip_code(
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
fn from_the_future(v: &gtfs_rt::VehiclePosition, feed: &FeedMessage, now: DateTime<Utc>) -> bool {
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

fn trains(
    feed: &FeedMessage,
    table: Option<&Timetable>,
    states: &HashMap<String, TripState>,
    config: &GtfsFeedConfig,
    dialect: &Dialect,
    now: DateTime<Utc>,
) -> Vec<Train> {
    let future = feed
        .entity
        .iter()
        .filter_map(|e| e.vehicle.as_ref())
        .filter(|v| from_the_future(v, feed, now))
        .count();
    if future > 0 {
        tracing::info!(
            feed = %crate::text::cleaned(&config.slug),
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
        let trip_id = trip.and_then(|t| t.trip_id.clone());
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
            partly_cancelled: false,
        };
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

/// The journey of the train `id` (`<slug>-<vehicle>`, as [`trains`] names it): the record as
/// the list has it, and its trip's stops. A stop is passed once its expected (else planned)
/// time is behind `now`; a skipped stop is cancelled.
fn parse_journey(
    feed: &FeedMessage,
    table: Option<&Timetable>,
    states: &HashMap<String, TripState>,
    (config, dialect): (&GtfsFeedConfig, &Dialect),
    id: &str,
    now: DateTime<Utc>,
) -> Option<Journey> {
    let train = trains(feed, table, states, config, dialect, now)
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
        t.trip_id
            .as_deref()
            .is_some_and(|id| states.contains_key(id))
    };
    let trip = variants.iter().find(tracked).or(variants.first()).copied();
    let Some(trip) = trip else {
        return Some(Journey {
            train,
            stops: Vec::new(),
        });
    };
    let trip_id = trip.trip_id.as_deref().unwrap_or_default();
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

/// A board from the trip updates (expected times and delays) and the timetable (the plan, and
/// the trains the updates do not mention): each row with its planned time, not yet in order.
fn board_rows(
    stops: &[String],
    table: Option<&Timetable>,
    states: &HashMap<String, TripState>,
    config: &GtfsFeedConfig,
    dialect: &Dialect,
    now: DateTime<Utc>,
) -> Vec<(DateTime<Utc>, Departure)> {
    let tz = config.timezone;
    let local_now = now.with_timezone(&tz).naive_local();
    let to_utc = |t: chrono::NaiveDateTime| {
        tz.from_local_datetime(&t)
            .earliest()
            .map(|t| t.with_timezone(&Utc))
    };
    let mut rows: Vec<(DateTime<Utc>, Departure)> = Vec::new();
    let mut seen: Vec<&str> = Vec::new();
    // Trains the updates know about at this station.
    for (trip_id, state) in states {
        let Some((stop, (time, delay, skipped))) = stops
            .iter()
            .find_map(|s| state.stops.get(s).map(|v| (s, v)))
        else {
            continue;
        };
        if table.is_some_and(|t| t.ends_at(trip_id, stop)) {
            continue; // it ends here: an arrival
        }
        let planned = table
            .and_then(|t| {
                [
                    local_now.date(),
                    local_now.date() - chrono::Duration::days(1),
                ]
                .into_iter()
                .filter_map(|day| t.scheduled(trip_id, stop, day))
                .find(|at| (*at - local_now).num_hours().abs() < 12)
            })
            .and_then(to_utc)
            .or_else(|| {
                let time = DateTime::from_timestamp((*time)?, 0)?;
                plus_seconds(time, -i64::from(delay.unwrap_or(0)))
            });
        let Some(planned) = planned else { continue };
        let cancelled = state.canceled || *skipped;
        // The delay first: where a feed sends only the arrival (Renfe), its time is not the
        // departure's, but its delay carries over to it.
        let expected = delay
            .and_then(|d| plus_seconds(planned, i64::from(d)))
            .or_else(|| time.and_then(|t| DateTime::from_timestamp(t, 0)))
            .filter(|_| !cancelled);
        if expected.unwrap_or(planned) < now - chrono::Duration::minutes(1) {
            continue;
        }
        seen.push(trip_id);
        rows.push((
            planned,
            departure(
                trip_id, stop, planned, expected, cancelled, table, config, dialect,
            ),
        ));
    }
    // The timetable's other trains, without realtime: a trip cancelled as a whole (a bare
    // cancellation, no stops listed) is cancelled here too, on its day.
    if let Some(t) = table {
        for s in t.departures(stops, local_now - chrono::Duration::minutes(1), 3) {
            if seen.contains(&s.trip_id.as_str()) {
                continue;
            }
            let day = s.at.date();
            let cancelled = states.get(&s.trip_id).is_some_and(|state| {
                state.canceled
                    && state
                        .start_date
                        .is_none_or(|d| d == day || d.succ_opt() == Some(day))
            });
            if let Some(planned) = to_utc(s.at) {
                rows.push((
                    planned,
                    departure(
                        &s.trip_id,
                        &s.stop_id,
                        planned,
                        None,
                        cancelled,
                        Some(t),
                        config,
                        dialect,
                    ),
                ));
            }
        }
    }
    rows
}

/// A stop's name: the timetable's, else the country's embedded station list's (Renfe's Cercanías
/// stations, whose bundle is not read), else its id.
fn stop_label(stop: &str, table: Option<&Timetable>, config: &GtfsFeedConfig) -> String {
    table
        .and_then(|t| t.stop_name(stop))
        .map(str::to_string)
        .or_else(|| crate::stations::by_code(stop, Some(&config.slug)).map(|s| s.name))
        .unwrap_or_else(|| stop.to_string())
}

#[allow(clippy::too_many_arguments)]
fn departure(
    trip_id: &str,
    stop: &str,
    planned: DateTime<Utc>,
    expected: Option<DateTime<Utc>>,
    cancelled: bool,
    table: Option<&Timetable>,
    config: &GtfsFeedConfig,
    dialect: &Dialect,
) -> Departure {
    let (line, code) = trip_code(trip_id, None, table, dialect, None);
    // A train without a line name shows its code there: a row is never dropped for it.
    let line = if line.is_empty() { code.clone() } else { line };
    let destination = table
        .and_then(|t| t.destination(trip_id))
        .unwrap_or_default();
    let via = table.map_or_else(Vec::new, |t| {
        via_list(t.stops_after(trip_id, stop), &destination)
    });
    Departure {
        line,
        destination,
        platform: None,
        scheduled_dep: local_hhmm(planned, config.timezone),
        delay: expected.map(|e| delay_minutes(planned, e)),
        cancelled,
        operator: Some(config.name.clone()),
        expected_dep: expected.map(|e| local_hhmm(e, config.timezone)),
        train_code: Some(code),
        via,
        ..Departure::default()
    }
}

/// Feeds made in code, for tests: vehicle positions and trip updates of the sample bundle's trips.
#[doc(hidden)]
pub mod samples {
    use super::gtfs_rt::*;
    use prost::Message;

    fn trip(id: &str) -> Option<TripDescriptor> {
        Some(TripDescriptor {
            trip_id: Some(id.into()),
            ..Default::default()
        })
    }

    /// T1 near Tapa, and a vehicle on a trip the timetable does not know.
    pub fn vehicle_positions() -> Vec<u8> {
        let vehicle = |id: &str, trip_id: &str, lat: f32, lng: f32, stop: &str| FeedEntity {
            id: Some(id.into()),
            vehicle: Some(VehiclePosition {
                trip: trip(trip_id),
                position: Some(Position {
                    latitude: Some(lat),
                    longitude: Some(lng),
                    speed: Some(27.0),
                    ..Default::default()
                }),
                stop_id: Some(stop.into()).filter(|s: &String| !s.is_empty()),
                timestamp: Some(1_795_500_000),
                vehicle: Some(VehicleDescriptor {
                    id: Some(id.into()),
                    label: None,
                }),
                ..Default::default()
            }),
            ..Default::default()
        };
        FeedMessage {
            header: Some(FeedHeader {
                gtfs_realtime_version: Some("2.0".into()),
                timestamp: Some(1_795_500_000),
            }),
            entity: vec![
                vehicle("EL-01", "T1", 59.30, 25.60, "TPS"),
                vehicle("EL-02", "X9", 58.90, 26.10, ""),
            ],
        }
        .encode_to_vec()
    }

    /// T1 five minutes late at Tallinn's platform; T3 (not running today) cancelled.
    pub fn trip_updates(t1_departure_unix: i64) -> Vec<u8> {
        FeedMessage {
            header: Some(FeedHeader {
                gtfs_realtime_version: Some("2.0".into()),
                timestamp: Some(1_795_500_000),
            }),
            entity: vec![
                FeedEntity {
                    id: Some("u1".into()),
                    trip_update: Some(TripUpdate {
                        trip: trip("T1"),
                        delay: Some(300),
                        stop_time_update: vec![StopTimeUpdate {
                            stop_id: Some("TLL-1".into()),
                            departure: Some(StopTimeEvent {
                                delay: Some(300),
                                time: Some(t1_departure_unix),
                            }),
                            ..Default::default()
                        }],
                        ..Default::default()
                    }),
                    ..Default::default()
                },
                FeedEntity {
                    id: Some("u2".into()),
                    trip_update: Some(TripUpdate {
                        trip: Some(TripDescriptor {
                            trip_id: Some("T2".into()),
                            schedule_relationship: Some(TRIP_CANCELED),
                            ..Default::default()
                        }),
                        stop_time_update: vec![StopTimeUpdate {
                            stop_id: Some("TLL-1".into()),
                            ..Default::default()
                        }],
                        ..Default::default()
                    }),
                    ..Default::default()
                },
            ],
        }
        .encode_to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> GtfsFeedConfig {
        GtfsFeedConfig {
            slug: "estonia".into(),
            name: "Elron".into(),
            timezone: chrono_tz::Tz::Europe__Tallinn,
            vehicle_positions: "/vp".into(),
            trip_updates: Some("/tu".into()),
            static_gtfs: Some("/gtfs.zip".into()),
            attribution: "test".into(),
            speed_to_kmh: 3.6,
        }
    }

    fn table() -> Timetable {
        Timetable::from_zip(&super::super::gtfs_static::sample_bundle()).unwrap()
    }

    #[test]
    fn a_stop_is_named_by_the_timetable_then_the_station_list_then_its_id() {
        let spain = GtfsFeedConfig {
            slug: "spain".into(),
            ..config()
        };
        assert_eq!(stop_label("18000", None, &spain), "Madrid-Atocha Cercanías");
        assert_eq!(stop_label("99999", None, &spain), "99999");
        assert_eq!(
            stop_label("18000", None, &config()),
            "18000",
            "Estonia has no list"
        );
        assert_eq!(stop_label("TPS", Some(&table()), &spain), "Tapa");
    }

    /// A standard feed's board, in order.
    fn board(
        stops: &[String],
        table: Option<&Timetable>,
        states: &HashMap<String, TripState>,
        config: &GtfsFeedConfig,
        now: DateTime<Utc>,
    ) -> Vec<Departure> {
        in_order(board_rows(
            stops,
            table,
            states,
            config,
            &Dialect::STANDARD,
            now,
        ))
    }

    fn now() -> DateTime<Utc> {
        "2026-11-24T06:00:00Z".parse().unwrap() // 08:00 in Tallinn, a Tuesday
    }

    /// A standard feed's trains without a timetable or trip updates.
    fn bare_trains(feed: &FeedMessage) -> Vec<Train> {
        trains(
            feed,
            None,
            &HashMap::new(),
            &config(),
            &Dialect::STANDARD,
            now(),
        )
    }

    #[test]
    fn a_vehicles_journey_is_its_trips_calls_with_the_updates_times() {
        let table = table();
        // T1 leaves Tallinn at 08:10, five minutes late (08:15); it is 08:00 in Tallinn.
        let t1 = now().timestamp() + 15 * 60;
        let states = trip_states(&gtfs_rt::decode(&samples::trip_updates(t1)).unwrap());
        let feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
        let both = (&config(), &Dialect::STANDARD);
        let j = parse_journey(&feed, Some(&table), &states, both, "estonia-EL-01", now()).unwrap();
        assert_eq!(j.train.id, "estonia-EL-01");
        let names: Vec<_> = j.stops.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["Tallinn", "Tapa", "Tartu"]);
        let tallinn = &j.stops[0];
        assert_eq!(tallinn.departure.scheduled.as_deref(), Some("08:10"));
        assert_eq!(tallinn.departure.expected.as_deref(), Some("08:15"));
        assert_eq!(tallinn.delay, Some(5));
        assert_eq!(
            tallinn.lat,
            Some(59.440),
            "a platform is placed at its station"
        );
        assert!(!tallinn.passed);
        assert_eq!(
            j.stops[1].delay, None,
            "no update there: the plan, no realtime"
        );
        let tartu = &j.stops[2];
        assert_eq!(
            tartu.arrival.scheduled.as_deref(),
            Some("10:30"),
            "the end is an arrival"
        );
        assert!(tartu.departure.is_empty());
        // Without a timetable: the stops the update names, by id.
        let bare = parse_journey(&feed, None, &states, both, "estonia-EL-01", now()).unwrap();
        let ids: Vec<_> = bare.stops.iter().map(|s| s.code.as_deref()).collect();
        assert_eq!(ids, [Some("TLL-1")]);
        assert_eq!(bare.stops[0].departure.expected.as_deref(), Some("08:15"));
        // A vehicle on a trip the timetable does not know, and one that is not there.
        let x9 = parse_journey(&feed, Some(&table), &states, both, "estonia-EL-02", now()).unwrap();
        assert!(x9.stops.is_empty());
        assert!(
            parse_journey(&feed, Some(&table), &states, both, "estonia-EL-99", now()).is_none()
        );
    }

    #[test]
    fn trains_take_names_from_the_timetable_and_delays_from_the_updates() {
        let table = table();
        let t1 = now().timestamp() + 15 * 60;
        let states = trip_states(&gtfs_rt::decode(&samples::trip_updates(t1)).unwrap());
        let feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
        let list = trains(
            &feed,
            Some(&table),
            &states,
            &config(),
            &Dialect::STANDARD,
            now(),
        );
        assert_eq!(list.len(), 2);
        assert_eq!(list[0].name, "R 101 → Tartu");
        assert_eq!(list[0].next_station.as_deref(), Some("Tapa"));
        assert_eq!(list[0].delay, Some(5));
        assert!((list[0].lat.unwrap() - 59.30).abs() < 1e-4);
        assert_eq!(list[0].speed, Some(97.0), "27 m/s, as the spec's unit");
        assert_eq!(
            list[1].train_code, "X9",
            "a trip the timetable does not know"
        );
        assert_eq!(list[1].name, "X9 → ?");
        let bare = bare_trains(&feed);
        assert_eq!(bare[0].train_code, "T1", "without a bundle: the trip id");
    }

    #[test]
    fn a_vehicle_stamped_far_ahead_of_the_feed_is_no_train() {
        let mut feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
        let header = feed.header.as_ref().and_then(|h| h.timestamp).unwrap();
        if let Some(v) = feed.entity[1].vehicle.as_mut() {
            v.timestamp = Some(header + 54 * 24 * 3600); // "KD Symulator", 54 days ahead
        }
        if let Some(v) = feed.entity[0].vehicle.as_mut() {
            v.timestamp = Some(header + 60); // a clock a minute fast is still believed
        }
        let list = bare_trains(&feed);
        let ids: Vec<&str> = list.iter().map(|t| t.train_code.as_str()).collect();
        assert_eq!(ids, ["T1"]);
    }

    #[test]
    fn boards_join_updates_and_timetable() {
        let table = table();
        let t1 = now().timestamp() + 15 * 60; // 08:15, planned 08:10
        let states = trip_states(&gtfs_rt::decode(&samples::trip_updates(t1)).unwrap());
        let stops = table.stop_ids("TLL");
        let rows = in_order(board_rows(
            &stops,
            Some(&table),
            &states,
            &config(),
            &Dialect::STANDARD,
            now(),
        ));
        let seen: Vec<(&str, &str, Option<i64>, bool)> = rows
            .iter()
            .map(|d| {
                (
                    d.scheduled_dep.as_str(),
                    d.destination.as_str(),
                    d.delay,
                    d.cancelled,
                )
            })
            .collect();
        assert_eq!(
            seen,
            [
                ("08:10", "Tartu", Some(5), false),
                ("08:20", "Narva", None, true)
            ]
        );
        assert_eq!(rows[0].expected_dep.as_deref(), Some("08:15"));
        assert_eq!(rows[0].via, ["Tapa"]);
        assert_eq!(rows[0].train_code.as_deref(), Some("R 101"));
        // Timetable alone (no updates): both weekday trains, no realtime.
        let plain = in_order(board_rows(
            &stops,
            Some(&table),
            &HashMap::new(),
            &config(),
            &Dialect::STANDARD,
            now(),
        ));
        assert_eq!(plain.len(), 2);
        assert!(plain.iter().all(|d| d.delay.is_none() && !d.cancelled));
    }

    /// A trip update for T1 at Tallinn (planned 08:10) made by `update`.
    fn t1_update(update: impl FnOnce(&mut gtfs_rt::TripUpdate)) -> HashMap<String, TripState> {
        use gtfs_rt::*;
        use prost::Message;
        let mut u = TripUpdate {
            trip: Some(TripDescriptor {
                trip_id: Some("T1".into()),
                ..Default::default()
            }),
            ..Default::default()
        };
        update(&mut u);
        let feed = FeedMessage {
            header: None,
            entity: vec![FeedEntity {
                id: Some("u".into()),
                trip_update: Some(u),
                ..Default::default()
            }],
        };
        trip_states(&gtfs_rt::decode(&feed.encode_to_vec()).unwrap())
    }

    fn stop(time: Option<i64>, relationship: Option<i32>) -> gtfs_rt::StopTimeUpdate {
        gtfs_rt::StopTimeUpdate {
            stop_id: Some("TLL-1".into()),
            departure: Some(gtfs_rt::StopTimeEvent { delay: None, time }),
            schedule_relationship: relationship,
            ..Default::default()
        }
    }

    fn t1_delay(states: &HashMap<String, TripState>) -> Option<i64> {
        let table = table();
        let feed = gtfs_rt::decode(&samples::vehicle_positions()).unwrap();
        trains(
            &feed,
            Some(&table),
            states,
            &config(),
            &Dialect::STANDARD,
            now(),
        )[0]
        .delay
    }

    #[test]
    fn absolute_times_without_delay_give_the_train_its_delay_from_the_timetable() {
        let at_0815 = now().timestamp() + 15 * 60;
        let dated = t1_update(|u| {
            u.trip.as_mut().unwrap().start_date = Some("20261124".into());
            u.stop_time_update = vec![stop(Some(at_0815), None)];
        });
        assert_eq!(
            t1_delay(&dated),
            Some(5),
            "08:15 against the timetable's 08:10"
        );
        let undated = t1_update(|u| u.stop_time_update = vec![stop(Some(at_0815 - 180), None)]);
        assert_eq!(
            t1_delay(&undated),
            Some(2),
            "today's service, within 12 hours"
        );
        let wrong_day = t1_update(|u| {
            u.trip.as_mut().unwrap().start_date = Some("20261122".into()); // a Sunday
            u.stop_time_update = vec![stop(Some(at_0815), None)];
        });
        assert_eq!(t1_delay(&wrong_day), None, "T1 does not run on Sundays");
        let table = table();
        let rows = board(
            &table.stop_ids("TLL"),
            Some(&table),
            &dated,
            &config(),
            now(),
        );
        assert_eq!(rows[0].delay, Some(5), "the board agrees with the list");
    }

    #[test]
    fn an_untracked_trip_is_no_data_not_on_time() {
        let no_data = t1_update(|u| {
            u.delay = Some(0);
            u.stop_time_update = vec![stop(Some(now().timestamp() + 600), Some(STOP_NO_DATA))];
        });
        assert_eq!(t1_delay(&no_data), None);
        let unscheduled = t1_update(|u| {
            u.trip.as_mut().unwrap().schedule_relationship = Some(TRIP_UNSCHEDULED);
            u.delay = Some(0);
        });
        assert_eq!(t1_delay(&unscheduled), None);
        let table = table();
        let rows = board(
            &table.stop_ids("TLL"),
            Some(&table),
            &no_data,
            &config(),
            now(),
        );
        assert_eq!(
            (rows[0].delay, rows[0].expected_dep.as_deref()),
            (None, None)
        );
    }

    #[test]
    fn absurd_times_and_delays_do_not_panic() {
        for (time, delay) in [
            (Some(i64::MAX), Some(i32::MIN)),
            (Some(i64::MIN), Some(i32::MAX)),
            (None, Some(i32::MIN)),
            (Some(-1), None),
        ] {
            let states = t1_update(|u| {
                u.stop_time_update = vec![gtfs_rt::StopTimeUpdate {
                    stop_id: Some("TLL-1".into()),
                    departure: Some(gtfs_rt::StopTimeEvent { delay, time }),
                    ..Default::default()
                }];
            });
            let _ = t1_delay(&states);
            let table = table();
            let _ = board(
                &table.stop_ids("TLL"),
                Some(&table),
                &states,
                &config(),
                now(),
            );
        }
    }

    #[test]
    fn garbage_is_an_error() {
        assert!(gtfs_rt::decode(b"\xff\xff\xff\xff garbage").is_err());
    }
}
