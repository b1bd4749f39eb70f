//! Any GTFS-Realtime feed as a country or region: vehicle positions for the train list; trip
//! updates (when the feed has them) for boards with delays; a static GTFS bundle (when given) for
//! stop, route and destination names and, without trip updates, boards from the timetable alone.
//! The built-in GTFS countries (Malaysia, Spain, Bulgaria) are registry rows of data read here
//! ([`BuiltIn`]); `[[feeds]]` in the config file adds more.
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

mod alerts;
mod board;
mod built_in;
mod dialect;
mod join;
mod read;
#[doc(hidden)]
pub mod samples;
mod schedule;

pub use alerts::{Alerts, Call as AlertCall};
#[cfg(test)]
mod tests;

use board::board_rows;
pub use board::{parse_arrivals, parse_board, parse_board_as};
pub use built_in::{BuiltIn, Part};
pub use dialect::{Dialect, Label};
pub use join::JoinCount;
use join::Matcher;
use read::{join_states, journey, trains, Joined, Of};
pub use read::{parse_journey, parse_trains, parse_trains_as};
use schedule::Schedule;
pub use schedule::{Report, Schedules, Status};

use super::gtfs_rt::FeedMessage;
use super::gtfs_static::Timetable;
use super::http::{FeedHttp, FeedSpec, Wire};
use super::parse::{in_order, Board};
use super::{Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live, OwnTrains, TrainsAsk};
use crate::source::{SourceError, SourceResult};
use chrono::{DateTime, Utc};
use railtop_core::model::{Departure, Kind};
use std::sync::Arc;
use std::time::Duration;

use railtop_core::config::GtfsFeedConfig;

