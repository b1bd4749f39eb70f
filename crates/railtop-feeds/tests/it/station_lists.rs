//! The feeds' station lists: each station endpoint read on loopback, as its fixture folder's
//! `routes.txt` expects (`stations`, `not-stations`), and the daily refresh, the last list kept
//! through a failure and a restart. (The command line searching the cached lists is the root
//! crate's test: it runs the binary.)

use axum::http::{StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use chrono::{DateTime, Utc};
use railtop_core::config::FeedSettings;
use railtop_core::model::Train;
use railtop_feeds::test_support::fixture;
use railtop_feeds::test_support::play::{folder_of, play, routes, serve};
use railtop_feeds::upstream::http::FeedSpec;
use railtop_feeds::upstream::registry;
use railtop_feeds::upstream::{Board, BoardAsk, Feed, FeedFuture};
use std::sync::{Arc, Mutex};

/// Every feed with a station endpoint, played on loopback from its fixture folder: the list
/// the directory gets, cleaned (unusable positions, foreign stations and broken records out).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_station_endpoint_lists_its_stations_on_loopback() {
    let client = railtop_feeds::upstream::http::client().unwrap();
    for row in registry::FEEDS {
        let slug = row.country.slug;
        let folder = folder_of(row);
        let said = routes(folder);
        let base = play(folder, Arc::new(Mutex::new(Vec::new()))).await;
        // Bundles at whole URLs are left behind when a feed moves: name them.
        let static_gtfs = said.static_path.map(|path| format!("{base}{path}"));
        let settings = FeedSettings {
            key: Some("test-key".into()),
            static_gtfs,
            ..FeedSettings::at(base)
        };
        let feed = row.open(client.clone(), &settings).unwrap();
        let list = feed.station_list().await;
        match said.stations {
            Some(has) => {
                let list = list
                    .unwrap_or_else(|e| panic!("{slug}: {e}"))
                    .unwrap_or_else(|| panic!("{slug}: no list"));
                assert!(!list.is_empty() || has.is_empty(), "{slug}");
                let codes: Vec<&str> = list.iter().map(|s| s.code.as_str()).collect();
                for code in &has {
                    assert!(
                        codes.contains(&code.as_str()),
                        "{slug}: {code} missing from {codes:?}"
                    );
                }
                for code in &said.not_stations {
                    assert!(
                        !codes.contains(&code.as_str()),
                        "{slug}: {code} kept in {codes:?}"
                    );
                }
                assert!(
                    list.iter().all(railtop_core::stations::online::usable),
                    "{slug}"
                );
            }
            None => assert!(
                matches!(list, Ok(None)),
                "{slug}: a list, but no `stations` line in its routes.txt"
            ),
        }
    }
}

/// A feed under another name, so a test's online list never changes what other tests of this
/// process search.
struct Renamed(Arc<dyn Feed>, FeedSpec);

/// The refresh on loopback: a first round fetches and caches; a failing upstream keeps the last
/// list; a restart reads the cache without asking; a day later it asks again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn station_lists_refresh_daily_keep_the_last_list_and_survive_a_restart() {
    use railtop_core::stations::online;
    use railtop_feeds::upstream::station_lists::{Outcome, Refresher};
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    use std::time::{Duration, SystemTime};
    let up = Arc::new(AtomicBool::new(true));
    let asked = Arc::new(AtomicUsize::new(0));
    let (u, a) = (up.clone(), asked.clone());
    let router = Router::new().fallback(move |uri: Uri| {
        let (up, asked) = (u.clone(), a.clone());
        async move {
            if uri.path() != "/api/v1/metadata/stations" {
                return (StatusCode::NOT_FOUND, Vec::new()).into_response();
            }
            asked.fetch_add(1, Ordering::SeqCst);
            if up.load(Ordering::SeqCst) {
                fixture("finland/metadata-stations.json").into_response()
            } else {
                (StatusCode::SERVICE_UNAVAILABLE, Vec::new()).into_response()
            }
        }
    });
    let base = format!("http://{}", serve(router).await);
    let renamed = || -> Arc<dyn Feed> {
        let inner = crate::registry::open("finland", base.clone());
        let mut spec = inner.spec().clone();
        spec.slug = "refresh-test";
        Arc::new(Renamed(inner, spec))
    };
    let dir = std::env::temp_dir().join(format!("railtop-refresh-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let t0 = SystemTime::now();

    let mut first = Refresher::new(vec![renamed()], Some(dir.clone()));
    assert_eq!(
        first.round(t0).await,
        [("refresh-test", Outcome::Fetched(7))]
    );
    assert!(dir.join("refresh-test.json").exists());
    let directory = railtop_core::stations::current();
    let found = directory.resolve("tikkurila", Some("refresh-test"));
    assert!(
        matches!(found, railtop_core::stations::Resolved::One(e) if e.code == "TKL"),
        "the fetched list is searched"
    );

    drop(first);

    // A restart, the upstream down: the cache is read at once and not fetched within the day.
    up.store(false, Ordering::SeqCst);
    let before = asked.load(Ordering::SeqCst);
    let mut second = Refresher::new(vec![renamed()], Some(dir.clone()));
    assert_eq!(online::online_len("refresh-test"), 7);
    assert_eq!(
        second.round(t0 + Duration::from_secs(3600)).await[0].1,
        Outcome::Fresh
    );
    assert_eq!(
        asked.load(Ordering::SeqCst),
        before,
        "a fresh cache is not fetched"
    );
    // A day on it asks, fails, and loses nothing.
    let day_later = t0 + Duration::from_secs(25 * 3600);
    let outcome = second.round(day_later).await;
    assert!(
        matches!(&outcome[0].1, Outcome::Failed(why) if why.contains("503")),
        "{outcome:?}"
    );
    assert_eq!(asked.load(Ordering::SeqCst), before + 1);
    assert_eq!(
        online::online_len("refresh-test"),
        7,
        "a failed refresh keeps the last list"
    );
    drop(second);

    // Back up, after another restart: fetched again, since the cache is still a day old.
    up.store(true, Ordering::SeqCst);
    let mut third = Refresher::new(vec![renamed()], Some(dir.clone()));
    assert_eq!(third.round(day_later).await[0].1, Outcome::Fetched(7));
    let _ = std::fs::remove_dir_all(&dir);
}

impl Feed for Renamed {
    fn spec(&self) -> &FeedSpec {
        &self.1
    }
    fn trains<'a>(&'a self, s: Option<&'a str>, now: DateTime<Utc>) -> FeedFuture<'a, Vec<Train>> {
        self.0.trains(s, now)
    }
    fn board<'a>(&'a self, ask: BoardAsk<'a>) -> FeedFuture<'a, Board> {
        self.0.board(ask)
    }
    fn station_list(&self) -> FeedFuture<'_, Option<Vec<railtop_core::assets::Station>>> {
        self.0.station_list()
    }
}
