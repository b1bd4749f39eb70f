//! Unit tests of `refresh.rs`, beside it (the file would pass 400 lines with them).

use super::*;
use railtop_feeds::source::cache::CacheConfig;
use railtop_feeds::source::{DeparturesQuery, LiveSource, SourceFuture, SourceInfo};
use std::sync::Mutex;

/// Records which countries were asked for.
#[derive(Default)]
struct Recorder(Mutex<Vec<Option<String>>>);

impl LiveSource for Recorder {
    fn info(&self) -> SourceInfo {
        SourceInfo {
            name: "rec".into(),
            is_demo: true,
            attribution: String::new(),
            feeds: Vec::new(),
        }
    }
    fn realtime(&self, q: RealtimeQuery) -> SourceFuture<'_, RealtimeResponse> {
        self.0.lock().unwrap().push(q.country);
        Box::pin(std::future::ready(Ok(RealtimeResponse::default())))
    }
    fn departures(&self, _: DeparturesQuery) -> SourceFuture<'_, DeparturesResponse> {
        Box::pin(std::future::ready(Ok(DeparturesResponse::default())))
    }
}

fn wanted(country: Option<&str>, generation: u64) -> Wanted {
    Wanted {
        country: country.map(String::from),
        board: None,
        generation,
        search: None,
        journey: None,
    }
}

#[tokio::test]
async fn fetches_at_once_then_on_change_debounced() {
    let recorder = Arc::new(Recorder::default());
    let cache = CacheConfig {
        realtime_ttl: Duration::ZERO,
        ..CacheConfig::default()
    };
    let source = Arc::new(CachedSource::new(recorder.clone(), cache));
    let (wanted_tx, wanted_rx) = watch::channel(wanted(None, 0));
    let (tx, mut rx) = mpsc::channel(16);
    let intervals = Intervals {
        realtime_secs: 3600,
        board_secs: 3600,
    };
    spawn(source, Clock::System, wanted_rx, tx, intervals);
    let first = rx.recv().await.unwrap();
    assert!(matches!(
        first,
        Event::Answer(Answer::Realtime { country: None, .. })
    ));

    // Holding → through three countries fetches only the last one.
    for c in ["finland", "ireland", "norway"] {
        wanted_tx.send_replace(wanted(Some(c), 0));
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let next = tokio::time::timeout(Duration::from_secs(2), rx.recv())
        .await
        .unwrap()
        .unwrap();
    assert!(
        matches!(next, Event::Answer(Answer::Realtime { country: Some(ref c), .. }) if c == "norway"),
        "{next:?}"
    );
    // `r` fetches again at once.
    wanted_tx.send_replace(wanted(Some("norway"), 1));
    let again = tokio::time::timeout(Duration::from_secs(2), rx.recv())
        .await
        .unwrap()
        .unwrap();
    assert!(matches!(again, Event::Answer(Answer::Realtime { .. })));
    assert_eq!(
        *recorder.0.lock().unwrap(),
        [None, Some("norway".to_string()), Some("norway".to_string())]
    );
    // The pollers end with the UI.
    drop(rx);
    drop(wanted_tx);
}
