//! What `serve` and `ssh` count for Prometheus (`GET /metrics`): every metric's name, help and
//! labels in this one file, recorded through the `metrics` facade and written in Prometheus'
//! text format by its exporter.
//!
//! The recorder is installed once per process, when a server starts or when `/metrics` is first
//! asked for; until then recording costs nothing. Labels only ever take values from short fixed
//! lists (an endpoint's route, a status code, a feed's slug, a refusal's reason, a configured
//! station), never a client's input, so a client cannot grow the set of series.

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;
use std::time::Duration;

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the recorder (once) and describes every metric; `None` when another recorder was
/// installed first (a library user's), in which case railtop records into that one.
fn handle() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let latency = [
                0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
            ];
            let sizes = [
                256.0, 1024.0, 4096.0, 16384.0, 65536.0, 262144.0, 1048576.0, 4194304.0, 16777216.0,
            ];
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &latency)
                .and_then(|b| b.set_buckets_for_metric(Matcher::Suffix("_bytes".into()), &sizes))
                .ok()?
                .build_recorder();
            let handle = recorder.handle();
            metrics::set_global_recorder(recorder).ok()?;
            describe();
            upkeep(handle.clone());
            Some(handle)
        })
        .as_ref()
}

/// How often the histograms' samples are folded into their buckets.
const UPKEEP: Duration = Duration::from_secs(5);

/// The exporter keeps every histogram sample until it is folded into the buckets, which its
/// `render` does, or its upkeep: without a thread for it, a server nobody scrapes grew by two
/// samples a request (29 MB in 1.35 million requests, measured). So a thread of its own folds
/// them every [`UPKEEP`], whatever runtime there is or is not.
fn upkeep(handle: PrometheusHandle) {
    let started = std::thread::Builder::new()
        .name("railtop-metrics".into())
        .spawn(move || loop {
            std::thread::sleep(UPKEEP);
            handle.run_upkeep();
        });
    if let Err(e) = started {
        tracing::warn!("no upkeep thread for the metrics, so only a scrape bounds them: {e}");
    }
}

/// Starts recording (a server calls it as it starts, so the first scrape sees every series).
pub fn install() {
    let _ = handle();
}

/// Everything recorded, in Prometheus' text format.
pub fn render() -> String {
    handle().map_or_else(
        || "# railtop's metrics are recorded by another recorder in this process\n".into(),
        PrometheusHandle::render,
    )
}

fn describe() {
    describe_counter!(
        "railtop_http_requests_total",
        "API requests answered, by endpoint and HTTP status."
    );
    describe_histogram!(
        "railtop_http_request_duration_seconds",
        metrics::Unit::Seconds,
        "Time to answer an API request, by endpoint."
    );
    describe_histogram!(
        "railtop_http_response_bytes",
        metrics::Unit::Bytes,
        "Size of an API answer's body as sent (gzip where asked), by endpoint."
    );
    describe_counter!(
        "railtop_rate_limited_total",
        "API requests refused by the per-IP rate limit."
    );
    describe_counter!(
        "railtop_cache_requests_total",
        "Answers asked of a cache, by kind and result (hit: cached or being fetched; miss: fetched for this request)."
    );
    describe_counter!(
        "railtop_upstream_fetches_total",
        "Fetches from a national feed, by feed and outcome (ok, error)."
    );
    describe_histogram!(
        "railtop_upstream_fetch_duration_seconds",
        metrics::Unit::Seconds,
        "Time of a fetch from a national feed, by feed."
    );
    describe_gauge!(
        "railtop_redis_up",
        "With --redis: 1 while Redis answers, 0 while this instance works alone."
    );
    describe_counter!(
        "railtop_redis_fallbacks_total",
        "With --redis: decisions this instance made alone because Redis was unavailable, by what (limit, feed)."
    );
    describe_counter!(
        "railtop_shared_feed_total",
        "With --redis: feed answers by how this instance got them (found: another instance had it; waited: another was fetching it; fetched: for every instance)."
    );
    describe_gauge!("railtop_ssh_sessions", "SSH board sessions open.");
    describe_counter!(
        "railtop_ssh_sessions_refused_total",
        "SSH connections turned away, by reason."
    );
    describe_counter!(
        "railtop_ssh_sent_bytes_total",
        metrics::Unit::Bytes,
        "Bytes of screen updates sent to SSH viewers."
    );
    describe_gauge!(
        "railtop_ssh_viewers",
        "SSH viewers watching each station's board."
    );
    describe_counter!(
        "railtop_ssh_board_fetches_total",
        "Board fetches made for SSH viewers, by station (one per station, however many watch)."
    );
}

