//! Every row of the registry played on loopback from its fixture folder, as its `routes.txt`
//! says: it opens with a key, lists trains, answers a board (and arrivals, or says it has none)
//! and a journey, each answer read against the interface's table; and the aggregator over
//! feeds that fail or hang, each costing its own country alone.

use axum::http::StatusCode;
use axum::Router;
use chrono::{DateTime, Utc};
use railtop_core::clock::Clock;
use railtop_core::config::FeedSettings;
use railtop_core::model::{DeparturesResponse, RealtimeResponse, Train};
use railtop_feeds::source::{LiveSource, RealtimeQuery};
use railtop_feeds::test_support::interface::{check_departures, check_realtime};
use railtop_feeds::test_support::play::{folder_of, play, routes, serve};
use railtop_feeds::upstream::http::FeedSpec;
use railtop_feeds::upstream::registry;
use railtop_feeds::upstream::{Aggregator, Board, BoardAsk, Feed, FeedFuture};
use std::sync::{Arc, Mutex};

/// 23:50 in Helsinki on Tuesday 24 November 2026, the fixtures' evening.
const FI_NOW: &str = "2026-11-24T21:50:00Z";

/// Every feed of the registry, played from its fixture folder, opens with a key, lists trains
/// and answers a board: a new feed is covered by its registry row and its fixture folder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_registry_feed_answers_from_its_fixture_folder() {
    let client = railtop_feeds::upstream::http::client().unwrap();
    let now = railtop_feeds::test_support::now();
    for row in registry::FEEDS {
        let slug = row.country.slug;
        let folder = folder_of(row);
        let said = routes(folder);
        let seen = Arc::new(Mutex::new(Vec::new()));
        let base = play(folder, seen.clone()).await;
        let settings = FeedSettings {
            key: Some("test-key".into()),
            ..FeedSettings::at(base)
        };
        let feed = row.open(client.clone(), &settings).unwrap();
        let trains = feed.trains(None, now).await;
        assert!(
            trains.as_ref().is_ok_and(|t| !t.is_empty()),
            "{slug}: {:?}",
            trains.as_ref().map(|t| t.len())
        );
        let answer = RealtimeResponse::new(trains.unwrap(), vec![slug.into()], FI_NOW.into());
        check_realtime(&serde_json::to_value(answer).unwrap())
            .unwrap_or_else(|e| panic!("{slug}: {e}"));
        let station = said.board.or(row.hub.map(str::to_string));
        match station.as_deref() {
            Some("-") => assert!(
                feed.board(BoardAsk::departures("x", 10, now))
                    .await
                    .is_err(),
                "{slug}"
            ),
            Some(code) => {
                let board = feed.board(BoardAsk::departures(code, 10, now)).await;
                let board = board.unwrap_or_else(|e| panic!("{slug} {code}: {e}"));
                assert_eq!(board.station.country.as_deref(), Some(slug));
                assert!(!board.station.name.is_empty(), "{slug} {code}");
                let answer = DeparturesResponse {
                    departures: board.departures,
                    station: board.station,
                    fetched_at: FI_NOW.into(),
                    attribution: None,
                    simulated: false,
                    ..Default::default()
                };
                check_departures(&serde_json::to_value(answer).unwrap())
                    .unwrap_or_else(|e| panic!("{slug} {code}: {e}"));
                // Arrivals: a board of them (from the same fixture folder, which answers any
                // query of the path), or a sentence saying the feed has none, never an empty
                // list that looks like a quiet station.
                let arrivals = feed
                    .board(BoardAsk {
                        kind: railtop_core::model::Kind::Arrivals,
                        ..BoardAsk::departures(code, 10, now)
                    })
                    .await;
                match arrivals {
                    Ok(board) => assert_eq!(board.station.country.as_deref(), Some(slug)),
                    Err(e) => assert!(
                        e.to_string().contains("has no arrivals in railtop"),
                        "{slug}: {e}"
                    ),
                }
            }
            None => panic!("{slug}: no hub in the registry and no `board` in routes.txt"),
        }
        match said.train {
            Some(id) => {
                let journey = feed.journey(&id, now).await;
                let journey = journey.unwrap_or_else(|e| panic!("{slug} {id}: {e}"));
                let journey = journey.unwrap_or_else(|| panic!("{slug}: no journeys"));
                assert_eq!(journey.train.id, id, "{slug}");
                assert!(!journey.stops.is_empty(), "{slug} {id}");
                assert!(
                    journey.stops.iter().all(|s| !s.name.is_empty()),
                    "{slug} {id}"
                );
            }
            None => assert!(
                matches!(feed.journey("x", now).await, Ok(None)),
                "{slug}: journeys, but no `train` in routes.txt"
            ),
        }
        let seen = seen.lock().unwrap();
        assert!(
            seen.iter().all(|(_, h, _)| h["user-agent"]
                .to_str()
                .is_ok_and(|ua| ua.starts_with("railtop/"))),
            "{slug}"
        );
    }
}

