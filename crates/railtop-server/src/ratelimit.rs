//! Requests per minute per client IP (the interface: 60, docs/api.md), with the `RateLimit-*` headers of the IETF
//! draft and `Retry-After` on refusal. governor does the counting (GCRA, one cell per IP); with
//! `--redis`, the same GCRA runs in Redis (one bucket per IP for every instance) and governor
//! counts only while Redis is unavailable.

use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DashMapStateStore;
use governor::{Quota, RateLimiter};
use railtop_feeds::redis_store::RedisStore;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

type Limiter =
    RateLimiter<IpAddr, DashMapStateStore<IpAddr>, DefaultClock, StateInformationMiddleware>;

pub(crate) struct PerIpLimit {
    limiter: Limiter,
    per_minute: u32,
    shared: Option<Arc<RedisStore>>,
}

/// What the limiter said about one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Verdict {
    Allowed {
        limit: u32,
        remaining: u32,
        reset: Duration,
    },
    Refused {
        limit: u32,
        retry_after: Duration,
    },
}

/// The bucket an address counts in: an IPv4 address its own; an IPv6 address its /64 (one
/// subscriber's prefix holds 2^64 addresses, each otherwise a fresh bucket); an IPv4-mapped IPv6
/// address its IPv4 one.
pub(crate) fn bucket_of(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(
                u128::from(v6) & !((1u128 << 64) - 1),
            )),
        },
    }
}

impl PerIpLimit {
    /// `per_minute` requests a minute per IP, counted in `shared` when there is one.
    pub fn per_minute(per_minute: NonZeroU32, shared: Option<Arc<RedisStore>>) -> Self {
        PerIpLimit {
            limiter: RateLimiter::dashmap(Quota::per_minute(per_minute))
                .with_middleware::<StateInformationMiddleware>(),
            per_minute: per_minute.get(),
            shared,
        }
    }

    /// Counts one request of `ip`: in the shared bucket, else (no Redis, or Redis unavailable)
    /// in this instance's own.
    pub async fn check(&self, ip: IpAddr) -> Verdict {
        let ip = bucket_of(ip);
        let limit = self.per_minute;
        let refill = Duration::from_secs(60) / limit;
        if let Some(store) = &self.shared {
            match store.bucket(&ip.to_string(), limit, refill).await {
                Ok(b) if b.allowed => {
                    return Verdict::Allowed {
                        limit,
                        remaining: b.remaining,
                        reset: b.wait,
                    }
                }
                Ok(b) => {
                    return Verdict::Refused {
                        limit,
                        retry_after: b.wait,
                    }
                }
                Err(_) => railtop_core::metrics::redis_fallback("limit"),
            }
        }
        self.check_local(ip)
    }

    /// Counts one request of `ip` in this process's own bucket (the SSH server's connection
    /// rate, and the API's while Redis is unavailable).
    pub(crate) fn check_local(&self, ip: IpAddr) -> Verdict {
        let ip = bucket_of(ip);
        let limit = self.per_minute;
        let refill = Duration::from_secs(60) / limit;
        match self.limiter.check_key(&ip) {
            Ok(snapshot) => {
                let remaining = snapshot.remaining_burst_capacity();
                Verdict::Allowed {
                    limit,
                    remaining,
                    // Until the whole quota is back.
                    reset: refill * (limit - remaining),
                }
            }
            Err(not_until) => Verdict::Refused {
                limit,
                retry_after: not_until.wait_time_from(self.limiter.clock().now()),
            },
        }
    }

    /// Forgets clients whose quota is full again, so memory follows the active clients only.
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// Whole seconds, rounded up: a client told "0" would come straight back.
pub(crate) fn ceil_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_subscriber_has_one_bucket_for_its_64() {
        let limit = PerIpLimit::per_minute(NonZeroU32::new(2).unwrap(), None);
        for host in 1..=2u16 {
            let ip: IpAddr = format!("2001:db8:1:2::{host:x}").parse().unwrap();
            assert!(matches!(limit.check_local(ip), Verdict::Allowed { .. }));
        }
        let same_64: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        assert!(matches!(
            limit.check_local(same_64),
            Verdict::Refused { .. }
        ));
        let next_64: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert!(matches!(
            limit.check_local(next_64),
            Verdict::Allowed { .. }
        ));
        let mapped: IpAddr = "::ffff:192.0.2.7".parse().unwrap();
        assert_eq!(bucket_of(mapped), "192.0.2.7".parse::<IpAddr>().unwrap());
    }

    #[tokio::test]
    async fn sixty_per_minute_then_refused_with_a_wait() {
        let l = PerIpLimit::per_minute(NonZeroU32::new(60).unwrap(), None);
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        for i in 0..60 {
            match l.check(ip).await {
                Verdict::Allowed { remaining, .. } => assert_eq!(remaining, 59 - i),
                v => panic!("request {} refused: {v:?}", i + 1),
            }
        }
        match l.check(ip).await {
            Verdict::Refused { retry_after, limit } => {
                assert_eq!(limit, 60);
                assert!(retry_after > Duration::ZERO && retry_after <= Duration::from_secs(1));
            }
            v => panic!("61st allowed: {v:?}"),
        }
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        assert!(
            matches!(l.check(other).await, Verdict::Allowed { .. }),
            "per IP"
        );
    }

    #[test]
    fn rounds_waits_up() {
        assert_eq!(ceil_secs(Duration::from_millis(1)), 1);
        assert_eq!(ceil_secs(Duration::from_secs(2)), 2);
    }
}
