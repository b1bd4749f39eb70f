//! Norway's parsers (Entur's journey planner and vehicles API) over its fixtures (`fixtures/`).

use super::*;

/// Entur's arrivals (the fixture follows the published schema): rail only, each from its
/// journey's first stop place at its arrival time, its situations its messages.
#[test]
fn arrivals_come_from_the_journeys_first_stop_place() {
    let bytes = crate::test_support::fixture("norway/stopplace-oslo-s-arrivals.json");
    let board = parse_arrivals(&bytes).unwrap();
    let rows: Vec<(&str, &str, Option<i64>, bool)> = board
        .departures
        .iter()
        .map(|d| {
            (
                d.destination.as_str(),
                d.scheduled_dep.as_str(),
                d.delay,
                d.cancelled,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("Skien", "07:12", Some(3), false),
            ("Bergen stasjon", "07:31", None, true)
        ],
        "the bus left out"
    );
    assert_eq!(
        board.departures[0].messages,
        ["Forsinkelse på grunn av signalfeil"]
    );
}

#[test]
fn a_vehicles_journey_is_its_service_journeys_calls() {
    let vehicles = crate::test_support::fixture("norway/vehicles-rail.json");
    let (train, journey, day) = find_vehicle(&vehicles, "norway-VYG:Vehicle:1012")
        .unwrap()
        .expect("R10 runs a service journey");
    assert_eq!(train.train_code, "R10");
    assert_eq!(
        (journey.as_str(), day.as_deref()),
        ("VYG:ServiceJourney:R10-2071", Some("2026-11-24"))
    );
    assert_eq!(
        find_vehicle(&vehicles, "norway-VYG:Vehicle:2070").unwrap(),
        None,
        "no journey named"
    );
    assert_eq!(find_vehicle(&vehicles, "norway-nope").unwrap(), None);
    let now: DateTime<Utc> = "2026-11-24T06:55:00Z".parse().unwrap(); // 07:55 in Oslo
    let stops = parse_journey(
        &crate::test_support::fixture("norway/servicejourney-r10.json"),
        now,
    )
    .unwrap();
    let names: Vec<_> = stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        ["Oslo S", "Nationaltheatret", "Lysaker", "Asker", "Drammen"]
    );
    assert!(stops[0].passed && stops[1].passed && !stops[3].passed);
    assert_eq!(stops[0].departure.expected.as_deref(), Some("07:43"));
    assert_eq!(stops[0].delay, Some(2), "95 s rounds to 2");
    assert_eq!(stops[0].code.as_deref(), Some("NSR:StopPlace:59872"));
    assert_eq!(stops[0].platform.as_deref(), Some("11"));
    assert!(stops[2].cancelled && stops[2].departure.expected.is_none());
    assert_eq!(stops[4].delay, None, "no realtime: the plan, not on time");
    assert!(stops[4].departure.is_empty());
    assert!(parse_journey(br#"{"errors": [{"message": "bad id"}]}"#, now).is_err());
    assert_eq!(
        parse_journey(br#"{"data": {"serviceJourney": null}}"#, now).unwrap(),
        vec![]
    );
}

#[test]
fn rail_only_delays_from_realtime_cancellations_platforms_and_situations() {
    let board = parse_board(&crate::test_support::fixture(
        "norway/stopplace-oslo-s.json",
    ))
    .unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(
        (station.code.as_str(), station.name.as_str()),
        ("NSR:StopPlace:59872", "Oslo S")
    );
    let lines: Vec<&str> = d.iter().map(|d| d.line.as_str()).collect();
    assert_eq!(lines, ["R10", "L1", "F4", "RE11"], "the bus is left out");
    assert_eq!(
        (
            d[0].scheduled_dep.as_str(),
            d[0].expected_dep.as_deref(),
            d[0].delay
        ),
        ("23:58", Some("00:04"), Some(6)),
        "Oslo time, across midnight"
    );
    assert_eq!(d[0].platform.as_deref(), Some("11"));
    assert_eq!(d[0].destination, "Drammen");
    assert_eq!(d[0].operator.as_deref(), Some("Vy"));
    assert_eq!(
        (d[1].delay, d[1].expected_dep.as_deref()),
        (None, None),
        "no realtime"
    );
    assert!(d[2].cancelled && d[2].delay.is_none());
    assert_eq!(d[2].messages, ["Flytoget: signal fault at Lysaker"]);
    assert_eq!(d[3].line, "RE11", "the older journeyPattern.line shape");
}

#[test]
fn vehicles_with_positions_and_delays_in_seconds() {
    let trains =
        parse_vehicles(&crate::test_support::fixture("norway/vehicles-rail.json")).unwrap();
    assert_eq!(trains.len(), 2, "the record without an id is left out");
    assert_eq!(trains[0].name, "R10 → Drammen");
    assert_eq!(trains[0].delay, Some(2), "95 s");
    assert_eq!(
        (trains[0].lat, trains[0].lng),
        (Some(59.9111), Some(10.7528))
    );
    assert_eq!(
        trains[1].train_code, "VYG:Vehicle:2070",
        "no line: the vehicle"
    );
    assert!(parse_vehicles(br#"{"errors":[{"message":"Unknown argument"}]}"#).is_err());
}

#[test]
fn graphql_errors_and_unknown_places_are_errors() {
    let err = parse_board(br#"{"errors":[{"message":"Validation error"}]}"#).unwrap_err();
    assert!(err.to_string().contains("Validation error"), "{err}");
    assert!(parse_board(br#"{"data":{"stopPlace":null}}"#).is_err());
    assert!(parse_board(b"<html>").is_err());
}

#[test]
fn the_geocoder_gives_the_first_stop_place() {
    let id = parse_geocoder(&crate::test_support::fixture("norway/geocoder-bergen.json")).unwrap();
    assert_eq!(id.as_deref(), Some("NSR:StopPlace:548"));
    assert_eq!(parse_geocoder(br#"{"features":[]}"#).unwrap(), None);
}

#[test]
fn the_station_list_is_every_rail_lines_stops_busiest_first() {
    let list = parse_station_list(&crate::test_support::fixture("norway/lines-rail.json")).unwrap();
    let codes: Vec<&str> = list.iter().map(|s| s.code.as_str()).collect();
    assert_eq!(
        codes,
        [
            "NSR:StopPlace:59872", // three lines (twice on the first: counted once)
            "NSR:StopPlace:269",   // two
            "NSR:StopPlace:58953",
            "NSR:StopPlace:548",
        ],
        "Göteborg (outside Norway's box) and a stop place without a position are left out"
    );
    assert_eq!(list[0].name, "Oslo S");
    let refused = parse_station_list(br#"{"errors":[{"message":"Unknown field lines"}]}"#);
    assert!(refused.unwrap_err().reason.contains("Unknown field"));
    assert!(parse_station_list(b"{}").is_err(), "no data");
}
