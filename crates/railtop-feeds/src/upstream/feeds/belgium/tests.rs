//! Belgium's unit tests (iRail's boards, vehicles and stations), beside its code as every feed's
//! are.

use super::*;

const FIXTURE: &str = "belgium/liveboard-brussels-south.json";

/// iRail's `alerts=true`: each entry's alerts are its messages; arrivals are read from
/// `arrivals.arrival[]`, an entry in already (`arrived`) left out.
#[test]
fn alerts_are_messages_and_arrivals_are_their_own_list() {
    let json = br#"{"station": "Gent-Sint-Pieters", "arrivals": {"arrival": [
        {"station": "Oostende", "time": "1764000000", "delay": "120", "canceled": "0",
         "arrived": "0", "vehicleinfo": {"shortname": "IC 1832", "type": "IC"},
         "platform": "4", "alerts": {"number": "2", "alert": [
            {"header": "Works between Brugge and Oostende", "lead": "Buses replace trains"},
            {"header": "", "lead": "Expect delays"}, 7]}},
        {"station": "Brussels-Midi", "time": "1764000300", "delay": "0", "canceled": "0",
         "arrived": "1"}
    ]}}"#;
    let board = parse_arrivals(json).unwrap();
    assert_eq!(
        board.departures.len(),
        1,
        "the train already in is not listed"
    );
    let d = &board.departures[0];
    assert_eq!((d.destination.as_str(), d.delay), ("Oostende", Some(2)));
    assert_eq!(
        d.messages,
        ["Works between Brugge and Oostende", "Expect delays"]
    );
    assert!(parse_board(json).unwrap().departures.is_empty());
}

#[test]
fn absurd_delays_and_times_are_no_data_not_a_panic() {
    // The delays of the issue's crashes (chrono's `TimeDelta::seconds out of bounds`).
    let mut board = parse_board(&crate::test_support::fixture(
        "fuzz/belgium-board-absurd-delays.bin",
    ))
    .unwrap();
    let dropped = railtop_core::model::plausible::bound_departures(&mut board.departures);
    assert!(dropped.count >= 2, "{dropped:?}");
    for d in &board.departures {
        assert!(d.delay.is_none_or(|m| m.abs() < 1000), "{d:?}");
    }
}

#[test]
fn ids() {
    assert_eq!(irail_id("008814001").as_deref(), Some("BE.NMBS.008814001"));
    assert_eq!(
        irail_id("BE.NMBS.008814001").as_deref(),
        Some("BE.NMBS.008814001")
    );
    assert_eq!(irail_id("HKI"), None);
}

#[test]
fn strings_seconds_cancellations_and_departed() {
    let board = parse_board(&crate::test_support::fixture(FIXTURE)).unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(station.name, "Brussels-South/Brussels-Midi");
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(
        codes,
        ["IC 1512", "IC 411", "S1 1987", "EUR 9315"],
        "the train that left is gone"
    );
    assert_eq!(
        (
            d[0].scheduled_dep.as_str(),
            d[0].delay,
            d[0].expected_dep.as_deref()
        ),
        ("23:58", Some(4), Some("00:02")),
        "240 s"
    );
    assert_eq!(d[1].scheduled_dep, "00:04", "Brussels time across midnight");
    assert!(d[2].cancelled && d[2].delay.is_none());
    assert_eq!(d[3].delay, Some(1), "60 s is one minute");
    assert_eq!(d[0].line, "IC");
    assert_eq!(d[0].platform.as_deref(), Some("17"));
}

#[test]
fn a_hub_board_becomes_trains_without_positions() {
    let board = parse_board(&crate::test_support::fixture(FIXTURE)).unwrap();
    let (mut station, d) = (board.station, board.departures);
    station.code = "008814001".into();
    let t = crate::upstream::trains_from_board("belgium", &station, &d, "20261124");
    assert_eq!(t.len(), 4);
    assert!(t.iter().all(|t| t.lat.is_none() && t.lng.is_none()));
    assert_eq!(t[0].name, "IC 1512 → Liège-Guillemins");
    assert_eq!(t[2].status, "cancelled");
    assert_eq!(t[0].status, "scheduled");
}

#[test]
fn a_vehicle_is_a_journey_with_its_cancelled_call() {
    let j = parse_vehicle(
        &crate::test_support::fixture("belgium/vehicle-ic-1512.json"),
        "belgium-20261129-IC 1512",
    )
    .unwrap()
    .unwrap();
    assert_eq!(j.train.train_code, "IC 1512");
    assert_eq!(j.train.status, status::RUNNING);
    assert!(j.train.partly_cancelled);
    assert_eq!(j.train.next_station.as_deref(), Some("Brussels-Central"));
    assert_eq!(j.train.delay, Some(4));
    let names: Vec<&str> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Brussels-South/Brussels-Midi",
            "Brussels-Central",
            "Leuven",
            "Liège-Guillemins"
        ]
    );
    assert!(j.stops[0].passed && j.stops[0].arrival.is_empty());
    assert_eq!(
        j.stops[0].departure.scheduled.as_deref(),
        Some("23:58"),
        "Brussels time"
    );
    assert_eq!(j.stops[0].departure.expected.as_deref(), Some("00:02"));
    assert!(j.stops[2].cancelled && j.stops[2].delay.is_none());
    assert_eq!(j.stops[2].platform, None, "\"?\" is no platform");
    assert_eq!(j.stops[3].code.as_deref(), Some("008841004"));
    assert!(j.stops[3].lat.is_some_and(|l| (l - 50.62455).abs() < 1e-6));
    assert!(j.stops[3].departure.is_empty());
    assert_eq!(
        parse_vehicle(br#"{"stops":{"stop":[]}}"#, "x").unwrap(),
        None
    );
}
