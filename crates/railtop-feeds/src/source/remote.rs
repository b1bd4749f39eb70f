//! `--source http(s)://…`: any server that speaks the Live Train Data API, `railtop serve` among them.
//!
//! Bounded in every way a slow or hostile peer could exploit: connect and total timeouts, a cap
//! on the body, at most 60 requests a minute to one base URL, and `Retry-After` obeyed. Every
//! failure becomes one sentence that says what happened and where.

use super::{
    DeparturesQuery, LiveSource, OpenError, RealtimeQuery, SourceError, SourceFuture, SourceInfo,
    SourceResult, StationsQuery,
};
use bytes::Bytes;
use governor::{DefaultDirectRateLimiter, Quota, RateLimiter};
use railtop_core::model::{DeparturesResponse, ErrorBody, JourneyResponse, Kind, RealtimeResponse};
use railtop_core::stations::StationsAnswer;
use serde::de::DeserializeOwned;
use std::collections::HashMap;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

#[derive(Debug, Clone)]
pub struct RemoteConfig {
    pub connect_timeout: Duration,
    /// For the whole exchange, body included.
    pub total_timeout: Duration,
    pub max_body_bytes: usize,
    /// Requests per minute to one base URL, shared by every client of it in this process.
    pub per_minute: NonZeroU32,
    /// How long a request may wait for the budget before it fails instead.
    pub max_queue_wait: Duration,
    /// This process's clock (`RAILTOP_NOW`): what the server's answers are counted old by.
    pub clock: railtop_core::clock::Clock,
}

impl Default for RemoteConfig {
    fn default() -> Self {
        RemoteConfig {
            connect_timeout: Duration::from_secs(5),
            total_timeout: Duration::from_secs(15),
            max_body_bytes: 32 * 1024 * 1024,
            per_minute: NonZeroU32::new(60).unwrap_or(NonZeroU32::MIN),
            max_queue_wait: Duration::from_secs(5),
            clock: railtop_core::clock::Clock::System,
        }
    }
}

/// The request budget and the server's "come back later" for one base URL.
struct Gate {
    limiter: DefaultDirectRateLimiter,
    blocked_until: Mutex<Option<Instant>>,
}

/// One gate per base URL for the whole process, so two clients of one server share its budget.
fn gate_for(base: &str, per_minute: NonZeroU32) -> Arc<Gate> {
    static GATES: OnceLock<Mutex<HashMap<String, Arc<Gate>>>> = OnceLock::new();
    let mut gates = GATES
        .get_or_init(Default::default)
        .lock()
        .unwrap_or_else(|p| p.into_inner());
    gates
        .entry(base.to_owned())
        .or_insert_with(|| {
            Arc::new(Gate {
                limiter: RateLimiter::direct(Quota::per_minute(per_minute)),
                blocked_until: Mutex::new(None),
            })
        })
        .clone()
}

/// How long an answer one instance fetched serves the others (the server's own realtime
/// answers live 15 s in its cache).
const SHARED_LIFE: Duration = Duration::from_secs(10);
/// How long a failure one instance met is the others' answer too.
const SHARED_FAILURE_LIFE: Duration = Duration::from_secs(5);
/// Room, past a request's whole deadline, to write its answer for the others.
const SHARED_WRITE: Duration = Duration::from_secs(2);

pub struct RemoteSource {
    base: String,
    /// Several `serve` instances on one Redis: a cold answer fetched once for all of them.
    shared: Option<Arc<crate::redis_store::RedisStore>>,
    /// The base as messages and logs show it: any password masked.
    shown: String,
    http: reqwest::Client,
    gate: Arc<Gate>,
    config: RemoteConfig,
}

