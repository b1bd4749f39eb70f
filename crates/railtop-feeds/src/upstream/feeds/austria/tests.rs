//! HAFAS (ÖBB Scotty) radar, boards and journeys on the project's fixtures and hostile answers.

use super::*;

#[test]
fn a_radar_trains_journey_is_journey_details() {
    let bytes = crate::test_support::fixture("austria/journey.json");
    let now: DateTime<Utc> = "2026-11-24T22:00:00Z".parse().unwrap(); // 23:00 in Vienna
    let run = parse_journey(&bytes, now).unwrap().unwrap();
    assert_eq!(run.train.id, "austria-1|200|0|81|24112026");
    assert_eq!(run.train.name, "RJX 165 → Salzburg Hbf");
    assert_eq!(run.train.status, "running");
    assert_eq!(run.train.next_station.as_deref(), Some("St. Pölten Hbf"));
    assert_eq!(run.train.delay, Some(4));
    let names: Vec<_> = run.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Wien Hbf",
            "St. Pölten Hbf",
            "Linz/Donau Hbf",
            "Wels Hbf",
            "Salzburg Hbf"
        ]
    );
    let wien = &run.stops[0];
    assert!(wien.passed);
    assert_eq!(wien.code.as_deref(), Some("8103000"));
    assert_eq!(
        (wien.lat, wien.lng),
        (Some(48.185507), Some(16.375326)),
        "y is the latitude"
    );
    let stp = &run.stops[1];
    assert_eq!(stp.arrival.expected.as_deref(), Some("23:12"));
    assert_eq!(
        (stp.platform.as_deref(), stp.planned_platform.as_deref()),
        (Some("6"), Some("5"))
    );
    let linz = &run.stops[2];
    assert!(linz.cancelled && linz.departure.expected.is_none());
    let wels = &run.stops[3];
    assert_eq!(
        wels.departure.scheduled.as_deref(),
        Some("00:10"),
        "the next day"
    );
    assert_eq!(wels.delay, None, "no realtime");
    assert_eq!(
        wels.platform.as_deref(),
        Some("2"),
        "old plain-string platforms"
    );
    assert!(run.stops[4].departure.is_empty());
    // An answer without a journey, and HAFAS's own errors.
    assert_eq!(parse_journey(br#"{"common": {}}"#, now).unwrap(), None);
    let err = br#"{"svcResL": [{"err": "LOCATION", "errTxt": "unknown"}]}"#;
    assert!(parse_journey(err, now).is_err());
}

#[test]
fn hafas_times_with_day_prefixes_and_offsets() {
    let t = |d, s, o| hafas_time(d, s, o).map(|t| t.to_rfc3339());
    assert_eq!(
        t("20261124", "174400", None).as_deref(),
        Some("2026-11-24T16:44:00+00:00"),
        "Vienna in winter is UTC+1"
    );
    assert_eq!(
        t("20261124", "01003000", None).as_deref(),
        Some("2026-11-24T23:30:00+00:00"),
        "the next day's 00:30"
    );
    assert_eq!(
        t("20260701", "120000", Some(120)).as_deref(),
        Some("2026-07-01T10:00:00+00:00")
    );
    assert_eq!(t("20261124", "2500", None), None);
    assert_eq!(
        t("20261124", "99123000", None).as_deref(),
        Some("2027-03-03T11:30:00+00:00")
    );
    assert_eq!(t("20261124", "120000", Some(i64::MAX)), None, "no overflow");
    assert_eq!(
        t("+2621431231", "99123000", None),
        None,
        "past chrono's last day"
    );
    assert_eq!(t("garbage", "120000", None), None);
}

#[test]
fn trains_only_platform_changes_cancellations_midnight_and_messages() {
    let board = parse_board(&crate::test_support::fixture(
        "austria/stationboard-wien-hbf.json",
    ))
    .unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(station.name, "Wien Hbf");
    let lines: Vec<&str> = d.iter().map(|d| d.line.as_str()).collect();
    assert_eq!(
        lines,
        ["RJX 165", "S 60", "REX 7", "NJ 466"],
        "the tram (512), the trolleybus (64) and the mountain railway (2048, though its \
         category reads R) are left out by their classes"
    );
    assert_eq!(
        (
            d[0].scheduled_dep.as_str(),
            d[0].expected_dep.as_deref(),
            d[0].delay
        ),
        ("23:44", Some("23:51"), Some(7))
    );
    assert_eq!(
        d[0].operator.as_deref(),
        Some("Österreichische Bundesbahnen")
    );
    assert_eq!(d[0].train_code.as_deref(), Some("RJX 165"));
    assert_eq!(
        (d[1].platform.as_deref(), d[1].planned_platform.as_deref()),
        (Some("2"), Some("1"))
    );
    assert!(d[2].cancelled && d[2].delay.is_none());
    assert_eq!(
        d[2].messages,
        ["Construction work between Wien and Wiener Neustadt"]
    );
    assert_eq!(d[3].scheduled_dep, "00:30", "day prefix 01: past midnight");
    assert_eq!((d[3].delay, d[3].expected_dep.as_deref()), (None, None));
}

#[test]
fn radar_positions_times_1e6_trains_only_and_the_delay_at_the_next_stop() {
    let trains = parse_positions(&crate::test_support::fixture("austria/radar.json")).unwrap();
    let codes: Vec<&str> = trains.iter().map(|t| t.train_code.as_str()).collect();
    assert_eq!(
        codes,
        ["S 60", "RJX 165"],
        "the bus (no class: by its name), the trolleybus and the lift (by class) and the \
         journey without a position leave"
    );
    let s60 = &trains[0];
    assert_eq!((s60.lat, s60.lng), (Some(48.174), Some(16.333)));
    assert_eq!(s60.delay, Some(3));
    assert_eq!(s60.next_station.as_deref(), Some("Wiener Neustadt Hbf"));
    assert_eq!(s60.name, "S 60 → Wiener Neustadt Hbf");
    assert_eq!(trains[1].delay, Some(0));
    let body: serde_json::Value =
        serde_json::from_str(&radar_request("2026-11-24T06:00:00Z".parse().unwrap())).unwrap();
    assert_eq!(body["svcReqL"][0]["meth"], "JourneyGeoPos");
    assert_eq!(body["svcReqL"][0]["req"]["rect"]["urCrd"]["y"], 49_020_000);
}

#[test]
fn hafas_errors_are_errors_and_the_request_names_the_client() {
    let err = parse_board(
        br#"{"svcResL":[{"meth":"StationBoard","err":"H9380","errTxt":"Dep./Arr./Intermed. or equivalent stations defined more than once"}]}"#,
    )
    .unwrap_err();
    assert!(err.to_string().contains("H9380"), "{err}");
    let body = kind_request(
        "8103000",
        20,
        "2026-11-24T06:00:00Z".parse().unwrap(),
        Kind::Departures,
    );
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(v["auth"]["aid"], "OWDL4fE4ixNiPBBm");
    assert_eq!(v["client"]["id"], "OEBB");
    assert_eq!(v["svcReqL"][0]["req"]["stbLoc"]["lid"], "A=1@L=8103000@");
    assert_eq!(v["svcReqL"][0]["req"]["time"], "070000", "Vienna's clock");
}

/// A `StationBoard` of type `ARR` (the fixture is the departures board's, its `d…` fields made
/// `a…` and its `dirTxt` the trains' origins, as HAFAS answers arrivals): the same trains kept,
/// each at its arrival, from where it comes.
#[test]
fn arrivals_are_the_boards_trains_at_their_arrival_from_their_origin() {
    let board = parse_arrivals(&crate::test_support::fixture(
        "austria/stationboard-wien-hbf-arrivals.json",
    ))
    .unwrap();
    let rows: Vec<(&str, &str, &str, Option<i64>)> = board
        .departures
        .iter()
        .map(|d| {
            (
                d.line.as_str(),
                d.destination.as_str(),
                d.scheduled_dep.as_str(),
                d.delay,
            )
        })
        .collect();
    assert_eq!(rows.len(), 4, "trains only: {rows:?}");
    assert_eq!(rows[0], ("RJX 165", "Salzburg Hbf", "23:44", Some(7)));
    assert!(
        parse_board(&crate::test_support::fixture(
            "austria/stationboard-wien-hbf-arrivals.json"
        ))
        .unwrap()
        .departures
        .is_empty(),
        "no departure times: no departures"
    );
    let body = kind_request(
        "8103000",
        20,
        "2026-11-24T06:00:00Z".parse().unwrap(),
        Kind::Arrivals,
    );
    assert!(body.contains(r#""type":"ARR""#), "{body}");
}
