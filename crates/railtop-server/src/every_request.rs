//! What every request passes, whichever path answers it: the per-IP rate limit ([`admit`], with
//! its `RateLimit-*` headers and who a request counts as behind a proxy), the metrics and the
//! request log ([`record`]: cleaned, cut, budgeted per client, floods counted instead of
//! written). A request the router answers passes them in [`routed`], the router's one
//! middleware layer, which also gives the API's JSON error body to answers made outside the
//! handlers; one layer rather than one per job, because each layer costs every request a boxed
//! future and a clone of the service inside it. The lane (`lane/plain_gets.rs`) calls [`admit`]
//! and [`record`] itself for the answers it gives again without the router, so a request counts
//! and is logged alike whichever path answered it.

use crate::peer::{client_ip, ClientIp, Peer, FORWARDED_FOR};
use crate::ratelimit::{self, ceil_secs, Verdict};
use crate::respond::{error_response, json_error};
use crate::routes::{self, Budget, Route};
use crate::state::ApiState;
use crate::tally;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use railtop_feeds::source::SourceError;
use std::future::Future;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

static RATELIMIT_LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
static RATELIMIT_REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
static RATELIMIT_RESET: HeaderName = HeaderName::from_static("ratelimit-reset");

/// The headers that are the client's own (its rate limit), never part of a kept answer.
pub(crate) static PER_CLIENT: [&HeaderName; 3] =
    [&RATELIMIT_LIMIT, &RATELIMIT_REMAINING, &RATELIMIT_RESET];

/// What the per-IP limit says of a request.
pub(crate) enum Admission {
    /// No limit applies.
    Unlimited,
    /// Within the client's budget: what its `RateLimit-*` headers say.
    Allowed {
        limit: u32,
        remaining: u32,
        reset_secs: u64,
    },
    /// Over it: the 429 to give, with its headers.
    Refused(Response),
}

/// What the per-IP limit says of a request for `route` (`routes::find` of its path) from
/// `peer`, counted as the client
/// `forwarded_for` names behind a trusted proxy (the `X-Forwarded-For` fields' values).
pub(crate) async fn admit<'a>(
    state: &ApiState,
    peer: Option<SocketAddr>,
    route: Option<&Route>,
    forwarded_for: impl DoubleEndedIterator<Item = &'a [u8]>,
) -> Admission {
    let limit = match routes::budget(route) {
        Budget::Probes => &state.health_limit,
        Budget::Api => &state.limit,
    };
    let Some(limit) = limit else {
        return Admission::Unlimited;
    };
    let ip = client_ip(forwarded_for, peer, state.config.trust_forwarded_for);
    match limit.check(ip).await {
        Verdict::Allowed {
            limit,
            remaining,
            reset,
        } => Admission::Allowed {
            limit,
            remaining,
            reset_secs: ceil_secs(reset),
        },
        Verdict::Refused { limit, retry_after } => {
            railtop_core::metrics::rate_limited();
            let secs = ceil_secs(retry_after);
            let mut r = error_response(&SourceError::RateLimited {
                message: format!(
                    "rate limit of {limit} requests per minute exceeded; retry in {secs} s"
                ),
                retry_after,
            });
            let h = r.headers_mut();
            h.insert(RATELIMIT_LIMIT.clone(), limit.into());
            h.insert(RATELIMIT_REMAINING.clone(), 0u32.into());
            h.insert(RATELIMIT_RESET.clone(), secs.into());
            Admission::Refused(r)
        }
    }
}

/// The request for `route` as the per-IP limit counts it: answered by `answer`, or refused.
async fn limited<B, A: Future<Output = Response>>(
    state: &ApiState,
    peer: Option<SocketAddr>,
    route: Option<&Route>,
    request: axum::http::Request<B>,
    answer: impl FnOnce(axum::http::Request<B>) -> A,
) -> Response {
    let forwarded_for = request.headers().get_all(FORWARDED_FOR).iter();
    let admission = admit(state, peer, route, forwarded_for.map(HeaderValue::as_bytes)).await;
    match admission {
        Admission::Unlimited => answer(request).await,
        Admission::Allowed {
            limit,
            remaining,
            reset_secs,
        } => {
            let mut r = answer(request).await;
            let h = r.headers_mut();
            h.insert(RATELIMIT_LIMIT.clone(), limit.into());
            h.insert(RATELIMIT_REMAINING.clone(), remaining.into());
            h.insert(RATELIMIT_RESET.clone(), reset_secs.into());
            r
        }
        Admission::Refused(r) => r,
    }
}

/// Longest part of a request's URI written to the log, in bytes.
const MAX_LOGGED_URI: usize = 200;

/// Request lines each client may write per interval; past it they are counted in [`UNLOGGED`].
static LOG_BUDGET: tally::LinesPerPeer = tally::LinesPerPeer::new(30, Duration::from_secs(10));

/// Requests answered but not logged one by one (a client past its [`LOG_BUDGET`]).
static UNLOGGED: tally::Tally = tally::Tally::new(
    "more requests like this (a client past its 30 log lines in 10 s)",
    Duration::from_secs(10),
);

/// Rate-limited requests, counted rather than logged one by one.
static RATE_LIMITED: tally::Tally = tally::Tally::new(
    "requests refused by the rate limit",
    Duration::from_secs(10),
);

