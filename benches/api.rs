//! Speed of the API's hot paths: encoding and decoding a 20,000-train realtime answer, the
//! demo simulator advancing and answering a 20,000-train query, and a traveller's board made
//! from cached boards (one station, two merged, a route by the rows' stops and by journeys).
//! `cargo bench --bench api`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use chrono::{DateTime, Duration, Utc};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use railtop_core::clock::Clock;
use railtop_core::model::RealtimeResponse;
use railtop_feeds::source::demo::DemoSource;
use railtop_feeds::source::RealtimeQuery;
use std::hint::black_box;

/// Scale at which the demo's all-country answer passes 20,000 trains at a busy hour.
const SCALE: u32 = 40;

fn busy_hour() -> DateTime<Utc> {
    DateTime::parse_from_rfc3339("2026-11-24T07:00:00Z")
        .unwrap()
        .with_timezone(&Utc)
}

fn big_answer() -> RealtimeResponse {
    let demo = DemoSource::new(1, SCALE, Clock::System).unwrap();
    let answer = demo
        .realtime_at(&RealtimeQuery::default(), busy_hour())
        .unwrap();
    assert!(answer.trains.len() >= 20_000, "{}", answer.trains.len());
    answer
}

fn codec(c: &mut Criterion) {
    let answer = big_answer();
    let json = serde_json::to_vec(&answer).unwrap();
    eprintln!(
        "realtime answer: {} trains, {} bytes of JSON",
        answer.trains.len(),
        json.len()
    );
    let mut g = c.benchmark_group("realtime_20k");
    g.throughput(Throughput::Bytes(json.len() as u64));
    g.sample_size(20);
    g.bench_function("encode", |b| {
        b.iter(|| serde_json::to_vec(black_box(&answer)).unwrap())
    });
    g.bench_function("decode", |b| {
        b.iter(|| serde_json::from_slice::<RealtimeResponse>(black_box(&json)).unwrap())
    });
    g.bench_function("decode_and_sanitize", |b| {
        b.iter(|| {
            let mut r = serde_json::from_slice::<RealtimeResponse>(black_box(&json)).unwrap();
            r.sanitize();
            r
        })
    });
    g.finish();
}

fn simulator(c: &mut Criterion) {
    let demo = DemoSource::new(1, SCALE, Clock::System).unwrap();
    let query = RealtimeQuery::default();
    let mut now = busy_hour();
    demo.realtime_at(&query, now).unwrap();
    let mut g = c.benchmark_group("demo_20k");
    g.sample_size(20);
    // Each iteration is one refresh: the clock moves 15 s and the whole network answers.
    g.bench_function("advance_15s_and_answer", |b| {
        b.iter(|| {
            now += Duration::seconds(15);
            black_box(demo.realtime_at(&query, now).unwrap().trains.len())
        })
    });
    g.bench_function("cold_start_and_answer", |b| {
        b.iter(|| {
            let fresh = DemoSource::new(1, SCALE, Clock::System).unwrap();
            black_box(fresh.realtime_at(&query, busy_hour()).unwrap().trains.len())
        })
    });
    g.finish();
}

/// A traveller's board from the cache (boards and journeys fetched once, kept for the run):
/// what `serve` does per request for `station=` repeated or `to=`, against the one cached board
/// a plain request is sent.
fn traveller(c: &mut Criterion) {
    use railtop_core::model::Kind;
    use railtop_core::traveller::{Place, Route};
    use railtop_feeds::source::cache::{CacheConfig, CachedSource};
    use railtop_feeds::source::travellers_board::{board, TravelQuery};
    use railtop_feeds::source::DeparturesQuery;
    let demo = DemoSource::new(1, 1, Clock::Fixed(busy_hour())).unwrap();
    let config = CacheConfig {
        departures_ttl: std::time::Duration::from_secs(3600),
        ..CacheConfig::default()
    };
    let source = CachedSource::new(std::sync::Arc::new(demo), config);
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    let directory = railtop_core::stations::current();
    let to = |place: &str| Route {
        end: Some(Place::new(place, &directory)),
        via: None,
    };
    let merged = TravelQuery {
        stations: vec!["HKI".into(), "PSL".into()],
        ..TravelQuery::departures("HKI")
    };
    let to_tampere = TravelQuery {
        route: to("Tampere"),
        ..merged.clone()
    };
    // Dalkey is past the eight via stops a DART row from Howth keeps: journeys decide.
    let by_journeys = TravelQuery {
        route: to("Dalkey"),
        ..TravelQuery::departures("HOWTH")
    };
    let mut g = c.benchmark_group("traveller_board");
    g.sample_size(30);
    g.bench_function("plain_cached", |b| {
        b.iter(|| {
            let q = DeparturesQuery {
                station: "HKI".into(),
                limit: 20,
                kind: Kind::Departures,
            };
            rt.block_on(source.departures(q))
                .unwrap()
                .value
                .departures
                .len()
        })
    });
    for (name, query) in [
        ("two_merged", &merged),
        ("two_merged_to_tampere", &to_tampere),
        ("to_dalkey_by_journeys", &by_journeys),
    ] {
        let rows = rt.block_on(board(&source, query)).unwrap().departures.len();
        eprintln!("{name}: {rows} rows");
        g.bench_function(name, |b| {
            b.iter(|| rt.block_on(board(&source, black_box(query))).unwrap())
        });
    }
    g.finish();
}

criterion_group!(benches, codec, simulator, traveller);
criterion_main!(benches);
