//! Events that can come by the thousand a second (refused connections, rate-limited requests,
//! failing accepts) are logged as a count per interval, never a line each: an attacker must not
//! be able to turn requests into log volume.

use std::collections::HashMap;
use std::net::IpAddr;
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
                example = %railtop_core::text::cleaned(&detail.to_string()),
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

/// A budget of log lines per client and interval: within it each event is a line of its own,
/// beyond it the lines are counted in a [`Tally`]. One client cannot fill the log, and the others'
/// lines still appear.
pub struct LinesPerPeer {
    lines: u32,
    every: Duration,
    /// Made at the first line (a `static` cannot build a map).
    peers: Mutex<Option<HashMap<IpAddr, (Instant, u32)>>>,
}

/// Clients remembered at once; past it the memory starts afresh (a flood from many addresses
/// then writes at most `lines` each per interval before the tally takes over).
const MAX_PEERS: usize = 4096;

impl LinesPerPeer {
    pub const fn new(lines: u32, every: Duration) -> LinesPerPeer {
        LinesPerPeer {
            lines,
            every,
            peers: Mutex::new(None),
        }
    }

    /// Whether `peer` may have one more line now (counting it).
    pub fn allow(&self, peer: IpAddr) -> bool {
        let mut peers = self.peers.lock().unwrap_or_else(|p| p.into_inner());
        let peers = peers.get_or_insert_with(HashMap::new);
        let now = Instant::now();
        if peers.len() >= MAX_PEERS && !peers.contains_key(&peer) {
            peers.retain(|_, (since, _)| now.duration_since(*since) < self.every);
            if peers.len() >= MAX_PEERS {
                peers.clear();
            }
        }
        let (since, used) = peers.entry(peer).or_insert((now, 0));
        if now.duration_since(*since) >= self.every {
            (*since, *used) = (now, 0);
        }
        *used = used.saturating_add(1);
        *used <= self.lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_client_has_its_own_budget_of_lines() {
        let budget = LinesPerPeer::new(3, Duration::from_millis(50));
        let (a, b): (IpAddr, IpAddr) = ("192.0.2.1".parse().unwrap(), "192.0.2.2".parse().unwrap());
        assert_eq!((0..10).filter(|_| budget.allow(a)).count(), 3);
        assert!(budget.allow(b), "another client still logs");
        std::thread::sleep(Duration::from_millis(60));
        assert!(budget.allow(a), "a new interval, a new budget");
    }

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
