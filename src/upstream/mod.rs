//! `--source upstream`: railtop as its own Live Train Data Service. An [`Aggregator`] asks the
//! public national feeds (one module each, sharing [`http::FeedHttp`]) and answers with the API's
//! records. With no country, every feed is asked at once and a failing one costs only itself.

pub mod austria;
pub mod belgium;
pub mod finland;
pub mod france;
pub mod germany;
pub mod gtfs;
pub mod gtfs_rt;
pub mod gtfs_static;
pub mod http;
pub mod ireland;
pub mod japan;
pub mod netherlands;
pub mod norway;
pub mod sweden;
pub mod switzerland;
pub mod times;
pub mod usa;
pub mod xml;

use crate::clock::{rfc3339, Clock};
use crate::country;
use crate::model::{
    status, CountryError, Departure, DeparturesResponse, RealtimeResponse, StationInfo, Train,
};
use crate::source::{
    DeparturesQuery, LiveSource, RealtimeQuery, SourceError, SourceFuture, SourceInfo, SourceResult,
};
use chrono::{DateTime, Utc};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

pub type FeedFuture<'a, T> = Pin<Box<dyn Future<Output = SourceResult<T>> + Send + 'a>>;

/// One national feed.
pub trait Feed: Send + Sync {
    fn slug(&self) -> &'static str;
    /// "Data via …" for the screens.
    fn attribution(&self) -> &'static str;
    /// Whether `code` is a station of this feed (for routing boards): by default, whether the
    /// country's embedded station list has it as a code or alias.
    fn knows_station(&self, code: &str) -> bool {
        in_station_list(self.slug(), code)
    }
    /// The country's trains: with positions where the feed has them, else a hub's board.
    fn trains<'a>(
        &'a self,
        stop: Option<&'a str>,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, Vec<Train>>;
    /// A station's next departures.
    fn board<'a>(
        &'a self,
        station: &'a str,
        limit: usize,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, (StationInfo, Vec<Departure>)>;
}

/// A feed without open positions: it reads boards, and its trains are those of a hub's board
/// (DESIGN.md). Implementing this is implementing [`Feed`].
pub trait BoardFeed: Send + Sync {
    const SLUG: &'static str;
    const ATTRIBUTION: &'static str;
    /// The stations' clock.
    const TZ: chrono_tz::Tz;
    /// The station whose board `realtime` lists when no `stop` is named.
    fn hub(&self) -> &str;
    /// Codes of the feed's own shape (EVA, UIC…) that route here besides the station list.
    fn knows_code(&self, _code: &str) -> bool {
        false
    }
    fn read_board<'a>(
        &'a self,
        station: &'a str,
        limit: usize,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, (StationInfo, Vec<Departure>)>;
}

impl<T: BoardFeed> Feed for T {
    fn slug(&self) -> &'static str {
        T::SLUG
    }

    fn attribution(&self) -> &'static str {
        T::ATTRIBUTION
    }

    fn knows_station(&self, code: &str) -> bool {
        self.knows_code(code.trim()) || in_station_list(T::SLUG, code)
    }

    fn trains<'a>(
        &'a self,
        stop: Option<&'a str>,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, Vec<Train>> {
        Box::pin(hub_trains(self, stop, self.hub(), T::TZ, now))
    }

    fn board<'a>(
        &'a self,
        station: &'a str,
        limit: usize,
        now: DateTime<Utc>,
    ) -> FeedFuture<'a, (StationInfo, Vec<Departure>)> {
        self.read_board(station, limit, now)
    }
}

/// The `station` record of a board: the code asked for, its name, the country and its clock.
pub fn station_info(slug: &str, tz: chrono_tz::Tz, code: &str, name: String) -> StationInfo {
    StationInfo {
        code: code.to_string(),
        name,
        country: Some(slug.to_string()),
        timezone: Some(tz.name().to_string()),
    }
}

/// Whether the country's embedded station list has `code` as a code or alias.
pub fn in_station_list(country: &str, code: &str) -> bool {
    crate::assets::find_station(code, Some(country)).is_some()
}

/// For countries whose feeds have boards but no positions: the trains of a hub's board, as
/// realtime records with no position (DESIGN.md). Each not yet departed, or cancelled.
pub fn trains_from_board(
    country: &str,
    station: &StationInfo,
    departures: &[Departure],
    day: &str,
) -> Vec<Train> {
    departures
        .iter()
        .map(|d| {
            let code = d.train_code.clone().unwrap_or_else(|| d.line.clone());
            Train {
                id: format!("{country}-{day}-{code}"),
                name: format!("{code} → {}", d.destination),
                train_code: code,
                status: if d.cancelled {
                    status::CANCELLED
                } else {
                    status::SCHEDULED
                }
                .into(),
                lat: None,
                lng: None,
                delay: d.delay,
                platform: d.platform.clone(),
                country: Some(country.into()),
                from: None,
                to: Some(d.destination.clone()),
                next_station: Some(station.name.clone()),
                direction: None,
                scheduled_dep: Some(d.scheduled_dep.clone()),
                last_updated: None,
                operator: d.operator.clone(),
                speed: None,
            }
        })
        .collect()
}

/// How long an all-countries answer waits for the slowest feed.
pub const MERGE_DEADLINE: Duration = Duration::from_secs(4);

