//! `--source upstream`: railtop as its own Live Train Data Service. An [`Aggregator`] asks the
//! public national feeds (one module each, sharing [`http::FeedHttp`]) and answers with the API's
//! records. With no country, every feed is asked at once and a failing one costs only itself.

pub mod austria;
pub mod belgium;
mod bundles;
pub mod codes;
pub mod finland;
pub mod france;
pub mod germany;
pub mod gtfs;
pub mod gtfs_rt;
pub mod gtfs_static;
pub mod http;
pub mod ireland;
pub mod italy;
pub mod japan;
pub mod netherlands;
pub mod norway;
pub mod parse;
pub mod poland;
pub mod registry;
pub mod spain;
pub mod station_lists;
pub mod sweden;
pub mod switzerland;
pub mod times;
pub mod usa;
pub mod xml;

use crate::assets::Station;
use crate::clock::{rfc3339, Clock};
use crate::config::{Config, FeedSettings};
use crate::country;
use crate::model::{
    CountryError, Departure, DeparturesResponse, JourneyResponse, JourneyStop, RealtimeResponse,
    StationInfo, Train,
};
use crate::source::{
    DeparturesQuery, LiveSource, OpenError, RealtimeQuery, SourceError, SourceFuture, SourceInfo,
    SourceResult,
};
use crate::stations::Resolved;
use chrono::{DateTime, Utc};
use http::{FeedHttp, FeedSpec, Opened};
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

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
    /// A station's next departures, the station completed.
    fn board<'a>(
        &'a self,
        station: &'a str,
        limit: usize,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, Board>;
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
                crate::model::status::CANCELLED
            } else if arrived {
                crate::model::status::ARRIVED
            } else if started {
                crate::model::status::RUNNING
            } else {
                crate::model::status::SCHEDULED
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

/// What [`Adapter::board`] is asked: a station as the user wrote it, how many rows, the time.
#[derive(Debug, Clone, Copy)]
pub struct BoardAsk<'a> {
    pub station: &'a str,
    pub limit: usize,
    pub now: DateTime<Utc>,
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
            crate::model::plausible::bound_trains(&mut trains).log(self.slug());
            Ok(trains)
        }))
    }

    fn board<'a>(
        &'a self,
        station: &'a str,
        limit: usize,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, Board> {
        let ask = BoardAsk {
            station,
            limit,
            now,
        };
        Box::pin(contained(self.slug(), async move {
            let mut board = self.adapter.board(&self.http, ask).await?;
            crate::model::plausible::bound_departures(&mut board.departures).log(self.slug());
            Ok(board)
        }))
    }

    fn station_list(&self) -> FeedFuture<'_, Option<Vec<Station>>> {
        Box::pin(contained(self.slug(), async move {
            let list = self.adapter.station_list(&self.http).await?;
            Ok(list.map(|l| crate::stations::online::cleaned(self.slug(), l)))
        }))
    }

    fn owns_train(&self, id: &str) -> bool {
        self.adapter.owns_train(id) || slug_prefixed(self.slug(), id)
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
    crate::panics::caught(slug, fetch)
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
    crate::stations::current()
        .by_code(code, Some(country))
        .map(|e| (e.lat, e.lng))
}

