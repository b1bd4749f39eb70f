//! The germany reader on its fixtures and on payloads made in the tests.

use super::*;

/// db-rest's arrivals, as its documentation shapes them (no recorded answer is at hand:
/// the fixture is written from hafas-client's `arrivals()` fields): each from its origin
/// (`provenance`, else `origin`), its via the stops before, its remarks its messages.
#[test]
fn arrivals_come_from_their_origin_by_the_stops_before() {
    let board = parse_arrivals(&crate::test_support::fixture(
        "germany/arrivals-berlin-hbf.json",
    ))
    .unwrap();
    assert_eq!(board.station.name, "Berlin Hbf");
    let ice = &board.departures[0];
    assert_eq!(
        (
            ice.destination.as_str(),
            ice.scheduled_dep.as_str(),
            ice.delay
        ),
        ("München Hbf", "08:07", Some(7))
    );
    assert_eq!(ice.via, ["Nürnberg Hbf", "Leipzig Hbf"]);
    assert_eq!(
        ice.messages,
        ["Verspätung aus vorheriger Fahrt"],
        "hints are no news"
    );
    let s5 = &board.departures[1];
    assert_eq!((s5.destination.as_str(), s5.cancelled), ("Erkner", true));
    assert_eq!(s5.messages, ["Fahrt fällt aus"]);
}

const FIXTURE: &str = "germany/departures-berlin-hbf.json";

