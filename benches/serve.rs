//! The per-request cost of `railtop serve` on a cached answer, in process: a request through
//! the router as a connection hands it over (the one layer in front, routing, the cache's hit,
//! the headers), without the network. It guards what `bench/serve_vs_nginx.sh` measures end to
//! end: a change that adds per-request work shows here first. `serve_request` is the router's
//! path (the first request for a target on an event loop); `serve_express` the path of every
//! later one: a connection's requests read, parsed and answered with the kept answer by the
//! express lane (`lane/plain_gets.rs`), through the same rate limit, metrics and log, onto a
//! stream that takes every write without copying it (the kernel's part is `serve_vs_nginx.sh`'s).
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
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::{CacheConfig, CachedSource};
use railtop_feeds::source::demo::DemoSource;
use railtop_server::{memoizing_router, router, ServerConfig};
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
    let app = router(source.clone(), config.clone(), Default::default());
    let answers = memoizing_router(source, config, Default::default());
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
    let mut g = c.benchmark_group("serve_express");
    let limits = railtop_server::ConnectionLimits::default();
    let (_open, closing) = tokio::sync::watch::channel(false);
    let peer = std::net::SocketAddr::from(([127, 0, 0, 1], 40000));
    for (name, uri, gzip, tag) in cases {
        let mut request = format!("GET {uri} HTTP/1.1\r\nHost: bench\r\n");
        if gzip {
            request.push_str("Accept-Encoding: gzip\r\n");
        }
        if let Some(tag) = tag {
            request.push_str(&format!("If-None-Match: {tag}\r\n"));
        }
        request.push_str("\r\n");
        let serve = |requests: u64| {
            let stream = Requests::new(request.clone().into_bytes(), requests);
            let served = railtop_server::serve_stream(
                stream,
                peer,
                answers.clone(),
                &limits,
                closing.clone(),
            );
            runtime.block_on(served);
        };
        serve(2); // the router's answer, kept; then the lane's
        g.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let started = Instant::now();
                serve(iters);
                started.elapsed()
            })
        });
    }
    g.finish();
}

/// A connection that sends `left` copies of one request, as fast as they are read, and takes
/// every answer without copying it; it ends when all are sent.
struct Requests {
    request: Vec<u8>,
    at: usize,
    left: u64,
}

impl Requests {
    fn new(request: Vec<u8>, left: u64) -> Self {
        Requests {
            request,
            at: 0,
            left,
        }
    }
}

impl tokio::io::AsyncRead for Requests {
    fn poll_read(
        mut self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        buf: &mut tokio::io::ReadBuf<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        // One request a read, as a client that waits for each answer sends it.
        if self.left > 0 {
            let rest = &self.request[self.at..];
            let n = rest.len().min(buf.remaining());
            buf.put_slice(&rest[..n]);
            self.at += n;
            if self.at == self.request.len() {
                self.at = 0;
                self.left -= 1;
            }
        }
        std::task::Poll::Ready(Ok(()))
    }
}

impl tokio::io::AsyncWrite for Requests {
    fn poll_write(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        buf: &[u8],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::task::Poll::Ready(Ok(black_box(buf).len()))
    }

    fn poll_write_vectored(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
        bufs: &[std::io::IoSlice<'_>],
    ) -> std::task::Poll<std::io::Result<usize>> {
        std::task::Poll::Ready(Ok(black_box(bufs).iter().map(|b| b.len()).sum()))
    }

    fn is_write_vectored(&self) -> bool {
        true
    }

    fn poll_flush(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }

    fn poll_shutdown(
        self: std::pin::Pin<&mut Self>,
        _: &mut std::task::Context<'_>,
    ) -> std::task::Poll<std::io::Result<()>> {
        std::task::Poll::Ready(Ok(()))
    }
}

criterion_group!(benches, per_request);
criterion_main!(benches);