/// An answered API request.
pub fn request(endpoint: &'static str, status: u16, took: Duration, bytes: Option<u64>) {
    REQUEST_SERIES.with_borrow_mut(|known| {
        let series = known.find((endpoint, status), || {
            (
                counter!("railtop_http_requests_total", "endpoint" => endpoint, "status" => status.to_string()),
                histogram!("railtop_http_request_duration_seconds", "endpoint" => endpoint),
                histogram!("railtop_http_response_bytes", "endpoint" => endpoint),
            )
        });
        series.0.increment(1);
        series.1.record(took.as_secs_f64());
        if let Some(bytes) = bytes {
            series.2.record(bytes as f64);
        }
    });
}

/// A request's series, found once per thread: the registry's lookup (hashing the name and
/// every label, a string made of the status) was a tenth of a cached answer's time in user
/// space. Handles are kept only once the recorder is in, so none stays a no-op.
struct Series<K, H> {
    known: Vec<(K, H)>,
}

/// Most series a thread keeps handles for (endpoints × statuses seen); past it, looked up.
const MAX_SERIES: usize = 256;

impl<K: PartialEq + Copy, H: Clone> Series<K, H> {
    const fn new() -> Self {
        Series { known: Vec::new() }
    }

    fn find(&mut self, key: K, make: impl FnOnce() -> H) -> H {
        if let Some((_, h)) = self.known.iter().find(|(k, _)| *k == key) {
            return h.clone();
        }
        let handles = make();
        if HANDLE.get().is_some_and(Option::is_some) && self.known.len() < MAX_SERIES {
            self.known.push((key, handles.clone()));
        }
        handles
    }
}

type RequestHandles = (metrics::Counter, metrics::Histogram, metrics::Histogram);

thread_local! {
    static REQUEST_SERIES: std::cell::RefCell<Series<(&'static str, u16), RequestHandles>> =
        const { std::cell::RefCell::new(Series::new()) };
    static CACHE_SERIES: std::cell::RefCell<Series<(&'static str, bool), metrics::Counter>> =
        const { std::cell::RefCell::new(Series::new()) };
}

/// A request the rate limit refused.
pub fn rate_limited() {
    counter!("railtop_rate_limited_total").increment(1);
}

/// An answer asked of the cache of `kind`: found (or being fetched by another caller), or
/// fetched for this one.
pub fn cache(kind: &'static str, hit: bool) {
    CACHE_SERIES.with_borrow_mut(|known| {
        let result = if hit { "hit" } else { "miss" };
        known
            .find(
                (kind, hit),
                || counter!("railtop_cache_requests_total", "kind" => kind, "result" => result),
            )
            .increment(1);
    });
}

/// A fetch from `feed`'s upstream, and how it ended.
pub fn upstream_fetch(feed: &'static str, ok: bool, took: Duration) {
    let outcome = if ok { "ok" } else { "error" };
    counter!("railtop_upstream_fetches_total", "feed" => feed, "outcome" => outcome).increment(1);
    histogram!("railtop_upstream_fetch_duration_seconds", "feed" => feed)
        .record(took.as_secs_f64());
}

/// Whether the last call to Redis went well.
pub fn redis_up(up: bool) {
    gauge!("railtop_redis_up").set(if up { 1.0 } else { 0.0 });
}

/// A decision (`limit`, `feed`) made alone because Redis was unavailable.
pub fn redis_fallback(what: &'static str) {
    counter!("railtop_redis_fallbacks_total", "what" => what).increment(1);
}

/// How a feed answer was got with Redis configured (`found`, `waited`, `fetched`).
pub fn shared_feed(outcome: &'static str) {
    counter!("railtop_shared_feed_total", "outcome" => outcome).increment(1);
}

/// An SSH session opened (`+1`) or closed (`-1`).
pub fn ssh_sessions(delta: f64) {
    gauge!("railtop_ssh_sessions").increment(delta);
}

/// An SSH connection turned away, and why (`per-ip`, `full`, `startups`, `rate`, `key`).
pub fn ssh_refused(reason: &'static str) {
    counter!("railtop_ssh_sessions_refused_total", "reason" => reason).increment(1);
}

/// Screen bytes sent to an SSH viewer.
pub fn ssh_sent(bytes: u64) {
    counter!("railtop_ssh_sent_bytes_total").increment(bytes);
}

/// A viewer began (`+1`) or stopped (`-1`) watching `station` (one of the configured ones).
pub fn ssh_viewers(station: &str, delta: f64) {
    gauge!("railtop_ssh_viewers", "station" => station.to_owned()).increment(delta);
}

/// A board fetched for SSH viewers of `station`.
pub fn ssh_board_fetch(station: &str) {
    counter!("railtop_ssh_board_fetches_total", "station" => station.to_owned()).increment(1);
}
