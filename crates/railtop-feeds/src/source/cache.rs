//! A TTL cache with single-flight in front of a [`LiveSource`]: while a key is cold, N concurrent
//! requests for it cause exactly one fetch, and all N get its answer. Each answer has a place for
//! what its reader makes of it once (the server keeps its wire encodings there, so it sends a
//! cached answer without encoding it again); what that is belongs to the reader.
//!
//! Bounded for a public server: keys are normalised (one board per station however it is
//! spelled — case, padding — and `limit` is applied to the one cached board, not part of the
//! key), and a source's caches together hold at most [`CacheConfig::max_bytes`] of answers
//! (one [`Budget`]), each weighed as its value, its JSON and the encodings made from it. Past it,
//! expired answers go first, then the oldest. [`CachedSource::sweep`] drops
//! expired answers and gives the memory back to the system.

use super::{
    DeparturesQuery, RealtimeQuery, SharedSource, SourceError, SourceInfo, SourceResult, MAX_LIMIT,
};
use bytes::Bytes;
use railtop_core::model::{DeparturesResponse, JourneyResponse, RealtimeResponse};
use serde::Serialize;
use std::collections::HashMap;
use std::future::Future;
use std::hash::Hash;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

/// How long a realtime answer made while a timetable was being read is kept: not at all (the
/// feed's own payload is still cached below; only the naming is done again).
const UNNAMED_LIFE: Duration = Duration::ZERO;

/// One answer of the source, with the moment it arrived, and a place for what its reader makes
/// of it once and keeps as long as the answer lives (the server's wire encodings: JSON, gzip,
/// GTFS-Realtime, entity tags), of the reader's own type: the cache holds it without knowing it.
#[derive(Debug)]
pub struct Cached<T> {
    pub value: T,
    pub fetched: Instant,
    pub ttl: Duration,
    kept: OnceLock<Box<dyn Kept>>,
}

/// What a reader keeps with an answer (see [`Cached::kept`]).
trait Kept: std::any::Any + Send + Sync {
    fn as_any(&self) -> &dyn std::any::Any;
}

impl<K: std::any::Any + Send + Sync> Kept for K {
    fn as_any(&self) -> &dyn std::any::Any {
        self
    }
}

impl std::fmt::Debug for dyn Kept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("kept")
    }
}

impl<T> Cached<T> {
    pub fn new(value: T, ttl: Duration) -> Self {
        Cached {
            value,
            fetched: Instant::now(),
            ttl,
            kept: OnceLock::new(),
        }
    }

    /// What the reader keeps with this answer, made empty (`K::default()`) on first use and the
    /// same for every later one. One reader type an answer: `None` when another type was put
    /// first (a caller's bug; it then makes what it needs each time, never panics).
    pub fn kept<K: std::any::Any + Send + Sync + Default>(&self) -> Option<&K> {
        // Through the box: `Box<dyn Kept>` is itself `Any`, and would be what is downcast.
        let kept: &dyn Kept = &**self.kept.get_or_init(|| Box::new(K::default()));
        kept.as_any().downcast_ref()
    }

    /// Seconds this answer stays fresh, for `Cache-Control: max-age`.
    pub fn remaining_ttl(&self) -> Duration {
        self.ttl.saturating_sub(self.fetched.elapsed())
    }
}

type Outcome<V> = (Instant, SourceResult<Arc<Cached<V>>>);

/// A single-flight slot: empty while the fetch runs, then the outcome and what it weighs.
struct Slot<V> {
    cell: OnceCell<Outcome<V>>,
    bytes: AtomicUsize,
}

/// What an error outcome is counted as (its message and the slot).
const ERROR_BYTES: usize = 256;

/// A map of keys to single-flight slots with a TTL for answers and a shorter one for errors,
/// bounded in keys and in bytes.
pub(crate) struct FlightCache<K, V> {
    /// What it holds, for the metrics (`realtime`, `departures`, `journey`, `feed`).
    kind: &'static str,
    slots: Mutex<HashMap<K, Arc<Slot<V>>>>,
    ttl: Duration,
    error_ttl: Duration,
    max_keys: usize,
    /// What this cache holds (for the metrics), also counted in `budget`.
    bytes: AtomicUsize,
    /// The bytes this cache may hold, shared with its source's other caches.
    budget: Arc<Budget>,
}

/// One byte budget shared by several caches: a flood of one kind of question (boards at every
/// limit) cannot add its own full cache on top of every other kind's.
#[derive(Debug)]
pub(crate) struct Budget {
    held: AtomicUsize,
    max: usize,
}

