//! Requests per minute per client IP (DESIGN.md: 60), with the `RateLimit-*` headers of the IETF
//! draft and `Retry-After` on refusal. governor does the counting (GCRA, one cell per IP).

use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DashMapStateStore;
use governor::{Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::time::Duration;

type Limiter =
    RateLimiter<IpAddr, DashMapStateStore<IpAddr>, DefaultClock, StateInformationMiddleware>;

pub struct PerIpLimit {
    limiter: Limiter,
    per_minute: u32,
}

/// What the limiter said about one request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
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

impl PerIpLimit {
    pub fn per_minute(per_minute: NonZeroU32) -> Self {
        PerIpLimit {
            limiter: RateLimiter::dashmap(Quota::per_minute(per_minute))
                .with_middleware::<StateInformationMiddleware>(),
            per_minute: per_minute.get(),
        }
    }

    pub fn check(&self, ip: IpAddr) -> Verdict {
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
pub fn ceil_secs(d: Duration) -> u64 {
    d.as_secs() + u64::from(d.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_per_minute_then_refused_with_a_wait() {
        let l = PerIpLimit::per_minute(NonZeroU32::new(60).unwrap());
        let ip: IpAddr = "192.0.2.1".parse().unwrap();
        for i in 0..60 {
            match l.check(ip) {
                Verdict::Allowed { remaining, .. } => assert_eq!(remaining, 59 - i),
                v => panic!("request {} refused: {v:?}", i + 1),
            }
        }
        match l.check(ip) {
            Verdict::Refused { retry_after, limit } => {
                assert_eq!(limit, 60);
                assert!(retry_after > Duration::ZERO && retry_after <= Duration::from_secs(1));
            }
            v => panic!("61st allowed: {v:?}"),
        }
        let other: IpAddr = "192.0.2.2".parse().unwrap();
        assert!(matches!(l.check(other), Verdict::Allowed { .. }), "per IP");
    }

    #[test]
    fn rounds_waits_up() {
        assert_eq!(ceil_secs(Duration::from_millis(1)), 1);
        assert_eq!(ceil_secs(Duration::from_secs(2)), 2);
    }
}
