//! The refresh loop that feeds every screen: one task for realtime, one for the board. Each
//! fetches at once, then every interval, backs off after failures, and fetches again (debounced)
//! as soon as the selection changes or `r` is pressed. Answers go to the screen as [`Answer`]s
//! tagged with what they were fetched for, so an answer for a country no longer selected is
//! dropped by `update`. The screens' message type is [`Answer`]; the runtime
//! ([`crate::screen`]) carries it without knowing it.
//!
//! A third fetches the journey of the train whose details are open, as often as boards.
//! A fourth task asks a remote server's station directory what the picker's text matches, once
//! a query, when the typing pauses; the picker shows this process's matches until it answers.

use crate::screen::Failure;
use chrono::{DateTime, Utc};
use railtop_core::clock::Clock;
use railtop_core::model::{DeparturesResponse, JourneyResponse, RealtimeResponse};
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::travellers_board::TravelQuery;
use railtop_feeds::source::{RealtimeQuery, StationsQuery};
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, watch};

/// The screens' events: the terminal's, the clock's, and the pollers' [`Answer`]s.
pub type Event = crate::screen::Event<Answer>;

/// What a poller brings back, tagged with what it was fetched for.
#[derive(Debug)]
pub enum Answer {
    /// An answer of the realtime poller, for `country` (`None`: all countries).
    Realtime {
        country: Option<String>,
        result: Result<Arc<RealtimeResponse>, Failure>,
        at: DateTime<Utc>,
    },
    /// An answer of a board poller, for the board `station` names ([`TravelQuery::key`]).
    Board {
        station: String,
        result: Result<Arc<DeparturesResponse>, Failure>,
        at: DateTime<Utc>,
    },
    /// An answer of the journey poller, for train `id`.
    Journey {
        id: String,
        result: Result<Arc<JourneyResponse>, Failure>,
        at: DateTime<Utc>,
    },
    /// A remote server's stations for the picker's `query` (strings already made safe).
    Stations {
        query: StationsQuery,
        result: Result<Arc<railtop_core::stations::StationsAnswer>, Failure>,
    },
    /// Where the source's GTFS timetables are, when that changed (a first read of a large
    /// bundle takes a while: the header says how far it is).
    Schedules(Vec<railtop_feeds::source::ScheduleStatus>),
    /// The share on time of each of the last 24 hours, oldest first, from the recorded history
    /// (`railtop record`) of this source and of `country` (`None`: all), when it changed.
    History {
        country: Option<String>,
        hours: Vec<Option<f64>>,
    },
}

/// What the pollers should fetch: the screen derives it from its state after every update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Wanted {
    /// Realtime for this country (`None`: all countries).
    pub country: Option<String>,
    /// This board (`None`: no board); its answers come filed under its [`TravelQuery::key`].
    pub board: Option<TravelQuery>,
    /// Bumped to fetch again now (the dashboard's `r`).
    pub generation: u64,
    /// The station picker's search, for a source that searches elsewhere (`None`: no picker).
    pub search: Option<StationsQuery>,
    /// The train whose journey the details window shows (`None`: no window).
    pub journey: Option<String>,
}

/// Tells the screen each change of the source's timetables' state (looked at once a second:
/// a look is a lock per feed, no request), until the screen is gone.
async fn schedules(source: Arc<CachedSource>, actions: mpsc::Sender<Event>) {
    let mut said = Vec::new();
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    loop {
        tick.tick().await;
        let now = source.health().schedules;
        if now != said {
            said.clone_from(&now);
            if actions
                .send(Event::Answer(Answer::Schedules(now)))
                .await
                .is_err()
            {
                return;
            }
        }
    }
}

/// How often the recorded history is read again for the header's sparkline.
const HISTORY_EVERY: Duration = Duration::from_secs(300);

/// Reads the last 24 hours' punctuality from the history file at `path` (at start, every
/// [`HISTORY_EVERY`], and when the screen's country changes) while the file is there, and
/// tells the screen when it changed; ends with the screen. Only the trains `source` recorded
/// in the country on screen count: a file also holding the demo's hours, or another country's,
/// says nothing of these. A file that cannot be read is as no file: the header shows nothing.
pub fn spawn_history(
    path: std::path::PathBuf,
    source: String,
    on_time: i64,
    clock: Clock,
    mut wanted: watch::Receiver<Wanted>,
    actions: mpsc::Sender<Event>,
) {
    tokio::spawn(async move {
        let mut said: Option<(Option<String>, Vec<Option<f64>>)> = None;
        let mut tick = tokio::time::interval(HISTORY_EVERY);
        loop {
            tokio::select! {
                _ = tick.tick() => {}
                changed = wanted.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    let country = wanted.borrow_and_update().country.clone();
                    if said.as_ref().is_some_and(|(c, _)| *c == country) {
                        continue; // another change than the country's
                    }
                    // Holding → passes countries: read the one it stops on.
                    tokio::time::sleep(DEBOUNCE).await;
                }
            }
            let country = wanted.borrow().country.clone();
            let (at, file, source, asked) =
                (clock.now(), path.clone(), source.clone(), country.clone());
            let read = tokio::task::spawn_blocking(move || {
                let scope = railtop_record::stats::Scope {
                    source: Some(&source),
                    country: asked.as_deref(),
                };
                file.is_file()
                    .then(|| railtop_record::stats::hourly(&file, at, 24, on_time, &scope).ok())
                    .flatten()
            })
            .await
            .ok()
            .flatten()
            .unwrap_or_default();
            let now = (country, read);
            if said.as_ref() != Some(&now) {
                said = Some(now.clone());
                let (country, hours) = now;
                if actions
                    .send(Event::Answer(Answer::History { country, hours }))
                    .await
                    .is_err()
                {
                    return;
                }
            }
            if actions.is_closed() {
                return;
            }
        }
    });
}

