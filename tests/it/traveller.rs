//! The traveller's board end to end: arrivals, several stations as one board, a route (by the
//! rows' stops and by the trains' journeys), timing on every row — through the real server on
//! loopback read by raw HTTP and by railtop's own client, and through the binary's commands.

use crate::support::{railtop_binary, start_demo, NOW};
use railtop_core::clock::Clock;
use railtop_core::model::{DeparturesResponse, Kind};
use railtop_feeds::source::remote::{RemoteConfig, RemoteSource};
use railtop_feeds::source::{DeparturesQuery, LiveSource};
use railtop_server::ServerConfig;
use serde_json::Value;

fn no_limit() -> ServerConfig {
    ServerConfig {
        rate_limit: None,
        ..ServerConfig::default()
    }
}

async fn get(url: &str) -> (u16, Value) {
    let r = reqwest::get(url).await.unwrap();
    let status = r.status().as_u16();
    let bytes = r.bytes().await.unwrap();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn arrivals_are_served_under_their_own_names_and_read_back() {
    let server = start_demo(no_limit()).await;
    let (status, body) = get(&format!(
        "{}/api/live/arrivals?station=TPE&limit=10",
        server.url()
    ))
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(body.get("departures").is_none(), "{body}");
    let rows = body["arrivals"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    for row in rows {
        for field in [
            "line",
            "origin",
            "scheduledArr",
            "delay",
            "cancelled",
            "timing",
        ] {
            assert!(row.get(field).is_some(), "{field} in {row}");
        }
        assert!(row.get("destination").is_none() && row.get("scheduledDep").is_none());
        assert_ne!(
            row["origin"], "Tampere",
            "a train does not come from where it arrives"
        );
    }
    assert_eq!(body["station"], "Tampere");

    // railtop's client reads them back as an arrivals board.
    let client = RemoteSource::new(
        &server.url(),
        RemoteConfig {
            clock: Clock::parse(NOW).unwrap(),
            ..RemoteConfig::default()
        },
    )
    .unwrap();
    let board = client
        .departures(DeparturesQuery {
            station: "TPE".into(),
            limit: 10,
            kind: Kind::Arrivals,
        })
        .await
        .unwrap();
    assert_eq!(board.kind, Kind::Arrivals);
    assert_eq!(board.departures.len(), 10);
    assert_eq!(
        board.departures[0].destination,
        rows[0]["origin"].as_str().unwrap()
    );
}

#[tokio::test]
async fn every_row_says_whether_it_is_realtime_or_the_timetable() {
    let server = start_demo(no_limit()).await;
    let (_, body) = get(&format!(
        "{}/api/live/departures?station=HKI&limit=100",
        server.url()
    ))
    .await;
    let rows = body["departures"].as_array().unwrap();
    let mut seen = std::collections::HashSet::new();
    for row in rows {
        let timing = row["timing"].as_str().unwrap();
        let realtime = !row["delay"].is_null() || row["cancelled"] == true;
        assert_eq!(timing == "realtime", realtime, "{row}");
        seen.insert(timing.to_string());
    }
    assert!(
        seen.contains("realtime") && seen.contains("timetable"),
        "{seen:?}"
    );
}

#[tokio::test]
async fn several_stations_are_one_board_in_time_order() {
    let server = start_demo(no_limit()).await;
    let url = format!(
        "{}/api/live/departures?station=HKI&station=PSL&limit=40",
        server.url()
    );
    let (status, body) = get(&url).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["station"], "Helsinki + Pasila");
    assert_eq!(body["stations"].as_array().unwrap().len(), 2);
    let board: DeparturesResponse = serde_json::from_value(body.clone()).unwrap();
    let from: std::collections::HashSet<_> = board
        .departures
        .iter()
        .map(|d| d.departs_from.clone().unwrap())
        .collect();
    assert_eq!(from.len(), 2, "{from:?}");
    // In the order of their timetabled times, the time every board shows first (on one clock,
    // in one morning): a late train keeps its place.
    let times: Vec<&str> = board
        .departures
        .iter()
        .map(|d| d.scheduled_dep.as_str())
        .collect();
    let mut sorted = times.clone();
    sorted.sort();
    assert_eq!(times, sorted);

    // Past five stations, or none, is a 400 that says so.
    let six = "station=HKI&station=PSL&station=TKL&station=KE&station=RI&station=TPE";
    let (status, body) = get(&format!("{}/api/live/departures?{six}", server.url())).await;
    assert_eq!(status, 400);
    assert!(body["error"]["message"]
        .as_str()
        .unwrap()
        .contains("at most 5"));
}

#[tokio::test]
async fn a_route_keeps_the_trains_that_go_there_by_their_stops_or_their_journey() {
    let server = start_demo(no_limit()).await;
    // Tampere is on the rows' own via lists.
    let (_, body) = get(&format!(
        "{}/api/live/departures?station=HKI&to=Tampere&via=Riihim%C3%A4ki",
        server.url()
    ))
    .await;
    let rows = body["departures"].as_array().unwrap();
    assert!(!rows.is_empty());
    for row in rows {
        let via: Vec<&str> = row["via"].as_array().map_or(Vec::new(), |v| {
            v.iter().map(|s| s.as_str().unwrap()).collect()
        });
        let goes = row["destination"] == "Tampere" || via.contains(&"Tampere");
        assert!(goes && via.contains(&"Riihimäki"), "{row}");
    }

    // Dalkey is beyond the eight via stops a DART row from Howth keeps: the journey says it.
    let (_, body) = get(&format!(
        "{}/api/live/departures?station=HOWTH&to=Dalkey",
        server.url()
    ))
    .await;
    let rows = body["departures"].as_array().unwrap();
    assert!(!rows.is_empty(), "{body}");
    for row in rows {
        let via = row["via"].as_array().unwrap();
        assert!(!via.iter().any(|s| s == "Dalkey"), "{row}");
        let id = row["trainId"].as_str().unwrap();
        let (_, journey) = get(&format!("{}/api/live/train?id={id}", server.url())).await;
        let stops: Vec<&str> = journey["stops"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap())
            .collect();
        assert!(stops.contains(&"Dalkey"), "{id}: {stops:?}");
    }
    // A place no train goes is an empty board, not an error.
    let (status, body) = get(&format!(
        "{}/api/live/departures?station=HKI&to=Dalkey",
        server.url()
    ))
    .await;
    assert_eq!(status, 200);
    assert!(body["departures"].as_array().unwrap().is_empty());

    // A place that is no station is an error with what may have been meant, never an empty
    // board that looks like "no train".
    for (asked, expected) in [
        ("Tampre", "did you mean Tampere"),
        ("Atlantis", "unknown station \"Atlantis\""),
    ] {
        let (status, body) = get(&format!(
            "{}/api/live/departures?station=HKI&to={asked}",
            server.url()
        ))
        .await;
        assert_eq!(status, 404, "{body}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(
            message.starts_with("to=: ") && message.contains(expected),
            "{body}"
        );
    }
    let (status, _) = get(&format!(
        "{}/api/live/departures?station=HKI&to=Tampere&via=Nowhere%20City",
        server.url()
    ))
    .await;
    assert_eq!(status, 404);

    // to= is for departures and from= for arrivals: the other is a 400 that says which.
    let (status, body) = get(&format!(
        "{}/api/live/arrivals?station=TPE&to=Oulu",
        server.url()
    ))
    .await;
    assert_eq!(status, 400);
    assert!(
        body["error"]["message"].as_str().unwrap().contains("from="),
        "{body}"
    );
    let (status, body) = get(&format!(
        "{}/api/live/arrivals?station=TPE&from=Oulu",
        server.url()
    ))
    .await;
    assert_eq!(status, 200);
    for row in body["arrivals"].as_array().unwrap() {
        assert_eq!(row["origin"], "Oulu", "{row}");
    }
}

fn railtop(args: &[&str]) -> std::process::Output {
    railtop_binary()
        .args(args)
        .env("RAILTOP_NOW", NOW)
        .env_remove("RAILTOP_SOURCE")
        .output()
        .expect("the binary runs")
}

/// `--to`, `--from` and `--via` are stations: a misspelt or unknown one exits 2 with what may
/// have been meant, on every command that takes a route.
#[test]
fn an_unknown_destination_is_an_error_not_an_empty_board() {
    for args in [
        &["departures", "--source", "demo", "HKI", "--to", "Tampre"][..],
        &["arrivals", "--source", "demo", "TPE", "--from", "Ouluu"],
        &["departures", "--source", "demo", "HKI", "--via", "Atlantis"],
        &["watch", "--source", "demo", "HKI", "--to", "Atlantis"],
        &["board", "--source", "demo", "HKI", "--to", "Atlantis"],
    ] {
        let o = railtop(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("unknown station"), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}");
    }
    // Station identity decides, not name overlap: the airport trains never reach Helsinki.
    let o = railtop(&[
        "departures",
        "--source",
        "demo",
        "PSL",
        "--to",
        "HKI",
        "--limit",
        "40",
        "--format",
        "json",
    ]);
    assert!(o.status.success());
    let board: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = board["departures"].as_array().unwrap();
    assert!(!rows.is_empty());
    assert!(
        rows.iter().all(|r| r["destination"] != "Helsinki Airport"),
        "{rows:?}"
    );
    let o = railtop(&["departures", "--source", "demo", "HKI", "--to", "Tampre"]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("did you mean Tampere (TPE, finland)?"),
        "{err}"
    );
}

#[test]
fn the_commuters_commands_print_what_they_say() {
    let o = railtop(&[
        "departures",
        "--source",
        "demo",
        "Helsinki",
        "Pasila",
        "--to",
        "Tampere",
        "--limit",
        "6",
    ]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(o.status.success(), "{out}");
    assert!(
        out.starts_with("Departures from Helsinki + Pasila to Tampere"),
        "{out}"
    );
    assert!(out.contains("STATION"), "{out}");
    assert!(out.contains("Pasila") && out.contains("Helsinki"));

    let o = railtop(&["arrivals", "--source", "demo", "TPE", "--limit", "30"]);
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.starts_with("Arrivals at Tampere (TPE)"), "{out}");
    assert!(out.contains("FROM"));
    // A message is printed under its row.
    assert!(out.contains("  ↳ "), "{out}");

    let o = railtop(&[
        "departures",
        "--source",
        "demo",
        "HKI",
        "--limit",
        "100",
        "--format",
        "csv",
    ]);
    let out = String::from_utf8(o.stdout).unwrap();
    let header = out.lines().next().unwrap();
    assert!(header.ends_with(",timing,departsFrom,messages"), "{header}");
    assert!(
        out.contains(",timetable,"),
        "a row without realtime says so"
    );

    let o = railtop(&[
        "departures",
        "--source",
        "demo",
        "HKI",
        "PSL",
        "TKL",
        "KE",
        "RI",
        "TPE",
    ]);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("6 stations were given; one board takes at most 5"),
        "{err}"
    );

    let o = railtop(&["arrivals", "--source", "demo", "TPE", "--to", "Oulu"]);
    assert!(!o.status.success());
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.contains("--to is not for arrivals") && err.contains("--from"),
        "{err}"
    );

    let o = railtop(&[
        "departures",
        "--source",
        "demo",
        "HKI",
        "--walk-time",
        "Helsinki=5m,Nowhere=3m",
    ]);
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("--walk-time names \"Nowhere\""), "{err}");
}

