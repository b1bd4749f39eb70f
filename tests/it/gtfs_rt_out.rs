//! `serve`'s own GTFS-Realtime feeds (#41), on loopback: decoded with the GTFS-Realtime
//! messages railtop reads feeds with, and compared entity by entity with `/api/live/realtime`
//! of the same server.

use crate::support::start_demo;
use railtop_core::model::{status, RealtimeResponse};
use railtop_feeds::upstream::gtfs_rt::{self, FeedMessage};

async fn get(url: &str, gzip: bool) -> reqwest::Response {
    let client = reqwest::Client::builder().gzip(gzip).build().unwrap();
    client.get(url).send().await.unwrap()
}

async fn feed(base: &str, path: &str) -> FeedMessage {
    let r = get(&format!("{base}{path}"), false).await;
    assert_eq!(r.status(), 200, "{path}");
    assert_eq!(r.headers()["content-type"], "application/x-protobuf");
    gtfs_rt::decode(&r.bytes().await.unwrap()).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_three_feeds_match_the_realtime_answer_entity_by_entity() {
    let server = start_demo(Default::default()).await;
    let base = server.url();
    let realtime = realtime_of(&base).await;
    let fetched = chrono::DateTime::parse_from_rfc3339(&realtime.fetched_at)
        .unwrap()
        .timestamp() as u64;

    let positions = feed(&base, "/gtfs-rt/vehicle-positions").await;
    let header = positions.header.clone().unwrap();
    assert_eq!(header.gtfs_realtime_version.as_deref(), Some("2.0"));
    assert_eq!(header.incrementality, Some(gtfs_rt::FULL_DATASET));
    assert_eq!(header.timestamp, Some(fetched), "the answer's freshness");
    let placed: Vec<_> = realtime
        .trains
        .iter()
        .filter(|t| t.has_position())
        .collect();
    assert_eq!(positions.entity.len(), placed.len());
    for (t, e) in placed.iter().zip(&positions.entity) {
        let v = e.vehicle.as_ref().unwrap();
        assert_eq!(e.id.as_deref(), Some(t.id.as_str()));
        assert_eq!(
            v.trip.as_ref().unwrap().trip_id.as_deref(),
            Some(t.id.as_str())
        );
        let d = v.vehicle.as_ref().unwrap();
        assert_eq!(d.id.as_deref(), Some(t.id.as_str()));
        assert_eq!(d.label.as_deref(), Some(t.train_code.as_str()));
        let p = v.position.as_ref().unwrap();
        assert!((f64::from(p.latitude.unwrap()) - t.lat.unwrap()).abs() < 1e-4);
        assert!((f64::from(p.longitude.unwrap()) - t.lng.unwrap()).abs() < 1e-4);
        assert!(
            p.latitude != Some(0.0) || p.longitude != Some(0.0),
            "never 0/0"
        );
        assert!(v.timestamp.is_some());
    }

    let updates = feed(&base, "/gtfs-rt/trip-updates").await;
    let timed: Vec<_> = realtime
        .trains
        .iter()
        .filter(|t| t.delay.is_some() || t.status == status::CANCELLED)
        .collect();
    assert!(
        timed.len() < realtime.trains.len(),
        "the demo has trains without realtime"
    );
    assert_eq!(updates.entity.len(), timed.len());
    let mut cancelled = 0;
    for (t, e) in timed.iter().zip(&updates.entity) {
        let u = e.trip_update.as_ref().unwrap();
        assert_eq!(
            u.trip.as_ref().unwrap().trip_id.as_deref(),
            Some(t.id.as_str())
        );
        if t.status == status::CANCELLED {
            cancelled += 1;
            assert_eq!(
                u.trip.as_ref().unwrap().schedule_relationship,
                Some(gtfs_rt::TRIP_CANCELED)
            );
        } else {
            assert_eq!(u.delay, t.delay.map(|d| (d * 60) as i32), "{}", t.id);
        }
    }
    assert!(cancelled > 0, "the demo cancels some runs");

    let alerts = feed(&base, "/gtfs-rt/alerts").await;
    let texts = distinct_messages(&realtime);
    // The demo gives its reasons on boards, not on trains: its alerts feed is as empty as its
    // trains' messages (the unit test in railtop-server covers alerts with their trips).
    assert_eq!(
        alerts.entity.len(),
        texts.len(),
        "an alert per distinct message"
    );
    for e in &alerts.entity {
        let a = e.alert.as_ref().unwrap();
        let text = a.header_text.as_ref().unwrap().text().unwrap();
        let given: Vec<&str> = realtime
            .trains
            .iter()
            .filter(|t| t.messages.iter().any(|m| m == text))
            .map(|t| t.id.as_str())
            .collect();
        let informed: Vec<&str> = a
            .informed_entity
            .iter()
            .map(|s| s.trip.as_ref().unwrap().trip_id.as_deref().unwrap())
            .collect();
        assert_eq!(informed, given, "{text}");
    }

    // For people: the same feed as protobuf's JSON, read back by the same reader.
    let r = get(&format!("{base}/gtfs-rt/trip-updates?format=json"), false).await;
    assert_eq!(r.headers()["content-type"], "application/json");
    let mut from_json = gtfs_rt::decode(&r.bytes().await.unwrap()).unwrap();
    from_json.header.as_mut().unwrap().incrementality = Some(gtfs_rt::FULL_DATASET);
    assert_eq!(from_json, updates);

    // Gzip when asked, the same bytes once unpacked; one country when asked.
    let r = get(&format!("{base}/gtfs-rt/vehicle-positions"), true).await;
    assert_eq!(
        gtfs_rt::decode(&r.bytes().await.unwrap()).unwrap(),
        positions
    );
    let finland = feed(&base, "/gtfs-rt/vehicle-positions?country=finland").await;
    assert!(!finland.entity.is_empty() && finland.entity.len() < positions.entity.len());
    assert!(finland
        .entity
        .iter()
        .all(|e| e.id.as_deref().unwrap().starts_with("finland")));

    // What cannot be answered is said, as the API says it.
    let r = get(&format!("{base}/gtfs-rt/alerts?format=xml"), false).await;
    assert_eq!(r.status(), 400);
    let r = get(&format!("{base}/gtfs-rt/alerts?country=atlantis"), false).await;
    assert_eq!(r.status(), 404);
}

/// Every cached answer, JSON or GTFS-Realtime, plain or gzip, carries an `ETag` of its bytes;
/// asked again with it in `If-None-Match`, the server answers 304 with no body and the same
/// tag. Each encoding has its own tag.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_has_the_bytes_gets_a_304() {
    let server = start_demo(Default::default()).await;
    let base = server.url();
    let client = reqwest::Client::builder().gzip(false).build().unwrap();
    let mut tags = Vec::new();
    for path in [
        "/api/live/realtime",
        "/api/live/departures?station=HKI",
        "/gtfs-rt/vehicle-positions",
        "/gtfs-rt/trip-updates?format=json",
    ] {
        for gzip in [false, true] {
            let ask = || {
                let r = client.get(format!("{base}{path}"));
                if gzip {
                    r.header("accept-encoding", "gzip")
                } else {
                    r
                }
            };
            let first = ask().send().await.unwrap();
            assert_eq!(first.status(), 200, "{path}");
            let tag = first.headers()["etag"].to_str().unwrap().to_string();
            assert!(tag.starts_with('"') && tag.ends_with('"'), "{tag}");
            let body = first.bytes().await.unwrap();
            assert!(!body.is_empty());
            let again = ask()
                .header("if-none-match", format!("W/\"other\", {tag}"))
                .send()
                .await
                .unwrap();
            assert_eq!(again.status(), 304, "{path} gzip {gzip}");
            assert_eq!(again.headers()["etag"], tag.as_str());
            assert!(again.headers()["cache-control"]
                .to_str()
                .unwrap()
                .starts_with("public, max-age="));
            assert!(again.bytes().await.unwrap().is_empty());
            let other = ask()
                .header("if-none-match", "\"not-this\"")
                .send()
                .await
                .unwrap();
            assert_eq!(other.status(), 200);
            assert_eq!(other.bytes().await.unwrap(), body, "{path}: the same bytes");
            tags.push(tag);
        }
    }
    let distinct: std::collections::HashSet<&String> = tags.iter().collect();
    assert_eq!(distinct.len(), tags.len(), "one tag per encoding: {tags:?}");
}

