//! A GTFS feed's static timetable read in the background: the aggregator answers at once while
//! a slow bundle comes, says how far it is, and names the trains once it is read. (The bundle
//! over time through the binary, its cache and its conditional requests, is the root crate's
//! `tests/it/schedule.rs`.)

use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use railtop_core::config::{Config, Overrides};
use railtop_feeds::source::{DeparturesQuery, LiveSource, RealtimeQuery};
use railtop_feeds::test_support::play::serve;
use railtop_feeds::test_support::NOW;
use railtop_feeds::upstream::gtfs::{samples, Schedules};
use railtop_feeds::upstream::gtfs_static::sample_bundle;
use railtop_feeds::upstream::Aggregator;

/// The screens and `serve` do not wait for a timetable: realtime rows come at once without
/// names, a board says the timetable is on its way, and `health()` says how far it is; once
/// read, the names are there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_running_source_works_while_the_timetable_is_read() {
    // A bundle that takes a second and a half to come.
    let router = Router::new()
        .route(
            "/vp.pb",
            get(|| async { samples::vehicle_positions().into_response() }),
        )
        .route(
            "/gtfs.zip",
            get(|| async {
                tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
                sample_bundle().into_response()
            }),
        );
    let base = format!("http://{}", serve(router).await);
    let dir =
        std::env::temp_dir().join(format!("railtop-schedule-meanwhile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A `[[feeds]]` region whose boards come from the timetable alone (no trip updates).
    let cfg = dir.join("config.toml");
    std::fs::write(
        &cfg,
        format!(
            "[[feeds]]\nslug = \"estonia\"\nname = \"Elron\"\ntimezone = \"Europe/Tallinn\"\n\
             vehicle_positions = \"{base}/vp.pb\"\nstatic_gtfs = \"{base}/gtfs.zip\"\n"
        ),
    )
    .unwrap();
    let file = railtop_core::config::load(&cfg, true).unwrap();
    let env = |var: &str| (var == "RAILTOP_NOW").then(|| NOW.to_string());
    let config = Config::resolve(&Overrides::default(), &file, env).unwrap();
    let schedules = Schedules {
        dir: Some(dir.join("cache")),
        wait: false,
        report: None,
    };
    let source = Aggregator::open_with(&config, None, schedules).unwrap();
    let ask = || RealtimeQuery {
        country: Some("estonia".into()),
        stop: None,
    };
    let started = std::time::Instant::now();
    let first = source.realtime(ask()).await.unwrap();
    assert!(
        started.elapsed() < std::time::Duration::from_millis(1000),
        "it did not wait"
    );
    assert_eq!(first.trains.len(), 2);
    assert!(
        first.trains.iter().all(|t| t.name.ends_with("→ ?")),
        "{:?}",
        first.trains
    );
    let states: Vec<_> = source.health().schedules.iter().map(|s| s.state).collect();
    assert_eq!(states, ["downloading"]);
    let board = source
        .departures(DeparturesQuery {
            station: "estonia:TLL".into(),
            limit: 10,
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert!(board.to_string().contains("still being read"), "{board}");
    // Ready within a few seconds; then the names.
    let mut ready = false;
    for _ in 0..100 {
        if source.health().schedules.iter().any(|s| s.state == "ready") {
            ready = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(ready, "{:?}", source.health().schedules);
    let named = source.realtime(ask()).await.unwrap();
    assert!(
        named.trains.iter().any(|t| t.name == "R 101 → Tartu"),
        "{:?}",
        named.trains
    );
}
