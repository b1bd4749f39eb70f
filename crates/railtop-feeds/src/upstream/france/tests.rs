//! france.rs's unit tests, kept beside it so the module reads as the code alone.

use super::*;

#[test]
fn local_times_realtime_only_delays_and_cancellations_through_disruptions() {
    let board = parse_board(&crate::upstream::fixture(
        "france/departures-saint-lazare.json",
    ))
    .unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(station.name, "Paris Saint-Lazare");
    assert_eq!(d.len(), 3);
    assert_eq!(
        (
            d[0].line.as_str(),
            d[0].destination.as_str(),
            d[0].scheduled_dep.as_str()
        ),
        ("L", "Versailles Rive Droite", "17:23")
    );
    assert_eq!(
        (d[0].delay, d[0].expected_dep.as_deref()),
        (Some(4), Some("17:27"))
    );
    assert_eq!(d[0].train_code.as_deref(), Some("TRANSILIEN 133627"));
    assert_eq!(
        d[1].delay, None,
        "base_schedule: no realtime even if the times differ"
    );
    assert!(d[2].cancelled && d[2].delay.is_none());
    assert_eq!(d[2].messages, ["Train supprimé : mouvement social"]);
    assert!(d[0].messages.is_empty());
}

/// `/arrivals`: the arrival's times in the row's time places, the origin left for the run's
/// calls (Navitia's `direction` is the terminus, here this very station).
#[test]
fn arrivals_are_timed_by_their_arrival_and_named_by_their_run() {
    let board = parse_arrivals(&crate::upstream::fixture(
        "france/arrivals-saint-lazare.json",
    ))
    .unwrap();
    assert_eq!(board.station.name, "Paris Saint-Lazare");
    let rows: Vec<(&str, Option<i64>, &str)> = board
        .departures
        .iter()
        .map(|d| (d.scheduled_dep.as_str(), d.delay, d.destination.as_str()))
        .collect();
    assert_eq!(
        rows,
        vec![
            ("17:10", Some(5), ""),
            ("17:20", None, ""),
            ("17:24", Some(0), "")
        ]
    );
    assert_eq!(
        board.departures[0].messages,
        ["Retard : incident de signalisation"]
    );
    let calls = parse_calls(&crate::upstream::fixture(
        "france/vehicle-journey-3114.json",
    ))
    .unwrap();
    let mut row = board.departures[0].clone();
    arriving_from(&mut row, &calls, "87384008");
    assert_eq!(row.destination, "Le Havre");
    assert_eq!(row.via, ["Rouen Rive Droite", "Mantes-la-Jolie"]);
    // A run that does not name this station: its origin, and no via stops to guess.
    arriving_from(&mut row, &calls, "87000000");
    assert_eq!((row.destination.as_str(), row.via.len()), ("Le Havre", 0));
    // A departures answer has no arrivals.
    let departures = crate::upstream::fixture("france/departures-saint-lazare.json");
    assert!(parse_arrivals(&departures).unwrap().departures.is_empty());
}

#[test]
fn the_key_is_the_basic_user_name() {
    assert_eq!(basic_auth("abc"), "Basic YWJjOg==");
    assert_eq!(without_town("Cergy le Haut (Cergy)"), "Cergy le Haut");
    assert_eq!(without_town("Gisors"), "Gisors");
    assert_eq!(
        navitia_time("20260701T120000")
            .map(|t| t.to_rfc3339())
            .as_deref(),
        Some("2026-07-01T10:00:00+00:00")
    );
}
fn day() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 11, 24).unwrap()
}

#[test]
fn a_journey_reads_its_disruptions_stop_by_stop() {
    let now: DateTime<Utc> = "2026-11-24T16:37:00Z".parse().unwrap(); // 17:37 in Paris
    let run = parse_vehicle_journey(
        &crate::upstream::fixture("france/vehicle-journey-133627.json"),
        day(),
        now,
    )
    .unwrap();
    assert!(!run.cancelled && run.partly_cancelled);
    assert_eq!(
        run.messages,
        ["Arrêt non desservi à Sartrouville : incident technique"]
    );
    let names: Vec<&str> = run.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names[0], "Paris Saint-Lazare");
    assert_eq!(run.stops.len(), 5);
    let houilles = &run.stops[1];
    assert_eq!(houilles.code.as_deref(), Some("87381137"));
    assert_eq!(
        (
            houilles.arrival.scheduled.as_deref(),
            houilles.arrival.expected.as_deref(),
            houilles.delay
        ),
        (Some("17:34"), Some("17:38"), Some(4))
    );
    assert!(houilles.lat.is_some_and(|l| (l - 48.925).abs() < 1e-9));
    assert!(run.stops[2].cancelled && run.stops[2].delay.is_none());
    assert!(run.stops[0].passed && !run.stops[3].passed);
    assert_eq!(run.stops[4].departure.scheduled, None, "the terminus");
}

#[test]
fn a_cancelled_run_past_midnight_says_why_in_its_severity() {
    let now: DateTime<Utc> = "2026-11-24T20:00:00Z".parse().unwrap();
    let run = parse_vehicle_journey(
        &crate::upstream::fixture("france/vehicle-journey-3113.json"),
        day(),
        now,
    )
    .unwrap();
    assert!(run.cancelled && !run.partly_cancelled);
    assert_eq!(
        run.messages,
        ["Trip canceled"],
        "no text: the severity's name"
    );
    assert!(run
        .stops
        .iter()
        .all(|s| s.cancelled && s.departure.expected.is_none()));
    assert_eq!(
        run.stops[2].arrival.scheduled_at.as_deref(),
        Some("2026-11-25T01:35:00+01:00"),
        "past midnight, the next day"
    );
    assert!(parse_vehicle_journey(b"{}", day(), now).is_err());
}
