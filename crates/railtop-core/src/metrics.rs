//! What `serve` and `ssh` count for Prometheus (`GET /metrics`): every metric's name, help and
//! labels in this file, recorded through the `metrics` facade and written in Prometheus' text
//! format by its exporter; but what every API request counts (requests, cache answers, the two
//! histograms), which each thread counts on its own (`tallies.rs`, for their cost under load).
//!
//! The recorder is installed once per process, when a server starts or when `/metrics` is first
//! asked for; until then recording costs nothing. Labels only ever take values from short fixed
//! lists (an endpoint's route, a status code, a feed's slug, a refusal's reason, a configured
//! station), never a client's input, so a client cannot grow the set of series.

use metrics::{counter, describe_counter, describe_gauge, describe_histogram, gauge, histogram};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use std::sync::OnceLock;

mod tallies;
use std::time::Duration;

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// Installs the recorder (once) and describes every metric; `None` when another recorder was
/// installed first (a library user's), in which case railtop records into that one.
fn handle() -> Option<&'static PrometheusHandle> {
    HANDLE
        .get_or_init(|| {
            let recorder = PrometheusBuilder::new()
                .set_buckets_for_metric(Matcher::Suffix("_seconds".into()), &tallies::LATENCY)
                .and_then(|b| {
                    b.set_buckets_for_metric(Matcher::Suffix("_bytes".into()), &tallies::SIZES)
                })
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
    match handle() {
        None => "# railtop's metrics are recorded by another recorder in this process\n".into(),
        Some(handle) => {
            let mut text = handle.render();
            tallies::render(&mut text);
            text
        }
    }
}

/// Whether railtop's own recorder is the one in force (not another's, and installed).
fn ours() -> bool {
    HANDLE.get().is_some_and(Option::is_some)
}

fn describe() {
    // The requests' counts and histograms, and the caches' counts, are described where they
    // are written (tallies.rs).
    describe_counter!(
        "railtop_rate_limited_total",
        "API requests refused by the per-IP rate limit."
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
        "railtop_ssh_penalty_bans_total",
        "SSH sources turned away for their penalty (bare, failed or stalled connections past 15 s of penalty), each counted once a ban."
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
    describe_counter!(
        "railtop_web_board_fetches_total",
        "Board fetches made for browsers' boards (/board), by station (one per board, however many watch)."
    );
    describe_gauge!(
        "railtop_web_board_streams",
        "Browsers' boards kept up to date by events (/board/events) now."
    );
}

/// An answered API request.
pub fn request(endpoint: &'static str, status: u16, took: Duration, bytes: Option<u64>) {
    if ours() {
        tallies::request(endpoint, status, took.as_secs_f64(), bytes);
        return;
    }
    // Another recorder's (a library user's), or none yet: through the facade.
    counter!("railtop_http_requests_total", "endpoint" => endpoint, "status" => status.to_string())
        .increment(1);
    histogram!("railtop_http_request_duration_seconds", "endpoint" => endpoint)
        .record(took.as_secs_f64());
    if let Some(bytes) = bytes {
        histogram!("railtop_http_response_bytes", "endpoint" => endpoint).record(bytes as f64);
    }
}

/// A request the rate limit refused.
pub fn rate_limited() {
    counter!("railtop_rate_limited_total").increment(1);
}

/// An answer asked of the cache of `kind`: found (or being fetched by another caller), or
/// fetched for this one.
pub fn cache(kind: &'static str, hit: bool) {
    if ours() {
        tallies::cache(kind, hit);
        return;
    }
    let result = if hit { "hit" } else { "miss" };
    counter!("railtop_cache_requests_total", "kind" => kind, "result" => result).increment(1);
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

/// An SSH source turned away for its penalty (once a ban).
pub fn ssh_penalty_ban() {
    counter!("railtop_ssh_penalty_bans_total").increment(1);
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

/// A board fetched for browsers showing `station`'s board.
pub fn web_board_fetch(station: &str) {
    counter!("railtop_web_board_fetches_total", "station" => station.to_owned()).increment(1);
}

/// A browser's event stream opened (`+1`) or closed (`-1`).
pub fn web_board_streams(delta: f64) {
    gauge!("railtop_web_board_streams").increment(delta);
}