/// The three feeds of `base` decoded by the reference reader (Python's gtfs-realtime-bindings),
/// in protobuf's canonical JSON; a missing reader fails the test with its install line.
async fn read_by_the_reference(base: &str) -> Vec<serde_json::Value> {
    let dir = std::env::temp_dir().join(format!(
        "railtop-gtfs-rt-{}-{}",
        std::process::id(),
        base.rsplit(':').next().unwrap_or("x")
    ));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for path in [
        "/gtfs-rt/vehicle-positions",
        "/gtfs-rt/trip-updates",
        "/gtfs-rt/alerts",
    ] {
        let bytes = get(&format!("{base}{path}"), true)
            .await
            .bytes()
            .await
            .unwrap();
        let file = dir.join(path.rsplit('/').next().unwrap());
        std::fs::write(&file, &bytes).unwrap();
        files.push(file);
    }
    let reader = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/it/support/gtfs_rt_reader.py"
    );
    let out = std::process::Command::new("python3")
        .arg(reader)
        .args(&files)
        .output()
        .expect("python3 runs the reference reader");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// What the reference reader decoded, checked against the same server's realtime answer: the
/// header, a vehicle per placed train (id, label, trip, position), a trip update per train
/// with realtime (delay × 60, or CANCELED), an alert per distinct message.
fn matches_realtime(feeds: &[serde_json::Value], realtime: &RealtimeResponse) {
    let fetched = chrono::DateTime::parse_from_rfc3339(&realtime.fetched_at)
        .unwrap()
        .timestamp()
        .to_string();
    for f in feeds {
        assert_eq!(f["header"]["gtfsRealtimeVersion"], "2.0");
        assert_eq!(f["header"]["incrementality"], "FULL_DATASET");
        assert_eq!(f["header"]["timestamp"], fetched.as_str());
    }
    let entities = |i: usize| f_entities(&feeds[i]);
    let placed: Vec<_> = realtime
        .trains
        .iter()
        .filter(|t| t.has_position())
        .collect();
    let vehicles = entities(0);
    assert_eq!(vehicles.len(), placed.len());
    for (t, e) in placed.iter().zip(&vehicles) {
        let v = &e["vehicle"];
        assert_eq!(e["id"], t.id.as_str());
        assert_eq!(v["trip"]["tripId"], t.id.as_str());
        assert_eq!(v["vehicle"]["id"], t.id.as_str());
        assert_eq!(v["vehicle"]["label"], t.train_code.as_str());
        let lat = v["position"]["latitude"].as_f64().unwrap();
        let lng = v["position"]["longitude"].as_f64().unwrap();
        assert!((lat - t.lat.unwrap()).abs() < 1e-4 && (lng - t.lng.unwrap()).abs() < 1e-4);
        assert!(v["timestamp"].is_string());
    }
    let timed: Vec<_> = realtime
        .trains
        .iter()
        .filter(|t| t.delay.is_some() || t.status == status::CANCELLED)
        .collect();
    let updates = entities(1);
    assert_eq!(updates.len(), timed.len());
    for (t, e) in timed.iter().zip(&updates) {
        let u = &e["tripUpdate"];
        assert_eq!(u["trip"]["tripId"], t.id.as_str());
        match t.delay {
            _ if t.status == status::CANCELLED => {
                assert_eq!(u["trip"]["scheduleRelationship"], "CANCELED")
            }
            Some(d) => assert_eq!(u["delay"], d * 60, "{}", t.id),
            None => unreachable!(),
        }
    }
    let texts = distinct_messages(realtime);
    assert_eq!(entities(2).len(), texts.len());
}

