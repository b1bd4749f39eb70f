//! What several `serve` instances share through Redis (`--redis`, `[server] redis`): the feeds'
//! raw answers, so that N instances cost a national feed what one does, and each client's
//! rate-limit bucket, so that a client gets 60 requests a minute in all, not 60 per instance.
//!
//! Redis is a help, never a dependency. Every call has a tight deadline ([`CALL_TIMEOUT`]); a
//! call that fails or is late marks Redis down, and for the next [`RETRY_AFTER`] every caller
//! goes straight to its own cache and limiter without asking. Then one call (only one) tries
//! again, reconnecting if need be. The change each way is logged once, counted in
//! `railtop_redis_up`, and shown in `/healthz`' body. No client request waits on a Redis that
//! is gone, and none fails because of it.
//!
//! The cross-instance single flight ([`RedisStore::flight`]): an instance that misses a key
//! claims it with `SET NX PX` and fetches; the others poll the key every [`POLL`] until the value
//! appears, the claim vanishes (its holder died or failed: they claim it themselves), or
//! the fetch's own deadline passes. Values carry their remaining life (`PTTL`), so an instance that reads a
//! value late keeps it only as long as the one that fetched it would.
//!
//! The limiter is GCRA in one Lua script on Redis' own clock (`TIME`), so instances whose clocks
//! disagree still share one exact bucket.

use bytes::Bytes;
use redis::aio::MultiplexedConnection;
use redis::{AsyncConnectionConfig, Script};
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// The deadline of one call on a small value (a bucket, a claim, a lookup).
pub(crate) const CALL_TIMEOUT: Duration = Duration::from_millis(100);
/// Extra deadline per MiB of a value written or read (a feed's payload can be megabytes).
const PER_MIB: Duration = Duration::from_millis(50);
/// How long every caller works alone after a failed call, before one call tries again.
pub const RETRY_AFTER: Duration = Duration::from_secs(1);
/// How often a waiting instance looks for the value another instance is fetching.
const POLL: Duration = Duration::from_millis(20);
/// The size a read's deadline allows for (its size is not known before it arrives).
const READ_BUDGET: usize = 4 * 1024 * 1024;
/// Values larger than this stay in the instance that fetched them.
const MAX_SHARED: usize = 16 * 1024 * 1024;
/// Every key railtop writes starts with this (the digit is the format's version).
const PREFIX: &str = "railtop:1:";

/// Why Redis cannot be used at the moment: the caller works alone.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("the Redis URL {0}: {1}")]
    Url(String, String),
    #[error("Redis is unavailable")]
    Unavailable,
}

/// What an instance found or made for a key, as every instance reads it back.
#[derive(Debug, Clone, PartialEq)]
pub enum Shared {
    /// The upstream's answer.
    Payload(Bytes),
    /// The upstream failed, with this message (kept briefly, so a failing upstream is not
    /// asked by every instance in turn).
    Failure(String),
}

impl Shared {
    /// What one fetch's `got` gives the other instances, and for how long: an answer for
    /// `life`, the upstream's failure for `failure_life`; this instance's own refusals (its
    /// budget, a client's bad request) nothing.
    pub fn of(
        got: &Result<Bytes, crate::source::SourceError>,
        life: Duration,
        failure_life: Duration,
    ) -> Option<(Shared, Duration)> {
        match got {
            Ok(payload) => Some((Shared::Payload(payload.clone()), life)),
            Err(crate::source::SourceError::Upstream(message)) => {
                Some((Shared::Failure(message.clone()), failure_life))
            }
            Err(_) => None,
        }
    }
}

/// How a [`RedisStore::flight`] ended.
#[derive(Debug)]
pub enum Flight<T> {
    /// Redis had the value (another instance fetched it), with the life it has left.
    Found(Shared, Duration),
    /// This instance fetched: for every instance, or alone while Redis is unavailable.
    Fetched(T),
}

