//! GTFS-Realtime end to end on loopback: a feed made in code (vehicle positions, trip updates)
//! and a static bundle, served by a loopback server; read through the binary as a `[[feeds]]`
//! region and as Malaysia's built-in feed, and through `railtop serve` as an API region.

use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use railtop_core::model::{DeparturesResponse, RealtimeResponse};
use railtop_feeds::upstream::gtfs::samples;
use railtop_feeds::upstream::gtfs_static::sample_bundle;

// NOW is 08:00 in Tallinn, a Tuesday; T1 (planned 08:10) is expected at 08:15.
use crate::support::NOW;

pub(crate) async fn play_gtfs(paths: [&'static str; 3]) -> String {
    play_gtfs_with(paths, sample_bundle()).await
}

/// [`play_gtfs`] with a static bundle of the test's own.
pub(crate) async fn play_gtfs_with(paths: [&'static str; 3], bundle: Vec<u8>) -> String {
    let now: chrono::DateTime<chrono::Utc> = NOW.parse().unwrap();
    let t1 = now.timestamp() + 15 * 60;
    let [vp, tu, path] = paths;
    let router = Router::new()
        .route(
            vp,
            get(|| async { samples::vehicle_positions().into_response() }),
        )
        .route(
            tu,
            get(move || async move { samples::trip_updates(t1).into_response() }),
        )
        .route(
            path,
            get(move || async move { bundle.clone().into_response() }),
        );
    format!("http://{}", crate::support::start_router(router).await)
}

/// The sample region with its middle stop `BF` "Birchfield": a code that is NS's Baflo's too.
pub(crate) fn bundle_with_a_shared_code() -> Vec<u8> {
    railtop_feeds::upstream::gtfs_static::zip_bundle(&[
        (
            "stops.txt",
            "stop_id,stop_name,stop_lat,stop_lon,location_type,parent_station\n\
             TLL,Tallinn,59.440,24.737,1,\n\
             TLL-1,Tallinn,59.440,24.737,0,TLL\n\
             BF,Birchfield,59.263,25.958,0,\n\
             TAR,Tartu,58.373,26.706,0,\n\
             NRV,Narva,59.374,28.197,0,\n",
        ),
        (
            "routes.txt",
            "route_id,route_short_name,route_long_name,route_type\nR1,R,Tallinn - Tartu,2\n",
        ),
        (
            "trips.txt",
            "route_id,service_id,trip_id,trip_headsign,trip_short_name\n\
             R1,WD,T1,Tartu,101\n\
             R1,WD,T2,Narva,102\n",
        ),
        (
            "stop_times.txt",
            "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n\
             T1,08:10:00,08:10:00,TLL-1,1\n\
             T1,09:00:00,09:01:00,BF,2\n\
             T1,10:30:00,10:30:00,TAR,3\n\
             T2,08:20:00,08:20:00,TLL-1,1\n\
             T2,09:10:00,09:11:00,BF,2\n\
             T2,11:30:00,11:30:00,NRV,3\n",
        ),
        (
            "calendar.txt",
            "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n\
             WD,1,1,1,1,1,0,0,20260101,20261231\n",
        ),
    ])
}

pub(crate) fn railtop(args: &[&str], env: &[(&str, &str)]) -> std::process::Output {
    let mut cmd = crate::support::railtop_binary();
    cmd.args(args)
        .env("RAILTOP_NOW", NOW)
        .env_remove("RAILTOP_SOURCE")
        .env("RAILTOP_CONFIG", "/dev/null");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().unwrap()
}

pub(crate) fn config_file(name: &str, base: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("railtop-gtfs-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    std::fs::write(
        &path,
        format!(
            "[[feeds]]\nslug = \"estonia\"\nname = \"Elron\"\ntimezone = \"Europe/Tallinn\"\n\
             vehicle_positions = \"{base}/vp.pb\"\ntrip_updates = \"{base}/tu.pb\"\n\
             static_gtfs = \"{base}/gtfs.zip\"\nattribution = \"Estonia: Elron (test feed)\"\n"
        ),
    )
    .unwrap();
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_feeds_table_adds_a_region_with_trains_and_boards() {
    let base = play_gtfs(["/vp.pb", "/tu.pb", "/gtfs.zip"]).await;
    let config = config_file("region", &base);
    let config = config.display().to_string();
    let (trains, board) = tokio::task::spawn_blocking(move || {
        let common = ["--source", "upstream", "--config", config.as_str()];
        let mut t = common.to_vec();
        t.extend(["trains", "--country", "estonia", "--format", "json"]);
        let mut b = common.to_vec();
        b.extend(["departures", "estonia:TLL", "--format", "json"]);
        (railtop(&t, &[]), railtop(&b, &[]))
    })
    .await
    .unwrap();
    for o in [&trains, &board] {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let trains: RealtimeResponse = serde_json::from_slice(&trains.stdout).unwrap();
    let board: DeparturesResponse = serde_json::from_slice(&board.stdout).unwrap();
    assert_eq!(trains.trains.len(), 2);
    assert_eq!(trains.trains[0].name, "R 101 → Tartu");
    assert_eq!(trains.trains[0].delay, Some(5));
    assert_eq!(
        trains.trains[0].speed,
        Some(97.0),
        "m/s by default: 27 × 3.6"
    );
    assert_eq!(trains.stats.with_gps, 2);
    assert_eq!(
        trains.attribution.as_deref(),
        Some("Estonia: Elron (test feed)")
    );
    assert_eq!(board.station.name, "Tallinn");
    assert_eq!(board.station.timezone.as_deref(), Some("Europe/Tallinn"));
    let rows: Vec<(&str, &str, Option<i64>, bool)> = board
        .departures
        .iter()
        .map(|d| {
            (
                d.scheduled_dep.as_str(),
                d.destination.as_str(),
                d.delay,
                d.cancelled,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("08:10", "Tartu", Some(5), false),
            ("08:20", "Narva", None, true)
        ]
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malaysia_reads_the_built_in_ktmb_feed_with_names_from_the_bundle() {
    let base = play_gtfs([
        "/gtfs-realtime/vehicle-position/ktmb",
        "/unused",
        "/gtfs-static/ktmb",
    ])
    .await;
    let out = tokio::task::spawn_blocking(move || {
        railtop(
            &[
                "--source",
                "upstream",
                "trains",
                "--country",
                "malaysia",
                "--format",
                "json",
            ],
            &[("RAILTOP_MALAYSIA_URL", base.as_str())],
        )
    })
    .await
    .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let trains: RealtimeResponse = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(trains.trains.len(), 2);
    assert_eq!(
        trains.trains[0].name, "R 101 → Tartu",
        "names from the static bundle"
    );
    assert_eq!(trains.trains[0].delay, None, "KTMB has no trip updates");
    assert_eq!(
        trains.trains[0].speed,
        Some(27.0),
        "KTMB sends km/h, whatever the spec says"
    );
    assert_eq!(trains.trains[0].country.as_deref(), Some("malaysia"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_answers_for_a_region_of_the_config_file() {
    let base = play_gtfs(["/vp.pb", "/tu.pb", "/gtfs.zip"]).await;
    let server = crate::support::start_config(&config_file("api", &base)).await;
    let addr = server.addr;
    let client = reqwest::Client::new();
    let answer = client
        .get(format!("http://{addr}/api/live/realtime?source=estonia"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 200);
    let body: RealtimeResponse = serde_json::from_slice(&answer.bytes().await.unwrap()).unwrap();
    assert!(body.live_countries.contains(&"estonia".to_string()));
    assert_eq!(body.trains.len(), 2);
    let unknown = client
        .get(format!("http://{addr}/api/live/realtime?source=atlantis"))
        .send()
        .await
        .unwrap();
    assert_eq!(unknown.status(), 404, "other unknown slugs stay unknown");
}

/// A `[[feeds]]` region's service alerts: each one in force is the message of the calls it
/// names, in the feed's own language (its untagged text), on the one-shot board and in JSON.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_regions_alerts_are_its_rows_messages() {
    let now: chrono::DateTime<chrono::Utc> = NOW.parse().unwrap();
    let t1 = now.timestamp() + 15 * 60;
    let router = Router::new()
        .route(
            "/vp.pb",
            get(|| async { samples::vehicle_positions().into_response() }),
        )
        .route(
            "/tu.pb",
            get(move || async move { samples::trip_updates(t1).into_response() }),
        )
        .route(
            "/alerts.pb",
            get(|| async { samples::alerts().into_response() }),
        )
        .route(
            "/gtfs.zip",
            get(|| async { sample_bundle().into_response() }),
        );
    let base = format!("http://{}", crate::support::start_router(router).await);
    let config = config_file("alerts", &base);
    let mut text = std::fs::read_to_string(&config).unwrap();
    text.push_str(&format!("alerts = \"{base}/alerts.pb\"\n"));
    std::fs::write(&config, text).unwrap();
    let config = config.display().to_string();
    let (json, table) = tokio::task::spawn_blocking(move || {
        let board = |format: &str| {
            let args = [
                "--source",
                "upstream",
                "--config",
                &config,
                "departures",
                "estonia:TLL",
                "--format",
                format,
            ];
            railtop(&args, &[])
        };
        (board("json"), board("table"))
    })
    .await
    .unwrap();
    assert!(
        json.status.success(),
        "{}",
        String::from_utf8_lossy(&json.stderr)
    );
    let board: DeparturesResponse = serde_json::from_slice(&json.stdout).unwrap();
    let messages: Vec<(&str, &[String])> = board
        .departures
        .iter()
        .map(|d| (d.destination.as_str(), d.messages.as_slice()))
        .collect();
    assert_eq!(
        messages,
        [
            (
                "Tartu",
                &["Rong hilineb tehnilise rikke tõttu".to_string()][..]
            ),
            ("Narva", &["Rong ei välju: rööbastetööd".to_string()][..]),
        ],
        "the alerts in force, each its call's, untranslated"
    );
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(
        table.contains("  ↳ Rong hilineb tehnilise rikke tõttu"),
        "{table}"
    );
}

/// A `[[feeds]]` region whose URL answers 404 is said to be the user's own to check, not "the
/// national feeds may be down".
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_region_of_ones_own_points_at_its_urls() {
    let base = format!(
        "http://{}",
        crate::support::start_router(Router::new()).await
    );
    let config = config_file("own-404", &base).display().to_string();
    let out = tokio::task::spawn_blocking(move || {
        railtop(
            &[
                "--source",
                "upstream",
                "--config",
                &config,
                "trains",
                "--country",
                "estonia",
            ],
            &[],
        )
    })
    .await
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("estonia is your own [[feeds]] region: check its URLs"),
        "{err}"
    );
    assert!(!err.contains("national feeds"), "{err}");
}

/// A board of a region whose trip updates answer 404 points at that `[[feeds]]` entry's URLs
/// (its trip_updates first), not at `railtop stations` as if the station were unknown
/// (new-user pass, item 5).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_of_ones_own_region_answering_404_points_at_its_urls() {
    let base = play_gtfs(["/vp.pb", "/served-elsewhere.pb", "/gtfs.zip"]).await;
    let config = config_file("own-board-404", &base).display().to_string();
    let cache = std::env::temp_dir().join(format!("railtop-own-404-{}", std::process::id()));
    let out = tokio::task::spawn_blocking(move || {
        with_region(&config, &cache, &["departures", "Tallinn"])
    })
    .await
    .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("answered 404"), "{err}");
    assert!(
        err.contains(
            "estonia is your own [[feeds]] region: check its URLs in the configuration file, \
             its trip_updates first"
        ),
        "{err}"
    );
    assert!(!err.contains("railtop stations"), "{err}");
}

/// A region whose bundle cannot be fetched (its server is down) is no "no such station":
/// `stations` and `departures` say that its timetable could not be read and why (the fetch's
/// error, with its URL), point at that entry's static_gtfs, and name no unrelated country
/// (new-user pass, item 2).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_region_whose_bundle_cannot_be_fetched_says_so() {
    // A port nothing listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let base = format!("http://127.0.0.1:{port}");
    let config = config_file("unread", &base).display().to_string();
    let cache = std::env::temp_dir().join(format!("railtop-unread-{}", std::process::id()));
    let (stations, board) = tokio::task::spawn_blocking(move || {
        (
            with_region(&config, &cache, &["stations", "cedar"]),
            with_region(&config, &cache, &["departures", "Cedar Junction"]),
        )
    })
    .await
    .unwrap();
    let unread = "the stations of Elron (estonia), your own [[feeds]] region, are not known: \
                  its timetable could not be read: the bundle at ";
    let hint = "estonia is your own [[feeds]] region: check its URLs in the configuration file, \
                its static_gtfs first";
    for (o, said) in [
        (&stations, "no station matches \"cedar\"; "),
        (&board, "unknown station \"Cedar Junction\": "),
    ] {
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(1), "{err}");
        assert!(
            err.contains(&format!("{said}{unread}{base}/gtfs.zip")),
            "{err}"
        );
        assert!(err.contains(hint), "{err}");
        assert!(!err.contains("finland:"), "{err}");
    }
}

/// A region's station whose code is another country's too (`BF`, NS's Baflo) is named by its
/// country: `departures BF` says how (`estonia:BF`), and `estonia:BF` shows its board (new-user
/// pass, item 1, the command line's part).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_shared_code_is_told_apart_by_its_country() {
    let base = play_gtfs_with(
        ["/vp.pb", "/tu.pb", "/gtfs.zip"],
        bundle_with_a_shared_code(),
    )
    .await;
    let config = config_file("shared-code-cli", &base).display().to_string();
    let cache = std::env::temp_dir().join(format!("railtop-shared-code-{}", std::process::id()));
    let (bare, named) = tokio::task::spawn_blocking(move || {
        (
            with_region(&config, &cache, &["departures", "BF"]),
            with_region(&config, &cache, &["departures", "estonia:BF"]),
        )
    })
    .await
    .unwrap();
    let err = String::from_utf8_lossy(&bare.stderr);
    assert_eq!(bare.status.code(), Some(1), "{err}");
    assert!(err.contains("\"BF\" could be several stations"), "{err}");
    assert!(
        err.contains("name the one you mean with its country: estonia:BF, netherlands:8400089"),
        "{err}"
    );
    let out = String::from_utf8_lossy(&named.stdout);
    assert!(
        named.status.success(),
        "{}",
        String::from_utf8_lossy(&named.stderr)
    );
    assert!(out.starts_with("Departures from Birchfield"), "{out}");
    assert!(
        out.lines()
            .any(|l| l.contains("09:01") && l.contains("Tartu")),
        "{out}"
    );
}

/// A run of `railtop` with the region of `config` and a cache of its own (a first start: no
/// station list or timetable kept from another test).
fn with_region(config: &str, cache: &std::path::Path, args: &[&str]) -> std::process::Output {
    let mut all = vec!["--source", "upstream", "--config", config];
    all.extend(args);
    let cache = cache.display().to_string();
    railtop(&all, &[("XDG_CACHE_HOME", cache.as_str())])
}

/// A `[[feeds]]` region's stops are stations by name, as the built-in countries' are, from the
/// first command on: `stations`, `departures NAME`, `departures REGION:Name`, the candidates of
/// a typo, and `board`'s refusal of one (#54 item 4).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_regions_stops_are_stations_by_name() {
    let base = play_gtfs(["/vp.pb", "/tu.pb", "/gtfs.zip"]).await;
    let config = config_file("names", &base).display().to_string();
    let cache =
        std::env::temp_dir().join(format!("railtop-gtfs-names-cache-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&cache);
    let outs = tokio::task::spawn_blocking(move || {
        [
            &["stations", "tallinn", "--format", "csv"][..],
            &["departures", "tallinn", "--format", "json"],
            &["departures", "estonia:Tartu", "--format", "json"],
            &["departures", "tallimn", "--format", "json"],
            &["stations", "narva", "--format", "csv"],
            &["board", "tapaa"],
        ]
        .map(|args| with_region(&config, &cache, args))
    })
    .await
    .unwrap();
    let [stations, by_name, qualified, typo, later, board] = outs;
    let text = |o: &std::process::Output| {
        format!(
            "{}{}",
            String::from_utf8_lossy(&o.stdout),
            String::from_utf8_lossy(&o.stderr)
        )
    };
    assert!(stations.status.success(), "{}", text(&stations));
    assert!(
        text(&stations).contains("Tallinn,TLL,estonia,"),
        "{}",
        text(&stations)
    );
    assert!(
        text(&later).contains("Narva,NRV,estonia,"),
        "{}",
        text(&later)
    );
    for (o, code, name) in [(&by_name, "TLL", "Tallinn"), (&qualified, "TAR", "Tartu")] {
        assert!(o.status.success(), "{}", text(o));
        let board: DeparturesResponse = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(
            (board.station.code.as_str(), board.station.name.as_str()),
            (code, name),
            "the stop's id, not the name typed"
        );
    }
    // As a national station's typo: exit 1 and the candidates, these of the region.
    assert_eq!(typo.status.code(), Some(1), "{}", text(&typo));
    assert!(
        text(&typo).contains("did you mean Tallinn (TLL, estonia)"),
        "{}",
        text(&typo)
    );
    assert!(!board.status.success(), "{}", text(&board));
    assert!(text(&board).contains("not starting"), "{}", text(&board));
    assert!(
        text(&board).contains("did you mean Tapa (TPS, estonia)"),
        "{}",
        text(&board)
    );
}
