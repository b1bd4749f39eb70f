//! NS's disruptions and engineering works (`/reisinformatie-api/api/v3/disruptions`) as the
//! messages of the Dutch boards and trains, through the binary and through `railtop serve`'s
//! API, against NS played on loopback from its fixture folder (its `disruptions.json`
//! is written from NS's published OpenAPI, not recorded). The test clock is 07:00 in Amsterdam:
//! (a) Utrecht–Amsterdam is in force, (b) Utrecht–'s-Hertogenbosch only tomorrow, (c) the
//! Arnhem–Oberhausen stretch elsewhere, (d) inactive, (e) a calamity for every board.

use crate::support::{fixture, start_router, start_with, NOW};
use axum::http::{HeaderMap, StatusCode, Uri};
use axum::response::IntoResponse;
use axum::Router;
use railtop_core::clock::Clock;
use railtop_core::config::FeedSettings;
use railtop_feeds::test_support::play::{play, Seen};
use railtop_feeds::upstream::{registry, Aggregator};
use serde_json::Value;
use std::sync::{Arc, Mutex};

const DISRUPTIONS: &str = "/reisinformatie-api/api/v3/disruptions";

/// (a), as every board of a station of its stretch and every train through it says it.
const UT_ASD: &str = "Utrecht Centraal - Amsterdam Centraal: defecte trein. Minder treinen. \
                      Dit duurt tot ongeveer 9:15 uur. Extra reistijd ca. 30 min. \
                      Plan uw reis vlak voor vertrek in de NS-app of op ns.nl.";
/// (e), national: every board's notice.
const CALAMITY: &str = "Utrecht Centraal: beperkt treinverkeer. Door een stroomstoring op \
                        Utrecht Centraal rijden er van en naar Utrecht Centraal veel minder \
                        treinen.";

/// `railtop --source upstream --format json departures STATION` at `now` against NS at `base`.
fn departures(base: &str, station: &str, now: &str) -> Value {
    let out = crate::support::railtop_binary()
        .args([
            "--source",
            "upstream",
            "departures",
            station,
            "--format",
            "json",
        ])
        .env("RAILTOP_CONFIG", "/dev/null")
        .env("RAILTOP_NOW", now)
        .env_remove("RAILTOP_SOURCE")
        .env("RAILTOP_NETHERLANDS_URL", base)
        .env("RAILTOP_NETHERLANDS_KEY", "fake-ns-key")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{station}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A board's row by its train code.
fn row<'a>(board: &'a Value, code: &str) -> &'a Value {
    board["departures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["trainCode"] == code)
        .unwrap_or_else(|| panic!("no {code} in {board}"))
}

fn texts(v: &Value) -> Vec<&str> {
    v.as_array()
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default()
}

