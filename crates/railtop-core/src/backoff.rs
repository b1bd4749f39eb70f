//! How long to wait after failures, written once for the screens' pollers and the feeds' HTTP:
//! the wait starts at the interval and doubles with each failure in a row, up to five minutes
//! (never shorter than the interval itself, so a slow interval is not made faster by failing).

use std::time::Duration;

/// The longest wait between retries of a failing fetch.
pub(crate) const MAX_BACKOFF: Duration = Duration::from_secs(300);

/// The longest any wait may be, whatever interval it is given: a time from outside can never
/// overflow the clock it is added to.
const MAX_WAIT: Duration = Duration::from_secs(86_400);

/// The wait after `failures` failures in a row: the interval, doubled per failure, capped.
pub fn after(interval: Duration, failures: u32) -> Duration {
    let base = interval.clamp(Duration::from_secs(1), MAX_WAIT);
    if failures == 0 {
        return base;
    }
    let factor = 1u32 << failures.min(16);
    base.saturating_mul(factor).min(MAX_BACKOFF.max(base))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_caps() {
        let secs = |interval, failures| after(Duration::from_secs(interval), failures).as_secs();
        assert_eq!(secs(15, 0), 15);
        assert_eq!(secs(15, 1), 30);
        assert_eq!(secs(15, 2), 60);
        assert_eq!(secs(15, 10), MAX_BACKOFF.as_secs());
        assert_eq!(secs(600, 3), 600, "never shorter than the interval");
        assert_eq!(secs(1, 1), 2, "a feed's first retry after one failure");
        assert_eq!(secs(1, 30), 300);
        assert_eq!(secs(u64::MAX, 0), 86_400, "bounded whatever it is given");
        assert_eq!(secs(i64::MAX as u64, 5), 86_400);
    }
}
