//! Finland's parsers and adapter over the fixtures of `tests/fixtures/finland/`.

use super::*;

fn fixture(name: &str) -> Vec<u8> {
    crate::upstream::fixture(&format!("finland/{name}"))
}

fn names() -> Names {
    parse_stations(&fixture("metadata-stations.json")).unwrap()
}

fn trains() -> Vec<Train> {
    parse_trains(
        &fixture("live-trains.json"),
        &fixture("train-locations.json"),
        &names(),
    )
    .unwrap()
}

#[test]
fn station_names_drop_asema() {
    let n = names();
    assert_eq!(n["HKI"], "Helsinki");
    assert_eq!(n["KKN"], "Kirkkonummi");
}

#[test]
fn positions_are_joined_and_geojson_is_lon_lat() {
    let t = trains();
    let ic = t.iter().find(|t| t.train_code == "IC 27").unwrap();
    assert_eq!((ic.lat, ic.lng), (Some(60.24101), Some(24.95853)));
    assert_eq!(ic.name, "IC 27 → Tampere");
    assert_eq!(ic.status, "running");
    assert_eq!(ic.delay, Some(2), "the last event that happened");
    assert_eq!(
        ic.next_station.as_deref(),
        Some("Tikkurila"),
        "non-stopping rows skipped"
    );
    assert_eq!(ic.platform.as_deref(), Some("1"));
    assert_eq!(ic.scheduled_dep.as_deref(), Some("21:57"), "Helsinki time");
    assert_eq!(ic.operator.as_deref(), Some("VR"));
    assert_eq!(ic.last_updated.as_deref(), Some("2026-11-24T20:06:01.000Z"));
    assert_eq!(ic.id, "fi-2026-11-24-27");
    assert_eq!(ic.speed, Some(120.0), "km/h from the location message");
}

#[test]
fn commuter_trains_use_their_line_letter() {
    let t = trains();
    let r = t.iter().find(|t| t.id == "fi-2026-11-24-9623").unwrap();
    assert_eq!(r.train_code, "R 9623");
    assert_eq!(r.to.as_deref(), Some("Riihimäki"));
    assert!(r.has_position());
}

#[test]
fn cancelled_and_unplaced_trains() {
    let t = trains();
    let u = t.iter().find(|t| t.train_code == "U 8462").unwrap();
    assert_eq!(u.status, "cancelled");
    assert_eq!((u.delay, u.lat), (None, None));
    assert!(
        !t.iter().any(|t| t.train_code == "S 85"),
        "not running, not placed: not listed"
    );
    assert!(
        !t.iter().any(|t| t.id.ends_with("-99999")),
        "a position without a train is dropped"
    );
    assert_eq!(t.len(), 3);
}

/// Recorded at Helsinki on 23 April 2016 about 18:24Z (five trains of Soivi/pysakit's
/// mock board, kept as they were): trains not yet in, soonest first, each from its origin.
#[test]
fn arrivals_are_the_trains_still_to_come_in_from_their_origin() {
    let now: DateTime<Utc> = "2016-04-23T18:24:00Z".parse().unwrap();
    let bytes = fixture("live-trains-station-HKI-arriving-2016.json");
    let board = parse_arrivals(&bytes, "HKI", &names(), now).unwrap();
    let rows: Vec<(String, String, Option<String>)> = board
        .departures
        .iter()
        .map(|d| {
            let code = d.train_code.clone().unwrap();
            (code, d.destination.clone(), d.expected_dep.clone())
        })
        .collect();
    // 8574 and 9864 are in already (an actual time).
    assert_eq!(rows.len(), 3, "{rows:?}");
    // The ring line by its letter, come round by the airport.
    assert_eq!(rows[0].0, "P 8762");
    assert!(rows[0].1.starts_with("Helsinki via "), "{rows:?}");
    // Leppävaara is not in the fixture's station list: its code stands for it.
    assert!(
        rows.iter().any(|r| r.0 == "A 8258" && r.1 == "LPV"),
        "{rows:?}"
    );
    let lpv = board
        .departures
        .iter()
        .find(|d| d.destination == "LPV")
        .unwrap();
    assert!(!lpv.via.is_empty() && !lpv.via.contains(&"Helsinki".to_string()));
    assert_eq!(lpv.scheduled_dep, "21:34", "Helsinki's clock in summer");
}

#[test]
fn delay_causes_are_named_in_finnish_and_english_each_once() {
    let rows: Vec<Row> = serde_json::from_str(
        r#"[
        {"stationShortCode":"A","type":"ARRIVAL","scheduledTime":"2026-11-24T08:00:00Z",
         "causes":[{"categoryCode":"R","detailedCategoryCode":"R1"},{"categoryCode":"R"}]},
        {"stationShortCode":"B","type":"ARRIVAL","scheduledTime":"2026-11-24T08:10:00Z",
         "causes":[{"categoryCode":"Z"}, 5, "x"]},
        {"stationShortCode":"C","type":"ARRIVAL","scheduledTime":"2026-11-24T09:00:00Z",
         "causes":[{"categoryCode":"O"}]}
    ]"#,
    )
    .unwrap();
    let until: DateTime<Utc> = "2026-11-24T08:30:00Z".parse().unwrap();
    assert_eq!(
        causes(&rows, until),
        ["Delay cause: Ratatyö (track works)", "Delay cause: code Z"],
        "a cause after the call is not this call's"
    );
}

