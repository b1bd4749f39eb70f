//! France's unit tests (Navitia's boards, arrivals and vehicle journeys), beside its code as every
//! feed's are.

use super::*;

#[test]
fn local_times_realtime_only_delays_and_cancellations_through_disruptions() {
    let board = parse_board(&crate::test_support::fixture(
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
    assert_eq!(d[2].message_languages, [Some("fr".into())], "SNCF's words");
    assert!(d[0].messages.is_empty());
    // Each row with a vehicle journey names it in its train id; the one without has none.
    assert_eq!(
        d[0].train_id.as_deref(),
        Some("france-SNCF:2026-11-24:133627:1187:RapidTransit")
    );
    assert_eq!(d[1].train_id, None);
}

/// A board of any station (Lille Flandres, not the hub): each row's train id is its vehicle
/// journey; a `REDUCED_SERVICE` run says so with its disruption's text (French) and railtop's
/// "partly cancelled" naming the stops it leaves out (English); a run that leaves out this
/// very station does not leave from here; a vehicle journey id not of Navitia's shape gives
/// the row no train id.
#[test]
fn any_boards_rows_name_their_runs_and_a_reduced_service_is_partly_cancelled() {
    let board = parse_board(&crate::test_support::fixture(
        "france/departures-lille-flandres.json",
    ))
    .unwrap();
    let d = &board.departures;
    assert_eq!(board.station.name, "Lille Flandres");
    assert_eq!(d.len(), 4);
    let ter = &d[0];
    assert_eq!(
        ter.train_id.as_deref(),
        Some("france-SNCF:2026-11-24:841201:1187:Train")
    );
    assert!(!ter.cancelled);
    assert_eq!(
        (ter.delay, ter.expected_dep.as_deref()),
        (Some(5), Some("10:07"))
    );
    assert_eq!(
        ter.messages,
        [
            "Défaillance de matériel",
            "partly cancelled: no stop at Douai, Arras"
        ]
    );
    assert_eq!(
        ter.message_languages,
        [Some("fr".into()), Some("en".into())]
    );
    let tgv = &d[1];
    assert!(tgv.messages.is_empty() && !tgv.cancelled);
    assert_eq!(
        tgv.train_id.as_deref(),
        Some("france-SNCF:2026-11-24:7200:1187:LongDistanceTrain")
    );
    let cut = &d[2];
    assert!(cut.cancelled && cut.delay.is_none() && cut.expected_dep.is_none());
    assert_eq!(
        cut.messages,
        [
            "Travaux : terminus avancé",
            "partly cancelled: no stop at Lille Flandres"
        ]
    );
    assert_eq!(d[3].train_id, None, "a vehicle journey id with / and ?");
}

#[test]
fn train_ids_carry_the_vehicle_journey_and_refuse_anything_else() {
    let vj = "vehicle_journey:SNCF:2026-11-24:841201:1187:Train";
    let id = vj_train_id(vj).unwrap();
    assert_eq!(id, "france-SNCF:2026-11-24:841201:1187:Train");
    assert_eq!(vj_of(&id).unwrap().as_deref(), Some(vj));
    assert_eq!(day_of(vj), NaiveDate::from_ymd_opt(2026, 11, 24));
    assert_eq!(day_of("vehicle_journey:x"), None);
    // A hub train's id is the other form.
    assert_eq!(vj_of("france-20261124-TRANSILIEN 133627").unwrap(), None);
    // Nothing that could reach another path, a query or a fragment, nothing too long.
    for bad in [
        "france-SNCF:2026-11-24:1/../../stop_areas",
        "france-SNCF:x?count=1000",
        "france-SNCF:x#y",
        "france-SNCF:x%2F",
        "france-SNCF x",
        "france-",
        "france",
        "fr-SNCF:1",
    ] {
        assert!(
            matches!(vj_of(bad), Err(SourceError::BadRequest(_))),
            "{bad}"
        );
    }
    let long = format!("france-{}", "1".repeat(MAX_VJ_CHARS));
    assert!(vj_of(&long).is_err());
    assert_eq!(vj_train_id("stop_point:SNCF:87286005:Train"), None);
    assert_eq!(vj_train_id(&format!("{VJ}a/b")), None);
    assert_eq!(
        vj_train_id("vehicle_journey:20261124-1"),
        None,
        "it would read as a hub train's id"
    );
}

/// The run of a board's row, by its vehicle journey alone: its number, its deleted stops and
/// the disruption's French text.
#[test]
fn a_reduced_service_run_is_partly_cancelled_in_its_journey() {
    let now: DateTime<Utc> = "2026-11-24T08:50:00Z".parse().unwrap();
    let run = parse_vehicle_journey(
        &crate::test_support::fixture("france/vehicle-journey-841201.json"),
        day(),
        now,
    )
    .unwrap();
    assert_eq!(run.code, "841201");
    assert!(!run.cancelled && run.partly_cancelled);
    assert_eq!(run.messages, ["Défaillance de matériel"]);
    assert_eq!(run.message_languages, ["fr"]);
    let cancelled: Vec<bool> = run.stops.iter().map(|s| s.cancelled).collect();
    assert_eq!(cancelled, [false, true, true, false]);
    assert_eq!(run.stops[3].arrival.expected.as_deref(), Some("11:42"));
    let Journey { mut train, .. } = Journey::of_stops(
        "france-SNCF:2026-11-24:841201:1187:Train",
        run.code.clone(),
        COUNTRY.slug,
        run.stops.clone(),
    );
    run.tell(&mut train);
    assert!(train.partly_cancelled);
    assert_eq!(train.message_languages, [Some("fr".into())]);
    assert_eq!(train.name, "841201 → Amiens");
}

/// `/arrivals`: the arrival's times in the row's time places, the origin left for the run's
/// calls (Navitia's `direction` is the terminus, here this very station).
#[test]
fn arrivals_are_timed_by_their_arrival_and_named_by_their_run() {
    let board = parse_arrivals(&crate::test_support::fixture(
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
    let calls = parse_calls(&crate::test_support::fixture(
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
    let departures = crate::test_support::fixture("france/departures-saint-lazare.json");
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
        &crate::test_support::fixture("france/vehicle-journey-133627.json"),
        day(),
        now,
    )
    .unwrap();
    assert!(!run.cancelled && run.partly_cancelled);
    assert_eq!(
        run.messages,
        ["Arrêt non desservi à Sartrouville : incident technique"]
    );
    assert_eq!(run.message_languages, ["fr"]);
    assert_eq!(run.code, "133627");
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
        &crate::test_support::fixture("france/vehicle-journey-3113.json"),
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
    assert_eq!(run.message_languages, ["en"], "Navitia's severity names");
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
