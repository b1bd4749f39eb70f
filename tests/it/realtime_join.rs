//! Realtime joined to a timetable whose trip ids differ, and alerts by the specification, end to
//! end on loopback: a small rail operator's bundle (trip ids `r-…`, train numbers in
//! `trip_short_name`) with trip updates keyed `<train number>_<YYYYMMDD>`, one naming its stops
//! by `stop_sequence` alone, one trip the bundle does not have; and an alerts feed whose
//! selectors name an agency alone, a route, a stop alone and a realtime trip id. Read through the
//! binary as a `[[feeds]]` region and through `railtop serve` (`/api/live/departures`,
//! `/healthz`), as a person and a script would.

use crate::support::NOW;
use axum::response::IntoResponse;
use axum::routing::get;
use axum::Router;
use prost::Message;
use railtop_core::model::DeparturesResponse;
use railtop_feeds::upstream::gtfs_rt::{
    Alert, EntitySelector, FeedEntity, FeedHeader, FeedMessage, StopTimeEvent, StopTimeUpdate,
    TimeRange, TranslatedString, Translation, TripDescriptor, TripUpdate, VehicleDescriptor,
    VehiclePosition,
};
use railtop_feeds::upstream::gtfs_static::zip_bundle;

/// NOW is 2026-11-24T06:00:00Z: 07:00 in Amsterdam, a Tuesday.
fn bundle() -> Vec<u8> {
    zip_bundle(&[
        (
            "agency.txt",
            "agency_id,agency_name,agency_url,agency_timezone\n\
             ARR,Arriva,https://example.org,Europe/Amsterdam\n",
        ),
        (
            "stops.txt",
            "stop_id,stop_name,stop_lat,stop_lon,parent_station,location_type\n\
             st-lw,Leeuwarden,53.196,5.792,,1\n\
             lw-1,Leeuwarden,53.196,5.792,st-lw,0\n\
             hrl,Heerenveen,52.961,5.915,,0\n\
             zl,Zwolle,52.505,6.091,,0\n\
             gn,Groningen,53.210,6.564,,0\n",
        ),
        (
            "routes.txt",
            "route_id,agency_id,route_short_name,route_long_name,route_type\n\
             r-st,ARR,ST,Stoptrein,2\n",
        ),
        (
            "calendar.txt",
            "service_id,monday,tuesday,wednesday,thursday,friday,saturday,sunday,start_date,end_date\n\
             wk,1,1,1,1,1,1,1,20260101,20261231\n",
        ),
        (
            "trips.txt",
            "route_id,service_id,trip_id,trip_headsign,trip_short_name\n\
             r-st,wk,r-37110,Zwolle,37110\n\
             r-st,wk,r-37112,Zwolle,37112\n\
             r-st,wk,r-37510,Groningen,37510\n",
        ),
        (
            "stop_times.txt",
            "trip_id,arrival_time,departure_time,stop_id,stop_sequence\n\
             r-37110,07:10:00,07:10:00,lw-1,1\n\
             r-37110,07:35:00,07:36:00,hrl,2\n\
             r-37110,08:20:00,08:20:00,zl,3\n\
             r-37112,07:40:00,07:40:00,lw-1,1\n\
             r-37112,08:05:00,08:06:00,hrl,2\n\
             r-37112,08:50:00,08:50:00,zl,3\n\
             r-37510,07:20:00,07:20:00,lw-1,10\n\
             r-37510,08:10:00,08:10:00,gn,20\n",
        ),
    ])
}

fn text(s: &str, language: Option<&str>) -> Option<TranslatedString> {
    Some(TranslatedString {
        translation: vec![Translation {
            text: Some(s.into()),
            language: language.map(String::from),
        }],
    })
}

fn trip(id: &str) -> Option<TripDescriptor> {
    Some(TripDescriptor {
        trip_id: Some(id.into()),
        ..TripDescriptor::default()
    })
}

fn header() -> Option<FeedHeader> {
    Some(FeedHeader {
        gtfs_realtime_version: Some("2.0".into()),
        incrementality: None,
        timestamp: Some(1_795_500_000),
    })
}

/// 37110 five minutes late at Leeuwarden, by stop id; 37510 by `stop_sequence` alone, three
/// minutes late; 99999 a trip no timetable has.
fn trip_updates() -> Vec<u8> {
    let at = |seconds: i64| {
        Some(StopTimeEvent {
            delay: Some(seconds as i32),
            time: None,
        })
    };
    let update = |id: &str, stop: Option<&str>, sequence: Option<u32>, delay: i64| FeedEntity {
        id: Some(format!("tu-{id}")),
        trip_update: Some(TripUpdate {
            trip: trip(id),
            stop_time_update: vec![StopTimeUpdate {
                stop_sequence: sequence,
                stop_id: stop.map(String::from),
                departure: if id.starts_with("99999") {
                    // Unknown to the timetable: its time is all there is (07:12).
                    Some(StopTimeEvent {
                        delay: None,
                        time: Some(1_795_500_000 + 12 * 60),
                    })
                } else {
                    at(delay)
                },
                ..StopTimeUpdate::default()
            }],
            ..TripUpdate::default()
        }),
        ..FeedEntity::default()
    };
    FeedMessage {
        header: header(),
        entity: vec![
            update("37110_20261124", Some("lw-1"), None, 300),
            update("37510_20261124", None, Some(10), 180),
            update("99999_20261124", Some("lw-1"), None, 0),
        ],
    }
    .encode_to_vec()
}