/// How a poller's fetch went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fetched {
    Answered,
    Failed,
    /// The source is not ready yet (a GTFS timetable being read): asked again in
    /// [`NOT_READY_RETRY`], without backing off.
    NotReady,
}

impl Fetched {
    fn of<T>(result: &Result<T, railtop_feeds::source::SourceError>) -> Fetched {
        match result {
            Ok(_) => Fetched::Answered,
            Err(railtop_feeds::source::SourceError::NotReady(_)) => Fetched::NotReady,
            Err(_) => Fetched::Failed,
        }
    }
}

/// How soon a source that is not ready yet is asked again (the screens' countdown says the same,
/// see `Polled::fail`).
const NOT_READY_RETRY: Duration = Duration::from_secs(5);

/// Quiet time after a selection change before fetching: holding → skips countries, not fetches.
pub(crate) const DEBOUNCE: Duration = Duration::from_millis(250);

pub struct Intervals {
    pub realtime_secs: u64,
    pub board_secs: u64,
}

/// Starts both pollers; they end when the UI drops its end of `actions` or `wanted`.
pub fn spawn(
    source: Arc<CachedSource>,
    clock: Clock,
    wanted: watch::Receiver<Wanted>,
    actions: mpsc::Sender<Event>,
    intervals: Intervals,
) {
    let (s, tx) = (source.clone(), actions.clone());
    tokio::spawn(poll(
        wanted.clone(),
        intervals.realtime_secs,
        |w: &Wanted| (w.country.clone(), w.generation),
        move |w: Wanted| {
            let (s, tx) = (s.clone(), tx.clone());
            async move {
                let query = RealtimeQuery {
                    country: w.country.clone(),
                    stop: None,
                };
                let result = s.realtime(query).await;
                let ok = Fetched::of(&result);
                let action = Event::Answer(Answer::Realtime {
                    country: w.country,
                    result: result
                        .map(|c| screen_safe(&c.value, RealtimeResponse::sanitize))
                        .map_err(|e| Failure::of_source(&e)),
                    at: clock.now(),
                });
                (tx.send(action).await.is_ok(), ok)
            }
        },
    ));
    if source.searches_elsewhere() {
        tokio::spawn(search(source.clone(), wanted.clone(), actions.clone()));
    }
    tokio::spawn(schedules(source.clone(), actions.clone()));
    let (s, tx) = (source.clone(), actions.clone());
    tokio::spawn(poll(
        wanted.clone(),
        intervals.board_secs,
        |w: &Wanted| (w.journey.clone(), w.generation),
        move |w: Wanted| fetch_journey(s.clone(), tx.clone(), clock, w),
    ));
    tokio::spawn(poll(
        wanted,
        intervals.board_secs,
        |w: &Wanted| (w.board.clone(), w.generation),
        move |w: Wanted| fetch_board(source.clone(), actions.clone(), clock, w),
    ));
}

/// Asks the source's station directory each new search of the picker once its typing has
/// paused for [`DEBOUNCE`]; ends with the UI.
async fn search(
    source: Arc<CachedSource>,
    mut wanted: watch::Receiver<Wanted>,
    tx: mpsc::Sender<Event>,
) {
    let mut asked: Option<StationsQuery> = None;
    loop {
        if wanted.changed().await.is_err() {
            return;
        }
        debounce(&mut wanted).await;
        let Some(query) = wanted.borrow_and_update().search.clone() else {
            asked = None;
            continue;
        };
        if asked.as_ref() == Some(&query) {
            continue;
        }
        asked = Some(query.clone());
        let Some(answer) = source.stations(query.clone()) else {
            return;
        };
        let event = Event::Answer(Answer::Stations {
            result: answer
                .await
                .map(Arc::new)
                .map_err(|e| Failure::of_source(&e)),
            query,
        });
        if tx.send(event).await.is_err() {
            return;
        }
    }
}

