//! One poller per distinct board, whatever the number of browsers showing it: the first page or
//! event stream asking for a board starts the kiosk's poller for it (`kiosk::pollers`), every
//! later one reads the same channel. A board no one has asked for in [`IDLE`] is let go (its
//! poller ends when its last open stream closes), and at most [`WebLimits::boards`] are kept at
//! once, so addresses made up by the thousand cannot make the server poll a thousand boards.

use crate::kiosk::pollers::{self, Boards};
use railtop_core::clock::Clock;
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::travellers_board::TravelQuery;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// A board no page or stream has asked for in this long is let go.
pub const IDLE: Duration = Duration::from_secs(600);

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
}

/// Every board the hub may poll at once is being polled.
#[derive(Debug, thiserror::Error)]
#[error("this server shows {0} boards to browsers already; try again later")]
pub struct Full(pub usize);

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
        }
    }

    /// The channel of `board`'s answers, its poller started if it is new.
    pub fn board(&self, board: &TravelQuery) -> Result<watch::Receiver<Boards>, Full> {
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
        kept.retain(|_, k| now.duration_since(k.asked) < IDLE);
        if kept.len() >= self.max_boards {
            return Err(Full(self.max_boards));
        }
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
