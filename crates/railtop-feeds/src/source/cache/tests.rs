//! cache.rs's unit tests, kept beside it so the module reads as the code alone.

use super::*;
use crate::source::SourceError;
use std::sync::atomic::{AtomicUsize, Ordering};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_concurrent_requests_for_a_cold_key_fetch_once() {
    let cache = Arc::new(FlightCache::<u32, Bytes>::new(
        "test",
        Duration::from_secs(60),
        Duration::from_secs(1),
        16,
        Budget::new(1 << 20),
    ));
    let fetches = Arc::new(AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..1000 {
        let (cache, fetches) = (cache.clone(), fetches.clone());
        tasks.push(tokio::spawn(async move {
            cache
                .get(7, || async {
                    fetches.fetch_add(1, Ordering::SeqCst);
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    Ok(Bytes::from_static(b"42"))
                })
                .await
        }));
    }
    for t in tasks {
        assert_eq!(&t.await.unwrap().unwrap().value[..], b"42");
    }
    assert_eq!(fetches.load(Ordering::SeqCst), 1);
}

/// A source that counts its calls and answers slowly, so requests pile up while it is cold.
struct CountingSource(AtomicUsize);

impl crate::source::LiveSource for CountingSource {
    fn info(&self) -> SourceInfo {
        SourceInfo {
            name: "counting".into(),
            is_demo: true,
            attribution: String::new(),
            feeds: Vec::new(),
        }
    }
    fn realtime(&self, _: RealtimeQuery) -> crate::source::SourceFuture<'_, RealtimeResponse> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Box::pin(async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            Ok(RealtimeResponse::default())
        })
    }
    fn departures(
        &self,
        q: DeparturesQuery,
    ) -> crate::source::SourceFuture<'_, DeparturesResponse> {
        self.0.fetch_add(1, Ordering::SeqCst);
        Box::pin(std::future::ready(Err(SourceError::NotFound(q.station))))
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_thousand_concurrent_requests_reach_the_source_once() {
    let counting = Arc::new(CountingSource(AtomicUsize::new(0)));
    let cached = Arc::new(CachedSource::new(counting.clone(), CacheConfig::default()));
    let tasks: Vec<_> = (0..1000)
        .map(|_| {
            let cached = cached.clone();
            tokio::spawn(async move { cached.realtime(RealtimeQuery::default()).await })
        })
        .collect();
    for t in tasks {
        assert!(t.await.unwrap().is_ok());
    }
    assert_eq!(counting.0.load(Ordering::SeqCst), 1);
    // Another key is another fetch; an error is shared the same way.
    let q = || DeparturesQuery {
        station: "X".into(),
        limit: 5,
        ..Default::default()
    };
    assert!(cached.departures(q()).await.is_err());
    assert!(cached.departures(q()).await.is_err());
    assert_eq!(counting.0.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn answers_expire_after_their_ttl_and_errors_sooner() {
    let cache = FlightCache::<u32, Bytes>::new(
        "test",
        Duration::from_millis(200),
        Duration::from_millis(20),
        16,
        Budget::new(1 << 20),
    );
    let n = AtomicUsize::new(0);
    let fetch = || async { Ok(Bytes::from(vec![n.fetch_add(1, Ordering::SeqCst) as u8])) };
    assert_eq!(cache.get(1, fetch).await.unwrap().value[0], 0);
    assert_eq!(
        cache.get(1, fetch).await.unwrap().value[0],
        0,
        "fresh: cached"
    );
    tokio::time::sleep(Duration::from_millis(250)).await;
    assert_eq!(
        cache.get(1, fetch).await.unwrap().value[0],
        1,
        "stale: fetched again"
    );

    let fail = || async { Err::<Bytes, _>(SourceError::Upstream("down".into())) };
    assert!(cache.get(2, fail).await.is_err());
    assert!(
        cache.get(2, fetch).await.is_err(),
        "the error is kept briefly"
    );
    tokio::time::sleep(Duration::from_millis(40)).await;
    assert!(cache.get(2, fetch).await.is_ok(), "then retried");
}

#[tokio::test]
async fn a_cancelled_fetch_is_taken_over_by_the_next_caller() {
    let cache = FlightCache::<u32, Bytes>::new(
        "test",
        Duration::from_secs(60),
        Duration::from_secs(1),
        16,
        Budget::new(1 << 20),
    );
    let slow = cache.get(1, || async {
        tokio::time::sleep(Duration::from_secs(3600)).await;
        Ok(Bytes::from_static(b"1"))
    });
    assert!(tokio::time::timeout(Duration::from_millis(20), slow)
        .await
        .is_err());
    let again = cache.get(1, || async { Ok(Bytes::from_static(b"2")) });
    assert_eq!(&again.await.unwrap().value[..], b"2");
}

#[test]
fn keys_and_bytes_are_bounded_and_expired_answers_swept() {
    let cache = FlightCache::<u32, Bytes>::new(
        "test",
        Duration::ZERO,
        Duration::ZERO,
        4,
        Budget::new(1 << 20),
    );
    let rt = tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap();
    for k in 0..100 {
        rt.block_on(cache.get(k, || async { Ok(Bytes::from_static(b"x")) }))
            .unwrap();
    }
    assert!(cache.len() <= 5);

    // Fresh answers of 100 KB each under a 1 MB budget: the oldest go.
    let cache = FlightCache::<u32, Bytes>::new(
        "test",
        Duration::from_secs(60),
        Duration::ZERO,
        1000,
        Budget::new(1 << 20),
    );
    for k in 0..50 {
        rt.block_on(cache.get(k, || async { Ok(Bytes::from(vec![0u8; 100_000])) }))
            .unwrap();
        assert!(cache.bytes() <= (1 << 20) + 100_000, "{}", cache.bytes());
    }
    assert!(cache.len() <= 11, "{}", cache.len());
    let mut held: Vec<u32> = cache.lock().keys().copied().collect();
    held.sort();
    assert_eq!(
        held.first(),
        Some(&(50 - held.len() as u32)),
        "the newest stay"
    );

    // Expired answers are swept and their bytes uncounted.
    let cache = FlightCache::<u32, Bytes>::new(
        "test",
        Duration::from_millis(10),
        Duration::ZERO,
        1000,
        Budget::new(1 << 20),
    );
    for k in 0..5 {
        rt.block_on(cache.get(k, || async { Ok(Bytes::from(vec![0u8; 1000])) }))
            .unwrap();
    }
    assert_eq!(cache.bytes(), 5000);
    std::thread::sleep(Duration::from_millis(20));
    assert_eq!(cache.sweep(), 5000);
    assert_eq!((cache.len(), cache.bytes()), (0, 0));

    // Two caches on one 1 MB budget: the second's flood makes its room from its own answers,
    // and the two together stay within the budget (and one answer).
    let budget = Budget::new(1 << 20);
    let kept = |name| {
        FlightCache::<u32, Bytes>::new(
            name,
            Duration::from_secs(60),
            Duration::ZERO,
            1000,
            budget.clone(),
        )
    };
    let (boards, journeys) = (kept("boards"), kept("journeys"));
    for k in 0..6 {
        rt.block_on(boards.get(k, || async { Ok(Bytes::from(vec![0u8; 100_000])) }))
            .unwrap();
    }
    for k in 0..50 {
        rt.block_on(journeys.get(k, || async { Ok(Bytes::from(vec![0u8; 100_000])) }))
            .unwrap();
        let together = boards.bytes() + journeys.bytes();
        assert!(together <= (1 << 20) + 100_000, "{together}");
        assert_eq!(together, budget.held.load(Ordering::Relaxed));
    }
    assert_eq!(
        boards.len(),
        6,
        "the boards kept: the flood paid for itself"
    );
    assert!(journeys.len() <= 5, "{}", journeys.len());
}

/// A source that records the boards it was asked for and answers 30 rows.
struct Boards(Mutex<Vec<DeparturesQuery>>);

impl crate::source::LiveSource for Boards {
    fn info(&self) -> SourceInfo {
        SourceInfo {
            name: "boards".into(),
            is_demo: true,
            attribution: String::new(),
            feeds: Vec::new(),
        }
    }
    fn realtime(&self, _: RealtimeQuery) -> crate::source::SourceFuture<'_, RealtimeResponse> {
        Box::pin(std::future::ready(Ok(RealtimeResponse::default())))
    }
    fn departures(
        &self,
        q: DeparturesQuery,
    ) -> crate::source::SourceFuture<'_, DeparturesResponse> {
        self.0.lock().unwrap().push(q);
        let mut board = crate::test_support::demo_board("HKI");
        board.departures.truncate(30);
        Box::pin(std::future::ready(Ok(board)))
    }
}