fn vehicle_positions() -> Vec<u8> {
    FeedMessage {
        header: header(),
        entity: vec![FeedEntity {
            id: Some("v1".into()),
            vehicle: Some(VehiclePosition {
                trip: trip("37110_20261124"),
                vehicle: Some(VehicleDescriptor {
                    id: Some("GTW-501".into()),
                    label: None,
                }),
                stop_id: Some("lw-1".into()),
                ..VehiclePosition::default()
            }),
            ..FeedEntity::default()
        }],
    }
    .encode_to_vec()
}

/// A strike of the agency, works on the route (with cause and effect), a lift at the station
/// (a stop alone), a trip named by its realtime id, and one that has ended.
fn alerts() -> Vec<u8> {
    let alert =
        |id: &str, about: EntitySelector, words: &str, cause, effect, ended: bool| FeedEntity {
            id: Some(id.into()),
            alert: Some(Alert {
                active_period: if ended {
                    vec![TimeRange {
                        start: Some(1_795_400_000),
                        end: Some(1_795_410_000),
                    }]
                } else {
                    Vec::new()
                },
                informed_entity: vec![about],
                cause,
                effect,
                header_text: text(words, Some("nl")),
                description_text: None,
            }),
            ..FeedEntity::default()
        };
    let selector = EntitySelector::default;
    FeedMessage {
        header: header(),
        entity: vec![
            alert(
                "strike",
                EntitySelector {
                    agency_id: Some("ARR".into()),
                    ..selector()
                },
                "Staking bij Arriva",
                Some(4),
                Some(2),
                false,
            ),
            alert(
                "lift",
                EntitySelector {
                    stop_id: Some("st-lw".into()),
                    ..selector()
                },
                "Lift naar spoor 1 buiten gebruik",
                None,
                None,
                false,
            ),
            alert(
                "late",
                EntitySelector {
                    trip: trip("37510_20261124"),
                    ..selector()
                },
                "Later door een defecte overweg",
                None,
                None,
                false,
            ),
            alert(
                "old",
                EntitySelector {
                    route_id: Some("r-st".into()),
                    ..selector()
                },
                "Oude melding",
                None,
                None,
                true,
            ),
        ],
    }
    .encode_to_vec()
}

async fn play() -> String {
    let router = Router::new()
        .route(
            "/vp.pb",
            get(|| async { vehicle_positions().into_response() }),
        )
        .route("/tu.pb", get(|| async { trip_updates().into_response() }))
        .route("/alerts.pb", get(|| async { alerts().into_response() }))
        .route("/gtfs.zip", get(|| async { bundle().into_response() }));
    format!("http://{}", crate::support::start_router(router).await)
}

fn config_file(name: &str, base: &str, trip_match: Option<&str>) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("railtop-join-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("config.toml");
    let how = trip_match.map_or(String::new(), |m| format!("trip_match = \"{m}\"\n"));
    std::fs::write(
        &path,
        format!(
            "[[feeds]]\nslug = \"friesland\"\nname = \"Arriva\"\ntimezone = \"Europe/Amsterdam\"\n\
             vehicle_positions = \"{base}/vp.pb\"\ntrip_updates = \"{base}/tu.pb\"\n\
             alerts = \"{base}/alerts.pb\"\nstatic_gtfs = \"{base}/gtfs.zip\"\n{how}"
        ),
    )
    .unwrap();
    path
}

fn railtop(args: &[&str]) -> std::process::Output {
    let mut cmd = crate::support::railtop_binary();
    cmd.args(args)
        .env("RAILTOP_NOW", NOW)
        .env_remove("RAILTOP_SOURCE")
        .env("RAILTOP_CONFIG", "/dev/null")
        .env(
            "XDG_CACHE_HOME",
            std::env::temp_dir().join(format!("railtop-join-cache-{}", std::process::id())),
        );
    cmd.output().unwrap()
}

fn board_of(config: &std::path::Path, format: &str) -> std::process::Output {
    let config = config.display().to_string();
    railtop(&[
        "--source",
        "upstream",
        "--config",
        &config,
        "departures",
        "friesland:st-lw",
        "--format",
        format,
    ])
}