/// The trains' messages, each once: one alert each.
fn distinct_messages(realtime: &RealtimeResponse) -> Vec<&str> {
    let mut texts: Vec<&str> = realtime
        .trains
        .iter()
        .flat_map(|t| t.messages.iter().map(String::as_str))
        .collect();
    texts.sort_unstable();
    texts.dedup();
    texts
}

fn f_entities(feed: &serde_json::Value) -> Vec<serde_json::Value> {
    feed["entity"].as_array().cloned().unwrap_or_default()
}

async fn realtime_of(base: &str) -> RealtimeResponse {
    let body = get(&format!("{base}/api/live/realtime"), false)
        .await
        .bytes()
        .await
        .unwrap();
    serde_json::from_slice(&body).unwrap()
}

/// The reference reader decodes the three feeds of the demo, and of the recorded Amtraker
/// answer of 2025-11-12 (164 routes, played on loopback at its real path), and what it reads
/// matches `/api/live/realtime` train by train.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_reference_reader_decodes_the_feeds_of_the_demo_and_of_recorded_payloads() {
    let server = start_demo(Default::default()).await;
    let base = server.url();
    let realtime = realtime_of(&base).await;
    matches_realtime(&read_by_the_reference(&base).await, &realtime);

    let Some(samples) = railtop_feeds::test_support::samples_dir() else {
        eprintln!("SKIPPED: no upstream samples beside the project: only the demo was read");
        return;
    };
    let recorded =
        std::fs::read(samples.join("round2/usa/amtraker-v3-trains-2025-11-12.json")).unwrap();
    let router = axum::Router::new().route(
        "/v3/trains",
        axum::routing::get(move || {
            let body = recorded.clone();
            async move { body }
        }),
    );
    let upstream = format!("http://{}", crate::support::start_router(router).await);
    let settings = railtop_core::config::FeedSettings::at(upstream);
    let feed = railtop_feeds::upstream::registry::row("united-states")
        .unwrap()
        .open(railtop_feeds::upstream::http::client().unwrap(), &settings)
        .unwrap();
    let clock = railtop_core::clock::Clock::parse("2025-11-12T16:00:00Z").unwrap();
    let aggregator = railtop_feeds::upstream::Aggregator::with_feeds(vec![feed], clock);
    let server =
        crate::support::start_with(std::sync::Arc::new(aggregator), Default::default()).await;
    let base = server.url();
    let realtime = realtime_of(&base).await;
    assert!(realtime.trains.len() > 100, "{}", realtime.trains.len());
    matches_realtime(&read_by_the_reference(&base).await, &realtime);
}

