//! One poller per distinct board, whatever the number of browsers showing it: the first page or
//! event stream asking for a board starts the kiosk's poller for it (`kiosk::pollers`), every
//! later one reads the same channel. A board no one has asked for in [`IDLE`] is let go (its
//! poller ends when its last open stream closes). At most `max_boards` are kept at once, so
//! addresses made up by the thousand cannot make the server poll a thousand boards; when all are
//! taken, the one asked for longest ago goes if no one has asked for it in [`RECENT`] (an
//! attacker's junk cannot keep an honest board out for long), and one client may start at most
//! [`PER_CLIENT`] boards in [`IDLE`].

use crate::kiosk::pollers::{self, Boards};
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::travellers_board::TravelQuery;
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// A board no page or stream has asked for in this long is let go.
pub const IDLE: Duration = Duration::from_secs(600);
/// A board asked for this recently is not let go to make room for another.
pub const RECENT: Duration = Duration::from_secs(30);
/// Boards one client may start in [`IDLE`].
pub const PER_CLIENT: usize = 16;

struct Kept {
    boards: watch::Receiver<Boards>,
    asked: Instant,
}

/// The boards being polled for browsers, by their key ([`TravelQuery::key`]).
pub struct Hub {
    source: Arc<CachedSource>,
    clock: Clock,
    interval_secs: u64,
    max_boards: usize,
    kept: Mutex<HashMap<String, Kept>>,
    /// When each client started its boards of the last [`IDLE`].
    started: Mutex<HashMap<IpAddr, Vec<Instant>>>,
}

/// Why a board cannot be polled now.
#[derive(Debug, thiserror::Error)]
pub enum Full {
    #[error("this server shows {0} boards to browsers already; try again later")]
    Boards(usize),
    #[error("this address has started {0} boards in the last ten minutes; try again later")]
    Client(usize),
}

impl Hub {
    pub fn new(
        source: Arc<CachedSource>,
        clock: Clock,
        interval_secs: u64,
        max_boards: usize,
    ) -> Hub {
        Hub {
            source,
            clock,
            interval_secs,
            max_boards,
            kept: Mutex::new(HashMap::new()),
            started: Mutex::new(HashMap::new()),
        }
    }

    /// The channel of `board`'s answers, its poller started (for `client`) if it is new.
    pub fn board(
        &self,
        board: &TravelQuery,
        client: IpAddr,
    ) -> Result<watch::Receiver<Boards>, Full> {
        let key = board.key();
        let now = Instant::now();
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(k) = kept.get_mut(&key) {
            k.asked = now;
            return Ok(k.boards.clone());
        }
        let mut started = self
            .started
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        started.retain(|_, times| {
            times.retain(|t| now.duration_since(*t) < IDLE);
            !times.is_empty()
        });
        let mine = started.entry(client).or_default();
        if mine.len() >= PER_CLIENT {
            return Err(Full::Client(PER_CLIENT));
        }
        kept.retain(|_, k| now.duration_since(k.asked) < IDLE);
        if kept.len() >= self.max_boards {
            // The one asked for longest ago goes, if it is not in use now.
            let oldest = kept
                .iter()
                .min_by_key(|(_, k)| k.asked)
                .filter(|(_, k)| now.duration_since(k.asked) >= RECENT)
                .map(|(key, _)| key.clone());
            match oldest {
                Some(key) => {
                    kept.remove(&key);
                }
                None => return Err(Full::Boards(self.max_boards)),
            }
        }
        mine.push(now);
        let (boards, _) = pollers::spawn(
            self.source.clone(),
            self.clock,
            vec![board.clone()],
            self.interval_secs,
            railtop_core::metrics::web_board_fetch,
        );
        kept.insert(
            key,
            Kept {
                boards: boards.clone(),
                asked: now,
            },
        );
        Ok(boards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use railtop_feeds::source::cache::CacheConfig;
    use railtop_feeds::source::demo::DemoSource;

    fn made(max_boards: usize) -> Hub {
        let clock = Clock::Fixed(crate::test_support::now());
        let demo = DemoSource::new(1, 1, clock).unwrap_or_else(|e| panic!("{e}"));
        let source = Arc::new(CachedSource::new(Arc::new(demo), CacheConfig::default()));
        Hub::new(source, clock, 30, max_boards)
    }

    #[tokio::test]
    async fn boards_are_shared_capped_in_all_and_per_client() {
        let (a, b) = (IpAddr::from([127, 0, 0, 1]), IpAddr::from([127, 0, 0, 2]));
        let hub = made(4);
        for n in 0..4 {
            assert!(hub
                .board(&TravelQuery::departures(&format!("S{n}")), a)
                .is_ok());
        }
        // All four asked for just now: a fifth waits, another client's too.
        assert!(matches!(
            hub.board(&TravelQuery::departures("S9"), b),
            Err(Full::Boards(4))
        ));
        // A board already polled is shared, whoever asks.
        assert!(hub.board(&TravelQuery::departures("S0"), b).is_ok());
        // One client starts at most PER_CLIENT boards; the next client is not held to its count.
        let hub = made(100);
        for n in 0..PER_CLIENT {
            assert!(hub
                .board(&TravelQuery::departures(&format!("S{n}")), a)
                .is_ok());
        }
        assert!(matches!(
            hub.board(&TravelQuery::departures("T"), a),
            Err(Full::Client(PER_CLIENT))
        ));
        assert!(hub.board(&TravelQuery::departures("T"), b).is_ok());
    }
}