#[tokio::test]
async fn one_board_per_station_however_spelled_and_whatever_the_limit() {
    let boards = Arc::new(Boards(Mutex::new(Vec::new())));
    let cached = CachedSource::new(boards.clone(), CacheConfig::default());
    let mut sizes = Vec::new();
    for (station, limit) in [("HKI", 20), ("hki", 5), (" HKI ", 100), ("Hki", 1)] {
        let q = DeparturesQuery {
            station: station.into(),
            limit,
            ..Default::default()
        };
        let answer = cached.departures(q).await.unwrap();
        sizes.push(answer.value.departures.len());
        assert_eq!(answer.value.station.name, "Helsinki");
    }
    assert_eq!(sizes, [20, 5, 30, 1]);
    let asked = boards.0.lock().unwrap().clone();
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert_eq!(
        (asked[0].station.as_str(), asked[0].limit),
        ("HKI", MAX_LIMIT)
    );
    // The cut answer's JSON has the cut rows.
    let five = cached
        .departures(DeparturesQuery {
            station: "HKI".into(),
            limit: 5,
            ..Default::default()
        })
        .await
        .unwrap();
    let json: serde_json::Value = serde_json::to_value(&five.value).unwrap();
    assert_eq!(json["departures"].as_array().unwrap().len(), 5);
}

#[test]
fn what_a_reader_keeps_is_made_once_and_only_its_type_reads_it() {
    let c = Cached::new(1u8, Duration::from_secs(1));
    let first: *const Vec<u8> = c.kept::<Vec<u8>>().unwrap();
    assert_eq!(first, c.kept::<Vec<u8>>().unwrap() as *const _);
    assert!(
        c.kept::<String>().is_none(),
        "another type is not the kept one"
    );
}
