//! Events that can come by the thousand a second (refused connections, rate-limited requests,
//! failing accepts) are logged as a count per interval, never a line each: an attacker must not
//! be able to turn requests into log volume.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Counts one kind of event and says, at most once per interval, how many there were.
pub struct Tally {
    what: &'static str,
    every: Duration,
    count: AtomicU64,
    total: AtomicU64,
    last: Mutex<Option<Instant>>,
}

impl Tally {
    /// `what` completes "N {what} in the last S s", e.g. "connections refused (limits)".
    pub const fn new(what: &'static str, every: Duration) -> Tally {
        Tally {
            what,
            every,
            count: AtomicU64::new(0),
            total: AtomicU64::new(0),
            last: Mutex::new(None),
        }
    }

    /// Counts one event; logs the count when the interval has passed since the last line (the
    /// first event logs at once), with `detail` of this event, cleaned, as the example.
    pub fn add(&self, detail: &dyn std::fmt::Display) {
        self.count.fetch_add(1, Ordering::Relaxed);
        self.total.fetch_add(1, Ordering::Relaxed);
        if let Some((n, secs)) = self.due() {
            tracing::warn!(
                count = n,
                seconds = secs,
                example = %crate::text::cleaned(&detail.to_string()),
                "{n} {} in the last {secs} s",
                self.what
            );
        }
    }

    /// Events counted since the start.
    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// The count to log now and over how many seconds, if a line is due.
    fn due(&self) -> Option<(u64, u64)> {
        let mut last = self.last.lock().unwrap_or_else(|p| p.into_inner());
        let now = Instant::now();
        let secs = match *last {
            Some(at) if now.duration_since(at) < self.every => return None,
            Some(at) => now.duration_since(at).as_secs().max(1),
            None => 0,
        };
        *last = Some(now);
        Some((self.count.swap(0, Ordering::Relaxed), secs))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_is_one_line_per_interval() {
        let tally = Tally::new("things", Duration::from_millis(50));
        assert_eq!(tally.count.load(Ordering::Relaxed), 0);
        tally.count.fetch_add(1, Ordering::Relaxed);
        assert_eq!(
            tally.due(),
            Some((1, 0)),
            "the first event is logged at once"
        );
        for _ in 0..1000 {
            tally.count.fetch_add(1, Ordering::Relaxed);
            assert_eq!(tally.due(), None);
        }
        std::thread::sleep(Duration::from_millis(60));
        tally.count.fetch_add(1, Ordering::Relaxed);
        assert_eq!(tally.due(), Some((1001, 1)));
    }
}
