//! `--source upstream` through the binary and the server, the national feeds played on loopback
//! from their fixture folders (`railtop_feeds::test_support::play`): the config file pointing a
//! feed elsewhere, board-only countries, keys, journeys, the station lists' cache searched by
//! the command line, `/healthz`; each country end to end in `countries.rs`. What needs neither
//! (every registry row from its folder, failing and hanging feeds, the station endpoints, the
//! recorded samples) is railtop-feeds' own integration test, `crates/railtop-feeds/tests/it/`.

use crate::support::start_router;
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use railtop_core::clock::Clock;
use railtop_core::config::FeedSettings;
use railtop_core::model::{DeparturesResponse, RealtimeResponse};
use railtop_feeds::test_support::fixture;
use railtop_feeds::test_support::interface::{check_departures, check_realtime};
use railtop_feeds::test_support::play::{answer, play, routes};
use railtop_feeds::upstream::{registry, Aggregator};
use std::sync::{Arc, Mutex};

/// 23:50 in Helsinki on Tuesday 24 November 2026, the fixtures' evening.
const FI_NOW: &str = "2026-11-24T21:50:00Z";

mod countries;

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
    let us = play("usa", seen.clone()).await;
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
    let routes = Arc::new(routes("finland").routes);
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
    let client = railtop_feeds::upstream::http::client().unwrap();
    let finland = registry::row("finland")
        .unwrap()
        .open(client, &FeedSettings::at(base))
        .unwrap();
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

/// One-shot commands search the cached lists: a station only the feed's list has is found by
/// `railtop stations` and routed by `departures` (the cache written as the refresher does).
#[test]
fn the_cli_searches_the_cached_station_lists() {
    let home = std::env::temp_dir().join(format!("railtop-cli-cache-{}", std::process::id()));
    let dir = home.join("railtop").join("stations");
    let list =
        railtop_feeds::upstream::feeds::usa::parse_station_list(&fixture("usa/stations.json"))
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
