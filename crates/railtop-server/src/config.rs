//! How a server serves: what `railtop serve`'s flags set ([`ServerConfig`]) and what one
//! connection may take ([`ConnectionLimits`]). Plain data read by the layers above, importing
//! none of them, so the state, the lane and the listener all read it from below.

use railtop_feeds::redis_store::RedisStore;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

/// How a server serves: its rate limit, its connections' limits, when it says it is unhealthy,
/// and what it shares or records.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Requests per minute per client IP; `None` switches the limit off (benchmarks).
    pub rate_limit: Option<NonZeroU32>,
    /// Take the client IP from the last `X-Forwarded-For` entry (set this only behind a proxy
    /// that writes that header; otherwise clients could pick their own IP).
    pub trust_forwarded_for: bool,
    /// Deadlines and caps per connection.
    pub connections: ConnectionLimits,
    /// `/healthz` answers 503 once every feed asked has failed for this long.
    pub unhealthy_after: Duration,
    /// Serve `/metrics` on the API's port (off when they have a listener of their own).
    pub metrics_on_api: bool,
    /// The Redis shared with other instances (`--redis`): the rate limit's buckets live there,
    /// and `/healthz` says how it is doing.
    pub shared: Option<Arc<RedisStore>>,
    /// The file `serve --record` records into: `/api/live/stats` answers from it.
    pub history: Option<std::path::PathBuf>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            rate_limit: NonZeroU32::new(60),
            trust_forwarded_for: false,
            connections: ConnectionLimits::default(),
            unhealthy_after: DEFAULT_UNHEALTHY_AFTER,
            metrics_on_api: true,
            shared: None,
            history: None,
        }
    }
}

/// How long every feed may fail before `/healthz` says the server cannot answer.
const DEFAULT_UNHEALTHY_AFTER: Duration = Duration::from_secs(600);

/// What a connection may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// From accept, or from the end of the previous answer, to a complete request head.
    pub head: Duration,
    /// A write that makes no progress for this long ends the connection.
    pub write: Duration,
    /// Connections open at once; `None`: as many as the file-descriptor limit allows, leaving
    /// room for the feeds' own connections.
    pub max_open: Option<usize>,
    /// Connections open at once from one IP address (at most half of `max_open`).
    pub per_ip: usize,
    /// After shutdown is asked, open requests get this long to finish.
    pub grace: Duration,
    /// Event loops serving connections, one thread each; `None`: one per core.
    pub threads: Option<usize>,
}

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            head: Duration::from_secs(10),
            write: Duration::from_secs(20),
            max_open: None,
            per_ip: 256,
            grace: Duration::from_secs(10),
            threads: None,
        }
    }
}

/// File descriptors kept free of client connections: the listener, the feeds' and a remote
/// source's connections, the runtime's own.
const FD_RESERVE: u64 = 64;
/// The cap when the file-descriptor limit is unknown or very high.
const MAX_OPEN_CEILING: usize = 16_384;

impl ConnectionLimits {
    /// The caps in force, in all and per IP, given the open-file limit.
    pub(crate) fn caps(&self, fd_limit: Option<u64>) -> (usize, usize) {
        let room = fd_limit.map_or(MAX_OPEN_CEILING, |n| {
            usize::try_from(n.saturating_sub(FD_RESERVE)).unwrap_or(MAX_OPEN_CEILING)
        });
        let max = self.max_open.unwrap_or(MAX_OPEN_CEILING).min(room).max(1);
        let per_ip = self.per_ip.min(max.div_ceil(2)).max(1);
        (max, per_ip)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caps_stay_under_the_descriptor_limit_and_one_address_gets_half_at_most() {
        let limits = ConnectionLimits::default();
        assert_eq!(limits.caps(Some(256)), (192, 96));
        assert_eq!(limits.caps(Some(1_048_576)), (MAX_OPEN_CEILING, 256));
        assert_eq!(limits.caps(None), (MAX_OPEN_CEILING, 256));
        assert_eq!(limits.caps(Some(10)), (1, 1), "never zero");
        let set = ConnectionLimits {
            max_open: Some(100),
            per_ip: 8,
            ..ConnectionLimits::default()
        };
        assert_eq!(set.caps(Some(1024)), (100, 8));
    }
}
