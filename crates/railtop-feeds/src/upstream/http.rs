//! The mechanism every feed shares, written once: one HTTP client (rustls, gzip, timeouts, a
//! descriptive User-Agent), and per feed a base URL that can be overridden, its own headers, a
//! TTL cache with single-flight per URL, a request budget under the upstream's published limit,
//! backoff after failures, and a cap on the body.
//!
//! With `--redis`, the cache reaches past this process: a payload missed here is looked for in
//! Redis, and one instance fetches it for all ([`RedisStore::flight`]). A payload another
//! instance fetched counts as this feed's answer (its backoff ends); a failure another instance
//! met counts as this feed's failure (it backs off too).

use super::parse::{Board, ParseError};
use crate::redis_store::{Flight, RedisStore, Shared};
use crate::source::cache::{Budget, FlightCache};
use crate::source::{OpenError, SourceError};
use bytes::Bytes;
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub(crate) const USER_AGENT: &str = concat!(
    "railtop/",
    env!("CARGO_PKG_VERSION"),
    " (live train boards in the terminal)"
);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
const TOTAL_TIMEOUT: Duration = Duration::from_secs(12);
/// How long another instance waits for this one's fetch of a cold key: past the fetch's whole
/// deadline, with room to write the value.
const SHARED_WAIT: Duration = Duration::from_secs(15);
const MAX_BODY: usize = 24 * 1024 * 1024;
/// Raw payloads one feed keeps in its cache at most (boards of many stations, its train list).
const PAYLOAD_BYTES: usize = 16 * 1024 * 1024;
/// How long a failure is kept before the upstream is asked again.
const ERROR_TTL: Duration = Duration::from_secs(2);

/// What every feed's door is built with: the one HTTP client, and the Redis that `serve`
/// instances share when there is one.
#[derive(Clone)]
pub struct Wire {
    pub client: reqwest::Client,
    pub shared: Option<Arc<RedisStore>>,
    /// Where static GTFS bundles are kept, and whether a first timetable is waited for.
    pub schedules: Arc<super::bundles::Schedules>,
}

/// A bare client: straight to the upstreams, sharing nothing with other processes.
impl From<reqwest::Client> for Wire {
    fn from(client: reqwest::Client) -> Wire {
        Wire {
            client,
            shared: None,
            schedules: Arc::new(super::bundles::Schedules {
                wait: true,
                ..Default::default()
            }),
        }
    }
}

