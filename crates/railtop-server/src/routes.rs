//! The API's endpoints, one row each: the path, the method, the `endpoint` label its requests carry
//! in the metrics, the per-IP budget they count against, and the handler; and the answer to a
//! path that is none of them. The router (`router.rs`), the layer before it (`every_request.rs`:
//! which budget, which label) and the 404's list of endpoints all read this one table, so adding
//! an endpoint is adding a row and its handler.

use crate::gtfs_rt::route as gtfs;
use crate::gtfs_rt::Feed::{Alerts, TripUpdates, VehiclePositions};
use crate::handlers::{arrivals, departures, healthz, metrics_text, realtime, stations, train};
use crate::respond::{error_response, json_error};
use crate::state::ApiState;
use crate::stats;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;
use axum::routing::{on, MethodFilter, MethodRouter};
use railtop_feeds::source::SourceError;
use std::sync::Arc;
use Budget::{Api, Probes};

/// One endpoint.
pub(crate) struct Route {
    pub path: &'static str,
    pub method: MethodFilter,
    /// Its requests' `endpoint` label in the metrics: one of a fixed few, whatever was asked.
    pub label: &'static str,
    pub budget: Budget,
    /// Its handler, made to answer `method` (GET answers HEAD too).
    pub handler: fn(MethodFilter) -> MethodRouter<Arc<ApiState>>,
}

/// Which per-IP budget a request counts against.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Budget {
    /// The API's (`--rate-limit`), shared with the other instances through Redis.
    Api,
    /// For load balancers, service managers and Prometheus, who ask often: a budget of their
    /// own, ten times the API's, counted in this instance alone.
    Probes,
}

const GET: MethodFilter = MethodFilter::GET;

/// Every endpoint, in the order the 404 lists them.
#[rustfmt::skip]
pub(crate) static ROUTES: [Route; 11] = [
    //    path                          method label         budget  handler
    route("/api/live/realtime",         GET,   "realtime",   Api,    |m| on(m, realtime)),
    route("/api/live/departures",       GET,   "departures", Api,    |m| on(m, departures)),
    route("/api/live/arrivals",         GET,   "arrivals",   Api,    |m| on(m, arrivals)),
    route("/api/live/stations",         GET,   "stations",   Api,    |m| on(m, stations)),
    route("/api/live/train",            GET,   "train",      Api,    |m| on(m, train)),
    route("/api/live/stats",            GET,   "stats",      Api,    |m| on(m, stats::answer)),
    route("/gtfs-rt/vehicle-positions", GET,   "gtfs_rt",    Api,    |m| gtfs(m, VehiclePositions)),
    route("/gtfs-rt/trip-updates",      GET,   "gtfs_rt",    Api,    |m| gtfs(m, TripUpdates)),
    route("/gtfs-rt/alerts",            GET,   "gtfs_rt",    Api,    |m| gtfs(m, Alerts)),
    route("/healthz",                   GET,   "healthz",    Probes, |m| on(m, healthz)),
    METRICS,
];

/// `/metrics`: on the API's port unless it has a listener of its own (`--metrics-listen`).
#[rustfmt::skip]
pub(crate) const METRICS: Route =
    route("/metrics",                   GET,   "metrics",    Probes, |m| on(m, metrics_text));

const fn route(
    path: &'static str,
    method: MethodFilter,
    label: &'static str,
    budget: Budget,
    handler: fn(MethodFilter) -> MethodRouter<Arc<ApiState>>,
) -> Route {
    Route {
        path,
        method,
        label,
        budget,
        handler,
    }
}

/// The endpoint at `path`, if there is one: looked up once a request, for its budget and its
/// label.
pub(crate) fn find(path: &str) -> Option<&'static Route> {
    ROUTES.iter().find(|r| r.path == path)
}

/// The metrics' `endpoint` label of a request for `route`: its row's, else (a path that is no
/// endpoint's) `other`.
pub(crate) fn label(route: Option<&Route>) -> &'static str {
    route.map_or("other", |r| r.label)
}

/// The budget a request for `route` counts against: its row's, else (a path that is no
/// endpoint's) the API's.
pub(crate) fn budget(route: Option<&Route>) -> Budget {
    route.map_or(Budget::Api, |r| r.budget)
}

/// What the 404 says: every endpoint, in the table's order.
pub(crate) fn not_found_hint() -> &'static str {
    static HINT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HINT.get_or_init(|| {
        let paths: Vec<&str> = ROUTES.iter().map(|r| r.path).collect();
        match paths.split_last() {
            Some((last, [])) => format!("no such endpoint: use {last}"),
            Some((last, rest)) => format!("no such endpoint: use {} or {last}", rest.join(", ")),
            None => "no such endpoint".to_string(),
        }
    })
}

/// An unknown path: 404, naming every endpoint; any method but GET and HEAD, on any path, is a
/// 405 (the server answers nothing else anywhere), with `Allow`.
pub(crate) async fn not_found(method: axum::http::Method) -> Response {
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
    error_response(&SourceError::NotFound(not_found_hint().into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_404_names_every_endpoint_as_it_always_has() {
        assert_eq!(
            not_found_hint(),
            "no such endpoint: use /api/live/realtime, /api/live/departures, /api/live/arrivals, \
             /api/live/stations, /api/live/train, /api/live/stats, /gtfs-rt/vehicle-positions, \
             /gtfs-rt/trip-updates, /gtfs-rt/alerts, /healthz or /metrics"
        );
    }

    #[test]
    fn labels_and_budgets_as_the_table_says() {
        let label = |path| label(find(path));
        let budget = |path| budget(find(path));
        assert_eq!(label("/api/live/realtime"), "realtime");
        assert_eq!(label("/gtfs-rt/alerts"), "gtfs_rt");
        assert_eq!(label("/metrics"), "metrics");
        assert_eq!(label("/nowhere"), "other");
        assert_eq!(budget("/healthz"), Budget::Probes);
        assert_eq!(budget("/metrics"), Budget::Probes);
        assert_eq!(budget("/api/live/train"), Budget::Api);
        assert_eq!(budget("/nowhere"), Budget::Api);
        let mut paths: Vec<_> = ROUTES.iter().map(|r| r.path).collect();
        paths.sort_unstable();
        paths.dedup();
        assert_eq!(paths.len(), ROUTES.len(), "one row a path");
    }
}
