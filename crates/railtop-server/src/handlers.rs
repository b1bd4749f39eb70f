//! The API's handlers, one a route of `routes.rs`: each reads its query (`params.rs`), asks the
//! cached source, and answers through `respond.rs` (a cached answer's bytes as they are, or the
//! API's error). Two answers are made elsewhere than on the event loop that asked: a realtime
//! answer not cached yet (on the runtime the server was made on), and a big answer's first gzip
//! (on the blocking pool).

use crate::params;
use crate::respond::{accepts_gzip, cached_response, common_headers, error_response};
use crate::state::ApiState;
use crate::wire::Wire;
use axum::body::Body;
use axum::extract::{RawQuery, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::Response;
use railtop_core::model::{self, Kind};
use railtop_feeds::source::cache::Cached;
use railtop_feeds::source::{self, SourceError};
use std::sync::Arc;
use std::time::Instant;

pub(crate) async fn realtime(
    State(state): State<Arc<ApiState>>,
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
    if Wire::of(&answer).json_if_made(gzip).is_none() {
        let made = answer.clone();
        let _ = tokio::task::spawn_blocking(move || {
            let wire = Wire::of(&made);
            let _ = if gzip { wire.json_gzip() } else { wire.json() };
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
    state: &ApiState,
    query: source::RealtimeQuery,
) -> Result<Arc<Cached<model::RealtimeResponse>>, SourceError> {
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

pub(crate) async fn departures(
    State(state): State<Arc<ApiState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    board(&state, &headers, query.as_deref(), Kind::Departures).await
}

/// railtop's own endpoint: a station's arrivals, shaped as departures with the arrival's names.
pub(crate) async fn arrivals(
    State(state): State<Arc<ApiState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> Response {
    board(&state, &headers, query.as_deref(), Kind::Arrivals).await
}

/// A board: one station's as the cache holds it (its JSON made once for every client), or a
/// traveller's (several stations, a route: railtop's extensions), made for this request.
async fn board(state: &ApiState, headers: &HeaderMap, raw: Option<&str>, kind: Kind) -> Response {
    let query = match params::board(raw, kind) {
        Ok(q) => q,
        Err(e) => return error_response(&e),
    };
    if query.is_plain() {
        let plain = source::DeparturesQuery {
            station: query.stations.into_iter().next().unwrap_or_default(),
            limit: query.limit,
            kind,
        };
        return match state.source.departures(plain).await {
            Ok(answer) => cached_response(&answer, headers),
            Err(e) => error_response(&e),
        };
    }
    match source::travellers_board::board(&state.source, &query).await {
        Ok(answer) => cached_response(&Cached::new(answer, state.source.board_ttl()), headers),
        Err(e) => error_response(&e),
    }
}

/// railtop's own endpoint: one train's run (see `railtop_core::model::journey`).
pub(crate) async fn train(
    State(state): State<Arc<ApiState>>,
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
pub(crate) async fn stations(
    State(state): State<Arc<ApiState>>,
    RawQuery(query): RawQuery,
) -> Response {
    let p = match params::stations(query.as_deref(), state.source.regions()) {
        Ok(p) => p,
        Err(e) => return error_response(&e),
    };
    let asked = source::StationsQuery {
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
pub(crate) async fn healthz(State(state): State<Arc<ApiState>>) -> Response {
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
pub(crate) async fn metrics_text() -> Response {
    let mut r = Response::new(Body::from(railtop_core::metrics::render()));
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; version=0.0.4; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}
