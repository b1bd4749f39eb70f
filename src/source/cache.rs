//! A TTL cache with single-flight in front of a [`LiveSource`]: while a key is cold, N concurrent
//! requests for it cause exactly one fetch, and all N get its answer. Answers keep their JSON
//! encoding once made, so the server sends a cached answer without encoding it again.

use super::{DeparturesQuery, RealtimeQuery, SharedSource, SourceInfo, SourceResult};
use crate::model::{DeparturesResponse, RealtimeResponse};
use bytes::Bytes;
use serde::Serialize;
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

/// One answer of the source, with the moment it arrived and its JSON made on first use.
#[derive(Debug)]
pub struct Cached<T> {
    pub value: T,
    pub fetched: Instant,
    pub ttl: Duration,
    json: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl<T> Cached<T> {
    pub fn new(value: T, ttl: Duration) -> Self {
        Cached {
            value,
            fetched: Instant::now(),
            ttl,
            json: OnceLock::new(),
            gzip: OnceLock::new(),
        }
    }

    /// Seconds this answer stays fresh, for `Cache-Control: max-age`.
    pub fn remaining_ttl(&self) -> Duration {
        self.ttl.saturating_sub(self.fetched.elapsed())
    }
}

impl<T: Serialize> Cached<T> {
    /// The answer as JSON, encoded once per cached answer.
    pub fn json(&self) -> Bytes {
        self.json
            .get_or_init(|| {
                // Our own records always encode; an error here would be a bug in model.rs.
                Bytes::from(serde_json::to_vec(&self.value).unwrap_or_default())
            })
            .clone()
    }

    /// The JSON gzip-compressed, made once per cached answer: a tenth of the bytes to send.
    pub fn json_gzip(&self) -> Bytes {
        self.gzip
            .get_or_init(|| {
                use std::io::Write;
                let json = self.json();
                let mut gz = flate2::write::GzEncoder::new(
                    Vec::with_capacity(json.len() / 8),
                    flate2::Compression::new(6),
                );
                // Writing into a Vec cannot fail.
                let _ = gz.write_all(&json);
                Bytes::from(gz.finish().unwrap_or_default())
            })
            .clone()
    }
}

type Outcome<V> = (Instant, SourceResult<Arc<Cached<V>>>);

/// A single-flight slot: empty while the fetch runs, then the outcome.
struct Slot<V> {
    cell: OnceCell<Outcome<V>>,
}

/// A map of keys to single-flight slots with a TTL for answers and a shorter one for errors.
pub struct FlightCache<K, V> {
    slots: Mutex<HashMap<K, Arc<Slot<V>>>>,
    ttl: Duration,
    error_ttl: Duration,
    max_keys: usize,
}

impl<K: Eq + Hash + Clone, V> FlightCache<K, V> {
    pub fn new(ttl: Duration, error_ttl: Duration, max_keys: usize) -> Self {
        FlightCache {
            slots: Mutex::new(HashMap::new()),
            ttl,
            error_ttl,
            max_keys,
        }
    }

    /// The cached answer for `key`, or the one `fetch` makes; concurrent callers share one fetch.
    pub async fn get<F, Fut>(&self, key: K, fetch: F) -> SourceResult<Arc<Cached<V>>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = SourceResult<V>>,
    {
        let slot = self.slot(key);
        let ttl = self.ttl;
        let (_, outcome) = slot
            .cell
            .get_or_init(|| async move {
                let outcome = fetch().await.map(|v| Arc::new(Cached::new(v, ttl)));
                (Instant::now(), outcome)
            })
            .await;
        outcome.clone()
    }

    /// The live slot for `key`: the in-flight or fresh one, else a new empty one.
    fn slot(&self, key: K) -> Arc<Slot<V>> {
        let mut slots = self.slots.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(slot) = slots.get(&key) {
            if self.is_live(slot) {
                return slot.clone();
            }
        }
        if slots.len() >= self.max_keys {
            slots.retain(|_, s| self.is_live(s));
        }
        let slot = Arc::new(Slot {
            cell: OnceCell::new(),
        });
        slots.insert(key, slot.clone());
        slot
    }