/// Who a feed is and how its upstream is reached: built from its registry row (or, for a
/// `[[feeds]]` entry, from the configuration).
#[derive(Debug, Clone)]
pub struct FeedSpec {
    /// The country or region slug it answers for.
    pub slug: &'static str,
    /// Who runs the upstream, for error messages: "Digitraffic".
    pub upstream: &'static str,
    /// The "Data via …" line.
    pub attribution: &'static str,
    /// The stations' clock.
    pub tz: chrono_tz::Tz,
    pub headers: Vec<(&'static str, String)>,
    /// How long an answer is reused.
    pub ttl: Duration,
    /// Requests per minute we allow ourselves, under the upstream's published limit.
    pub per_minute: u32,
}

impl FeedSpec {
    /// A parsed board with its station completed: the code asked for where the payload gave
    /// none, a name from the payload, else the country's station list, else the code; the
    /// country; and the country's clock where the payload gave none.
    pub fn complete(&self, code: &str, mut board: Board) -> Board {
        let s = &mut board.station;
        if s.code.is_empty() {
            s.code = code.to_string();
        }
        if s.name.is_empty() {
            s.name = railtop_core::stations::by_code(&s.code, Some(self.slug))
                .map_or_else(|| s.code.clone(), |known| known.name);
        }
        s.country.get_or_insert_with(|| self.slug.to_string());
        s.timezone.get_or_insert_with(|| self.tz.name().to_string());
        board
    }
}

/// What a feed opens with: its door to the upstream (base URL and headers set) and the user's
/// settings, resolved once by the configuration layer. (Here, beside the door, so that the
/// feeds need not import the registry that lists them.)
pub struct Opened {
    pub http: FeedHttp,
    /// The key, for feeds that need one (present whenever such a feed is opened).
    pub key: String,
    /// The row's hub unless the configuration names another.
    pub hub: String,
    /// The static GTFS bundle the configuration names (`Some("")`: none), for the feeds that
    /// read one.
    pub static_gtfs: Option<String>,
    /// Whether the configuration moved the feed to another base URL.
    pub moved: bool,
}

impl Opened {
    /// The static bundle to read: the configured one, else `default` (a path below the base
    /// URL follows the base; a whole URL is left when the feed was moved, see
    /// [`FeedSettings::static_gtfs`](railtop_core::config::FeedSettings)); `None` for none.
    pub(crate) fn static_or(&self, default: &str) -> Option<String> {
        match &self.static_gtfs {
            Some(url) => Some(url.trim().to_string()).filter(|u| !u.is_empty()),
            None => (default.starts_with('/') || !self.moved).then(|| default.to_string()),
        }
    }
}

#[derive(Debug, Default)]
struct Health {
    failures: u32,
    retry_at: Option<Instant>,
    /// What went wrong last, repeated while backing off.
    last_error: Option<String>,
    /// When the failures began (the first since the last answer).
    failing_since: Option<Instant>,
    /// Whether a fetch has ever ended, in an answer or a failure.
    asked: bool,
}

/// One feed's door to its upstream.
pub struct FeedHttp {
    pub spec: FeedSpec,
    base: String,
    client: reqwest::Client,
    budget: DefaultDirectRateLimiter,
    cache: FlightCache<String, Bytes>,
    health: Mutex<Health>,
    shared: Option<Arc<RedisStore>>,
    schedules: Arc<super::bundles::Schedules>,
}

/// Reference data a feed refreshes rarely (station names, a static timetable): the value last
/// fetched, kept for as long as the fetch said. One fetch at a time; the rest wait for it.
pub(crate) struct Kept<T> {
    slot: tokio::sync::Mutex<Option<(Instant, Duration, T)>>,
}

impl<T: Clone> Kept<T> {
    pub fn new() -> Kept<T> {
        Kept {
            slot: tokio::sync::Mutex::new(None),
        }
    }

    /// The kept value while it lives, else `fetch`'s: a value and how long to keep it (a
    /// failure can be kept briefly, or not at all with `Duration::ZERO`).
    pub async fn get(&self, fetch: impl std::future::Future<Output = (T, Duration)>) -> T {
        let mut slot = self.slot.lock().await;
        if let Some((at, life, value)) = slot.as_ref() {
            if at.elapsed() < *life {
                return value.clone();
            }
        }
        let (value, life) = fetch.await;
        *slot = Some((Instant::now(), life, value.clone()));
        value
    }
}

impl<T: Clone, E: Clone> Kept<Result<T, E>> {
    /// A fetch that may fail: a success is kept for `life`, a failure not at all (the next
    /// caller tries again).
    pub(crate) async fn get_ok(
        &self,
        life: Duration,
        fetch: impl std::future::Future<Output = Result<T, E>>,
    ) -> Result<T, E> {
        self.get(async {
            let got = fetch.await;
            let life = if got.is_ok() { life } else { Duration::ZERO };
            (got, life)
        })
        .await
    }
}

impl<T: Clone> Default for Kept<T> {
    fn default() -> Self {
        Kept::new()
    }
}

/// Whose a request's failure is: the feed's (it backs off, `/healthz` says so), or only its own
/// (a request beside a board for what it adds, NS's disruptions: the board stands without it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Counts {
    Feed,
    Aside,
}

/// The shared client; building it fails only without a TLS backend, a build problem.
pub fn client() -> Result<reqwest::Client, OpenError> {
    reqwest::Client::builder()
        .user_agent(USER_AGENT)
        .connect_timeout(CONNECT_TIMEOUT)
        .timeout(TOTAL_TIMEOUT)
        .gzip(true)
        .build()
        .map_err(OpenError::Client)
}

impl FeedHttp {
    /// The feed's door at `base` (resolved by the configuration: its override, else the row's).
    pub fn new(spec: FeedSpec, wire: Wire, base: String) -> FeedHttp {
        let per_minute = NonZeroU32::new(spec.per_minute).unwrap_or(NonZeroU32::MIN);
        FeedHttp {
            base: base.trim().trim_end_matches('/').to_string(),
            client: wire.client,
            budget: RateLimiter::direct(Quota::per_minute(per_minute)),
            cache: FlightCache::new("feed", spec.ttl, ERROR_TTL, 512, Budget::new(PAYLOAD_BYTES)),
            health: Mutex::new(Health::default()),
            shared: wire.shared,
            schedules: wire.schedules,
            spec,
        }
    }

