//! The per-request cost of `railtop serve` on a cached answer, in process: a request through
//! the router as a connection hands it over (the one layer in front, routing, the cache's hit,
//! the headers), without the network. It guards what `bench/serve_vs_nginx.sh` measures end to
//! end: a change that adds per-request work shows here first. `serve_request` is the router's
//! path (the first request for a target on an event loop); `serve_replayed` the path of every
//! later one, a cached answer given again before the router (`hot.rs`), through the same front.
//! The answers are the demo's at scale 15 for Germany (about 1,000 trains), as in that script.
//! `cargo bench --bench serve`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    reason = "tests, benches and the fuzzer fail loudly by design"
)]

use axum::body::Body;
use axum::http::{Request, StatusCode};
use criterion::{criterion_group, criterion_main, Criterion};
use railtop::clock::Clock;
use railtop::server::{answerer, router, ServerConfig};
use railtop::source::cache::{CacheConfig, CachedSource};
use railtop::source::demo::DemoSource;
use std::hint::black_box;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

fn per_request(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let _inside = runtime.enter();
    let demo = DemoSource::new(1, 15, Clock::parse("2026-11-24T07:00:00Z").unwrap()).unwrap();
    let source = Arc::new(CachedSource::new(
        Arc::new(demo),
        CacheConfig {
            // Long enough that every request of a run is a hit.
            realtime_ttl: Duration::from_secs(3600),
            departures_ttl: Duration::from_secs(3600),
            ..CacheConfig::default()
        },
    ));
    let config = ServerConfig {
        rate_limit: None,
        ..ServerConfig::default()
    };
    let app = router(source.clone(), config.clone());
    let answers = answerer(source, config);
    let ask = |uri: &str, gzip: bool, tag: Option<&str>| {
        let mut r = Request::get(uri);
        if gzip {
            r = r.header("accept-encoding", "gzip");
        }
        if let Some(tag) = tag {
            r = r.header("if-none-match", tag);
        }
        r.body(Body::empty()).unwrap()
    };
    // Every answer made and cached before timing.
    let realtime = "/api/live/realtime?source=germany";
    let feed = "/gtfs-rt/vehicle-positions?country=germany";
    let board = "/api/live/departures?station=germany:8011160";
    let mut tag = String::new();
    runtime.block_on(async {
        for uri in [realtime, feed, board] {
            let r = app.clone().oneshot(ask(uri, true, None)).await.unwrap();
            assert_eq!(r.status(), StatusCode::OK, "{uri}");
        }
        let r = app
            .clone()
            .oneshot(ask(realtime, true, None))
            .await
            .unwrap();
        tag = r.headers()["etag"].to_str().unwrap().to_string();
    });
    let mut g = c.benchmark_group("serve_request");
    let cases: [(&str, &str, bool, Option<&str>); 5] = [
        ("realtime_json", realtime, false, None),
        ("realtime_gzip", realtime, true, None),
        ("realtime_304", realtime, true, Some(tag.as_str())),
        ("gtfs_rt_positions_gzip", feed, true, None),
        ("board_gzip", board, true, None),
    ];
    for (name, uri, gzip, tag) in cases {
        g.bench_function(name, |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let started = Instant::now();
                    for _ in 0..iters {
                        let r = app.clone().oneshot(ask(uri, gzip, tag)).await.unwrap();
                        black_box(r);
                    }
                    started.elapsed()
                })
            })
        });
    }
    g.finish();
    let mut g = c.benchmark_group("serve_replayed");
    for (name, uri, gzip, tag) in cases {
        runtime.block_on(async {
            let r = answers.answer(ask(uri, gzip, tag), None).await; // the router's, kept
            assert!(r.status().is_success() || r.status() == StatusCode::NOT_MODIFIED);
        });
        g.bench_function(name, |b| {
            b.iter_custom(|iters| {
                runtime.block_on(async {
                    let started = Instant::now();
                    for _ in 0..iters {
                        black_box(answers.answer(ask(uri, gzip, tag), None).await);
                    }
                    started.elapsed()
                })
            })
        });
    }
    g.finish();
}

criterion_group!(benches, per_request);
criterion_main!(benches);