/// A request on its way through the router, in the one layer before every route: the per-IP
/// limit, the API's error body on answers made outside the handlers, the metrics, and one log
/// line per answered request with the URI cleaned and cut. Refusals by the rate limit are
/// counted instead of logged (a flood must not become log volume). The URI is written out only
/// when it is logged.
pub(crate) async fn routed(
    State(state): State<Arc<ApiState>>,
    request: Request,
    next: Next,
) -> Response {
    let mut request = request;
    let peer = request
        .extensions()
        .get::<ConnectInfo<Peer>>()
        .map(|c| c.0 .0);
    let client = client_ip(
        request
            .headers()
            .get_all(FORWARDED_FOR)
            .iter()
            .map(|v| v.as_bytes()),
        peer,
        state.config.trust_forwarded_for,
    );
    request.extensions_mut().insert(ClientIp(client));
    let started = Instant::now();
    let method = request.method().clone();
    let uri = request.uri().clone();
    let route = routes::find(uri.path());
    let response = json_errors(limited(&state, peer, route, request, |r| next.run(r)).await);
    let bytes = axum::body::HttpBody::size_hint(response.body()).exact();
    let asked = Asked {
        method: method.as_str(),
        route,
        target: &uri,
    };
    record(peer, started, &asked, response.status().as_u16(), bytes);
    response
}

/// A request as the metrics and the log see it.
pub(crate) struct Asked<'a, T: std::fmt::Display> {
    pub method: &'a str,
    /// Its endpoint, if its path is one's.
    pub route: Option<&'static Route>,
    /// Path and query, written out only when logged.
    pub target: &'a T,
}

/// An answered request counted in the metrics and written to the log (cleaned, cut, budgeted
/// per client); refusals by the rate limit are counted instead of logged (a flood must not
/// become log volume).
pub(crate) fn record<T: std::fmt::Display>(
    peer: Option<SocketAddr>,
    started: Instant,
    asked: &Asked<'_, T>,
    status: u16,
    bytes: Option<u64>,
) {
    railtop_core::metrics::request(routes::label(asked.route), status, started.elapsed(), bytes);
    if status == 429 {
        RATE_LIMITED.add(&format_args!(
            "{peer:?} {}",
            logged_uri(asked.target.to_string())
        ));
        return;
    }
    // The budget is asked only when request lines are written at all: with them off (a
    // benchmark, `RAILTOP_LOG=warn`) a request takes no lock for them.
    if !tracing::enabled!(target: "railtop::request", tracing::Level::INFO) {
        return;
    }
    let uri = logged_uri(asked.target.to_string());
    let method = asked.method;
    let peer_ip = peer.map_or(IpAddr::from([0, 0, 0, 0]), |p| p.ip());
    if !LOG_BUDGET.allow(ratelimit::bucket_of(peer_ip)) {
        UNLOGGED.add(&format_args!("{} {method} {uri} {status}", Shown(peer)));
        return;
    }
    tracing::info!(
        target: "railtop::request",
        %method,
        %uri,
        status,
        micros = started.elapsed().as_micros() as u64,
        peer = %Shown(peer),
    );
}

/// A peer as the log says it: its address, or `-` where there is none (a test's request),
/// never `Some(…)`; written as it is formatted, no string made.
struct Shown(Option<SocketAddr>);

impl std::fmt::Display for Shown {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            Some(p) => write!(f, "{p}"),
            None => f.write_str("-"),
        }
    }
}

/// A URI as it may appear in the log: through the sanitiser, at most [`MAX_LOGGED_URI`] bytes,
/// a longer one marked as cut with its length.
fn logged_uri(mut uri: String) -> String {
    if uri.len() <= MAX_LOGGED_URI {
        // No copy for the usual, clean URI.
        railtop_core::text::clean(&mut uri);
        return uri;
    }
    let mut end = MAX_LOGGED_URI;
    while !uri.is_char_boundary(end) {
        end -= 1;
    }
    format!(
        "{}… (cut, {} bytes)",
        railtop_core::text::cleaned(&uri[..end]),
        uri.len()
    )
}

/// Answers made outside the handlers (axum's 405 for a method other than GET) get the API's
/// JSON error body and headers like every other answer.
fn json_errors(response: Response) -> Response {
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error())
        || response.headers().contains_key(header::CONTENT_TYPE)
    {
        return response;
    }
    let (code, message) = match status {
        StatusCode::METHOD_NOT_ALLOWED => (
            "method_not_allowed",
            "only GET is answered here".to_string(),
        ),
        other => (
            "bad_request",
            other.canonical_reason().unwrap_or("error").to_lowercase(),
        ),
    };
    let mut r = json_error(status, code, &message);
    let h = r.headers_mut();
    for (name, value) in response.headers() {
        if name == header::ALLOW || name.as_str().starts_with("ratelimit-") {
            h.insert(name.clone(), value.clone());
        }
    }
    if status == StatusCode::METHOD_NOT_ALLOWED && !h.contains_key(header::ALLOW) {
        h.insert(header::ALLOW, HeaderValue::from_static("GET,HEAD"));
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn logged_uris_are_cut_and_clean() {
        assert_eq!(
            logged_uri("/api/live/realtime".into()),
            "/api/live/realtime"
        );
        let long = format!("/api/live/departures?station={}", "é".repeat(40_000));
        let logged = logged_uri(long.clone());
        assert!(logged.len() < MAX_LOGGED_URI + 40, "{}", logged.len());
        assert!(logged.ends_with(&format!("… (cut, {} bytes)", long.len())));
        assert_eq!(logged_uri("/x\u{1b}]0;t\u{7}y".into()), "/xy");
    }
}