#[test]
fn a_hub_trains_journey_is_its_trips_stopovers() {
    let board = crate::test_support::fixture(FIXTURE);
    let (train, trip) = find_board_train(&board, "germany-20261124-ICE 1007")
        .unwrap()
        .expect("ICE 1007 is on the board");
    assert_eq!(trip, "1|2");
    assert_eq!(train.id, "germany-20261124-ICE 1007");
    assert_eq!(train.to.as_deref(), Some("München Hbf"));
    assert_eq!(
        find_board_train(&board, "germany-20261124-ICE 1").unwrap(),
        None
    );
    let now: DateTime<Utc> = "2026-11-24T23:30:00Z".parse().unwrap(); // 00:30 in Berlin
    let stops = parse_trip(
        &crate::test_support::fixture("germany/trip-ice-1007.json"),
        now,
    )
    .unwrap();
    let names: Vec<_> = stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Berlin Gesundbrunnen",
            "Berlin Hbf",
            "Berlin Südkreuz",
            "Halle (Saale) Hbf",
            "Erfurt Hbf",
            "München Hbf"
        ]
    );
    let passed: Vec<bool> = stops.iter().map(|s| s.passed).collect();
    assert_eq!(
        passed,
        [true, true, false, false, false, false],
        "left Berlin Hbf at 00:26"
    );
    let hbf = &stops[1];
    assert_eq!(hbf.departure.scheduled.as_deref(), Some("23:52"));
    assert_eq!(
        hbf.departure.expected.as_deref(),
        Some("00:26"),
        "past midnight"
    );
    assert_eq!(hbf.delay, Some(34));
    assert_eq!(hbf.code.as_deref(), Some("8011160"));
    assert_eq!(hbf.lat, Some(52.524924));
    let sk = &stops[2];
    assert_eq!(
        (sk.platform.as_deref(), sk.planned_platform.as_deref()),
        (Some("5"), Some("4"))
    );
    let halle = &stops[3];
    assert!(halle.cancelled && halle.delay.is_none() && halle.departure.expected.is_none());
    let erfurt = &stops[4];
    assert_eq!(
        erfurt.delay, None,
        "a null delay is no realtime, though a time is given"
    );
    assert_eq!(erfurt.departure.expected, None);
    let munich = &stops[5];
    assert!(munich.departure.is_empty());
    assert_eq!(munich.delay, Some(30));
    // The library's bare trip reads the same; garbage is an error.
    assert_eq!(parse_trip(br#"{"stopovers": []}"#, now).unwrap(), vec![]);
    assert!(parse_trip(b"<html>", now).is_err());
}

#[test]
fn seconds_cancellations_platform_changes_and_midnight() {
    let board = parse_board(&crate::test_support::fixture(FIXTURE)).unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(station.name, "Berlin Hbf");
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(codes, ["ICE 1007", "RE 3125", "S 5", "ICE 1609"]);
    assert_eq!(
        (
            d[0].scheduled_dep.as_str(),
            d[0].delay,
            d[0].expected_dep.as_deref()
        ),
        ("23:52", Some(34), Some("00:26")),
        "2040 s"
    );
    assert_eq!(
        (d[1].platform.as_deref(), d[1].planned_platform.as_deref()),
        (Some("12"), Some("11"))
    );
    assert_eq!(
        (d[2].delay, d[2].expected_dep.as_deref()),
        (None, None),
        "null delay: no realtime"
    );
    assert!(d[3].cancelled && d[3].delay.is_none());
    assert_eq!(
        d[3].platform.as_deref(),
        Some("14"),
        "the planned platform when there is no actual one"
    );
    assert_eq!(d[0].line, "ICE 1007");
    assert_eq!(
        d[0].via,
        ["Berlin Südkreuz", "Halle (Saale) Hbf", "Erfurt Hbf"],
        "nextStopovers after this station, without the destination"
    );
    assert_eq!(
        d[0].messages,
        ["Halt entfällt", "Replacement train"],
        "a warning's summary, a status remark's text; hints left out"
    );
    assert_eq!(
        d[0].message_languages,
        [Some("de".into()), Some("de".into())]
    );
    assert!(d[1].via.is_empty() && d[1].messages.is_empty());
}

/// DB Navigator's shape of trip id: `|`, `#` and two spaces.
const T571: &str = "2|#VN#1#ST#1764000000#PI#0#ZI#571#TA#0#DA#241126#1S#8002549#1T#900#LS#\
                    8000261#LT#1530#PU#80#RT#1#CA#ICE#ZE#571#ZB#ICE  571#PC#0#FR#8002549#FT#\
                    900#TO#8000261#TT#1530#";

/// Every row of any station's board names its trip in its train id; a row without a trip
/// has none. The trip id comes back whole, and nothing else passes for one.
#[test]
fn a_rows_train_id_is_its_trip_and_only_a_trip_id_comes_back() {
    let board = parse_board(&crate::test_support::fixture(
        "germany/departures-hamburg-hbf.json",
    ))
    .unwrap();
    let d = &board.departures;
    assert_eq!(d.len(), 9);
    let id = format!("germany-trip-{T571}");
    assert_eq!(d[0].train_id.as_deref(), Some(id.as_str()));
    assert_eq!(trip_of(&id).unwrap(), Some(T571));
    assert_eq!(
        d[0].via,
        ["Hannover Hbf", "Frankfurt(Main)Hbf"],
        "db-rest's selection"
    );
    assert_eq!(d[8].train_id, None, "no tripId");
    // The hub's trains keep their ids; a bahn.de trip id, dated, is no hub id.
    assert_eq!(trip_of("germany-20261124-ICE 1007").unwrap(), None);
    let dated = "germany-trip-20250321-69f912f7-2b47-3ffd-b00f-708e8c568f6b";
    assert_eq!(
        trip_of(dated).unwrap(),
        Some("20250321-69f912f7-2b47-3ffd-b00f-708e8c568f6b")
    );
    assert!(crate::upstream::board_train_id(COUNTRY.slug, dated).is_none());
    for bad in [
        "germany-trip-".to_string(),
        "germany-trip-a\u{7}b".to_string(),
        "germany-trip- padded".to_string(),
        format!("germany-trip-{}", "x".repeat(MAX_TRIP_CHARS + 1)),
    ] {
        assert!(
            matches!(trip_of(&bad), Err(SourceError::BadRequest(_))),
            "{bad:?}"
        );
    }
    assert_eq!(trip_train_id(&"x".repeat(MAX_TRIP_CHARS + 1)), None);
    assert!(trip_train_id(&"x".repeat(MAX_TRIP_CHARS))
        .is_some_and(|id| id.chars().count() == railtop_core::text::MAX_FIELD_CHARS));
    // In a URL's path, escaped whole: a space is %20 (never +), a slash is no path.
    assert_eq!(path_segment("1|2 #/?%+ü"), "1%7C2%20%23%2F%3F%25%2B%C3%BC");
    assert!(trip_path(T571).starts_with("/trips/2%7C%23VN%231%23ST%23"));
    assert!(trip_path(T571).contains("%23ZB%23ICE%20%20571%23"));
}

/// A trip asked by its id alone makes the train's record: the line's product and number,
/// its operator, the run's ends.
#[test]
fn a_trip_alone_is_a_journey() {
    let now: DateTime<Utc> = "2026-11-24T09:30:00Z".parse().unwrap(); // 10:30 in Hamburg
    let id = format!("germany-trip-{T571}");
    let j = parse_trip_journey(
        &crate::test_support::fixture("germany/trip-ice-571.json"),
        &id,
        now,
    )
    .unwrap();
    assert_eq!(j.train.id, id);
    assert_eq!(j.train.train_code, "ICE 571");
    assert_eq!(j.train.name, "ICE 571 → München Hbf");
    assert_eq!(j.train.operator.as_deref(), Some("DB Fernverkehr AG"));
    assert_eq!(j.train.from.as_deref(), Some("Hamburg Hbf"));
    assert_eq!(j.train.next_station.as_deref(), Some("Göttingen"));
    assert_eq!(j.stops.len(), 6);
    assert_eq!(j.stops[2].code.as_deref(), Some("8000128"));
}

#[test]
fn the_bare_list_form_is_read_too() {
    let wrapped: serde_json::Value =
        serde_json::from_slice(&crate::test_support::fixture(FIXTURE)).unwrap();
    let bare = serde_json::to_vec(&wrapped["departures"]).unwrap();
    assert_eq!(parse_board(&bare).unwrap().departures.len(), 4);
}

#[test]
fn a_null_direction_falls_back_to_the_destination_stop() {
    let board = parse_board(&crate::test_support::fixture(
        "germany/departures-null-direction.json",
    ))
    .unwrap();
    let to: Vec<&str> = board
        .departures
        .iter()
        .map(|d| d.destination.as_str())
        .collect();
    assert_eq!(
        to,
        ["Bad Soden(Taunus)", "Wiesbaden Hbf", ""],
        "direction null → destination.name; neither → empty, never a panic"
    );
    assert_eq!(board.departures[0].messages, ["Ersatzverkehr mit Bussen"]);
}

#[test]
fn eva_numbers() {
    assert!(is_eva("8011160"));
    assert!(!is_eva("8503000"));
}

#[test]
fn remarks_are_plain_text_in_german_and_hints_are_no_reasons() {
    let d = parse_board(&crate::test_support::fixture(
        "germany/departures-remarks.json",
    ))
    .unwrap();
    let said: Vec<Vec<&str>> = d
        .departures
        .iter()
        .map(|r| r.messages.iter().map(String::as_str).collect())
        .collect();
    assert_eq!(
        said,
        [
            vec![
                "Verspätung eines vorausfahrenden Zuges",
                "Bauarbeiten zwischen Berlin und Halle (Saale)"
            ],
            vec![
                "Die Züge fahren Berlin Hbf > Potsdam Hbf > Brandenburg Hbf im \
                  30-Minuten-Takt, zusätzlich ohne Halt in Berlin-Wannsee. bahn.de/baustellen"
            ],
            vec!["S7: Fällt aus", "Halt entfällt"],
            vec!["Störung."],
        ],
        "a warning's summary, else its HTML text made plain; bicycles, catering and \
         accessibility hints are no reasons"
    );
    for row in &d.departures {
        for m in &row.messages {
            assert!(!m.contains('<') && !m.contains("&nbsp;"), "{m}");
        }
        assert!(row
            .message_languages
            .iter()
            .all(|l| l.as_deref() == Some("de")));
    }
}
