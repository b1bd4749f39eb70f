//! The Netherlands' unit tests (NS's boards, journeys and stations), beside its code as every
//! feed's are.

use super::*;

/// NS's arrivals as its published schema shapes them: each from its `origin`, late by
/// its actual time, its messages (a cancellation's reason) kept.
#[test]
fn arrivals_come_from_their_origin_with_their_messages() {
    let board = parse_arrivals(&crate::test_support::fixture(
        "netherlands/arrivals-ut.json",
    ))
    .unwrap();
    let rows: Vec<(&str, Option<i64>, bool)> = board
        .departures
        .iter()
        .map(|d| (d.destination.as_str(), d.delay, d.cancelled))
        .collect();
    assert_eq!(
        rows,
        [
            ("Amsterdam Centraal", Some(4), false),
            ("Zwolle", None, true)
        ]
    );
    assert_eq!(board.departures[0].via, ["Amsterdam Amstel"]);
    assert_eq!(
        board.departures[1].messages,
        ["Rijdt niet vanwege een defecte trein"]
    );
}

#[test]
fn a_journey_is_the_stops_the_train_calls_at() {
    let now: DateTime<Utc> = "2026-11-24T08:10:00Z".parse().unwrap(); // 09:10 in Utrecht
    let stops = parse_journey(
        &crate::test_support::fixture("netherlands/journey-8824.json"),
        now,
    )
    .unwrap();
    let names: Vec<_> = stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Utrecht Centraal",
            "Woerden",
            "Bodegraven",
            "Alphen a/d Rijn",
            "Leiden Centraal"
        ],
        "Vleuten is passed through"
    );
    assert!(stops[0].passed && stops[1].passed && !stops[3].passed);
    let woerden = &stops[1];
    assert_eq!(woerden.departure.expected.as_deref(), Some("09:08"));
    assert_eq!(woerden.delay, Some(2));
    assert_eq!(
        (
            woerden.platform.as_deref(),
            woerden.planned_platform.as_deref()
        ),
        (Some("3"), Some("2"))
    );
    assert_eq!(woerden.code.as_deref(), Some("8400691"));
    assert!(stops[2].cancelled && stops[2].delay.is_none());
    assert!(stops[4].departure.is_empty());
    assert_eq!(stops[4].platform.as_deref(), Some("8a"));
    assert!(parse_journey(b"{}", now).is_err());
}

#[test]
fn codes_from_padded_names_computed_delays_tracks_via_and_messages() {
    let d = parse_board(&crate::test_support::fixture(
        "netherlands/departures-ut.json",
    ))
    .unwrap()
    .departures;
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(codes, ["IC 8824", "SPR 7427", "IC 3124"]);
    assert_eq!(
        (d[0].delay, d[0].expected_dep.as_deref()),
        (Some(0), Some("08:55"))
    );
    assert_eq!(d[1].delay, Some(2), "08:56:34 is 1.6 min late: 2");
    assert_eq!(
        (d[1].platform.as_deref(), d[1].planned_platform.as_deref()),
        (Some("14"), Some("15"))
    );
    assert!(d[2].cancelled && d[2].delay.is_none());
    assert_eq!(d[0].via, ["Woerden", "Alphen a/d Rijn"]);
    assert_eq!(
        d[0].messages,
        ["Stopt ook in Woerden, Bodegraven, Lammenschans"]
    );
    assert_eq!(
        d[0].message_languages,
        [Some("nl".to_string())],
        "NS's Dutch"
    );
    // Each row's stops by UIC number, in the rows' order, for the disruptions.
    let (_, passes) = read_departures(&crate::test_support::fixture(
        "netherlands/departures-ut.json",
    ))
    .unwrap();
    assert_eq!(
        passes,
        [vec!["8400741", "8400053"], vec![], vec!["8400074"]]
    );
    assert_eq!(d[0].operator.as_deref(), Some("NS"));
    assert_eq!(d[0].scheduled_dep, "08:55");
}