impl RemoteSource {
    pub fn new(base_url: &str, config: RemoteConfig) -> Result<RemoteSource, OpenError> {
        let base = base_url.trim().trim_end_matches('/').to_owned();
        let parsed = reqwest::Url::parse(&base).map_err(|e| OpenError::NotAUrl {
            url: railtop_core::config::masked_url(base_url),
            reason: e.to_string(),
        })?;
        if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
            return Err(OpenError::NotHttp(railtop_core::config::masked_url(
                base_url,
            )));
        }
        // Redirects stay on the server's own host: another host is refused, never followed
        // silently (a server must not send railtop's requests, or their credentials, elsewhere).
        let redirects = reqwest::redirect::Policy::custom(|attempt| {
            let from = attempt.previous().first().map(|u| {
                (
                    u.scheme().to_string(),
                    u.host_str().map(str::to_string),
                    u.port_or_known_default(),
                )
            });
            let to = (
                attempt.url().scheme().to_string(),
                attempt.url().host_str().map(str::to_string),
                attempt.url().port_or_known_default(),
            );
            if attempt.previous().len() > 5 {
                attempt.error("more than 5 redirects")
            } else if from.as_ref() != Some(&to) {
                let to = railtop_core::config::masked_url(attempt.url().as_str());
                attempt.error(format!("redirected to another host ({to}); railtop follows redirects on the server's own host only"))
            } else {
                attempt.follow()
            }
        });
        let http = reqwest::Client::builder()
            .redirect(redirects)
            .user_agent(concat!("railtop/", env!("CARGO_PKG_VERSION")))
            .connect_timeout(config.connect_timeout)
            .timeout(config.total_timeout)
            .gzip(true)
            .build()
            .map_err(OpenError::Client)?;
        Ok(RemoteSource {
            shared: None,
            gate: gate_for(&base, config.per_minute),
            shown: railtop_core::config::masked_url(&base),
            base,
            http,
            config,
        })
    }

    /// Shares cold answers with the other instances on `store` (`serve --redis`).
    pub fn shared_through(mut self, store: Option<Arc<crate::redis_store::RedisStore>>) -> Self {
        self.shared = store;
        self
    }

    /// The server's URL as it may be shown: any password masked.
    pub fn base_url(&self) -> &str {
        &self.shown
    }

    fn url(&self, path: &str, params: &[(&str, &str)]) -> String {
        let mut query = form_urlencoded::Serializer::new(String::new());
        for (k, v) in params {
            query.append_pair(k, v);
        }
        let query = query.finish();
        if query.is_empty() {
            format!("{}{path}", self.base)
        } else {
            format!("{}{path}?{query}", self.base)
        }
    }

    /// Waits for the request budget, or says why not.
    async fn admit(&self) -> SourceResult<()> {
        let blocked = *self
            .gate
            .blocked_until
            .lock()
            .unwrap_or_else(|p| p.into_inner());
        if let Some(until) = blocked {
            let now = Instant::now();
            if until > now {
                let wait = until - now;
                return Err(SourceError::RateLimited {
                    message: format!(
                        "{} asked us to slow down; retrying in {} s",
                        self.shown,
                        wait.as_secs() + 1
                    ),
                    retry_after: wait,
                });
            }
        }
        if let Err(not_until) = self.gate.limiter.check() {
            let wait =
                not_until.wait_time_from(governor::clock::Clock::now(self.gate.limiter.clock()));
            if wait > self.config.max_queue_wait {
                return Err(SourceError::RateLimited {
                    message: format!(
                        "railtop's budget of {} requests a minute to {} is used up; next in {} s",
                        self.config.per_minute,
                        self.shown,
                        wait.as_secs() + 1
                    ),
                    retry_after: wait,
                });
            }
            self.gate.limiter.until_ready().await;
        }
        Ok(())
    }

    /// The answer's body at `url`, asked once of the server for every instance sharing
    /// through Redis (the others wait for it as long as the request may take).
    async fn body_once(&self, url: &str) -> SourceResult<Bytes> {
        use crate::redis_store::{Flight, Shared};
        let Some(store) = &self.shared else {
            return self.body(url).await;
        };
        let fetched = async {
            let got = self.body(url).await;
            let share = Shared::of(&got, SHARED_LIFE, SHARED_FAILURE_LIFE);
            (got, share)
        };
        // Keyed without the credentials, which are not the answer's business.
        let key = crate::redis_store::key_for("remote", &railtop_core::config::masked_url(url));
        let waits = self.config.total_timeout + SHARED_WRITE;
        match store.flight(&key, waits, fetched).await {
            Flight::Fetched(got) => got,
            Flight::Found(Shared::Payload(body), _) => Ok(body),
            Flight::Found(Shared::Failure(message), _) => Err(SourceError::Upstream(message)),
        }
    }

    /// The answer's body at `url`: admitted by the rate gate, a success status, within the cap.
    async fn body(&self, url: &str) -> SourceResult<Bytes> {
        self.admit().await?;
        let response = self
            .http
            .get(url)
            .header(reqwest::header::ACCEPT, "application/json")
            .send()
            .await
            .map_err(|e| self.transport_error(&e))?;
        let status = response.status();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        let body = self.read_capped(response).await?;
        if !status.is_success() {
            return Err(self.status_error(status, &body, retry_after));
        }
        Ok(Bytes::from(body))
    }

    async fn get<T: DeserializeOwned>(
        &self,
        path: &str,
        params: &[(&str, &str)],
    ) -> SourceResult<T> {
        let url = self.url(path, params);
        let body = self.body_once(&url).await?;
        railtop_core::model::tolerant::from_json(&body).map_err(|e| {
            SourceError::Upstream(format!(
                "malformed JSON from {} at line {} column {}: {e}",
                railtop_core::config::masked_url(&url),
                e.line(),
                e.column()
            ))
        })
    }

    async fn read_capped(&self, mut response: reqwest::Response) -> SourceResult<Vec<u8>> {
        let cap = self.config.max_body_bytes;
        if response.content_length().is_some_and(|n| n > cap as u64) {
            return Err(self.too_large());
        }
        let mut body = Vec::new();
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|e| self.transport_error(&e))?
        {
            if body.len() + chunk.len() > cap {
                return Err(self.too_large());
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    }

    fn too_large(&self) -> SourceError {
        SourceError::Upstream(format!(
            "the answer from {} is larger than {} MiB; refused",
            self.shown,
            self.config.max_body_bytes / (1024 * 1024)
        ))
    }

    fn status_error(
        &self,
        status: reqwest::StatusCode,
        body: &[u8],
        retry_after: Option<u64>,
    ) -> SourceError {
        let message = serde_json::from_slice::<ErrorBody>(body)
            .map(|b| railtop_core::text::cleaned(&b.error.message))
            .unwrap_or_else(|_| status.canonical_reason().unwrap_or("error").to_lowercase());
        let said = format!("{} answered {}: {message}", self.shown, status.as_u16());
        match status.as_u16() {
            400 => SourceError::BadRequest(said),
            404 => SourceError::NotFound(said),
            429 => {
                let wait = Duration::from_secs(retry_after.unwrap_or(60).min(3600));
                *self
                    .gate
                    .blocked_until
                    .lock()
                    .unwrap_or_else(|p| p.into_inner()) = Some(Instant::now() + wait);
                SourceError::RateLimited {
                    // The wait is `retry_after`: screens say when they ask again.
                    message: said,
                    retry_after: wait,
                }
            }
            503 => SourceError::NotReady(said),
            _ => SourceError::Upstream(said),
        }
    }

    fn transport_error(&self, e: &reqwest::Error) -> SourceError {
        let root = root_cause(e);
        let lower = root.to_lowercase();
        let base = &self.shown;
        SourceError::Upstream(if e.is_timeout() {
            format!(
                "no answer from {base} within {} s",
                self.config.total_timeout.as_secs_f32()
            )
        } else if lower.contains("dns") || lower.contains("lookup") || lower.contains("resolve") {
            format!("cannot find the host of {base}: {root}")
        } else if lower.contains("refused") {
            format!("{base} refused the connection: is the server running?")
        } else if e.is_connect() {
            format!("cannot connect to {base}: {root}")
        } else {
            format!("the request to {base} failed: {root}")
        })
    }
}

