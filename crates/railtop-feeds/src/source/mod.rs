//! `LiveSource`, the one seam between where data comes from and everything that shows it.
//!
//! Three sources implement it: the offline simulator ([`demo`]), the aggregator of the national
//! feeds (`crate::upstream`) and any server that speaks the API ([`remote`]). Callers go through
//! [`cache::CachedSource`], which adds a TTL cache and single-flight.
//!
//! Stations are searched in this process's directory (`railtop_core::stations`), except through a
//! remote server, whose own directory (its feeds' lists, its `[[feeds]]` regions) is the one
//! that knows what it can answer for: [`LiveSource::stations`] asks it.

pub mod cache;
pub mod demo;
pub mod remote;
pub mod travellers_board;

use railtop_core::model::{DeparturesResponse, JourneyResponse, RealtimeResponse};
use railtop_core::stations::StationsAnswer;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// `GET /api/live/realtime?source=<slug>&stop=<stop>`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct RealtimeQuery {
    /// A country slug; `None` merges every live country.
    pub country: Option<String>,
    /// A hub station (code or slug) whose trains to list, for countries without positions.
    pub stop: Option<String>,
}

/// `GET /api/live/departures?station=<code>&limit=<n>` (and railtop's `/api/live/arrivals`):
/// one station's board as its feed answers it. A traveller's board (several stations, a
/// route) is made of these by [`travellers_board`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct DeparturesQuery {
    pub station: String,
    /// 1 ..= [`MAX_LIMIT`].
    pub limit: usize,
    /// Departures, or arrivals.
    pub kind: railtop_core::model::Kind,
}

/// railtop's own `GET /api/live/stations?q=<text>&prefer=<slug>&limit=<n>`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct StationsQuery {
    pub q: String,
    /// Only this country's stations.
    pub country: Option<String>,
    /// The country whose stations rank first (the others follow).
    pub prefer: Option<String>,
    pub limit: usize,
}

pub const DEFAULT_LIMIT: usize = 20;
pub const MAX_LIMIT: usize = railtop_core::model::MAX_DEPARTURES;

/// Why a source cannot be opened, before any question is asked of it.
#[derive(Debug, thiserror::Error)]
pub enum OpenError {
    #[error("unknown source {0:?}: use demo, upstream, or an http(s):// URL")]
    UnknownSource(String),
    #[error("{url:?} is not a URL ({reason}); expected e.g. http://127.0.0.1:8080")]
    NotAUrl { url: String, reason: String },
    #[error("{0:?} is not an http:// or https:// URL")]
    NotHttp(String),
    #[error("cannot set up the HTTP client")]
    Client(#[source] reqwest::Error),
    /// The embedded demo network does not read: a build mistake.
    #[error("the demo network (assets/demo/lines.txt): {0}")]
    DemoNetwork(#[from] railtop_core::assets::AssetError),
}

/// Why a source could not answer. Each kind maps to one HTTP status of the API.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SourceError {
    /// 400: a parameter is missing or out of range.
    #[error("{0}")]
    BadRequest(String),
    /// 404: unknown country, train or station.
    #[error("{0}")]
    NotFound(String),
    /// 404: a station's name or code that is not one station, and the stations it may mean
    /// (`country:CODE`, best first) for a screen to offer.
    #[error("{message}")]
    NoSuchStation {
        message: String,
        candidates: Vec<String>,
    },
    /// 404: what this source does not do (a feed without arrivals), saying why.
    #[error("{0}")]
    NotSupported(String),
    /// 429: asked too often; try again after the given time.
    #[error("{message}")]
    RateLimited {
        message: String,
        retry_after: Duration,
    },
    /// 502: the data's origin failed (a feed, or a remote server).
    #[error("{0}")]
    Upstream(String),
    /// 502: the data's origin failed and is not asked again before `retry_in` (a feed's
    /// backoff). Screens that try again say it; a one-shot command, which does not, says
    /// only `message`.
    #[error("{message} (retrying in {} s)", retry_in.as_secs())]
    Retrying { message: String, retry_in: Duration },
    /// 503: no data yet.
    #[error("{0}")]
    NotReady(String),
}

impl SourceError {
    /// The machine-readable `error.code` of the API's error body.
    pub fn code(&self) -> &'static str {
        match self {
            SourceError::BadRequest(_) => "bad_request",
            SourceError::NotFound(_)
            | SourceError::NoSuchStation { .. }
            | SourceError::NotSupported(_) => "not_found",
            SourceError::RateLimited { .. } => "rate_limited",
            SourceError::Upstream(_) | SourceError::Retrying { .. } => "upstream_failed",
            SourceError::NotReady(_) => "no_data_yet",
        }
    }