/// A `[[feeds]]` entry: its URLs are whole, its identity comes from the configuration.
pub(crate) fn open_configured(wire: Wire, config: GtfsFeedConfig) -> Arc<dyn Feed> {
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

pub(crate) struct GtfsFeed {
    config: GtfsFeedConfig,
    dialect: Dialect,
    /// Made at the first ask, from the process's [`Schedules`] (in the feed's `FeedHttp`).
    schedule: std::sync::OnceLock<Option<Schedule>>,
    /// How the last trip updates joined the timetable (for `/healthz`).
    joined: std::sync::Mutex<Option<JoinCount>>,
}

impl GtfsFeed {
    fn new(config: GtfsFeedConfig) -> GtfsFeed {
        GtfsFeed::with_dialect(config, Dialect::STANDARD)
    }

    /// A feed whose payloads `dialect` mends (see [`Dialect`]).
    pub(crate) fn with_dialect(config: GtfsFeedConfig, dialect: Dialect) -> GtfsFeed {
        GtfsFeed {
            config,
            dialect,
            schedule: std::sync::OnceLock::new(),
            joined: std::sync::Mutex::new(None),
        }
    }

    /// `url`'s feed, decoded and mended.
    async fn feed(&self, http: &FeedHttp, url: &str) -> SourceResult<FeedMessage> {
        let tz = self.config.timezone;
        http.get_parsed(url, |b| self.dialect.decode(b, tz)).await
    }

    fn schedule(&self, http: &FeedHttp) -> Option<&Schedule> {
        self.schedule
            .get_or_init(|| {
                let source = self.config.static_gtfs.as_deref()?.trim();
                Some(Schedule::new(
                    http.spec.slug,
                    source.to_string(),
                    self.config.modes,
                    self.config.static_max_bytes,
                    http.schedules().clone(),
                ))
            })
            .as_ref()
    }

    /// The static timetable when one is configured and read (see [`Schedule`]): a broken
    /// bundle costs the names, not the feed.
    async fn timetable(&self, http: &FeedHttp) -> Option<Arc<Timetable>> {
        self.schedule(http)?.get(http).await
    }

    /// Where the static timetable is, when the feed has one, and how the realtime trips last
    /// joined it.
    pub(crate) fn schedule_status(&self) -> Option<Status> {
        let mut status = self.schedule.get()?.as_ref()?.status()?;
        status.realtime_trips = *self.joined.lock().unwrap_or_else(|p| p.into_inner());
        Some(status)
    }

    /// How this feed's realtime trips are found in `table` at `now`.
    fn matcher<'t>(&self, table: Option<&'t Timetable>, now: DateTime<Utc>) -> Matcher<'t> {
        Matcher::new(table, self.config.trip_match, self.config.timezone, now)
    }

    /// The trip updates joined to `table` (see [`join`]); with no trip updates, none, though a
    /// vehicle's trip is still found in the timetable the same way.
    async fn trip_states<'t>(
        &self,
        http: &FeedHttp,
        table: Option<&'t Timetable>,
        now: DateTime<Utc>,
    ) -> SourceResult<Joined<'t>> {
        let matcher = self.matcher(table, now);
        let Some(url) = self.config.trip_updates.as_deref() else {
            return Ok(Joined::matching(matcher));
        };
        let joined = join_states(&self.feed(http, url).await?, &matcher);
        if table.is_some() {
            let before = self
                .joined
                .lock()
                .unwrap_or_else(|p| p.into_inner())
                .replace(joined.count);
            if before.map(|b| b.unmatched) != Some(joined.count.unmatched) {
                tracing::info!(feed = %self.config.slug, "{}", joined.count.describe());
            }
        }
        Ok(joined)
    }

    /// [`trip_states`](Self::trip_states) where a failing trip-updates feed costs only the
    /// delays (a list of vehicles, a journey): the trips are still found in the timetable.
    async fn realtime<'t>(
        &self,
        http: &FeedHttp,
        table: Option<&'t Timetable>,
        now: DateTime<Utc>,
    ) -> Joined<'t> {
        match self.trip_states(http, table, now).await {
            Ok(joined) => joined,
            Err(_) => Joined::matching(self.matcher(table, now)),
        }
    }

    /// The feed's service alerts in force, where it has an alerts feed. A failing alerts feed
    /// costs the boards their messages only (said in the log), never the board.
    async fn alerts(&self, http: &FeedHttp, now: DateTime<Utc>) -> Alerts {
        let Some(url) = self.config.alerts.as_deref() else {
            return Alerts::default();
        };
        match self.feed(http, url).await {
            Ok(feed) => Alerts::of(&feed, now, &self.dialect),
            Err(e) => {
                tracing::warn!(feed = %self.config.slug, "alerts not read: {e}");
                Alerts::default()
            }
        }
    }

    /// The rows of `station`'s board, each with its planned time (for merging the boards of
    /// several feeds), the station's name in the timetable, and the alerts about the station.
    pub async fn board_rows(
        &self,
        http: &FeedHttp,
        station: &str,
        kind: Kind,
        now: DateTime<Utc>,
    ) -> SourceResult<PartBoard> {
        let table = self.timetable(http).await;
        if table.is_none() && self.config.trip_updates.is_none() {
            let slug = http.spec.slug;
            return Err(match self.schedule_status() {
                // No percent here: an answer is kept a while, and a figure in it would be
                // stale (the dashboard's header and /healthz say how far it is).
                Some(s) if matches!(s.state, "downloading" | "building") => {
                    SourceError::NotReady(format!(
                        "{slug}: its timetable is still being read ({}); boards follow when it is ready",
                        s.state
                    ))
                }
                Some(s) if s.state == "failed" => SourceError::Upstream(format!(
                    "no boards for {slug}: its static timetable is unavailable: {}",
                    s.detail
                )),
                _ => SourceError::NotFound(format!(
                    "no boards for {slug}: the feed has neither trip updates nor a readable static timetable"
                )),
            });
        }
        let states = self.trip_states(http, table.as_deref(), now).await?;
        let alerts = self.alerts(http, now).await;
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
            board::BoardOf {
                kind,
                alerts: &alerts,
            },
            now,
        );
        let name = table
            .as_deref()
            .and_then(|t| t.stop_name(&stops[0]).map(str::to_string));
        let places: Vec<(&str, Option<&str>)> = stops
            .iter()
            .map(|s| (s.as_str(), table.as_deref().and_then(|t| t.station_of(s))))
            .collect();
        Ok(PartBoard {
            name,
            notices: alerts.at_stops(&places),
            rows,
        })
    }
}