/// `realtime` for a feed without positions: its hub's board (or `stop`'s), as trains.
pub async fn hub_trains(
    feed: &dyn Feed,
    stop: Option<&str>,
    hub: &str,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> SourceResult<Vec<Train>> {
    let (station, departures) = feed.board(stop.unwrap_or(hub), 40, now).await?;
    let day = now.with_timezone(&tz).format("%Y%m%d").to_string();
    Ok(trains_from_board(feed.slug(), &station, &departures, &day))
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
    /// Every feed that needs no key. A feed's base URL is `RAILTOP_<COUNTRY>_URL`, else the
    /// configuration file's `[upstream.<country>] url`, else the real upstream; its hub (for
    /// countries without positions) is the file's `hub`, else the feed's own default.
    pub fn open(
        clock: Clock,
        file: &HashMap<String, http::FeedSettings>,
        gtfs_feeds: &[gtfs::GtfsFeedConfig],
    ) -> Result<Aggregator, String> {
        let client = http::client()?;
        let settings = |slug: &str| {
            let mut s = file.get(slug).cloned().unwrap_or_default();
            if let Ok(url) = std::env::var(http::override_var(slug)) {
                s.base = Some(url);
            }
            if let Ok(key) = std::env::var(http::key_var(slug)) {
                s.key = Some(key);
            }
            s
        };
        let mut feeds: Vec<Arc<dyn Feed>> = vec![
            Arc::new(finland::Finland::with_settings(
                client.clone(),
                settings("finland"),
            )),
            Arc::new(ireland::Ireland::with_settings(
                client.clone(),
                settings("ireland"),
            )),
            Arc::new(belgium::Belgium::with_settings(
                client.clone(),
                settings("belgium"),
            )),
            Arc::new(switzerland::Switzerland::with_settings(
                client.clone(),
                settings("switzerland"),
            )),
            Arc::new(germany::Germany::with_settings(
                client.clone(),
                settings("germany"),
            )),
            Arc::new(usa::UnitedStates::with_settings(
                client.clone(),
                settings("united-states"),
            )),
            Arc::new(norway::Norway::with_settings(
                client.clone(),
                settings("norway"),
            )),
            Arc::new(austria::Austria::with_settings(
                client.clone(),
                settings("austria"),
            )),
            Arc::new(gtfs::GtfsFeed::new(
                client.clone(),
                gtfs::malaysia(settings("malaysia").base),
            )),
        ];
        // `[[feeds]]` of the config file: a feed for a country replaces the built-in one.
        for config in gtfs_feeds {
            feeds.retain(|f| f.slug() != config.slug);
            feeds.push(Arc::new(gtfs::GtfsFeed::new(
                client.clone(),
                config.clone(),
            )));
        }
        // The keyed feeds join only with a key; without one `why_not_live` says where to get it.
        if let Some(feed) =
            netherlands::Netherlands::with_settings(client.clone(), settings("netherlands"))
        {
            feeds.push(Arc::new(feed));
        }
        if let Some(feed) = sweden::Sweden::with_settings(client.clone(), settings("sweden")) {
            feeds.push(Arc::new(feed));
        }
        if let Some(feed) = france::France::with_settings(client.clone(), settings("france")) {
            feeds.push(Arc::new(feed));
        }
        if let Some(feed) = japan::Japan::with_settings(client, settings("japan")) {
            feeds.push(Arc::new(feed));
        }
        Ok(Aggregator::with_feeds(feeds, clock))
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

    /// The feed a board request goes to: `finland:HKI` names it, else the first that knows the code.
    fn route<'s>(&self, station: &'s str) -> SourceResult<(&Arc<dyn Feed>, &'s str)> {
        if let Some((slug, code)) = station.split_once(':').filter(|(s, _)| {
            country::by_slug(s).is_some() || self.feeds.iter().any(|f| f.slug() == *s)
        }) {
            return Ok((self.feed(slug)?, code));
        }
        self.feeds
            .iter()
            .find(|f| f.knows_station(station))
            .map(|f| (f, station))
            .ok_or_else(|| {
                SourceError::NotFound(format!(
                    "unknown station {station:?}; name the country as in finland:{station}"
                ))
            })
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
        let (station, mut departures) = feed.board(code, query.limit, now).await?;
        departures.truncate(query.limit);
        let mut answer = DeparturesResponse {
            departures,
            station,
            fetched_at: rfc3339(now),
            attribution: Some(feed.attribution().to_string()),
        };
        answer.sanitize();
        Ok(answer)
    }
}

/// Why a country of the API has no feed here.
pub fn why_not_live(slug: &str) -> String {
    let needs_key = |help: &str| {
        format!(
            "needs a key: {help}; then set {} or `key` under [upstream.{slug}] in the config file",
            http::key_var(slug)
        )
    };
    match slug {
        "egypt" => "no public realtime rail feed exists (ENR's systems are closed)".into(),
        "bulgaria" => "no official feed exists (BDŽ publishes only web pages)".into(),
        "netherlands" => needs_key(netherlands::KEY_HELP),
        "sweden" => needs_key(sweden::KEY_HELP),
        "france" => needs_key(france::KEY_HELP),
        "japan" => needs_key(japan::KEY_HELP),
        _ => "not supported yet".into(),
    }
}

impl LiveSource for Aggregator {
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
}
