//! Finland's messages end to end: Digitraffic's passenger information (station messages as a
//! board's notices, a train's message on that train) and its delay causes named from the cause
//! code lists, played on loopback from Finland's fixture folder and read through the CLI
//! (`railtop departures`, `railtop train`) and the API (`/api/live/departures`,
//! `/api/live/train`, `/api/live/realtime`).

use crate::support::{fixture, railtop_binary, start_router, start_with, TestServer};
use axum::http::{StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use railtop_core::clock::Clock;
use railtop_core::config::FeedSettings;
use railtop_core::model::{DeparturesResponse, JourneyResponse, RealtimeResponse};
use railtop_feeds::upstream::{registry, Aggregator};
use railtop_server::ServerConfig;
use serde_json::Value;
use std::sync::{Arc, Mutex};

/// 23:50 in Helsinki on Tuesday 24 November 2026 (the clock of the upstream tests).
const FI_NOW: &str = "2026-11-24T21:50:00Z";
/// 22:06 in Helsinki: IC 27 has left Pasila and is due at Tikkurila.
const ON_THE_WAY: &str = "2026-11-24T20:06:00Z";

const PASSENGER_INFO: &str = "/api/v1/passenger-information/active";
const CODE_LISTS: [&str; 3] = [
    "/api/v1/metadata/cause-category-codes",
    "/api/v1/metadata/detailed-cause-category-codes",
    "/api/v1/metadata/third-cause-category-codes",
];

const TRACK_WORK: &str =
    "Due to track work some commuter trains depart in Helsinki from tracks 17-19.";
const BRIDGE: &str =
    "Pasilan aseman itäinen kulkusilta on suljettu. Kulku laiturille 9-10 keskeltä.";
const FREIGHT: &str = "Huomio! Raiteelle 6 saapuu ohittava tavarajuna. \
     Pysykää turvallisen välimatkan päässä laiturin reunasta.";
const SHORT_TRAIN: &str = "IC 27 Tampere: the train has only five carriages.";
const CAUSES: &str = "Delay causes: other causes; passenger service";
const SLIPPERY: &str = "Myöhästymisen syy: Muut syyt – Liukkaat kiskot";
const CROWDED: &str =
    "Myöhästymisen syy: Matkustajapalvelu – Pitkittynyt asemapysähdys – Runsas matkustajamäärä";

/// The paths the played Digitraffic was asked, in order.
type Asked = Arc<Mutex<Vec<String>>>;

/// Digitraffic on loopback, answering from Finland's fixture folder as its `routes.txt` says,
/// except the `broken` paths, which answer 500 after 300 ms.
async fn digitraffic(broken: &'static [&'static str]) -> (String, Asked) {
    let routes: Arc<Vec<(String, String)>> = Arc::new(
        railtop_feeds::test_support::play::routes("finland")
            .routes
            .into_iter()
            .map(|r| (r.path, r.file))
            .collect(),
    );
    let asked: Asked = Arc::default();
    let seen = asked.clone();
    let router = Router::new().fallback(move |uri: Uri| {
        let (routes, seen) = (routes.clone(), seen.clone());
        async move {
            let path = uri.path().to_string();
            seen.lock().unwrap().push(path.clone());
            if broken.contains(&path.as_str()) {
                // Slowly, as a struggling upstream fails: after the board's own answer.
                tokio::time::sleep(std::time::Duration::from_millis(300)).await;
                return (StatusCode::INTERNAL_SERVER_ERROR, "down").into_response();
            }
            match routes.iter().find(|(p, _)| *p == path) {
                Some((_, file)) => fixture(&format!("finland/{file}")).into_response(),
                None => (StatusCode::NOT_FOUND, Vec::new()).into_response(),
            }
        }
    });
    (format!("http://{}", start_router(router).await), asked)
}

fn times_asked(asked: &Asked, path: &str) -> usize {
    asked.lock().unwrap().iter().filter(|p| *p == path).count()
}

