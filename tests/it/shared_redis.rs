//! Several `serve` instances on one real `redis-server` (`--redis`): a cold feed answer is
//! fetched once for all of them, a client's 60 a minute are counted once for all of them, and
//! Redis killed mid-run costs no client a request: each instance works alone, says so, and
//! shares again once Redis is back.
//!
//! The feed tests run two whole servers in this process (router, cache, Finland's feed, each
//! its own link to Redis) against a counting loopback Digitraffic; the rate-limit test runs two
//! `railtop serve` processes, one given `--redis`, the other `[server] redis` in its file.

use crate::support::redis_server::RedisServer;
use crate::support::{fixture, serve_json, start_with, TestServer};
use axum::http::{StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use railtop_core::clock::Clock;
use railtop_core::config::FeedSettings;
use railtop_feeds::redis_store::RedisStore;
use railtop_feeds::upstream::http::Wire;
use railtop_feeds::upstream::{registry, Aggregator};
use railtop_server::ServerConfig;
use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How long a flight's waiters wait (a feed's own deadline, as railtop's feeds give it).
const WAIT: Duration = Duration::from_secs(15);

/// The instant Finland's fixtures were recorded at.
const FI_NOW: &str = "2026-11-24T21:50:00Z";

/// Requests the loopback Digitraffic received, by path.
type Asked = Arc<Mutex<HashMap<String, usize>>>;

/// A Digitraffic on loopback that answers from Finland's fixtures after `delay` (so requests
/// pile up while a key is cold) and counts every request by path.
async fn counting_digitraffic(delay: Duration) -> (String, Asked) {
    let asked: Asked = Arc::default();
    let seen = asked.clone();
    let router = Router::new().fallback(move |uri: Uri| {
        let seen = seen.clone();
        async move {
            let path = uri.path().to_string();
            *seen.lock().unwrap().entry(path.clone()).or_default() += 1;
            tokio::time::sleep(delay).await;
            let file = match path.as_str() {
                "/api/v1/live-trains" => "live-trains.json",
                "/api/v1/train-locations/latest/" => "train-locations.json",
                "/api/v1/metadata/stations" => "metadata-stations.json",
                p if p.starts_with("/api/v1/live-trains/station/") => {
                    "live-trains-station-HKI.json"
                }
                _ => return (StatusCode::NOT_FOUND, Vec::new()).into_response(),
            };
            fixture(&format!("finland/{file}")).into_response()
        }
    });
    let addr = crate::support::start_router(router).await;
    (format!("http://{addr}"), asked)
}

/// One whole `serve` instance sharing through the Redis at `redis`: its own link, feed, cache,
/// limiter and listener.
async fn instance(digitraffic: &str, redis: &str, rate_limit: Option<u32>) -> TestServer {
    let store = RedisStore::new(redis).unwrap();
    let wire = Wire {
        client: railtop_feeds::upstream::http::client().unwrap(),
        shared: Some(store.clone()),
        schedules: Default::default(),
    };
    let finland = registry::row("finland")
        .unwrap()
        .open(wire, &FeedSettings::at(digitraffic))
        .unwrap();
    let source = Aggregator::with_feeds(vec![finland], Clock::parse(FI_NOW).unwrap());
    let mut config = ServerConfig {
        rate_limit: rate_limit.and_then(NonZeroU32::new),
        shared: Some(store),
        ..Default::default()
    };
    config.connections.per_ip = 1024;
    start_with(Arc::new(source), config).await
}

/// `n` GETs of `path`, `at_once` at a time, spread evenly over `servers`: their statuses.
async fn spread(servers: &[String], path: &str, n: usize, at_once: usize) -> Vec<u16> {
    let client = reqwest::Client::new();
    let next = Arc::new(AtomicUsize::new(0));
    let workers: Vec<_> = (0..at_once)
        .map(|_| {
            let (client, next, servers) = (client.clone(), next.clone(), servers.to_vec());
            let path = path.to_string();
            tokio::spawn(async move {
                let mut statuses = Vec::new();
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= n {
                        break statuses;
                    }
                    let url = format!("{}{path}", servers[i % servers.len()]);
                    let status = match client.get(&url).send().await {
                        Ok(r) => r.status().as_u16(),
                        Err(_) => 0,
                    };
                    statuses.push(status);
                }
            })
        })
        .collect();
    let mut all = Vec::new();
    for w in workers {
        all.extend(w.await.unwrap());
    }
    all
}

async fn healthz(server: &str) -> serde_json::Value {
    let r = reqwest::get(format!("{server}/healthz")).await.unwrap();
    assert_eq!(
        r.status(),
        200,
        "Redis down never makes an instance unhealthy"
    );
    serde_json::from_str(&r.text().await.unwrap()).unwrap()
}