/// Whether the station directory (the embedded lists and the feeds' own) has `code` as a code
/// or alias in `country`.
pub(crate) fn in_station_list(country: &str, code: &str) -> bool {
    crate::stations::current()
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

/// How long an all-countries answer waits for the slowest feed.
pub(crate) const MERGE_DEADLINE: Duration = Duration::from_secs(4);

/// `realtime` for a feed without positions: its hub's board (or `stop`'s), as trains.
async fn hub_trains(
    feed: &dyn Feed,
    stop: Option<&str>,
    hub: &str,
    now: DateTime<Utc>,
) -> SourceResult<Vec<Train>> {
    let board = feed.board(stop.unwrap_or(hub), HUB_ROWS, now).await?;
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

/// A fixture of the project's own under `tests/fixtures/`, for the parsers' unit tests.
#[cfg(test)]
pub(crate) use crate::test_support::fixture;

pub struct Aggregator {
    feeds: Vec<Arc<dyn Feed>>,
    clock: Clock,
    merge_deadline: Duration,
}

impl Aggregator {
    /// Every feed of the registry that can open (the keyed ones only with a key), with the
    /// settings the configuration resolved; then the `[[feeds]]` entries, each replacing the
    /// built-in feed of its country. With `shared`, the feeds' answers are shared with the
    /// other `serve` instances on that Redis.
    pub fn open(
        config: &Config,
        shared: Option<Arc<crate::redis_store::RedisStore>>,
    ) -> Result<Aggregator, OpenError> {
        let waiting = gtfs::Schedules {
            wait: true,
            ..Default::default()
        };
        Aggregator::open_with(config, shared, waiting)
    }

    /// [`open`](Self::open), with static bundles kept and waited for as `schedules` says.
    pub fn open_with(
        config: &Config,
        shared: Option<Arc<crate::redis_store::RedisStore>>,
        schedules: gtfs::Schedules,
    ) -> Result<Aggregator, OpenError> {
        let wire = http::Wire {
            client: http::client()?,
            shared,
            schedules: Arc::new(schedules),
        };
        let none = FeedSettings::default();
        let gtfs_feeds = &config.gtfs_feeds;
        let open = |keyed: bool| {
            registry::FEEDS
                .iter()
                .filter(move |row| row.key_from.is_some() == keyed)
                .filter(|row| !gtfs_feeds.iter().any(|g| g.slug == row.country.slug))
                .filter_map(|row| {
                    let s = config.upstream.get(row.country.slug).unwrap_or(&none);
                    row.open(wire.clone(), s)
                })
        };
        // Open feeds first, then `[[feeds]]`, then the keyed ones: the order routing tries.
        let mut feeds: Vec<Arc<dyn Feed>> = open(false).collect();
        for gtfs in gtfs_feeds {
            feeds.push(gtfs::open_configured(wire.clone(), gtfs.clone()));
        }
        feeds.extend(open(true));
        Ok(Aggregator::with_feeds(feeds, config.clock))
    }

    /// Starts the daily refresh of the feeds' station lists (cached in `dir`), in the
    /// background: for the long-running modes.
    pub fn refresh_station_lists(&self, dir: Option<std::path::PathBuf>) {
        station_lists::Refresher::new(self.feeds.clone(), dir).spawn();
    }

    pub fn with_feeds(feeds: Vec<Arc<dyn Feed>>, clock: Clock) -> Aggregator {
        Aggregator {
            feeds,
            clock,
            merge_deadline: MERGE_DEADLINE,
        }
    }

    /// How long an all-countries answer waits for the slowest feed (tests shorten it).
    pub fn with_merge_deadline(mut self, deadline: Duration) -> Aggregator {
        self.merge_deadline = deadline;
        self
    }

    /// Every feed at once; a feed that misses the deadline is reported and left running, so its
    /// answer fills its cache for the next request instead of being thrown away.
    async fn all_trains(&self, now: DateTime<Utc>) -> (Vec<Train>, Vec<CountryError>) {
        let tasks: Vec<_> = self
            .feeds
            .iter()
            .map(|feed| {
                let feed = feed.clone();
                tokio::spawn(async move { feed.trains(None, now).await })
            })
            .collect();
        let deadline = tokio::time::Instant::now() + self.merge_deadline;
        let mut trains = Vec::new();
        let mut failed = Vec::new();
        for (feed, task) in self.feeds.iter().zip(tasks) {
            let reason = match tokio::time::timeout_at(deadline, task).await {
                Ok(Ok(Ok(t))) => {
                    trains.extend(t);
                    continue;
                }
                Ok(Ok(Err(e))) => e.to_string(),
                Ok(Err(e)) => format!("the {} feed stopped: {e}", feed.slug()),
                Err(_) => format!(
                    "no answer within {} s; still trying",
                    self.merge_deadline.as_secs_f32()
                ),
            };
            failed.push(CountryError {
                country: feed.slug().into(),
                reason,
            });
        }
        (trains, failed)
    }

    fn live_countries(&self) -> Vec<String> {
        self.feeds.iter().map(|f| f.slug().to_string()).collect()
    }

    fn feed(&self, slug: &str) -> SourceResult<&Arc<dyn Feed>> {
        self.feeds.iter().find(|f| f.slug() == slug).ok_or_else(|| {
            SourceError::NotFound(match country::by_slug(slug) {
                Some(c) => format!(
                    "{} is not live: {}; live: {}",
                    c.name,
                    why_not_live(c.slug),
                    self.live_countries().join(", ")
                ),
                None => format!(
                    "unknown country {slug:?}; known: {}",
                    country::slugs().join(", ")
                ),
            })
        })
    }

    /// The feed a board request goes to, and the code to ask it for: `finland:HKI` names the
    /// feed (a name there is looked up in that country's stations); a bare code or alias goes to
    /// its country's feed, else to the first feed that knows it; a bare name to the only
    /// station of the directory it names. An ambiguous or unknown name lists the candidates.
    fn route(&self, station: &str) -> SourceResult<(&Arc<dyn Feed>, String)> {
        let directory = crate::stations::current();
        if let Some((slug, rest)) = station.split_once(':').filter(|(s, _)| {
            country::by_slug(s).is_some() || self.feeds.iter().any(|f| f.slug() == *s)
        }) {
            let feed = self.feed(slug)?;
            if feed.knows_station(rest) {
                return Ok((feed, rest.to_string()));
            }
            let resolved = directory.resolve(rest, Some(slug));
            return match resolved {
                Resolved::One(e) => Ok((feed, e.code.clone())),
                Resolved::Ambiguous(_) => Err(SourceError::NotFound(
                    resolved.not_one(station).unwrap_or_default(),
                )),
                // A code the list does not have, or a name the feed looks up itself.
                Resolved::Unknown(_) => Ok((feed, rest.to_string())),
            };
        }
        let resolved = directory.resolve(station, None);
        let knower = self.feeds.iter().find(|f| f.knows_station(station));
        if let Resolved::One(e) = resolved {
            if e.has_code(station) || knower.is_none() {
                return Ok((self.feed(e.country)?, e.code.clone()));
            }
        }
        if let Some(feed) = knower {
            return Ok((feed, station.to_string()));
        }
        Err(SourceError::NotFound(
            resolved.not_one(station).unwrap_or_else(|| {
                let asked = crate::text::quoted(station);
                format!(
                    "unknown station {asked}; name the country as in finland:{}",
                    asked.trim_matches('"')
                )
            }),
        ))
    }

    async fn realtime_of(&self, query: RealtimeQuery) -> SourceResult<RealtimeResponse> {
        let now = self.clock.now();
        let stop = query.stop.as_deref();
        let (trains, failed, attribution) = match query.country.as_deref() {
            Some(slug) => {
                let feed = self.feed(slug)?;
                (
                    feed.trains(stop, now).await?,
                    Vec::new(),
                    feed.attribution().to_string(),
                )
            }
            None => {
                let (trains, failed) = self.all_trains(now).await;
                if failed.len() == self.feeds.len() && !failed.is_empty() {
                    return Err(SourceError::Upstream(format!(
                        "every feed failed; first: {}",
                        failed[0].reason
                    )));
                }
                let attribution = self
                    .feeds
                    .iter()
                    .map(|f| f.attribution())
                    .collect::<Vec<_>>()
                    .join(" · ");
                (trains, failed, attribution)
            }
        };
        let mut answer = RealtimeResponse::new(trains, self.live_countries(), rfc3339(now));
        answer.failed_countries = failed;
        answer.attribution = Some(attribution);
        answer.sanitize();
        Ok(answer)
    }

    async fn departures_of(&self, query: DeparturesQuery) -> SourceResult<DeparturesResponse> {
        let now = self.clock.now();
        let (feed, code) = self.route(&query.station)?;
        let Board {
            station,
            mut departures,
        } = feed.board(&code, query.limit, now).await?;
        departures.truncate(query.limit);
        let mut answer = DeparturesResponse {
            departures,
            station,
            fetched_at: rfc3339(now),
            attribution: Some(feed.attribution().to_string()),
            simulated: false,
        };
        answer.sanitize();
        Ok(answer)
    }

    /// The run of train `id`, from the feed whose id it is.
    async fn journey_of(&self, id: String) -> SourceResult<JourneyResponse> {
        let now = self.clock.now();
        let feed = self
            .feeds
            .iter()
            .find(|f| f.owns_train(&id))
            .ok_or_else(|| {
                SourceError::NotFound(format!(
                    "no train {}: use an id from /api/live/realtime (they begin with their \
                 country, e.g. finland's fi-2026-11-23-1)",
                    crate::text::quoted(&id)
                ))
            })?;
        let Some(Journey { train, stops }) = feed.journey(&id, now).await? else {
            let country = country::by_slug(feed.slug()).map_or(feed.slug(), |c| c.name);
            return Err(SourceError::NotFound(format!(
                "{country}'s feed ({}) has no journeys of trains in railtop",
                feed.spec().upstream
            )));
        };
        let mut answer = JourneyResponse {
            train,
            stops,
            fetched_at: rfc3339(now),
            attribution: Some(feed.attribution().to_string()),
            simulated: false,
        };
        answer.sanitize();
        Ok(answer)
    }
}

pub use registry::why_not_live;

impl LiveSource for Aggregator {
    fn health(&self) -> crate::source::Health {
        let mut health = crate::source::Health::default();
        for (asked, failing) in self.feeds.iter().map(|f| f.health()) {
            health.asked += usize::from(asked);
            health.failing.extend(failing);
        }
        health.schedules = self.feeds.iter().flat_map(|f| f.schedules()).collect();
        health
    }

    fn regions(&self) -> Vec<String> {
        self.feeds
            .iter()
            .map(|f| f.slug())
            .filter(|slug| country::by_slug(slug).is_none())
            .map(str::to_string)
            .collect()
    }

    fn not_live(&self) -> Vec<(&'static str, String)> {
        country::COUNTRIES
            .iter()
            .filter(|c| !self.feeds.iter().any(|f| f.slug() == c.slug))
            .map(|c| (c.slug, why_not_live(c.slug).to_string()))
            .collect()
    }

    fn info(&self) -> SourceInfo {
        SourceInfo {
            name: "upstream".into(),
            is_demo: false,
            attribution: self
                .feeds
                .iter()
                .map(|f| f.attribution())
                .collect::<Vec<_>>()
                .join(" · "),
        }
    }

    fn realtime(&self, query: RealtimeQuery) -> SourceFuture<'_, RealtimeResponse> {
        Box::pin(self.realtime_of(query))
    }

    fn departures(&self, query: DeparturesQuery) -> SourceFuture<'_, DeparturesResponse> {
        Box::pin(self.departures_of(query))
    }

    fn journey(&self, id: String) -> SourceFuture<'_, JourneyResponse> {
        Box::pin(self.journey_of(id))
    }
}