/// A run someone asked for (`/api/live/train`) gives its trip update the stops still ahead:
/// each with its place in the run, its station code and its times (delay where both are
/// known), as the reference reader reads them; a run nobody asked for has none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fetched_run_gives_its_trip_update_its_stops_ahead() {
    let server = start_demo(Default::default()).await;
    let base = server.url();
    let realtime = realtime_of(&base).await;
    // Late runs asked for until one has stops ahead (a run at its terminus has none).
    let mut asked = std::collections::HashMap::new();
    for t in realtime
        .trains
        .iter()
        .filter(|t| t.delay.is_some_and(|d| d > 0) && t.status != status::CANCELLED)
    {
        let body = get(&format!("{base}/api/live/train?id={}", t.id), false)
            .await
            .bytes()
            .await
            .unwrap();
        let run: railtop_core::model::JourneyResponse = serde_json::from_slice(&body).unwrap();
        let ahead = run.stops.iter().any(|s| !s.passed);
        asked.insert(t.id.clone(), run);
        if ahead {
            break;
        }
    }
    assert!(asked.values().any(|r| r.stops.iter().any(|s| !s.passed)));
    let unix = |at: &Option<String>| {
        chrono::DateTime::parse_from_rfc3339(at.as_deref().unwrap())
            .unwrap()
            .timestamp()
    };
    let feeds = read_by_the_reference(&base).await;
    let mut checked = 0;
    for e in f_entities(&feeds[1]) {
        let stops = e["tripUpdate"]["stopTimeUpdate"].as_array().cloned();
        let Some(run) = e["id"].as_str().and_then(|id| asked.get(id)) else {
            assert!(stops.is_none(), "nobody asked for {}", e["id"]);
            continue;
        };
        let ahead: Vec<(usize, &railtop_core::model::JourneyStop)> = run
            .stops
            .iter()
            .enumerate()
            .filter(|(_, s)| !s.passed)
            .collect();
        let stops = stops.unwrap_or_default();
        assert_eq!(stops.len(), ahead.len(), "{}", e["id"]);
        for (u, (i, s)) in stops.iter().zip(&ahead) {
            assert_eq!(u["stopSequence"], i + 1);
            assert_eq!(u["stopId"], s.code.as_deref().unwrap());
            if s.departure.expected_at.is_some() {
                let time = unix(&s.departure.expected_at);
                assert_eq!(u["departure"]["time"], time.to_string().as_str());
                assert_eq!(
                    u["departure"]["delay"],
                    time - unix(&s.departure.scheduled_at)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "a departure ahead was checked");
}

/// Helsinki's board of `kind` (`departures`, `arrivals`), 100 rows, as someone asks for it.
async fn helsinki(base: &str, kind: &str) -> railtop_core::model::DeparturesResponse {
    let url = format!("{base}/api/live/{kind}?station=HKI&limit=100");
    let body = get(&url, false).await.bytes().await.unwrap();
    serde_json::from_slice(&body).unwrap()
}

/// The boards someone asked for give the trip updates of trains whose run nobody asked for
/// their stops: at each station, the departure's delay from the departures board and the
/// arrival's from the arrivals board (`SKIPPED` for a cancelled row), by station code and
/// without a place in the run, as the reference reader reads them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fetched_boards_give_trip_updates_their_stations_delays() {
    let server = start_demo(Default::default()).await;
    let base = server.url();
    let mut expected: std::collections::BTreeMap<(String, &str), serde_json::Value> =
        Default::default();
    for kind in ["departures", "arrivals"] {
        let board = helsinki(&base, kind).await;
        for row in &board.departures {
            let (Some(id), Some(delay)) = (row.train_id.clone(), row.delay) else {
                continue;
            };
            if !row.cancelled {
                let event = if kind == "departures" {
                    "departure"
                } else {
                    "arrival"
                };
                expected.insert((id, event), serde_json::json!({ "delay": delay * 60 }));
            }
        }
    }
    assert!(
        !expected.is_empty(),
        "the demo's boards list trains with delays"
    );
    let realtime = realtime_of(&base).await;
    let feeds = read_by_the_reference(&base).await;
    let mut checked = 0;
    for e in f_entities(&feeds[1]) {
        let id = e["id"].as_str().unwrap();
        let updates = e["tripUpdate"]["stopTimeUpdate"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        for u in &updates {
            assert_eq!(u["stopId"], "HKI", "{id}: only the boards asked for");
            assert!(
                u.get("stopSequence").is_none(),
                "a board knows no place in the run"
            );
        }
        for event in ["departure", "arrival"] {
            let Some(want) = expected.get(&(id.to_string(), event)) else {
                continue;
            };
            let cancelled = realtime
                .trains
                .iter()
                .any(|t| t.id == id && t.status == status::CANCELLED);
            if cancelled {
                assert!(updates.is_empty(), "{id}: a cancelled run has no stops");
                continue;
            }
            assert_eq!(&updates[0][event], want, "{id} {event}");
            checked += 1;
        }
    }
    assert!(checked > 0, "a station's delay was checked");
}

/// A board someone asked for gives the alerts its notices: an alert per distinct message,
/// informing each train at that station (trip and stop), as the reference reader reads them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fetched_boards_notices_are_alerts_on_their_trips_at_the_station() {
    let server = start_demo(Default::default()).await;
    let base = server.url();
    let board = helsinki(&base, "departures").await;
    let mut expected: std::collections::BTreeMap<String, Vec<(String, String)>> =
        Default::default();
    for row in &board.departures {
        for m in &row.messages {
            let trip = row.train_id.clone().unwrap_or_default();
            expected
                .entry(m.clone())
                .or_default()
                .push((trip, board.station.code.clone()));
        }
    }
    assert!(!expected.is_empty(), "the demo's board gives reasons");
    let feeds = read_by_the_reference(&base).await;
    let mut found: std::collections::BTreeMap<String, Vec<(String, String)>> = Default::default();
    for e in f_entities(&feeds[2]) {
        let a = &e["alert"];
        let text = a["headerText"]["translation"][0]["text"].as_str().unwrap();
        for s in a["informedEntity"].as_array().unwrap() {
            let trip = s["trip"]["tripId"].as_str().unwrap_or_default().to_string();
            let stop = s["stopId"].as_str().unwrap_or_default().to_string();
            found
                .entry(text.to_string())
                .or_default()
                .push((trip, stop));
        }
    }
    for v in expected.values_mut().chain(found.values_mut()) {
        v.sort();
        v.dedup();
    }
    assert_eq!(found, expected);
}