fn asked(asked: &Asked, path: &str) -> usize {
    asked.lock().unwrap().get(path).copied().unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_cold_requests_over_two_instances_reach_the_upstream_once() {
    let redis = RedisServer::start();
    let (digitraffic, counts) = counting_digitraffic(Duration::from_millis(400)).await;
    let a = instance(&digitraffic, &redis.url(), None).await;
    let b = instance(&digitraffic, &redis.url(), None).await;
    let servers = [a.url(), b.url()];
    // 250 at a time: the first 250 all arrive while the answer is cold (the upstream takes
    // 400 ms), half on each instance; the other 750 follow as answers are made.
    let statuses = spread(&servers, "/api/live/realtime?source=finland", 1000, 250).await;
    assert_eq!(statuses.len(), 1000);
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    let counts_now = counts.lock().unwrap().clone();
    assert_eq!(asked(&counts, "/api/v1/live-trains"), 1, "{counts_now:?}");
    assert_eq!(
        asked(&counts, "/api/v1/train-locations/latest/"),
        1,
        "{counts_now:?}"
    );
    // Both instances answered from the one fetch: each says Redis is up.
    for s in &servers {
        let h = healthz(s).await;
        assert_eq!(h["redis"]["up"], true, "{h}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn redis_killed_mid_run_costs_no_request_and_sharing_resumes_after_a_restart() {
    let redis = Arc::new(Mutex::new(RedisServer::start()));
    let url = redis.lock().unwrap().url();
    let (digitraffic, counts) = counting_digitraffic(Duration::from_millis(20)).await;
    // A limit that is never reached, so every request goes through the shared limiter.
    let a = instance(&digitraffic, &url, Some(1_000_000)).await;
    let b = instance(&digitraffic, &url, Some(1_000_000)).await;
    let servers = [a.url(), b.url()];

    // 600 requests, 20 at a time, realtime and boards in turn; after the first 200, Redis is
    // killed (SIGKILL) while the rest are under way.
    let paths = [
        "/api/live/realtime?source=finland",
        "/api/live/departures?station=HKI&limit=5",
    ];
    let mut statuses = Vec::new();
    for path in paths {
        statuses.extend(spread(&servers, path, 100, 20).await);
    }
    let rest = {
        let servers = servers.clone();
        tokio::spawn(async move {
            let mut statuses = Vec::new();
            for round in 0..4 {
                statuses.extend(spread(&servers, paths[round % 2], 100, 20).await);
            }
            statuses
        })
    };
    tokio::time::sleep(Duration::from_millis(30)).await;
    redis.lock().unwrap().kill();
    statuses.extend(rest.await.unwrap());
    assert_eq!(statuses.len(), 600);
    let failed: Vec<_> = statuses.iter().filter(|s| **s != 200).collect();
    assert!(
        failed.is_empty(),
        "requests failed with Redis gone: {failed:?}"
    );
    // Every request after the kill went through the limiter: both instances saw Redis go.
    let _ = spread(&servers, "/api/live/realtime?source=finland", 4, 2).await;
    for s in &servers {
        let h = healthz(s).await;
        assert_eq!(h["redis"]["up"], false, "{h}");
        assert!(h["redis"]["error"].is_string(), "{h}");
    }
    let metrics = reqwest::get(format!("{}/metrics", a.url()))
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    // (`railtop_redis_up` is one gauge per process, and other tests here share this one.)
    assert!(
        metrics.contains("railtop_redis_fallbacks_total{what=\"limit\"}"),
        "{metrics}"
    );

    // Back on the same port, empty: within a few retries both instances use it again.
    redis.lock().unwrap().restart();
    let deadline = Instant::now() + Duration::from_secs(15);
    loop {
        let _ = spread(&servers, "/api/live/realtime?source=finland", 2, 2).await;
        let mut up = true;
        for s in &servers {
            up &= healthz(s).await["redis"]["up"] == true;
        }
        if up {
            break;
        }
        assert!(Instant::now() < deadline, "Redis back, yet not used again");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // Shared again: a board no instance has fetched is fetched once for both.
    let board = "/api/v1/live-trains/station/PSL";
    assert_eq!(asked(&counts, board), 0);
    let statuses = spread(&servers, "/api/live/departures?station=PSL", 200, 50).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    assert_eq!(asked(&counts, board), 1, "{:?}", counts.lock().unwrap());
}

/// Two `railtop serve` processes on one Redis, one told by `--redis`, the other by `[server]
/// redis` in its configuration file: 60 requests from one IP at once over both are allowed with
/// every `RateLimit-Remaining` from 59 to 0 given exactly once; the 61st is refused on either.
#[test]
fn sixty_one_requests_over_two_processes_the_61st_is_refused_on_either() {
    let redis = RedisServer::start();
    let (mut first, first_log, a) = serve_json(&[
        "serve",
        "--source",
        "demo",
        "--listen",
        "127.0.0.1:0",
        "--redis",
        &redis.url(),
    ]);
    let config = std::env::temp_dir().join(format!("railtop-redis-{}.toml", std::process::id()));
    std::fs::write(&config, format!("[server]\nredis = \"{}\"\n", redis.url())).unwrap();
    let (mut second, second_log, b) = serve_json(&[
        "--config",
        config.to_str().unwrap(),
        "serve",
        "--source",
        "demo",
        "--listen",
        "127.0.0.1:0",
    ]);
    let servers = [format!("http://{a}"), format!("http://{b}")];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let answers: Vec<(u16, Option<u32>)> = runtime.block_on(async {
        let client = reqwest::Client::new();
        let one = |i: usize| {
            let url = format!("{}/api/live/departures?station=HKI&limit=1", servers[i % 2]);
            let client = client.clone();
            async move {
                let r = client.get(url).send().await.unwrap();
                let remaining = r
                    .headers()
                    .get("ratelimit-remaining")
                    .and_then(|v| v.to_str().ok()?.parse().ok());
                (r.status().as_u16(), remaining)
            }
        };
        let mut answers = futures_util::future::join_all((0..60).map(one)).await;
        answers.push(one(60).await);
        answers.push(one(61).await);
        answers
    });
    let metrics = runtime.block_on(async {
        let r = reqwest::get(format!("{}/metrics", servers[1]))
            .await
            .unwrap();
        r.text().await.unwrap()
    });
    assert!(metrics.contains("railtop_redis_up 1"), "{metrics}");
    let (passed, said) = crate::operators::promtool(&metrics);
    assert!(passed, "promtool: {said}");
    let _ = (first.kill(), second.kill(), first.wait(), second.wait());
    drop((first_log, second_log));
    let _ = std::fs::remove_file(&config);
    let mut remaining: Vec<u32> = answers[..60]
        .iter()
        .map(|(status, left)| {
            assert_eq!(*status, 200, "{answers:?}");
            left.expect("RateLimit-Remaining on every answer")
        })
        .collect();
    remaining.sort_unstable();
    assert_eq!(
        remaining,
        (0..60).collect::<Vec<u32>>(),
        "one bucket for both"
    );
    assert_eq!(
        answers[60],
        (429, Some(0)),
        "the 61st, on the first instance"
    );
    assert_eq!(answers[61], (429, Some(0)), "and on the second");
}

/// A request dropped while its instance fetches a cold key for all (its client went away)
/// releases the claim at once: another instance fetches it now, not when the claim expires.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fetch_dropped_halfway_releases_its_claim() {
    use railtop_feeds::redis_store::{Flight, Shared};
    let redis = RedisServer::start();
    let (a, b) = (
        RedisStore::new(&redis.url()).unwrap(),
        RedisStore::new(&redis.url()).unwrap(),
    );
    assert!(a.ping().await && b.ping().await);
    let forever = a.flight("dropped", WAIT, async {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        ((), None)
    });
    assert!(tokio::time::timeout(Duration::from_millis(100), forever)
        .await
        .is_err());
    let started = Instant::now();
    let payload = || Shared::Payload(bytes::Bytes::from_static(b"42"));
    let got = b
        .flight("dropped", WAIT, async {
            ("fetched by b", Some((payload(), Duration::from_secs(10))))
        })
        .await;
    assert!(matches!(got, Flight::Fetched("fetched by b")), "{got:?}");
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "waited {:?} for a dead claim",
        started.elapsed()
    );
    // And what b fetched, a now finds.
    let found = a
        .flight("dropped", WAIT, async { ("not asked", None) })
        .await;
    match found {
        Flight::Found(shared, left) => {
            assert_eq!(shared, payload());
            assert!(left <= Duration::from_secs(10) && left > Duration::from_secs(5));
        }
        other => panic!("{other:?}"),
    }
}

/// A Redis that accepts connections and never answers (a stalled host, a full network buffer):
/// each call gives up at its deadline, the instance works alone at once, and no request waits
/// for more than one deadline.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_redis_that_never_answers_costs_one_deadline_then_nothing() {
    let hole = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("redis://{}", hole.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((socket, _)) = hole.accept().await {
            held.push(socket); // kept open, never read, never answered
        }
    });
    let (digitraffic, counts) = counting_digitraffic(Duration::from_millis(5)).await;
    let server = instance(&digitraffic, &url, Some(1_000_000)).await;
    let client = reqwest::Client::new();
    let mut slowest = Duration::ZERO;
    for _ in 0..50 {
        let started = Instant::now();
        let r = client
            .get(format!("{}/api/live/realtime?source=finland", server.url()))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        slowest = slowest.max(started.elapsed());
    }
    // One connection attempt's deadline (200 ms) at most, plus the request itself.
    assert!(slowest < Duration::from_millis(900), "slowest {slowest:?}");
    assert_eq!(
        asked(&counts, "/api/v1/live-trains"),
        1,
        "the own cache still works"
    );
    let h = healthz(&server.url()).await;
    assert_eq!(h["redis"]["up"], false, "{h}");
    assert!(
        h["redis"]["error"]
            .as_str()
            .unwrap_or_default()
            .contains("within"),
        "{h}"
    );
}

