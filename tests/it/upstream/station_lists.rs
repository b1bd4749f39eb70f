//! The feeds' station lists: each station endpoint read on loopback, refreshed daily, the last
//! list kept through a failure and a restart, and searched by the command line.

use super::*;

/// Every feed with a station endpoint, played on loopback from its fixture folder: the list
/// the directory gets, cleaned (unusable positions, foreign stations and broken records out).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_station_endpoint_lists_its_stations_on_loopback() {
    // (country, codes the list must have, codes it must not)
    let expected: &[(&str, &[&str], &[&str])] = &[
        ("finland", &["HKI", "TKL", "KKN"], &["KÄP"]),
        ("ireland", &["CNLLY", "MYNTH"], &["NWHR"]),
        ("belgium", &["008814001", "008899999"], &["not-an-id"]),
        ("united-states", &["NYP", "PHL", "BAVE"], &["BROKEN"]),
        ("netherlands", &["8400621", "8499999"], &["8000207"]),
        ("sweden", &["Cst", "G", "K", "Hpbg"], &["Kh", "Bp"]),
        (
            "norway",
            &["NSR:StopPlace:59872", "NSR:StopPlace:548"],
            &["NSR:StopPlace:99999", "NSR:StopPlace:1"],
        ),
        ("spain", &["50500"], &[]),
        ("bulgaria", &["SOF", "PDV"], &[]),
        // The bundle played is the Estonian sample: its stops lie outside Malaysia, so none is
        // taken into Malaysia's list.
        ("malaysia", &[], &["TLL", "TAR"]),
    ];
    let client = railtop_feeds::upstream::http::client().unwrap();
    for row in registry::FEEDS {
        let slug = row.country.slug;
        let base = play(slug, Arc::new(Mutex::new(Vec::new()))).await;
        // Bundles at whole URLs are left behind when a feed moves: name them.
        let static_gtfs = match slug {
            "spain" => Some(format!("{base}/static.zip")),
            "bulgaria" => Some(format!("{base}/bdz.zip")),
            _ => None,
        };
        let settings = FeedSettings {
            key: Some("test-key".into()),
            static_gtfs,
            ..FeedSettings::at(base)
        };
        let feed = row.open(client.clone(), &settings).unwrap();
        let list = feed.station_list().await;
        match expected.iter().find(|(s, _, _)| *s == slug) {
            Some((_, has, lacks)) => {
                let list = list
                    .unwrap_or_else(|e| panic!("{slug}: {e}"))
                    .unwrap_or_else(|| panic!("{slug}: no list"));
                assert!(!list.is_empty() || has.is_empty(), "{slug}");
                let codes: Vec<&str> = list.iter().map(|s| s.code.as_str()).collect();
                for code in *has {
                    assert!(
                        codes.contains(code),
                        "{slug}: {code} missing from {codes:?}"
                    );
                }
                for code in *lacks {
                    assert!(!codes.contains(code), "{slug}: {code} kept in {codes:?}");
                }
                assert!(
                    list.iter().all(railtop_core::stations::online::usable),
                    "{slug}"
                );
            }
            None => assert!(
                matches!(list, Ok(None)),
                "{slug}: a list without an expectation here"
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
    let base = format!("http://{}", start_router(router).await);
    let renamed = || -> Arc<dyn Feed> {
        let inner = open("finland", base.clone());
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

/// One-shot commands search the cached lists: a station only the feed's list has is found by
/// `railtop stations` and routed by `departures` (the cache written as the refresher does).
#[test]
fn the_cli_searches_the_cached_station_lists() {
    let home = std::env::temp_dir().join(format!("railtop-cli-cache-{}", std::process::id()));
    let dir = home.join("railtop").join("stations");
    let list = railtop_feeds::upstream::feeds::usa::parse_station_list(&fixture(
        "united-states/stations.json",
    ))
    .unwrap();
    railtop_core::stations::online::save(
        &dir,
        "united-states",
        &list,
        std::time::SystemTime::now(),
    )
    .unwrap();
    let o = crate::support::railtop_binary()
        .args(["stations", "aventura", "--format", "csv"])
        .env("XDG_CACHE_HOME", &home)
        .output()
        .unwrap();
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && out.contains("BAVE"), "{out}");
    let o = crate::support::railtop_binary()
        .args(["stations", "aventura"])
        .output()
        .unwrap();
    assert!(
        !String::from_utf8_lossy(&o.stdout).contains("BAVE"),
        "without the cache, Aventura is not in the embedded list"
    );
    let _ = std::fs::remove_dir_all(&home);
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
