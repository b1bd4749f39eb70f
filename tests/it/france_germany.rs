//! France's trains from any station's board and its partly cancelled runs; Germany's routes
//! checked against the trains' trips within db-rest's budget. Each feed is played on loopback
//! from its fixture folder (`upstream/feeds/{france,germany}/fixtures/`) and read through the binary
//! (`railtop departures`, `railtop train`) and the real server (`/api/live/…`); the real
//! recorded SNCF disruptions and DB trip (`round3/` of the samples) are read the same way
//! where they are present.

use crate::support::{railtop_binary, start_router, start_with, TestServer};
use axum::http::{StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use railtop_core::clock::Clock;
use railtop_core::config::FeedSettings;
use railtop_core::model::{DeparturesResponse, JourneyResponse};
use railtop_feeds::test_support::play::{play, Seen};
use railtop_feeds::upstream::{registry, Aggregator};
use railtop_server::ServerConfig;
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// 09:50 in Lille and Hamburg on 2026-11-24, the fixtures' day.
const NOW: &str = "2026-11-24T08:50:00Z";

/// `railtop ARGS --source upstream` with `env` at `now`: its output.
async fn railtop(args: &[&str], env: &[(&str, String)], now: &str) -> std::process::Output {
    let mut cmd = railtop_binary();
    cmd.args(args)
        .args(["--source", "upstream"])
        .env("RAILTOP_NOW", now)
        .env_remove("RAILTOP_SOURCE");
    for (k, v) in env {
        cmd.env(k, v);
    }
    tokio::task::spawn_blocking(move || cmd.output().unwrap())
        .await
        .unwrap()
}

/// [`railtop`] with `--format json`, which must succeed: its stdout, parsed.
async fn railtop_json<T: serde::de::DeserializeOwned>(
    args: &[&str],
    env: &[(&str, String)],
    now: &str,
) -> T {
    let mut all = args.to_vec();
    all.extend(["--format", "json"]);
    let out = railtop(&all, env, now).await;
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

/// The real server over the registry's feed `slug` at `base`, at `now`.
async fn serve(slug: &str, base: String, now: &str) -> TestServer {
    let settings = FeedSettings {
        key: Some("test-key".into()),
        ..FeedSettings::at(base)
    };
    let client = railtop_feeds::upstream::http::client().unwrap();
    let feed = registry::row(slug)
        .unwrap()
        .open(client, &settings)
        .unwrap();
    let aggregator = Aggregator::with_feeds(vec![feed], Clock::parse(now).unwrap());
    let config = ServerConfig {
        rate_limit: None,
        ..ServerConfig::default()
    };
    start_with(Arc::new(aggregator), config).await
}

/// A GET of the server: its status and its JSON body.
async fn get(url: &str) -> (u16, Value) {
    let r = reqwest::get(url).await.unwrap();
    let status = r.status().as_u16();
    let body = r.bytes().await.unwrap();
    (
        status,
        serde_json::from_slice(&body).unwrap_or_else(|e| panic!("{url}: {e}")),
    )
}

/// `s` as a URL's query value.
fn query(s: &str) -> String {
    form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

/// The paths the played feed was asked for.
fn asked(seen: &Seen) -> Vec<String> {
    seen.lock()
        .unwrap()
        .iter()
        .map(|(p, ..)| p.clone())
        .collect()
}

const LILLE_TER: &str = "france-SNCF:2026-11-24:841201:1187:Train";

/// Lille Flandres is not the hub (Paris Saint-Lazare): its rows' train ids open their runs
/// all the same, by their vehicle journeys alone (the hub's board is never asked); the TER
/// whose `REDUCED_SERVICE` disruption deletes two stops is partly cancelled on the board (its
/// disruption's French text, railtop's English "partly cancelled") and in its journey; an id
/// that could reach another path is refused before any request.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn france_a_train_of_any_board_opens_its_run_partly_cancelled() {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("france", seen.clone()).await;
    let env = [
        ("RAILTOP_FRANCE_URL", base.clone()),
        ("RAILTOP_FRANCE_KEY", "k".to_string()),
    ];
    let board: Value = railtop_json(&["departures", "france:87286005"], &env, NOW).await;
    assert_eq!(board["station"], "Lille Flandres", "{board:#}");
    let rows = board["departures"].as_array().unwrap();
    let ter = &rows[0];
    assert_eq!(ter["trainId"], LILLE_TER);
    assert_eq!(
        ter["messages"],
        serde_json::json!([
            "Défaillance de matériel",
            "partly cancelled: no stop at Douai, Arras"
        ])
    );
    assert_eq!(ter["messageLanguages"], serde_json::json!(["fr", "en"]));
    assert_eq!(ter["cancelled"], false);
    assert_eq!(
        rows[2]["cancelled"], true,
        "its run leaves out Lille Flandres"
    );
    assert!(rows[3].get("trainId").is_none(), "{}", rows[3]);

    let journey: JourneyResponse = railtop_json(&["train", LILLE_TER], &env, NOW).await;
    assert_eq!(journey.train.id, LILLE_TER);
    assert_eq!(journey.train.train_code, "841201");
    assert!(journey.train.partly_cancelled);
    assert_eq!(
        journey.train.status, "scheduled",
        "leaves Lille at 10:07, it is 09:50"
    );
    assert_eq!(
        journey.train.next_station.as_deref(),
        Some("Lille Flandres")
    );
    assert_eq!(journey.train.messages, ["Défaillance de matériel"]);
    assert_eq!(journey.train.message_languages, [Some("fr".to_string())]);
    let stops: Vec<(&str, bool)> = journey
        .stops
        .iter()
        .map(|s| (s.name.as_str(), s.cancelled))
        .collect();
    assert_eq!(
        stops,
        [
            ("Lille Flandres", false),
            ("Douai", true),
            ("Arras", true),
            ("Amiens", false)
        ]
    );
    assert_eq!(journey.stops[3].arrival.expected.as_deref(), Some("11:42"));
    // As a person reads it.
    let table = railtop(&["train", LILLE_TER], &env, NOW).await;
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(table.contains("partly cancelled"), "{table}");
    let paths = asked(&seen);
    assert!(
        paths
            .iter()
            .any(|p| p == "/v1/coverage/sncf/vehicle_journeys/vehicle_journey:SNCF:2026-11-24:841201:1187:Train"),
        "{paths:?}"
    );
    assert!(
        !paths.iter().any(|p| p.contains("87384008")),
        "the hub's board is not needed: {paths:?}"
    );

    // An id that is no vehicle journey's is refused, and nothing is asked for it.
    let before = asked(&seen).len();
    let bad = railtop(&["train", "france-SNCF:1/../../stop_areas"], &env, NOW).await;
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("not a French train id"), "{err}");
    assert_eq!(asked(&seen).len(), before);

    // The same through the real server: a row's trainId opens its journey.
    let server = serve("france", base, NOW).await;
    let (status, board) = get(&format!(
        "{}/api/live/departures?station=france:87286005",
        server.url()
    ))
    .await;
    assert_eq!(status, 200, "{board}");
    let id = board["departures"][0]["trainId"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(id, LILLE_TER);
    let (status, api) = get(&format!(
        "{}/api/live/train?id={}",
        server.url(),
        query(&id)
    ))
    .await;
    assert_eq!(status, 200, "{api}");
    let api: JourneyResponse = serde_json::from_value(api).unwrap();
    assert_eq!(api.stops, journey.stops);
    assert!(api.train.partly_cancelled);
    for bad in [
        "france-SNCF:x?count=100",
        "france-SNCF:x/y",
        "france-SNCF x",
    ] {
        let before = asked(&seen).len();
        let (status, body) = get(&format!(
            "{}/api/live/train?id={}",
            server.url(),
            query(bad)
        ))
        .await;
        assert_eq!(status, 400, "{bad}: {body}");
        assert_eq!(asked(&seen).len(), before, "{bad}");
    }
    // The hub's trains keep their ids, found on the hub's board as before.
    let (status, hub) = get(&format!(
        "{}/api/live/train?id={}",
        server.url(),
        query("france-20261124-TRANSILIEN 133627")
    ))
    .await;
    assert_eq!(status, 200, "{hub}");
    assert_eq!(hub["train"]["partlyCancelled"], true);
    assert_eq!(hub["train"]["messageLanguages"], serde_json::json!(["fr"]));
}

/// DB Navigator's shape of trip id, as `departures-hamburg-hbf.json`'s ICE 571 has it.
const T571: &str = "2|#VN#1#ST#1764000000#PI#0#ZI#571#TA#0#DA#241126#1S#8002549#1T#900#LS#8000261#LT#1530#PU#80#RT#1#CA#ICE#ZE#571#ZB#ICE  571#PC#0#FR#8002549#FT#900#TO#8000261#TT#1530#";

/// The trips the played db-rest was asked for.
fn trips(seen: &Seen) -> Vec<String> {
    asked(seen)
        .into_iter()
        .filter(|p| p.starts_with("/trips/"))
        .collect()
}

/// Hamburg Hbf to Göttingen: db-rest's rows list a few main stops or none, so the rows that do
/// not reach Göttingen by them are checked against their trips, the nearest six (the feed's
/// budget for a board), each asked once; the ICE 571 (Göttingen not among its listed stops) is
/// kept by its trip, the ICE 885 by its own stops without a lookup; the ICE 577, seventh to
/// check, is left out by its own stops and the log says so; a row without a trip is never
/// looked up. The same through the API (`to=` and `via=`), and a row's trip id opens its
/// journey from any board.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn germany_a_route_is_checked_against_the_trips_within_the_budget() {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("germany", seen.clone()).await;
    let env = [("RAILTOP_GERMANY_URL", base.clone())];
    let log = std::env::temp_dir().join(format!("railtop-it-de-route-{}.log", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let log_arg = log.to_string_lossy().to_string();
    let board: DeparturesResponse = railtop_json(
        &[
            "departures",
            "germany:8002549",
            "--to",
            "Göttingen",
            "--log-file",
            &log_arg,
        ],
        &env,
        NOW,
    )
    .await;
    let codes: Vec<&str> = board
        .departures
        .iter()
        .map(|d| d.train_code.as_deref().unwrap_or(""))
        .collect();
    assert_eq!(codes, ["ICE 571", "ICE 885"], "{board:#?}");
    let asked_trips = trips(&seen);
    assert_eq!(asked_trips.len(), 6, "{asked_trips:#?}");
    let mut distinct = asked_trips.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 6, "each trip once");
    assert!(
        asked_trips
            .iter()
            .any(|p| p.starts_with("/trips/2%7C%23VN%231%23ST%23") && p.contains("ICE%20%20571")),
        "{asked_trips:#?}"
    );
    assert!(
        !asked_trips.iter().any(|p| p.contains("577")),
        "the seventh row is past the budget: {asked_trips:#?}"
    );
    assert!(
        !asked_trips.iter().any(|p| p.contains("885")),
        "its own stops reach Göttingen"
    );
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    assert!(
        logged.contains("beyond the 6 journeys") && logged.contains("ICE 577 → München Hbf"),
        "{logged}"
    );
    let _ = std::fs::remove_file(&log);

    // Without a route: the board whole, no trip asked.
    let before = trips(&seen).len();
    let whole: DeparturesResponse =
        railtop_json(&["departures", "germany:8002549"], &env, NOW).await;
    assert_eq!(whole.departures.len(), 9);
    assert_eq!(trips(&seen).len(), before);

    // A row's trip id opens its journey, here and through the server.
    let id = format!("germany-trip-{T571}");
    assert_eq!(whole.departures[0].train_id.as_deref(), Some(id.as_str()));
    let journey: JourneyResponse = railtop_json(&["train", &id], &env, NOW).await;
    assert_eq!(journey.train.train_code, "ICE 571");
    assert_eq!(journey.train.operator.as_deref(), Some("DB Fernverkehr AG"));
    assert_eq!(journey.stops.len(), 6);
    assert_eq!(journey.stops[2].name, "Göttingen");

    let server_seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let server = serve("germany", play("germany", server_seen.clone()).await, NOW).await;
    let (status, body) = get(&format!(
        "{}/api/live/departures?station=germany:8002549&to={}&via=Hannover",
        server.url(),
        query("Göttingen")
    ))
    .await;
    assert_eq!(status, 200, "{body}");
    let codes: Vec<&str> = body["departures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["trainCode"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(codes, ["ICE 571", "ICE 885"], "{body:#}");
    assert_eq!(trips(&server_seen).len(), 6);
    let (status, api) = get(&format!(
        "{}/api/live/train?id={}",
        server.url(),
        query(&id)
    ))
    .await;
    assert_eq!(status, 200, "{api}");
    let api: JourneyResponse = serde_json::from_value(api).unwrap();
    assert_eq!(api.stops, journey.stops);
    // A trip id too long to be one is refused before any request.
    let before = asked(&server_seen).len();
    let (status, _) = get(&format!(
        "{}/api/live/train?id=germany-trip-{}",
        server.url(),
        "x".repeat(190)
    ))
    .await;
    assert_eq!(status, 400);
    assert_eq!(asked(&server_seen).len(), before);
}

/// `round3/` of the recorded samples, or `None` (said on stderr).
fn round3() -> Option<std::path::PathBuf> {
    let dir = railtop_feeds::test_support::samples_dir()
        .map(|d| d.join("round3"))
        .filter(|d| d.is_dir());
    if dir.is_none() {
        eprintln!("SKIPPED: no round3/ beside the samples: the real payloads were not read");
    }
    dir
}

/// A loopback upstream answering each path (exactly) with its bytes; anything else is a 404.
async fn play_bytes(answers: Vec<(String, Vec<u8>)>) -> String {
    let answers = Arc::new(answers);
    let router = Router::new().fallback(move |uri: Uri| {
        let answers = answers.clone();
        async move {
            match answers.iter().find(|(p, _)| uri.path() == p) {
                Some((_, body)) => body.clone().into_response(),
                None => (StatusCode::NOT_FOUND, Vec::new()).into_response(),
            }
        }
    });
    format!("http://{}", start_router(router).await)
}

/// The real `REDUCED_SERVICE` disruptions of Navitia's `/disruptions` page (four of them),
/// each linked from a board row of the test's own at a station it does not touch: every row
/// is partly cancelled with the disruption's real French text and the stops it deletes, and
/// names its run; the run made of the disruption's impacted stops is partly cancelled too.
/// The first is then played on loopback and read through the binary.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn france_real_reduced_services_are_partly_cancelled_on_every_board() {
    let Some(dir) = round3() else { return };
    let page: Value = serde_json::from_slice(
        &std::fs::read(dir.join("france/disruptions-page1-2023-03-21.json")).unwrap(),
    )
    .unwrap();
    let reduced: Vec<&Value> = page["disruptions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["severity"]["effect"] == "REDUCED_SERVICE")
        .collect();
    assert_eq!(reduced.len(), 4, "REDUCED_SERVICE ×4");
    let board_of = |d: &Value| {
        let trip = d["impacted_objects"][0]["pt_object"]["id"]
            .as_str()
            .unwrap();
        serde_json::json!({
            "departures": [{
                "stop_point": {
                    "id": "stop_point:SNCF:87999999:Train",
                    "stop_area": {"id": "stop_area:SNCF:87999999", "name": "Gare d'essai"}
                },
                "stop_date_time": {
                    "departure_date_time": "20230321T080000",
                    "base_departure_date_time": "20230321T080000",
                    "data_freshness": "realtime"
                },
                "display_informations": {
                    "code": "", "label": "TER", "commercial_mode": "TER",
                    "direction": "Ailleurs (Ailleurs)", "trip_short_name": "1", "network": "TER"
                },
                "links": [
                    {"type": "vehicle_journey", "id": format!("vehicle_journey:{trip}")},
                    {"type": "disruption", "id": d["id"]}
                ]
            }],
            "disruptions": [d]
        })
    };
    let run_of = |d: &Value| {
        let stop_times: Vec<Value> = d["impacted_objects"][0]["impacted_stops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                serde_json::json!({
                    "stop_point": s["stop_point"],
                    "arrival_time": s["base_arrival_time"],
                    "departure_time": s["base_departure_time"],
                })
            })
            .collect();
        serde_json::json!({
            "vehicle_journeys": [{
                "name": d["impacted_objects"][0]["pt_object"]["trip"]["name"],
                "stop_times": stop_times,
                "disruptions": [{"id": d["id"]}]
            }],
            "disruptions": [d],
        })
    };
    let day = chrono::NaiveDate::from_ymd_opt(2023, 3, 21).unwrap();
    let now: chrono::DateTime<chrono::Utc> = "2023-03-21T00:00:00Z".parse().unwrap();
    for d in &reduced {
        let text = d["messages"][0]["text"].as_str().unwrap();
        let deleted: Vec<&str> = d["impacted_objects"][0]["impacted_stops"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["stop_time_effect"] == "deleted")
            .map(|s| s["stop_point"]["name"].as_str().unwrap())
            .collect();
        assert!(!deleted.is_empty(), "{}", d["id"]);
        let board = railtop_feeds::upstream::feeds::france::parse_board(
            &serde_json::to_vec(&board_of(d)).unwrap(),
        )
        .unwrap();
        let row = &board.departures[0];
        assert!(!row.cancelled, "{}", d["id"]);
        assert_eq!(row.messages[0], text);
        assert!(
            row.messages[1].starts_with("partly cancelled: no stop at ")
                && row.messages[1].contains(deleted[0]),
            "{:?}",
            row.messages
        );
        assert_eq!(
            row.message_languages,
            [Some("fr".to_string()), Some("en".to_string())]
        );
        let trip = d["impacted_objects"][0]["pt_object"]["id"]
            .as_str()
            .unwrap();
        assert_eq!(row.train_id, Some(format!("france-{trip}")));
        let run = railtop_feeds::upstream::feeds::france::parse_vehicle_journey(
            &serde_json::to_vec(&run_of(d)).unwrap(),
            day,
            now,
        )
        .unwrap();
        assert!(run.partly_cancelled && !run.cancelled, "{}", d["id"]);
        assert_eq!(run.messages, [text]);
        assert_eq!(run.message_languages, ["fr"]);
    }

    // The first through the binary: its row's train id opens its run.
    let d = reduced[0];
    let trip = d["impacted_objects"][0]["pt_object"]["id"]
        .as_str()
        .unwrap();
    let base = play_bytes(vec![
        (
            "/v1/coverage/sncf/stop_areas/stop_area:SNCF:87999999/departures".into(),
            serde_json::to_vec(&board_of(d)).unwrap(),
        ),
        (
            format!("/v1/coverage/sncf/vehicle_journeys/vehicle_journey:{trip}"),
            serde_json::to_vec(&run_of(d)).unwrap(),
        ),
    ])
    .await;
    let env = [
        ("RAILTOP_FRANCE_URL", base),
        ("RAILTOP_FRANCE_KEY", "k".to_string()),
    ];
    let now = "2023-03-21T07:00:00Z";
    let board: DeparturesResponse =
        railtop_json(&["departures", "france:87999999"], &env, now).await;
    let id = board.departures[0].train_id.clone().unwrap();
    let journey: JourneyResponse = railtop_json(&["train", &id], &env, now).await;
    assert!(journey.train.partly_cancelled);
    assert_eq!(
        journey.train.messages,
        [d["messages"][0]["text"].as_str().unwrap()]
    );
    assert!(journey.stops.iter().any(|s| s.cancelled));
}

/// The recorded DB Navigator trip (agilis 84100, München Flughafen → Nürnberg) asked by a
/// board row's train id: the journey's record is the trip's line and operator, its stops all
/// sixteen stopovers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn germany_a_real_trip_is_a_journey_by_its_id_alone() {
    let Some(dir) = round3() else { return };
    let trip = std::fs::read(
        dir.join("germany/dbnav-trip-agilis-84100-muc-airport-nuremberg-2025-01-17.json"),
    )
    .unwrap();
    // The sample's id is the library test's "foo".
    let base = play_bytes(vec![("/trips/foo".into(), trip)]).await;
    let env = [("RAILTOP_GERMANY_URL", base)];
    let journey: JourneyResponse =
        railtop_json(&["train", "germany-trip-foo"], &env, "2025-01-17T15:00:00Z").await;
    assert_eq!(journey.train.train_code, "ag 84100");
    assert_eq!(journey.train.operator.as_deref(), Some("agilis"));
    assert_eq!(journey.stops.len(), 16);
    assert_eq!(
        journey.stops[0].name,
        journey.train.from.clone().unwrap_or_default()
    );
    assert_eq!(journey.stops[15].name, "Nürnberg Hbf");
}