/// One feed's part of a station's board (see [`GtfsFeed::board_rows`]).
pub struct PartBoard {
    pub name: Option<String>,
    /// Each row with its planned time, not yet in order.
    pub rows: Vec<(DateTime<Utc>, Departure)>,
    /// The alerts about the station itself, with their languages.
    pub notices: Vec<(String, Option<String>)>,
}

impl Adapter for GtfsFeed {
    const ARRIVALS: bool = true;

    /// Stop ids are the feed's own: only `<slug>:<stop>` routes here.
    const STATION_LIST: bool = false;

    fn schedules(&self) -> Vec<Status> {
        self.schedule_status().into_iter().collect()
    }

    async fn trains(&self, http: &FeedHttp, ask: TrainsAsk<'_>) -> OwnTrains {
        let feed = self.feed(http, &self.config.vehicle_positions).await?;
        let table = self.timetable(http).await;
        // Trip updates only add delays here: without them the list still stands.
        let states = self.realtime(http, table.as_deref(), ask.now).await;
        let alerts = self.alerts(http, ask.now).await;
        let of = Of {
            config: &self.config,
            dialect: &self.dialect,
            alerts: &alerts,
        };
        let list = trains(&feed, table.as_deref(), &states, of, ask.now);
        Ok(Some(list))
    }

    /// The static bundle's stations (its `stops.txt`): the first timetable is waited for
    /// (the list is nothing without it), whether or not the process waits for timetables.
    async fn station_list(
        &self,
        http: &FeedHttp,
    ) -> SourceResult<Option<Vec<railtop_core::assets::Station>>> {
        let Some(schedule) = self.schedule(http) else {
            return Ok(None);
        };
        match schedule.first(http).await {
            Some(t) => Ok(Some(t.places().to_vec())),
            // Why, as the timetable's refresh said it (the fetch's error, with its URL).
            None => Err(SourceError::Upstream(match schedule.status() {
                Some(s) if s.state == "failed" => format!(
                    "its timetable could not be read: {}",
                    railtop_core::text::cleaned(&s.detail)
                ),
                _ => "its timetable (the static GTFS, its stops) is unavailable".to_string(),
            })),
        }
    }

    /// A vehicle's trip: its timetabled calls on the trip's day, with the trip updates'
    /// expected times; without a timetable, the stops the updates name.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let feed = self.feed(http, &self.config.vehicle_positions).await?;
        let table = self.timetable(http).await;
        let states = self.realtime(http, table.as_deref(), ask.now).await;
        let alerts = self.alerts(http, ask.now).await;
        let of = Of {
            config: &self.config,
            dialect: &self.dialect,
            alerts: &alerts,
        };
        let found = journey(&feed, table.as_deref(), &states, of, ask.id, ask.now);
        match found {
            Some(journey) => Ok(Some(journey)),
            None => Err(SourceError::NotFound(format!(
                "no vehicle {} in the {} feed now",
                railtop_core::text::quoted(ask.id),
                self.config.name
            ))),
        }
    }

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let part = self
            .board_rows(http, ask.station, ask.kind, ask.now)
            .await?;
        let mut rows = in_order(part.rows);
        rows.truncate(ask.limit);
        let mut board = Board::named(part.name, rows);
        board.notices = part.notices;
        Ok(http.spec.complete(ask.station, board))
    }
}