/// The innermost error's message: the one that names the actual cause.
fn root_cause(e: &reqwest::Error) -> String {
    let mut cause: &dyn std::error::Error = e;
    while let Some(next) = cause.source() {
        cause = next;
    }
    // Transport errors can quote what the peer sent (a header, a status line).
    railtop_core::text::cleaned(&cause.to_string())
}

impl LiveSource for RemoteSource {
    fn clock(&self) -> railtop_core::clock::Clock {
        self.config.clock
    }

    fn info(&self) -> SourceInfo {
        SourceInfo {
            name: self.shown.clone(),
            is_demo: false,
            attribution: format!("Data via {}", self.shown),
            feeds: Vec::new(),
        }
    }

    fn realtime(&self, query: RealtimeQuery) -> SourceFuture<'_, RealtimeResponse> {
        Box::pin(async move {
            let mut params = Vec::new();
            if let Some(c) = &query.country {
                params.push(("source", c.as_str()));
            }
            if let Some(s) = &query.stop {
                params.push(("stop", s.as_str()));
            }
            let mut answer: RealtimeResponse = self.get("/api/live/realtime", &params).await?;
            answer.sanitize();
            Ok(answer)
        })
    }

    fn departures(&self, query: DeparturesQuery) -> SourceFuture<'_, DeparturesResponse> {
        Box::pin(async move {
            let limit = query.limit.to_string();
            let params = [
                ("station", query.station.as_str()),
                ("limit", limit.as_str()),
            ];
            let path = match query.kind {
                Kind::Departures => "/api/live/departures",
                Kind::Arrivals => "/api/live/arrivals",
            };
            let mut answer: DeparturesResponse = self.get(path, &params).await?;
            answer.complete_code(&query.station);
            answer.sanitize();
            answer.departures.truncate(query.limit);
            // An empty arrivals board reads like an empty departures board: it is what was asked.
            answer.kind = query.kind;
            // A server before railtop's `timing` says nothing of it: the rows say it themselves.
            for d in &mut answer.departures {
                d.timing = d.timing.or(Some(railtop_core::model::Timing::of(d)));
            }
            Ok(answer)
        })
    }

    fn journey(&self, id: String) -> SourceFuture<'_, JourneyResponse> {
        Box::pin(async move {
            let mut answer: JourneyResponse = self.get("/api/live/train", &[("id", &id)]).await?;
            answer.sanitize();
            Ok(answer)
        })
    }

    fn stations(&self, query: StationsQuery) -> Option<SourceFuture<'_, StationsAnswer>> {
        Some(Box::pin(async move {
            let limit = query.limit.to_string();
            let mut params = vec![("q", query.q.as_str()), ("limit", limit.as_str())];
            if let Some(c) = &query.country {
                params.push(("country", c.as_str()));
            }
            if let Some(p) = &query.prefer {
                params.push(("prefer", p.as_str()));
            }
            let mut answer: StationsAnswer = self.get("/api/live/stations", &params).await?;
            answer.sanitize();
            answer.stations.truncate(query.limit);
            Ok(answer)
        }))
    }
}
