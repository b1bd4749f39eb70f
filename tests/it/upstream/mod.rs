//! The upstream aggregator against loopback servers that play the national feeds at their real
//! paths with the project's fixtures; and the parsers over the real recorded samples.

use crate::support::interface::{check_departures, check_realtime};
use crate::support::start_router;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use chrono::{DateTime, Utc};
use railtop_core::clock::Clock;
use railtop_core::config::FeedSettings;
use railtop_core::model::{DeparturesResponse, RealtimeResponse, Train};
use railtop_feeds::source::{LiveSource, RealtimeQuery};
use railtop_feeds::upstream::http::FeedSpec;
use railtop_feeds::upstream::registry;
use railtop_feeds::upstream::{Aggregator, Board, BoardAsk, Feed, FeedFuture};
use std::sync::{Arc, Mutex};

const FI_NOW: &str = "2026-11-24T21:50:00Z";

use crate::support::fixture;

mod countries;
mod station_lists;

/// Every request a played feed received: the path with its query, the headers, the body.
pub(crate) type Seen = Arc<Mutex<Vec<(String, HeaderMap, String)>>>;

/// One line of a fixture folder's `routes.txt`: a request path, the fixture that answers it,
/// and for a POST a word its body must contain.
struct Route {
    path: String,
    file: String,
    body_has: Option<String>,
}

/// A fixture folder's `routes.txt` (see `tests/fixtures/README.md`): its routes and the station
/// whose board the registry test asks for (`None`: the row's hub; `Some("-")`: no boards).
fn routes(slug: &str) -> (Vec<Route>, Option<String>) {
    let (routes, board, _) = routes_and_train(slug);
    (routes, board)
}

/// [`routes`], and the train whose journey the registry test asks for (`None`: the feed has
/// no journeys).
fn routes_and_train(slug: &str) -> (Vec<Route>, Option<String>, Option<String>) {
    let path = format!(
        "{}/tests/fixtures/{slug}/routes.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("every feed needs {path} (its fixture folder's routes): {e}"));
    let mut board = None;
    let mut train = None;
    let mut list = Vec::new();
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if let Some(id) = line.strip_prefix("train ") {
            train = Some(id.trim().to_string());
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["board", station] => board = Some(station.to_string()),
            [path, file] => list.push(Route {
                path: path.to_string(),
                file: file.to_string(),
                body_has: None,
            }),
            [path, file, word] => list.push(Route {
                path: path.to_string(),
                file: file.to_string(),
                body_has: Some(word.to_string()),
            }),
            _ => panic!("{path}: cannot read {line:?}"),
        }
    }
    (list, board, train)
}

/// A fixture's bytes; `@name` is a payload made in code (GTFS-Realtime protobuf, a zip bundle).
fn answer(slug: &str, file: &str) -> Vec<u8> {
    use railtop_feeds::upstream::gtfs::samples;
    match file {
        "@vehicle-positions" => samples::vehicle_positions(),
        "@bundle" => railtop_feeds::upstream::gtfs_static::sample_bundle(),
        file if file.starts_with("@zip:") => zip_folder(&format!("{slug}/{}", &file[5..])),
        // A feed written in GTFS-Realtime's JSON mapping, served as the protobuf it stands for.
        file if file.starts_with("@pb:") => {
            use railtop_feeds::upstream::gtfs_rt;
            let json = fixture(&format!("{slug}/{}", &file[4..]));
            gtfs_rt::encode(&gtfs_rt::decode(&json).unwrap())
        }
        file => fixture(&format!("{slug}/{file}")),
    }
}

/// A fixture folder of static GTFS files, zipped as a bundle.
fn zip_folder(folder: &str) -> Vec<u8> {
    let dir = format!("{}/tests/fixtures/{folder}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| {
            let path = e.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            (name, std::fs::read_to_string(&path).unwrap())
        })
        .collect();
    files.sort();
    let refs: Vec<(&str, &str)> = files
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_str()))
        .collect();
    railtop_feeds::upstream::gtfs_static::zip_bundle(&refs)
}

