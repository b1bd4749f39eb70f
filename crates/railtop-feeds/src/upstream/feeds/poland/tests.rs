//! Poland's unit tests (PKP PLK's timetables and operations), beside its code as every feed's are.

use super::*;

const STATION: i64 = 33605;

fn at(s: &str) -> DateTime<Utc> {
    s.parse().unwrap()
}

fn fixture_board(now: &str) -> Board {
    let tt = parse_timetable(
        &crate::test_support::fixture("poland/schedules.json"),
        STATION,
    )
    .unwrap();
    let ops = parse_operations(
        &crate::test_support::fixture("poland/operations.json"),
        STATION,
    )
    .unwrap();
    board(&tt, &ops, at(now))
}

#[test]
fn night_trains_delays_cancellations_platforms_and_numbers() {
    // 07:00 in Warsaw (CET).
    let b = fixture_board("2026-11-24T06:00:00Z");
    assert_eq!(b.station.name, "Warszawa Centralna");
    let rows: Vec<String> = b
        .departures
        .iter()
        .map(|d| {
            format!(
                "{} {} {} {:?} {:?} {} {:?}",
                d.scheduled_dep,
                d.train_code.as_deref().unwrap_or("-"),
                d.destination,
                d.delay,
                d.platform,
                d.cancelled,
                d.operator
            )
        })
        .collect();
    assert_eq!(
        rows,
        [
            // Yesterday's night train, on day 1 of its run, on time (an RFC 3339 actual).
            "07:05 TLK 83170 USTRONIE Kraków Płaszów Some(0) Some(\"I/2\") false Some(\"PKP Intercity\")",
            // Cancelled here: no delay, no expected time.
            "07:12 R 19311 Tłuszcz None Some(\"III/7\") true Some(\"Koleje Mazowieckie\")",
            // Eight minutes late (a local actual time); the number at this stop wins.
            "07:35 EIP 1301 Katowice Some(8) Some(\"II/4\") false Some(\"PKP Intercity\")",
        ]
    );
    assert_eq!(b.departures[2].expected_dep.as_deref(), Some("07:43"));
    assert_eq!(b.departures[2].via, ["Warszawa Zachodnia"]);
}

#[test]
fn a_late_train_stays_until_it_leaves() {
    // 07:40: the EIP planned 07:35 leaves at 07:43, so it is still on the board.
    let b = fixture_board("2026-11-24T06:40:00Z");
    let codes: Vec<_> = b
        .departures
        .iter()
        .map(|d| d.scheduled_dep.as_str())
        .collect();
    assert_eq!(codes, ["07:35"]);
}

#[test]
fn clock_times_days_and_bad_values() {
    let day = NaiveDate::from_ymd_opt(2026, 3, 29).unwrap();
    assert_eq!(warsaw(day, 0, "01:30"), Some(at("2026-03-29T00:30:00Z")));
    // 02:30 does not exist that night (clocks go forward): an hour on.
    assert_eq!(warsaw(day, 0, "02:30"), Some(at("2026-03-29T01:30:00Z")));
    assert_eq!(warsaw(day, 1, "00:10:00"), Some(at("2026-03-29T22:10:00Z")));
    assert_eq!(warsaw(day, -1, "00:10"), None);
    assert_eq!(warsaw(day, i64::MAX, "00:10"), None);
    assert_eq!(warsaw(day, 0, "25:00"), None);
    assert_eq!(
        operating_day("2026-11-24T00:00:00"),
        NaiveDate::from_ymd_opt(2026, 11, 24)
    );
    assert_eq!(operating_day("24.11"), None);
    assert_eq!(
        actual_time("2026-11-24T07:43:00"),
        Some(at("2026-11-24T06:43:00Z"))
    );
    assert_eq!(actual_time("soon"), None);
}

#[test]
fn hostile_and_empty_answers_read_as_empty_boards() {
    for bytes in [
        &b"{}"[..],
        br#"{"rt": [{"sid": "x", "st": [{"id": 33605, "dtm": "07:00"}]}]}"#,
        br#"{"dc": {"st": [{"id": "33605", "nm": "W"}]}, "rt": []}"#,
    ] {
        let tt = parse_timetable(bytes, STATION).unwrap();
        assert!(tt.leaving.is_empty());
    }
    let tt = parse_timetable(br#"{"dc": {"st": [{"id": "33605", "nm": "W"}]}}"#, STATION);
    assert_eq!(
        tt.unwrap().station_name.as_deref(),
        Some("W"),
        "a list of names reads too"
    );
    assert!(parse_timetable(b"[", STATION).is_err());
    assert!(parse_operations(br#"{"tr": [{"od": "x"}]}"#, STATION)
        .unwrap()
        .at_station
        .is_empty());
}

#[test]
fn a_board_trains_journey_comes_from_the_same_two_answers() {
    let tt = parse_timetable(
        &crate::test_support::fixture("poland/schedules.json"),
        STATION,
    )
    .unwrap();
    let ops = parse_operations(
        &crate::test_support::fixture("poland/operations.json"),
        STATION,
    )
    .unwrap();
    let station = StationInfo {
        code: "33605".into(),
        name: "Warszawa Centralna".into(),
        ..StationInfo::default()
    };
    let now = at("2026-11-24T06:45:00Z"); // 07:45 in Warsaw
    let j = journey(&tt, &ops, &station, "poland-20261124-EIP 1301", now).unwrap();
    assert_eq!(j.train.id, "poland-20261124-EIP 1301");
    assert_eq!(j.train.train_code, "EIP 1301");
    let names: Vec<&str> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names.len(), 3);
    assert_eq!(names[0], "Warszawa Centralna");
    let first = &j.stops[0];
    assert_eq!(
        (
            first.departure.scheduled.as_deref(),
            first.departure.expected.as_deref()
        ),
        (Some("07:35"), Some("07:43"))
    );
    assert!(first.passed && first.arrival.is_empty());
    assert_eq!(first.platform.as_deref(), Some("II/4"));
    assert!(!j.stops[1].passed);
    assert_eq!(j.stops[2].arrival.scheduled.as_deref(), Some("10:02"));
    assert_eq!(j.train.delay, Some(8));
    assert_eq!(j.train.status, "running");
    assert_eq!(
        journey(&tt, &ops, &station, "poland-20261124-TLK 9", now),
        None
    );
}