    pub fn http_status(&self) -> u16 {
        match self {
            SourceError::BadRequest(_) => 400,
            SourceError::NotFound(_)
            | SourceError::NoSuchStation { .. }
            | SourceError::NotSupported(_) => 404,
            SourceError::RateLimited { .. } => 429,
            SourceError::Upstream(_) | SourceError::Retrying { .. } => 502,
            SourceError::NotReady(_) => 503,
        }
    }
}

impl SourceError {
    /// The question was refused (400 or 404): the person's input is to check, not the source.
    pub fn is_refusal(&self) -> bool {
        matches!(self.http_status(), 400 | 404)
    }

    /// What a one-shot command says: the error without a screen's note about its next try.
    pub fn once(&self) -> String {
        match self {
            SourceError::Retrying { message, .. } => message.clone(),
            other => other.to_string(),
        }
    }

    /// `asked` is not one station of `resolved` and there are stations to offer: the error
    /// that names them (`unknown station "Tampre"; did you mean Tampere (TPE, finland)?`).
    pub fn not_one_station(
        resolved: &railtop_core::stations::Resolved<'_>,
        asked: &str,
    ) -> Option<SourceError> {
        use railtop_core::stations::Resolved;
        let candidates = match resolved {
            Resolved::Ambiguous(c) | Resolved::Unknown(c) => c,
            Resolved::One(_) => return None,
        };
        Some(SourceError::NoSuchStation {
            message: resolved.not_one(asked)?,
            candidates: candidates.iter().map(|e| e.qualified()).collect(),
        })
    }
}

pub(crate) type SourceResult<T> = Result<T, SourceError>;
pub type SourceFuture<'a, T> = Pin<Box<dyn Future<Output = SourceResult<T>> + Send + 'a>>;

/// What a source is, for labels and attribution on every screen.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct SourceInfo {
    /// `demo`, `upstream` or the server's base URL.
    pub name: String,
    /// Simulated data: every screen shows a DEMO badge.
    pub is_demo: bool,
    /// The "Data via …" line.
    pub attribution: String,
    /// Each feed's own credit and clock, where the source knows them (the upstream's feeds):
    /// what a screen says of a country or region before (or without) an answer of its own.
    pub feeds: Vec<FeedInfo>,
}

impl SourceInfo {
    /// The feed of `slug`, where the source names it.
    pub fn feed(&self, slug: &str) -> Option<&FeedInfo> {
        self.feeds.iter().find(|f| f.slug == slug)
    }
}

/// One feed of a source, as the screens name it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FeedInfo {
    /// The country or region it answers for.
    pub slug: String,
    /// Its "Data via …" line.
    pub attribution: String,
    /// Its stations' clock.
    pub tz: chrono_tz::Tz,
    /// A `[[feeds]]` entry of the user's configuration file: its URLs are the user's to check.
    pub own: bool,
}

/// Where live train data comes from.
pub trait LiveSource: Send + Sync {
    fn info(&self) -> SourceInfo;
    fn realtime(&self, query: RealtimeQuery) -> SourceFuture<'_, RealtimeResponse>;
    fn departures(&self, query: DeparturesQuery) -> SourceFuture<'_, DeparturesResponse>;
    /// railtop's own `GET /api/live/train?id=`: one train's run, stop by stop. By default the
    /// source has none (404, saying so).
    fn journey(&self, id: String) -> SourceFuture<'_, JourneyResponse> {
        let _ = id;
        Box::pin(std::future::ready(Err(SourceError::NotFound(
            "this source has no journeys of trains".into(),
        ))))
    }
    /// The countries this source answers for, where it answers for some only (the demo's
    /// simulated ones): station searches offer no others. `None`: every country of the API.
    fn countries(&self) -> Option<Vec<&'static str>> {
        None
    }
    /// Countries of the API this source cannot answer for, each with the reason.
    fn not_live(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }
    /// Regions this source answers for beyond the API's fixed countries (a `[[feeds]]` entry).
    fn regions(&self) -> Vec<String> {
        Vec::new()
    }
    /// A search of the source's own station directory, for a source that has one elsewhere (a
    /// remote server); `None`: this process's directory is the source's, searched at once.
    fn stations(&self, _query: StationsQuery) -> Option<SourceFuture<'_, StationsAnswer>> {
        None
    }
    /// How a traveller's board checks the rows of `country`'s boards against a route: how many
    /// journeys one board may ask, and whether the rows' stops are a selection (see
    /// [`RouteLookups`]). By default as every feed may.
    fn route_lookups(&self, country: &str) -> RouteLookups {
        let _ = country;
        RouteLookups::DEFAULT
    }
    /// How its upstreams are doing; by default it has none that can fail (the demo).
    fn health(&self) -> Health {
        Health::default()
    }
    /// The clock its answers are made by (`RAILTOP_NOW` holds it still): what an answer's age
    /// is counted against.
    fn clock(&self) -> railtop_core::clock::Clock {
        railtop_core::clock::Clock::System
    }
}

