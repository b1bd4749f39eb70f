//! Unit tests of `gtfs_static`, beside it (the file would pass 400 lines with them).

use super::*;

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

#[test]
fn names_stations_with_platforms_and_the_calendar() {
    let t = Timetable::from_zip(&sample_bundle()).unwrap();
    assert_eq!(t.stop_name("TPS"), Some("Tapa"));
    assert_eq!(t.route_name("R1"), Some("R"));
    let mut ids = t.stop_ids("TLL");
    ids.sort();
    assert_eq!(ids, ["TLL", "TLL-1"], "a station and its platform");
    assert_eq!(t.stop_ids("tartu"), ["TAR"], "by name too");
    assert_eq!(
        t.destination("T2").as_deref(),
        Some("Narva"),
        "no headsign: the last stop"
    );
    assert_eq!(t.stops_after("T1", "TLL-1"), ["Tapa", "Tartu"]);
    // Tuesday: the weekday trips; the last stop of a trip is no departure.
    let tuesday = t.departures(&ids, at("2026-11-24 08:00"), 3);
    let trips: Vec<&str> = tuesday.iter().map(|s| s.trip_id.as_str()).collect();
    assert_eq!(trips, ["T1", "T2"]);
    let saturday = t.departures(&ids, at("2026-11-28 08:00"), 3);
    assert_eq!(saturday.len(), 1);
    assert!(t
        .departures(&["TAR".into()], at("2026-11-24 08:00"), 5)
        .is_empty());
}

#[test]
fn times_past_midnight_and_bad_bundles() {
    assert_eq!(gtfs_seconds("25:10:00"), Some(25 * 3600 + 600));
    assert_eq!(gtfs_seconds("8:05:00"), Some(8 * 3600 + 300));
    assert_eq!(gtfs_seconds("noon"), None);
    assert_eq!(
        gtfs_seconds("4294967295:00:00"),
        None,
        "found by the fuzzer"
    );
    assert_eq!(gtfs_seconds("1193047:00:00"), None);
    assert!(Timetable::from_zip(b"not a zip").is_err());
    assert!(Timetable::from_zip(&zip_bundle(&[("routes.txt", "route_id\nX\n")])).is_err());
}
