//! Speed of the API's hot paths: encoding and decoding a 20,000-train realtime answer, and the
//! demo simulator advancing and answering a 20,000-train query. `cargo bench --bench api`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use chrono::{DateTime, Duration, Utc};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use railtop::clock::Clock;
use railtop::model::RealtimeResponse;
use railtop::source::demo::DemoSource;
use railtop::source::RealtimeQuery;
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

criterion_group!(benches, codec, simulator);
criterion_main!(benches);
