//! One poller for every viewer: the boards are fetched by the kiosk's pollers once, filed with the
//! kiosk's own rule, and published through a `watch` channel that each viewer reads (an SSH
//! session, a browser's page and its events). The upstream sees the same requests whether one
//! person watches or a thousand. The pollers end when the last reader of their channel is gone.

use super::state::record_board;
use crate::refresh::{Answer, Event};
use crate::screen::Polled;
use railtop_core::clock::Clock;
use railtop_core::model::DeparturesResponse;
use railtop_feeds::source::cache::CachedSource;
use railtop_feeds::source::travellers_board::TravelQuery;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::{mpsc, watch};

pub(crate) type Boards = Arc<Vec<Polled<DeparturesResponse>>>;

/// Starts the pollers; the returned channel always holds the latest boards, and the counter the
/// answers received so far (each one fetch). `fetched` counts each fetch in the metrics under
/// the station's label (the SSH board's or the browser's).
pub fn spawn(
    source: Arc<CachedSource>,
    clock: Clock,
    queries: Vec<TravelQuery>,
    interval_secs: u64,
    fetched: fn(&str),
) -> (watch::Receiver<Boards>, Arc<AtomicU64>) {
    let (answers_tx, mut answers) = mpsc::channel::<Event>(16);
    let stations: Vec<String> = queries.iter().map(TravelQuery::key).collect();
    crate::refresh::spawn_boards(source, clock, queries, answers_tx, interval_secs);
    let mut boards: Vec<Polled<DeparturesResponse>> =
        stations.iter().map(|_| Polled::default()).collect();
    let (publish, latest) = watch::channel(Arc::new(boards.clone()));
    let fetches = Arc::new(AtomicU64::new(0));
    let counted = fetches.clone();
    tokio::spawn(async move {
        while let Some(action) = answers.recv().await {
            if let Event::Answer(Answer::Board {
                station,
                result,
                at,
            }) = action
            {
                counted.fetch_add(1, Ordering::Relaxed);
                fetched(&railtop_core::stations::current().label(&station));
                record_board(&mut boards, &stations, &station, result, at, interval_secs);
                if publish.send(Arc::new(boards.clone())).is_err() {
                    break; // the server has stopped
                }
            }
        }
    });
    (latest, fetches)
}

#[cfg(test)]
mod tests {
    use super::*;
    use railtop_feeds::source::cache::CacheConfig;
    use std::time::Duration;

    #[tokio::test]
    async fn a_feed_that_panics_marks_its_board_failing_and_the_boards_go_on() {
        let source = Arc::new(CachedSource::new(
            Arc::new(crate::test_support::PanickingSource),
            CacheConfig::default(),
        ));
        let clock = Clock::Fixed(crate::test_support::now());
        let (mut latest, fetches) = spawn(
            source,
            clock,
            vec![TravelQuery::departures("BRU")],
            30,
            |_| {},
        );
        tokio::time::timeout(Duration::from_secs(5), latest.changed())
            .await
            .expect("a board within 5 s")
            .expect("the boards are still published");
        let boards = latest.borrow().clone();
        assert!(boards[0].data.is_none());
        let error = boards[0].error.clone().unwrap_or_default();
        assert!(error.contains("a bug, logged"), "{error}");
        assert_eq!(fetches.load(Ordering::Relaxed), 1);
        assert!(latest.has_changed().is_ok(), "the poller lives on");
    }
}
