//! Ireland's unit tests (Irish Rail's trains, boards, messages and movements), beside its code as
//! every feed's are.

use super::*;

fn fixture(name: &str) -> Vec<u8> {
    crate::test_support::fixture(&format!("ireland/{name}"))
}

#[test]
fn a_day_counted_into_the_delay_is_taken_out_where_certain() {
    let m = |text: &str| parse_message(text).delay;
    assert_eq!(
        m("E133\\n22:33 - Malahide to Greystones (1440 mins late)\\nDeparted Bray next stop Greystones"),
        Some(0)
    );
    assert_eq!(
        m("E848\\n22:39 - Bray to Malahide (1448 mins late)\\nDeparted Portmarnock next stop Malahide"),
        Some(8)
    );
    assert_eq!(
        m("A1\\n06:00 - Cork to Dublin Heuston (-1437 mins late)\\n"),
        Some(3)
    );
    assert_eq!(
        m("A2\\n06:00 - Cork to Dublin Heuston (700 mins late)\\n"),
        Some(700),
        "not near a whole day: left to the shared bound"
    );
    assert_eq!(
        m("A3\\n06:00 - Cork to Dublin Heuston (9223372036854775807 mins late)\\n"),
        Some(i64::MAX),
        "no overflow; the shared bound drops it"
    );
    assert_eq!(
        m("A4\\n06:00 - Cork to Dublin Heuston (-9223372036854775808 mins early)\\n"),
        None,
        "minus i64::MIN does not exist"
    );
}

#[test]
fn public_messages_give_route_delay_and_next_stop() {
    let m = parse_message("A216\\n17:00 - Dublin Heuston to Cork (7 mins late)\\nDeparted Thurles next stop Limerick Junction");
    assert_eq!(m.origin_time.as_deref(), Some("17:00"));
    assert_eq!(
        (m.from.as_deref(), m.to.as_deref()),
        (Some("Dublin Heuston"), Some("Cork"))
    );
    assert_eq!(m.delay, Some(7));
    assert_eq!(m.next_stop.as_deref(), Some("Limerick Junction"));
    let m = parse_message(
        "E911\\n17:10 - Bray to Malahide(1 mins late)\\nTERMINATED Malahide at 18:23",
    );
    assert_eq!(
        (m.to.as_deref(), m.delay, m.next_stop),
        (Some("Malahide"), Some(1), None)
    );
    assert_eq!(
        parse_message("E218\\n17:35 - Malahide to Greystones (-2 mins late)\\n").delay,
        Some(-2)
    );
    let m = parse_message("P680\\nDublin Connolly to Maynooth\\nExpected Departure 18:45");
    assert_eq!(
        (m.origin_time, m.to.as_deref(), m.delay),
        (None, Some("Maynooth"), None)
    );
    assert_eq!(parse_message(""), Message::default());
}

#[test]
fn positions_status_and_zero_zero() {
    let t = parse_trains(&fixture("current-trains.xml")).unwrap();
    assert_eq!(t.len(), 5);
    let a = &t[0];
    assert_eq!(
        (a.train_code.as_str(), a.name.as_str()),
        ("A216", "A216 → Cork")
    );
    assert_eq!((a.lat, a.lng), (Some(52.6765), Some(-7.81446)));
    assert_eq!((a.status.as_str(), a.delay), ("running", Some(7)));
    assert_eq!(a.id, "ie-20261124-A216");
    assert_eq!(t[1].delay, Some(-2), "early");
    assert_eq!(t[2].status, "arrived");
    assert_eq!(
        (t[3].status.as_str(), t[3].lat, t[3].delay),
        ("scheduled", None, None),
        "N and 0/0"
    );
    assert_eq!(
        (t[4].status.as_str(), t[4].lat, t[4].delay),
        ("running", None, Some(0)),
        "running without a fix"
    );
    assert_eq!(t[4].next_station.as_deref(), Some("Skerries"));
}

/// Arrivals are the trains that stop or end here, from their origin, at their arrival
/// times; the one that starts here is no arrival.
#[test]
fn arrivals_are_the_trains_that_do_not_start_here() {
    let board = parse_arrivals(&crate::test_support::fixture(
        "ireland/station-data-CNLLY.xml",
    ))
    .unwrap();
    let rows: Vec<(&str, &str, Option<&str>)> = board
        .departures
        .iter()
        .map(|d| {
            let code = d.train_code.as_deref().unwrap_or("");
            (code, d.destination.as_str(), d.expected_dep.as_deref())
        })
        .collect();
    assert_eq!(rows.len(), 3, "{rows:?}");
    assert!(rows.contains(&("A961", "Sligo", None)), "{rows:?}");
    assert!(!rows.iter().any(|r| r.0 == "P999"), "starts here: {rows:?}");
    let e999 = board
        .departures
        .iter()
        .find(|d| d.train_code.as_deref() == Some("E999"));
    assert_eq!(e999.unwrap().scheduled_dep, "23:49", "its arrival time");
}