/// A client's bucket after one request, as the shared limiter counts it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bucket {
    pub allowed: bool,
    /// Requests still allowed at once.
    pub remaining: u32,
    /// Allowed: until the whole quota is back; refused: until the next request is allowed.
    pub wait: Duration,
}

/// How Redis is doing, for `/healthz`.
#[derive(Debug, Clone, PartialEq)]
pub struct Status {
    /// The URL with any password masked.
    pub url: String,
    pub up: bool,
    /// Down: since when, and why.
    pub down_since: Option<Instant>,
    pub error: Option<String>,
}

#[derive(Debug, Default)]
struct Link {
    conn: Option<MultiplexedConnection>,
    /// Set while Redis is down: since when, why, and when a call may try again.
    down_since: Option<Instant>,
    error: Option<String>,
    retry_at: Option<Instant>,
    /// Whether a connection is being made (the others do not wait for it).
    connecting: bool,
}

/// One process's link to the shared Redis.
pub struct RedisStore {
    client: redis::Client,
    shown: String,
    timeout: Duration,
    link: Mutex<Link>,
    gcra: Script,
    release: Script,
    claim: Script,
}

impl std::fmt::Debug for RedisStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RedisStore")
            .field("url", &self.shown)
            .finish()
    }
}

/// A call's outcome, or what went wrong in words: a call past `deadline` (ours, or the
/// client's own timeout) says so.
fn settled<T>(
    got: Result<redis::RedisResult<T>, tokio::time::error::Elapsed>,
    deadline: Duration,
) -> Result<T, String> {
    match got {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) if !e.is_timeout() => Err(railtop_core::text::cleaned(&e.to_string())),
        Ok(Err(_)) | Err(_) => Err(format!("no answer within {} ms", deadline.as_millis())),
    }
}

/// Clears the link's `connecting` flag when dropped.
struct Connecting<'a>(&'a RedisStore);

impl Drop for Connecting<'_> {
    fn drop(&mut self) {
        self.0.lock().connecting = false;
    }
}

/// A claim on a cold key (see [`RedisStore::hold`]); `conn` is taken once it is released.
struct Claim {
    conn: Option<MultiplexedConnection>,
    key: String,
    token: String,
}

impl Drop for Claim {
    fn drop(&mut self) {
        let Some(mut conn) = self.conn.take() else {
            return;
        };
        let (key, token) = (
            std::mem::take(&mut self.key),
            std::mem::take(&mut self.token),
        );
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move {
                let script = Script::new(RELEASE);
                let mut invocation = script.key(key);
                invocation.arg(token);
                let released = invocation.invoke_async::<i64>(&mut conn);
                let _ = tokio::time::timeout(CALL_TIMEOUT, released).await;
            });
        }
    }
}

/// GCRA: `ARGV[1]` microseconds between requests, `ARGV[2]` the burst; returns allowed (0/1),
/// remaining, and the wait in microseconds (see [`Bucket`]).
const GCRA: &str = r"
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now) or now
if tat < now then tat = now end
local new_tat = tat + interval
local allow_at = new_tat - interval * burst
if now < allow_at then
  return {0, 0, allow_at - now}
end
redis.call('SET', KEYS[1], string.format('%.0f', new_tat), 'PX', math.ceil((new_tat - now) / 1000))
return {1, math.floor((now + interval * burst - new_tat) / interval), new_tat - now}
";

/// Deletes a claim only if it is still the caller's (it may have expired and been taken).
const RELEASE: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
";

/// The claim, taken only while the value is missing, in one step: `KEYS[1]` the claim,
/// `KEYS[2]` the value, `ARGV[1]` the token, `ARGV[2]` its life in ms. Returns 1 (claimed),
/// 0 (another instance holds it) or 2 (the value is there now). Looking and claiming apart
/// left a window: a first fetch could finish between another instance's look and its claim,
/// and the upstream was asked twice.
const CLAIM_SCRIPT: &str = r"
if redis.call('EXISTS', KEYS[2]) == 1 then
  return 2