#[test]
fn a_walk_hides_the_trains_that_cannot_be_reached() {
    let board = |walk: &str| -> Vec<String> {
        let o = railtop(&[
            "departures",
            "--source",
            "demo",
            "HKI",
            "PSL",
            "--limit",
            "100",
            "--format",
            "json",
            "--walk-time",
            walk,
        ]);
        let b: DeparturesResponse = serde_json::from_slice(&o.stdout).unwrap();
        b.departures
            .iter()
            .map(|d| {
                format!(
                    "{} {}",
                    d.departs_from.as_deref().unwrap(),
                    d.expected_dep.as_deref().unwrap_or(&d.scheduled_dep)
                )
            })
            .collect()
    };
    let none = board("0m");
    let pasila_far = board("PSL=15m");
    // NOW is 08:00 in Helsinki: Pasila's trains before 08:15 are gone, Helsinki's stay.
    assert!(none.iter().any(|r| r.starts_with("Pasila 08:0")));
    assert!(!pasila_far
        .iter()
        .any(|r| r.starts_with("Pasila 08:0") || r.starts_with("Pasila 08:10")));
    assert!(pasila_far.iter().any(|r| r.starts_with("Helsinki 08:0")));
}

/// The same station named twice is one station: no row twice, on the command line and in the
/// API (`HKI Helsinki`, `station=HKI&station=hki`).
#[tokio::test]
async fn the_same_station_twice_is_one_board() {
    let server = start_demo(no_limit()).await;
    let (_, once) = get(&format!(
        "{}/api/live/departures?station=HKI&limit=30",
        server.url()
    ))
    .await;
    let (status, twice) = get(&format!(
        "{}/api/live/departures?station=HKI&station=hki&limit=30",
        server.url()
    ))
    .await;
    assert_eq!(status, 200);
    assert_eq!(once["departures"], twice["departures"], "{twice}");
    let o = tokio::task::spawn_blocking(|| {
        railtop(&[
            "departures",
            "--source",
            "demo",
            "HKI",
            "Helsinki",
            "--format",
            "json",
        ])
    })
    .await
    .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(
        o.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let board: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(board.get("stations").is_none(), "one station: {board}");
}