/// One board poller per board, for the kiosk: each refreshes on its own interval.
pub(crate) fn spawn_boards(
    source: Arc<CachedSource>,
    clock: Clock,
    boards: Vec<TravelQuery>,
    actions: mpsc::Sender<Event>,
    interval_secs: u64,
) {
    for board in boards {
        let (keep, rx) = watch::channel(Wanted {
            country: None,
            board: Some(board),
            generation: 0,
            search: None,
            journey: None,
        });
        let (source, actions) = (source.clone(), actions.clone());
        tokio::spawn(async move {
            // The selection never changes; holding the sender keeps the poller alive.
            let _keep = keep;
            poll(
                rx,
                interval_secs,
                |w: &Wanted| w.board.clone(),
                move |w: Wanted| fetch_board(source.clone(), actions.clone(), clock, w),
            )
            .await;
        });
    }
}

/// Fetches the wanted board and hands it to the UI: (UI still there, fetched).
async fn fetch_board(
    source: Arc<CachedSource>,
    tx: mpsc::Sender<Event>,
    clock: Clock,
    w: Wanted,
) -> (bool, Fetched) {
    let Some(query) = w.board else {
        return (!tx.is_closed(), Fetched::Answered);
    };
    let result = railtop_feeds::source::travellers_board::board(&source, &query).await;
    let ok = Fetched::of(&result);
    let action = Event::Answer(Answer::Board {
        station: query.key(),
        result: result
            // The board is this poll's own copy already: made safe in place, not copied again.
            .map(|mut board| {
                board.sanitize();
                Arc::new(board)
            })
            .map_err(|e| Failure::of_source(&e)),
        at: clock.now(),
    });
    (tx.send(action).await.is_ok(), ok)
}

/// Fetches the journey of the wanted train, as boards are fetched: (UI still there, fetched).
async fn fetch_journey(
    source: Arc<CachedSource>,
    tx: mpsc::Sender<Event>,
    clock: Clock,
    w: Wanted,
) -> (bool, Fetched) {
    let Some(id) = w.journey else {
        return (!tx.is_closed(), Fetched::Answered);
    };
    let result = source.journey(&id).await;
    let ok = Fetched::of(&result);
    let action = Event::Answer(Answer::Journey {
        id,
        result: result
            .map(|c| screen_safe(&c.value, JourneyResponse::sanitize))
            .map_err(|e| Failure::of_source(&e)),
        at: clock.now(),
    });
    (tx.send(action).await.is_ok(), ok)
}

/// The UI's own copy of an answer, with every string made safe for the terminal whatever source
/// it came from (a no-op, without allocating, on strings that are already clean).
fn screen_safe<T: Clone>(answer: &T, sanitize: fn(&mut T)) -> Arc<T> {
    let mut copy = answer.clone();
    sanitize(&mut copy);
    Arc::new(copy)
}

/// One poller: `fetch` returns (UI still there, fetch succeeded). `key` picks the part of the
/// selection this poller cares about.
async fn poll<K, F, Fut>(
    mut wanted: watch::Receiver<Wanted>,
    interval_secs: u64,
    key: impl Fn(&Wanted) -> K,
    fetch: F,
) where
    K: PartialEq,
    F: Fn(Wanted) -> Fut,
    Fut: Future<Output = (bool, Fetched)>,
{
    let mut failures = 0u32;
    loop {
        let current = wanted.borrow_and_update().clone();
        // A bug under a fetch is that fetch's failure (logged once), never the poller's end:
        // the screen, and every SSH viewer of a shared board, keeps its refresh.
        let (alive, ok) = railtop_core::panics::caught("a poller's fetch", fetch(current.clone()))
            .await
            .unwrap_or((true, Fetched::Failed));
        if !alive {
            return;
        }
        let wait = match ok {
            Fetched::Answered => {
                failures = 0;
                railtop_core::backoff::after(Duration::from_secs(interval_secs), 0)
            }
            Fetched::Failed => {
                failures = failures.saturating_add(1);
                railtop_core::backoff::after(Duration::from_secs(interval_secs), failures)
            }
            // Not a failure: asked again soon, with no backoff.
            Fetched::NotReady => NOT_READY_RETRY.min(Duration::from_secs(interval_secs)),
        };
        let deadline = tokio::time::Instant::now() + wait;
        // Sleep until the next refresh, unless what we fetch for changes first.
        loop {
            tokio::select! {
                _ = tokio::time::sleep_until(deadline) => break,
                changed = wanted.changed() => {
                    if changed.is_err() {
                        return;
                    }
                    if key(&wanted.borrow()) != key(&current) {
                        debounce(&mut wanted).await;
                        failures = 0;
                        break;
                    }
                }
            }
        }
    }
}

/// Waits until the selection has been still for [`DEBOUNCE`].
async fn debounce(wanted: &mut watch::Receiver<Wanted>) {
    loop {
        tokio::select! {
            _ = tokio::time::sleep(DEBOUNCE) => return,
            changed = wanted.changed() => if changed.is_err() { return },
        }
    }
}

#[cfg(test)]
mod tests;
