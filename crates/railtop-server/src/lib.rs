//! railtop's servers: the Live Train Data API over HTTP (axum), which `railtop serve` runs, and
//! the pieces the SSH server in the crate above shares with it (admission of handshakes,
//! accepting connections with their timers, cutting slow streams, tallies). It reads the sources
//! of `railtop-feeds` and knows nothing of terminals: the SSH board, which draws the kiosk
//! screen, stays with the screens.
//!
//! Two GET endpoints read through the [`CachedSource`]; a hot request sends the cached answer's
//! JSON bytes as they are. Every answer is JSON with CORS and cache headers; errors use the API's
//! error body; each client IP gets a request budget per minute.

mod accept;
pub mod admission;
pub mod connection;
mod express;
mod front;
pub mod gtfs_rt;
mod hot;
pub use hot::Answerer;
pub mod params;
pub mod ratelimit;
mod stats;
pub mod stream;
pub mod tally;
pub mod zero_copy;

use axum::body::Body;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use bytes::Bytes;
use railtop_core::model::{ErrorBody, Kind};
use railtop_feeds::redis_store::RedisStore;
use railtop_feeds::source::cache::{Cached, CachedSource};
use railtop_feeds::source::SourceError;
use ratelimit::{ceil_secs, PerIpLimit};
use std::future::Future;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Requests per minute per client IP; `None` switches the limit off (benchmarks).
    pub rate_limit: Option<NonZeroU32>,
    /// Take the client IP from the last `X-Forwarded-For` entry (set this only behind a proxy
    /// that writes that header; otherwise clients could pick their own IP).
    pub trust_forwarded_for: bool,
    /// Deadlines and caps per connection.
    pub connections: connection::ConnectionLimits,
    /// `/healthz` answers 503 once every feed asked has failed for this long.
    pub unhealthy_after: Duration,
    /// Serve `/metrics` on the API's port (off when they have a listener of their own).
    pub metrics_on_api: bool,
    /// The Redis shared with other instances (`--redis`): the rate limit's buckets live there,
    /// and `/healthz` says how it is doing.
    pub shared: Option<Arc<RedisStore>>,
    /// The file `serve --record` records into: `/api/live/stats` answers from it.
    pub history: Option<std::path::PathBuf>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            rate_limit: NonZeroU32::new(60),
            trust_forwarded_for: false,
            connections: connection::ConnectionLimits::default(),
            unhealthy_after: DEFAULT_UNHEALTHY_AFTER,
            metrics_on_api: true,
            shared: None,
            history: None,
        }
    }
}

/// The routes, named once for the router and for the metrics' `endpoint` label.
const REALTIME: &str = "/api/live/realtime";
const DEPARTURES: &str = "/api/live/departures";
const ARRIVALS: &str = "/api/live/arrivals";
const STATIONS: &str = "/api/live/stations";
const TRAIN: &str = "/api/live/train";
const STATS: &str = "/api/live/stats";
const GTFS_RT_POSITIONS: &str = "/gtfs-rt/vehicle-positions";
const GTFS_RT_UPDATES: &str = "/gtfs-rt/trip-updates";
const GTFS_RT_ALERTS: &str = "/gtfs-rt/alerts";
const HEALTHZ: &str = "/healthz";
const METRICS: &str = "/metrics";

/// How long every feed may fail before `/healthz` says the server cannot answer.
pub const DEFAULT_UNHEALTHY_AFTER: Duration = Duration::from_secs(600);

struct AppState {
    source: Arc<CachedSource>,
    /// The runtime the server was made on: answers that are not cached yet are made there, off
    /// the event loops (see [`realtime_answer`]).
    main: tokio::runtime::Handle,
    limit: Option<PerIpLimit>,
    /// `/healthz` and `/metrics`: limited too, with their own, higher budget (probes and
    /// scrapers ask often), counted in this instance alone.
    health_limit: Option<PerIpLimit>,
    config: ServerConfig,
    stats: stats::StatsCache,
}

/// How many times the API's budget `/healthz` and `/metrics` have.
const HEALTH_LIMIT_FACTOR: u32 = 10;

/// The API's routes over `source`.
pub fn router(source: Arc<CachedSource>, config: ServerConfig) -> Router {
    app(source, config).0
}

/// What answers each request of a connection: the routes over `source`, and before them the
/// cached answers each event loop gives again until they expire (`hot.rs`).
pub fn answerer(source: Arc<CachedSource>, config: ServerConfig) -> Answerer {
    app(source, config).1
}

