use super::*;

fn fixture(name: &str) -> Vec<u8> {
    crate::upstream::fixture(&format!("finland/{name}"))
}

fn names() -> Names {
    parse_stations(&fixture("metadata-stations.json")).unwrap()
}

fn trains() -> Vec<Train> {
    parse_trains(
        &fixture("live-trains.json"),
        &fixture("train-locations.json"),
        &names(),
    )
    .unwrap()
}

#[test]
fn station_names_drop_asema() {
    let n = names();
    assert_eq!(n["HKI"], "Helsinki");
    assert_eq!(n["KLH"], "Kirkkonummi");
}

#[test]
fn positions_are_joined_and_geojson_is_lon_lat() {
    let t = trains();
    let ic = t.iter().find(|t| t.train_code == "IC 27").unwrap();
    assert_eq!((ic.lat, ic.lng), (Some(60.24101), Some(24.95853)));
    assert_eq!(ic.name, "IC 27 → Tampere");
    assert_eq!(ic.status, "running");
    assert_eq!(ic.delay, Some(2), "the last event that happened");
    assert_eq!(
        ic.next_station.as_deref(),
        Some("Tikkurila"),
        "non-stopping rows skipped"
    );
    assert_eq!(ic.platform.as_deref(), Some("1"));
    assert_eq!(ic.scheduled_dep.as_deref(), Some("21:57"), "Helsinki time");
    assert_eq!(ic.operator.as_deref(), Some("VR"));
    assert_eq!(ic.last_updated.as_deref(), Some("2026-11-24T20:06:01.000Z"));
    assert_eq!(ic.id, "fi-2026-11-24-27");
    assert_eq!(ic.speed, Some(120.0), "km/h from the location message");
}

#[test]
fn commuter_trains_use_their_line_letter() {
    let t = trains();
    let r = t.iter().find(|t| t.id == "fi-2026-11-24-9623").unwrap();
    assert_eq!(r.train_code, "R 9623");
    assert_eq!(r.to.as_deref(), Some("Riihimäki"));
    assert!(r.has_position());
}

#[test]
fn cancelled_and_unplaced_trains() {
    let t = trains();
    let u = t.iter().find(|t| t.train_code == "U 8462").unwrap();
    assert_eq!(u.status, "cancelled");
    assert_eq!((u.delay, u.lat), (None, None));
    assert!(
        !t.iter().any(|t| t.train_code == "S 85"),
        "not running, not placed: not listed"
    );
    assert!(
        !t.iter().any(|t| t.id.ends_with("-99999")),
        "a position without a train is dropped"
    );
    assert_eq!(t.len(), 3);
}

#[test]
fn board_skips_departed_orders_and_rolls_over_midnight() {
    let now: DateTime<Utc> = "2026-11-24T21:50:00Z".parse().unwrap();
    let d = parse_board(
        &fixture("live-trains-station-HKI.json"),
        "HKI",
        &names(),
        now,
    )
    .unwrap();
    let codes: Vec<_> = d.iter().map(|d| d.train_code.clone().unwrap()).collect();
    assert_eq!(
        codes,
        ["U 8499", "IC 77", "IC 79"],
        "the departed R is gone"
    );
    assert!(d[0].cancelled && d[0].delay.is_none() && d[0].expected_dep.is_none());
    assert_eq!(d[0].destination, "Kirkkonummi");
    assert_eq!(
        (
            d[1].scheduled_dep.as_str(),
            d[1].expected_dep.as_deref(),
            d[1].delay
        ),
        ("23:57", Some("00:04"), Some(7))
    );
    assert_eq!(d[1].platform.as_deref(), Some("8"));
    assert_eq!(
        d[1].via,
        ["Pasila", "Tikkurila"],
        "passenger stops on the way; Kerava is passed without a commercial stop"
    );
    assert!(d[2].via.is_empty(), "straight to the destination");
    assert_eq!(d[2].scheduled_dep, "00:12", "past midnight, Helsinki time");
    assert_eq!(
        (d[2].delay, d[2].platform.as_deref()),
        (None, None),
        "no realtime, no track"
    );
    assert_eq!(d[2].line, "IC");
}

#[test]
fn garbage_is_an_error_not_a_panic() {
    assert!(parse_trains(b"<html>", b"[]", &names()).is_err());
    assert!(parse_board(b"{\"not\": \"a list\"}", "HKI", &names(), Utc::now()).is_err());
    assert!(parse_stations(b"").is_err());
}
