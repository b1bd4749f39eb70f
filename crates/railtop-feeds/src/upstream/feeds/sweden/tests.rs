//! Sweden's unit tests (Trafikverket's announcements and stations), beside its code as every feed's
//! are.

use super::*;

fn names() -> Names {
    parse_stations(&crate::test_support::fixture("sweden/train-stations.json")).unwrap()
}

/// Arrivals are the `Ankomst` rows: each from its `FromLocation`, the stops before as its
/// via, its deviations (Swedish, as Trafikverket writes them) its messages.
#[test]
fn arrivals_come_from_their_from_location() {
    let bytes = crate::test_support::fixture("sweden/announcements-no-activity.json");
    let names = names();
    let arrivals = parse_arrivals(&bytes, "Cst", &names).unwrap().departures;
    let rows: Vec<(String, String)> = arrivals
        .iter()
        .map(|d| (d.train_code.clone().unwrap(), d.destination.clone()))
        .collect();
    // Rows without ActivityType: the train ending here (2244), the first row of one that
    // stops and leaves later (263), and the one listing the stops before (540).
    let codes: Vec<&str> = rows.iter().map(|r| r.0.as_str()).collect();
    assert_eq!(codes, ["2244", "263", "540"], "{rows:?}");
    assert!(rows.iter().all(|r| !r.1.is_empty()));
    let departures = parse_board(&bytes, "Cst", &names).unwrap().departures;
    assert!(departures
        .iter()
        .all(|d| d.train_code.as_deref() != Some("2244")));
}

#[test]
fn signatures_become_names_departed_and_hidden_rows_leave() {
    let names = names();
    assert_eq!(names["Cst"], "Stockholm C");
    let d = parse_board(
        &crate::test_support::fixture("sweden/announcements-cst.json"),
        "Cst",
        &names,
    )
    .unwrap()
    .departures;
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(
        codes,
        ["10139", "541", "2203"],
        "arrival, departed and non-public rows left out"
    );
    assert_eq!(d[0].destination, "Hallsberg");
    assert_eq!(
        d[0].via,
        ["Södertälje syd", "Katrineholm"],
        "by Order; unknown signatures stay"
    );
    assert_eq!(
        (
            d[0].delay,
            d[0].expected_dep.as_deref(),
            d[0].scheduled_dep.as_str()
        ),
        (Some(4), Some("16:05"), "16:01")
    );
    assert_eq!(d[0].messages, ["Spårändrat"]);
    assert_eq!(d[0].line, "Mälartåg");
    assert_eq!(d[1].platform, None, "track x: not known yet");
    assert!(d[2].cancelled && d[2].delay.is_none());
    assert_eq!(d[1].operator.as_deref(), Some("SJ"));
}

#[test]
fn rows_without_an_activity_type_still_give_the_departures_and_only_them() {
    let names = names();
    let board = |station| {
        parse_board(
            &crate::test_support::fixture("sweden/announcements-no-activity.json"),
            station,
            &names,
        )
        .unwrap()
        .departures
    };
    let cst = board("Cst");
    let rows: Vec<_> = cst
        .iter()
        .map(|d| (d.train_code.as_deref().unwrap(), d.scheduled_dep.as_str()))
        .collect();
    assert_eq!(
        rows,
        [("263", "16:19"), ("815", "16:37")],
        "711 left; 2244 ends here; 263's first row is its arrival; hidden rows stay hidden"
    );
    assert_eq!(cst[0].delay, Some(4));
    assert!(
        board("U").is_empty(),
        "the only Uppsala row is 711 ending there: an arrival"
    );
    assert!(board("M").is_empty(), "no rows of other stations");
    assert!(
        !cst.iter().any(|d| d.train_code.as_deref() == Some("540")),
        "540 lists where it came from, not where it goes: an arrival"
    );
}

#[test]
fn api_errors_and_the_request_bodies() {
    let err = parse_board(
        br#"{"RESPONSE":{"RESULT":[{"ERROR":{"SOURCE":"Request","MESSAGE":"Invalid authentication"}}]}}"#,
        "Cst",
        &Names::new(),
    )
    .unwrap_err();
    assert!(err.to_string().contains("Invalid authentication"), "{err}");
    let body = activity_request("k\"ey<", "Cst", "Avgang");
    assert!(
        body.contains("authenticationkey=\"k&quot;ey&lt;\""),
        "{body}"
    );
    assert!(body.contains("<EQ name=\"LocationSignature\" value=\"Cst\"/>"));
    assert!(is_signature("Söö") && !is_signature("8503000"));
}

#[test]
fn a_trains_announcements_are_its_journey() {
    let now: DateTime<Utc> = "2026-11-24T15:50:00Z".parse().unwrap(); // 16:50 in Stockholm
    let j = parse_train(
        &crate::test_support::fixture("sweden/train-541.json"),
        "sweden-20261124-541",
        &names(),
        now,
    )
    .unwrap()
    .unwrap();
    let names: Vec<&str> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Stockholm C",
            "Södertälje syd",
            "Katrineholm",
            "Hallsberg",
            "Göteborg C"
        ],
        "arrival and departure rows of a station are one stop; the next day's run is not this one"
    );
    let soo = &j.stops[1];
    assert_eq!(
        (
            soo.arrival.expected.as_deref(),
            soo.departure.expected.as_deref()
        ),
        (Some("16:31"), Some("16:34"))
    );
    assert!(soo.passed && soo.delay == Some(3));
    assert_eq!(j.stops[2].delay, Some(4));
    assert_eq!(j.stops[2].platform.as_deref(), Some("1"));
    assert!(j.stops[3].cancelled && j.stops[3].departure.expected.is_none());
    assert_eq!(j.stops[0].platform.as_deref(), Some("14"));
    assert!(j.stops[4].departure.is_empty() && !j.stops[4].passed);
    assert_eq!(j.train.status, railtop_core::model::status::RUNNING);
    assert!(j.train.partly_cancelled);
    assert_eq!(j.train.next_station.as_deref(), Some("Katrineholm"));
    assert_eq!(j.train.messages, ["Signalfel", "Inställt uppehåll"]);
    assert_eq!(j.train.delay, Some(3));
}

#[test]
fn the_train_request_names_the_train_and_its_day_only() {
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 24).unwrap();
    let r = train_request("k\"/>", "541", day);
    assert!(r.contains("value=\"541\""));
    assert!(r.contains("2026-11-24T00:00:00") && r.contains("2026-11-25T12:00:00"));
    assert!(!r.contains("k\"/>"), "the key is escaped");
}