fn app(source: Arc<CachedSource>, config: ServerConfig) -> (Router, Answerer) {
    railtop_core::metrics::install();
    let metrics_on_api = config.metrics_on_api;
    let state = Arc::new(AppState {
        source,
        main: tokio::runtime::Handle::current(),
        limit: config
            .rate_limit
            .map(|n| PerIpLimit::per_minute(n, config.shared.clone())),
        health_limit: config
            .rate_limit
            .and_then(|n| NonZeroU32::new(n.get().saturating_mul(HEALTH_LIMIT_FACTOR)))
            .map(|n| PerIpLimit::per_minute(n, None)),
        config,
        stats: stats::StatsCache::default(),
    });
    let weak = Arc::downgrade(&state);
    // Housekeeping while the server lives: forget idle clients, drop expired answers, and say
    // how much the cache holds when that changed.
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(30));
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
        let mut last = (0, 0);
        loop {
            tick.tick().await;
            let Some(state) = weak.upgrade() else { break };
            for limit in [&state.limit, &state.health_limit].into_iter().flatten() {
                limit.forget_idle();
            }
            let (answers, bytes) = state.source.sweep();
            if (answers, bytes / (1024 * 1024)) != (last.0, last.1 / (1024 * 1024)) {
                tracing::info!(answers, mib = bytes / (1024 * 1024), bytes, "cache");
            }
            last = (answers, bytes);
        }
    });
    let api = Router::new()
        .route(REALTIME, get(realtime))
        .route(DEPARTURES, get(departures))
        .route(ARRIVALS, get(arrivals))
        .route(STATIONS, get(stations))
        .route(TRAIN, get(train))
        .route(STATS, get(stats::answer))
        .route(
            GTFS_RT_POSITIONS,
            gtfs_rt::route(gtfs_rt::Feed::VehiclePositions),
        )
        .route(GTFS_RT_UPDATES, gtfs_rt::route(gtfs_rt::Feed::TripUpdates))
        .route(GTFS_RT_ALERTS, gtfs_rt::route(gtfs_rt::Feed::Alerts));
    // For load balancers, service managers and Prometheus: a budget of their own.
    let api = api.route(HEALTHZ, get(healthz));
    let api = if metrics_on_api {
        api.route(METRICS, get(metrics_text))
    } else {
        api
    };
    // Every path is limited, unknown ones too. One layer in front of every route (not one
    // per job): each layer costs every request a boxed future and a clone of what is inside.
    let routes = api
        .fallback(not_found)
        .layer(middleware::from_fn_with_state(state.clone(), front::front))
        .with_state(state.clone());
    (routes.clone(), Answerer::new(routes, state))
}

/// What stops the server: it could not listen, or the listener failed.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    #[error("cannot listen on {addr}")]
    Listen {
        addr: std::net::SocketAddr,
        source: std::io::Error,
    },
    #[error("the server stopped")]
    Serve(#[source] std::io::Error),
}

/// A listener on `addr` (the server's and the SSH server's), or why there is none.
pub async fn listen(
    addr: std::net::SocketAddr,
) -> Result<(TcpListener, std::net::SocketAddr), ServerError> {
    let failed = |source| ServerError::Listen { addr, source };
    let listener = TcpListener::bind(addr).await.map_err(failed)?;
    let local = listener.local_addr().map_err(failed)?;
    Ok((listener, local))
}

/// Serves the API on `listener` until `shutdown` completes, then finishes open requests.
pub async fn serve(
    listener: TcpListener,
    source: Arc<CachedSource>,
    config: ServerConfig,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = config.connections.clone();
    connection::run(listener, answerer(source, config), limits, shutdown).await;
    Ok(())
}