/// The feed `slug` played on loopback from its fixture folder: each route answers with its
/// fixture, anything else is a 404; every request is recorded in `seen`.
pub(crate) async fn play(slug: &'static str, seen: Seen) -> String {
    let (routes, _) = routes(slug);
    let routes = Arc::new(routes);
    let router = Router::new().fallback(move |uri: Uri, headers: HeaderMap, body: String| {
        let (seen, routes) = (seen.clone(), routes.clone());
        async move {
            let found = routes.iter().find(|r| {
                let path_fits = match r.path.strip_suffix('*') {
                    Some(prefix) => uri.path().starts_with(prefix),
                    None => r.path == uri.path(),
                };
                path_fits && r.body_has.as_ref().is_none_or(|w| body.contains(w))
            });
            seen.lock().unwrap().push((uri.to_string(), headers, body));
            match found {
                Some(r) => answer(slug, &r.file).into_response(),
                None => (StatusCode::NOT_FOUND, Vec::new()).into_response(),
            }
        }
    });
    format!("http://{}", start_router(router).await)
}

/// Every feed of the registry, played from its fixture folder, opens with a key, lists trains
/// and answers a board: a new feed is covered by its registry row and its fixture folder.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_registry_feed_answers_from_its_fixture_folder() {
    let client = railtop_feeds::upstream::http::client().unwrap();
    let now = crate::support::now();
    for row in registry::FEEDS {
        let slug = row.country.slug;
        let seen = Arc::new(Mutex::new(Vec::new()));
        let base = play(slug, seen.clone()).await;
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
        let station = routes(slug).1.or(row.hub.map(str::to_string));
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
        match routes_and_train(slug).2 {
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

/// A board's rows as `time line delay cancelled`, for comparing with what a fixture says.
fn board_rows(b: &DeparturesResponse) -> Vec<String> {
    b.departures
        .iter()
        .map(|d| {
            format!(
                "{} {} {:?} {}",
                d.scheduled_dep, d.line, d.delay, d.cancelled
            )
        })
        .collect()
}

fn railtop(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = crate::support::railtop_binary();
    cmd.args(args)
        .env("RAILTOP_NOW", FI_NOW)
        .env_remove("RAILTOP_SOURCE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

/// `trains --country C` and `departures STATION [extra…]` through the binary with
/// `--source upstream --format json` and `env`; both must succeed, both are parsed.
async fn trains_and_board(
    env: Vec<(&'static str, String)>,
    country: &'static str,
    station: &'static str,
    extra: &'static [&'static str],
) -> (RealtimeResponse, DeparturesResponse) {
    let (trains, board) = tokio::task::spawn_blocking(move || {
        let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let json = ["--source", "upstream", "--format", "json"];
        let mut trains_args = vec!["trains", "--country", country];
        trains_args.extend(json);
        let mut board_args = vec!["departures", station];
        board_args.extend(json);
        board_args.extend(extra);
        (railtop(&trains_args, &env), railtop(&board_args, &env))
    })
    .await
    .unwrap();
    for o in [&trains, &board] {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    (
        serde_json::from_slice(&trains.stdout).unwrap(),
        serde_json::from_slice(&board.stdout).unwrap(),
    )
}

/// Runs the binary with `args` after `--config FILE`, FILE holding `toml`; removes it after.
async fn with_config(toml: String, args: &'static [&'static str]) -> std::process::Output {
    let dir = std::env::temp_dir().join(format!(
        "railtop-cfg-{}-{}",
        std::process::id(),
        args.join("-")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("config.toml");
    std::fs::write(&config, toml).unwrap();
    let path = config.display().to_string();
    let out = tokio::task::spawn_blocking(move || {
        let mut all = vec![args[0], "--config", &path];
        all.extend_from_slice(&args[1..]);
        railtop(&all, &[])
    })
    .await
    .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_config_file_can_point_a_feed_elsewhere() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("ireland", seen.clone()).await;
    let toml = format!("source = \"upstream\"\n[upstream.ireland]\nurl = \"{base}\"\n");
    let out = with_config(toml, &["trains", "--country", "ireland", "--format", "csv"]).await;
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).lines().count(),
        6,
        "header and five trains"
    );
    assert!(!seen.lock().unwrap().is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_config_file_sets_a_board_only_countrys_hub() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("switzerland", seen.clone()).await;
    let toml = format!("[upstream.switzerland]\nurl = \"{base}\"\nhub = \"bern\"\n");
    with_config(
        toml,
        &["trains", "--source", "upstream", "--country", "switzerland"],
    )
    .await;
    let paths: Vec<String> = seen
        .lock()
        .unwrap()
        .iter()
        .map(|(p, ..)| p.clone())
        .collect();
    assert_eq!(
        paths,
        ["/v1/stationboard?id=8507000&limit=40"],
        "Bern's number, from its slug"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn board_only_countries_list_their_hub_and_answer_boards() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let be = play("belgium", seen.clone()).await;
    let ch = play("switzerland", seen.clone()).await;
    let (be_trains, be_board) = trains_and_board(
        vec![("RAILTOP_BELGIUM_URL", be)],
        "belgium",
        "BE.NMBS.008814001",
        &[],
    )
    .await;
    let (ch_trains, ch_board) = trains_and_board(
        vec![("RAILTOP_SWITZERLAND_URL", ch)],
        "switzerland",
        "zuerich-hb",
        &["--limit", "2"],
    )
    .await;
    assert_eq!(be_trains.trains.len(), 4);
    assert!(be_trains
        .trains
        .iter()
        .all(|t| t.lat.is_none() && t.country.as_deref() == Some("belgium")));
    assert_eq!(be_board.station.code, "008814001");
    assert_eq!(
        be_board.departures[0].train_code.as_deref(),
        Some("IC 1512")
    );
    assert_eq!(ch_trains.trains.len(), 3);
    assert_eq!(ch_board.station.name, "Zürich HB");
    assert_eq!(ch_board.departures.len(), 2);
    let seen = seen.lock().unwrap();
    let paths: Vec<&str> = seen.iter().map(|(p, ..)| p.as_str()).collect();
    assert!(
        paths.contains(&"/liveboard/?id=BE.NMBS.008814001&format=json&lang=en&alerts=true"),
        "{paths:?}"
    );
    assert!(
        paths.contains(&"/v1/stationboard?id=8503000&limit=40"),
        "the hub: {paths:?}"
    );
    assert!(
        paths.contains(&"/v1/stationboard?id=8503000&limit=100"),
        "a slug resolves to its number: {paths:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn keyed_feeds_send_their_key_and_without_one_say_where_to_get_it() {
    // NS: the key in Ocp-Apim-Subscription-Key.
    let seen = Arc::new(Mutex::new(Vec::new()));
    let ns = play("netherlands", seen.clone()).await;
    let (trains, board) = trains_and_board(
        vec![
            ("RAILTOP_NETHERLANDS_URL", ns),
            ("RAILTOP_NETHERLANDS_KEY", "fake-ns-key".into()),
        ],
        "netherlands",
        "netherlands:UT",
        &[],
    )
    .await;
    assert_eq!(trains.trains.len(), 3, "Utrecht Centraal, the hub");
    assert_eq!(board.departures[0].train_code.as_deref(), Some("IC 8824"));
    {
        let seen = seen.lock().unwrap();
        assert!(seen
            .iter()
            .any(|(p, ..)| p == "/reisinformatie-api/api/v2/departures?station=UT"));
        assert!(seen.iter().all(|(_, h, _)| h
            .get("ocp-apim-subscription-key")
            .is_some_and(|v| v == "fake-ns-key")));
    }

    // Trafikverket: the key inside the posted XML; stations first, then the board.
    let bodies = Arc::new(Mutex::new(Vec::new()));
    let se = play("sweden", bodies.clone()).await;
    let (trains, board) = trains_and_board(
        vec![
            ("RAILTOP_SWEDEN_URL", se),
            ("RAILTOP_SWEDEN_KEY", "fake-trv-key".into()),
        ],
        "sweden",
        "sweden:Cst",
        &[],
    )
    .await;
    assert_eq!(trains.trains.len(), 3);
    assert_eq!(board.station.name, "Stockholm C");
    assert_eq!(board.departures[0].destination, "Hallsberg");
    {
        let bodies = bodies.lock().unwrap();
        let posts: Vec<&(String, HeaderMap, String)> = bodies
            .iter()
            .filter(|(p, ..)| p == "/v2/data.json")
            .collect();
        assert!(posts.len() >= 2, "{posts:?}");
        assert!(posts
            .iter()
            .all(|(.., b)| b.contains("<LOGIN authenticationkey=\"fake-trv-key\"/>")));
        assert!(posts.iter().any(|(.., b)| b.contains("value=\"Cst\"")));
    }

    // SNCF: the key as the Basic user name; ODPT: the key in the query.
    let seen = Arc::new(Mutex::new(Vec::new()));
    let fr = play("france", seen.clone()).await;
    let jp = play("japan", seen.clone()).await;
    let (fr_trains, fr_board) = trains_and_board(
        vec![
            ("RAILTOP_FRANCE_URL", fr),
            ("RAILTOP_FRANCE_KEY", "fake-sncf-key".into()),
        ],
        "france",
        "87384008",
        &[],
    )
    .await;
    assert_eq!(fr_trains.trains.len(), 3);
    assert_eq!(fr_board.station.name, "Paris Saint-Lazare");
    let jp_trains = tokio::task::spawn_blocking(move || {
        railtop(
            &[
                "--source",
                "upstream",
                "trains",
                "--country",
                "japan",
                "--format",
                "json",
            ],
            &[
                ("RAILTOP_JAPAN_URL", jp.as_str()),
                ("RAILTOP_JAPAN_KEY", "fake-odpt-key"),
            ],
        )
    })
    .await
    .unwrap();
    assert!(
        jp_trains.status.success(),
        "{}",
        String::from_utf8_lossy(&jp_trains.stderr)
    );
    let jp_trains: RealtimeResponse = serde_json::from_slice(&jp_trains.stdout).unwrap();
    assert_eq!(jp_trains.trains.len(), 2);
    assert_eq!(jp_trains.stats.with_gps, 0);
    {
        let seen = seen.lock().unwrap();
        let basic = format!(
            "Basic {}",
            base64::Engine::encode(&base64::engine::general_purpose::STANDARD, "fake-sncf-key:")
        );
        assert!(seen
            .iter()
            .filter(|(p, ..)| p.starts_with("/v1/coverage"))
            .all(|(_, h, _)| h.get("authorization").is_some_and(|v| *v == *basic)));
        assert!(
            seen.iter().any(|(p, ..)| p
                == "/api/v4/odpt:Train?acl:consumerKey=fake-odpt-key&odpt:operator=odpt.Operator:JR-East"),
            "{:?}",
            seen.iter().map(|(p, ..)| p).collect::<Vec<_>>()
        );
    }

    // No keys: both listed as needing one, and an all-countries answer does not count them failed.
    let out = tokio::task::spawn_blocking(|| {
        railtop(
            &["--source", "upstream", "departures", "netherlands:UT"],
            &[
                ("RAILTOP_NETHERLANDS_KEY", ""),
                ("RAILTOP_NETHERLANDS_URL", "http://127.0.0.1:9"),
            ],
        )
    })
    .await
    .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("needs a key")
            && err.contains("apiportal.ns.nl")
            && err.contains("RAILTOP_NETHERLANDS_KEY"),
        "{err}"
    );
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
fn open(slug: &str, base: String) -> Arc<dyn Feed> {
    let client = railtop_feeds::upstream::http::client().unwrap();
    registry::row(slug)
        .unwrap()
        .open(client, &FeedSettings::at(base))
        .unwrap()
}

async fn broken_feed_answer(router: Router) -> RealtimeResponse {
    let base = format!("http://{}", start_router(router).await);
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

/// Runs the binary once per command line in `runs` (with `--format json`, at
/// [`railtop::test_support::NOW`]), the config file pointing `slug` at `base` and its static
/// bundle at `base` + `static_path`; each run must succeed.
async fn with_static<const N: usize>(
    slug: &str,
    base: &str,
    static_path: &str,
    runs: [&str; N],
) -> [std::process::Output; N] {
    let dir = std::env::temp_dir().join(format!("railtop-{slug}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let config = dir.join("config.toml");
    let toml = format!(
        "source = \"upstream\"\n[upstream.{slug}]\nurl = \"{base}\"\nstatic_gtfs = \"{base}{static_path}\"\n"
    );
    std::fs::write(&config, toml).unwrap();
    let path = config.display().to_string();
    let runs: Vec<Vec<String>> = runs
        .iter()
        .map(|r| r.split_whitespace().map(String::from).collect())
        .collect();
    let outputs = tokio::task::spawn_blocking(move || {
        runs.iter()
            .map(|args| {
                let mut all = vec![args[0].as_str(), "--config", path.as_str()];
                all.extend(args[1..].iter().map(String::as_str));
                all.extend(["--format", "json"]);
                railtop(&all, &[("RAILTOP_NOW", railtop::test_support::NOW)])
            })
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    std::fs::remove_dir_all(&dir).ok();
    for o in &outputs {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    outputs.try_into().unwrap()
}

/// `railtop train ID` through the binary for two real feeds played on loopback: Finland asks
/// Digitraffic for the one train; the United States reads it out of Amtraker's list.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn train_journeys_through_the_binary() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let fi = play("finland", seen.clone()).await;
    let us = play("united-states", seen.clone()).await;
    let de = play("germany", seen.clone()).await;
    let (table, json, csv, unknown, ice) = tokio::task::spawn_blocking(move || {
        let env = [
            ("RAILTOP_FINLAND_URL", fi.as_str()),
            ("RAILTOP_UNITED_STATES_URL", us.as_str()),
            ("RAILTOP_GERMANY_URL", de.as_str()),
        ];
        let up = ["--source", "upstream"];
        let args = |more: &[&'static str]| [&up[..], more].concat();
        (
            railtop(&args(&["train", "fi-2026-11-24-27"]), &env),
            railtop(&args(&["train", "657-24", "--format", "json"]), &env),
            railtop(
                &args(&["train", "fi-2026-11-24-27", "--format", "csv"]),
                &env,
            ),
            railtop(&args(&["train", "fi-2026-11-24-99999"]), &env),
            railtop(
                &args(&["train", "germany-20261124-ICE 1007", "--format", "json"]),
                &env,
            ),
        )
    })
    .await
    .unwrap();
    for o in [&table, &json, &csv] {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(table.starts_with("IC 27 → Tampere · running"), "{table}");
    for line in ["✓  Pasila", "▶  Tikkurila", "Tampere", "Fintraffic"] {
        assert!(table.contains(line), "{line}: {table}");
    }
    assert!(table.contains("22:02→22:04"), "planned→expected: {table}");
    assert!(
        table.contains("fetched 2026-11-24 23:50:00 EET"),
        "on the train's clock, as its stops are: {table}"
    );
    let journey: railtop_core::model::JourneyResponse =
        serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(journey.train.train_code, "657");
    assert_eq!(journey.stops.len(), 4);
    assert!(journey.attribution.unwrap().contains("Amtraker"));
    let csv = String::from_utf8(csv.stdout).unwrap();
    assert_eq!(csv.lines().count(), 5, "a header and four stops: {csv}");
    assert!(
        csv.lines()
            .nth(2)
            .unwrap()
            .starts_with("PSL,Pasila,2026-11-24T22:02:00+02:00"),
        "{csv}"
    );
    assert!(!unknown.status.success());
    let err = String::from_utf8_lossy(&unknown.stderr);
    assert!(
        err.contains("fi-2026-11-24-99999") && err.contains("railtop trains"),
        "{err}"
    );
    let asked: Vec<String> = seen
        .lock()
        .unwrap()
        .iter()
        .map(|(p, _, _)| p.clone())
        .collect();
    assert!(
        asked.iter().any(|p| p == "/api/v1/trains/2026-11-24/27"),
        "{asked:?}"
    );
    // Germany: the hub's board gives the trip id, asked of /trips with its `|` escaped.
    assert!(
        ice.status.success(),
        "{}",
        String::from_utf8_lossy(&ice.stderr)
    );
    let ice: railtop_core::model::JourneyResponse = serde_json::from_slice(&ice.stdout).unwrap();
    assert_eq!(ice.stops.len(), 6);
    assert_eq!(ice.train.train_code, "ICE 1007");
    assert!(
        asked
            .iter()
            .any(|p| p.starts_with("/trips/1%7C2?stopovers=true")),
        "{asked:?}"
    );
}

/// `/healthz` through the real server: 200 before any feed is asked and while a failure is
/// young; 503 with the feed's error once every feed asked has failed for longer than the
/// server's `unhealthy_after`; 200 again once the feed answers.
#[tokio::test]
async fn healthz_says_when_every_feed_has_failed_and_when_it_is_back() {
    use std::sync::atomic::{AtomicBool, Ordering};
    let broken = Arc::new(AtomicBool::new(true));
    let (routes, _) = routes("finland");
    let routes = Arc::new(routes);
    let flag = broken.clone();
    let router = Router::new().fallback(move |uri: Uri| {
        let (broken, routes) = (flag.clone(), routes.clone());
        async move {
            if broken.load(Ordering::SeqCst) {
                return (StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response();
            }
            match routes.iter().find(|r| r.path == uri.path()) {
                Some(r) => answer("finland", &r.file).into_response(),
                None => (StatusCode::NOT_FOUND, Vec::new()).into_response(),
            }
        }
    });
    let base = format!("http://{}", start_router(router).await);
    let finland = open("finland", base);
    let agg = Aggregator::with_feeds(vec![finland], Clock::parse(FI_NOW).unwrap());
    let server = crate::support::start_with(
        Arc::new(agg),
        railtop_server::ServerConfig {
            rate_limit: None,
            unhealthy_after: std::time::Duration::from_millis(300),
            ..Default::default()
        },
    )
    .await;
    let client = reqwest::Client::new();
    let health = |client: reqwest::Client, url: String| async move {
        let r = client.get(format!("{url}/healthz")).send().await.unwrap();
        let status = r.status().as_u16();
        let text = r.text().await.unwrap();
        (
            status,
            serde_json::from_str::<serde_json::Value>(&text).unwrap(),
        )
    };
    let (status, body) = health(client.clone(), server.url()).await;
    assert_eq!(
        (status, body["status"].as_str()),
        (200, Some("ok")),
        "{body}"
    );
    assert_eq!(body["feedsAsked"], 0);

    let realtime = format!("{}/api/live/realtime?source=finland", server.url());
    let failed = client.get(&realtime).send().await.unwrap();
    assert!(!failed.status().is_success());
    let (status, body) = health(client.clone(), server.url()).await;
    assert_eq!(status, 200, "a young failure: {body}");
    assert_eq!(body["feedsFailing"], 1);

    tokio::time::sleep(std::time::Duration::from_millis(400)).await;
    let (status, body) = health(client.clone(), server.url()).await;
    assert_eq!(status, 503, "{body}");
    let reason = body["reason"].as_str().unwrap();
    assert!(
        reason.contains("Digitraffic") && reason.contains("answered 500"),
        "{reason}"
    );

    // The feed is back: once its backoff (2 s) lets a fetch through, the server is healthy.
    broken.store(false, Ordering::SeqCst);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    loop {
        let r = client.get(&realtime).send().await.unwrap();
        if r.status().is_success() {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the feed never came back"
        );
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    let (status, body) = health(client, server.url()).await;
    assert_eq!(
        (status, body["feedsFailing"].as_u64()),
        (200, Some(0)),
        "{body}"
    );

    // The fetches, failed and good, are in the metrics by feed.
    let text = railtop_core::metrics::render();
    for outcome in ["error", "ok"] {
        let series =
            format!("railtop_upstream_fetches_total{{feed=\"finland\",outcome=\"{outcome}\"}} ");
        assert!(
            text.lines().any(|l| l.starts_with(&series)),
            "no {series}in:\n{text}"
        );
    }
    assert!(text.contains("railtop_upstream_fetch_duration_seconds_bucket{feed=\"finland\""));
}