impl Budget {
    pub(crate) fn new(max: usize) -> Arc<Budget> {
        Arc::new(Budget {
            held: AtomicUsize::new(0),
            max,
        })
    }

    fn over(&self) -> bool {
        self.held.load(Ordering::Relaxed) > self.max
    }
}

/// What a cached answer costs in memory, roughly.
pub(crate) trait Weigh: Sized {
    fn weigh(cached: &Cached<Self>) -> usize;
}

/// A feed's raw payload: its bytes.
impl Weigh for Bytes {
    fn weigh(cached: &Cached<Self>) -> usize {
        cached.value.len()
    }
}

/// An API answer, by the length of its JSON (counted, not kept: the server makes and keeps its
/// own encodings with the answer): the JSON, the value in memory (about as big again: its
/// strings and their allocations), and half as much again for what the server makes from it
/// (the JSON itself, its gzip, about a tenth; the GTFS-Realtime encodings and their gzip, under
/// half; the entity tags).
macro_rules! weighed_by_json {
    ($($t:ty),*) => {$(
        impl Weigh for $t {
            fn weigh(cached: &Cached<Self>) -> usize {
                let json = json_len(&cached.value);
                json.saturating_mul(2).saturating_add(json / 2)
            }
        }
    )*};
}

/// How long `value`'s JSON is, counted as it is written: no bytes kept.
fn json_len(value: &impl Serialize) -> usize {
    struct Count(usize);
    impl std::io::Write for Count {
        fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
            self.0 = self.0.saturating_add(bytes.len());
            Ok(bytes.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut count = Count(0);
    // Our own records always encode; an error would be a bug in the model, weighed as written.
    let _ = serde_json::to_writer(&mut count, value);
    count.0
}
weighed_by_json!(RealtimeResponse, DeparturesResponse, JourneyResponse);

impl<K: Eq + Hash + Clone, V: Weigh> FlightCache<K, V> {
    pub fn new(
        kind: &'static str,
        ttl: Duration,
        error_ttl: Duration,
        max_keys: usize,
        budget: Arc<Budget>,
    ) -> Self {
        FlightCache {
            kind,
            slots: Mutex::new(HashMap::new()),
            ttl,
            error_ttl,
            max_keys,
            bytes: AtomicUsize::new(0),
            budget,
        }
    }

    /// The cached answer for `key`, or the one `fetch` makes; concurrent callers share one fetch.
    pub async fn get<F, Fut>(&self, key: K, fetch: F) -> SourceResult<Arc<Cached<V>>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = SourceResult<V>>,
    {
        let ttl = self.ttl;
        self.get_timed(key, || async move { fetch().await.map(|v| (v, ttl)) })
            .await
    }

    /// As [`get`](Self::get), for a `fetch` that says how long its answer lives (at most the
    /// cache's TTL): an answer another instance fetched earlier has less life left.
    pub(crate) async fn get_timed<F, Fut>(&self, key: K, fetch: F) -> SourceResult<Arc<Cached<V>>>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = SourceResult<(V, Duration)>>,
    {
        let slot = self.slot(key);
        let ttl = self.ttl;
        let fetched_here = std::sync::atomic::AtomicBool::new(false);
        let (_, outcome) = slot
            .cell
            .get_or_init(|| async {
                fetched_here.store(true, Ordering::Relaxed);
                // A panic while the answer is made (a bug) is this answer's failure, not the
                // caller's end: the server still answers, the screens still run.
                let fetched = railtop_core::panics::caught("an answer", fetch())
                    .await
                    .unwrap_or_else(|c| {
                        Err(SourceError::Upstream(format!(
                            "railtop failed while making this answer (a bug, logged): {}",
                            c.message
                        )))
                    });
                let outcome = fetched.map(|(v, life)| Arc::new(Cached::new(v, life.min(ttl))));
                let weight = match &outcome {
                    Ok(answer) => V::weigh(answer),
                    Err(_) => ERROR_BYTES,
                };
                slot.bytes.store(weight, Ordering::Relaxed);
                self.bytes.fetch_add(weight, Ordering::Relaxed);
                self.budget.held.fetch_add(weight, Ordering::Relaxed);
                (Instant::now(), outcome)
            })
            .await;
        railtop_core::metrics::cache(self.kind, !fetched_here.load(Ordering::Relaxed));
        outcome.clone()
    }

    /// Bytes of answers held now.
    pub fn bytes(&self) -> usize {
        self.bytes.load(Ordering::Relaxed)
    }

    /// Answers held now (fresh or not yet swept).
    pub fn len(&self) -> usize {
        self.lock().len()
    }

    /// Drops every expired answer; the bytes freed.
    pub fn sweep(&self) -> usize {
        let mut slots = self.lock();
        let before = self.bytes();
        self.retain(&mut slots, |cache, slot| cache.is_live(slot));
        before.saturating_sub(self.bytes())
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<K, Arc<Slot<V>>>> {
        self.slots.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Keeps the slots `keep` says, uncounting the others' bytes.
    fn retain(&self, slots: &mut HashMap<K, Arc<Slot<V>>>, keep: impl Fn(&Self, &Slot<V>) -> bool) {
        slots.retain(|_, slot| {
            let kept = keep(self, slot);
            if !kept {
                self.uncount(slot);
            }
            kept
        });
    }

    /// The live slot for `key`: the in-flight or fresh one, else a new empty one (making room
    /// for it first when the cache is full).
    fn slot(&self, key: K) -> Arc<Slot<V>> {
        let mut slots = self.lock();
        if let Some(slot) = slots.get(&key) {
            if self.is_live(slot) {
                return slot.clone();
            }
        }
        if slots.len() >= self.max_keys || self.budget.over() {
            self.retain(&mut slots, |cache, slot| cache.is_live(slot));
        }
        // Still over: this cache's oldest finished answers go until the budget holds (or it has
        // none left: the others' fill it, and their own next answers make their room).
        while self.budget.over() || slots.len() >= self.max_keys {
            let oldest = slots
                .iter()
                .filter_map(|(k, slot)| slot.cell.get().map(|(done, _)| (*done, k.clone())))
                .min_by_key(|(done, _)| *done);
            let Some((_, k)) = oldest else { break };
            if let Some(slot) = slots.remove(&k) {
                self.uncount(&slot);
            }
        }
        let slot = Arc::new(Slot {
            cell: OnceCell::new(),
            bytes: AtomicUsize::new(0),
        });
        if let Some(old) = slots.insert(key, slot.clone()) {
            self.uncount(&old);
        }
        slot
    }

    /// The fresh answer for `key` if the cache holds one, without fetching or waiting.
    pub fn peek(&self, key: &K) -> Option<Arc<Cached<V>>> {
        let slots = self.lock();
        let slot = slots.get(key)?;
        match slot.cell.get() {
            Some((done, Ok(answer))) if done.elapsed() < answer.ttl => Some(answer.clone()),
            _ => None,
        }
    }

    /// Every fresh answer the cache holds, without fetching or waiting.
    pub fn fresh(&self) -> Vec<Arc<Cached<V>>> {
        let slots = self.lock();
        slots
            .values()
            .filter_map(|slot| match slot.cell.get() {
                Some((done, Ok(answer))) if done.elapsed() < answer.ttl => Some(answer.clone()),
                _ => None,
            })
            .collect()
    }

    /// Takes a slot leaving the cache off the count.
    fn uncount(&self, slot: &Slot<V>) {
        let weight = slot.bytes.swap(0, Ordering::Relaxed);
        self.bytes.fetch_sub(weight, Ordering::Relaxed);
        self.budget.held.fetch_sub(weight, Ordering::Relaxed);
    }

    fn is_live(&self, slot: &Slot<V>) -> bool {
        match slot.cell.get() {
            None => true, // a fetch is under way: join it
            Some((done, Ok(answer))) => done.elapsed() < answer.ttl,
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
    /// Answers held at most, in bytes as [`Weigh`] counts them, by every cache of the source
    /// together (realtime, boards, cut boards, journeys).
    pub max_bytes: usize,
}

impl Default for CacheConfig {
    fn default() -> Self {
        CacheConfig {
            realtime_ttl: Duration::from_secs(10),
            departures_ttl: Duration::from_secs(20),
            error_ttl: Duration::from_secs(3),
            max_bytes: DEFAULT_MAX_BYTES,
        }
    }
}

/// The default byte budget of a source's answers: every country's realtime answer of the full
/// demo network is about 9 MB of JSON (22 MB weighed), a board of 100 departures about 40 KB.
pub(crate) const DEFAULT_MAX_BYTES: usize = 64 * 1024 * 1024;

/// A [`LiveSource`] behind a cache: what the server, the dashboard and the commands all use.
pub struct CachedSource {
    inner: SharedSource,
    /// The source's regions, asked once (a source's feeds are fixed when it opens): every
    /// request checks its `source=` against them.
    regions: Vec<String>,
    realtime: FlightCache<RealtimeQuery, RealtimeResponse>,
    /// Boards by kind and station.
    departures: FlightCache<(railtop_core::model::Kind, String), DeparturesResponse>,
    /// Boards cut to a smaller limit, by kind, station and limit: each with its JSON and gzip
    /// made once, living as long as the board it was cut from (made per request, a cut board
    /// cost 77 µs where a cached one costs 2.5).
    cuts: FlightCache<(railtop_core::model::Kind, String, usize), DeparturesResponse>,
    /// Journeys by train id, kept as long as boards.
    journeys: FlightCache<String, JourneyResponse>,
}

/// Enough keys for every country × stop and a few thousand boards; past it, stale keys go.
const MAX_KEYS: usize = 4096;

impl CachedSource {
    pub fn new(inner: SharedSource, config: CacheConfig) -> Self {
        let budget = Budget::new(config.max_bytes);
        CachedSource {
            regions: inner.regions(),
            inner,
            realtime: FlightCache::new(
                "realtime",
                config.realtime_ttl,
                config.error_ttl,
                MAX_KEYS,
                budget.clone(),
            ),
            departures: FlightCache::new(
                "departures",
                config.departures_ttl,
                config.error_ttl,
                MAX_KEYS,
                budget.clone(),
            ),
            cuts: FlightCache::new(
                "departures_cut",
                config.departures_ttl,
                config.error_ttl,
                MAX_KEYS,
                budget.clone(),
            ),
            journeys: FlightCache::new(
                "journey",
                config.departures_ttl,
                config.error_ttl,
                MAX_KEYS,
                budget,
            ),
        }
    }

    pub fn info(&self) -> SourceInfo {
        self.inner.info()
    }

    pub fn countries(&self) -> Option<Vec<&'static str>> {
        self.inner.countries()
    }

    pub fn not_live(&self) -> Vec<(&'static str, String)> {
        self.inner.not_live()
    }

    pub fn health(&self) -> super::Health {
        self.inner.health()
    }

    pub fn regions(&self) -> &[String] {
        &self.regions
    }

    /// The clock the source's answers are made by.
    pub fn clock(&self) -> railtop_core::clock::Clock {
        self.inner.clock()
    }

    /// How the rows of `country`'s boards are checked against a route (the source's own word).
    pub fn route_lookups(&self, country: &str) -> super::RouteLookups {
        self.inner.route_lookups(country)
    }

    /// How long a board is kept: its feed's refresh, as the screens and staleness count it.
    pub fn board_ttl(&self) -> Duration {
        self.departures.ttl
    }

    /// The source's own station search (not cached: each one is a person typing), or `None`
    /// when this process's directory is the source's.
    pub fn stations(
        &self,
        query: super::StationsQuery,
    ) -> Option<super::SourceFuture<'_, railtop_core::stations::StationsAnswer>> {
        self.inner.stations(query)
    }

    /// Whether station searches go to the source (a remote server) rather than this process's
    /// directory.
    pub fn searches_elsewhere(&self) -> bool {
        self.inner
            .stations(super::StationsQuery::default())
            .is_some()
    }

    pub async fn realtime(
        &self,
        query: RealtimeQuery,
    ) -> SourceResult<Arc<Cached<RealtimeResponse>>> {
        let inner = &self.inner;
        // Made while a timetable was still being read, an answer lacks the names it will give
        // (`?` destinations): it is not kept, so the first answer after the timetable is ready
        // names them.
        // Looked at before and after: the fetch itself may start the reading, or the reading
        // may end while the answer is made (either way it may lack names). Only the timetable
        // of the country asked for counts: Spain's bundle, minutes in reading, does not
        // shorten Finland's answers.
        let country = query.country.clone();
        let states = move || -> Vec<&'static str> {
            inner
                .health()
                .schedules
                .iter()
                .filter(|s| {
                    country
                        .as_ref()
                        .is_none_or(|c| c.eq_ignore_ascii_case(&s.feed))
                })
                .map(|s| s.state)
                .collect()
        };
        let before = states();
        self.realtime
            .get_timed(query.clone(), || async move {
                let answer = inner.realtime(query).await?;
                let after = states();
                let reading = after
                    .iter()
                    .any(|s| matches!(*s, "downloading" | "building"));
                let life = if reading || before != after {
                    UNNAMED_LIFE
                } else {
                    Duration::MAX
                };
                Ok((answer, life))
            })
            .await
    }

    /// The realtime answer for `query` if it is fresh in the cache (counted as a hit): never
    /// fetches or waits. The server answers from it on its event loop and asks for the rest
    /// where CPU-heavy work cannot stall other connections.
    pub fn realtime_if_cached(
        &self,
        query: &RealtimeQuery,
    ) -> Option<Arc<Cached<RealtimeResponse>>> {
        let found = self.realtime.peek(query)?;
        railtop_core::metrics::cache("realtime", true);
        Some(found)
    }

    /// The station's board, up to `query.limit` rows. One board is fetched and cached per
    /// station (with [`MAX_LIMIT`] rows), however the station is spelled and whatever the limit;
    /// a smaller limit gets a cut copy (its JSON made for this answer).
    pub async fn departures(
        &self,
        query: DeparturesQuery,
    ) -> SourceResult<Arc<Cached<DeparturesResponse>>> {
        let inner = &self.inner;
        let station = query.station.trim().to_owned();
        let key = board_key(&station);
        let full = self
            .departures
            .get((query.kind, key.clone()), || {
                inner.departures(DeparturesQuery {
                    station,
                    limit: MAX_LIMIT,
                    kind: query.kind,
                })
            })
            .await?;
        let limit = query.limit;
        if full.value.departures.len() <= limit {
            return Ok(full);
        }
        // A board cut from another fetch of the same board (this one expired meanwhile) is
        // no longer this board's: cut again.
        let cut_of = |full: &Cached<DeparturesResponse>| DeparturesResponse {
            departures: full.value.departures[..limit].to_vec(),
            station: full.value.station.clone(),
            fetched_at: full.value.fetched_at.clone(),
            attribution: full.value.attribution.clone(),
            simulated: full.value.simulated,
            kind: full.value.kind,
            stations: full.value.stations.clone(),
            notices: full.value.notices.clone(),
            notice_languages: full.value.notice_languages.clone(),
        };
        let life = full.remaining_ttl();
        let cut = self
            .cuts
            .get_timed((query.kind, key, limit), || async {
                Ok((cut_of(&full), life))
            })
            .await?;
        if cut.value.fetched_at == full.value.fetched_at {
            Ok(cut)
        } else {
            Ok(Arc::new(Cached::new(cut_of(&full), life)))
        }
    }

    /// The run of train `id` if someone asked for it lately and it is still fresh: never
    /// fetched for this (the GTFS-Realtime feeds add the stops railtop knows, at no cost).
    pub fn journey_if_cached(&self, id: &str) -> Option<Arc<Cached<JourneyResponse>>> {
        self.journeys.peek(&id.trim().to_owned())
    }

    /// Every board (departures and arrivals) fresh in the cache, never fetched for this: the
    /// GTFS-Realtime alerts add the notices of the boards someone asked for.
    pub fn boards_if_cached(&self) -> Vec<Arc<Cached<DeparturesResponse>>> {
        self.departures.fresh()
    }

    /// One train's run, cached per id (as the id is written: ids are the sources' own).
    pub async fn journey(&self, id: &str) -> SourceResult<Arc<Cached<JourneyResponse>>> {
        let inner = &self.inner;
        let id = id.trim().to_owned();
        self.journeys.get(id.clone(), || inner.journey(id)).await
    }

    /// Drops expired answers and, when that freed a good deal, hands the memory back to the
    /// system; returns (answers held, bytes held) after.
    pub fn sweep(&self) -> (usize, usize) {
        let freed = self.realtime.sweep()
            + self.departures.sweep()
            + self.cuts.sweep()
            + self.journeys.sweep();
        // glibc keeps freed heap otherwise, and a server's RSS would stay at its peak after a
        // burst of load (123–125 MB a minute after one instead of 36 MB: railtop-malloc's docs).
        if freed > 1024 * 1024 {
            railtop_malloc::trim();
        }
        (
            self.realtime.len() + self.departures.len() + self.cuts.len() + self.journeys.len(),
            self.realtime.bytes()
                + self.departures.bytes()
                + self.cuts.bytes()
                + self.journeys.bytes(),
        )
    }
}

/// One cache key per station however it is asked for: `HKI`, `hki` and `HKI ` are one board.
fn board_key(station: &str) -> String {
    station.trim().to_lowercase()
}

#[cfg(test)]
mod tests;
