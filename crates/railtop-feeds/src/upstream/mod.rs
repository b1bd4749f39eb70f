//! `--source upstream`: railtop as its own Live Train Data Service. An [`Aggregator`] asks the
//! public national feeds (a folder each in [`feeds`], sharing [`http::FeedHttp`]) and answers with
//! the API's records. With no country, every feed is asked at once and a failing one costs only
//! itself. This module and its siblings are what the feeds share: the registry, the fetch, the
//! GTFS readers, the code, time, XML and HTML helpers.

mod bundles;
pub mod codes;
pub mod feeds;
pub mod gtfs;
pub mod gtfs_rt;
pub mod gtfs_static;
pub mod html;
pub mod http;
pub mod parse;
pub mod registry;
pub mod station_lists;
pub mod times;
pub mod xml;

use crate::source::RouteLookups;
use crate::source::{SourceError, SourceResult};
use chrono::{DateTime, Utc};
use http::{FeedHttp, FeedSpec, Opened};
use railtop_core::assets::Station;
use railtop_core::model::{Departure, JourneyStop, Kind, StationInfo, Train};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

pub use parse::{Board, ParseError};

pub type FeedFuture<'a, T> = Pin<Box<dyn Future<Output = SourceResult<T>> + Send + 'a>>;

/// One feed, as the aggregator holds it. The built-in feeds and `[[feeds]]` are [`Live`]
/// adapters; tests write their own.
pub trait Feed: Send + Sync {
    /// Who the feed is (from its registry row, or its `[[feeds]]` entry).
    fn spec(&self) -> &FeedSpec;
    fn slug(&self) -> &'static str {
        self.spec().slug
    }
    /// "Data via …" for the screens.
    fn attribution(&self) -> &'static str {
        self.spec().attribution
    }
    /// Whether `code` is a station of this feed (for routing boards): by default, whether the
    /// station directory (the embedded lists and the feeds' own) has it as a code or alias.
    fn knows_station(&self, code: &str) -> bool {
        in_station_list(self.slug(), code)
    }
    /// The country's trains: with positions where the feed has them, else a hub's board.
    fn trains<'a>(
        &'a self,
        stop: Option<&'a str>,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, Vec<Train>>;
    /// A station's next departures (or arrivals), the station completed.
    fn board<'a>(&'a self, ask: BoardAsk<'a>) -> FeedFuture<'a, Board>;
    /// The feed's own list of its stations, for the directory (`None`: it serves none).
    fn station_list(&self) -> FeedFuture<'_, Option<Vec<Station>>> {
        Box::pin(async { Ok(None) })
    }
    /// Whether `id` is one of this feed's train ids (for routing journeys): by default, ids
    /// that begin with the feed's slug and a dash.
    fn owns_train(&self, id: &str) -> bool {
        slug_prefixed(self.slug(), id)
    }
    /// One of the feed's trains with its stops; `None`: the feed has no journeys.
    fn journey<'a>(&'a self, _id: &'a str, _now: DateTime<Utc>) -> FeedFuture<'a, Option<Journey>> {
        Box::pin(async { Ok(None) })
    }
    /// How a traveller's board checks this feed's rows against a route (its journeys a board,
    /// whether its rows' stops are a selection).
    fn route_lookups(&self) -> RouteLookups {
        RouteLookups::DEFAULT
    }
    /// Whether the feed was ever asked, and whether it is failing now (for `/healthz`).
    fn health(&self) -> (bool, Option<crate::source::Failing>) {
        (false, None)
    }
    /// Where its static timetables are (a GTFS feed's).
    fn schedules(&self) -> Vec<crate::source::ScheduleStatus> {
        Vec::new()
    }
}

/// A train and its run, as a feed reads it (the aggregator adds when and whose).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Journey {
    pub train: Train,
    pub stops: Vec<JourneyStop>,
}