/// The claim between instances has no window: for each of 40 cold keys, 60 flights split over
/// two instances (the fetch instant, so a first fetch can finish between another instance's
/// look and its claim) reach the upstream exactly once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_cold_requests_over_two_instances_fetch_once_for_every_key() {
    use railtop_feeds::redis_store::Shared;
    let redis = RedisServer::start();
    let (a, b) = (
        RedisStore::new(&redis.url()).unwrap(),
        RedisStore::new(&redis.url()).unwrap(),
    );
    assert!(a.ping().await && b.ping().await);
    let mut twice = Vec::new();
    for key in 0..40 {
        let fetches = Arc::new(AtomicUsize::new(0));
        let mut flights = tokio::task::JoinSet::new();
        for i in 0..60 {
            let store = if i % 2 == 0 { a.clone() } else { b.clone() };
            let fetches = fetches.clone();
            flights.spawn(async move {
                store
                    .flight(&format!("race-{key}"), WAIT, async move {
                        fetches.fetch_add(1, Ordering::SeqCst);
                        let shared = Shared::Payload(bytes::Bytes::from_static(b"1"));
                        ((), Some((shared, Duration::from_secs(30))))
                    })
                    .await;
            });
        }
        while flights.join_next().await.is_some() {}
        let n = fetches.load(Ordering::SeqCst);
        if n != 1 {
            twice.push((key, n));
        }
    }
    assert!(twice.is_empty(), "keys fetched more than once: {twice:?}");
}