    fn is_live(&self, slot: &Slot<V>) -> bool {
        match slot.cell.get() {
            None => true, // a fetch is under way: join it
            Some((done, Ok(_))) => done.elapsed() < self.ttl,
            Some((done, Err(_))) => done.elapsed() < self.error_ttl,
        }
    }
}

/// How long answers are kept.
#[derive(Debug, Clone, Copy)]
pub struct CacheConfig {
    pub realtime_ttl: Duration,
    pub departures_ttl: Duration,
    /// Errors are kept briefly too, so a failing source is not hammered by every request.
    pub error_ttl: Duration,
}

impl Default for CacheConfig {
    fn default() -> Self {
        CacheConfig {
            realtime_ttl: Duration::from_secs(10),
            departures_ttl: Duration::from_secs(20),
            error_ttl: Duration::from_secs(3),
        }
    }
}

/// A [`LiveSource`] behind a cache: what the server, the dashboard and the commands all use.
pub struct CachedSource {
    inner: SharedSource,
    realtime: FlightCache<RealtimeQuery, RealtimeResponse>,
    departures: FlightCache<DeparturesQuery, DeparturesResponse>,
}

/// Enough keys for every country × stop and a few thousand boards; past it, stale keys go.
const MAX_KEYS: usize = 4096;

impl CachedSource {
    pub fn new(inner: SharedSource, config: CacheConfig) -> Self {
        CachedSource {
            inner,
            realtime: FlightCache::new(config.realtime_ttl, config.error_ttl, MAX_KEYS),
            departures: FlightCache::new(config.departures_ttl, config.error_ttl, MAX_KEYS),
        }
    }

    pub fn info(&self) -> SourceInfo {
        self.inner.info()
    }

    pub fn not_live(&self) -> Vec<(&'static str, String)> {
        self.inner.not_live()
    }

    pub fn regions(&self) -> Vec<String> {
        self.inner.regions()
    }

    pub async fn realtime(
        &self,
        query: RealtimeQuery,
    ) -> SourceResult<Arc<Cached<RealtimeResponse>>> {
        let inner = &self.inner;
        self.realtime
            .get(query.clone(), || inner.realtime(query))
            .await
    }

    pub async fn departures(
        &self,
        query: DeparturesQuery,
    ) -> SourceResult<Arc<Cached<DeparturesResponse>>> {
        let inner = &self.inner;
        self.departures
            .get(query.clone(), || inner.departures(query))
            .await
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceError;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_thousand_concurrent_requests_for_a_cold_key_fetch_once() {
        let cache = Arc::new(FlightCache::<u32, u32>::new(
            Duration::from_secs(60),
            Duration::from_secs(1),
            16,
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
                        Ok(42)
                    })
                    .await
            }));
        }
        for t in tasks {
            assert_eq!(t.await.unwrap().unwrap().value, 42);
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
        };
        assert!(cached.departures(q()).await.is_err());
        assert!(cached.departures(q()).await.is_err());
        assert_eq!(counting.0.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn answers_expire_after_their_ttl_and_errors_sooner() {
        let cache =
            FlightCache::<u32, u32>::new(Duration::from_millis(200), Duration::from_millis(20), 16);
        let n = AtomicUsize::new(0);
        let fetch = || async { Ok(n.fetch_add(1, Ordering::SeqCst) as u32) };
        assert_eq!(cache.get(1, fetch).await.unwrap().value, 0);
        assert_eq!(cache.get(1, fetch).await.unwrap().value, 0, "fresh: cached");
        tokio::time::sleep(Duration::from_millis(250)).await;
        assert_eq!(
            cache.get(1, fetch).await.unwrap().value,
            1,
            "stale: fetched again"
        );

        let fail = || async { Err::<u32, _>(SourceError::Upstream("down".into())) };
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
        let cache =
            FlightCache::<u32, u32>::new(Duration::from_secs(60), Duration::from_secs(1), 16);
        let slow = cache.get(1, || async {
            tokio::time::sleep(Duration::from_secs(3600)).await;
            Ok(1)
        });
        assert!(tokio::time::timeout(Duration::from_millis(20), slow)
            .await
            .is_err());
        assert_eq!(cache.get(1, || async { Ok(2) }).await.unwrap().value, 2);
    }

    #[test]
    fn json_is_encoded_once() {
        let c = Cached::new(vec![1, 2, 3], Duration::from_secs(1));
        let a = c.json();
        let b = c.json();
        assert_eq!(&a[..], b"[1,2,3]");
        assert_eq!(a.as_ptr(), b.as_ptr());
        let gz = c.json_gzip();
        assert_eq!(gz.as_ptr(), c.json_gzip().as_ptr());
        let mut plain = Vec::new();
        std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut plain).unwrap();
        assert_eq!(plain, b"[1,2,3]");
    }

    #[test]
    fn keys_are_bounded() {
        let cache = FlightCache::<u32, u32>::new(Duration::ZERO, Duration::ZERO, 4);
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        for k in 0..100 {
            rt.block_on(cache.get(k, || async { Ok(k) })).unwrap();
        }
        assert!(cache.slots.lock().unwrap().len() <= 5);
    }
}
