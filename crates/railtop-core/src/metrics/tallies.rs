//! What every API request counts: the requests by endpoint and status, the caches' answers by
//! kind and result, and the two histograms (its time, its body's size), counted where they
//! are recorded, each thread on its own, and added up when `/metrics` is read.
//!
//! The exporter's own histograms keep every sample in one store all threads push to, until its
//! upkeep folds them into buckets, and its counters are one atomic all threads add to: under
//! load (130,000 requests a second on two event loops) these were 3–4 % of the server's whole
//! CPU, and both loops wrote to the same memory on every request. Here a request adds to its
//! own thread's tallies, under that thread's own lock, which no other thread takes but a
//! scrape.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

/// Upper bounds of the time buckets, in seconds.
pub(super) const LATENCY: [f64; 13] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];
/// Upper bounds of the size buckets, in bytes.
pub(super) const SIZES: [f64; 9] = [
    256.0, 1024.0, 4096.0, 16384.0, 65536.0, 262144.0, 1048576.0, 4194304.0, 16777216.0,
];

const REQUESTS: &str = "railtop_http_requests_total";
const REQUESTS_HELP: &str = "API requests answered, by endpoint and HTTP status.";
const CACHE: &str = "railtop_cache_requests_total";
const CACHE_HELP: &str = "Answers asked of a cache, by kind and result (hit: cached or being fetched; miss: fetched for this request).";
const TIME: &str = "railtop_http_request_duration_seconds";
const TIME_HELP: &str = "Time to answer an API request, by endpoint.";
const SIZE: &str = "railtop_http_response_bytes";
const SIZE_HELP: &str = "Size of an API answer's body as sent (gzip where asked), by endpoint.";

/// One histogram's buckets (not yet cumulative; the last is past every bound), sum and count.
#[derive(Debug, Clone, Default, PartialEq)]
struct Tally {
    buckets: Vec<u64>,
    sum: f64,
}

impl Tally {
    fn record(&mut self, bounds: &[f64], value: f64) {
        if self.buckets.len() != bounds.len() + 1 {
            self.buckets = vec![0; bounds.len() + 1];
        }
        // The first bound the value is at or under (Prometheus' `le`).
        let at = bounds.partition_point(|b| *b < value);
        if let Some(n) = self.buckets.get_mut(at) {
            *n = n.saturating_add(1);
        }
        self.sum += value;
    }

    fn add(&mut self, other: &Tally) {
        if self.buckets.len() < other.buckets.len() {
            self.buckets.resize(other.buckets.len(), 0);
        }
        for (mine, theirs) in self.buckets.iter_mut().zip(&other.buckets) {
            *mine = mine.saturating_add(*theirs);
        }
        self.sum += other.sum;
    }
}