/// A feed that always answers with one train: the other half of "one dead feed costs itself".
struct Steady(FeedSpec);

impl Steady {
    fn new() -> Steady {
        Steady(FeedSpec {
            attribution: "test feed",
            ..registry::row("norway").unwrap().spec()
        })
    }
}

impl Feed for Steady {
    fn spec(&self) -> &FeedSpec {
        &self.0
    }
    fn knows_station(&self, _: &str) -> bool {
        false
    }
    fn trains<'a>(&'a self, _: Option<&'a str>, _: DateTime<Utc>) -> FeedFuture<'a, Vec<Train>> {
        Box::pin(async {
            Ok(vec![Train {
                id: "e1".into(),
                train_code: "E1".into(),
                status: "running".into(),
                ..Train::default()
            }])
        })
    }
    fn board<'a>(&'a self, _: BoardAsk<'a>) -> FeedFuture<'a, Board> {
        Box::pin(async { Ok(Board::default()) })
    }
}

/// A built-in feed opened at a loopback base URL.
pub(crate) fn open(slug: &str, base: String) -> Arc<dyn Feed> {
    let client = railtop_feeds::upstream::http::client().unwrap();
    registry::row(slug)
        .unwrap()
        .open(client, &FeedSettings::at(base))
        .unwrap()
}

async fn broken_feed_answer(router: Router) -> RealtimeResponse {
    let base = format!("http://{}", serve(router).await);
    let finland = open("finland", base);
    let agg = Aggregator::with_feeds(vec![finland, Arc::new(Steady::new())], Clock::System);
    agg.realtime(RealtimeQuery::default()).await.unwrap()
}

#[tokio::test]
async fn a_failing_feed_costs_its_country_alone() {
    let cases: Vec<(&str, Router)> = vec![
        (
            "answered 500",
            Router::new().fallback(|| async { (StatusCode::INTERNAL_SERVER_ERROR, "boom") }),
        ),
        (
            "unreadable answer",
            Router::new().fallback(|| async { "<html>not json</html>" }),
        ),
        (
            "larger than",
            Router::new().fallback(|| async { vec![b' '; 30 * 1024 * 1024] }),
        ),
    ];
    for (words, router) in cases {
        let answer = broken_feed_answer(router).await;
        assert_eq!(
            answer.trains.len(),
            1,
            "{words}: the steady feed still answers"
        );
        assert_eq!(answer.failed_countries.len(), 1);
        let failed = &answer.failed_countries[0];
        assert_eq!(failed.country, "finland");
        assert!(
            failed.reason.contains(words) && failed.reason.contains("Digitraffic"),
            "{}",
            failed.reason
        );
    }
}

#[tokio::test]
async fn a_hanging_feed_delays_nobody() {
    // A feed whose server accepts and never answers.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move {
        let mut held = Vec::new();
        while let Ok((sock, _)) = listener.accept().await {
            held.push(sock);
        }
    });
    let finland = open("finland", base);
    let agg = Aggregator::with_feeds(vec![finland, Arc::new(Steady::new())], Clock::System)
        .with_merge_deadline(std::time::Duration::from_millis(400));
    let started = std::time::Instant::now();
    let answer = agg.realtime(RealtimeQuery::default()).await.unwrap();
    assert!(
        started.elapsed() < std::time::Duration::from_secs(2),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(answer.trains.len(), 1, "the steady feed's train");
    assert_eq!(answer.failed_countries[0].country, "finland");
    assert!(
        answer.failed_countries[0]
            .reason
            .contains("no answer within 0.4 s; still trying"),
        "{:?}",
        answer.failed_countries
    );
}