    /// Adds a header to every request (a key's, known only when the feed opens).
    pub(crate) fn with_header(mut self, name: &'static str, value: String) -> FeedHttp {
        self.spec.headers.push((name, value));
        self
    }

    pub fn base(&self) -> &str {
        &self.base
    }

    fn fail(&self, what: String) -> SourceError {
        self.fail_as(Counts::Feed, what)
    }

    /// A failure worded like the others, counted against the feed only when it is the feed's.
    fn fail_as(&self, counts: Counts, what: String) -> SourceError {
        let message = format!("{} ({}): {what}", self.spec.upstream, self.spec.slug);
        match counts {
            Counts::Feed => self.failed(message),
            Counts::Aside => SourceError::Upstream(message),
        }
    }

    /// A failure with its whole message (this instance's, or one another instance shared).
    fn failed(&self, message: String) -> SourceError {
        let mut h = self.health.lock().unwrap_or_else(|p| p.into_inner());
        h.failures = h.failures.saturating_add(1);
        h.asked = true;
        h.failing_since.get_or_insert_with(Instant::now);
        // 2 s after the first failure, doubling to five minutes.
        let wait = railtop_core::backoff::after(Duration::from_secs(1), h.failures);
        h.retry_at = Some(Instant::now() + wait);
        h.last_error = Some(message.clone());
        SourceError::Upstream(message)
    }

    fn succeed(&self) {
        *self.health.lock().unwrap_or_else(|p| p.into_inner()) = Health {
            asked: true,
            ..Health::default()
        };
    }

    /// Whether this feed was ever asked, and since when it has failed with what (for
    /// `/healthz`).
    pub fn health(&self) -> (bool, Option<crate::source::Failing>) {
        let h = self.health.lock().unwrap_or_else(|p| p.into_inner());
        let failing = h.failing_since.map(|since| crate::source::Failing {
            name: self.spec.slug.to_string(),
            since,
            error: h.last_error.clone().unwrap_or_default(),
        });
        (h.asked, failing)
    }

    /// `path` below the base URL, or `path` itself when it is a whole URL (feeds configured by
    /// URL, such as `[[feeds]]`).
    fn url(&self, path: &str) -> String {
        if path.starts_with("http://") || path.starts_with("https://") {
            path.to_string()
        } else {
            format!("{}{path}", self.base)
        }
    }

    /// GET `path` (with its query) below the base URL; cached for the feed's TTL.
    pub async fn get(&self, path: &str) -> Result<Bytes, SourceError> {
        let url = self.url(path);
        let answer = self
            .cache
            .get_timed(url.clone(), || {
                self.fetch_shared(url.clone(), url, None, Counts::Feed)
            })
            .await?;
        Ok(answer.value.clone())
    }

    /// GET `path` beside the feed's own answers, for what it adds to them (NS's disruptions
    /// beside a board), read with `parse`: cached for the TTL and within the budget like any
    /// request, but its failure (or an answer `parse` cannot read) is its own: the feed does
    /// not back off for it and `/healthz` does not count it. While the feed backs off, it is
    /// not asked either.
    pub(crate) async fn get_aside<T>(
        &self,
        path: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, ParseError>,
    ) -> Result<T, SourceError> {
        let url = self.url(path);
        let answer = self
            .cache
            .get_timed(url.clone(), || {
                self.fetch_shared(url.clone(), url, None, Counts::Aside)
            })
            .await?;
        parse(&answer.value).map_err(|e| {
            self.fail_as(
                Counts::Aside,
                format!("unreadable answer at {}: {}", e.at, e.reason),
            )
        })
    }