end
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then
  return 1
end
return 0
";

/// What a claim found.
enum ClaimSaid {
    Claimed,
    Held,
    Ready,
}

impl RedisStore {
    /// A link to the Redis at `url` (`redis://[:password@]host[:port][/db]`). Nothing is
    /// connected yet: the first call connects, so a server starts whether Redis is up or not.
    pub fn new(url: &str) -> Result<Arc<RedisStore>, StoreError> {
        let url = url.trim();
        let shown = railtop_core::config::masked_url(url);
        if !url.starts_with("redis://") {
            return Err(StoreError::Url(
                shown,
                "railtop speaks plain redis:// (put TLS in a tunnel or a sidecar)".into(),
            ));
        }
        let client =
            redis::Client::open(url).map_err(|e| StoreError::Url(shown.clone(), e.to_string()))?;
        Ok(Arc::new(RedisStore {
            client,
            shown,
            timeout: CALL_TIMEOUT,
            link: Mutex::new(Link::default()),
            gcra: Script::new(GCRA),
            release: Script::new(RELEASE),
            claim: Script::new(CLAIM_SCRIPT),
        }))
    }

    /// The URL as logs and `/healthz` show it (any password masked).
    pub fn url(&self) -> &str {
        &self.shown
    }

    /// Whether Redis answers now (one call; the server asks it once as it starts).
    pub async fn ping(&self) -> bool {
        self.call(0, |mut c| async move {
            redis::cmd("PING").query_async::<String>(&mut c).await
        })
        .await
        .is_ok()
    }

    pub fn status(&self) -> Status {
        let link = self.lock();
        Status {
            url: self.shown.clone(),
            up: link.down_since.is_none(),
            down_since: link.down_since,
            error: link.error.clone(),
        }
    }