/// What a board says, a row a line: time, code, destination, delay, messages.
fn rows(board: &DeparturesResponse) -> Vec<String> {
    board
        .departures
        .iter()
        .map(|d| {
            format!(
                "{} {} {} {} [{}]",
                d.scheduled_dep,
                d.train_code.as_deref().unwrap_or("-"),
                d.destination,
                d.delay.map_or("-".into(), |d| d.to_string()),
                d.messages.join(" | ")
            )
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn realtime_trips_of_other_ids_are_the_timetables_trips_with_their_names_and_alerts() {
    let base = play().await;
    let config = config_file("auto", &base, None);
    let by_id = config_file("id", &base, Some("id"));
    let (json, table, strict, trains) = tokio::task::spawn_blocking(move || {
        let file = config.display().to_string();
        (
            board_of(&config, "json"),
            board_of(&config, "table"),
            board_of(&by_id, "json"),
            railtop(&[
                "--source",
                "upstream",
                "--config",
                &file,
                "trains",
                "--country",
                "friesland",
                "--format",
                "json",
            ]),
        )
    })
    .await
    .unwrap();
    for o in [&json, &table, &strict, &trains] {
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    }
    let board: DeparturesResponse = serde_json::from_slice(&json.stdout).unwrap();
    let strike = "Staking bij Arriva (strike; reduced service)";
    assert_eq!(
        rows(&board),
        [
            format!("07:10 ST 37110 Zwolle 5 [{strike}]"),
            format!(
                "07:12 99999_20261124  0 [{strike} | Not in the timetable: shown as the \
                 realtime feed gives it]"
            ),
            format!("07:20 ST 37510 Groningen 3 [{strike} | Later door een defecte overweg]"),
            format!("07:40 ST 37112 Zwolle - [{strike}]"),
        ],
        "37110 and 37510 are the bundle's trips (names, destinations, no second timetable-only \
         row), 37510's update by stop_sequence; the unknown trip is shown and said to be; the \
         agency's strike on each of its rows, the realtime trip's alert on its trip, the ended \
         one nowhere"
    );
    assert_eq!(
        board.notices,
        ["Lift naar spoor 1 buiten gebruik"],
        "a stop's alert is the board's notice, not every train's"
    );
    assert_eq!(board.notice_languages, [Some("nl".to_string())]);
    let json: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(
        json["departures"][0]["messageLanguages"],
        serde_json::json!(["nl"]),
        "railtop's messageLanguages beside messages"
    );
    let table = String::from_utf8(table.stdout).unwrap();
    assert!(
        table.contains("Lift naar spoor 1 buiten gebruik"),
        "{table}"
    );
    assert!(table.contains("ST 37110"), "{table}");

    let trains: railtop_core::model::RealtimeResponse =
        serde_json::from_slice(&trains.stdout).unwrap();
    let train = &trains.trains[0];
    assert_eq!(
        (train.train_code.as_str(), train.to.as_deref(), train.delay),
        ("ST 37110", Some("Zwolle"), Some(5)),
        "the vehicle's realtime trip is the timetable's"
    );
    assert_eq!(
        train.messages,
        [strike],
        "the agency's alert, not the stop's"
    );

    let strict: DeparturesResponse = serde_json::from_slice(&strict.stdout).unwrap();
    assert_eq!(
        rows(&strict)[..2],
        [
            format!("07:10 ST 37110 Zwolle - [{strike}]"),
            format!(
                "07:12 99999_20261124  0 [{strike} | Not in the timetable: shown as the \
                 realtime feed gives it]"
            ),
        ],
        "trip_match = \"id\": 37110's update (a delay, no time) finds no trip, so its plan \
         shows without realtime"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_and_healthz_say_how_realtime_trips_joined() {
    let base = play().await;
    let path = config_file("api", &base, None);
    let server = crate::support::start_config(&path).await;
    let addr = server.addr;
    let client = reqwest::Client::new();
    // The first ask starts the timetable's read; boards follow once it is ready.
    let mut board = None;
    for _ in 0..100 {
        let answer = client
            .get(format!(
                "http://{addr}/api/live/departures?station=friesland:st-lw"
            ))
            .send()
            .await
            .unwrap();
        if answer.status() == 200 {
            let body: DeparturesResponse =
                serde_json::from_slice(&answer.bytes().await.unwrap()).unwrap();
            if body.departures.iter().any(|d| d.destination == "Groningen") {
                board = Some(body);
                break;
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let board = board.expect("the board with the timetable's names within 10 s");
    assert_eq!(
        board.departures[0].train_code.as_deref(),
        Some("ST 37110"),
        "{:?}",
        rows(&board)
    );
    assert_eq!(board.notices, ["Lift naar spoor 1 buiten gebruik"]);
    let health = client
        .get(format!("http://{addr}/healthz"))
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let health: serde_json::Value = serde_json::from_slice(&health).unwrap();
    let schedules = health["schedules"].as_array().expect("a schedules entry");
    let friesland = schedules
        .iter()
        .find(|s| s["feed"] == "friesland")
        .expect("friesland's timetable");
    assert_eq!(
        friesland["realtimeTrips"],
        serde_json::json!({"realtime": 3, "byId": 0, "byNumber": 2, "unmatched": 1}),
        "{health}"
    );
}