/// A thread's tallies.
#[derive(Default)]
struct Local {
    /// By endpoint: the time and the size.
    endpoints: Vec<(&'static str, Tally, Tally)>,
    /// By endpoint and status.
    requests: Vec<((&'static str, u16), u64)>,
    /// By cache kind and whether it was a hit.
    cache: Vec<((&'static str, bool), u64)>,
}

/// Adds one to `key`'s count in `counts`.
fn count<K: PartialEq>(counts: &mut Vec<(K, u64)>, key: K) {
    match counts.iter_mut().find(|(k, _)| *k == key) {
        Some((_, n)) => *n = n.saturating_add(1),
        None => counts.push((key, 1)),
    }
}

/// Every thread's tallies, for the scrape. A thread that ends leaves its counts here.
static ALL: Mutex<Vec<Arc<Mutex<Local>>>> = Mutex::new(Vec::new());

thread_local! {
    static MINE: Arc<Mutex<Local>> = {
        let mine = Arc::new(Mutex::new(Local::default()));
        if let Ok(mut all) = ALL.lock() {
            all.push(mine.clone());
        }
        mine
    };
}

/// Counts a request to `endpoint` answered with `status` that took `seconds` and sent `bytes`
/// of body.
pub(super) fn request(endpoint: &'static str, status: u16, seconds: f64, bytes: Option<u64>) {
    MINE.with(|mine| {
        let Ok(mut mine) = mine.lock() else { return };
        count(&mut mine.requests, (endpoint, status));
        let at = match mine.endpoints.iter().position(|(e, _, _)| *e == endpoint) {
            Some(at) => at,
            None => {
                mine.endpoints
                    .push((endpoint, Tally::default(), Tally::default()));
                mine.endpoints.len() - 1
            }
        };
        if let Some((_, time, size)) = mine.endpoints.get_mut(at) {
            time.record(&LATENCY, seconds);
            if let Some(bytes) = bytes {
                size.record(&SIZES, bytes as f64);
            }
        }
    });
}

/// Counts an answer asked of the cache of `kind`.
pub(super) fn cache(kind: &'static str, hit: bool) {
    MINE.with(|mine| {
        if let Ok(mut mine) = mine.lock() {
            count(&mut mine.cache, (kind, hit));
        }
    });
}

/// Every tally in Prometheus' text format, every thread's counts added up.
pub(super) fn render(text: &mut String) {
    let mut time: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut size: BTreeMap<&'static str, Tally> = BTreeMap::new();
    let mut requests: BTreeMap<(&'static str, u16), u64> = BTreeMap::new();
    let mut cache: BTreeMap<(&'static str, bool), u64> = BTreeMap::new();
    let threads: Vec<Arc<Mutex<Local>>> = ALL.lock().map(|all| all.clone()).unwrap_or_default();
    for thread in threads {
        let Ok(local) = thread.lock() else { continue };
        for (endpoint, t, s) in &local.endpoints {
            time.entry(endpoint).or_default().add(t);
            size.entry(endpoint).or_default().add(s);
        }
        for (key, n) in &local.requests {
            let total = requests.entry(*key).or_default();
            *total = total.saturating_add(*n);
        }
        for (key, n) in &local.cache {
            let total = cache.entry(*key).or_default();
            *total = total.saturating_add(*n);
        }
    }
    counter_family(
        text,
        REQUESTS,
        REQUESTS_HELP,
        requests.iter().map(|((endpoint, status), n)| {
            (format!("endpoint=\"{endpoint}\",status=\"{status}\""), *n)
        }),
    );
    counter_family(
        text,
        CACHE,
        CACHE_HELP,
        cache.iter().map(|((kind, hit), n)| {
            let result = if *hit { "hit" } else { "miss" };
            (format!("kind=\"{kind}\",result=\"{result}\""), *n)
        }),
    );
    family(text, TIME, TIME_HELP, &LATENCY, &time);
    family(text, SIZE, SIZE_HELP, &SIZES, &size);
}

/// One counter family: its help, its type, and a line per set of labels.
fn counter_family(
    text: &mut String,
    name: &str,
    help: &str,
    series: impl Iterator<Item = (String, u64)>,
) {
    let mut series = series.peekable();
    if series.peek().is_none() {
        return;
    }
    let _ = writeln!(text, "# HELP {name} {help}");
    let _ = writeln!(text, "# TYPE {name} counter");
    for (labels, n) in series {
        let _ = writeln!(text, "{name}{{{labels}}} {n}");
    }
    text.push('\n');
}

/// One histogram family: its help, its type, and per endpoint the cumulative buckets, the sum
/// and the count.
fn family(
    text: &mut String,
    name: &str,
    help: &str,
    bounds: &[f64],
    by_endpoint: &BTreeMap<&str, Tally>,
) {
    if by_endpoint.is_empty() {
        return;
    }
    let _ = writeln!(text, "# HELP {name} {help}");
    let _ = writeln!(text, "# TYPE {name} histogram");
    for (endpoint, tally) in by_endpoint {
        let mut seen: u64 = 0;
        for (i, bound) in bounds.iter().enumerate() {
            seen = seen.saturating_add(tally.buckets.get(i).copied().unwrap_or(0));
            let _ = writeln!(
                text,
                "{name}_bucket{{endpoint=\"{endpoint}\",le=\"{bound}\"}} {seen}"
            );
        }
        let count = seen.saturating_add(tally.buckets.get(bounds.len()).copied().unwrap_or(0));
        let _ = writeln!(
            text,
            "{name}_bucket{{endpoint=\"{endpoint}\",le=\"+Inf\"}} {count}"
        );
        let _ = writeln!(text, "{name}_sum{{endpoint=\"{endpoint}\"}} {}", tally.sum);
        let _ = writeln!(text, "{name}_count{{endpoint=\"{endpoint}\"}} {count}");
    }
    text.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_counts_in_the_first_bucket_it_is_at_or_under_and_buckets_add_up() {
        let mut t = Tally::default();
        for v in [0.0005, 0.001, 0.002, 20.0] {
            t.record(&LATENCY, v);
        }
        assert_eq!(t.buckets[0], 2, "at or under 0.001");
        assert_eq!(t.buckets[1], 1, "0.002 under 0.0025");
        assert_eq!(t.buckets[LATENCY.len()], 1, "past every bound");
        let mut text = String::new();
        let by: BTreeMap<&str, Tally> = [("realtime", t)].into_iter().collect();
        family(&mut text, TIME, TIME_HELP, &LATENCY, &by);
        assert!(text.starts_with(
            "# HELP railtop_http_request_duration_seconds Time to answer an API request, by endpoint.\n# TYPE railtop_http_request_duration_seconds histogram\n"
        ));
        for line in [
            "railtop_http_request_duration_seconds_bucket{endpoint=\"realtime\",le=\"0.001\"} 2",
            "railtop_http_request_duration_seconds_bucket{endpoint=\"realtime\",le=\"0.0025\"} 3",
            "railtop_http_request_duration_seconds_bucket{endpoint=\"realtime\",le=\"10\"} 3",
            "railtop_http_request_duration_seconds_bucket{endpoint=\"realtime\",le=\"+Inf\"} 4",
            "railtop_http_request_duration_seconds_count{endpoint=\"realtime\"} 4",
        ] {
            assert!(text.lines().any(|l| l == line), "no {line} in\n{text}");
        }
    }

    #[test]
    fn every_threads_requests_are_added_up() {
        let threads: Vec<_> = (0..3)
            .map(|_| std::thread::spawn(|| request("tallies-test", 200, 0.01, Some(100))))
            .collect();
        for t in threads {
            t.join().unwrap();
        }
        request("tallies-test", 304, 0.01, None);
        cache("tallies-test", true);
        let mut text = String::new();
        render(&mut text);
        for line in [
            "railtop_http_request_duration_seconds_count{endpoint=\"tallies-test\"} 4",
            "railtop_http_response_bytes_count{endpoint=\"tallies-test\"} 3",
            "railtop_http_requests_total{endpoint=\"tallies-test\",status=\"200\"} 3",
            "railtop_http_requests_total{endpoint=\"tallies-test\",status=\"304\"} 1",
            "railtop_cache_requests_total{kind=\"tallies-test\",result=\"hit\"} 1",
        ] {
            assert!(text.lines().any(|l| l == line), "no {line} in\n{text}");
        }
    }
}