/// Resolves on Ctrl-C or SIGTERM. The handlers are in place when this returns, not when the
/// future is first polled: a SIGTERM that arrives just after the "listening" line (a test, a
/// supervisor) must stop the server cleanly, not kill it with the default action.
pub fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    let (term, int) = {
        use tokio::signal::unix::{signal, SignalKind};
        (
            signal(SignalKind::terminate()).ok(),
            signal(SignalKind::interrupt()).ok(),
        )
    };
    async move {
        #[cfg(unix)]
        {
            let wait = |s: Option<tokio::signal::unix::Signal>| async move {
                match s {
                    Some(mut s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = wait(term) => {},
                _ = wait(int) => {},
            }
        }
        #[cfg(not(unix))]
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
        tracing::info!("shutting down: finishing open requests");
    }
}

async fn realtime(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let query = match params::realtime(query.as_deref(), state.source.regions()) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    let answer = match realtime_answer(&state, query).await {
        Ok(answer) => answer,
        Err(e) => return error_response(&e),
    };
    // The gzip of a big answer (the whole demo network's is 9 MB of JSON) takes tens of ms:
    // made the first time on the blocking pool, not on this event loop.
    let gzip = accepts_gzip(&headers);
    if answer.json_if_made(gzip).is_none() {
        let made = answer.clone();
        let _ = tokio::task::spawn_blocking(move || {
            let _ = if gzip { made.json_gzip() } else { made.json() };
        })
        .await;
    }
    cached_response(&answer, &headers)
}

/// The realtime answer for `query`: from the cache, here on the event loop, when it is fresh;
/// otherwise made on the runtime the server was made on. Making one (the demo's simulation, a
/// big answer's JSON, the national feeds' parsing) costs milliseconds of CPU that would stall
/// every other connection of this loop; there the runtime's other threads go on.
pub(crate) async fn realtime_answer(
    state: &AppState,
    query: railtop_feeds::source::RealtimeQuery,
) -> Result<Arc<Cached<railtop_core::model::RealtimeResponse>>, SourceError> {
    if let Some(found) = state.source.realtime_if_cached(&query) {
        return Ok(found);
    }
    let source = state.source.clone();
    match state
        .main
        .spawn(async move { source.realtime(query).await })
        .await
    {
        Ok(answer) => answer,
        Err(e) => Err(SourceError::Upstream(format!(
            "railtop failed while making this answer (a bug, logged): {e}"
        ))),
    }
}

async fn departures(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    board(&state, &headers, query.as_deref(), Kind::Departures).await
}

/// railtop's own endpoint: a station's arrivals, shaped as departures with the arrival's names.
async fn arrivals(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    board(&state, &headers, query.as_deref(), Kind::Arrivals).await
}

/// A board: one station's as the cache holds it (its JSON made once for every client), or a
/// traveller's (several stations, a route: railtop's extensions), made for this request.
async fn board(state: &AppState, headers: &HeaderMap, raw: Option<&str>, kind: Kind) -> Response {
    let query = match params::board(raw, kind) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    if query.is_plain() {
        let plain = railtop_feeds::source::DeparturesQuery {
            station: query.stations.into_iter().next().unwrap_or_default(),
            limit: query.limit,
            kind,
        };
        return match state.source.departures(plain).await {
            Ok(answer) => cached_response(&answer, headers),
            Err(e) => error_response(&e),
        };
    }
    match railtop_feeds::source::traveller::board(&state.source, &query).await {
        Ok(answer) => cached_response(&Cached::new(answer, state.source.board_ttl()), headers),
        Err(e) => error_response(&e),
    }
}

/// railtop's own endpoint: one train's run (see `railtop_core::model::journey`).
async fn train(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    let id = match params::train(query.as_deref()) {
        Ok(id) => id,
        Err(e) => return error_response(&e),
    };
    match state.source.journey(&id).await {
        Ok(answer) => cached_response(&answer, &headers),
        Err(e) => error_response(&e),
    }
}

/// railtop's own endpoint: the station directory searched (see `railtop_core::stations`).
async fn stations(State(state): State<Arc<AppState>>, RawQuery(query): RawQuery) -> Response {
    let p = match params::stations(query.as_deref(), state.source.regions()) {
        Ok(p) => p,
        Err(e) => return error_response(&e),
    };
    let asked = railtop_feeds::source::StationsQuery {
        q: p.q.clone(),
        country: p.country.clone(),
        prefer: p.prefer.clone(),
        limit: p.limit,
    };
    // Served from a remote server, its directory answers (it knows what it can board).
    let mut answer = match state.source.stations(asked) {
        Some(elsewhere) => match elsewhere.await {
            Ok(answer) => answer,
            Err(e) => return error_response(&e),
        },
        None => {
            // Only the stations whose boards this source has.
            let within = state.source.countries();
            railtop_core::stations::current().answer(
                &p.q,
                railtop_core::stations::Scope {
                    country: p.country.as_deref(),
                    prefer: p.prefer.as_deref(),
                    limit: p.limit,
                    within: within.as_deref(),
                    ..Default::default()
                },
            )
        }
    };
    // The query is the client's own text: echoed only through the sanitiser (and cut).
    answer.sanitize();
    let body = serde_json::to_vec(&answer).unwrap_or_default();
    let mut r = Response::new(Body::from(body));
    let h = r.headers_mut();
    common_headers(h);
    // The directory changes with a release, not within a day.
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=3600"),
    );
    r
}

