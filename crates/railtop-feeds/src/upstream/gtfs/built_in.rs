//! The built-in GTFS-Realtime countries as data: a registry row names its feeds ([`Part`]s: the
//! realtime paths, the static bundle, the unit of speeds) and its operator's [`Dialect`], and
//! [`BuiltIn::open`] makes them one country. Adding such a country is its row, no code (and its
//! dialect, in a file of its own, only when its payloads break the standard).
//!
//! A country of several feeds (Renfe's Cercanías and long distance) answers as one: trains of
//! every feed (one train per id, the first feed's first), boards merged in time order, a journey
//! and the station list from the feeds with a timetable first.

use super::{Dialect, GtfsFeed};
use crate::source::SourceResult;
use crate::upstream::http::{FeedHttp, Opened};
use crate::upstream::parse::{in_order, Board};
use crate::upstream::{Adapter, BoardAsk, Feed, Journey, JourneyAsk, Live, OwnTrains, TrainsAsk};
use railtop_core::config::GtfsFeedConfig;
use railtop_core::country::Country;
use railtop_core::model::Train;
use std::collections::HashSet;
use std::sync::Arc;

/// One GTFS-Realtime feed of a built-in country. Paths are below the row's base URL; a whole
/// URL is fetched as it is (not when the row's base URL is moved, e.g. to a test server).
#[derive(Debug, Clone, Copy)]
pub struct Part {
    /// The operator as the feed's messages name it: "Renfe Cercanías".
    pub name: &'static str,
    pub vehicle_positions: &'static str,
    pub trip_updates: Option<&'static str>,
    /// Its service alerts, where it publishes them.
    pub alerts: Option<&'static str>,
    /// The static bundle for names and planned times; the settings' `static_gtfs` replaces it.
    pub static_gtfs: Option<&'static str>,
    /// Speeds to km/h: 3.6 where the feed follows the specification (m/s), 1 where it sends km/h.
    pub speed_to_kmh: f64,
}

/// A built-in country read by the generic reader: its feeds and its operator's dialect.
#[derive(Clone, Copy)]
pub struct BuiltIn {
    pub parts: &'static [Part],
    pub dialect: Dialect,
}

impl BuiltIn {
    /// `part` as a feed of `country`, with `static_gtfs` as its bundle.
    pub fn config(country: &Country, part: &Part, static_gtfs: Option<String>) -> GtfsFeedConfig {
        GtfsFeedConfig {
            trip_updates: part.trip_updates.map(String::from),
            alerts: part.alerts.map(String::from),
            static_gtfs,
            speed_to_kmh: part.speed_to_kmh,
            ..GtfsFeedConfig::new(country.slug, part.name, country.tz, part.vehicle_positions)
        }
    }

    /// The country's feed, as its registry row opens it.
    pub fn open(&self, country: &Country, opened: Opened) -> Arc<dyn Feed> {
        let mut feeds: Vec<GtfsFeed> = self
            .parts
            .iter()
            .map(|part| {
                // A path below the base URL becomes a whole URL here: a bundle's source is
                // a URL or a local file's path.
                let bundle = part.static_gtfs.and_then(|s| opened.static_or(s)).map(|s| {
                    if s.starts_with('/') && !s.contains("://") {
                        format!("{}{s}", opened.http.base())
                    } else {
                        s
                    }
                });
                GtfsFeed::with_dialect(Self::config(country, part, bundle), self.dialect)
            })
            .collect();
        match feeds.len() {
            1 => Live::open(opened.http, opened.hub, feeds.remove(0)),
            _ => Live::open(opened.http, opened.hub, Parts { feeds }),
        }
    }
}

/// Several GTFS-Realtime feeds answered as one country.
struct Parts {
    feeds: Vec<GtfsFeed>,
}

impl Parts {
    /// The feeds with a static timetable first (they name stations and know whole journeys).
    fn timetabled_first(&self) -> impl Iterator<Item = &GtfsFeed> {
        let (with, without): (Vec<&GtfsFeed>, Vec<&GtfsFeed>) = self
            .feeds
            .iter()
            .partition(|f| f.config.static_gtfs.is_some());
        with.into_iter().chain(without)
    }
}

impl Adapter for Parts {
    fn schedules(&self) -> Vec<super::Status> {
        self.feeds
            .iter()
            .filter_map(GtfsFeed::schedule_status)
            .collect()
    }

    /// Stop ids are the feeds' own: only `<slug>:<stop>` routes here.
    const STATION_LIST: bool = false;

    /// The stations of the first feed with a timetable.
    async fn station_list(
        &self,
        http: &FeedHttp,
    ) -> SourceResult<Option<Vec<railtop_core::assets::Station>>> {
        match self.timetabled_first().next() {
            Some(feed) => feed.station_list(http).await,
            None => Ok(None),
        }
    }

    async fn trains(&self, http: &FeedHttp, ask: TrainsAsk<'_>) -> OwnTrains {
        let parts =
            futures_util::future::join_all(self.feeds.iter().map(|f| f.trains(http, ask))).await;
        if parts.iter().all(Result::is_err) {
            return parts.into_iter().next().unwrap_or(Ok(None));
        }
        let mut seen = HashSet::new();
        let mut list: Vec<Train> = Vec::new();
        for (part, feed) in parts.into_iter().zip(&self.feeds) {
            match part {
                Ok(trains) => list.extend(
                    trains
                        .unwrap_or_default()
                        .into_iter()
                        .filter(|t| seen.insert(t.id.clone())),
                ),
                Err(e) => tracing::warn!(
                    feed = http.spec.slug,
                    part = feed.config.name,
                    error = %e,
                    "one of the country's GTFS-Realtime feeds failed"
                ),
            }
        }
        Ok(Some(list))
    }

    /// The vehicle in the first feed that has it, those with a timetable first.
    async fn journey(&self, http: &FeedHttp, ask: JourneyAsk<'_>) -> SourceResult<Option<Journey>> {
        let mut first_error = None;
        for feed in self.timetabled_first() {
            match feed.journey(http, ask).await {
                Ok(journey) => return Ok(journey),
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        first_error.map_or(Ok(None), Err)
    }

    const ARRIVALS: bool = true;

    async fn board(&self, http: &FeedHttp, ask: BoardAsk<'_>) -> SourceResult<Board> {
        let parts = futures_util::future::join_all(
            self.feeds
                .iter()
                .map(|f| f.board_rows(http, ask.station, ask.kind, ask.now)),
        )
        .await;
        let mut named: Vec<(bool, Option<String>)> = Vec::new();
        let mut rows = Vec::new();
        let mut notices = Vec::new();
        let mut first_error = None;
        for (part, feed) in parts.into_iter().zip(&self.feeds) {
            match part {
                Ok(part) => {
                    named.push((feed.config.static_gtfs.is_some(), part.name));
                    rows.extend(part.rows);
                    notices.extend(part.notices);
                }
                Err(e) => {
                    first_error.get_or_insert(e);
                }
            }
        }
        if named.is_empty() {
            if let Some(e) = first_error {
                return Err(e);
            }
        }
        // The name a timetable gives first.
        named.sort_by_key(|(timetabled, _)| !*timetabled);
        let name = named.into_iter().find_map(|(_, name)| name);
        let mut rows = in_order(rows);
        rows.truncate(ask.limit);
        let mut board = Board::named(name, rows);
        board.notices = notices;
        Ok(http.spec.complete(ask.station, board))
    }
}
