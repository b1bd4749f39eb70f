//! One stream of answers (realtime or a board) as the screen sees it: the last good answer, when it
//! came, the last error, and when the next try is due. A failure keeps the old data on screen.

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Feed<T> {
    /// The last good answer (kept through failures).
    pub data: Option<Arc<T>>,
    /// When the last good answer arrived.
    pub received_at: Option<DateTime<Utc>>,
    /// The last failure, cleared by the next success.
    pub error: Option<String>,
    /// Failures in a row: drives the backoff.
    pub failures: u32,
    /// When the poller will ask next.
    pub next_fetch: Option<DateTime<Utc>>,
    /// When the current run of failures began.
    pub failing_since: Option<DateTime<Utc>>,
}

impl<T> Default for Feed<T> {
    fn default() -> Self {
        Feed {
            data: None,
            received_at: None,
            error: None,
            failures: 0,
            next_fetch: None,
            failing_since: None,
        }
    }
}

/// The longest wait between retries of a failing feed.
pub const MAX_BACKOFF_SECS: i64 = 300;

/// Seconds to wait after `failures` failures in a row: the interval, doubled per failure, capped.
pub fn backoff_secs(interval_secs: u64, failures: u32) -> i64 {
    let base = interval_secs.max(1) as i64;
    if failures == 0 {
        return base;
    }
    let factor = 1i64 << failures.min(16);
    (base.saturating_mul(factor)).min(MAX_BACKOFF_SECS.max(base))
}

impl<T> Feed<T> {
    pub fn succeed(&mut self, data: Arc<T>, now: DateTime<Utc>, interval_secs: u64) {
        self.data = Some(data);
        self.received_at = Some(now);
        self.error = None;
        self.failures = 0;
        self.failing_since = None;
        self.next_fetch = Some(now + Duration::seconds(backoff_secs(interval_secs, 0)));
    }

    pub fn fail(&mut self, error: String, now: DateTime<Utc>, interval_secs: u64) {
        self.error = Some(error);
        self.failures = self.failures.saturating_add(1);
        self.failing_since.get_or_insert(now);
        self.next_fetch = Some(now + Duration::seconds(backoff_secs(interval_secs, self.failures)));
    }

    /// Forgets everything (a new country or station was chosen).
    pub fn reset(&mut self) {
        *self = Feed::default();
    }

    /// Data that failed to refresh is shown dimmed.
    pub fn is_stale(&self) -> bool {
        self.error.is_some() && self.data.is_some()
    }

    pub fn age_secs(&self, now: DateTime<Utc>) -> Option<i64> {
        self.received_at.map(|t| (now - t).num_seconds().max(0))
    }

    pub fn next_in_secs(&self, now: DateTime<Utc>) -> Option<i64> {
        self.next_fetch.map(|t| (t - now).num_seconds().max(0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_and_caps() {
        assert_eq!(backoff_secs(15, 0), 15);
        assert_eq!(backoff_secs(15, 1), 30);
        assert_eq!(backoff_secs(15, 2), 60);
        assert_eq!(backoff_secs(15, 10), MAX_BACKOFF_SECS);
        assert_eq!(backoff_secs(600, 3), 600, "never shorter than the interval");
    }
}