/// `railtop ARGS --source upstream` at `now` with Finland's feed at `base`: its output, which
/// must be a success.
async fn railtop(base: &str, now: &'static str, args: &[&str]) -> String {
    let mut cmd = railtop_binary();
    cmd.args(args)
        .args(["--source", "upstream"])
        .env("RAILTOP_NOW", now)
        .env("RAILTOP_FINLAND_URL", base)
        .env_remove("RAILTOP_SOURCE");
    let out = tokio::task::spawn_blocking(move || cmd.output().unwrap())
        .await
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A field of a JSON answer as a list of strings (`[]` when absent).
fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .map(|a| {
            a.iter()
                .map(|s| s.as_str().unwrap_or_default().to_string())
                .collect()
        })
        .unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn station_messages_are_the_boards_notices_through_the_cli() {
    let (base, asked) = digitraffic(&[]).await;
    // Helsinki at 23:50: the track work (its video's English); not the lift (10:00–15:30)
    // nor the changes that ended yesterday.
    let json = railtop(&base, FI_NOW, &["departures", "HKI", "--format", "json"]).await;
    let hki: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(strings(&hki["notices"]), [TRACK_WORK], "{json}");
    assert_eq!(strings(&hki["noticeLanguages"]), ["en"], "{json}");
    let rows = hki["departures"].as_array().unwrap();
    assert_eq!(rows.len(), 3, "the board is the board: {json}");
    assert!(
        rows.iter().all(|r| r.get("messages").is_none()),
        "no message is about these trains: {json}"
    );
    // Pasila: the track work, a message in Finnish only and one said in Finnish and
    // Swedish (the first given, Finnish), each language stated.
    let json = railtop(&base, FI_NOW, &["departures", "PSL", "--format", "json"]).await;
    let psl: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        strings(&psl["notices"]),
        [TRACK_WORK, BRIDGE, FREIGHT],
        "{json}"
    );
    assert_eq!(strings(&psl["noticeLanguages"]), ["en", "fi", "fi"]);
    // The table says them under its title, as a train's messages are.
    let table = railtop(&base, FI_NOW, &["departures", "PSL"]).await;
    let title_and_notices: Vec<&str> = table.lines().filter(|l| !l.is_empty()).take(4).collect();
    assert_eq!(
        title_and_notices,
        [
            "Departures from Pasila (PSL)",
            &format!("! {TRACK_WORK}"),
            &format!("! {BRIDGE}"),
            &format!("! {FREIGHT}"),
        ],
        "{table}"
    );
    assert!(times_asked(&asked, PASSENGER_INFO) >= 3);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trains_message_and_all_its_causes_reach_railtop_train() {
    let (base, _) = digitraffic(&[]).await;
    let id = "fi-2026-11-24-27";
    let json = railtop(&base, FI_NOW, &["train", id, "--format", "json"]).await;
    let journey: JourneyResponse = serde_json::from_str(&json).unwrap();
    // The train's own message first, then the causes of Pasila's arrival and departure
    // (the repeat said once), English and the feed's Finnish.
    assert_eq!(
        journey.train.messages,
        [SHORT_TRAIN, CAUSES, SLIPPERY, CROWDED]
    );
    let raw: Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        strings(&raw["train"]["messageLanguages"]),
        ["en", "en", "fi", "fi"]
    );
    let table = railtop(&base, FI_NOW, &["train", id]).await;
    for message in [SHORT_TRAIN, CAUSES, SLIPPERY, CROWDED] {
        assert!(table.contains(&format!("! {message}\n")), "{table}");
    }
    // Tikkurila's board while the train is on its way there: the same, on its row.
    let json = railtop(
        &base,
        ON_THE_WAY,
        &["departures", "TKL", "--format", "json"],
    )
    .await;
    let tkl: DeparturesResponse = serde_json::from_str(&json).unwrap();
    let row = &tkl.departures[0];
    assert_eq!(row.train_id.as_deref(), Some(id));
    assert_eq!(row.messages, journey.train.messages, "{json}");
    assert!(tkl.notices.is_empty(), "Tikkurila's own message ended");
}

/// `railtop serve`'s API over Finland's feed at `base`, its clock at `now`.
async fn api(base: &str, now: &str) -> TestServer {
    let client = railtop_feeds::upstream::http::client().unwrap();
    let finland = registry::row("finland")
        .unwrap()
        .open(client, &FeedSettings::at(base))
        .unwrap();
    let source = Aggregator::with_feeds(vec![finland], Clock::parse(now).unwrap());
    start_with(
        Arc::new(source),
        ServerConfig {
            rate_limit: None,
            ..Default::default()
        },
    )
    .await
}