#[test]
fn board_skips_departed_orders_and_rolls_over_midnight() {
    let now: DateTime<Utc> = "2026-11-24T21:50:00Z".parse().unwrap();
    let d = parse_board(
        &fixture("live-trains-station-HKI.json"),
        "HKI",
        &names(),
        now,
    )
    .unwrap()
    .departures;
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(
        codes,
        ["U 8499", "IC 77", "IC 79"],
        "the departed R is gone"
    );
    assert!(d[0].cancelled && d[0].delay.is_none() && d[0].expected_dep.is_none());
    assert_eq!(d[0].destination, "Kirkkonummi");
    assert_eq!(
        (
            d[1].scheduled_dep.as_str(),
            d[1].expected_dep.as_deref(),
            d[1].delay
        ),
        ("23:57", Some("00:04"), Some(7))
    );
    assert_eq!(d[1].platform.as_deref(), Some("8"));
    assert_eq!(
        d[1].via,
        ["Pasila", "Tikkurila"],
        "passenger stops on the way; Kerava is passed without a commercial stop"
    );
    assert!(d[2].via.is_empty(), "straight to the destination");
    assert_eq!(d[2].scheduled_dep, "00:12", "past midnight, Helsinki time");
    assert_eq!(
        (d[2].delay, d[2].platform.as_deref()),
        (None, None),
        "no realtime, no track"
    );
    assert_eq!(d[2].line, "IC");
}

#[test]
fn ring_trains_say_which_way_round() {
    let names = embedded_names();
    let bytes = fixture("ring-trains.json");
    let now: DateTime<Utc> = "2026-11-24T20:00:00Z".parse().unwrap();
    let board = parse_board(&bytes, "HKI", &names, now).unwrap().departures;
    let rows: Vec<(&str, &str, &str)> = board
        .iter()
        .map(|d| (d.line.as_str(), d.destination.as_str(), d.via[0].as_str()))
        .collect();
    assert_eq!(
        rows,
        [
            ("P", "Helsinki via Helsinki Airport", "Pasila"),
            ("I", "Helsinki via Helsinki Airport", "Pasila"),
        ]
    );
    assert_eq!(
        board[0].via[1],
        name(&names, "HPL"),
        "P goes round by Myyrmäki"
    );
    assert_eq!(
        board[1].via[1],
        name(&names, "KÄP"),
        "I goes round by Tikkurila"
    );
    let trains = parse_trains(&bytes, b"[]", &names).unwrap();
    assert_eq!(
        trains[0].name, "I 8703 → Helsinki",
        "past the airport it is plainly going home"
    );
    assert_eq!(trains[0].to.as_deref(), Some("Helsinki"));
}

#[test]
fn a_journey_is_its_passenger_stops_an_arrival_and_a_departure_made_one() {
    let j = parse_journey(&fixture("train-27.json"), &names())
        .unwrap()
        .unwrap();
    assert_eq!(j.train.id, "fi-2026-11-24-27");
    let called: Vec<_> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        called,
        ["Helsinki", "Pasila", "Tikkurila", "Tampere"],
        "no KÄP: it does not stop"
    );
    let psl = &j.stops[1];
    assert_eq!(
        psl.arrival.scheduled.as_deref(),
        Some("22:02"),
        "Helsinki time"
    );
    assert_eq!(psl.arrival.expected.as_deref(), Some("22:04"));
    assert_eq!(psl.departure.expected.as_deref(), Some("22:05"));
    assert!(psl.passed && !j.stops[2].passed);
    assert_eq!(j.stops.iter().position(|s| !s.passed), Some(2));
    assert_eq!(j.stops[2].delay, Some(2));
    assert_eq!(j.stops[3].platform.as_deref(), Some("3"));
    assert!(j.stops[0].arrival.is_empty() && j.stops[3].departure.is_empty());
    assert!(j.stops[0].lat.is_some(), "placed from the station list");
    assert_eq!(parse_journey(b"[]", &names()).unwrap(), None);
    assert_eq!(
        journey_path("fi-2026-11-24-27").as_deref(),
        Some("/api/v1/trains/2026-11-24/27")
    );
    for bad in [
        "fi-2026-11-24",
        "fi-x-27",
        "fi-2026-11-24-27/../x",
        "2026-11-24-27",
    ] {
        assert_eq!(journey_path(bad), None, "{bad}");
    }
}

#[test]
fn garbage_is_an_error_not_a_panic() {
    assert!(parse_trains(b"<html>", b"[]", &names()).is_err());
    assert!(parse_board(b"{\"not\": \"a list\"}", "HKI", &names(), Utc::now()).is_err());
    assert!(parse_stations(b"").is_err());
}