/// A source shared between tasks.
pub type SharedSource = Arc<dyn LiveSource>;

/// How a source's upstreams are doing, for `/healthz`.
#[derive(Debug, Clone, Default)]
pub struct Health {
    /// Upstreams that have answered or failed at least once.
    pub asked: usize,
    /// Those failing now.
    pub failing: Vec<Failing>,
    /// The feeds' static timetables, where they have some.
    pub schedules: Vec<ScheduleStatus>,
}

/// How a traveller's board checks one feed's rows against a route: how many journeys it may ask
/// of the feed for one board (the feed's budget of requests is shared with every other
/// question), and what the feed's rows list as their stops. A feed says its own
/// ([`LiveSource::route_lookups`]); most keep the default.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RouteLookups {
    /// Journeys asked for one board at most, its nearest rows first.
    pub per_board: usize,
    pub stops: railtop_core::traveller::RowStops,
}

impl RouteLookups {
    /// [`travellers_board::JOURNEY_BUDGET`] journeys a board; a row's few stops taken at their word.
    pub const DEFAULT: RouteLookups = RouteLookups {
        per_board: travellers_board::JOURNEY_BUDGET,
        stops: railtop_core::traveller::RowStops::Shown,
    };
}

impl Default for RouteLookups {
    fn default() -> RouteLookups {
        RouteLookups::DEFAULT
    }
}

/// How the realtime trips of the last answer were joined: `/healthz` says it per feed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct JoinCount {
    /// Realtime trips in the answer (each once).
    pub realtime: u32,
    pub by_id: u32,
    /// Found by train number on their service day.
    pub by_number: u32,
    pub unmatched: u32,
}

/// Where a feed's static timetable is while it is fetched and read (a GTFS bundle's): for
/// `/healthz`, the dashboard's header and progress bars.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScheduleStatus {
    pub feed: String,
    /// `downloading`, `building`, `ready` or `failed`.
    pub state: &'static str,
    /// How far, 0–100, while downloading (when the length is known) or building.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub percent: Option<u8>,
    /// What it is doing or what went wrong.
    pub detail: String,
    /// How the realtime trips of the last trip updates were found in this timetable: by id, by
    /// train number, or not at all (railtop's `/healthz`; absent before the first update).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realtime_trips: Option<JoinCount>,
}

/// An upstream whose last fetch failed: who, since when, and what went wrong last.
#[derive(Debug, Clone)]
pub struct Failing {
    pub name: String,
    pub since: std::time::Instant,
    pub error: String,
}

impl Health {
    /// Why the source cannot answer, when every upstream asked has failed for longer than
    /// `after`; `None` while any answers, or none was asked yet.
    pub fn down(&self, after: std::time::Duration, now: std::time::Instant) -> Option<String> {
        if self.asked == 0 || self.failing.len() < self.asked {
            return None;
        }
        let latest = self.failing.iter().map(|f| f.since).max()?;
        let failed_for = now.checked_duration_since(latest)?;
        if failed_for < after {
            return None;
        }
        let each: Vec<String> = self.failing.iter().map(|f| f.error.clone()).collect();
        Some(format!(
            "every feed asked ({}) has failed for {} s or more: {}",
            self.asked,
            failed_for.as_secs(),
            each.join("; ")
        ))
    }
}

#[cfg(test)]
mod health_tests {
    use super::{Failing, Health};
    use std::time::{Duration, Instant};

    fn failing(name: &str, since: Instant) -> Failing {
        Failing {
            name: name.into(),
            since,
            error: format!("{name} answered 500"),
        }
    }

    #[test]
    fn down_only_when_every_feed_asked_has_failed_long_enough() {
        let now = Instant::now();
        let long_ago = now.checked_sub(Duration::from_secs(900)).unwrap();
        let minute = Duration::from_secs(60);
        assert_eq!(Health::default().down(minute, now), None, "nothing asked");
        let one_of_two = Health {
            asked: 2,
            failing: vec![failing("finland", long_ago)],
            ..Health::default()
        };
        assert_eq!(one_of_two.down(minute, now), None, "one still answers");
        let both = Health {
            asked: 2,
            failing: vec![failing("finland", long_ago), failing("ireland", now)],
            ..Health::default()
        };
        assert_eq!(both.down(minute, now), None, "one began failing just now");
        let later = now + Duration::from_secs(120);
        let why = both.down(minute, later).unwrap();
        assert!(
            why.contains("finland answered 500") && why.contains("ireland answered 500"),
            "{why}"
        );
    }
}