impl Journey {
    /// A train's record as its run's stops tell it, for feeds whose journey answers are the
    /// run alone: cancelled when every stop is, arrived once the last is passed, running once
    /// one is; the delay at the last stop passed; from and to the run's ends; the next stop
    /// neither passed nor cancelled; partly cancelled when some stops are. The feed adds the rest.
    pub(crate) fn of_stops(
        id: &str,
        code: String,
        country: &str,
        stops: Vec<JourneyStop>,
    ) -> Journey {
        let cancelled = !stops.is_empty() && stops.iter().all(|s| s.cancelled);
        let arrived = stops.last().is_some_and(|s| s.passed);
        let started = stops.iter().any(|s| s.passed);
        let to = stops.last().map(|s| s.name.clone());
        let train = Train {
            id: id.to_string(),
            name: format!("{code} → {}", to.as_deref().unwrap_or("?")),
            train_code: code,
            status: if cancelled {
                railtop_core::model::status::CANCELLED
            } else if arrived {
                railtop_core::model::status::ARRIVED
            } else if started {
                railtop_core::model::status::RUNNING
            } else {
                railtop_core::model::status::SCHEDULED
            }
            .into(),
            delay: stops
                .iter()
                .rev()
                .find(|s| s.passed)
                .and_then(|s| s.delay)
                .filter(|_| !cancelled),
            country: Some(country.to_string()),
            from: stops.first().map(|s| s.name.clone()),
            to,
            next_station: stops
                .iter()
                .find(|s| !s.passed && !s.cancelled)
                .filter(|_| !arrived && !cancelled)
                .map(|s| s.name.clone()),
            scheduled_dep: stops.first().and_then(|s| s.departure.scheduled.clone()),
            partly_cancelled: !cancelled && stops.iter().any(|s| s.cancelled),
            ..Train::default()
        };
        Journey { train, stops }
    }
}

/// Whether `id` reads `<slug>-…`.
fn slug_prefixed(slug: &str, id: &str) -> bool {
    id.strip_prefix(slug)
        .is_some_and(|rest| rest.starts_with('-'))
}

/// What each feed's file writes: how it asks its upstream and reads the answers. [`Live`] makes
/// it a [`Feed`], so the boxing, the routing and the hub rule are written once.
pub trait Adapter: Send + Sync + 'static {
    /// Whether the station directory routes boards here (not for feeds whose
    /// stations are only their own ids).
    const STATION_LIST: bool = true;

    /// Codes of the feed's own shape (EVA, UIC…) that route here besides the station list.
    fn knows_code(&self, _code: &str) -> bool {
        false
    }

    /// Where its static timetables are, for a feed that reads some (GTFS).
    fn schedules(&self) -> Vec<crate::source::ScheduleStatus> {
        Vec::new()
    }

    /// The country's trains from the feed's own list (with positions), or `None` to list those
    /// of a board instead: `stop`'s, else the hub's (the hub rule, docs/architecture.md). A feed of boards only keeps
    /// this default.
    fn trains(
        &self,
        _http: &FeedHttp,
        _ask: TrainsAsk<'_>,
    ) -> impl Future<Output = OwnTrains> + Send {
        async { Ok(None) }
    }

    /// Whether [`board`](Self::board) answers arrivals too (`ask.kind`); without, an arrivals
    /// board is refused with a sentence that says so, never an empty list.
    const ARRIVALS: bool = false;

    /// A station's next departures, the station completed (see [`FeedSpec::complete`]).
    fn board(
        &self,
        http: &FeedHttp,
        ask: BoardAsk<'_>,
    ) -> impl Future<Output = SourceResult<Board>> + Send;

    /// Where the upstream serves its station list by GET, and how to read it (codes as the
    /// feed's boards take them): what most feeds' [`station_list`](Self::station_list) needs.
    const STATIONS_AT: Option<StationsAt> = None;

    /// Train ids of the feed's own shape that route here, besides `<slug>-…` (Finland's `fi-…`,
    /// Amtraker's `657-30`).
    fn owns_train(&self, _id: &str) -> bool {
        false
    }

    /// How a traveller's board checks the feed's rows against a route (`--to`, `--via`): how
    /// many of its journeys one board may ask (within the feed's budget of requests), and
    /// whether its rows' stops are every stop shown or a selection.
    const ROUTE_LOOKUPS: RouteLookups = RouteLookups::DEFAULT;

    /// One of the feed's trains with its stops, by the id its realtime records carry; `None`:
    /// the feed has no journeys (the answer says so).
    fn journey(
        &self,
        _http: &FeedHttp,
        _ask: JourneyAsk<'_>,
    ) -> impl Future<Output = SourceResult<Option<Journey>>> + Send {
        async { Ok(None) }
    }

    /// The feed's own station list, fetched at most daily by the refresher
    /// (`station_lists.rs`); `None`: the upstream serves none. By default a GET of
    /// [`STATIONS_AT`](Self::STATIONS_AT); feeds that POST or read a bundle write their own.
    fn station_list(
        &self,
        http: &FeedHttp,
    ) -> impl Future<Output = SourceResult<Option<Vec<Station>>>> + Send {
        async move {
            match Self::STATIONS_AT {
                Some((path, parse)) => http.get_parsed(path, parse).await.map(Some),
                None => Ok(None),
            }
        }
    }
}

