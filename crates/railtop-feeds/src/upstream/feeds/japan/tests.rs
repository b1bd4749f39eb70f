//! Japan's unit tests (ODPT's trains and timetables), beside its code as every feed's are.

use super::*;

#[test]
fn seconds_station_based_positions_and_names_from_ids() {
    let trains = parse_trains(&crate::test_support::fixture("japan/trains-jr-east.json")).unwrap();
    assert_eq!(trains.len(), 2, "the record without a number is skipped");
    let t = &trains[0];
    assert_eq!(t.train_code, "JobanRapid 476M");
    assert_eq!(t.delay, Some(3), "180 s");
    assert_eq!(t.next_station.as_deref(), Some("Tennodai"));
    assert_eq!(t.to.as_deref(), Some("Abiko"));
    assert!(t.lat.is_none() && t.lng.is_none());
    assert_eq!(t.operator.as_deref(), Some("JR-East"));
    assert_eq!(
        trains[1].next_station.as_deref(),
        Some("Tokyo"),
        "no toStation: standing at fromStation"
    );
    assert_eq!(trains[1].delay, Some(0));
}

#[test]
fn loop_trains_say_which_way_round() {
    let trains = parse_trains(&crate::test_support::fixture("japan/trains-loop.json")).unwrap();
    let names: Vec<(&str, Option<&str>)> = trains
        .iter()
        .map(|t| (t.name.as_str(), t.direction.as_deref()))
        .collect();
    assert_eq!(
        names,
        [
            ("Yamanote 1105G → Osaki (outer loop)", Some("Outer loop")),
            ("Yamanote 1130K → Osaki", Some("Inner loop")),
            ("ChuoRapid 1234T → Inbound", Some("Inbound")),
        ]
    );
    assert_eq!(trains[0].from.as_deref(), Some("Osaki"));
}

#[test]
fn a_running_trains_timetable_of_the_day_is_its_journey() {
    let trains = parse_trains(&crate::test_support::fixture("japan/trains-jr-east.json")).unwrap();
    let train = trains
        .iter()
        .find(|t| t.train_code == "JobanRapid 476M")
        .unwrap();
    let bytes = crate::test_support::fixture("japan/train-timetable-476M.json");
    let tuesday: DateTime<Utc> = "2026-11-23T23:53:00Z".parse().unwrap(); // 08:53 JST
    let stops = parse_timetable(&bytes, train, tuesday).unwrap().unwrap();
    let names: Vec<&str> = stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Toride", "Tennodai", "Abiko"]);
    assert_eq!(
        stops[0].departure.scheduled.as_deref(),
        Some("08:48"),
        "the weekday's"
    );
    assert!(
        stops[0].passed && !stops[1].passed,
        "between Toride and Tennodai"
    );
    assert_eq!(
        (stops[1].arrival.expected.as_deref(), stops[1].delay),
        (Some("08:54"), Some(3)),
        "180 s late, carried ahead"
    );
    assert_eq!(stops[0].departure.expected, None);
    let sunday: DateTime<Utc> = "2026-11-28T23:53:00Z".parse().unwrap();
    let stops = parse_timetable(&bytes, train, sunday).unwrap().unwrap();
    assert_eq!(stops[0].departure.scheduled.as_deref(), Some("08:40"));
    assert_eq!(parse_timetable(b"[]", train, sunday).unwrap(), None);
}