/// A remote API server as the source (#55 item 11): 60 cold requests split over two `serve`
/// instances on one Redis reach the remote server once, though it takes 1.5 s to answer; the
/// instance that waits does so for as long as the request may take, not less.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sixty_cold_requests_to_a_remote_source_over_two_instances_reach_it_once() {
    use railtop_core::model::{RealtimeResponse, Train};
    use railtop_feeds::source::remote::{RemoteConfig, RemoteSource};
    let redis = RedisServer::start();
    let asked = Arc::new(AtomicUsize::new(0));
    let counter = asked.clone();
    let paths: Asked = Arc::default();
    let seen = paths.clone();
    let remote = Router::new().fallback(move |uri: Uri| {
        let counter = counter.clone();
        let seen = seen.clone();
        async move {
            counter.fetch_add(1, Ordering::SeqCst);
            *seen.lock().unwrap().entry(uri.to_string()).or_default() += 1;
            tokio::time::sleep(Duration::from_millis(1500)).await;
            let train = Train {
                id: "1".into(),
                train_code: "IC 1".into(),
                country: Some("finland".into()),
                ..Train::default()
            };
            let answer = RealtimeResponse::new(vec![train], vec!["finland".into()], FI_NOW.into());
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                serde_json::to_string(&answer).unwrap(),
            )
                .into_response()
        }
    });
    let remote = format!("http://{}", crate::support::start_router(remote).await);
    let instance = || async {
        let store = RedisStore::new(&redis.url()).unwrap();
        assert!(store.ping().await, "connected before the first request");
        let config = RemoteConfig {
            clock: Clock::parse(FI_NOW).unwrap(),
            ..RemoteConfig::default()
        };
        let source = RemoteSource::new(&remote, config)
            .unwrap()
            .shared_through(Some(store.clone()));
        let mut config = ServerConfig {
            shared: Some(store),
            ..Default::default()
        };
        config.connections.per_ip = 1024;
        start_with(Arc::new(source), config).await
    };
    let (a, b) = (instance().await, instance().await);
    let statuses = spread(&[a.url(), b.url()], "/api/live/realtime", 60, 60).await;
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
    assert_eq!(
        asked.load(Ordering::SeqCst),
        1,
        "the remote server was asked once: {:?}",
        paths.lock().unwrap()
    );
}