/// db-rest's remarks as a person and a script meet them: a warning by its plain summary, an
/// HTML text made plain, hints (bicycles, catering) left out, all in German and said so; no
/// tag or entity on the screen or in the API.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn germany_remarks_are_plain_german_reasons_without_hints() {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("germany", seen.clone()).await;
    let env = [("RAILTOP_GERMANY_URL", base.clone())];
    let table = railtop(
        &["departures", "germany:8011102"],
        &env,
        "2026-11-24T05:50:00Z",
    )
    .await;
    assert!(
        table.status.success(),
        "{}",
        String::from_utf8_lossy(&table.stderr)
    );
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(
        table.contains("↳ Bauarbeiten zwischen Berlin und Halle (Saale)"),
        "{table}"
    );
    assert!(table.contains("Potsdam Hbf > Brandenburg Hbf"), "{table}");
    for raw in [
        "<a",
        "<b>",
        "&nbsp;",
        "&#62;",
        "Bordrestaurant",
        "Fahrradmitnahme",
    ] {
        assert!(!table.contains(raw), "{raw}: {table}");
    }
    let server = serve("germany", base, "2026-11-24T05:50:00Z").await;
    let (status, body) = get(&format!(
        "{}/api/live/departures?station=germany:8011102",
        server.url()
    ))
    .await;
    assert_eq!(status, 200, "{body}");
    let first = &body["departures"][0];
    assert_eq!(
        first["messages"],
        serde_json::json!([
            "Verspätung eines vorausfahrenden Zuges",
            "Bauarbeiten zwischen Berlin und Halle (Saale)"
        ]),
        "{body}"
    );
    assert_eq!(first["messageLanguages"], serde_json::json!(["de", "de"]));
    assert!(!body.to_string().contains("&nbsp;") && !body.to_string().contains("<a "));
    assert!(
        asked(&seen).iter().any(|p| p.contains("language=de")),
        "{:?}",
        asked(&seen)
    );
}