    /// POST `body` (of `content_type`) to `path` below the base URL, for the feeds whose queries
    /// are bodies (GraphQL, HAFAS, Trafikverket); cached per URL and body like a GET.
    pub(crate) async fn post(
        &self,
        path: &str,
        body: String,
        content_type: &'static str,
    ) -> Result<Bytes, SourceError> {
        let url = self.url(path);
        let key = format!("POST {url}\n{body}");
        let answer = self
            .cache
            .get_timed(key.clone(), || {
                self.fetch_shared(key, url, Some((body, content_type)), Counts::Feed)
            })
            .await?;
        Ok(answer.value.clone())
    }

    /// The payload for `key` with how long it lives: from Redis when another instance has it
    /// (or is fetching it), else fetched here (and shared, when there is a Redis).
    async fn fetch_shared(
        &self,
        key: String,
        url: String,
        body: Option<(String, &'static str)>,
        counts: Counts,
    ) -> Result<(Bytes, Duration), SourceError> {
        let ttl = self.spec.ttl;
        let Some(store) = &self.shared else {
            return self.fetch(url, body, counts).await.map(|b| (b, ttl));
        };
        let fetched = async {
            let got = self.fetch(url, body, counts).await;
            let share = Shared::of(&got, ttl, ERROR_TTL);
            (got, share)
        };
        let key = crate::redis_store::key_for(self.spec.slug, &key);
        match store.flight(&key, SHARED_WAIT, fetched).await {
            Flight::Fetched(got) => got.map(|b| (b, ttl)),
            Flight::Found(Shared::Payload(payload), left) => {
                if counts == Counts::Feed {
                    self.succeed();
                }
                Ok((payload, left))
            }
            Flight::Found(Shared::Failure(message), _) => Err(match counts {
                Counts::Feed => self.failed(message),
                Counts::Aside => SourceError::Upstream(message),
            }),
        }
    }

    async fn fetch(
        &self,
        url: String,
        body: Option<(String, &'static str)>,
        counts: Counts,
    ) -> Result<Bytes, SourceError> {
        let (retry_at, last_error) = {
            let h = self.health.lock().unwrap_or_else(|p| p.into_inner());
            (h.retry_at, h.last_error.clone())
        };
        if let Some(at) = retry_at.filter(|at| *at > Instant::now()) {
            let secs = (at - Instant::now()).as_secs() + 1;
            let last = last_error.unwrap_or_else(|| format!("{} failed", self.spec.upstream));
            return Err(SourceError::Retrying {
                message: last,
                retry_in: Duration::from_secs(secs),
            });
        }
        if self.budget.check().is_err() {
            return Err(SourceError::RateLimited {
                message: format!(
                    "railtop's budget of {} requests a minute to {} is used up",
                    self.spec.per_minute, self.spec.upstream
                ),
                retry_after: Duration::from_secs(60 / u64::from(self.spec.per_minute.max(1)) + 1),
            });
        }
        let started = Instant::now();
        let fetched = self.send(&url, body, counts).await;
        railtop_core::metrics::upstream_fetch(self.spec.slug, fetched.is_ok(), started.elapsed());
        fetched
    }

    /// One request to the upstream, its failure counted for the backoff when it is the feed's.
    async fn send(
        &self,
        url: &str,
        body: Option<(String, &'static str)>,
        counts: Counts,
    ) -> Result<Bytes, SourceError> {
        let mut request = match body {
            None => self.client.get(url),
            Some((body, content_type)) => self
                .client
                .post(url)
                .header(reqwest::header::CONTENT_TYPE, content_type)
                .body(body),
        };
        for (name, value) in &self.spec.headers {
            request = request.header(*name, value);
        }
        let mut response = match request.send().await {
            Ok(r) => r,
            Err(e) if e.is_timeout() => {
                return Err(self.fail_as(
                    counts,
                    format!("no answer within {} s", TOTAL_TIMEOUT.as_secs()),
                ))
            }
            Err(e) => {
                // A `[[feeds]]` entry has whole URLs and no base: its host is named instead.
                let place = match self.base.as_str() {
                    "" => reqwest::Url::parse(url)
                        .ok()
                        .and_then(|u| u.host_str().map(str::to_string))
                        .unwrap_or_default(),
                    base => base.to_string(),
                };
                return Err(
                    self.fail_as(counts, format!("cannot reach {place}: {}", root_cause(&e)))
                );
            }
        };
        let status = response.status();
        if status == reqwest::StatusCode::NOT_FOUND {
            // The upstream answered: it knows no such thing (a run ViaggiaTreno cannot follow,
            // a train of another day). That is no outage, so no backoff for the whole feed.
            // The path alone: a query can carry a key (ODPT's `acl:consumerKey`).
            let path = url.strip_prefix(&self.base).unwrap_or(url);
            let path = path.split('?').next().unwrap_or(path);
            return Err(SourceError::NotFound(format!(
                "{} ({}) knows no such thing: it answered 404 for {}",
                self.spec.upstream,
                self.spec.slug,
                railtop_core::text::cleaned(path)
            )));
        }
        if !status.is_success() {
            return Err(self.fail_as(counts, format!("answered {} for {url}", status.as_u16())));
        }
        let mut body = Vec::new();
        loop {
            match response.chunk().await {
                Ok(Some(chunk)) => {
                    if body.len() + chunk.len() > MAX_BODY {
                        return Err(self.fail_as(
                            counts,
                            format!("answer larger than {} MiB; refused", MAX_BODY >> 20),
                        ));
                    }
                    body.extend_from_slice(&chunk);
                }
                Ok(None) => break,
                Err(e) if e.is_timeout() => {
                    return Err(self.fail_as(
                        counts,
                        format!("no answer within {} s", TOTAL_TIMEOUT.as_secs()),
                    ))
                }
                Err(e) => {
                    return Err(
                        self.fail_as(counts, format!("the answer broke off: {}", root_cause(&e)))
                    )
                }
            }
        }
        if counts == Counts::Feed {
            self.succeed();
        }
        Ok(Bytes::from(body))
    }

    /// Where this process keeps static bundles (from its [`Wire`]).
    pub(crate) fn schedules(&self) -> &Arc<super::bundles::Schedules> {
        &self.schedules
    }

    /// The client and the feed's headers, for a download that outlives a request
    /// ([`download`]).
    pub(crate) fn downloader(&self) -> (reqwest::Client, Vec<(&'static str, String)>) {
        (self.client.clone(), self.spec.headers.clone())
    }

    /// GET `path` and read the answer with `parse`; a payload it cannot read counts as a
    /// failure of the upstream (it backs off like any other).
    pub(crate) async fn get_parsed<T>(
        &self,
        path: &str,
        parse: impl FnOnce(&[u8]) -> Result<T, ParseError>,
    ) -> Result<T, SourceError> {
        let bytes = self.get(path).await?;
        parse(&bytes).map_err(|e| self.bad_payload(e))
    }

    /// GET the board at `path`, read it with `parse`, and complete its station as `code`:
    /// what most feeds' `board` does.
    pub(crate) async fn get_board(
        &self,
        path: &str,
        code: &str,
        parse: impl FnOnce(&[u8]) -> Result<Board, ParseError>,
    ) -> Result<Board, SourceError> {
        let board = self.get_parsed(path, parse).await?;
        Ok(self.spec.complete(code, board))
    }

    /// POST `body` and read the answer with `parse`, as [`get_parsed`](Self::get_parsed).
    pub(crate) async fn post_parsed<T>(
        &self,
        path: &str,
        body: String,
        content_type: &'static str,
        parse: impl FnOnce(&[u8]) -> Result<T, ParseError>,
    ) -> Result<T, SourceError> {
        let bytes = self.post(path, body, content_type).await?;
        parse(&bytes).map_err(|e| self.bad_payload(e))
    }

    /// POST a board's query, read the answer with `parse`, and complete its station as
    /// `code` (the feeds whose queries are JSON bodies: HAFAS, GraphQL).
    pub(crate) async fn post_board(
        &self,
        path: &str,
        body: String,
        code: &str,
        parse: impl FnOnce(&[u8]) -> Result<Board, ParseError>,
    ) -> Result<Board, SourceError> {
        let board = self
            .post_parsed(path, body, "application/json", parse)
            .await?;
        Ok(self.spec.complete(code, board))
    }

    /// A parse failure, worded like the others.
    pub(crate) fn bad_payload(&self, e: ParseError) -> SourceError {
        self.fail(format!("unreadable answer at {}: {}", e.at, e.reason))
    }
}

fn root_cause(e: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    cause.to_string()
}

/// What a conditional download found.
#[derive(Debug, PartialEq)]
pub(crate) enum Downloaded {
    /// `304 Not Modified`: the copy on disk is current.
    NotModified,
    /// A new copy, written whole, with the validators to ask with next time.
    Saved {
        bytes: u64,
        etag: Option<String>,
        last_modified: Option<String>,
    },
}

/// How long a download may go without a byte before it is given up.
const STALL: Duration = Duration::from_secs(30);
/// How long a whole download may take (a national bundle on a slow line).
const DOWNLOAD_TIME: Duration = Duration::from_secs(3600);

/// GET `url` into the file `into` as it arrives (never whole in memory), at most `max` bytes:
/// with `If-None-Match`/`If-Modified-Since` from `validators` (an ETag, a Last-Modified), so an
/// unchanged file costs one `304`. A stall of [`STALL`], a body over `max` (announced or
/// counted), or a status other than 200/304 is an error naming why; `into` is then left
/// incomplete for the caller to remove. `progress` is told the bytes so far and the length
/// announced. Its own errors, not the feed's: a bundle that fails does not make the realtime
/// feed back off.
pub(crate) async fn download(
    (client, headers): &(reqwest::Client, Vec<(&'static str, String)>),
    url: &str,
    validators: (Option<&str>, Option<&str>),
    into: &std::path::Path,
    max: u64,
    progress: &mut (dyn FnMut(u64, Option<u64>) + Send),
) -> Result<Downloaded, String> {
    use std::io::Write;
    let mut request = client.get(url).timeout(DOWNLOAD_TIME);
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    if let Some(etag) = validators.0 {
        request = request.header(reqwest::header::IF_NONE_MATCH, etag);
    }
    if let Some(modified) = validators.1 {
        request = request.header(reqwest::header::IF_MODIFIED_SINCE, modified);
    }
    let mut response = match tokio::time::timeout(STALL, request.send()).await {
        Err(_) => return Err(format!("no answer within {} s", STALL.as_secs())),
        Ok(Err(e)) => return Err(format!("cannot reach it: {}", root_cause(&e))),
        Ok(Ok(r)) => r,
    };
    let status = response.status();
    if status == reqwest::StatusCode::NOT_MODIFIED {
        return Ok(Downloaded::NotModified);
    }
    if status != reqwest::StatusCode::OK {
        return Err(format!("answered {}", status.as_u16()));
    }
    let header = |name: reqwest::header::HeaderName| {
        response
            .headers()
            .get(name)
            .and_then(|v| v.to_str().ok())
            .filter(|v| v.len() <= 256)
            .map(str::to_string)
    };
    let (etag, last_modified) = (
        header(reqwest::header::ETAG),
        header(reqwest::header::LAST_MODIFIED),
    );
    let announced = response.content_length();
    let over = || format!("larger than its cap of {} MiB (static_max_mib)", max >> 20);
    if announced.is_some_and(|n| n > max) {
        return Err(over());
    }
    let mut file =
        std::fs::File::create(into).map_err(|e| format!("cannot write {}: {e}", into.display()))?;
    let mut written = 0u64;
    loop {
        let chunk = match tokio::time::timeout(STALL, response.chunk()).await {
            Err(_) => return Err(format!("stalled: no byte for {} s", STALL.as_secs())),
            Ok(Err(e)) => return Err(format!("the download broke off: {}", root_cause(&e))),
            Ok(Ok(None)) => break,
            Ok(Ok(Some(chunk))) => chunk,
        };
        written = written.saturating_add(chunk.len() as u64);
        if written > max {
            return Err(over());
        }
        // A chunk is at most a few tens of KiB: written in place rather than handed to a
        // blocking thread.
        file.write_all(&chunk)
            .map_err(|e| format!("cannot write {}: {e}", into.display()))?;
        progress(written, announced);
    }
    if announced.is_some_and(|n| n != written) {
        return Err(format!(
            "the download ended after {written} of {} bytes",
            announced.unwrap_or(0)
        ));
    }
    file.sync_all()
        .map_err(|e| format!("cannot write {}: {e}", into.display()))?;
    Ok(Downloaded::Saved {
        bytes: written,
        etag,
        last_modified,
    })
}

#[cfg(test)]
mod tests;
