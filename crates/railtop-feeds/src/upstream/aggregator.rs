//! The aggregator: every feed that can open, as one [`LiveSource`]. It routes a station or a
//! train to the feed that owns it, merges the countries' trains into one answer (waiting for
//! the slowest feed at most [`MERGE_DEADLINE`]), and lists the trains of a hub's board for the
//! countries whose feeds have no positions.

use super::{gtfs, http, registry, station_lists, why_not_live, Board, BoardAsk, Feed, Journey};
use crate::source::{
    DeparturesQuery, LiveSource, OpenError, RealtimeQuery, SourceError, SourceFuture, SourceInfo,
    SourceResult,
};
use chrono::{DateTime, Utc};
use railtop_core::clock::{rfc3339, Clock};
use railtop_core::config::{Config, FeedSettings};
use railtop_core::country;
use railtop_core::model::{
    CountryError, DeparturesResponse, JourneyResponse, RealtimeResponse, Train,
};
use railtop_core::stations::Resolved;
use std::sync::Arc;
use std::time::Duration;

/// How long an all-countries answer waits for the slowest feed.
pub(crate) const MERGE_DEADLINE: Duration = Duration::from_secs(4);

/// One of the user's own regions whose stations are not known: its timetable, where they are,
/// could not be read.
#[derive(Debug, Clone, PartialEq)]
pub struct Unread {
    pub slug: &'static str,
    /// Its `name` in the configuration.
    pub name: &'static str,
    /// Why: "its timetable could not be read: …", the fetch's error.
    pub why: String,
}

impl std::fmt::Display for Unread {
    /// "the stations of Testrail (otherland), your own [[feeds]] region, are not known: its
    /// timetable could not be read: …".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the stations of {} ({}), your own [[feeds]] region, are not known: {}",
            self.name, self.slug, self.why
        )
    }
}