/// A station list's path below the feed's base URL, and its parser.
pub(crate) type StationsAt = (&'static str, fn(&[u8]) -> Result<Vec<Station>, ParseError>);

/// What [`Adapter::trains`] is asked: the station named by the request, if any, the feed's
/// hub (its row's unless the configuration names another), and the time.
#[derive(Debug, Clone, Copy)]
pub struct TrainsAsk<'a> {
    pub stop: Option<&'a str>,
    pub hub: &'a str,
    pub now: DateTime<Utc>,
}

/// What [`Adapter::board`] is asked: a station as the user wrote it, how many rows, the time,
/// and departures or arrivals (asked of an adapter only when it has [`Adapter::ARRIVALS`]).
#[derive(Debug, Clone, Copy)]
pub struct BoardAsk<'a> {
    pub station: &'a str,
    pub limit: usize,
    pub now: DateTime<Utc>,
    pub kind: Kind,
}

impl<'a> BoardAsk<'a> {
    /// `limit` departures of `station` at `now`.
    pub fn departures(station: &'a str, limit: usize, now: DateTime<Utc>) -> BoardAsk<'a> {
        BoardAsk {
            station,
            limit,
            now,
            kind: Kind::Departures,
        }
    }
}

/// What [`Adapter::journey`] is asked: a train id as a realtime record wrote it, the feed's
/// hub (whose board lists the trains of feeds without a list), and the time.
#[derive(Debug, Clone, Copy)]
pub struct JourneyAsk<'a> {
    pub id: &'a str,
    pub hub: &'a str,
    pub now: DateTime<Utc>,
}

/// A feed's own list of trains, or `None` for "list a board's trains instead".
pub(crate) type OwnTrains = SourceResult<Option<Vec<Train>>>;

/// The registry's `open` for an adapter that needs nothing but its door and its hub.
pub(crate) fn open_plain<A: Adapter + Default>(o: Opened) -> Arc<dyn Feed> {
    Live::open(o.http, o.hub, A::default())
}

/// A feed at work: its door to the upstream, its hub, and its adapter.
pub struct Live<A> {
    http: FeedHttp,
    /// The station whose board lists the trains when the adapter has no list of its own.
    hub: String,
    adapter: A,
}

impl<A: Adapter> Live<A> {
    pub fn open(http: FeedHttp, hub: String, adapter: A) -> Arc<dyn Feed> {
        Arc::new(Live { http, hub, adapter })
    }
}

impl<A: Adapter> Feed for Live<A> {
    fn spec(&self) -> &FeedSpec {
        &self.http.spec
    }

    fn health(&self) -> (bool, Option<crate::source::Failing>) {
        self.http.health()
    }

    fn schedules(&self) -> Vec<crate::source::ScheduleStatus> {
        self.adapter.schedules()
    }

    fn knows_station(&self, code: &str) -> bool {
        self.adapter.knows_code(code.trim())
            || (A::STATION_LIST && in_station_list(self.slug(), code))
    }

    fn trains<'a>(
        &'a self,
        stop: Option<&'a str>,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, Vec<Train>> {
        Box::pin(contained(self.slug(), async move {
            let mut trains = match self
                .adapter
                .trains(
                    &self.http,
                    TrainsAsk {
                        stop,
                        hub: &self.hub,
                        now,
                    },
                )
                .await?
            {
                Some(trains) => trains,
                None => hub_trains(self, stop, &self.hub, now).await?,
            };
            railtop_core::model::plausible::bound_trains(&mut trains).log(self.slug());
            Ok(trains)
        }))
    }

    fn board<'a>(&'a self, ask: BoardAsk<'a>) -> FeedFuture<'a, Board> {
        if ask.kind == Kind::Arrivals && !A::ARRIVALS {
            let country =
                railtop_core::country::by_slug(self.slug()).map_or(self.slug(), |c| c.name);
            return Box::pin(std::future::ready(Err(SourceError::NotSupported(format!(
                "{country}'s feed ({}) has no arrivals in railtop; its departures are at \
                 /api/live/departures",
                self.spec().upstream
            )))));
        }
        Box::pin(contained(self.slug(), async move {
            let mut board = self.adapter.board(&self.http, ask).await?;
            railtop_core::model::plausible::bound_departures(&mut board.departures)
                .log(self.slug());
            Ok(board)
        }))
    }

    fn station_list(&self) -> FeedFuture<'_, Option<Vec<Station>>> {
        Box::pin(contained(self.slug(), async move {
            let list = self.adapter.station_list(&self.http).await?;
            Ok(list.map(|l| railtop_core::stations::online::cleaned(self.slug(), l)))
        }))
    }

    fn owns_train(&self, id: &str) -> bool {
        self.adapter.owns_train(id) || slug_prefixed(self.slug(), id)
    }

    fn route_lookups(&self) -> RouteLookups {
        A::ROUTE_LOOKUPS
    }

    fn journey<'a>(&'a self, id: &'a str, now: DateTime<Utc>) -> FeedFuture<'a, Option<Journey>> {
        let ask = JourneyAsk {
            id,
            hub: &self.hub,
            now,
        };
        Box::pin(contained(
            self.slug(),
            self.adapter.journey(&self.http, ask),
        ))
    }
}