/// `GET /healthz` (railtop's own): 200 while the server answers; 503 with the reason once
/// every feed asked has failed for longer than `--unhealthy-after`.
async fn healthz(State(state): State<Arc<AppState>>) -> Response {
    let health = state.source.health();
    let (status, mut body) = match health.down(state.config.unhealthy_after, Instant::now()) {
        None => (
            StatusCode::OK,
            serde_json::json!({
                "status": "ok",
                "feedsAsked": health.asked,
                "feedsFailing": health.failing.len(),
            }),
        ),
        Some(reason) => (
            StatusCode::SERVICE_UNAVAILABLE,
            serde_json::json!({ "status": "unavailable", "reason": reason }),
        ),
    };
    // A GTFS feed's timetable being read is no failure (its realtime rows are served
    // meanwhile, without names), but it is said: `"state": "building", "percent": 43`.
    if !health.schedules.is_empty() {
        body["schedules"] = serde_json::to_value(&health.schedules).unwrap_or_default();
    }
    // Redis down does not make the instance unhealthy (it works alone), but it is said.
    if let Some(store) = &state.config.shared {
        let s = store.status();
        body["redis"] = match s.down_since {
            None => serde_json::json!({ "url": s.url, "up": true }),
            Some(since) => serde_json::json!({
                "url": s.url,
                "up": false,
                "downForSeconds": since.elapsed().as_secs(),
                "error": s.error,
                "meanwhile": "this instance uses its own cache and rate limits",
            }),
        };
    }
    let mut r = Response::new(Body::from(body.to_string()));
    *r.status_mut() = status;
    let h = r.headers_mut();
    common_headers(h);
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// `GET /metrics` (railtop's own): every metric in Prometheus' text format.
async fn metrics_text() -> Response {
    let mut r = Response::new(Body::from(railtop_core::metrics::render()));
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// `/metrics` alone on a listener of its own (`--metrics-listen`), off the public port, until
/// `shutdown`.
pub async fn serve_metrics(
    listener: TcpListener,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    railtop_core::metrics::install();
    let app = Router::new().route(METRICS, get(metrics_text));
    axum::serve(listener, app)
        .with_graceful_shutdown(shutdown)
        .await
}

/// An unknown path: 404; any method but GET and HEAD, on any path, is a 405 (the server answers
/// nothing else anywhere), with `Allow`.
async fn not_found(method: axum::http::Method) -> Response {
    if method != axum::http::Method::GET && method != axum::http::Method::HEAD {
        let mut r = json_error(
            StatusCode::METHOD_NOT_ALLOWED,
            "method_not_allowed",
            "only GET is answered here",
        );
        r.headers_mut()
            .insert(header::ALLOW, HeaderValue::from_static("GET,HEAD"));
        return r;
    }
    error_response(&SourceError::NotFound(
        "no such endpoint: use /api/live/realtime, /api/live/departures, /api/live/arrivals, \
         /api/live/stations, /api/live/train, /api/live/stats, /gtfs-rt/vehicle-positions, \
         /gtfs-rt/trip-updates, /gtfs-rt/alerts, /healthz or /metrics"
            .into(),
    ))
}

/// A cached answer's bytes as they are: gzip-compressed for clients that accept it.
fn cached_response<T: serde::Serialize>(answer: &Cached<T>, request: &HeaderMap) -> Response {
    let gzip = accepts_gzip(request);
    let (body, tag): (Bytes, usize) = if gzip {
        (answer.json_gzip(), railtop_feeds::source::cache::TAG_GZIP)
    } else {
        (answer.json(), railtop_feeds::source::cache::TAG_JSON)
    };
    let etag = answer.etag(tag, &body);
    cached_body(body, etag, answer.remaining_ttl(), gzip, request)
}

/// A cached answer's bytes with the headers every cached answer carries: `Cache-Control` for
/// what is left of its life, `Vary`, `ETag`, and the encoding when they are gzip; a 304 with the
/// same headers and no body when the request names that tag in `If-None-Match`.
fn cached_body(
    body: Bytes,
    etag: Bytes,
    remaining: Duration,
    gzip: bool,
    request: &HeaderMap,
) -> Response {
    let unchanged = names_tag(request, &etag);
    let replayable = hot::Replayable {
        body: body.clone(),
        etag: etag.clone(),
        expires: Instant::now() + remaining,
    };
    let mut r = if unchanged {
        let mut r = Response::new(Body::empty());
        *r.status_mut() = StatusCode::NOT_MODIFIED;
        r
    } else {
        Response::new(Body::from(body))
    };
    let h = r.headers_mut();
    common_headers(h);
    h.insert(header::CACHE_CONTROL, max_age(ceil_secs(remaining).max(1)));
    h.insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    if let Ok(tag) = HeaderValue::from_maybe_shared(etag) {
        h.insert(header::ETAG, tag);
    }
    if gzip {
        h.insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    r.extensions_mut().insert(replayable);
    r
}

/// `If-None-Match` names `etag` (or `*`): compared weakly, as RFC 9110 says for this header.
fn names_tag(request: &HeaderMap, etag: &[u8]) -> bool {
    tag_named_in(
        request
            .get_all(header::IF_NONE_MATCH)
            .iter()
            .map(HeaderValue::as_bytes),
        etag,
    )
}

/// [`names_tag`] over the `If-None-Match` fields' values as they came.
pub(crate) fn tag_named_in<'a>(values: impl Iterator<Item = &'a [u8]>, etag: &[u8]) -> bool {
    values
        .flat_map(|v| v.split(|b| *b == b','))
        .map(|t| t.trim_ascii())
        .any(|t| t == b"*" || t.strip_prefix(b"W/").unwrap_or(t) == etag)
}

/// `Cache-Control: public, max-age=SECS`, made once for each of the first few hundred seconds
/// (every cached answer's life is within them), not formatted per request.
fn max_age(secs: u64) -> HeaderValue {
    const KEPT: u64 = 600;
    static MADE: std::sync::OnceLock<Vec<HeaderValue>> = std::sync::OnceLock::new();
    let made = |s: u64| header_value(&format!("public, max-age={s}"));
    match usize::try_from(secs).ok().filter(|_| secs < KEPT) {
        Some(i) => MADE
            .get_or_init(|| (0..KEPT).map(made).collect())
            .get(i)
            .cloned()
            .unwrap_or_else(|| made(secs)),
        None => made(secs),
    }
}

/// `Accept-Encoding` lets gzip be sent ([`accept`]).
fn accepts_gzip(request: &HeaderMap) -> bool {
    gzip_in(
        request
            .get_all(header::ACCEPT_ENCODING)
            .iter()
            .map(HeaderValue::as_bytes),
    )
}

pub(crate) use accept::gzip_in;

fn error_response(e: &SourceError) -> Response {
    let status = StatusCode::from_u16(e.http_status()).unwrap_or(StatusCode::BAD_GATEWAY);
    let mut r = json_error(status, e.code(), &e.to_string());
    let h = r.headers_mut();
    if let SourceError::RateLimited { retry_after, .. } = e {
        h.insert(
            header::RETRY_AFTER,
            header_value(&ceil_secs(*retry_after).to_string()),
        );
    }
    r
}

/// The API's error answer: the JSON body, and the headers every error carries.
fn json_error(status: StatusCode, code: &str, message: &str) -> Response {
    let body = serde_json::to_vec(&ErrorBody::new(code, message)).unwrap_or_default();
    let mut r = Response::new(Body::from(body));
    *r.status_mut() = status;
    let h = r.headers_mut();
    common_headers(h);
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn common_headers(h: &mut HeaderMap) {
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    h.insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
}

fn header_value(s: &str) -> HeaderValue {
    HeaderValue::from_str(s).unwrap_or_else(|_| HeaderValue::from_static(""))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_accept(v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
        h
    }

    #[test]
    fn if_none_match_names_a_tag_weakly_or_all() {
        let asked = |v: &str| {
            let mut h = HeaderMap::new();
            h.insert(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
            names_tag(&h, b"\"abc\"")
        };
        assert!(asked("\"abc\""));
        assert!(asked("W/\"abc\""));
        assert!(asked("\"x\", \"abc\""));
        assert!(asked("*"));
        assert!(!asked("\"abd\""));
        assert!(!asked("abc"));
        assert!(!names_tag(&HeaderMap::new(), b"\"abc\""));
    }

    #[test]
    fn gzip_is_sent_only_when_accepted() {
        assert!(accepts_gzip(&with_accept("gzip")));
        assert!(accepts_gzip(&with_accept("br, gzip;q=0.8, deflate")));
        assert!(accepts_gzip(&with_accept("*")));
        assert!(!accepts_gzip(&with_accept("gzip;q=0")));
        assert!(!accepts_gzip(&with_accept("br, deflate")));
        assert!(!accepts_gzip(&HeaderMap::new()));
    }
}