/// The requests for the disruptions that NS was asked.
fn disruption_requests(seen: &Seen) -> Vec<(String, HeaderMap)> {
    seen.lock()
        .unwrap()
        .iter()
        .filter(|(p, ..)| p.starts_with(DISRUPTIONS))
        .map(|(p, h, _)| (p.clone(), h.clone()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn boards_and_trains_of_the_stretch_say_it_in_dutch_through_the_binary() {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("netherlands", seen.clone()).await;
    let (ut, ed, tomorrow) = tokio::task::spawn_blocking(move || {
        (
            departures(&base, "netherlands:UT", NOW),
            // Ede-Wageningen (the loopback NS answers Utrecht's rows for any station): not on
            // any stretch, so the calamity alone.
            departures(&base, "netherlands:ED", NOW),
            // 10:00 tomorrow: (a) is over, (b)'s works apply.
            departures(&base, "netherlands:UT", "2026-11-25T09:00:00Z"),
        )
    })
    .await
    .unwrap();

    // Utrecht Centraal: the calamity and (a) as the board's notices, in Dutch and saying so.
    assert_eq!(texts(&ut["notices"]), [CALAMITY, UT_ASD], "{ut}");
    assert_eq!(texts(&ut["noticeLanguages"]), ["nl", "nl"]);
    // The Intercity to Schiphol runs through Amsterdam Bijlmer ArenA, a station of (a): NS's
    // own note first, then (a), each tagged.
    let schiphol = row(&ut, "IC 3124");
    assert_eq!(texts(&schiphol["messages"]), ["Rijdt niet", UT_ASD]);
    assert_eq!(texts(&schiphol["messageLanguages"]), ["nl", "nl"]);
    // To Leiden and to Rhenen: not on the stretch. NS's own note still says its language.
    let leiden = row(&ut, "IC 8824");
    assert_eq!(
        texts(&leiden["messages"]),
        ["Stopt ook in Woerden, Bodegraven, Lammenschans"]
    );
    assert_eq!(texts(&leiden["messageLanguages"]), ["nl"]);
    assert!(row(&ut, "SPR 7427").get("messages").is_none(), "{ut}");
    // Tomorrow's works (b) and the inactive (d) say nothing today.
    let all = ut.to_string();
    assert!(
        !all.contains("Hertogenbosch") && !all.contains("Roosendaal"),
        "{all}"
    );

    assert_eq!(texts(&ed["notices"]), [CALAMITY], "{ed}");
    assert!(ed["departures"]
        .as_array()
        .unwrap()
        .iter()
        .all(|d| !d.to_string().contains("defecte trein")));

    let b = texts(&tomorrow["notices"]);
    assert_eq!(b.len(), 2, "{tomorrow}");
    assert!(
        b[1].starts_with(
            "Utrecht Centraal - 's-Hertogenbosch: werkzaamheden. Geen treinen. Bussen rijden."
        ),
        "{b:?}"
    );
    assert!(!tomorrow.to_string().contains("defecte trein"));

    // One request a board (three processes: three), asking NS for the active items, with the
    // key and in Dutch.
    let asked = disruption_requests(&seen);
    assert_eq!(asked.len(), 3, "{asked:?}");
    for (path, headers) in &asked {
        assert_eq!(path, "/reisinformatie-api/api/v3/disruptions?isActive=true");
        assert_eq!(headers["ocp-apim-subscription-key"], "fake-ns-key");
        assert_eq!(headers["accept-language"], "nl");
    }
}

/// `railtop serve`'s API: two stations' boards and the country's trains within the TTL cost one
/// disruptions request; the trains through the stretch carry the message.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_states_the_language_and_asks_once_for_the_whole_country() {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let base = play("netherlands", seen.clone()).await;
    let settings = FeedSettings {
        key: Some("fake-ns-key".into()),
        ..FeedSettings::at(base)
    };
    let client = railtop_feeds::upstream::http::client().unwrap();
    let feed = registry::row("netherlands")
        .unwrap()
        .open(client, &settings)
        .unwrap();
    let agg = Aggregator::with_feeds(vec![feed], Clock::parse(NOW).unwrap());
    let server = start_with(Arc::new(agg), Default::default()).await;
    let get = |path: &str| {
        let url = format!("{}{path}", server.url());
        async move {
            let r = reqwest::get(url).await.unwrap();
            assert_eq!(r.status(), 200);
            serde_json::from_str::<Value>(&r.text().await.unwrap()).unwrap()
        }
    };

    let ut = get("/api/live/departures?station=netherlands:UT").await;
    assert_eq!(texts(&ut["notices"]), [CALAMITY, UT_ASD], "{ut}");
    assert_eq!(texts(&ut["noticeLanguages"]), ["nl", "nl"]);
    let schiphol = row(&ut, "IC 3124");
    assert_eq!(texts(&schiphol["messages"]), ["Rijdt niet", UT_ASD]);
    assert_eq!(texts(&schiphol["messageLanguages"]), ["nl", "nl"]);

    // Utrecht by its UIC number: the same station, the same messages.
    let by_number = get("/api/live/departures?station=netherlands:8400621").await;
    assert_eq!(texts(&by_number["notices"]), [CALAMITY, UT_ASD]);

    // The hub's trains: the one through the stretch carries (a).
    let trains = get("/api/live/realtime?source=netherlands").await;
    let train = trains["trains"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["trainCode"] == "IC 3124")
        .unwrap_or_else(|| panic!("{trains}"));
    assert_eq!(texts(&train["messages"]), ["Rijdt niet", UT_ASD]);
    assert_eq!(texts(&train["messageLanguages"]), ["nl", "nl"]);

    let arrivals = get("/api/live/arrivals?station=netherlands:UT").await;
    assert_eq!(
        texts(&arrivals["notices"]),
        [CALAMITY, UT_ASD],
        "{arrivals}"
    );

    let asked = disruption_requests(&seen);
    assert_eq!(
        asked.len(),
        1,
        "one request for the country within the TTL: {asked:?}"
    );
}

/// NS with its departures and a broken disruptions endpoint (`how`): 500, or an answer that is
/// not NS's.
async fn ns_with_broken_disruptions(how: &'static str) -> String {
    let router = Router::new().fallback(move |uri: Uri| async move {
        match uri.path() {
            "/reisinformatie-api/api/v2/departures" => {
                fixture("netherlands/departures-ut.json").into_response()
            }
            DISRUPTIONS if how == "500" => {
                (StatusCode::INTERNAL_SERVER_ERROR, "boom").into_response()
            }
            DISRUPTIONS => "<html>maintenance</html>".into_response(),
            _ => (StatusCode::NOT_FOUND, Vec::new()).into_response(),
        }
    });
    format!("http://{}", start_router(router).await)
}

/// A failing disruptions request costs the messages, never the board: the board answers with
/// NS's own notes, the next board is not held back, and `/healthz` does not count it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn failing_disruptions_cost_the_messages_only() {
    for how in ["500", "garbage"] {
        let base = ns_with_broken_disruptions(how).await;
        let settings = FeedSettings {
            key: Some("fake-ns-key".into()),
            ..FeedSettings::at(base)
        };
        let client = railtop_feeds::upstream::http::client().unwrap();
        let feed = registry::row("netherlands")
            .unwrap()
            .open(client, &settings)
            .unwrap();
        let agg = Aggregator::with_feeds(vec![feed], Clock::parse(NOW).unwrap());
        let server = start_with(Arc::new(agg), Default::default()).await;
        for station in ["netherlands:UT", "netherlands:ASD"] {
            let r = reqwest::get(format!(
                "{}/api/live/departures?station={station}",
                server.url()
            ))
            .await
            .unwrap();
            assert_eq!(r.status(), 200, "{how} {station}");
            let board: Value = serde_json::from_str(&r.text().await.unwrap()).unwrap();
            assert_eq!(board["departures"].as_array().unwrap().len(), 3, "{board}");
            assert!(board.get("notices").is_none(), "{how}: {board}");
            assert_eq!(
                texts(&row(&board, "IC 3124")["messages"]),
                ["Rijdt niet"],
                "{how}"
            );
        }
        let health = reqwest::get(format!("{}/healthz", server.url()))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let health: Value = serde_json::from_str(&health).unwrap();
        assert_eq!(health["feedsFailing"], 0, "{how}: {health}");
    }
}