#[test]
fn board_orders_by_due_and_drops_terminating_trains() {
    let board = parse_board(&fixture("station-data-CNLLY.xml")).unwrap();
    let (station, d) = (board.station, board.departures);
    assert_eq!(station.name, "Dublin Connolly");
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(
        codes,
        ["E998", "E999", "P999"],
        "trimmed, ordered by Duein, A961 ends here"
    );
    assert_eq!(
        (d[0].delay, d[0].expected_dep.as_deref()),
        (Some(-1), Some("23:50"))
    );
    assert_eq!(
        (d[1].scheduled_dep.as_str(), d[1].delay),
        ("23:50", Some(2))
    );
    assert_eq!(
        (
            d[2].scheduled_dep.as_str(),
            d[2].delay,
            d[2].expected_dep.as_deref()
        ),
        ("00:15", None, None),
        "No Information"
    );
    assert_eq!(d[1].line, "DART");
}

#[test]
fn broken_xml_is_an_error() {
    assert!(
        parse_trains(b"<ArrayOfObjTrainPositions><objTrainPositions><TrainCode>A</x>").is_err()
    );
}

#[test]
fn a_runs_movements_are_its_journey() {
    let j = parse_movements(&fixture("train-movements-A216.xml"), "ie-20261124-A216")
        .unwrap()
        .unwrap();
    let names: Vec<&str> = j.stops.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Dublin Heuston",
            "Portlaoise",
            "Thurles",
            "Limerick Junction",
            "Mallow",
            "Cork"
        ],
        "the timing point at Inchicore is no stop"
    );
    assert_eq!(j.train.train_code, "A216");
    assert_eq!(j.train.status, status::RUNNING);
    assert_eq!(j.train.next_station.as_deref(), Some("Limerick Junction"));
    assert_eq!(j.train.delay, Some(7), "left Thurles at 18:34 for 18:27");
    let thurles = &j.stops[2];
    assert!(thurles.passed);
    assert_eq!(
        thurles.departure.expected.as_deref(),
        Some("18:34"),
        "the actual time wins"
    );
    let lj = &j.stops[3];
    assert!(!lj.passed);
    assert_eq!(
        (
            lj.arrival.scheduled.as_deref(),
            lj.arrival.expected.as_deref(),
            lj.delay
        ),
        (Some("18:45"), Some("18:52"), Some(7))
    );
    assert!(j.stops[0].arrival.is_empty(), "00:00:00 is no time");
    assert!(j.stops[5].departure.is_empty());
    assert_eq!(j.stops[3].code.as_deref(), Some("LMRKJ"));
    assert!(j.stops[3].lat.is_some(), "placed from the station list");
    assert_eq!(
        parse_movements(b"<ArrayOfObjTrainMovements/>", "ie-x").unwrap(),
        None
    );
}

#[test]
fn a_run_past_midnight_rolls_on() {
    let xml = br#"<ArrayOfObjTrainMovements xmlns="http://api.irishrail.ie/realtime/">
      <objTrainMovements><TrainCode>D999</TrainCode><TrainDate>24 Nov 2026</TrainDate>
        <LocationCode>CNLLY</LocationCode><LocationFullName>Dublin Connolly</LocationFullName>
        <LocationType>O</LocationType><ScheduledArrival>00:00:00</ScheduledArrival>
        <ScheduledDeparture>23:50:00</ScheduledDeparture><Departure>00:02:00</Departure></objTrainMovements>
      <objTrainMovements><TrainCode>D999</TrainCode><TrainDate>24 Nov 2026</TrainDate>
        <LocationCode>MHIDE</LocationCode><LocationFullName>Malahide</LocationFullName>
        <LocationType>D</LocationType><ScheduledArrival>00:15:00</ScheduledArrival>
        <ScheduledDeparture>00:00:00</ScheduledDeparture></objTrainMovements>
    </ArrayOfObjTrainMovements>"#;
    let j = parse_movements(xml, "ie-20261124-D999").unwrap().unwrap();
    assert_eq!(
        j.stops[1].arrival.scheduled_at.as_deref(),
        Some("2026-11-25T00:15:00+00:00")
    );
    assert_eq!(
        j.stops[0].delay,
        Some(12),
        "left after midnight, 12 minutes late"
    );
}
