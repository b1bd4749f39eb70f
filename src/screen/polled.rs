//! One polled stream of answers (realtime or a board) as a screen sees it: the last good answer,
//! when it came, the last error, and when the next try is due. A failure keeps the old data on
//! screen. (Named for what it tracks, the freshness of polled data, so that it is not confused
//! with an upstream feed.)

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;

#[derive(Debug, Clone)]
pub struct Polled<T> {
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
    /// The source answered "not ready yet" (a GTFS timetable being read): no failure, asked
    /// again soon.
    pub waiting: bool,
}

impl<T> Default for Polled<T> {
    fn default() -> Self {
        Polled {
            data: None,
            received_at: None,
            error: None,
            failures: 0,
            next_fetch: None,
            failing_since: None,
            waiting: false,
        }
    }
}

/// How soon a source that is not ready yet is asked again.
const WAITING_RETRY: Duration = Duration::seconds(5);

/// The wait after `failures` failures in a row, in whole seconds (see [`railtop_core::backoff`]).
fn backoff(interval_secs: u64, failures: u32) -> Duration {
    let wait =
        railtop_core::backoff::after(std::time::Duration::from_secs(interval_secs), failures);
    i64::try_from(wait.as_secs())
        .ok()
        .and_then(Duration::try_seconds)
        .unwrap_or(Duration::days(1))
}

impl<T> Polled<T> {
    pub fn succeed(&mut self, data: Arc<T>, now: DateTime<Utc>, interval_secs: u64) {
        self.data = Some(data);
        self.received_at = Some(now);
        self.error = None;
        self.failures = 0;
        self.failing_since = None;
        self.waiting = false;
        self.next_fetch = Some(now + backoff(interval_secs, 0));
    }

    pub fn fail(&mut self, error: Failure, now: DateTime<Utc>, interval_secs: u64) {
        if error.waiting {
            // Not a failure: no backoff, no "unavailable since"; asked again soon.
            self.error = Some(error.text);
            self.waiting = true;
            self.next_fetch = Some(now + WAITING_RETRY.min(backoff(interval_secs, 0)));
            return;
        }
        self.waiting = false;
        self.error = Some(error.text);
        self.failures = self.failures.saturating_add(1);
        self.failing_since.get_or_insert(now);
        self.next_fetch = Some(now + backoff(interval_secs, self.failures));
    }

    /// Forgets everything (a new country or station was chosen).
    pub fn reset(&mut self) {
        *self = Polled::default();
    }

    /// Data that failed to refresh is shown dimmed.
    pub(crate) fn is_stale(&self) -> bool {
        self.error.is_some() && self.data.is_some()
    }

    pub(crate) fn age_secs(&self, now: DateTime<Utc>) -> Option<i64> {
        self.received_at.map(|t| (now - t).num_seconds().max(0))
    }

    pub(crate) fn next_in_secs(&self, now: DateTime<Utc>) -> Option<i64> {
        self.next_fetch.map(|t| (t - now).num_seconds().max(0))
    }
}
/// Why an answer did not come, as a screen shows it: one line that went through the one
/// sanitiser (`text::cleaned`), so a hostile error message cannot reach a terminal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Failure {
    text: String,
    /// The source is not ready yet (503): no failure of a feed.
    waiting: bool,
}

impl Failure {
    pub fn of(error: &impl std::fmt::Display) -> Failure {
        Failure {
            text: railtop_core::text::cleaned(&error.to_string()),
            waiting: false,
        }
    }

    /// A source's error: "not ready yet" is told apart from a failure.
    pub fn of_source(error: &railtop_feeds::source::SourceError) -> Failure {
        Failure {
            waiting: matches!(error, railtop_feeds::source::SourceError::NotReady(_)),
            ..Failure::of(error)
        }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// For tests and fixed words: still through the sanitiser.
impl From<&str> for Failure {
    fn from(s: &str) -> Failure {
        Failure::of(&s)
    }
}

/// "12 s", "4 min", "2 h".
pub(crate) fn age_text(secs: i64) -> String {
    match secs {
        s if s < 90 => format!("{s} s"),
        s if s < 90 * 60 => format!("{} min", s / 60),
        s => format!("{} h", s / 3600),
    }
}
