use super::*;

fn fixture(name: &str) -> Vec<u8> {
    crate::upstream::fixture(&format!("ireland/{name}"))
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

#[test]
fn board_orders_by_due_and_drops_terminating_trains() {
    let (name, d) = parse_board(&fixture("station-data-CNLLY.xml")).unwrap();
    assert_eq!(name.as_deref(), Some("Dublin Connolly"));
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
