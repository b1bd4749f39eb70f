//! The United States' unit tests (Amtraker's trains, boards and stations), beside its code as every
//! feed's are.

use super::*;

/// Arrivals come from the same list of runs: at Los Angeles, the Pacific Surfliner from
/// San Diego (still at its first station) and the Sunset Limited from New Orleans, each
/// at its arrival time on the station's clock; a run that starts here is no arrival.
#[test]
fn arrivals_are_the_runs_still_to_come_in_from_their_origin() {
    let bytes = crate::test_support::fixture("usa/trains.json");
    let la = parse_arrivals(&bytes, "LAX").unwrap();
    let rows: Vec<(&str, &str)> = la
        .departures
        .iter()
        .map(|d| (d.destination.as_str(), d.scheduled_dep.as_str()))
        .collect();
    assert_eq!(rows, [("San Diego", "23:55"), ("New Orleans", "00:40")]);
    assert!(parse_arrivals(&bytes, "SAN").unwrap().departures.is_empty());
    let harrisburg = parse_arrivals(&bytes, "HAR").unwrap();
    assert_eq!(harrisburg.departures.len(), 1, "its terminus: an arrival");
    assert!(parse_board(&bytes, "HAR").unwrap().departures.is_empty());
}

#[test]
fn an_answer_of_millions_of_runs_keeps_a_bounded_few() {
    let mut body = String::from("{\"1\":[");
    body.push_str(&vec!["{}"; 200_000].join(","));
    body.push_str("],\"2\":[{\"trainID\":\"2-1\",\"stations\":[");
    body.push_str(&vec!["{}"; 10_000].join(","));
    body.push_str("]}]}");
    let runs = runs(body.as_bytes()).unwrap();
    assert_eq!(runs.len(), MAX_RUNS, "the rest read past, not kept");
    let other = |n| {
        format!(
            "{{\"1\":[{{\"trainID\":\"1-1\",\"stations\":[{}]}}]}}",
            vec!["{}"; n].join(",")
        )
    };
    let one = runs_of(&other(10_000));
    assert_eq!(
        one[0].stations.len(),
        railtop_core::model::journey::MAX_STOPS
    );
}

fn runs_of(body: &str) -> Vec<Run> {
    runs(body.as_bytes()).unwrap()
}

const FIXTURE: &str = "usa/trains.json";

#[test]
fn positions_and_computed_delays() {
    let t = parse_trains(&crate::test_support::fixture(FIXTURE)).unwrap();
    assert_eq!(t.len(), 3);
    let k = t.iter().find(|t| t.id == "657-24").unwrap();
    assert_eq!(
        (k.name.as_str(), k.status.as_str()),
        ("657 → Harrisburg", "running")
    );
    assert_eq!(k.delay, Some(7), "dep − schDep at the last station passed");
    assert_eq!(k.next_station.as_deref(), Some("Lancaster"));
    assert_eq!((k.lat, k.lng), (Some(40.0421), Some(-75.5123)));
    assert_eq!(
        k.scheduled_dep.as_deref(),
        Some("22:30"),
        "New York time, from the offset"
    );
    let p = t.iter().find(|t| t.id == "562-24").unwrap();
    assert_eq!((p.status.as_str(), p.delay), ("scheduled", Some(0)));
    let s = t.iter().find(|t| t.id == "1-24").unwrap();
    assert_eq!(s.train_code, "1", "integer train numbers of older data");
    assert_eq!(s.delay, Some(-3), "early");
}

#[test]
fn a_journey_is_a_runs_stations_each_on_its_own_clock() {
    let j = parse_journey(&crate::test_support::fixture(FIXTURE), "657-24")
        .unwrap()
        .unwrap();
    assert_eq!(j.train.id, "657-24");
    let passed: Vec<_> = j
        .stops
        .iter()
        .map(|s| (s.name.as_str(), s.passed))
        .collect();
    assert_eq!(
        passed,
        [
            ("New York Penn", true),
            ("Philadelphia 30th Street", true),
            ("Lancaster", false),
            ("Harrisburg", false)
        ]
    );
    let phl = &j.stops[1];
    assert_eq!(phl.departure.scheduled.as_deref(), Some("23:55"));
    assert_eq!(
        phl.departure.expected.as_deref(),
        Some("00:02"),
        "past midnight"
    );
    assert_eq!(
        phl.departure.expected_at.as_deref(),
        Some("2026-11-25T00:02:00-05:00")
    );
    assert_eq!(phl.delay, Some(7));
    assert_eq!(j.stops[0].platform.as_deref(), Some("7E"));
    assert!(j.stops[0].lat.is_some(), "placed from the station list");
    assert_eq!(
        parse_journey(&crate::test_support::fixture(FIXTURE), "999-24").unwrap(),
        None
    );
    for (id, ours) in [
        ("657-24", true),
        ("b5124-3", true),
        ("v15-27", true),
        ("657", false),
        ("x1-2", false),
        ("fi-2026-11-24-1", false),
    ] {
        assert_eq!(is_train_id(id), ours, "{id}");
    }
}