pub struct Aggregator {
    feeds: Vec<Arc<dyn Feed>>,
    /// The slugs of the configuration's `[[feeds]]` entries: the user's own regions.
    own: Vec<&'static str>,
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
        let mut own = Vec::new();
        for gtfs in gtfs_feeds {
            let feed = gtfs::open_configured(wire.clone(), gtfs.clone());
            own.push(feed.slug());
            feeds.push(feed);
        }
        feeds.extend(open(true));
        let mut aggregator = Aggregator::with_feeds(feeds, config.clock);
        aggregator.own = own;
        Ok(aggregator)
    }

    /// Starts the daily refresh of the feeds' station lists (cached in `dir`), in the
    /// background: for the long-running modes.
    pub fn refresh_station_lists(&self, dir: Option<std::path::PathBuf>) {
        station_lists::Refresher::new(self.feeds.clone(), dir).spawn();
    }

    /// The user's own regions' stations into the directory, now: the same refresh as
    /// [`refresh_station_lists`](Self::refresh_station_lists), once, for the `[[feeds]]`
    /// entries alone (their lists are their timetables' stops, read on this machine, the first
    /// one waited for), so that a command given a region's station by name finds it. A list
    /// cached within the day is used as it is; one that cannot be had is logged, and returned
    /// when the directory has none of the region's stations: each as [`Unread`].
    pub async fn load_own_station_lists(&self, dir: Option<std::path::PathBuf>) -> Vec<Unread> {
        let own: Vec<Arc<dyn Feed>> = self
            .feeds
            .iter()
            .filter(|f| self.own.contains(&f.slug()))
            .cloned()
            .collect();
        if own.is_empty() {
            return Vec::new();
        }
        let outcomes = station_lists::Refresher::new(own, dir)
            .round(std::time::SystemTime::now())
            .await;
        let known = railtop_core::stations::current().countries();
        outcomes
            .into_iter()
            .filter(|(slug, _)| !known.contains(slug))
            .filter_map(|(slug, outcome)| match outcome {
                station_lists::Outcome::Failed(why) => Some(self.unread(slug, why)),
                _ => None,
            })
            .collect()
    }

    /// The user's own regions whose stations are not known because their timetable (where
    /// they are) could not be read: the cause of an unknown station, more than a typo.
    pub fn unread_regions(&self) -> Vec<Unread> {
        let known = railtop_core::stations::current().countries();
        self.feeds
            .iter()
            .filter(|f| self.own.contains(&f.slug()) && !known.contains(&f.slug()))
            .filter_map(|f| {
                let failed = f.schedules().into_iter().find(|s| s.state == "failed")?;
                Some(self.unread(
                    f.slug(),
                    format!(
                        "its timetable could not be read: {}",
                        railtop_core::text::cleaned(&failed.detail)
                    ),
                ))
            })
            .collect()
    }

    fn unread(&self, slug: &'static str, why: String) -> Unread {
        let name = self
            .feeds
            .iter()
            .find(|f| f.slug() == slug)
            .map_or(slug, |f| f.spec().upstream);
        Unread { slug, name, why }
    }

    /// The slugs of the user's own `[[feeds]]` regions.
    pub fn own_regions(&self) -> &[&'static str] {
        &self.own
    }

    pub fn with_feeds(feeds: Vec<Arc<dyn Feed>>, clock: Clock) -> Aggregator {
        Aggregator {
            feeds,
            own: Vec::new(),
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
                None => country::unknown(slug, &[]),
            })
        })
    }

    /// The feed a board request goes to, and the code to ask it for: `finland:HKI` names the
    /// feed (a name there is looked up in that country's stations); a bare code or alias goes to
    /// its country's feed, else to the first feed that knows it; a bare name to the only
    /// station of the directory it names. An ambiguous or unknown name lists the candidates.
    fn route(&self, station: &str) -> SourceResult<(&Arc<dyn Feed>, String)> {
        let directory = railtop_core::stations::current();
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
                Resolved::Ambiguous(_) => Err(SourceError::not_one_station(&resolved, station)
                    .unwrap_or_else(|| {
                        SourceError::NotFound(format!(
                            "{} is several stations",
                            railtop_core::text::quoted(station)
                        ))
                    })),
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
        // A region of the user's own whose timetable could not be read may well have it: that
        // is said, not a country to name it in.
        let unread = self.unread_regions();
        let asked = railtop_core::text::quoted(station);
        let said = match (
            SourceError::not_one_station(&resolved, station),
            unread.is_empty(),
        ) {
            (Some(e), true) => return Err(e),
            (
                Some(SourceError::NoSuchStation {
                    message,
                    candidates,
                }),
                false,
            ) => {
                return Err(SourceError::NoSuchStation {
                    message: format!("{message} ({})", join(&unread)),
                    candidates,
                })
            }
            (Some(e), false) => format!("{e} ({})", join(&unread)),
            (None, false) => format!("unknown station {asked}: {}", join(&unread)),
            (None, true) => format!(
                "unknown station {asked}; name the country as in finland:{}",
                asked.trim_matches('"')
            ),
        };
        Err(SourceError::NotFound(said))
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
            notices,
        } = feed
            .board(BoardAsk {
                station: &code,
                limit: query.limit,
                now,
                kind: query.kind,
            })
            .await?;
        departures.truncate(query.limit);
        let mut answer = DeparturesResponse {
            departures,
            station,
            fetched_at: rfc3339(now),
            attribution: Some(feed.attribution().to_string()),
            simulated: false,
            kind: query.kind,
            stations: Vec::new(),
            ..DeparturesResponse::default()
        };
        for (text, language) in notices {
            answer.add_notice(text, language.as_deref());
        }
        answer.sanitize();
        answer.mark_timing(false);
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
                    railtop_core::text::quoted(&id)
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

impl LiveSource for Aggregator {
    fn clock(&self) -> Clock {
        self.clock
    }

    fn health(&self) -> crate::source::Health {
        let mut health = crate::source::Health::default();
        for (asked, failing) in self.feeds.iter().map(|f| f.health()) {
            health.asked += usize::from(asked);
            health.failing.extend(failing);
        }
        health.schedules = self.feeds.iter().flat_map(|f| f.schedules()).collect();
        health
    }

    fn route_lookups(&self, country: &str) -> crate::source::RouteLookups {
        self.feeds
            .iter()
            .find(|f| f.slug() == country)
            .map_or_else(Default::default, |f| f.route_lookups())
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
            feeds: self
                .feeds
                .iter()
                .map(|f| crate::source::FeedInfo {
                    slug: f.slug().to_string(),
                    attribution: f.attribution().to_string(),
                    tz: f.spec().tz,
                    own: self.own.contains(&f.slug()),
                })
                .collect(),
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

/// The unread regions in one sentence.
fn join(unread: &[Unread]) -> String {
    unread
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("; ")
}
