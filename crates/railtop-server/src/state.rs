//! What every request's handling shares: [`ApiState`], what the router's handlers, the layer
//! before them and the lane read for each request: the cached source, the runtime answers are
//! made on, the per-IP budgets, the stats' cache, the configuration (`config.rs`). One a server,
//! made with the housekeeping that runs while it lives.

use crate::config::ServerConfig;
use crate::ratelimit::PerIpLimit;
use crate::stats_queue::StatsCache;
use railtop_feeds::source::cache::CachedSource;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// What the handlers, the layer before them and the lane read for each request.
pub(crate) struct ApiState {
    pub source: Arc<CachedSource>,
    /// The runtime the server was made on: answers that are not cached yet are made there, off
    /// the event loops (see `handlers::realtime_answer`).
    pub main: tokio::runtime::Handle,
    pub limit: Option<PerIpLimit>,
    /// `/healthz` and `/metrics`: limited too, with their own, higher budget (probes and
    /// scrapers ask often), counted in this instance alone.
    pub health_limit: Option<PerIpLimit>,
    pub config: ServerConfig,
    pub stats: StatsCache,
}

/// How many times the API's budget `/healthz` and `/metrics` have.
const HEALTH_LIMIT_FACTOR: u32 = 10;

impl ApiState {
    /// The state of a server over `source`, made on the current runtime, with its housekeeping
    /// while it lives: forget idle clients, drop expired answers, and say how much the cache
    /// holds when that changed.
    pub fn new(source: Arc<CachedSource>, config: ServerConfig) -> Arc<ApiState> {
        let state = Arc::new(ApiState {
            source,
            main: tokio::runtime::Handle::current(),
            limit: config
                .rate_limit
                .map(|n| PerIpLimit::per_minute(n, config.shared.clone())),
            health_limit: config
                .rate_limit
                .and_then(|n| NonZeroU32::new(n.get().saturating_mul(HEALTH_LIMIT_FACTOR)))
                .map(|n| PerIpLimit::per_minute(n, None)),
            config,
            stats: StatsCache::default(),
        });
        let weak = Arc::downgrade(&state);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(Duration::from_secs(30));
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            let mut last = (0, 0);
            loop {
                tick.tick().await;
                let Some(state) = weak.upgrade() else { break };
                for limit in [&state.limit, &state.health_limit].into_iter().flatten() {
                    limit.forget_idle();
                }
                let (answers, bytes) = state.source.sweep();
                if (answers, bytes / (1024 * 1024)) != (last.0, last.1 / (1024 * 1024)) {
                    tracing::info!(answers, mib = bytes / (1024 * 1024), bytes, "cache");
                }
                last = (answers, bytes);
            }
        });
        state
    }
}
