//! Switzerland's unit tests (transport.opendata.ch's boards and journeys), beside its code as every
//! feed's are.

use super::*;

const FIXTURE: &str = "switzerland/stationboard-zuerich-hb.json";

#[test]
fn a_hub_trains_journey_is_its_pass_list() {
    let bytes = crate::test_support::fixture(FIXTURE);
    let now: DateTime<Utc> = "2026-11-24T23:10:00Z".parse().unwrap();
    let j = parse_journey(&bytes, "switzerland-20261124-IR 2032", now)
        .unwrap()
        .expect("IR 2032 to Chur");
    assert_eq!(j.train.id, "switzerland-20261124-IR 2032");
    assert_eq!(j.train.next_station.as_deref(), Some("Zürich HB"));
    let names: Vec<_> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        ["Zürich HB", "Thalwil", "Landquart", "Chur"],
        "named from the board"
    );
    let hub = &j.stops[0];
    assert_eq!(
        (hub.platform.as_deref(), hub.planned_platform.as_deref()),
        (Some("7"), Some("5"))
    );
    assert_eq!(hub.departure.scheduled.as_deref(), Some("00:02"));
    assert_eq!(hub.departure.expected.as_deref(), Some("00:05"));
    assert!(hub.passed, "left at 00:05, it is 00:10");
    let landquart = &j.stops[2];
    assert!(!landquart.passed);
    assert_eq!(landquart.delay, Some(4));
    assert_eq!(landquart.lat, Some(46.96751), "x is the latitude");
    assert_eq!(
        (
            landquart.platform.as_deref(),
            landquart.planned_platform.as_deref()
        ),
        (Some("4"), Some("2"))
    );
    assert!(j.stops[3].departure.is_empty());
    assert_eq!(
        parse_journey(&bytes, "switzerland-20261124-IC 1", now).unwrap(),
        None
    );
    assert_eq!(
        parse_journey(&bytes, "germany-20261124-IR 2032", now).unwrap(),
        None
    );
}

/// `type=arrival`: `to` is the origin, the times the arrival's, the via stops those before
/// this station in time order (whatever order `passList` gives them in).
#[test]
fn arrivals_come_from_to_and_are_timed_by_their_arrival() {
    let board = parse_arrivals(&crate::test_support::fixture(
        "switzerland/stationboard-zuerich-hb-arrivals.json",
    ))
    .unwrap();
    assert_eq!(board.station.name, "Zürich HB");
    let rows: Vec<_> = board
        .departures
        .iter()
        .map(|d| {
            (
                d.train_code.as_deref().unwrap_or(""),
                d.destination.as_str(),
                d.scheduled_dep.as_str(),
                d.expected_dep.as_deref(),
                d.delay,
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            ("IC 1", "St. Gallen", "23:52", Some("23:56"), Some(4)),
            ("S 19658", "Herrliberg-Feldmeilen", "23:55", None, None),
            ("IR 2029", "Chur", "00:01", Some("00:01"), Some(0)),
        ]
    );
    let ic = &board.departures[0];
    assert_eq!(
        ic.via,
        ["Winterthur", "Zürich Flughafen"],
        "origin left out"
    );
    assert_eq!(
        (ic.platform.as_deref(), ic.planned_platform.as_deref()),
        (Some("33"), Some("31"))
    );
    assert_eq!(board.departures[2].via, ["Landquart", "Thalwil"]);
    assert!(parse_arrivals(b"{\"stationboard\": [{\"stop\": {}}]}")
        .unwrap()
        .departures
        .is_empty());
}

#[test]
fn offsets_without_colon() {
    let t = parse_offset_time("2026-11-24T23:58:00+0100").unwrap();
    assert_eq!(t.to_rfc3339(), "2026-11-24T22:58:00+00:00");
}

#[test]
fn lines_delays_platform_changes_and_midnight() {
    let board = parse_board(&crate::test_support::fixture(FIXTURE)).unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(station.name, "Zürich HB");
    assert_eq!(d.len(), 3);
    let chur = d.iter().find(|d| d.destination == "Chur").unwrap();
    assert_eq!(
        chur.via,
        ["Thalwil", "Landquart"],
        "passList between here and Chur"
    );
    assert!(d
        .iter()
        .filter(|d| d.destination != "Chur")
        .all(|d| d.via.is_empty()));
    assert_eq!(
        (d[0].line.as_str(), d[0].train_code.as_deref()),
        ("S 16", Some("S 19651"))
    );
    assert_eq!(
        (d[0].scheduled_dep.as_str(), d[0].delay),
        ("23:58", None),
        "null delay: no realtime"
    );
    assert_eq!(
        (d[1].line.as_str(), d[1].delay, d[1].expected_dep.as_deref()),
        ("IR 13", Some(3), Some("00:05"))
    );
    assert_eq!(
        (d[1].platform.as_deref(), d[1].planned_platform.as_deref()),
        (Some("7"), Some("5")),
        "changed: 5→7"
    );
    assert_eq!(
        (d[2].line.as_str(), d[2].train_code.as_deref()),
        ("EC", Some("EC 151")),
        "EC: number is the train"
    );
    assert_eq!(d[2].operator.as_deref(), Some("SBB"));
}

#[test]
fn the_older_naming_does_not_double_the_category() {
    let board = parse_board(&crate::test_support::fixture(
        "switzerland/stationboard-older-naming.json",
    ))
    .unwrap();
    let rows: Vec<(&str, &str)> = board
        .departures
        .iter()
        .map(|d| (d.line.as_str(), d.train_code.as_deref().unwrap_or("")))
        .collect();
    assert_eq!(
        rows,
        [("VAE", "VAE 2611"), ("S 5", "S 18590"), ("IR", "IR 2527")],
        "not VAE VAE 2611"
    );
    assert_eq!(
        line_and_number("EC", "7", "000007"),
        ("EC".into(), "7".into())
    );
    assert_eq!(
        line_and_number("S", "16", "019651"),
        ("S 16".into(), "19651".into())
    );
}

#[test]
fn uic_numbers() {
    assert!(is_uic("8503000"));
    assert!(!is_uic("8011160"));
    assert!(!is_uic("HKI"));
}