#[test]
fn boards_from_every_runs_stops() {
    let board = parse_board(&crate::test_support::fixture(FIXTURE), "phl").unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(station.name, "Philadelphia 30th Street");
    assert_eq!(station.timezone.as_deref(), Some("America/New_York"));
    assert!(d.is_empty(), "657 has left PHL; 562 does not call there");
    let d = parse_board(&crate::test_support::fixture(FIXTURE), "LAX")
        .unwrap()
        .departures;
    assert_eq!(
        d.iter()
            .map(|d| d.scheduled_dep.as_str())
            .collect::<Vec<_>>(),
        ["23:55", "00:40"],
        "Pacific time across midnight"
    );
    assert_eq!(
        (d[0].line.as_str(), d[0].delay, d[0].expected_dep.as_deref()),
        ("Pacific Surfliner", Some(0), Some("23:55"))
    );
}

const VARIANTS: &str = "usa/trains-utc-brightline-via.json";

#[test]
fn utc_times_are_shown_on_each_stops_own_clock() {
    let bytes = crate::test_support::fixture(VARIANTS);
    let denver = parse_board(&bytes, "DEN").unwrap();
    assert_eq!(denver.station.timezone.as_deref(), Some("America/Denver"));
    let d = &denver.departures[0];
    assert_eq!(
        (d.scheduled_dep.as_str(), d.expected_dep.as_deref(), d.delay),
        ("20:55", Some("21:10"), Some(15)),
        "03:55Z is 20:55 in Denver (UTC−7)"
    );
    let fll = parse_board(&bytes, "bfbt").unwrap();
    assert_eq!(
        (
            fll.station.timezone.as_deref(),
            fll.departures[0].scheduled_dep.as_str()
        ),
        (Some("America/New_York"), "22:47"),
        "a stop without `tz` takes the run's zone for it (eventTZ)"
    );
    let trains = parse_trains(&bytes).unwrap();
    let zephyr = trains.iter().find(|t| t.id == "5-23").unwrap();
    assert_eq!(zephyr.scheduled_dep.as_deref(), Some("14:00"), "Chicago");
}

#[test]
fn brightline_and_via_are_trains_with_their_own_codes_and_stations() {
    let bytes = crate::test_support::fixture(VARIANTS);
    let trains = parse_trains(&bytes).unwrap();
    let code = |id: &str| {
        let t = trains.iter().find(|t| t.id == id).unwrap();
        (
            t.train_code.clone(),
            t.name.clone(),
            t.operator.clone().unwrap(),
        )
    };
    assert_eq!(
        code("b5130-24"),
        (
            "Brightline 5130".into(),
            "Brightline 5130 → Orlando".into(),
            "Brightline".into()
        )
    );
    assert_eq!(
        code("v67-24"),
        (
            "VIA 67".into(),
            "VIA 67 → Toronto".into(),
            "VIA Rail".into()
        )
    );
    let via = trains.iter().find(|t| t.id == "v67-24").unwrap();
    assert_eq!((via.delay, via.status.as_str()), (Some(6), "running"));
    assert_eq!(
        via.scheduled_dep.as_deref(),
        Some("20:30"),
        "Montréal's clock"
    );
    let kingston = parse_board(&bytes, "KGON").unwrap();
    assert_eq!(kingston.station.name, "Kingston");
    assert_eq!(kingston.departures[0].train_code.as_deref(), Some("VIA 67"));
    assert_eq!(kingston.departures[0].scheduled_dep, "23:12");
    assert_eq!(CODES.check("bave").unwrap(), "BAVE");
    assert!(CODES.check("BAVEX").is_err());
}