async fn get(server: &TestServer, path: &str) -> Value {
    let r = reqwest::get(format!("{}{path}", server.url()))
        .await
        .unwrap();
    assert!(r.status().is_success(), "{path}: {}", r.status());
    serde_json::from_str(&r.text().await.unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_states_each_message_with_its_language() {
    let (base, asked) = digitraffic(&[]).await;
    let server = api(&base, ON_THE_WAY).await;
    let psl = get(&server, "/api/live/departures?station=PSL").await;
    assert_eq!(strings(&psl["notices"]), [TRACK_WORK, BRIDGE, FREIGHT]);
    assert_eq!(strings(&psl["noticeLanguages"]), ["en", "fi", "fi"]);
    let hki = get(&server, "/api/live/departures?station=HKI").await;
    assert_eq!(strings(&hki["notices"]), [TRACK_WORK]);
    let tkl = get(&server, "/api/live/departures?station=TKL").await;
    let row = &tkl["departures"][0];
    assert_eq!(row["trainId"], "fi-2026-11-24-27");
    assert_eq!(
        strings(&row["messages"]),
        [SHORT_TRAIN, CAUSES, SLIPPERY, CROWDED]
    );
    assert_eq!(strings(&row["messageLanguages"]), ["en", "en", "fi", "fi"]);
    assert!(tkl.get("notices").is_none(), "{tkl}");
    let train = get(&server, "/api/live/train?id=fi-2026-11-24-27").await;
    assert_eq!(
        strings(&train["train"]["messages"]),
        [SHORT_TRAIN, CAUSES, SLIPPERY, CROWDED]
    );
    assert_eq!(
        strings(&train["train"]["messageLanguages"]),
        ["en", "en", "fi", "fi"]
    );
    // The realtime list: the train's message on its record (its causes are its journey's).
    let realtime: RealtimeResponse =
        serde_json::from_value(get(&server, "/api/live/realtime?source=finland").await).unwrap();
    let ic27 = realtime
        .trains
        .iter()
        .find(|t| t.id == "fi-2026-11-24-27")
        .unwrap();
    assert_eq!(ic27.messages, [SHORT_TRAIN]);
    assert_eq!(ic27.message_languages, [Some("en".to_string())]);
    // One request for the whole country within the feed's TTL; the code lists once.
    assert_eq!(times_asked(&asked, PASSENGER_INFO), 1, "{asked:?}");
    for list in CODE_LISTS {
        assert_eq!(times_asked(&asked, list), 1, "{list}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_messages_and_code_lists_cost_the_messages_never_the_board() {
    const BROKEN: &[&str] = &[PASSENGER_INFO, CODE_LISTS[0], CODE_LISTS[1], CODE_LISTS[2]];
    let (base, asked) = digitraffic(BROKEN).await;
    let server = api(&base, ON_THE_WAY).await;
    for _ in 0..2 {
        for station in ["HKI", "PSL", "TKL"] {
            let board = get(&server, &format!("/api/live/departures?station={station}")).await;
            assert!(board.get("notices").is_none(), "{board}");
        }
    }
    let hki = get(&server, "/api/live/departures?station=HKI").await;
    assert_eq!(hki["departures"].as_array().unwrap().len(), 3, "{hki}");
    // Without the code lists the categories are named from railtop's own table, the finer
    // codes as codes.
    let train = get(&server, "/api/live/train?id=fi-2026-11-24-27").await;
    assert_eq!(
        strings(&train["train"]["messages"]),
        [
            CAUSES,
            "Myöhästymisen syy: Muut syyt – I2",
            "Myöhästymisen syy: Matkustajapalvelu – M1 – M101"
        ]
    );
    // The feed did not back off: every board was asked of Digitraffic, and no feed is failing.
    assert!(times_asked(&asked, "/api/v1/live-trains/station/TKL") >= 1);
    assert!(times_asked(&asked, PASSENGER_INFO) >= 1);
    let health = get(&server, "/healthz").await;
    assert_eq!(health["feedsFailing"], 0, "{health}");
}