    /// One request of `client` against a shared bucket of `burst` requests refilled one every
    /// `interval`.
    pub async fn bucket(
        &self,
        client: &str,
        burst: u32,
        interval: Duration,
    ) -> Result<Bucket, StoreError> {
        let key = format!("{PREFIX}rate:{client}");
        let interval_us = u64::try_from(interval.as_micros()).unwrap_or(u64::MAX);
        let gcra = &self.gcra;
        let (allowed, remaining, wait_us): (i64, i64, i64) = self
            .call(0, |mut c| async move {
                gcra.key(&key)
                    .arg(interval_us)
                    .arg(burst)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        Ok(Bucket {
            allowed: allowed == 1,
            remaining: u32::try_from(remaining.max(0)).unwrap_or(0).min(burst),
            wait: Duration::from_micros(u64::try_from(wait_us.max(0)).unwrap_or(0)),
        })
    }

    /// The value of `key`, fetched by one instance for all of them: read it if some instance
    /// has; else claim it and `fetch` (which gives its own result and what to share, for how
    /// long); else wait for the instance that claimed it, for as long as `fetch` may take (its
    /// own deadline: a waiter that gave up sooner would fetch a second time while the first
    /// fetch is still under way). The claim lasts as long, so a claim whose instance died frees
    /// itself. Whenever Redis cannot be used, this instance fetches alone.
    pub async fn flight<T, Fut>(&self, key: &str, lasts: Duration, fetch: Fut) -> Flight<T>
    where
        Fut: Future<Output = (T, Option<(Shared, Duration)>)>,
    {
        let value_key = format!("{PREFIX}feed:{key}");
        let claim_key = format!("{PREFIX}claim:{key}");
        let deadline = Instant::now() + lasts;
        let mut waited = false;
        loop {
            match self.read(&value_key).await {
                Ok(Some((found, left))) => {
                    railtop_core::metrics::shared_feed(if waited { "waited" } else { "found" });
                    return Flight::Found(found, left);
                }
                Ok(None) => {}
                Err(_) => break,
            }
            let token = format!("{:016x}", rand::random::<u64>());
            match self.claim(&claim_key, &value_key, &token, lasts).await {
                // Written between the look and the claim: read again at once.
                Ok(ClaimSaid::Ready) if Instant::now() < deadline => continue,
                Ok(ClaimSaid::Claimed) => {
                    railtop_core::metrics::shared_feed("fetched");
                    let mut held = self.hold(claim_key.clone(), token);
                    let (got, share) = fetch.await;
                    if let Some((shared, life)) = share {
                        let _ = self.write(&value_key, &shared, life).await;
                    }
                    // Released here, in the open: the guard's background release is disarmed.
                    held.conn = None;
                    let _ = self.unclaim(&held.key, &held.token).await;
                    return Flight::Fetched(got);
                }
                Ok(ClaimSaid::Held) if Instant::now() < deadline => {
                    waited = true;
                    tokio::time::sleep(POLL).await;
                }
                Ok(ClaimSaid::Held | ClaimSaid::Ready) | Err(_) => break,
            }
        }
        railtop_core::metrics::redis_fallback("feed");
        Flight::Fetched(fetch.await.0)
    }

    async fn read(&self, key: &str) -> Result<Option<(Shared, Duration)>, StoreError> {
        let (value, pttl): (Option<Vec<u8>>, i64) = self
            .call(READ_BUDGET, |mut c| async move {
                redis::pipe()
                    .get(key)
                    .cmd("PTTL")
                    .arg(key)
                    .query_async(&mut c)
                    .await
            })
            .await?;
        let Some(value) = value else { return Ok(None) };
        // A value without a life (-1) was not written by railtop; one that just expired (-2)
        // is as good as absent.
        let Ok(left) = u64::try_from(pttl) else {
            return Ok(None);
        };
        let shared = match value.split_first() {
            Some((b'+', payload)) => Shared::Payload(Bytes::copy_from_slice(payload)),
            Some((b'-', message)) => Shared::Failure(String::from_utf8_lossy(message).into()),
            _ => return Ok(None),
        };
        Ok(Some((shared, Duration::from_millis(left))))
    }

    async fn write(&self, key: &str, shared: &Shared, life: Duration) -> Result<(), StoreError> {
        let mut value = Vec::new();
        match shared {
            Shared::Payload(p) if p.len() < MAX_SHARED => {
                value.reserve(p.len() + 1);
                value.push(b'+');
                value.extend_from_slice(p);
            }
            Shared::Payload(_) => return Ok(()),
            Shared::Failure(m) => {
                value.push(b'-');
                value.extend_from_slice(m.as_bytes());
            }
        }
        let ms = u64::try_from(life.as_millis()).unwrap_or(u64::MAX).max(1);
        let size = value.len();
        self.call(size, |mut c| async move {
            redis::cmd("SET")
                .arg(key)
                .arg(value)
                .arg("PX")
                .arg(ms)
                .query_async::<()>(&mut c)
                .await
        })
        .await
    }

    /// `SET key token NX PX`: whether this caller holds the claim now.
    async fn claim(
        &self,
        key: &str,
        value: &str,
        token: &str,
        lasts: Duration,
    ) -> Result<ClaimSaid, StoreError> {
        let ms = u64::try_from(lasts.as_millis()).unwrap_or(u64::MAX);
        let script = &self.claim;
        let said: i64 = self
            .call(0, |mut c| async move {
                let mut invocation = script.key(key);
                invocation.key(value).arg(token).arg(ms);
                invocation.invoke_async(&mut c).await
            })
            .await?;
        Ok(match said {
            1 => ClaimSaid::Claimed,
            2 => ClaimSaid::Ready,
            _ => ClaimSaid::Held,
        })
    }

    async fn unclaim(&self, key: &str, token: &str) -> Result<(), StoreError> {
        let release = &self.release;
        self.call(0, |mut c| async move {
            let mut invocation = release.key(key);
            invocation.arg(token);
            invocation.invoke_async::<i64>(&mut c).await
        })
        .await
        .map(drop)
    }

    /// One call on the connection (made first if there is none), within the deadline for a
    /// value of `size` bytes. While Redis is down, answers at once without asking.
    async fn call<T, F, Fut>(&self, size: usize, f: F) -> Result<T, StoreError>
    where
        F: FnOnce(MultiplexedConnection) -> Fut,
        Fut: Future<Output = redis::RedisResult<T>>,
    {
        let deadline =
            self.timeout + PER_MIB.saturating_mul(u32::try_from(size >> 20).unwrap_or(u32::MAX));
        let Some(conn) = self.connection().await else {
            return Err(StoreError::Unavailable);
        };
        match settled(tokio::time::timeout(deadline, f(conn)).await, deadline) {
            Ok(v) => {
                self.went_well();
                Ok(v)
            }
            Err(why) => {
                self.went_wrong(why);
                Err(StoreError::Unavailable)
            }
        }
    }

    /// The connection to use now: the open one; a new one when none is open and Redis is not
    /// known to be down (or its retry is due, taken by this caller alone); else `None`.
    async fn connection(&self) -> Option<MultiplexedConnection> {
        {
            let mut link = self.lock();
            let now = Instant::now();
            if let Some(at) = link.retry_at {
                if at > now {
                    return None;
                }
                // This caller tries; the others keep working alone until it has.
                link.retry_at = Some(now + RETRY_AFTER);
            }
            if let Some(conn) = &link.conn {
                return Some(conn.clone());
            }
            if link.connecting {
                return None;
            }
            link.connecting = true;
        }
        // Cleared however this ends, a request dropped halfway through included.
        let _connecting = Connecting(self);
        let config = AsyncConnectionConfig::new()
            .set_connection_timeout(Some(self.timeout))
            .set_response_timeout(Some(self.timeout + PER_MIB * 16));
        let deadline = self.timeout * 2;
        let made = tokio::time::timeout(
            deadline,
            self.client
                .get_multiplexed_async_connection_with_config(&config),
        )
        .await;
        match settled(made, deadline) {
            Ok(conn) => {
                self.lock().conn = Some(conn.clone());
                Some(conn)
            }
            Err(why) => {
                self.went_wrong(why);
                None
            }
        }
    }

    /// A claim held by this caller: released when the fetch is done, or, if the request is
    /// dropped halfway, released in the background so the other instances need not wait for
    /// the claim to expire.
    fn hold(&self, key: String, token: String) -> Claim {
        Claim {
            conn: self.lock().conn.clone(),
            key,
            token,
        }
    }

    fn went_well(&self) {
        let mut link = self.lock();
        if let Some(since) = link.down_since.take() {
            tracing::info!(
                redis = %self.shown,
                after_s = since.elapsed().as_secs(),
                "Redis is back: this instance shares its cache and rate limits again"
            );
        }
        link.error = None;
        link.retry_at = None;
        railtop_core::metrics::redis_up(true);
    }

    fn went_wrong(&self, why: String) {
        let mut link = self.lock();
        // A connection that failed once is not trusted again: the retry makes a new one.
        link.conn = None;
        link.retry_at = Some(Instant::now() + RETRY_AFTER);
        if link.down_since.is_none() {
            link.down_since = Some(Instant::now());
            tracing::warn!(
                redis = %self.shown,
                error = %why,
                "Redis is unavailable: this instance uses its own cache and rate limits until it is back"
            );
        }
        link.error = Some(why);
        railtop_core::metrics::redis_up(false);
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Link> {
        self.link.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// A short, fixed-length key for anything a feed asks (a URL, a URL and a body): its SHA-256,
/// after the feed's slug so that keys can be told apart in `redis-cli`.
pub(crate) fn key_for(slug: &str, request: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(request.as_bytes());
    let mut key = String::with_capacity(slug.len() + 1 + 64);
    key.push_str(slug);
    key.push(':');
    for b in digest {
        key.push_str(&format!("{b:02x}"));
    }
    key
}

#[cfg(test)]
mod tests;
