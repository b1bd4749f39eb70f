//! One poller for every viewer: the boards are fetched by the kiosk's pollers once, filed with the
//! kiosk's own rule, and published through a `watch` channel that each session reads. The upstream
//! sees the same requests whether one person watches or a thousand.

use crate::clock::Clock;
use crate::kiosk::record_board;
use crate::model::DeparturesResponse;
use crate::screen::{poller, Event, Polled};
use crate::source::cache::CachedSource;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

pub type Boards = Arc<Vec<Polled<DeparturesResponse>>>;

/// Starts the pollers; the returned channel always holds the latest boards, and the counter the
/// answers received so far (each one fetch).
pub fn spawn(
    source: Arc<CachedSource>,
    clock: Clock,
    stations: Vec<String>,
    interval_secs: u64,
) -> (watch::Receiver<Boards>, Arc<AtomicU64>) {
    let (answers_tx, mut answers) = mpsc::channel::<Event>(16);
    poller::spawn_boards(source, clock, stations.clone(), answers_tx, interval_secs);
    let mut boards: Vec<Polled<DeparturesResponse>> =
        stations.iter().map(|_| Polled::default()).collect();
    let (publish, latest) = watch::channel(Arc::new(boards.clone()));
    let fetches = Arc::new(AtomicU64::new(0));
    let counted = fetches.clone();
    tokio::spawn(async move {
        while let Some(action) = answers.recv().await {
            if let Event::Board {
                station,
                result,
                at,
            } = action
            {
                counted.fetch_add(1, Ordering::Relaxed);
                record_board(&mut boards, &stations, &station, result, at, interval_secs);
                if publish.send(Arc::new(boards.clone())).is_err() {
                    break; // the server has stopped
                }
            }
        }
    });
    (latest, fetches)
}