/// A feed's fetch with a panic in it (a bug in its parser) made that feed's failure, like an
/// outage: the other feeds, the server and the screens go on.
async fn contained<T>(
    slug: &str,
    fetch: impl std::future::Future<Output = SourceResult<T>>,
) -> SourceResult<T> {
    railtop_core::panics::caught(slug, fetch)
        .await
        .unwrap_or_else(|c| {
            Err(SourceError::Upstream(format!(
                "the {slug} feed failed inside railtop (a bug, logged): {}",
                c.message
            )))
        })
}

/// Where station `code` of `country` is, from the directory (the embedded lists and the feeds'
/// own as last fetched): how journeys of feeds without positions of their own get onto a map.
pub fn place(country: &str, code: &str) -> Option<(f64, f64)> {
    railtop_core::stations::current()
        .by_code(code, Some(country))
        .map(|e| (e.lat, e.lng))
}

/// Whether the station directory (the embedded lists and the feeds' own) has `code` as a code
/// or alias in `country`.
pub(crate) fn in_station_list(country: &str, code: &str) -> bool {
    railtop_core::stations::current()
        .by_code(code, Some(country))
        .is_some()
}

/// For countries whose feeds have boards but no positions: the trains of a hub's board, as
/// realtime records with no position (the hub rule, docs/architecture.md). Each not yet departed, or cancelled.
pub(crate) fn trains_from_board(
    country: &str,
    station: &StationInfo,
    departures: &[Departure],
    day: &str,
) -> Vec<Train> {
    departures
        .iter()
        .map(|d| {
            let id = format!("{country}-{day}-{}", board_code(d));
            d.as_train(id, Some(country.into()), &station.name)
        })
        .collect()
}

/// The code a train of a board goes by in its id: its train code, else its line (as
/// [`Departure::as_train`] names it).
pub fn board_code(d: &Departure) -> String {
    d.train_code.clone().unwrap_or_else(|| d.line.clone())
}

/// The day and code of a board's train id `<slug>-<YYYYMMDD>-<code>` ([`trains_from_board`]).
pub(crate) fn board_train_id<'a>(slug: &str, id: &'a str) -> Option<(&'a str, &'a str)> {
    let (day, code) = id.strip_prefix(slug)?.strip_prefix('-')?.split_once('-')?;
    let is_day = day.len() == 8 && day.bytes().all(|b| b.is_ascii_digit());
    (is_day && !code.is_empty()).then_some((day, code))
}

/// The other way round from [`trains_from_board`]: the row of a board that train `id` is, with
/// what the feed keeps beside its departure (a trip id, a pass list), and the train's record as
/// `realtime` listed it, at the station `station` says. `None`: not an id of `slug`'s boards,
/// or not on this board.
pub(crate) fn board_train<T, D: std::borrow::Borrow<Departure>>(
    slug: &str,
    id: &str,
    rows: impl IntoIterator<Item = (T, D)>,
    station: impl FnOnce(&T) -> StationInfo,
) -> Option<(T, Train)> {
    let (day, code) = board_train_id(slug, id)?;
    let (extra, departure) = rows
        .into_iter()
        .find(|(_, d)| board_code(d.borrow()) == code)?;
    let station = station(&extra);
    let train = trains_from_board(
        slug,
        &station,
        std::slice::from_ref(departure.borrow()),
        day,
    );
    Some((extra, train.into_iter().next()?))
}

/// Rows of the hub's board that `realtime` lists as trains.
pub(crate) const HUB_ROWS: usize = 40;

/// `realtime` for a feed without positions: its hub's board (or `stop`'s), as trains.
async fn hub_trains(
    feed: &dyn Feed,
    stop: Option<&str>,
    hub: &str,
    now: DateTime<Utc>,
) -> SourceResult<Vec<Train>> {
    let board = feed
        .board(BoardAsk {
            station: stop.unwrap_or(hub),
            limit: HUB_ROWS,
            now,
            kind: Kind::Departures,
        })
        .await?;
    let day = now
        .with_timezone(&feed.spec().tz)
        .format("%Y%m%d")
        .to_string();
    Ok(trains_from_board(
        feed.slug(),
        &board.station,
        &board.departures,
        &day,
    ))
}

pub use registry::why_not_live;

mod aggregator;
pub use aggregator::{Aggregator, Unread};
